# shellcheck shell=bash
# draughts.bash -- CSCI 561 HW4 (see game.bash for what a game's file
# defines). A program is run as the handout's grader runs it, `PROGRAM
# input.txt output.txt` in its own folder; per case its output is a
# `case N` header, the alpha-beta trace (a line per visited node, `|-`
# once per ply) and a first-move line.

# shellcheck disable=SC2034 # read by the scripts that load the game
GAME_RUN_MODE=graded
GAME_RUN_WORDS="as BIN input.txt output.txt"
# (handed in in C, C++, Java, C# or Python 3)
GAME_PACKAGES=(g++ default-jdk-headless mono-mcs)
GAME_SEED_CASE=examples/opening
# scripts/oom's cases: every kind of path through the allocations (the
# mutants' out-of-memory stage walks the first).
GAME_OOM_CASES=(
    kings/kings-18-s1                         # the longest trace: 1043 lines, a move list per node
    examples/handout-case5                    # the handout's board
    examples/several-cases-crlf-blank-lines   # several cases, the output buffer reused
    examples/malformed-piece-on-light-square  # a malformed case after a good one
)
# The corpus pipeline, with its arguments, run from the top folder
# (scripts/generate-corpus).
GAME_CORPUS_PIPELINE=(src/corpus/draughts-pipeline --generator build/tools/draughts-corpus-gen
    --engine build/draughts --oracle "python3 src/corpus/draughts-oracle/draughts_oracle.py")
# The handout fixes neither the order of moves nor the spacing: under the
# assignment profile a run is judged by the rules of the game
# (src/draughts-judge, JUDGE.md), not compared with our bytes.
GAME_JUDGE=build/draughts-judge
# The fault each of the judge's rules finds broken, in the game's terms.
GAME_JUDGE_FAULTS=$GAMES_DIR/draughts-faults.tsv
# The corpus's promises (scripts/corpus-stats): cases per category and in
# all.
GAME_CORPUS_MINIMUMS=(examples:14 opening:50 midgame:60 lategame:50 kings:50
    jumps:40 crowning:30 terminal:40 no-move-at-root:10 pruning:40 ties:25
    several-cases:20 input-forms:20 malformed:40)
GAME_CORPUS_TOTAL=600

game_line_region() {
    awk -v stop="$2" '
        NR > stop { exit }
        /^case / { name = $0 }
        NR == stop { text = $0 }
        END {
            if (name == "") { print "first-case\tthe first case"; exit }
            if (text ~ /^case /) print "header\t" name ", its header"
            else if (text ~ /^first move:/) print "first-move\t" name ", its first-move line"
            else if (text == "") print "after-end\t" name ", the line after the end"
            else {
                label = text; sub(/:.*/, "", label); gsub(/\|-/, "", label)
                print "trace\t" name ", the trace at ply " label ": " text
            }
        }' "$1"
}

game_region_symptom() {
    case $1 in
        header) echo "stdout differs at a case header" ;;
        first-move) echo "stdout differs in a first-move line" ;;
        after-end) echo "stdout goes on after the expected end" ;;
        *) echo "stdout differs inside a trace" ;;
    esac
}

# The three largest traces, a malformed input (the diagnostic) and every
# input that ends without a newline, where a read one byte past a line is
# a read past the input (uninitialised: only Valgrind sees it).
game_memcheck_cases() {
    local cases=$1 ids id
    mapfile -t ids
    game_largest_outputs "$cases" 3 . "${ids[@]}"
    game_first_matching '^malformed/' "${ids[@]}"
    for id in "${ids[@]}"; do
        [[ ! -s $cases/$id.in || -z $(tail -c 1 "$cases/$id.in") ]] || echo "$id"
    done
}

# No rows beyond the categories'.
game_corpus_stats_rows() {
    :
}

# game_contract_violations RUN: what the engine's contract for any input
# (scripts/fuzz) says is broken in the run RUN.*, a line each.
game_contract_violations() {
    local run=$1 status lines first_err
    read -r status < "$run.status"
    lines=$(wc -l < "$run.err")
    first_err=$(head -n 1 "$run.err")
    case $status in
        0) ((lines == 0)) || echo "exit 0 with a message on stderr" ;;
        2) [[ $lines == 1 && $first_err =~ ^draughts:\ line\ [1-9][0-9]*:\  ]] ||
            echo "exit 2 without exactly one 'draughts: line N: ' message on stderr" ;;
        *) echo "$(corpus_describe_status "$status")${first_err:+: $first_err}"; return ;;
    esac
    awk '/^case [0-9]+$/ { if (open) bad = 1; open = 1; next }
         /^first move: / { if (!open) bad = 1; open = 0; next }
         !open { bad = 1 }
         END { exit bad || open }' "$run.out" ||
        echo "stdout is not a sequence of cases, each ending with its first-move line"
}

# Words of the input language (scripts/fuzz), so mutations build case
# headers and board rows.
game_fuzz_dictionary() {
    cat <<'DICTIONARY'
case="case "
case_1="case 1\x0a"
newline="\x0a"
crlf="\x0d\x0a"
start_row="+B+B+B+B"
alice_row="A+A+A+A+"
empty_row="O+O+O+O+"
kings="+K+k+O+O"
zeros="000"
nul="\x00"
high_byte="\xff"
DICTIONARY
}
