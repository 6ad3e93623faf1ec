# src/draughts/tests/cli.bats -- the draughts engine's command line and I/O failures:
# the grader's form (INPUT OUTPUT) and the paths no golden case reaches,
# because a golden case is only stdin and stdout.
# ENGINE selects the program under test (default build/draughts), so the
# coverage build and the mutants run these too.

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
    engine=${ENGINE:-build/draughts}
    examples=testdata/draughts/examples
}

@test "draughts: INPUT OUTPUT writes the trace to OUTPUT and nothing to stdout" {
    run --separate-stderr "$engine" "$examples/opening.in" "$BATS_TEST_TMPDIR/output.txt"
    assert_success
    assert_output ''
    [[ -z $stderr ]]
    cmp "$examples/opening.out" "$BATS_TEST_TMPDIR/output.txt"
}

@test "draughts: INPUT alone writes the trace to stdout" {
    "$engine" "$examples/handout-case5.in" > "$BATS_TEST_TMPDIR/stdout"
    cmp "$examples/handout-case5.out" "$BATS_TEST_TMPDIR/stdout"
}

@test "draughts: the grader's form in the grader's directory: input.txt output.txt" {
    cp "$examples/several-cases-crlf-blank-lines.in" "$BATS_TEST_TMPDIR/input.txt"
    local program
    program=$(realpath "$engine")
    (cd "$BATS_TEST_TMPDIR" && "$program" input.txt output.txt)
    cmp "$examples/several-cases-crlf-blank-lines.out" "$BATS_TEST_TMPDIR/output.txt"
}

@test "draughts: malformed input keeps the earlier cases complete in OUTPUT, exit 2" {
    run --separate-stderr "$engine" "$examples/malformed-piece-on-light-square.in" "$BATS_TEST_TMPDIR/out.txt"
    assert_equal "$status" 2
    cmp "$examples/malformed-piece-on-light-square.out" "$BATS_TEST_TMPDIR/out.txt"
    [[ $stderr == 'draughts: line 16: '* ]]
}

@test "draughts: three arguments are a usage error: one stderr line, exit 2" {
    run --separate-stderr "$engine" a b c
    assert_equal "$status" 2
    assert_output ''
    [[ -n $stderr && $stderr != *$'\n'* ]]
}

@test "draughts: an input that cannot be opened: one stderr line naming it, exit 4" {
    run --separate-stderr "$engine" "$BATS_TEST_TMPDIR/no-such-input.txt"
    assert_equal "$status" 4
    assert_output ''
    [[ $stderr == *no-such-input.txt* && $stderr != *$'\n'* ]]
}

@test "draughts: a directory as input cannot be read: exit 4" {
    run --separate-stderr "$engine" "$BATS_TEST_TMPDIR"
    assert_equal "$status" 4
    [[ -n $stderr && $stderr != *$'\n'* ]]
}

@test "draughts: an output that cannot be opened: one stderr line naming it, exit 4" {
    run --separate-stderr "$engine" "$examples/opening.in" "$BATS_TEST_TMPDIR/no/such/dir/out.txt"
    assert_equal "$status" 4
    [[ $stderr == *out.txt* && $stderr != *$'\n'* ]]
}

@test "draughts: a full device as OUTPUT or as stdout: exit 4" {
    [[ -w /dev/full ]] || skip "no /dev/full here"
    # The write's own errno is named, not a stand-in.
    run --separate-stderr "$engine" "$examples/opening.in" /dev/full
    assert_equal "$status" 4
    assert_equal "$stderr" "draughts: cannot write '/dev/full': No space left on device"
    # shellcheck disable=SC2016 # expanded by the inner shell
    run --separate-stderr bash -c '"$0" < "$1" > /dev/full' "$engine" "$examples/opening.in"
    assert_equal "$status" 4
    assert_equal "$stderr" "draughts: cannot write standard output: No space left on device"
}

