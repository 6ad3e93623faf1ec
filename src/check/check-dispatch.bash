# shellcheck shell=bash
# check-dispatch.bash -- check-engine's cases handed to its workers
# (src/check/check-worker, one sandbox each, run as background jobs), and
# their verdict lines gathered with progress. Sourced by
# src/check/check-engine.

# run_all IDS JOBS VERDICTS WORKER...: splits the ids of the file IDS (a
# line each) round-robin into one list per worker, at most JOBS, beside
# IDS, and runs the command WORKER... LIST for each as a background job
# (GNU parallel, a Perl program, took 0.3 s to start: a tenth of checking
# the whole checkers corpus); writes their verdict lines to VERDICTS as
# they come (on descriptor 3, straight from the workers), with progress on
# a terminal and every 500 cases in a log.
run_all() {
    local ids_file=$1 jobs=$2 verdicts=$3 worker list lists=() tty=0
    shift 3
    local total
    total=$(wc -l < "$ids_file")
    for ((worker = 0; worker < jobs && worker < total; worker++)); do
        lists+=("$ids_file.$worker")
    done
    awk -v n="${#lists[@]}" -v base="$ids_file" '{ print > (base "." ((NR - 1) % n)) }' "$ids_file"
    [[ ! -t 2 ]] || tty=1
    # (awk, not a bash loop: bash reads a pipe a byte at a time)
    {
        for list in "${lists[@]}"; do "$@" "$list" & done
        wait
    } 3>&1 >/dev/null |
        awk -v total="$total" -v tty="$tty" -v verdicts="$verdicts" '
            { print > verdicts; done++; if ($1 != "pass") failed++ }
            tty && (done % 10 == 0 || done == total) {
                printf "\rcheck-engine: %d/%d cases run, %d failed", done, total, failed > "/dev/stderr"
            }
            !tty && done % 500 == 0 {
                printf "check-engine: %d/%d cases run, %d failed\n", done, total, failed > "/dev/stderr"
                fflush("/dev/stderr")
            }
            END { close(verdicts); if (tty) print "" > "/dev/stderr" }'
}
