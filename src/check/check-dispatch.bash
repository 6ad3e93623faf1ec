# shellcheck shell=bash
# check-dispatch.bash -- check-engine's cases handed to its workers
# (src/check/check-worker, one sandbox each, run by GNU parallel), and
# their verdict lines gathered with progress. Sourced by
# src/check/check-engine.

# run_all IDS JOBS VERDICTS WORKER...: splits the ids of the file IDS (a
# line each) round-robin into one list per worker, at most JOBS, beside
# IDS, and has GNU parallel run the command WORKER... LIST for each; writes
# their verdict lines to VERDICTS as they come (on descriptor 3, straight
# from the workers: parallel --line-buffer would cost a quarter of a core
# to relay them), with progress on a terminal and every 500 cases in a log.
run_all() {
    local ids_file=$1 jobs=$2 verdicts=$3 verdict done_count=0 failed_count=0 total worker lists=()
    shift 3
    total=$(wc -l < "$ids_file")
    for ((worker = 0; worker < jobs && worker < total; worker++)); do
        lists+=("$ids_file.$worker")
    done
    awk -v n="${#lists[@]}" -v base="$ids_file" '{ print > (base "." ((NR - 1) % n)) }' "$ids_file"
    while IFS= read -r verdict; do
        printf '%s\n' "$verdict"
        verdict=${verdict%%$'\t'*}
        done_count=$((done_count + 1))
        [[ $verdict == pass ]] || failed_count=$((failed_count + 1))
        if [[ -t 2 ]] && ((done_count % 10 == 0 || done_count == total)); then
            printf '\rcheck-engine: %d/%d cases run, %d failed' "$done_count" "$total" "$failed_count" >&2
        elif [[ ! -t 2 ]] && ((done_count % 500 == 0)); then
            printf 'check-engine: %d/%d cases run, %d failed\n' "$done_count" "$total" "$failed_count" >&2
        fi
    done < <(parallel -q --jobs "${#lists[@]}" "$@" ::: "${lists[@]}" 3>&1 >/dev/null) > "$verdicts"
    if [[ -t 2 ]]; then echo >&2; fi
}
