# shellcheck shell=bash
# languages.bash -- a program handed in as a folder of C, C++, Java, C#
# or Python: which language it is, its build inside the sandbox, and the
# launcher that runs it there (languages.tsv holds the commands). Sourced
# by src/mark/mark-one, after src/cases/cases.bash (corpus_describe_status);
# check-engine's side is the package's, harness/languages/build.py.
#
#   language_of DIR          the language of the sources in DIR (a name of
#                            languages.tsv); status 1 and a sentence on
#                            stdout when there are none or several
#   language_field LANG COL  a column of languages.tsv, by its header's
#                            name: files, build, product, run, older
#   language_built DIR LANG  whether DIR holds what LANG's build makes
#   language_build DIR LANG CMD TIMEOUT SANDBOX OUT LOG
#                            builds a copy of DIR in the sandbox (writable
#                            there; CMD, or LANG's build when empty) into
#                            the folder OUT; the compiler's messages into
#                            LOG; returns the build's status (124 a hang,
#                            3 when it made nothing)
#   language_launcher DIR LANG FILE
#                            writes FILE, an executable that runs the
#                            program of DIR (read-only in the sandbox, as
#                            $SANDBOX_FOLDER) as the handout's grader does

LANGUAGES_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=src/sandbox/sandbox.bash
source "$LANGUAGES_DIR/../sandbox/sandbox.bash"
# shellcheck source=src/languages/compiler-messages.bash
source "$LANGUAGES_DIR/compiler-messages.bash"
# shellcheck source=src/languages/older-standard.bash
source "$LANGUAGES_DIR/older-standard.bash"

# The lines of languages.tsv, comments left out: the header naming the
# columns, then a row per language.
language_table() { grep -v '^#' "$LANGUAGES_DIR/languages.tsv"; }

# The start of every awk program reading the table: the header's names
# (col[NAME], the column's number), each name of `wanted` (awk's variable,
# space-separated) required: one the header lacks stops awk, status 2, with
# a sentence on stderr.
# shellcheck disable=SC2016 # awk's own variables
LANGUAGE_COLUMNS_AWK='NR == 1 {
    for (i = 1; i <= NF; i++) col[$i] = i
    n = split(wanted, names, " ")
    for (i = 1; i <= n; i++) if (!(names[i] in col)) {
        printf "languages.tsv: no column %s in its header (%s)\n", names[i], $0 > "/dev/stderr"; bad = 2; exit
    }
    next
}'

# language_field LANG COLUMN: LANG's cell in the column named COLUMN
# (language, files, build, product, run, older); status 1 for no such
# language, 2 for no such column.
language_field() {
    language_table | awk -F '\t' -v lang="$1" -v wanted="language $2" -v column="$2" "$LANGUAGE_COLUMNS_AWK"'
        $col["language"] == lang { print $col[column]; found = 1 }
        END { exit bad ? bad : !found }'
}

# language_names: the languages, a line each, in the table's order.
language_names() {
    language_table | awk -F '\t' -v wanted=language "$LANGUAGE_COLUMNS_AWK"'
        { print $col["language"] }
        END { exit bad }'
}

# language_files DIR LANG: LANG's source files under DIR, as paths
# relative to it, NUL-separated, sorted.
language_files() {
    local globs pattern names=()
    globs=$(language_field "$2" files)
    for pattern in $globs; do names+=(-o -name "$pattern"); done
    find "$1" -type f \( "${names[@]:1}" \) -printf '%P\0' | LC_ALL=C sort -z
}

