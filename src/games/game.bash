# shellcheck shell=bash
# game.bash -- one game's specifics, loaded by name. `game_load NAME`
# sources src/games/NAME.bash; every game's file sets the same variables
# and defines the same functions, so the harness asks the loaded game
# instead of branching on its name:
#
#   GAME_RUN_MODE       how a graded program gets a case: stdin (the input
#                       on stdin, the output on stdout) or graded (input.txt
#                       in its folder, output.txt written there)
#   GAME_RUN_WORDS      the same in words, for people
#   GAME_PACKAGES       the Debian packages, beyond gcc's, that the languages
#                       the handout takes need (an array; Gradescope's
#                       setup.sh installs them)
#   GAME_SEED_CASE      a case that reaches every part of the engine (the
#                       allocation count and the allocation-failure walk)
#   GAME_OOM_CASES      scripts/oom's default cases (an array)
#   GAME_CORPUS_PIPELINE
#                       the corpus pipeline and its arguments (an array),
#                       run from the top folder by scripts/generate-corpus
#   GAME_JUDGE          the output validator of the assignment profile, a
#                       make target (Kattis interface: JUDGE INPUT ANSWER
#                       FEEDBACK_DIR < OUTPUT, exit 42 accepted, 43 wrong),
#                       or empty: the assignment profile compares stdout
#                       byte for byte, as the handout fixes every byte
#   GAME_JUDGE_FAULTS   with a judge: a table (TSV) of the fault, in the
#                       game's terms, that each of the judge's rules finds
#                       broken (how the rule begins, the fault): the
#                       symptoms of judged failures
#   GAME_CORPUS_MINIMUMS, GAME_CORPUS_TOTAL
#                       the corpus's promises: cases per category, in all
#   game_line_region EXPECTED LINE
#                       where line LINE of an expected output stands, as
#                       `REGION<TAB>words`; REGION is a code of the game's
#   game_region_symptom REGION
#                       the symptom, in words, of a first difference there
#   game_corpus_stats_rows CASES_DIR
#                       scripts/corpus-stats' rows beyond the categories', as
#                       `row<TAB>cases<TAB>minimum`
#   game_contract_violations RUN
#                       what the engine's contract for any input says is
#                       broken in the run RUN.* (scripts/fuzz), a line each
#   game_fuzz_dictionary
#                       words of the input language, as afl's dictionary
#   game_memcheck_cases CASES_DIR
#                       reads case ids on stdin, prints the ones the
#                       mutants' memory check runs

GAMES_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The game every script takes when given no --program.
# shellcheck disable=SC2034 # read by the scripts
GAME_DEFAULT=checkers

# game_names: the games there are, one per line.
game_names() {
    local file
    for file in "$GAMES_DIR"/*.bash; do
        file=${file##*/}
        [[ $file == game.bash ]] || echo "${file%.bash}"
    done
}

# game_load NAME: loads the game; status 1 for a name that is no game.
game_load() {
    local name=$1
    [[ $name =~ ^[a-z]+$ && $name != game && -f $GAMES_DIR/$name.bash ]] || return 1
    # shellcheck source=src/games/checkers.bash
    source "$GAMES_DIR/$name.bash"
    # shellcheck disable=SC2034 # read by src/cases/cases.bash
    GAME_NAME=$name
}

# game_choices: "checkers or draughts", for messages.
game_choices() {
    local names
    mapfile -t names < <(game_names)
    local last=${names[-1]}
    unset 'names[-1]'
    local IFS=,
    echo "${names[*]//,/, }${names[*]:+ or }$last"
}

# game_largest_outputs CASES N REGEX ID...: the N ids matching REGEX with
# the largest expected outputs.
game_largest_outputs() {
    local cases=$1 count=$2 regex=$3 id
    shift 3
    for id in "$@"; do
        if [[ $id =~ $regex ]]; then printf '%s\t%s\n' "$(wc -c < "$cases/$id.out")" "$id"; fi
    done | sort -rn | sed -n "1,${count}p" | cut -f2
}

# game_first_matching REGEX ID...: the first id matching REGEX (in bash:
# no pipe a reader leaves early).
game_first_matching() {
    local regex=$1 id
    shift
    for id in "$@"; do
        if [[ $id =~ $regex ]]; then echo "$id"; return 0; fi
    done
}