# cases_of_output_size SIZE: cases with no move at the root whose output,
# "case N" and "first move: none." each, is SIZE bytes in all (SIZE at
# least 25 x 8): case numbers of 1 to 9 digits make outputs of 25 to 33
# bytes.
cases_of_output_size() {
    awk -v size="$1" 'BEGIN {
        count = int((size + 32) / 33)
        extra = size - 25 * count     # bytes to spread as extra digits
        for (i = 0; i < count; i++) {
            digits = extra > 8 ? 9 : extra + 1
            extra -= digits - 1
            number = 1
            for (d = 1; d < digits; d++) number = number * 10
            printf "case %d\n+O+O+O+O\nO+O+O+O+\n+O+O+K+O\nO+O+O+O+\n", number
            printf "+O+O+B+O\nO+B+O+O+\n+O+O+O+O\nO+O+O+O+\n"
        }
    }'
}

@test "draughts: outputs of one byte less, just and one byte more than the output buffer (64 KiB) and twice it" {
    local size input=$BATS_TEST_TMPDIR/input.txt
    for size in 65535 65536 65537 131073; do
        cases_of_output_size "$size" > "$input"
        "$engine" "$input" "$BATS_TEST_TMPDIR/output.txt"
        assert_equal "$(wc -c < "$BATS_TEST_TMPDIR/output.txt")" "$size"
        grep '^case ' "$input" | sed 's/$/\nfirst move: none./' |
            cmp - "$BATS_TEST_TMPDIR/output.txt"
    done
}

# memchecked ARGS...: runs the engine under Valgrind with every leak kind
# an error (an unclosed FILE is one), the engine's own status kept apart
# from Valgrind's 99, and stdin from $input_for_memcheck (or /dev/null).
memchecked() {
    valgrind --quiet --leak-check=full --show-leak-kinds=all \
        --errors-for-leak-kinds=all --error-exitcode=99 \
        "$engine" "$@" < "${input_for_memcheck:-/dev/null}"
}

@test "draughts: every form of the command line frees what it took, failures included" {
    command -v valgrind > /dev/null || skip "no valgrind here (make test installs it)"
    local out=$BATS_TEST_TMPDIR/out.txt
    run --separate-stderr memchecked "$examples/opening.in" "$out"
    assert_success
    cmp "$examples/opening.out" "$out"
    run --separate-stderr memchecked "$examples/handout-case5.in"
    assert_success
    assert_output "$(cat "$examples/handout-case5.out")"
    input_for_memcheck=$examples/several-cases-crlf-blank-lines.in run --separate-stderr memchecked
    assert_success
    # Each I/O failure: a directory as input, an unopenable output, a full one.
    run --separate-stderr memchecked "$BATS_TEST_TMPDIR"
    assert_equal "$status" 4
    run --separate-stderr memchecked "$examples/opening.in" "$BATS_TEST_TMPDIR/no/such/dir/out.txt"
    assert_equal "$status" 4
    if [[ -w /dev/full ]]; then
        run --separate-stderr memchecked "$examples/opening.in" /dev/full
        assert_equal "$status" 4
    fi
    run --separate-stderr memchecked "$examples/malformed-piece-on-light-square.in" "$out"
    assert_equal "$status" 2
}

@test "draughts: --explain on one stream with the output: each case, then its explanation" {
    local both=$BATS_TEST_TMPDIR/both.txt
    "$engine" --explain "$examples/several-cases-crlf-blank-lines.in" > "$both" 2>&1
    # The file with the explanations taken out is the output; each block of
    # them comes right after its case's "first move:" line.
    grep -v '^explain: ' "$both" | cmp "$examples/several-cases-crlf-blank-lines.out" -
    run awk '/^explain: case / && previous !~ /^first move: / { print FNR ": " $0 }
             !/^explain: / || /^explain: case / { previous = $0 }' "$both"
    assert_success
    assert_output ''
    (($(grep -c '^explain: case ' "$both") == 3))
}

@test "draughts: empty input makes an empty OUTPUT, exit 0" {
    : > "$BATS_TEST_TMPDIR/empty.txt"
    run "$engine" "$BATS_TEST_TMPDIR/empty.txt" "$BATS_TEST_TMPDIR/out.txt"
    assert_success
    [[ -f $BATS_TEST_TMPDIR/out.txt && ! -s $BATS_TEST_TMPDIR/out.txt ]]
}

