# shellcheck shell=bash
# bench-checking.bash -- scripts/bench's tables for checking other people's
# programs: check-engine against a plain loop over the same inputs, the
# sandbox's cost per run, and scripts/mark over a class of correct
# submissions. Sourced by scripts/bench, whose helpers it uses (timed,
# load_average, at_most) and whose settings it reads (out, quick).
# shellcheck disable=SC2154 # out, quick: scripts/bench's

# The marking's other two speeds: scripts/similarity over a generated class
# and Gradescope's run_autograder on one core (each measured and printed as
# a target row by its own component).
# shellcheck source=src/similarity/bench-similarity.bash
source "$(dirname "${BASH_SOURCE[0]}")/../similarity/bench-similarity.bash"
# shellcheck source=src/gradescope/bench-gradescope.bash
source "$(dirname "${BASH_SOURCE[0]}")/../gradescope/bench-gradescope.bash"

# The targets of the issues on checking and marking.
CHECK_ENGINE_RATIO_LIMIT=2 JUDGED_RATIO_LIMIT=2 MARK_CLASS_SIZE=50 MARK_SECONDS_LIMIT=240
MARK_MEMCHECK_CLASS_SIZE=10 MARK_MEMCHECK_EXTRA_LIMIT=10
# What the tables measure, for the targets.
check_engine_ratio='' judged_ratio='' mark_seconds='' mark_memcheck_extra=''

# timed_pair NAME TITLE LABEL_A COMMAND_A LABEL_B COMMAND_B: both commands
# in one hyperfine run (so that the ratio compares like with like), and
# their table; `pair_ratio`, the second's time over the first's.
timed_pair() {
    local name=$1 title=$2 runs=3 load times first second
    ((quick == 0)) || runs=1
    load=$(load_average)
    times=$(timed "$name" --warmup 1 --runs "$runs" --command-name="$3" "$4" --command-name="$5" "$6")
    { read -r first _; read -r second _; } <<<"$times"
    pair_ratio=$(awk -v a="$second" -v b="$first" 'BEGIN { printf "%.2f", a / b }')
    echo "== $title (hyperfine --runs $runs; load $load) =="
    printf '%-58s %10s\n' command 'wall s'
    printf '%-58s %10.2f\n' "$3" "$first" "$5" "$second"
    printf '%-58s %10s\n' "ratio" "$pair_ratio"
}

# check_engine_table: the whole checkers corpus run by check-engine
# (profile strict, the sandbox, default jobs) and by a plain loop that
# only runs the engine on every input; then the sandbox's own cost per run.
check_engine_table() {
    local loop=$out/plain-loop.sh
    # shellcheck disable=SC2016 # a script's text
    printf '%s\n' '#!/usr/bin/env bash' \
        'for input in testdata/checkers/*/*.in; do build/checkers < "$input" > /dev/null 2>&1; done' > "$loop"
    timed_pair check-engine "check-engine on our engine, the whole checkers corpus" \
        "a plain loop: build/checkers < each input" "bash $loop" \
        "scripts/check-engine build/checkers --profile strict" \
        "scripts/check-engine build/checkers --profile strict --show 0 --output $out/check-engine"
    check_engine_ratio=$pair_ratio
    echo "-- the sandbox's cost per run (src/sandbox/sandbox-bench) --"
    src/sandbox/sandbox-bench --runs 200 --starts 5 2>&1 | tail -n 6
}

# judged_table: check-engine on our draughts engine over the whole draughts
# corpus, compared byte for byte (strict) and judged by the rules
# (assignment profile, build/draughts-judge).
judged_table() {
    timed_pair judged "check-engine on our draughts engine, whole corpus: judged against byte for byte" \
        "--profile strict (all cases, compared byte for byte)" \
        "scripts/check-engine --program draughts build/draughts --profile strict --show 0 --output $out/check-strict" \
        "--profile assignment (judged by build/draughts-judge)" \
        "scripts/check-engine --program draughts build/draughts --profile assignment --show 0 --output $out/check-judged"
    judged_ratio=$pair_ratio
}

# mark_seconds_of CLASS OUT MEMCHECK: wall seconds of scripts/mark over the
# submissions in CLASS, compilation included.
mark_seconds_of() {
    local class=$1 output=$2 memcheck=$3 times
    rm -rf -- "$output"
    times=$(timed "mark-$(basename "$output")" --runs 1 -n "mark" \
        "scripts/mark --memcheck $memcheck --output $output $class/*")
    read -r mean _ <<<"$times"
    echo "$mean"
}

