# shellcheck shell=bash
# check-judge.bash -- a case judged by the game's output validator
# (GAME_JUDGE, the Kattis interface) instead of compared byte for byte:
# the assignment profile of a game whose handout leaves the output's order
# and spacing open (draughts: src/draughts-judge, JUDGE.md). Sourced by
# src/check/check-worker, after src/cases/cases.bash and
# src/check/check-symptom.bash; its check_one calls judge_one.

# Exit statuses of an output validator (Kattis, DOMjudge).
JUDGE_ACCEPTED=42
JUDGE_WRONG=43

# judge_one JUDGE FAULTS CASES ID ACTUAL RUN REPORT OUTPUT TIMEOUT: judges
# with JUDGE the run ACTUAL.* of case ID of CASES (RUN: the rerun line's
# command; FAULTS: the game's table of faults); prints the verdict line as
# check_one does, and keeps a failure's report (written at REPORT) in
# OUTPUT/failures.
judge_one() {
    local judge=$1 faults=$2 id=$4 actual=$5 run=$6 report=$7 output=$8 timeout=$9
    local case_path=$3/$4 status verdict=0 feedback code phrase
    read -r status < "$actual.status"
    # One feedback folder a worker: the judge writes its message anew
    # each time (a process less per case than emptying it).
    feedback=$report.feedback
    [[ -d $feedback ]] || mkdir -p -- "$feedback"
    if ((status > 128 || status == 124)) || [[ ! -s $actual.out ]]; then
        # A hang, a flood, a crash or nothing printed: no output to judge.
        judge_report "$judge" "$case_path" "$id" "$actual" "$run" \
            "nothing to judge: the program's run ended with $(corpus_describe_status "$status")$([[ -s $actual.out ]] || echo ', output.txt empty or missing')" > "$report"
        judge_keep "$report" "$output" "$id"
        runner_keep "$actual" "$status" "$output" "$id"
        printf 'fail\t%s\t%s\n' "$id" "$(symptom_of_run "$case_path" "$actual" "$timeout" '')"
        return
    fi
    "$judge" "$case_path.in" "$case_path.out" "$feedback" < "$actual.out" \
        > /dev/null 2> "$feedback/stderr" || verdict=$?
    if ((verdict == JUDGE_ACCEPTED)); then
        printf 'pass\t%s\n' "$id"
        return
    fi
    if ((verdict == JUDGE_WRONG)); then
        code=judge phrase=$(judge_symptom "$faults" "$feedback/judgemessage.txt")
        judge_report "$judge" "$case_path" "$id" "$actual" "$run" "$(cat -- "$feedback/judgemessage.txt")" > "$report"
    else
        code=judge-error phrase="the judge gave no verdict (exit status $verdict)"
        judge_report "$judge" "$case_path" "$id" "$actual" "$run" "$phrase: $(head -n 1 -- "$feedback/stderr")" > "$report"
    fi
    judge_keep "$report" "$output" "$id"
    runner_keep "$actual" "$status" "$output" "$id"
    printf 'fail\t%s\t%s\t%s\n' "$id" "$code" "$phrase"
}

# judge_symptom FAULTS MESSAGE_FILE: the symptom of a rejection: the fault
# (in the game's terms, from the table FAULTS, the game's
# GAME_JUDGE_FAULTS) of the rule the judge names on its `required:` line,
# the same for every case that breaks it, so that failures group by fault.
# A rule the table lacks is shown itself, cut at a word outside backquotes.
judge_symptom() {
    local rule fault
    rule=$(sed -n 's/^required: //p' -- "$2" | head -n 1)
    [[ -n $rule ]] || rule=$(head -n 1 -- "$2" | sed 's/ in case [0-9].*//')
    fault=$(awk -F '\t' -v rule="$rule" '!/^#/ && NF == 2 && index(rule, $1) == 1 { print $2; exit }' "$1")
    if [[ -z $fault ]]; then
        fault=$(judge_cut "${rule%%: *}" 100)
    fi
    printf 'judge: %s\n' "$fault"
}

# judge_cut TEXT MOST: TEXT, or when longer than MOST its words up to MOST
# - 3 characters and `...`, never cut inside a backquoted piece.
judge_cut() {
    local text=$1 most=$2 quotes
    ((${#text} > most)) || { printf '%s\n' "$text"; return; }
    text=${text:0:most-3}
    text=${text% *}
    quotes=${text//[^\`]/}
    while ((${#quotes} % 2)) && [[ $text == *' '* ]]; do
        text=${text% *}
        quotes=${text//[^\`]/}
    done
    printf '%s...\n' "${text%[,;:]}"
}

# judge_report JUDGE CASE ID ACTUAL RUN TEXT: a failure's report: the case,
# how to rerun it (RUN) and judge it, and TEXT (the judge's message).
judge_report() {
    local judge=$1 case_path=$2 id=$3 actual=$4 run=$5 text=$6 quoted
    quoted=$(printf '%q' "$case_path")
    printf 'case:   %s\n' "$id"
    printf 'reason: %s\n' "$(corpus_reason "$case_path")"
    printf 'rerun:  cp %s.in input.txt && %s input.txt output.txt\n' "$quoted" "$run"
    printf 'judge:  mkdir -p feedback && %q %s.in %s.out feedback < output.txt; cat feedback/judgemessage.txt\n' \
        "$judge" "$quoted" "$quoted"
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

# judge_keep REPORT OUTPUT ID: the report, printable, where check-engine
# keeps failures.
judge_keep() {
    mkdir -p "$2/failures/${3%/*}"
    printable < "$1" > "$2/failures/$3.txt"
}
