# shellcheck shell=bash
# shellcheck disable=SC2154,SC2034 # scripts/mark's globals: the options, the cases and
# the submissions, set in one of its files and read in another
# class-submissions.bash -- scripts/mark's submissions: named, copied
# (the ones whose key changed) and listed for the workers and the report.
# Sourced by scripts/mark after class-options.bash.

# name_submissions: the options' text (part of every key), and per
# submission its name and a folder name safe anywhere (a URL, a shell,
# another machine).
name_submissions() {
    mkdir -p "$output/submissions"
    output=$(realpath -- "$output")
    corpus_hash=$(mark_tree_hash "$cases")
    options_text=$(printf '%s\n' "program=$program" "profile=$profile" "compile=$compile" \
        "compile_timeout=$compile_timeout" "timeout=$timeout" "memcheck=$memcheck" \
        "categories=${wanted[*]}" "excluded=${excluded[*]}" "sandbox=$sandbox" "compare=$compare" \
        "old_standards=$old_standards" \
        "corpus=$corpus_hash" "tools=$(mark_tools_hash "$root")")
    local i submission name slug
    declare -gA slug_of=()
    names=() slugs=() todo=()
    for i in "${!submissions[@]}"; do
        submission=${submissions[i]} name=${taken_names[i]}
        [[ -d $submission ]] || die "'$submission' is not a folder (a submission is a folder of what was handed in)"
        slug=$(LC_ALL=C sed 's/[^A-Za-z0-9._-]/_/g; s/^[.-]/_/' <<<"$name")
        if [[ $slug != "$name" ]]; then
            slug+=-$(printf '%s' "$name" | sha256sum | cut -c1-8)
        fi
        [[ -z ${slug_of[$slug]:-} ]] || die "two submissions are named '$name'"
        slug_of[$slug]=$name
        names+=("$name") slugs+=("$slug")
    done
}

# copy_submissions: a fresh copy of each submission whose key changed (of
# the regular files and folders; links and special files are not
# followed: a link to /etc/shadow stays behind); `todo`, the ones to mark.
copy_submissions() {
    local i submission slug key dest
    refused=0
    for i in "${!submissions[@]}"; do
        submission=${submissions[i]} slug=${slugs[i]}
        key=$(printf '%s\nsources=%s\n%s' "$options_text" "$(mark_tree_hash "$submission")" \
            "${taken_keys[i]:+attempt=${taken_keys[i]}}" | sha256sum | cut -d' ' -f1)
        dest=$output/submissions/$slug
        if ((resume)) && [[ -f $dest/done && $(cat -- "$dest/done") == "$key" && -f $dest/result.tsv ]]; then
            continue
        fi
        rm -rf -- "$dest"
        mkdir -p "$dest/sources"
        printf '%s\n' "${names[i]}" > "$dest/name"
        if [[ ${taken_states[i]} != ok ]]; then # (a bad archive: its row, not marked)
            printf 'state\t%s\nreason\t%s\ncompiled\tno\n' "${taken_states[i]}" "${taken_reasons[i]}" > "$dest/result.tsv"
            printf '%s\n' "$key" > "$dest/done"
            refused=$((refused + 1))
            continue
        fi
        (
            cd "$submission" || exit 1
            find . -mindepth 1 -type d -print0 | while IFS= read -r -d '' d; do mkdir -p -- "$dest/sources/$d"; done
            find . -type f -print0 | while IFS= read -r -d '' f; do cp -p -- "$f" "$dest/sources/$f"; done
            find . -mindepth 1 ! -type f ! -type d -printf '%P\n' > "$dest/skipped.txt"
        )
        [[ -s $dest/skipped.txt ]] || rm -f -- "$dest/skipped.txt"
        printf '%s\n' "$key" > "$dest/key"
        todo+=("$slug")
    done
}

# write_lists: the cases, the categories and the submissions of the run,
# for the workers and the report.
write_lists() {
    printf '%s\n' "${ids[@]}" > "$output/cases.txt"
    {
        printf 'category\ttotal\n'
        printf '%s\n' "${ids[@]}" | sed 's|/.*||' | uniq -c | awk '{ print $2 "\t" $1 }'
    } > "$output/categories.tsv"
    {
        # (files_time: the newest modification time of a submission's
        # files, its time of submission when --submitted does not say)
        printf 'folder\tname\tfiles_time\n'
        for i in "${!slugs[@]}"; do
            printf '%s\t%s\t%s\n' "${slugs[i]}" "${names[i]}" "$(find "${submissions[i]}" -type f -printf '%T@\n' |
                sort -n | tail -n 1)"
        done
    } > "$output/run.tsv"
}