# hooked_engine: a build of the engine that fails allocations on demand
# (DRAUGHTS_FAIL_ALLOCATION): the engine under test when it has the hook,
# as the coverage build does, else one built here from $ENGINE_SOURCES
# (default src/draughts: the mutants set it to the mutant's sources).
hooked_engine() {
    # A run that allocates: the hook reports nothing when nothing was.
    if DRAUGHTS_COUNT_ALLOCATIONS=1 "$engine" < "$examples/opening.in" 2>&1 >/dev/null |
        grep -q '^draughts: [0-9]* allocations$'; then
        echo "$engine"
        return
    fi
    cc -std=c11 -O2 -DDRAUGHTS_FAULT_INJECTION -o "$BATS_TEST_TMPDIR/hooked" "${ENGINE_SOURCES:-src/draughts}"/*.c
    echo "$BATS_TEST_TMPDIR/hooked"
}

@test "draughts: usage names --explain" {
    for arguments in 'a b c' '--explain a b c'; do
        # shellcheck disable=SC2086 # the arguments are meant to split
        run --separate-stderr "$engine" $arguments
        assert_equal "$status" 2
        assert_equal "$stderr" 'usage: draughts [--explain] [INPUT [OUTPUT]]'
    done
}

@test "draughts: --explain INPUT OUTPUT: the same OUTPUT, one block per case choosing its first move" {
    # The lines themselves are checked whole by the tests below.
    local input=$BATS_TEST_TMPDIR/input.txt expected=$BATS_TEST_TMPDIR/expected.txt name
    : > "$input"
    : > "$expected"
    for name in pruning/kings-256-s1 input-forms/forms-23-s1 kings/kings-27-s1 \
        no-move-at-root/nomove-0-s1 crowning/crowning-38-s1 examples/opening; do
        { cat "testdata/draughts/$name.in"; echo; } >> "$input"
        cat "testdata/draughts/$name.out" >> "$expected"
    done
    run --separate-stderr "$engine" --explain "$input" "$BATS_TEST_TMPDIR/output.txt"
    assert_success
    assert_output ''
    cmp "$expected" "$BATS_TEST_TMPDIR/output.txt"
    run ! grep -v '^explain: ' <<<"$stderr"
    assert_equal "$(grep -c '^explain: case ' <<<"$stderr")" "$(grep -c '^case ' "$expected")"
    # The choice explained is the one the trace plays.
    local chosen first
    chosen=$(sed -En 's/^explain: +(\(.*\)) value .* chosen.*/\1/p; s/^explain: case .*: 0 moves.*/none/p' <<<"$stderr")
    first=$(sed -n 's/^first move: \(.*\)\.$/\1/p' "$expected")
    assert_equal "$chosen" "$first"
}

# explained ENGINE ARGS...: the explanation lines of a run with --explain.
explained() {
    local program=$1
    shift
    "$program" --explain "$@" 2>&1 >/dev/null | grep '^explain: '
}

@test "draughts: --explain, an exact value, a bound, the winning move and the pruned rest" {
    run explained "$engine" testdata/draughts/pruning/kings-256-s1.in
    assert_success
    assert_output - <<'TEXT'
explain: case 257: 5 moves at A1 in the specified order; Alice takes the largest value, the first of a tie
explain:   (2,5)=>(1,4) value 3
explain:   (2,5)=>(1,6) value <= 3 bound
explain:   (3,4)=>(2,3) value +inf chosen
explain:   (5,0)=>(4,1) pruned
explain:   (7,0)=>(6,1) pruned
TEXT
}

