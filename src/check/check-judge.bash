# shellcheck shell=bash
# Reads check-engine's settings (cases, engine, output, judge, ...).
# shellcheck disable=SC2154
# check-judge.bash -- a case judged by the game's output validator
# (GAME_JUDGE, the Kattis interface) instead of compared byte for byte:
# the assignment profile of a game whose handout leaves the output's order
# and spacing open (draughts: src/draughts-judge, JUDGE.md). Sourced by
# scripts/check-engine; check_one (check-report.bash) calls judge_one.

# Exit statuses of an output validator (Kattis, DOMjudge).
JUDGE_ACCEPTED=42
JUDGE_WRONG=43

# judge_one ID ACTUAL: judges the run ACTUAL.* of case ID; prints the
# verdict line as check_one does, and keeps a failure's report.
judge_one() {
    local id=$1 actual=$2 case_path=$cases/$1 status verdict=0 feedback code phrase
    read -r status < "$actual.status"
    # One feedback folder a worker: the judge writes its message anew
    # each time (a process less per case than emptying it).
    feedback=$RUNNER_OWN.feedback
    [[ -d $feedback ]] || mkdir -p -- "$feedback"
    if ((status > 128 || status == 124)) || [[ ! -s $actual.out ]]; then
        # A hang, a flood, a crash or nothing printed: no output to judge.
        judge_report "$id" "$actual" "nothing to judge: the program's run ended with $(corpus_describe_status "$status")$([[ -s $actual.out ]] || echo ', output.txt empty or missing')" > "$RUNNER_OWN.report"
        judge_keep "$id"
        printf 'fail\t%s\t%s\n' "$id" "$(symptom_of_run "$case_path" "$actual")"
        return
    fi
    "$root/$GAME_JUDGE" "$case_path.in" "$case_path.out" "$feedback" < "$actual.out" \
        > /dev/null 2> "$feedback/stderr" || verdict=$?
    if ((verdict == JUDGE_ACCEPTED)); then
        printf 'pass\t%s\n' "$id"
        return
    fi
    if ((verdict == JUDGE_WRONG)); then
        code=judge phrase=$(judge_rule "$feedback/judgemessage.txt")
        judge_report "$id" "$actual" "$(cat -- "$feedback/judgemessage.txt")" > "$RUNNER_OWN.report"
    else
        code=judge-error phrase="the judge gave no verdict (exit status $verdict)"
        judge_report "$id" "$actual" "$phrase: $(head -n 1 -- "$feedback/stderr")" > "$RUNNER_OWN.report"
    fi
    judge_keep "$id"
    printf 'fail\t%s\t%s\t%s\n' "$id" "$code" "$phrase"
}

# judge_rule MESSAGE_FILE: the symptom of a rejection, the rule the judge
# names on its `required:` line (the same for every case that breaks it,
# so that failures group by rule), cut to one short line.
judge_rule() {
    local rule
    rule=$(sed -n 's/^required: //p' -- "$1" | head -n 1)
    [[ -n $rule ]] || rule=$(head -n 1 -- "$1" | sed 's/ in case [0-9].*//')
    rule=${rule%%: *}
    if ((${#rule} > 100)); then rule="${rule:0:97}..."; fi
    printf 'judge: %s\n' "$rule"
}

# judge_report ID ACTUAL TEXT: a failure's report: the case, how to rerun
# it and judge it, and TEXT (the judge's message).
judge_report() {
    local id=$1 actual=$2 text=$3 case_path=$cases/$1
    printf 'case:   %s\n' "$id"
    printf 'reason: %s\n' "$(corpus_reason "$case_path")"
    printf 'rerun:  cp %s.in input.txt && %s input.txt output.txt\n' "$case_path" "$engine"
    printf 'judge:  %s %s.in %s.out FEEDBACK_DIR < output.txt; cat FEEDBACK_DIR/judgemessage.txt\n' \
        "$GAME_JUDGE" "$case_path" "$case_path"
    printf '%s\n' "$text"
    [[ -s $actual.out ]] || return 0
    # The lines up to the one the judge names (the first ten when it
    # names none), numbered.
    local line
    line=$(sed -n 's/.* at output line \([0-9]*\):$/\1/p' <<< "$text" | head -n 1)
    line=${line:-10}
    printf 'output.txt, lines %d-%d:\n' "$((line > 8 ? line - 8 : 1))" "$((line + 1))"
    awk -v from="$((line - 8))" -v to="$((line + 1))" \
        'NR >= from && NR <= to { printf "%6d  %s\n", NR, $0 } NR > to { exit }' "$actual.out"
}

# judge_keep ID: the report, printable, where check-engine keeps failures.
judge_keep() {
    mkdir -p "$output/failures/${1%/*}"
    printable < "$RUNNER_OWN.report" > "$output/failures/$1.txt"
}
