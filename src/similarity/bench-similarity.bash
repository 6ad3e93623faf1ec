# shellcheck shell=bash
# bench-similarity.bash -- scripts/similarity's time on a generated class:
# 300 submissions (src/similarity/tests/make-class.py: random C programs of
# about 600 lines each, a tenth of them disguised copies of others, every
# one holding a skeleton file given as --base), against the target of 60
# seconds on 2 cores. Self-contained, so that scripts/bench can source it
# and call bench_similarity, and so can anyone:
#   bash -c 'source src/similarity/bench-similarity.bash && bench_similarity build/bench'

SIMILARITY_CLASS_SIZE=300 SIMILARITY_SECONDS_LIMIT=60
SIMILARITY_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# What bench_similarity measured, for a caller's targets.
similarity_seconds=''

# similarity_wall_seconds CLASS OUT: seconds of one scripts/similarity run
# over CLASS (hyperfine when it is installed, else date's nanoseconds).
similarity_wall_seconds() {
    local class=$1 output=$2 skeleton=$1/skeleton.c command start
    command="scripts/similarity --base $skeleton --output $output/report $class/s[0-9]*"
    if command -v hyperfine >/dev/null; then
        hyperfine --style none --runs 1 --export-json "$output/hyperfine.json" "$command" >/dev/null 2>&1 ||
            return 1
        awk -F '[:,]' '/"mean"/ { printf "%.2f\n", $2; exit }' "$output/hyperfine.json"
    else
        start=$(date +%s%N)
        # shellcheck disable=SC2086 # the command line, as hyperfine runs it
        $command >/dev/null 2>&1 || return 1
        awk -v a="$start" -v b="$(date +%s%N)" 'BEGIN { printf "%.2f\n", (b - a) / 1e9 }'
    fi
}

# bench_similarity OUTDIR: makes the class in OUTDIR/similarity, times
# scripts/similarity over it, and prints a row: target, measured, limit,
# verdict (met / not met), as scripts/bench's targets table does.
bench_similarity() {
    local output=$1/similarity root verdict='not met'
    root=$(cd "$SIMILARITY_DIR/../.." && pwd)
    rm -rf -- "$output"
    mkdir -p "$output/class"
    # The skeleton: a file of the repository's own, as a course's handout.
    cp "$root/src/checkers/search.c" "$output/class/skeleton.c"
    python3 -B "$SIMILARITY_DIR/tests/make-class.py" --skeleton "$output/class/skeleton.c" \
        "$SIMILARITY_CLASS_SIZE" "$output/class"
    similarity_seconds=$(cd "$root" && similarity_wall_seconds "$output/class" "$output") || {
        echo "bench: scripts/similarity failed on $output/class" >&2
        return 1
    }
    if awk -v a="$similarity_seconds" -v b="$SIMILARITY_SECONDS_LIMIT" 'BEGIN { exit !(a <= b) }'; then
        verdict=met
    fi
    printf '%-44s %14s %12s  %s\n' "similarity: $SIMILARITY_CLASS_SIZE submissions, wall s" \
        "$similarity_seconds" "$SIMILARITY_SECONDS_LIMIT" "$verdict"
}