@test "draughts: --explain, a bound equal to the chosen value is a bound, not a tie" {
    run explained "$engine" testdata/draughts/input-forms/forms-23-s1.in
    assert_success
    assert_output - <<'TEXT'
explain: case 45: 2 moves at A1 in the specified order; Alice takes the largest value, the first of a tie
explain:   (4,1)=>(3,0) value -1 chosen
explain:   (4,1)=>(3,2) value <= -1 bound
explain: case 85: 6 moves at A1 in the specified order; Alice takes the largest value, the first of a tie
explain:   (4,7)=>(3,6) value +inf chosen
explain:   (5,6)=>(4,5) pruned
explain:   (5,6)=>(6,5) pruned
explain:   (5,6)=>(6,7) pruned
explain:   (7,6)=>(6,5) pruned
explain:   (7,6)=>(6,7) pruned
TEXT
}

@test "draughts: --explain, every A1 move loses: exact -inf values, the first chosen, the others tie" {
    run explained "$engine" testdata/draughts/kings/kings-27-s1.in
    assert_success
    assert_output - <<'TEXT'
explain: case 28: 2 moves at A1 in the specified order; Alice takes the largest value, the first of a tie
explain:   (4,7)=>(3,6) value -inf chosen, first of 2 tied
explain:   (4,7)=>(5,6) value -inf ties, later in the order
TEXT
}

@test "draughts: --explain, first move: none" {
    run explained "$engine" testdata/draughts/no-move-at-root/nomove-0-s1.in
    assert_success
    assert_output 'explain: case 1: 0 moves at A1; first move: none'
}

@test "draughts: --explain, a single move at A1: one move, chosen" {
    run explained "$engine" testdata/draughts/crowning/crowning-38-s1.in
    assert_success
    assert_output - <<'TEXT'
explain: case 39: 1 move at A1 in the specified order; Alice takes the largest value, the first of a tie
explain:   (2,1)=>(0,3) value +inf chosen
TEXT
}

@test "draughts: --explain, a unique choice among bounds of its own value is chosen, not tied" {
    run explained "$engine" "$examples/opening.in"
    assert_success
    assert_output - <<'TEXT'
explain: case 1: 7 moves at A1 in the specified order; Alice takes the largest value, the first of a tie
explain:   (5,0)=>(4,1) value 0 chosen
explain:   (5,2)=>(4,1) value <= 0 bound
explain:   (5,2)=>(4,3) value <= 0 bound
explain:   (5,4)=>(4,3) value <= 0 bound
explain:   (5,4)=>(4,5) value <= 0 bound
explain:   (5,6)=>(4,5) value <= 0 bound
explain:   (5,6)=>(4,7) value <= 0 bound
TEXT
}

@test "draughts: --explain is an option only as the first argument" {
    local program
    program=$(realpath "$engine")
    cp "$examples/opening.in" "$BATS_TEST_TMPDIR/input.txt"
    (cd "$BATS_TEST_TMPDIR" && "$program" input.txt --explain 2> err.txt)
    cmp "$examples/opening.out" "$BATS_TEST_TMPDIR/--explain"
    [[ ! -s $BATS_TEST_TMPDIR/err.txt ]]
    run --separate-stderr "$engine" --explain < "$examples/opening.in"
    assert_success
    assert_output "$(cat "$examples/opening.out")"
    [[ $stderr == 'explain: case '* ]]
}

@test "draughts: --explain keeps each error's status and its diagnostic as the last stderr line" {
    run --separate-stderr "$engine" --explain "$examples/malformed-piece-on-light-square.in" "$BATS_TEST_TMPDIR/out.txt"
    assert_equal "$status" 2
    cmp "$examples/malformed-piece-on-light-square.out" "$BATS_TEST_TMPDIR/out.txt"
    [[ $stderr == 'explain: case 1: '*$'\n''draughts: line 16: '* && $stderr != *$'\n'*$'\n'*$'\n'*$'\n'* ]]
    run --separate-stderr "$engine" --explain "$BATS_TEST_TMPDIR/no-such-input.txt"
    assert_equal "$status" 4
    [[ $stderr == *no-such-input.txt* && $stderr != *$'\n'* ]]
    if [[ -w /dev/full ]]; then
        run --separate-stderr "$engine" --explain "$examples/several-cases-crlf-blank-lines.in" /dev/full
        assert_equal "$status" 4
        [[ $stderr == 'explain: case '*$'\n'"draughts: cannot write '/dev/full': "* ]]
    fi
}

