# shellcheck shell=bash
# Reads check-engine's settings (compare, engine, here).
# shellcheck disable=SC2154
# check-whitespace.bash -- a failed case whose stdout (or output.txt)
# differs from the expected one only in white space, as
# src/check/whitespace-difference defines it: a symptom of its own and a
# line in its report that names the first such line, or, with --compare
# whitespace, a pass that says so. Only failures are looked at (a passing
# case costs nothing), and only where stdout is compared byte for byte
# (a judge tolerates spacing itself). Sourced by scripts/check-engine;
# check_one and symptom_of_run (check-report.bash) call it.

# whitespace_check ID CASE ACTUAL STATUS: after corpus_compare found case
# ID's run ACTUAL.* failing: when its stdout differs only in white space,
# sets WHITESPACE_KIND, WHITESPACE_PHRASE (the kind in words, for the
# symptom) and WHITESPACE_WORDS (with the line, for the report); else they
# are empty. With --compare whitespace such a stdout counts as the
# expected one: the case is compared again so; when it passes now, prints
# its verdict line (pass, code whitespace) and returns 0. Otherwise adds
# the finding to the report ($RUNNER_OWN.report) and returns 1.
whitespace_check() {
    local id=$1 case_path=$2 actual=$3 status=$4 found line
    WHITESPACE_KIND='' WHITESPACE_PHRASE='' WHITESPACE_WORDS=''
    # Only a stdout that corpus_compare found different and not empty; a
    # flood's output is cut, so what it would have been is unknown.
    [[ -n ${CORPUS_FIRST_DIFFERENCE:-} ]] && ((status != CHECK_FLOOD_STATUS)) || return 1
    found=$("$here/../src/check/whitespace-difference" "$case_path.out" "$actual.out") || return 1
    # shellcheck disable=SC2034 # (WHITESPACE_KIND: read by symptom_of_run)
    IFS=$'\t' read -r line WHITESPACE_KIND WHITESPACE_PHRASE WHITESPACE_WORDS <<< "$found"
    if [[ $compare == whitespace ]]; then
        if CORPUS_STDOUT_SAME=1 corpus_compare "$case_path" "$actual" "$engine" "$id" > "$RUNNER_OWN.report"; then
            printf 'pass\t%s\t%s\n' "$id" "$(whitespace_symptom)"
            return 0
        fi
        # The report is now the second comparison's (status or stderr).
        whitespace_note "$case_path" "$actual" "$line" '^rerun: ' \
            "stdout: differs only in white space, which --compare whitespace accepts: $WHITESPACE_WORDS"
        return 1
    fi
    whitespace_note "$case_path" "$actual" "$line" '^stdout: ' \
        "stdout differs only in white space: $WHITESPACE_WORDS"
    return 1
}

# whitespace_symptom: `CODE<TAB>phrase` of a white-space-only difference,
# the same for every case whose first difference is of the same kind.
whitespace_symptom() {
    printf 'whitespace\tstdout differs only in white space (%s)\n' "$WHITESPACE_PHRASE"
}

# whitespace_note CASE ACTUAL LINE AFTER TEXT: TEXT and line LINE of both
# outputs, white space made visible, in the report under its first line
# matching AFTER (a regular expression). In bash alone: it runs for every
# failure.
whitespace_note() {
    local case_path=$1 actual=$2 line=$3 after=$4 text=$5 expected_line actual_line report=() i
    whitespace_visible_line "$case_path.out" "$line" expected_line
    whitespace_visible_line "$actual.out" "$line" actual_line
    mapfile -t report < "$RUNNER_OWN.report"
    for ((i = 0; i < ${#report[@]}; i++)); do
        [[ ${report[i]} =~ $after ]] || continue
        report[i]+=$'\n'"$text"$'\n'"  expected line $line: $expected_line"$'\n'"  actual line $line:   $actual_line"
        break
    done
    printf '%s\n' "${report[@]}" > "$RUNNER_OWN.report"
}

# whitespace_visible_line FILE LINE VAR: line LINE of FILE between quotes,
# a tab as \t and a CR as \r, or `(none)` past the end, into VAR.
whitespace_visible_line() {
    local text=()
    mapfile -t -s "$(($2 - 1))" -n 1 text < "$1"
    if ((${#text[@]} == 0)); then printf -v "$3" '(none)'; return; fi
    text[0]=${text[0]//$'\t'/\\t}
    printf -v "$3" '"%s"' "${text[0]//$'\r'/\\r}"
}
