# shellcheck shell=bash
# cases.bash -- what a golden case is, how to run one, how to compare it.
# Sourced by every script that handles cases and by the golden runner's
# batch (src/golden/batch.bash), so the case format and
# the comparison exist once.
#
# A case is a path prefix P, normally testdata/<category>/<name>:
#   P.in      the input, fed to the engine on stdin
#   P.out     the expected stdout, byte for byte
#   P.reason  one line: why this case exists
#   P.status  the expected exit status, only when it is not 0
#   P.err     the expected stderr, only when it is not empty

# shellcheck disable=SC2034 # used by the scripts that source this file
CORPUS_NAME_PATTERN='^[A-Za-z0-9][A-Za-z0-9_-]*$'
CORPUS_TIMEOUT=${CORPUS_TIMEOUT:-20}
CORPUS_DIFF_LINES=${CORPUS_DIFF_LINES:-80}
# shellcheck source=src/games/game.bash
source "$(dirname "${BASH_SOURCE[0]}")/../games/game.bash"

# Case ids (category/name) under a cases root, in a stable order.
corpus_list() {
    local root=$1
    (cd "$root" && find . -name '*.in' \( -type f -o -type l \) |
        sed 's|^\./||; s|\.in$||' | LC_ALL=C sort)
}

# The globs (over category/name) of ROOT/strict-only, the file that lists
# the cases resting on a decision of NOTES.md the assignment leaves open
# (see testdata/checkers/strict-only), as "DECISION<TAB>GLOB" lines.
corpus_strict_only_globs() {
    local file=$1/strict-only
    [[ -f $file ]] || return 0
    awk '/^#/ || /^[[:space:]]*$/ { next }
         /^== / { decision = $2; sub(/:$/, "", decision); next }
         { print (decision == "" ? "?" : decision) "\t" $0 }' "$file"
}

# Each glob of stdin as an anchored extended regular expression, a line
# each: only '*' is special.
corpus_glob_regex() {
    sed 's/[].[^$\\+?(){}|]/\\&/g; s/\*/.*/g; s/^/^/; s/$/$/'
}

# The ids of the cases under ROOT that ROOT/strict-only puts in the strict
# profile only, one per line, in corpus order.
corpus_strict_only() {
    local root=$1 patterns
    patterns=$(corpus_strict_only_globs "$root" | cut -f2 | corpus_glob_regex)
    [[ -n $patterns ]] || return 0
    corpus_list "$root" | grep -E -f <(printf '%s\n' "$patterns") || true
}

