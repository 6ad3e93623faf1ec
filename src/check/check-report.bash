# shellcheck shell=bash
# Reads check-engine's settings (cases, engine, output, jobs, ids, profile, ...).
# shellcheck disable=SC2154
# check-report.bash -- check-engine's workers and its report: each worker
# runs its share of the cases inside one sandbox and prints a verdict line
# per case; the report groups the failures by symptom, shows the first of
# each group, and tabulates the categories. Sourced by scripts/check-engine.

# A run stopped for writing too much: the status of SIGXFSZ.
CHECK_FLOOD_STATUS=$((128 + $(kill -l XFSZ)))

# run_all: splits the ids round-robin into one list per worker and has GNU
# parallel run the workers; reads their verdict lines as they come (on
# descriptor 3, straight from the workers: parallel --line-buffer would
# cost a quarter of a core to relay them), with
# progress on a terminal and every 500 cases in a log. Fills `outcome`
# (pass or fail), `symptom_of` and `symptom_code_of` (why a case failed).
run_all() {
    local verdict id code symptom done_count=0 failed_count=0 worker lists=()
    declare -gA outcome=() symptom_of=() symptom_code_of=()
    for ((worker = 0; worker < jobs && worker < ${#ids[@]}; worker++)); do
        lists+=("$work/list.$worker")
        : > "$work/list.$worker"
    done
    for ((worker = 0; worker < ${#ids[@]}; worker++)); do
        printf '%s\n' "${ids[worker]}" >> "${lists[worker % ${#lists[@]}]}"
    done
    while IFS=$'\t' read -r verdict id code symptom; do
        outcome[$id]=$verdict symptom_of[$id]=$symptom symptom_code_of[$id]=$code
        done_count=$((done_count + 1))
        [[ $verdict == pass ]] || failed_count=$((failed_count + 1))
        if [[ -t 2 ]] && ((done_count % 10 == 0 || done_count == ${#ids[@]})); then
            printf '\rcheck-engine: %d/%d cases run, %d failed' "$done_count" "${#ids[@]}" "$failed_count" >&2
        elif [[ ! -t 2 ]] && ((done_count % 500 == 0)); then
            printf 'check-engine: %d/%d cases run, %d failed\n' "$done_count" "${#ids[@]}" "$failed_count" >&2
        fi
    done < <(parallel --jobs "${#lists[@]}" "$here/check-engine" --worker ::: "${lists[@]}" \
        3>&1 >/dev/null)
    if [[ -t 2 ]]; then echo >&2; fi
}

# check_worker LIST: runs the cases named in LIST in one sandbox; prints
# "pass<TAB>ID" or "fail<TAB>ID<TAB>CODE<TAB>SYMPTOM" for each, at once, on
# descriptor 3 (each line one write, shorter than a pipe's atomic size).
check_worker() {
    local list=$1 id digest path paths=()
    RUNNER_OWN=$(mktemp "$work/actual.XXXXXX")
    runner_start
    # The digests of the expected outputs, in one process: a passing case's
    # output need not be read when the sandbox's digest of it is the same.
    declare -gA expected_sha256=()
    if [[ $SANDBOX_MODE == bwrap ]]; then
        while IFS= read -r id; do paths+=("$cases/$id.out"); done < "$list"
        while read -r digest path; do
            id=${path#"$cases/"}
            expected_sha256[${id%.out}]=$digest
        done < <(sha256sum -- "${paths[@]}")
    fi
    while IFS= read -r id; do
        check_one "$id" >&3
    done < "$list"
    runner_stop
    rm -rf -- "$RUNNER_OWN" "$RUNNER_OWN".*
}

# check_one ID: runs case ID (its files: RUNNER_ACTUAL.*), compares, keeps
# the report of a failure (printable ASCII only) and prints the verdict line.
check_one() {
    local id=$1 case_path=$cases/$1 shape_ok=1 status note='' actual
    WHITESPACE_KIND=''
    runner_run "$case_path.in"
    actual=$RUNNER_ACTUAL status=$RUNNER_STATUS
    if ((status == CHECK_FLOOD_STATUS)); then
        truncate -s "$(($(wc -c < "$case_path.out") + 4096))" "$actual.out"
        truncate -s 4096 "$actual.err"
        note="(it wrote more than 64 MiB and was stopped; its output is cut for the report)"
    elif ((status > 128 && status != 137)) && ! cmp -s "$case_path.out" "$actual.out"; then
        # A crash loses what stdio still held: rerun with unbuffered stdout
        # to see how far the program really got.
        runner_run "$case_path.in" unbuffered
        actual=$RUNNER_ACTUAL
        note="(the output was cut by the crash: the first difference is from a rerun with unbuffered stdout, stdbuf -o0)"
    fi
    if [[ -n ${judge:-} ]]; then judge_one "$id" "$actual"; return; fi
    if ((exact_stderr == 0)); then accept_stderr_shape "$case_path" "$actual" || shape_ok=0; fi
    # (read by corpus_compare)
    local CORPUS_STDOUT_SAME=0
    # shellcheck disable=SC2034
    [[ -z $SANDBOX_OUT_SHA256 || $SANDBOX_OUT_SHA256 != "${expected_sha256[$id]:-}" ]] || CORPUS_STDOUT_SAME=1
    if corpus_compare "$case_path" "$actual" "$engine" "$id" > "$RUNNER_OWN.report"; then
        printf 'pass\t%s\n' "$id"
        return 0
    fi
    # (check-whitespace.bash: white space only, maybe a pass with --compare whitespace)
    if whitespace_check "$id" "$case_path" "$actual" "$status"; then return 0; fi
    if [[ -n $note ]]; then  # right under the line that says where stdout differs
        awk -v note="$note" '{ print } /^(stdout|status): / && !done { print note; done = 1 }' \
            "$RUNNER_OWN.report" > "$RUNNER_OWN.noted" && mv -- "$RUNNER_OWN.noted" "$RUNNER_OWN.report"
    fi
    if ((shape_ok == 0)); then
        echo "(without --exact-stderr only the shape of stderr counts: one line where the case has one)" >> "$RUNNER_OWN.report"
    fi
    explain_difference "$case_path" "$actual" "$RUNNER_OWN.report"
    mkdir -p "$output/failures/${id%/*}"
    printable < "$RUNNER_OWN.report" > "$output/failures/$id.txt"
    printf 'fail\t%s\t%s\n' "$id" "$(symptom_of_run "$case_path" "$actual")"
}

# explain_difference CASE ACTUAL REPORT: when corpus_compare found where
# stdout first differs (CORPUS_FIRST_DIFFERENCE), adds to REPORT the game's
# own account of that difference (src/check/explain-failure), from the reference engine of
# this repository when it is built.
explain_difference() {
    local case_path=$1 actual=$2 report=$3 line reference
    reference=$(dirname "$here")/build/$program
    [[ -x $reference ]] || return 0
    line=${CORPUS_FIRST_DIFFERENCE:-}
    # (a difference in white space only has no account in the game's terms)
    [[ -n $line && -z ${WHITESPACE_KIND:-} ]] || return 0
    "$here/../src/check/explain-failure" --program "$program" "$reference" "$case_path.in" \
        "$case_path.out" "$actual.out" "$line" >> "$report" 2>/dev/null || true
}

# The program's runs, through the sandbox (src/sandbox/sandbox.bash): one
# sandbox per worker, started once.
runner_start() {
    sandbox_start "$engine_path" "$sandbox" "$CORPUS_TIMEOUT" ${engine_folder:+--folder "$engine_folder"}
}

runner_stop() {
    sandbox_stop
}

# runner_run INPUT [plain|unbuffered|memcheck [LOG]]: one run of the
# program on INPUT, on stdin or as the grader runs it; unbuffered: stdout
# without stdio's buffer (stdbuf -o0); memcheck: under Valgrind, its report
# in LOG. Its files: RUNNER_ACTUAL.out, .err and .status, where the sandbox
# left them (sandbox_result_path) or under RUNNER_OWN; its status also in
# RUNNER_STATUS (125 when the sandbox failed).
runner_run() {
    local input=$1 how=${2:-plain} log=${3:-/dev/null} mode=stdin
    ((graded == 0)) || mode=graded
    sandbox_result_path
    RUNNER_ACTUAL=${SANDBOX_RESULT:-$RUNNER_OWN}
    : > "$RUNNER_ACTUAL.status"
    sandbox_run "$mode" "$input" "$RUNNER_ACTUAL.out" "$RUNNER_ACTUAL.err" "$RUNNER_ACTUAL.status" \
        "$how" "$log" 2>/dev/null || true
    # No status: the sandbox failed (and was restarted elsewhere): 125.
    RUNNER_STATUS=''
    { read -r RUNNER_STATUS < "$RUNNER_ACTUAL.status"; } 2>/dev/null || true
    if [[ -z $RUNNER_STATUS ]]; then
        RUNNER_ACTUAL=$RUNNER_OWN RUNNER_STATUS=125
        : > "$RUNNER_ACTUAL.out"
        : > "$RUNNER_ACTUAL.err"
        echo 125 > "$RUNNER_ACTUAL.status"
    fi
}

# Bytes outside printable ASCII, as \xNN: a report is text, always.
printable() {
    LC_ALL=C perl -pe 's/([^\x20-\x7e\n\t])/sprintf("\\x%02x", ord($1))/ge'
}

# Without --exact-stderr another program may word its diagnostic its own
# way: a stderr of exactly one non-empty line where the case expects one is
# taken as the expected one. Returns 1 when the shape is wrong.
accept_stderr_shape() {
    local case_path=$1 actual=$2 text=''
    [[ -f $case_path.err ]] || return 0
    IFS= read -r -d '' text < "$actual.err" || true
    local line=${text%$'\n'}
    if [[ -n $line && $text == *$'\n' && $line != *$'\n'* ]]; then
        # (the expected line, copied without a process when it has no NUL)
        if IFS= read -r -d '' text < "$case_path.err"; then
            cp -- "$case_path.err" "$actual.err"
        else
            printf '%s' "$text" > "$actual.err"
        fi
        return 0
    fi
    return 1
}

# symptom_of_run CASE ACTUAL: why a failed run failed, as
# `CODE<TAB>phrase`: the code for programs (hang, flood, crash, nothing,
# stdout-REGION with the game's region of the first difference,
# whitespace when only white space differs (check-whitespace.bash),
# status, stderr), the phrase for people, the same for every case that
# failed the same way (the groups' key). A stdout that --compare
# whitespace accepted counts as the expected one.
symptom_of_run() {
    local case_path=$1 actual=$2 status expected line region
    read -r status < "$actual.status"
    corpus_read_expected_status "$case_path" expected
    if ((status == 124)); then printf 'hang\thang (killed after %ss)\n' "$CORPUS_TIMEOUT"; return; fi
    if ((status == CHECK_FLOOD_STATUS)); then printf 'flood\toutput flood (stopped at 64 MiB)\n'; return; fi
    if ((status > 128)); then
        printf 'crash\tcrash (%s)\n' "$(corpus_describe_status "$status" | sed 's/^a crash (signal \(.*\))$/\1/')"
        return
    fi
    if [[ -z ${WHITESPACE_KIND:-} || ${compare:-exact} != whitespace ]] && ! cmp -s "$case_path.out" "$actual.out"; then
        if [[ ! -s $actual.out ]]; then printf 'nothing\tprinted nothing\n'; return; fi
        if [[ -n ${WHITESPACE_KIND:-} ]]; then whitespace_symptom; return; fi
        # (corpus_compare found the line already, unless it knew the
        # output the same by its digest)
        line=${CORPUS_FIRST_DIFFERENCE:-}
        [[ -n $line ]] || line=$(corpus_first_difference_line "$case_path.out" "$actual.out")
        region=$(corpus_line_region "$case_path.out" "$line" | cut -f1)
        printf 'stdout-%s\t%s\n' "$region" "$(game_region_symptom "$region")"
        return
    fi
    local same=identical same_status='and status identical'
    if [[ -n ${WHITESPACE_KIND:-} ]]; then
        same='the same but for white space' same_status='the same but for white space, status identical'
    fi
    if [[ $status != "$expected" ]]; then
        printf 'status\tstatus only: stdout %s, status %s expected, got %s\n' "$same" "$expected" "$status"
        return
    fi
    printf 'stderr\tstderr only: stdout %s\n' "$same_status"
}

# report_groups: the failures grouped by symptom, largest group first, each
# with its count, its categories and one example case. Sets `group_order`
# (the symptoms) and `first_of_group` for report_failures.
report_groups() {
    local id symptom
    declare -gA group_count=() group_categories=() first_of_group=()
    group_order=()
    for id in "${ids[@]}"; do
        [[ ${outcome[$id]:-missing} == pass ]] && continue
        symptom=${symptom_of[$id]:-no verdict (the worker stopped)}
        if [[ -z ${group_count[$symptom]:-} ]]; then
            group_count[$symptom]=0 group_categories[$symptom]='' first_of_group[$symptom]=$id
        fi
        group_count[$symptom]=$((group_count[$symptom] + 1))
        [[ " ${group_categories[$symptom]} " == *" ${id%/*} "* ]] ||
            group_categories[$symptom]+="${group_categories[$symptom]:+ }${id%/*}"
    done
    ((${#group_count[@]})) || return 0
    mapfile -t group_order < <(for symptom in "${!group_count[@]}"; do
        printf '%d\t%s\n' "${group_count[$symptom]}" "$symptom"
    done | sort -t $'\t' -k1,1nr -k2,2 | cut -f2)
    echo "failures by symptom (profile $profile):"
    for symptom in "${group_order[@]}"; do
        printf '  %d %s: %s\n' "${group_count[$symptom]}" \
            "$( ((group_count[$symptom] == 1)) && echo case || echo cases)" "$symptom"
        printf '      categories: %s; e.g. %s\n' "${group_categories[$symptom]}" "${first_of_group[$symptom]}"
    done
}

# report_failures: the full reports of `show` failures, the first case of
# each group first, then the names of the others.
report_failures() {
    local id symptom shown=0 order=() rest=() failed=0
    declare -A listed=()
    for symptom in "${group_order[@]}"; do
        order+=("${first_of_group[$symptom]}") listed[${first_of_group[$symptom]}]=1
    done
    for id in "${ids[@]}"; do
        [[ ${outcome[$id]:-missing} == pass ]] && continue
        failed=$((failed + 1))
        [[ -n ${listed[$id]:-} ]] || order+=("$id")
    done
    ((failed)) || return 0
    for id in "${order[@]}"; do
        if ((shown < show)) && [[ -f $output/failures/$id.txt ]]; then
            echo "---------------------------------------- FAILED $id (${symptom_of[$id]:-})"
            cat -- "$output/failures/$id.txt"
            shown=$((shown + 1))
        else
            rest+=("$id")
        fi
    done
    if ((${#rest[@]})); then
        if ((shown == 0)); then
            echo "---------------------------------------- ${#rest[@]} failed:"
        else
            echo "---------------------------------------- ${#rest[@]} more failed:"
        fi
        printf '  %s\n' "${rest[@]:0:40}"
        ((${#rest[@]} <= 40)) || echo "  ... and $((${#rest[@]} - 40)) more"
    fi
    echo "every failure's report: $output/failures/<category>/<name>.txt"
}

# report_table: passed and failed per category and the final line; returns
# 1 when anything failed (a memcheck finding included).
report_table() {
    local id category order=() passed=0 failed=0 whitespace_passed=0
    declare -A pass_in=() fail_in=()
    for id in "${ids[@]}"; do
        category=${id%/*}
        if [[ -z ${pass_in[$category]:-} ]]; then
            order+=("$category") pass_in[$category]=0 fail_in[$category]=0
        fi
        if [[ ${outcome[$id]:-missing} == pass ]]; then
            pass_in[$category]=$((pass_in[$category] + 1)) passed=$((passed + 1))
            [[ ${symptom_code_of[$id]:-} != whitespace ]] || whitespace_passed=$((whitespace_passed + 1))
        else
            fail_in[$category]=$((fail_in[$category] + 1)) failed=$((failed + 1))
        fi
    done
    printf '  %-20s %7s %7s   (profile %s)\n' category passed failed "$profile"
    for category in "${order[@]}"; do
        printf '  %-20s %7d %7d%s\n' "$category" "${pass_in[$category]}" \
            "${fail_in[$category]}" "$( ((fail_in[$category] == 0)) || echo '  FAILED')"
    done
    printf '  %-20s %7d %7d\n' total "$passed" "$failed"
    passed=$((passed + ${memcheck_passed:-0})) failed=$((failed + ${memcheck_failed:-0}))
    local whitespace_note=''
    ((whitespace_passed == 0)) || whitespace_note="; $whitespace_passed passed only with white space ignored"
    echo "$passed passed, $failed failed (profile $profile${memcheck_note:-}$whitespace_note)"
    ((failed == 0))
}

# report_memcheck N: N cases of each category under Valgrind memcheck, in
# the sandbox; each case's leaks and invalid accesses, one line per case
# for people, and OUTPUT/memcheck.tsv for programs (case, verdict clean or
# findings, summary, log).
report_memcheck() {
    local per_category=$1 id category log summary
    declare -A taken=()
    local chosen=()
    for id in "${ids[@]}"; do
        category=${id%/*}
        (($(( ${taken[$category]:-0} )) < per_category)) || continue
        taken[$category]=$(( ${taken[$category]:-0} + 1 ))
        chosen+=("$id")
    done
    memcheck_passed=0 memcheck_failed=0
    RUNNER_OWN=$work/memcheck
    mkdir -p "$output/memcheck"
    echo "memcheck: ${#chosen[@]} cases ($per_category per category) under valgrind $(grep -v '^#' "$here/../src/golden/memcheck.flags" | head -n 3 | xargs)"
    runner_start
    printf 'case\tverdict\tsummary\tlog\n' > "$output/memcheck.tsv"
    for id in "${chosen[@]}"; do
        log=$output/memcheck/${id//\//__}.log
        runner_run "$cases/$id.in" memcheck "$log"
        if [[ -s $log ]]; then
            summary=$(memcheck_summary "$log")
        else
            summary="no Valgrind report: the run ended with $(corpus_describe_status "$RUNNER_STATUS")"
        fi
        if [[ -z $summary ]]; then
            memcheck_passed=$((memcheck_passed + 1))
            printf '%s\tclean\t\t%s\n' "$id" "$log" >> "$output/memcheck.tsv"
        else
            memcheck_failed=$((memcheck_failed + 1))
            printf '  %s: %s (log: %s)\n' "$id" "$summary" "$log"
            printf '%s\tfindings\t%s\t%s\n' "$id" "$summary" "$log" >> "$output/memcheck.tsv"
        fi
    done
    runner_stop
    echo "memcheck: $memcheck_passed clean, $memcheck_failed with findings"
    memcheck_note=", memcheck of ${#chosen[@]} cases included"
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

# write_results: what a machine reads, beside the reports: results.tsv
# (id, category, pass or fail, symptom, symptom code; one line per case) and junit.xml
# (one testcase per case, the report as the failure's text).
write_results() {
    local id verdict
    {
        printf 'case\tcategory\tverdict\tsymptom\tcode\n'
        for id in "${ids[@]}"; do
            verdict=${outcome[$id]:-fail}
            printf '%s\t%s\t%s\t%s\t%s\n' "$id" "${id%/*}" "$verdict" "${symptom_of[$id]:-}" \
                "${symptom_code_of[$id]:-}"
        done
    } > "$output/results.tsv"
    # Each case for the one JUnit writer.
    awk -F '\t' -v program="$program" -v reports="$output/failures" \
        -f "$here/../src/golden/junit-field.awk" -f "$here/../src/check/results-cases.awk" \
        "$output/results.tsv" |
        awk -F '\t' -v suite="$program (profile $profile)" -f "$here/../src/golden/junit.awk" \
            > "$output/junit.xml"
}
