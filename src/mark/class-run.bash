# shellcheck shell=bash
# shellcheck disable=SC2154,SC2034 # scripts/mark's globals: the options, the cases and
# the submissions, set in one of its files and read in another
# class-run.bash -- scripts/mark's run: the workers (here or on the
# machines of --sshloginfile) under GNU parallel, the similarity check,
# the report and the feedback. Sourced by scripts/mark.

# worker_command: `worker` and `parallel_args`, on this machine or on those
# of --sshloginfile; `where` says which.
worker_command() {
    local category
    worker_args=(--program "$program" --profile "$profile" --compile "$compile"
        --compile-timeout "$compile_timeout" --timeout "$timeout" --memcheck "$memcheck"
        --check-jobs "$check_jobs")
    [[ $compare == exact ]] || worker_args+=(--compare "$compare")
    worker_args+=(--totals "$(tail -n +2 "$output/categories.tsv" | awk -F '\t' '{ printf "%s%s=%s", (NR > 1 ? "," : ""), $1, $2 }')")
    for category in "${wanted[@]}"; do worker_args+=(--category "$category"); done
    for category in "${excluded[@]}"; do worker_args+=(--exclude "$category"); done
    ((sandbox)) || worker_args+=(--no-sandbox)
    ((old_standards)) || worker_args+=(--no-old-standards)
    parallel_args=(--line-buffer --joblog "$output/mark.joblog" -q)
    if [[ -n $sshloginfile ]]; then
        parallel_args+=(--sshloginfile "$(realpath -- "$sshloginfile")" --workdir ...
            --transferfile 'submissions/{}/sources' --transferfile 'submissions/{}/key'
            --return 'submissions/{}' --cleanup)
        [[ -z $jobs ]] || parallel_args+=(--jobs "$jobs")
        worker=("$remote_repo/src/mark/mark-one" "${worker_args[@]}" --corpus-hash "$corpus_hash")
        where="on the machines of $sshloginfile"
    else
        jobs=${jobs:-$(( 2 * $(nproc 2>/dev/null || echo 1) / check_jobs ))}
        ((jobs > 0)) || jobs=1
        parallel_args+=(--jobs "$jobs")
        worker=("$here/../src/mark/mark-one" "${worker_args[@]}")
        where="$jobs at a time"
    fi
    bar=0
    if [[ -t 2 ]]; then parallel_args+=(--bar); bar=1; fi
}

# run_workers: marks `todo` with GNU parallel, a line per submission as
# it is done (unless parallel shows its bar); `interrupted`, `run_status`.
run_workers() {
    total=${#slugs[@]} skipped=$((${#slugs[@]} - ${#todo[@]} - refused))
    kept=''
    ((skipped == 0)) || kept="; $skipped unchanged since the last run, kept"
    ((refused == 0)) || kept+="; $refused refused archive$( ((refused == 1)) || echo s), not marked"
    echo "mark: ${#todo[@]} of $total submissions to mark ($program, profile $profile, ${#ids[@]} cases each, memcheck $memcheck per category; $where)$kept"
    interrupted=0 run_status=0 started=$SECONDS
    trap 'interrupted=1' INT TERM
    if ((${#todo[@]})); then
        done_count=0
        while IFS=$'\t' read -r slug state score warnings seconds; do
            done_count=$((done_count + 1))
            ((bar)) && continue
            elapsed=$((SECONDS - started))
            eta=$(( elapsed * (${#todo[@]} - done_count) / done_count ))
            printf 'mark: [%d/%d] %s: %s, %s passed, %s warnings, %ss; ETA %dm%02ds\n' "$done_count" \
                "${#todo[@]}" "${slug_of[$slug]:-$slug}" "$state" "$score" "$warnings" "$seconds" \
                $((eta / 60)) $((eta % 60))
        done < <(cd "$output" && printf '%s\n' "${todo[@]}" |
            parallel "${parallel_args[@]}" "${worker[@]}" '{}' || echo "status $?" > "$output/parallel.status")
    fi
    if [[ -f $output/parallel.status ]]; then
        run_status=1
        rm -f -- "$output/parallel.status"
    fi
    trap - INT TERM
}

# compare_submissions: with --similarity, every pair of the class's
# copies compared by scripts/similarity into DIR/similarity (gone
# otherwise, so that the page never shows an earlier run's pairs).
compare_submissions() {
    rm -rf -- "$output/similarity"
    ((similarity)) || return 0
    local i options=(--output "$output/similarity" --names "$output/similarity-names.tsv") base folders=()
    [[ -z $similarity_threshold ]] || options+=(--threshold "$similarity_threshold")
    for base in "${bases[@]}"; do options+=(--base "$base"); done
    for i in "${!slugs[@]}"; do
        folders+=("$output/submissions/${slugs[i]}/sources")
        printf '%s\t%s\n' "${folders[i]}" "${names[i]}"
    done > "$output/similarity-names.tsv"
    "$here/similarity" "${options[@]}" "${folders[@]}" ||
        die "the similarity check failed"
}

# report: the report package's files and pages, and the last lines.
report() {
    local summary not_marked
    report_args=(--output "$output" --program "$program" --profile "$profile" --memcheck "$memcheck"
        --compile "$compile" --scheme "$scheme" --manual "$manual" --deadline "$deadline"
        --late-penalty "$late_penalty")
    local base
    for base in "${bases[@]}"; do report_args+=(--base "$base"); done
    summary=$(PYTHONPATH="$here/../src" "$report_python" -B -m harness.mark.report "${report_args[@]}") ||
        die "the report failed"
    # Not marked: interrupted, or the marking itself failed (state error).
    not_marked=$(cd "$output/submissions" && for slug in "${slugs[@]}"; do
        if [[ ! -f $slug/done ]] || grep -qx $'state\terror' "$slug/result.tsv" 2>/dev/null; then echo "$slug"; fi
    done | wc -l)
    if ((interrupted)); then
        echo "mark: interrupted: $((total - not_marked)) of $total submissions marked; the same command with --resume marks the rest"
        exit 130
    fi
    echo "$summary"
    echo "mark: $total submissions, $((total - not_marked)) marked in $((SECONDS - started))s; report: $output/index.html"
    ((${#feedback_args[@]} == 0)) || "$here/feedback" --marks "$output" "${feedback_args[@]}" || run_status=1
    ((not_marked == 0 && run_status == 0)) || exit 1
}