# corpus_select_ids CASES PROFILE WANTED EXCLUDED: the ids (category/name)
# a run with these options checks (check-engine, mark), one a line, in
# corpus order: the profile assignment leaves out the strict-only cases.
# WANTED and EXCLUDED are space-separated lists of categories (may be empty).
corpus_select_ids() {
    local cases=$1 profile=$2 wanted=" $3 " excluded=" $4 " id category
    declare -A strict_only=()
    if [[ $profile != strict ]]; then
        while IFS= read -r id; do strict_only[$id]=1; done < <(corpus_strict_only "$cases")
    fi
    while IFS= read -r id; do
        category=${id%/*}
        [[ $wanted == "  " || $wanted == *" $category "* ]] || continue
        [[ $excluded != *" $category "* ]] || continue
        [[ -z ${strict_only[$id]:-} ]] || continue
        printf '%s\n' "$id"
    done < <(corpus_list "$cases")
}

# corpus_unknown_categories CASES CATEGORY...: the CATEGORYs CASES has no
# case of, one a line.
corpus_unknown_categories() {
    local cases=$1 category
    shift
    declare -A known=()
    while IFS= read -r category; do known[$category]=1; done < <(corpus_categories "$cases")
    for category in "$@"; do
        [[ -n ${known[$category]:-} ]] || printf '%s\n' "$category"
    done
}

# corpus_categories CASES: the categories, one a line, sorted.
corpus_categories() {
    corpus_list "$1" | sed 's|/.*||' | LC_ALL=C sort -u
}

corpus_expected_status() {
    local status
    corpus_read_expected_status "$1" status
    printf '%s\n' "$status"
}

# corpus_read_expected_status P VAR: the same into VAR, without the fork of
# a command substitution (it runs once per case in every suite).
corpus_read_expected_status() {
    local -n into=$2
    into=0
    if [[ -f $1.status ]]; then read -r into < "$1.status"; fi
}

corpus_reason() {
    local reason='(no reason recorded)'
    if [[ -f $1.reason ]]; then read -r reason < "$1.reason" || true; fi
    printf '%s\n' "$reason"
}

# Runs ENGINE on case P; writes A.out, A.err and A.status. A run that
# outlives CORPUS_TIMEOUT seconds is killed (status 124, as timeout(1)).
# With CORPUS_WRAPPER set (src/golden/wrap-memcheck), the engine runs
# under it, its tool log kept as CORPUS_TOOL_LOGS/ID.log.
corpus_run() {
    local engine=$1 case_path=$2 actual=$3 status=0 wrapper=()
    if [[ -n ${CORPUS_WRAPPER:-} ]]; then
        wrapper=("$CORPUS_WRAPPER" "${CORPUS_TOOL_LOGS:?}/${4:-case}.log")
    fi
    timeout --kill-after=5 "$CORPUS_TIMEOUT" "${wrapper[@]}" "$engine" \
        < "$case_path.in" > "$actual.out" 2> "$actual.err" || status=$?
    printf '%s\n' "$status" > "$actual.status"
}

# How a status reads to a person: a signal by name, a hang as a hang.
corpus_describe_status() {
    local status=$1
    if ((status == 124)); then
        printf 'a hang (killed after %ss)\n' "$CORPUS_TIMEOUT"
    elif ((status > 128)); then
        printf 'a crash (signal SIG%s)\n' "$(kill -l "$((status - 128))" 2>/dev/null || echo '?')"
    else
        printf 'exit status %s\n' "$status"
    fi
}

# The 1-based line where two files first differ, or empty when equal.
corpus_first_difference_line() {
    local expected=$1 actual=$2 report byte
    report=$(LC_ALL=C cmp -- "$expected" "$actual" 2>&1) && return 0
    byte=$(sed -En 's/.*(char|byte) ([0-9]+).*/\2/p' <<<"$report")
    [[ -n $byte ]] || byte=1
    if [[ $report == *EOF* ]]; then byte=$((byte + 1)); fi
    echo $(( $(head -c "$((byte - 1))" -- "$expected" | wc -l) + 1 ))
}

# Where line LINE of an expected output stands, as `REGION<TAB>words`, in
# the terms of the game GOLDEN_PROGRAM (checkers by default; see
# src/games/game.bash).
corpus_line_region() {
    [[ ${GAME_NAME:-} == "${GOLDEN_PROGRAM:-checkers}" ]] || game_load "${GOLDEN_PROGRAM:-checkers}"
    game_line_region "$@"
}

# The same in words only.
corpus_where_is_line() {
    corpus_line_region "$@" | cut -f2
}

# The diff of one stream, labelled `expected` and `actual` under a heading
# that names the stream, cut to CORPUS_DIFF_LINES lines. Its bytes go
# through a pipe, never a shell variable: a program's output may hold NUL
# bytes (the reports show them escaped). OPTION...: more of diff's.
corpus_show_diff() {
    local expected=$1 actual=$2 stream=$3
    shift 3
    printf 'diff -u%s of %s:\n' "${1:+ $*}" "$stream"
    { diff -a -u "$@" --label expected --label actual -- "$expected" "$actual" || true; } |
        awk -v most="$CORPUS_DIFF_LINES" 'NR <= most { print }
            END { if (NR > most) printf "... (%d more diff lines)\n", NR - most }'
}

# Whether two files hold the same bytes: in bash alone when both are
# small and hold no NUL byte (a cmp process costs more than a run of an
# engine, and this runs once or twice per case in every suite); cmp
# otherwise. Two empty ones (the usual stderr) need no read at all.
corpus_same_bytes() {
    [[ ! -s $1 && ! -s $2 ]] && return 0
    [[ -s $1 && -s $2 ]] || return 1
    local LC_ALL=C expected='' actual='' limit=65536
    # read's status 0: it stopped at a NUL byte or at the limit.
    if IFS= read -r -d '' -n "$((limit + 1))" expected < "$1"; then
        cmp -s -- "$1" "$2"
        return
    fi
    if IFS= read -r -d '' -n "$((${#expected} + 1))" actual < "$2"; then
        ((${#actual} <= ${#expected})) || return 1
        cmp -s -- "$1" "$2"
        return
    fi
    [[ $expected == "$actual" ]]
}

# Compares the run in A.* with case P. Silent and 0 when they agree;
# otherwise prints a report (case, reason, rerun command, what differs and
# a unified diff) and returns 1. `engine` only appears in the rerun line.
# With CORPUS_STDOUT_ONLY=1 only stdout counts (check-engine's assignment
# profile); with CORPUS_STDOUT_SAME=1 the caller knows stdout is the
# expected one (the same SHA-256). An empty actual stdout is said in words,
# not shown as a diff of nothing but removed lines.
corpus_compare() {
    local case_path=$1 actual=$2 engine=$3 id=$4
    local expected_status actual_status problems=() line
    # For the caller (check-engine's explanation and symptom): the line
    # where stdout first differs, or empty.
    CORPUS_FIRST_DIFFERENCE=''
    corpus_read_expected_status "$case_path" expected_status
    read -r actual_status < "$actual.status"
    local expected_err=/dev/null
    if [[ -f $case_path.err ]]; then expected_err=$case_path.err; fi

    local stdout_only=${CORPUS_STDOUT_ONLY:-0} stdout_differs=0 stderr_differs=0
    if ((!stdout_only)) && [[ $actual_status != "$expected_status" ]]; then
        problems+=("status: expected exit status $expected_status, got $(corpus_describe_status "$actual_status")")
    elif ((stdout_only)) && ((actual_status > 128)); then
        problems+=("status: $(corpus_describe_status "$actual_status")")
    fi
    if ((${CORPUS_STDOUT_SAME:-0} == 0)) && ! corpus_same_bytes "$case_path.out" "$actual.out"; then
        stdout_differs=1
        if [[ ! -s $actual.out ]]; then
            problems+=("stdout: the program printed nothing ($(wc -l < "$case_path.out") lines expected)")
        else
            line=$(corpus_first_difference_line "$case_path.out" "$actual.out")
            CORPUS_FIRST_DIFFERENCE=$line
            problems+=("stdout: first difference at line $line, in $(corpus_where_is_line "$case_path.out" "$line")")
        fi
    fi
    if ((!stdout_only)) && ! corpus_same_bytes "$expected_err" "$actual.err"; then
        stderr_differs=1
        problems+=("stderr: differs from the expected stderr")
    fi
    ((${#problems[@]} == 0 || (stdout_only && !stdout_differs))) && return 0
    ((${#problems[@]} == 0)) && return 0

    printf 'case:   %s\n' "$id"
    printf 'reason: %s\n' "$(corpus_reason "$case_path")"
    # (ENGINE is a command line; the case's path is quoted for the shell)
    local quoted
    printf -v quoted '%q' "$case_path"
    if [[ ${CORPUS_GRADED:-0} == 1 ]]; then
        printf 'rerun:  cp %s.in input.txt && %s input.txt output.txt; diff -u %s.out output.txt\n' \
            "$quoted" "$engine" "$quoted"
    else
        printf 'rerun:  %s < %s.in | diff -u %s.out -\n' "$engine" "$quoted" "$quoted"
    fi
    printf '%s\n' "${problems[@]}"
    if ((stdout_differs)) && [[ ! -s $actual.out ]]; then
        printf 'expected stdout begins:\n'
        head -n 10 -- "$case_path.out"
    elif ((stdout_differs)); then
        corpus_show_diff "$case_path.out" "$actual.out" stdout
    fi
    if ((stderr_differs)); then
        corpus_show_diff "$expected_err" "$actual.err" stderr
    fi
    return 1
}
