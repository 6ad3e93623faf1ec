# shellcheck shell=bash
# checkers.bash -- COMP10002 2021 Assignment 2 (see game.bash for what a
# game's file defines). A program reads the actions on stdin and prints
# every board; its output is the setup board (21 lines), then per action
# a header, a cost line and a 17-line board, with error and win lines
# after the block they end.

# shellcheck disable=SC2034 # read by the scripts that load the game
GAME_RUN_MODE=stdin
GAME_RUN_WORDS="on stdin"
# (handed in in C)
GAME_PACKAGES=()
GAME_SEED_CASE=examples/seed-game-P
# scripts/oom's cases: every kind of path through the allocations (the
# mutants' out-of-memory stage walks the first).
GAME_OOM_CASES=(
    next-action/a-first-line           # A: one search tree
    play/after-capture-chance          # P: ten trees, thousands of nodes
    wins/black-blocks-white-during-p   # P ending in a win: the no-action path
    error1/row-9-deep-with-command-after  # error 1 before a command: no search
    malformed/after-three-actions      # malformed after three boards: no search
)
# The corpus pipeline, with its arguments, run from the top folder
# (scripts/generate-corpus).
GAME_CORPUS_PIPELINE=(src/corpus/checkers-pipeline)
# The handout fixes every byte of the output: the assignment profile
# compares stdout byte for byte, no judge.
GAME_JUDGE='' GAME_JUDGE_FAULTS=''
# The corpus's promises (scripts/corpus-stats): cases per category (a
# row of several adds them up, joined by +) and in all.
GAME_CORPUS_MINIMUMS=(official:9 examples:12 stage0:100 error1:40 error2:40 error3:40
    error4:40 error5:40 error6:40 next-action:200 play:200 wins:100
    malformed+edge-input:60)
GAME_CORPUS_TOTAL=1200

game_line_region() {
    awk -v stop="$2" -v setup_lines=21 -v board_lines=17 '
        NR > stop { exit }
        /ACTION #[0-9]+:/ { sub(/^(\*\*\* )?/, ""); action = $0; header = NR }
        END {
            if (action == "" && stop <= setup_lines)
                print "setup\tthe setup board, before any action"
            else if (action == "")
                print "after-setup\twhat follows the setup board"
            else if (stop <= header + 1 + board_lines)
                print "action\t" action
            else
                print "after-action\twhat follows " action
        }' "$1"
}

game_region_symptom() {
    case $1 in
        setup | after-setup) echo "stdout differs in the setup board or right after it" ;;
        after-action) echo "stdout differs after an action's block (an error or win line, or a missing action)" ;;
        *) echo "stdout differs in an action's block" ;;
    esac
}

# The largest A and P trees, an illegal action (the legal actions scanned
# to the end) and a malformed line (the diagnostic).
game_memcheck_cases() {
    local cases=$1 ids
    mapfile -t ids
    game_largest_outputs "$cases" 1 '^next-action/' "${ids[@]}"
    game_largest_outputs "$cases" 1 '^play/' "${ids[@]}"
    game_first_matching '^error6/' "${ids[@]}"
    game_first_matching '^malformed/' "${ids[@]}"
}

# Cases whose stdout ends with a win message, by side and by the command
# that led there (the input's last non-blank line, A or P), as
# `row<TAB>cases<TAB>minimum` for scripts/corpus-stats.
game_corpus_stats_rows() {
    local root=$1 id last side command total=0
    local -A wins=()
    while IFS= read -r id; do
        last=$(tail -n 1 -- "$root/$id.out")
        [[ $last == 'BLACK WIN!' || $last == 'WHITE WIN!' ]] || continue
        side=${last%% *} total=$((total + 1))
        command=$(awk 'NF { line = $0 } END { sub(/\r$/, "", line); print line }' "$root/$id.in")
        wins[$side-$command]=$((${wins[$side-$command]:-0} + 1))
    done < <(corpus_list "$root")
    printf 'output ends with a win\t%d\t100\n' "$total"
    for side in BLACK WHITE; do
        for command in A P; do
            printf '  %s wins in %s\t%d\t25\n' "${side,,}" "$command" "${wins[$side-$command]:-0}"
        done
    done
}

# game_contract_violations RUN: what the engine's contract for any input
# (scripts/fuzz) says is broken in the run RUN.*, a line each.
game_contract_violations() {
    local run=$1 status lines first_err last_out
    read -r status < "$run.status"
    lines=$(wc -l < "$run.err")
    first_err=$(head -n 1 "$run.err")
    last_out=$(tail -n 1 "$run.out")
    case $status in
        0|1) ((lines == 0)) || echo "exit $status with a message on stderr" ;;
        2) [[ $lines == 1 && $first_err =~ ^checkers:\ line\ [0-9]+:\ malformed\ action\ \".*\"\ \(expected\ e\.g\.\ G6-F5,\ A\ or\ P\)$ ]] ||
            echo "exit 2 without exactly one malformed-line message on stderr" ;;
        *) echo "$(corpus_describe_status "$status")${first_err:+: $first_err}"; return ;;
    esac
    # (the golden setup board: the output of an empty input)
    local setup_board=$GAMES_DIR/../../testdata/checkers/edge-input/empty.out
    cmp -s -n "$(stat -c %s "$setup_board")" -- "$run.out" "$setup_board" ||
        echo "stdout does not start with the setup board"
    if ((status == 1)) && [[ $last_out != ERROR:* ]]; then
        echo "exit 1 without an ERROR line last"
    fi
}

# Words of the input language (scripts/fuzz), so mutations build actions
# and commands.
game_fuzz_dictionary() {
    cat <<'DICTIONARY'
command_a="A"
command_p="P"
newline="\x0a"
crlf="\x0d\x0a"
dash="-"
black_action="G6-F5"
white_action="H3-G4"
capture="F5-H3"
zeros="000"
nul="\x00"
high_byte="\xff"
DICTIONARY
}