language_of() {
    local lang found=()
    while IFS= read -r lang; do
        [[ -z $(language_files "$1" "$lang" | head -c 1) ]] || found+=("$lang")
    done < <(language_names)
    if ((${#found[@]} == 1)); then printf '%s\n' "${found[0]}"; return 0; fi
    if ((${#found[@]} == 0)); then
        echo "no source file of a known language (.c, .cpp/.cc, .java, .cs, .py)"
    else
        echo "sources in several languages (${found[*]}): one language a program"
    fi
    return 1
}

# language_native LANG: whether LANG's build makes the executable itself
# (C, C++: it can run alone, and under Valgrind).
language_native() {
    [[ $(language_field "$1" run) == "\"\$SANDBOX_FOLDER/$(language_field "$1" product)\"" ]]
}

language_built() {
    local product
    product=$(language_field "$2" product)
    [[ $product == - || -f $1/$product ]]
}

# language_python_main DIR: the Python file to run: hw4.py, else the only
# .py file, else the only one that tests __name__ == "__main__".
language_python_main() {
    local files=()
    if [[ -f $1/hw4.py ]]; then echo hw4.py; return 0; fi
    mapfile -d '' -t files < <(language_files "$1" python)
    if ((${#files[@]} == 1)); then printf '%s\n' "${files[0]}"; return 0; fi
    mapfile -t files < <(cd "$1" && grep -l '__name__ *== *.__main__.' -- "${files[@]}")
    ((${#files[@]} == 1)) || return 1
    printf '%s\n' "${files[0]}"
}

language_launcher() {
    local dir=$1 lang=$2 file=$3 run main
    run=$(language_field "$lang" run)
    if [[ $run == *'{main}'* ]]; then
        main=$(language_python_main "$dir") || return 1
        run=${run//\{main\}/$main}
    fi
    # shellcheck disable=SC2016 # $SANDBOX_FOLDER and "$@" are the launcher's
    printf '#!/bin/sh\n# Runs the program of its folder ($SANDBOX_FOLDER) as the grader does.\nexec %s "$@"\n' \
        "$run" > "$file"
    chmod 755 "$file"
}

language_build() {
    local dir=$1 lang=$2 command=$3 timeout=$4 sandbox=$5 out=$6 log=$7 status=0 launcher sources=()
    [[ -n $command ]] || command=$(language_field "$lang" build)
    # A command that names no sources gets them as its arguments.
    if [[ $command != - && $command != *'$@'* && $command != *'$*'* && $command != *'*.'* ]]; then
        command+=' "$@"'
    fi
    if [[ $command == - ]]; then  # nothing to build: the folder as it is
        rm -rf -- "$out" && cp -R -- "$dir" "$out" && : > "$log"
        return
    fi
    mapfile -d '' -t sources < <(language_files "$dir" "$lang")
    launcher=$(mktemp "${TMPDIR:-/tmp}/build.XXXXXX")
    # The build, from inside: in the (writable) folder, the sources as "$@",
    # each command traced as it really runs (`$ g++ a.cpp b.cpp -o hw4`,
    # the first lines of LOG).
    {
        # shellcheck disable=SC2016 # $SANDBOX_FOLDER is the launcher's
        printf '#!/bin/bash\ncd "$SANDBOX_FOLDER" || exit 126\nexec 1>&2\n'
        printf 'exec bash -c %q build' "PS4='\$ '; set -x; $command"
        printf ' %q' "${sources[@]}"
        printf '\n'
    } > "$launcher"
    chmod 755 "$launcher"
    local limits=(--folder "$dir" --folder-writable --timeout "$timeout" --cpu "$timeout" --memory 2048)
    ((sandbox)) || limits+=(--no-sandbox)
    sandbox_build_driver || true
    SANDBOX_QUIET=1 sandbox_start "$launcher" "${limits[@]}" || { rm -f -- "$launcher"; return 1; }
    sandbox_run stdin /dev/null "$log.out" "$log" "$log.status" 2> "$log.sandbox" || true
    read -r status < "$log.status" || status=1
    cat -- "$log.sandbox" >> "$log"
    rm -rf -- "$out" && cp -R -- "$SANDBOX_FOLDER" "$out"
    sandbox_stop
    rm -f -- "$launcher" "$log.out" "$log.status" "$log.sandbox"
    if ((status == 0)) && ! language_built "$out" "$lang"; then
        echo "the build succeeded but made no $(language_field "$lang" product)" >> "$log"
        status=3
    fi
    return "$status"
}

# language_prepare DIR BUILD TIMEOUT SANDBOX WORK: the program of folder
# DIR ready to run: built into WORK/built (kept: the rerun lines name it) when its language needs a build
# and DIR lacks what it makes (BUILD, or the language's build; compiler
# messages in WORK/build.log; the older standard tried when the language's
# own command fails: older-standard.bash), and a launcher at WORK/program. Sets
# LANGUAGE (the language), LANGUAGE_FOLDER (the folder the program runs
# from), LANGUAGE_LAUNCHER, LANGUAGE_COMMAND (how to run it here, for
# rerun lines) and LANGUAGE_BUILT (the build's commands as they ran, with
# the files' names, a line each; empty when there was no build) and
# LANGUAGE_NOTE (how the older standard built it, or empty). Status 1
# with a sentence in LANGUAGE_PROBLEM when it cannot.
# shellcheck disable=SC2034 # LANGUAGE_* are for the caller
language_prepare() {
    local dir=$1 build=$2 timeout=$3 sandbox=$4 work=$5 status=0 run main
    LANGUAGE_BUILT='' LANGUAGE_PROBLEM='' LANGUAGE_NOTE=''
    LANGUAGE=$(language_of "$dir") || { LANGUAGE_PROBLEM="$dir: $LANGUAGE"; return 1; }
    LANGUAGE_FOLDER=$dir
    if [[ -n $build ]] || ! language_built "$dir" "$LANGUAGE"; then
        language_build_of_its_time "$dir" "$LANGUAGE" "$build" "$timeout" "$sandbox" "$work/built" "$work/build.log" || status=$?
        LANGUAGE_BUILT=$(sed -n 's/^\$ //p' "$work/build.log")
        if ((status != 0)); then
            LANGUAGE_PROBLEM="$dir ($LANGUAGE) does not build: '${LANGUAGE_BUILT%%$'\n'*}' ended with $(corpus_describe_status "$status"): $(grep -v '^\$ ' "$work/build.log" | grep -m1 -i 'error' | cut -c1-160)"
            return 1
        fi
        LANGUAGE_FOLDER=$work/built
    fi
    language_launcher "$LANGUAGE_FOLDER" "$LANGUAGE" "$work/program" ||
        { LANGUAGE_PROBLEM="$dir: no Python file to run (hw4.py, a single .py file, or a single one with __main__)"; return 1; }
    LANGUAGE_LAUNCHER=$work/program
    LANGUAGE_COMMAND=$(language_command "$LANGUAGE_FOLDER" "$LANGUAGE")
}

# language_command DIR LANG: the shell command that runs the program of
# DIR here, as its launcher does inside the sandbox (the rerun lines of a
# report): `"$SANDBOX_FOLDER"` becomes DIR, quoted for the shell.
language_command() {
    local run main
    run=$(language_field "$2" run)
    if [[ $run == *'{main}'* ]]; then main=$(language_python_main "$1"); run=${run//\{main\}/$main}; fi
    # (the run commands quote nothing but the paths in $SANDBOX_FOLDER)
    run=${run//\"/}
    printf '%s\n' "${run//\$SANDBOX_FOLDER/$(printf '%q' "$1")}"
}