# mark_table: a class of correct copies of our engine marked whole
# (compilation included, memory check off), and the memory check's extra
# wall time per submission with its default sample, over a smaller class.
mark_table() {
    local class=$out/class small=$out/class-small load off on
    rm -rf -- "$class" "$small"
    bash src/test-lib/mark-class.bash "$class" correct "$MARK_CLASS_SIZE"
    bash src/test-lib/mark-class.bash "$small" correct "$MARK_MEMCHECK_CLASS_SIZE"
    load=$(load_average)
    mark_seconds=$(mark_seconds_of "$class" "$out/mark" 0)
    off=$(mark_seconds_of "$small" "$out/mark-off" 0)
    on=$(mark_seconds_of "$small" "$out/mark-on" 1)
    mark_memcheck_extra=$(awk -v a="$on" -v b="$off" -v n="$MARK_MEMCHECK_CLASS_SIZE" \
        'BEGIN { printf "%.1f", (a - b) / n }')
    echo "== scripts/mark: classes of correct copies of src/checkers (load $load) =="
    printf '%-58s %10s\n' class 'wall s'
    printf '%-58s %10.1f\n' "$MARK_CLASS_SIZE submissions, --memcheck 0" "$mark_seconds"
    printf '%-58s %10.1f\n' "$MARK_MEMCHECK_CLASS_SIZE submissions, --memcheck 0" "$off"
    printf '%-58s %10.1f\n' "$MARK_MEMCHECK_CLASS_SIZE submissions, default memory check (1 per category)" "$on"
    printf '%-58s %10s\n' "memory check, extra s per submission" "$mark_memcheck_extra"
}

# checking_targets: the rows of the targets table (scripts/bench's target).
checking_targets() {
    if [[ -n $check_engine_ratio ]]; then
        target 'check-engine / plain loop, whole corpus' "$check_engine_ratio" \
            "$CHECK_ENGINE_RATIO_LIMIT" "$(verdict at_most "$check_engine_ratio" "$CHECK_ENGINE_RATIO_LIMIT")"
    else
        target 'check-engine / plain loop, whole corpus' - "$CHECK_ENGINE_RATIO_LIMIT" 'not measured (--engine-only)'
    fi
    if [[ -n $judged_ratio ]]; then
        target 'check-engine draughts: judged / strict' "$judged_ratio" \
            "$JUDGED_RATIO_LIMIT" "$(verdict at_most "$judged_ratio" "$JUDGED_RATIO_LIMIT")"
    fi
    if [[ -n $mark_seconds ]]; then
        target "mark: $MARK_CLASS_SIZE submissions, wall s" "$(printf '%.1f' "$mark_seconds")" \
            "$MARK_SECONDS_LIMIT" "$(verdict at_most "$mark_seconds" "$MARK_SECONDS_LIMIT")"
        target 'mark: memory check, extra s per submission' "$mark_memcheck_extra" \
            "$MARK_MEMCHECK_EXTRA_LIMIT" "$(verdict at_most "$mark_memcheck_extra" "$MARK_MEMCHECK_EXTRA_LIMIT")"
    else
        target "mark: $MARK_CLASS_SIZE submissions, wall s" - "$MARK_SECONDS_LIMIT" "not measured ($memcheck_skipped)"
        target 'mark: memory check, extra s per submission' - "$MARK_MEMCHECK_EXTRA_LIMIT" \
            "not measured ($memcheck_skipped)"
    fi
    marking_targets
}

# marking_targets: similarity over a class and run_autograder on one core,
# measured here (not with --engine-only).
marking_targets() {
    local label="similarity: $SIMILARITY_CLASS_SIZE submissions, wall s"
    if ((${suites:-1} == 0)); then
        target "$label" - "$SIMILARITY_SECONDS_LIMIT" 'not measured (--engine-only)'
        target 'gradescope: run_autograder, 1 core, wall s' - "$GRADESCOPE_SECONDS_LIMIT" 'not measured (--engine-only)'
        return
    fi
    if bench_similarity "$out" > /dev/null && [[ -n $similarity_seconds ]]; then
        target "$label" "$similarity_seconds" "$SIMILARITY_SECONDS_LIMIT" \
            "$(verdict at_most "$similarity_seconds" "$SIMILARITY_SECONDS_LIMIT")"
    else
        target "$label" - "$SIMILARITY_SECONDS_LIMIT" 'not measured (the run failed)'
    fi
    bench_gradescope "$out/gradescope" ||
        target 'gradescope: run_autograder, 1 core, wall s' - "$GRADESCOPE_SECONDS_LIMIT" 'not measured (the run failed)'
}
