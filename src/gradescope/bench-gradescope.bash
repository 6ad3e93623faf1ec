# shellcheck shell=bash
# bench-gradescope.bash -- the Gradescope autograder's speed: one run of
# run_autograder on a correct copy of our checkers sources, with the zip's
# default configuration (the whole corpus, memcheck 1), in a stand-in
# /autograder (src/gradescope/standin.bash), pinned to one core as
# Gradescope gives about half of one. Run by scripts/bench (its row comes
# from src/bench/components.py); by hand:
#   bash -c 'source src/gradescope/bench-gradescope.bash; bench_gradescope /tmp/bench-gs'

BENCH_GRADESCOPE_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The target: a submission marked within a minute on one core.
GRADESCOPE_SECONDS_LIMIT=60
# shellcheck disable=SC2034 # for scripts/bench: what was measured
gradescope_seconds=''

# shellcheck source=src/gradescope/standin.bash
source "$BENCH_GRADESCOPE_DIR/standin.bash"

# bench_gradescope OUTDIR: builds the checkers zip (working tree), sets it
# up in OUTDIR (setup.sh, its apt-get a stub: the tools are this machine's),
# times run_autograder on a correct submission with `taskset -c 0`, and
# prints one row: what, seconds, limit, met or not met (through
# scripts/bench's `target` when it is defined). Returns 1 when the run
# failed or wrote no score.
bench_gradescope() {
    local out=$1 root tree pin=() started seconds verdict
    root=$(dirname "$(dirname "$BENCH_GRADESCOPE_DIR")")
    tree=$out/autograder
    rm -rf -- "$tree" && mkdir -p "$tree/submission" "$tree/results"
    (cd "$root" && PYTHONPATH=src python3 -B -m harness.gradescope.package --program checkers --source worktree \
        --output "$out/checkers-autograder.zip") > "$out/package.log" || return 1
    standin_unpack "$out/checkers-autograder.zip" "$tree"
    standin_setup "$tree" || { echo "bench_gradescope: setup.sh failed: $tree/setup.log" >&2; return 1; }
    cp -- "$root/src/checkers"/*.[ch] "$tree/submission/"
    if command -v taskset > /dev/null; then pin=(taskset -c 0); fi
    started=$EPOCHREALTIME
    standin "$tree" "${pin[@]}" /autograder/run_autograder > "$out/run_autograder.log" 2>&1 || return 1
    seconds=$(awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
    python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); sys.exit(not r["tests"] or r["score"] != sum(t["max_score"] for t in r["tests"]))' \
        "$tree/results/results.json" || { echo "bench_gradescope: a correct submission did not get full marks" >&2; return 1; }
    # shellcheck disable=SC2034 # for scripts/bench
    gradescope_seconds=$seconds
    verdict='not met'
    if awk -v a="$seconds" -v b="$GRADESCOPE_SECONDS_LIMIT" 'BEGIN { exit !(a <= b) }'; then verdict=met; fi
    ((${#pin[@]})) || verdict+=' (taskset missing: not pinned)'
    if declare -F target > /dev/null; then
        target 'gradescope: run_autograder, 1 core, wall s' "$seconds" "$GRADESCOPE_SECONDS_LIMIT" "$verdict"
    else
        printf '%-44s %14s %12s  %s\n' 'gradescope: run_autograder, 1 core, wall s' "$seconds" \
            "$GRADESCOPE_SECONDS_LIMIT" "$verdict"
    fi
}
