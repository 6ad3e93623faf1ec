# shellcheck shell=bash
# check-whitespace.bash -- a failed case whose stdout (or output.txt)
# differs from the expected one in white space, as
# src/check/whitespace-difference defines it: only in white space, a
# symptom of its own and a line in its report that names the first such
# line, or, with --compare whitespace, a pass that says so; first in white
# space and then in more, the report names and shows the first difference
# that is not white space, and says that white space differs too. Only
# failures are looked at (a passing case costs nothing), and only where
# stdout is compared byte for byte (a judge tolerates spacing itself).
# Sourced by src/check/check-worker, after src/cases/cases.bash and
# src/check/check-runner.bash.

WHITESPACE_DIR=${BASH_SOURCE[0]%/*}

# whitespace_check ID CASE ACTUAL STATUS COMPARE RUN REPORT: after
# corpus_compare found case ID's run ACTUAL.* failing (its report in
# REPORT; RUN, the rerun line's command): when its stdout differs only in
# white space, sets WHITESPACE_KIND and WHITESPACE_PHRASE (the kind in
# words, for the symptom); else they are empty. WHITESPACE_LINE: the line
# where stdout first differs in more than white space (empty when it does
# not). With COMPARE whitespace such a stdout counts as the expected one:
# the case is compared again so; when it passes now, prints its verdict
# line (pass, code whitespace) and returns 0. Otherwise adds the finding
# to REPORT and returns 1.
whitespace_check() {
    local id=$1 case_path=$2 actual=$3 status=$4 compare=$5 run=$6 report=$7 found line words found_status=0
    WHITESPACE_KIND='' WHITESPACE_PHRASE='' WHITESPACE_LINE=${CORPUS_FIRST_DIFFERENCE:-}
    # Only a stdout that corpus_compare found different and not empty; a
    # flood's output is cut, so what it would have been is unknown.
    [[ -n ${CORPUS_FIRST_DIFFERENCE:-} ]] && ((status != CHECK_FLOOD_STATUS)) || return 1
    whitespace_token_first "$case_path.out" "$actual.out" && return 1
    found=$("$WHITESPACE_DIR/whitespace-difference" "$case_path.out" "$actual.out") || found_status=$?
    if ((found_status == 3)); then
        whitespace_mixed "$case_path" "$actual" "$report" "$found"
        return 1
    fi
    ((found_status == 0)) || return 1
    # shellcheck disable=SC2034 # WHITESPACE_*: for the caller
    IFS=$'\t' read -r line WHITESPACE_KIND WHITESPACE_PHRASE words <<< "$found"
    WHITESPACE_LINE=''
    if [[ $compare == whitespace ]]; then
        if CORPUS_STDOUT_SAME=1 corpus_compare "$case_path" "$actual" "$run" "$id" > "$report"; then
            printf 'pass\t%s\t%s\n' "$id" "$(symptom_whitespace "$WHITESPACE_PHRASE")"
            return 0
        fi
        # The report is now the second comparison's (status or stderr).
        whitespace_note "$case_path" "$actual" "$line" '^rerun: ' "$report" \
            "stdout: differs only in white space, which --compare whitespace accepts: $words"
        return 1
    fi
    whitespace_note "$case_path" "$actual" "$line" '^stdout: ' "$report" \
        "stdout differs only in white space: $words"
    return 1
}

# whitespace_token_first EXPECTED ACTUAL: true when the first byte where
# the two differ is no white space in either, so that whitespace-difference
# would answer "not first in white space" (exit 1): everything before that
# byte is the same, so every white run up to it is too, and the token
# holding it differs. Most failures are such; this answers them with one
# cmp instead of a Python start (a third of a failure's cost). False when
# unsure (a white byte, or one output ends first): ask whitespace-difference.
whitespace_token_first() {
    local expected_byte actual_byte
    read -r _ expected_byte actual_byte < <(LC_ALL=C cmp -l -- "$1" "$2" 2>/dev/null) || true
    [[ -n ${actual_byte:-} ]] || return 1
    # (octal: tab, LF, VT, FF, CR, space)
    case " $expected_byte $actual_byte " in
        *' 11 '* | *' 12 '* | *' 13 '* | *' 14 '* | *' 15 '* | *' 40 '*) return 1 ;;
    esac
    return 0
}

# whitespace_mixed CASE ACTUAL REPORT FOUND: a stdout that differs first in
# white space and then in more (FOUND: whitespace-difference's line): the
# report's stdout line names the first difference that is not white
# space, then the white space, and its diff of stdout ignores white space,
# so that it shows the real fault. Sets WHITESPACE_LINE.
whitespace_mixed() {
    local case_path=$1 actual=$2 report=$3 expected_line actual_line words lines=() i kept=() shifted=''
    IFS=$'\t' read -r expected_line actual_line _ _ _ words <<< "$4"
    [[ $actual_line == "$expected_line" ]] || shifted=" (line $actual_line of the program's output)"
    # shellcheck disable=SC2034 # for the caller
    WHITESPACE_LINE=$expected_line
    mapfile -t lines < "$report"
    for ((i = 0; i < ${#lines[@]}; i++)); do
        case ${lines[i]} in
            'stdout: '*)
                kept+=("stdout: first difference that is not white space at line $expected_line$shifted, in $(corpus_where_is_line "$case_path.out" "$expected_line")"
                    "stdout: white space differs too, first: $words") ;;
            'diff -u of stdout:') break ;;
            *) kept+=("${lines[i]}") ;;
        esac
    done
    {
        printf '%s\n' "${kept[@]}"
        corpus_show_diff "$case_path.out" "$actual.out" stdout -w -B
        # (the rest: stderr's diff, in the strict profile)
        for ((; i < ${#lines[@]}; i++)); do
            [[ ${lines[i]} != 'diff -u of stderr:' ]] || { printf '%s\n' "${lines[@]:i}"; break; }
        done
    } > "$report.mixed"
    mv -- "$report.mixed" "$report"
}

# whitespace_note CASE ACTUAL LINE AFTER REPORT TEXT: TEXT and line LINE of
# both outputs, white space made visible, in REPORT under its first line
# matching AFTER (a regular expression). In bash alone: it runs for every
# failure.
whitespace_note() {
    local case_path=$1 actual=$2 line=$3 after=$4 report=$5 text=$6 expected_line actual_line lines=() i
    whitespace_visible_line "$case_path.out" "$line" expected_line
    whitespace_visible_line "$actual.out" "$line" actual_line
    mapfile -t lines < "$report"
    for ((i = 0; i < ${#lines[@]}; i++)); do
        [[ ${lines[i]} =~ $after ]] || continue
        lines[i]+=$'\n'"$text"$'\n'"  expected line $line: $expected_line"$'\n'"  actual line $line:   $actual_line"
        break
    done
    printf '%s\n' "${lines[@]}" > "$report"
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
