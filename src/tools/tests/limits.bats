# limits.bats -- src/tools/limits measures what the developers' guide
# limits (files, functions, top-level script bodies), and the harness
# keeps within them.

# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
}

# lines N TEXT: N lines of TEXT.
lines() {
    local index
    for ((index = 0; index < $1; index++)); do printf '%s\n' "$2"; done
}

@test "limits: a function of 61 lines is over, one of 60 is not (C, bash, awk, Python)" {
    local dir=$BATS_TEST_TMPDIR
    { echo 'int long_one(void)'; echo '{'; lines 57 '    x++;'; echo '}'; } >"$dir/a.c"
    { echo 'long_one() {'; lines 58 '    true'; echo '}'; } >"$dir/a.bash"
    { echo 'function long_one(x) {'; lines 58 '    x++'; echo '}'; } >"$dir/a.awk"
    { echo 'def long_one():'; lines 59 '    pass'; } >"$dir/a.py"
    run src/tools/limits "$dir/a.c" "$dir/a.bash" "$dir/a.awk" "$dir/a.py"
    assert_success
    { echo 'int long_one(void)'; echo '{'; lines 58 '    x++;'; echo '}'; } >"$dir/a.c"
    { echo 'long_one() {'; lines 59 '    true'; echo '}'; } >"$dir/a.bash"
    { echo 'function long_one(x) {'; lines 59 '    x++'; echo '}'; } >"$dir/a.awk"
    { echo 'def long_one():'; lines 60 '    pass'; } >"$dir/a.py"
    run src/tools/limits "$dir/a.c" "$dir/a.bash" "$dir/a.awk" "$dir/a.py"
    assert_failure 1
    assert_output "$(printf 'function\t%s\tlong_one\t61\t60\n' "$dir/a.c" "$dir/a.bash" "$dir/a.awk" "$dir/a.py")"
}

@test "limits: a file of 401 lines and a script body of 61 are over; comments and functions are not body" {
    local dir=$BATS_TEST_TMPDIR
    lines 401 'x' >"$dir/big.c"
    { echo '#!/usr/bin/env bash'; lines 60 'true'; lines 5 '# why'
      echo 'helper() {'; lines 10 '    true'; echo '}'; } >"$dir/script"
    run src/tools/limits "$dir/big.c" "$dir/script"
    assert_failure 1
    assert_output "$(printf 'file\t%s\t\t401\t400' "$dir/big.c")"
    echo true >>"$dir/script"
    run src/tools/limits "$dir/script"
    assert_failure 1
    assert_output "$(printf 'body\t%s\t\t61\t60' "$dir/script")"
}
