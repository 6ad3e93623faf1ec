# shellcheck shell=bash
# path-without.bash -- a PATH from which one command is missing, for the
# tests that run check-engine and mark without bubblewrap (sandbox-fallback,
# ordinary-user, hostile/contain-as-user): the sandbox must then fall back
# to its limits.

# path_without COMMAND DEST PATH: fills folder DEST with a link to every
# command of PATH (a colon-separated list; the first of a name wins) but
# COMMAND, so that DEST alone is a PATH without it.
path_without() {
    local command=$1 dest=$2 dir file dirs
    mkdir -p -- "$dest"
    IFS=: read -ra dirs <<<"$3"
    for dir in "${dirs[@]}"; do
        for file in "$dir"/*; do
            [[ ${file##*/} != "$command" && -x $file && ! -e $dest/${file##*/} ]] || continue
            ln -s -- "$file" "$dest/${file##*/}"
        done
    done
}
