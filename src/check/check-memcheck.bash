# shellcheck shell=bash
# check-memcheck.bash -- check-engine --memcheck N: N cases of each
# category under Valgrind memcheck, in the sandbox; each case's leaks and
# invalid accesses, one line per case for people, and OUTPUT/memcheck.tsv
# for programs (case, verdict clean or findings, summary, log). Sourced by
# src/check/check-engine, after src/check/check-runner.bash.

CHECK_MEMCHECK_DIR=${BASH_SOURCE[0]%/*}

# report_memcheck PER_CATEGORY CASES OUTPUT WORK MODE SANDBOX TIMEOUT
# PROGRAM FOLDER ID...: the memory check of the program PROGRAM (run from
# FOLDER when not empty; MODE stdin or graded; SANDBOX 1 bubblewrap, 0 the
# limits only) on the first PER_CATEGORY of the IDs of each category.
report_memcheck() {
    local per_category=$1 cases=$2 output=$3 work=$4 mode=$5 sandbox=$6 timeout=$7 program=$8 folder=$9
    shift 9
    local id category log summary chosen=() passed=0 failed=0
    declare -A taken=()
    for id in "$@"; do
        category=${id%/*}
        ((${taken[$category]:-0} < per_category)) || continue
        taken[$category]=$((${taken[$category]:-0} + 1))
        chosen+=("$id")
    done
    mkdir -p "$output/memcheck"
    echo "memcheck: ${#chosen[@]} cases ($per_category per category) under valgrind $(grep -v '^#' "$CHECK_MEMCHECK_DIR/../golden/memcheck.flags" | head -n 3 | xargs)"
    runner_start "$program" "$sandbox" "$timeout" "$folder" "$work/memcheck"
    printf 'case\tverdict\tsummary\tlog\n' > "$output/memcheck.tsv"
    for id in "${chosen[@]}"; do
        log=$output/memcheck/${id//\//__}.log
        runner_run "$mode" "$cases/$id.in" memcheck "$log"
        if [[ -s $log ]]; then
            summary=$(memcheck_summary "$log")
        else
            summary="no Valgrind report: the run ended with $(corpus_describe_status "$RUNNER_STATUS")"
        fi
        if [[ -z $summary ]]; then
            passed=$((passed + 1))
            printf '%s\tclean\t\t%s\n' "$id" "$log" >> "$output/memcheck.tsv"
        else
            failed=$((failed + 1))
            printf '  %s: %s (log: %s)\n' "$id" "$summary" "$log"
            printf '%s\tfindings\t%s\t%s\n' "$id" "$summary" "$log" >> "$output/memcheck.tsv"
        fi
    done
    runner_stop
    echo "memcheck: $passed clean, $failed with findings"
}

# memcheck_summary LOG: empty when Valgrind found nothing, else the kinds
# of error and the bytes lost, in a few words.
memcheck_summary() {
    awk '
        /== Invalid (read|write)/ { inv[$3]++ }
        /== Conditional jump or move depends on uninitialised/ { uninit++ }
        /== Invalid free/ { freed++ }
        /(definitely|indirectly|possibly) lost: [1-9]/ { sub(/^==[0-9]+== +/, ""); lost = lost (lost ? "; " : "") $0 }
        /still reachable: [1-9]/ { sub(/^==[0-9]+== +/, ""); lost = lost (lost ? "; " : "") $0 }
        END {
            out = ""
            for (k in inv) out = out (out ? ", " : "") inv[k] " invalid " k "s"
            if (uninit) out = out (out ? ", " : "") uninit " uses of uninitialised values"
            if (freed) out = out (out ? ", " : "") freed " invalid frees"
            if (lost) out = out (out ? ", " : "") lost
            print out
        }' "$1"
}
