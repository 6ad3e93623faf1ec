# shellcheck shell=bash
# standin.bash -- a stand-in for Gradescope's /autograder on this machine,
# for gradescope.bats and bench-gradescope.bash: a zip unpacked as
# Gradescope unpacks it, and a command run with a folder bound at
# /autograder by bubblewrap.

# standin_unpack ZIP DIR: the zip's files into DIR/source, without their
# modes (an unzip may not keep them: setup.sh restores them), and
# run_autograder copied to DIR/, executable, as Gradescope's image build does.
standin_unpack() {
    python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$1" "$2/source"
    cp -- "$2/source/run_autograder" "$2/run_autograder" && chmod 755 "$2/run_autograder"
}

# standin ROOT [BWRAP-OPTION...] CMD...: CMD with ROOT as /autograder, in a
# root of its own (a tmpfs holding the host's top-level folders, bound), so
# that nothing is made on the host's / (binding over the host's own root
# would make /autograder there). Options before CMD are bubblewrap's, e.g.
# --ro-bind SOURCE /autograder/source.
standin() {
    local root=$1 entry args=(--tmpfs /)
    shift
    for entry in /*; do
        case $entry in /proc|/dev|/autograder) continue ;; esac
        if [[ -L $entry ]]; then args+=(--symlink "$(readlink -- "$entry")" "$entry"); else args+=(--bind "$entry" "$entry"); fi
    done
    bwrap "${args[@]}" --dev /dev --proc /proc --bind "$root" /autograder --chdir /autograder "$@"
}

# standin_setup DIR: setup.sh run in the stand-in of DIR as Gradescope runs
# it, with a stub apt-get that records its arguments in DIR/apt-get.log
# (the tools are this machine's); its output into DIR/setup.log.
standin_setup() {
    local stub
    stub=$(mktemp -d "${TMPDIR:-/tmp}/standin-stub.XXXXXX")
    printf '#!/bin/sh\necho "$*" >> /autograder/apt-get.log\n' > "$stub/apt-get"
    chmod 755 "$stub/apt-get"
    PATH=$stub:$PATH standin "$1" bash /autograder/source/setup.sh > "$1/setup.log" 2>&1 || {
        rm -rf -- "$stub"
        return 1
    }
    rm -rf -- "$stub"
}