@test "draughts: --explain, out of memory: the cases before explained, then the diagnostic" {
    local hooked total input=$examples/several-cases-crlf-blank-lines.in
    hooked=$(hooked_engine)
    total=$(DRAUGHTS_COUNT_ALLOCATIONS=1 "$hooked" "$input" 2>&1 >/dev/null)
    total=${total#draughts: }
    total=${total% allocations}
    DRAUGHTS_FAIL_ALLOCATION=$((total - 1)) run --separate-stderr "$hooked" --explain "$input"
    assert_equal "$status" 3
    [[ $stderr == 'explain: case '*$'\n''draughts: out of memory' ]]
    run ! grep -v -e '^explain: ' -e '^draughts: out of memory$' <<<"$stderr"
}

@test "draughts: an input and an output larger than the buffers: every case in turn" {
    # Over 8 KB in (the input buffer starts at 4 KB) and 0.5 MB out (the
    # output buffer holds 64 KB).
    cat testdata/draughts/crowning/*.in testdata/draughts/kings/*.in > "$BATS_TEST_TMPDIR/input.txt"
    cat testdata/draughts/crowning/*.out testdata/draughts/kings/*.out > "$BATS_TEST_TMPDIR/expected.txt"
    (($(wc -c < "$BATS_TEST_TMPDIR/input.txt") > 8192))
    run "$engine" "$BATS_TEST_TMPDIR/input.txt" "$BATS_TEST_TMPDIR/output.txt"
    assert_success
    cmp "$BATS_TEST_TMPDIR/expected.txt" "$BATS_TEST_TMPDIR/output.txt"
    # Allocation 2 is the input buffer's first growth: it fails with the
    # buffer read so far freed (Valgrind, when here, counts any leak).
    local hooked
    hooked=$(hooked_engine)
    DRAUGHTS_FAIL_ALLOCATION=2 run --separate-stderr "$hooked" "$BATS_TEST_TMPDIR/input.txt"
    assert_equal "$status" 3
    assert_output ''
    assert_equal "$stderr" 'draughts: out of memory'
    if command -v valgrind > /dev/null; then
        engine=$hooked DRAUGHTS_FAIL_ALLOCATION=2 run --separate-stderr memchecked "$BATS_TEST_TMPDIR/input.txt"
        assert_equal "$status" 3
    fi
    # Even when memory comes back at once, the input read so far is not
    # taken for the whole input.
    DRAUGHTS_FAIL_ALLOCATION=2 DRAUGHTS_FAIL_ONCE=1 run --separate-stderr "$hooked" "$BATS_TEST_TMPDIR/input.txt"
    assert_equal "$status" 3
    assert_output ''
    assert_equal "$stderr" 'draughts: out of memory'
}

@test "draughts: the allocation hook fails nothing before the allocation named, once or from then on" {
    local hooked total
    hooked=$(hooked_engine)
    total=$(DRAUGHTS_COUNT_ALLOCATIONS=1 "$hooked" < "$examples/opening.in" 2>&1 >/dev/null)
    total=${total#draughts: }
    total=${total% allocations}
    local mode  # (the hook knows no DRAUGHTS_FROM_THEN_ON: its default mode)
    for mode in DRAUGHTS_FROM_THEN_ON=1 DRAUGHTS_FAIL_ONCE=1; do
        run --separate-stderr env "$mode" DRAUGHTS_FAIL_ALLOCATION=$((total + 1)) "$hooked" "$examples/opening.in"
        assert_success
        assert_output "$(cat "$examples/opening.out")"
        run --separate-stderr env "$mode" DRAUGHTS_FAIL_ALLOCATION="$total" "$hooked" "$examples/opening.in"
        assert_equal "$status" 3
    done
}

@test "draughts: a header with too large a number where a board line is due names its line" {
    run --separate-stderr "$engine" <<<$'case 1\n+O+O+O+O\ncase 1000000000'
    assert_equal "$status" 2
    assert_output ''
    [[ $stderr == 'draughts: line 3: '* && $stderr != *$'\n'* ]]
}
