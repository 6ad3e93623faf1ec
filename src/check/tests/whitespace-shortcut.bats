# whitespace-shortcut.bats -- check-engine answers most failures' "only in
# white space?" with one cmp (whitespace_token_first, check-whitespace.bash)
# instead of starting whitespace-difference: wherever the shortcut says
# "a token differs first", whitespace-difference must say so too (exit 1),
# on outputs edited at random around white space and tokens.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
}

@test "whitespace shortcut: whenever it answers, whitespace-difference answers the same" {
    # shellcheck source=src/check/check-whitespace.bash
    source src/check/check-whitespace.bash
    pairs=$BATS_TEST_TMPDIR/pairs
    # NNN.expected (an example's output) and NNN.actual (it, edited 1 to 3
    # times: a byte of white space or of a token put in, taken out or
    # changed), for 80 pairs that differ.
    /usr/bin/python3 - "$pairs" testdata/checkers/examples/*.out <<'PY'
import os, random, sys
out, sources = sys.argv[1], sys.argv[2:]
rng = random.Random(2026)
os.makedirs(out)
n = 0
while n < 80:
    expected = open(rng.choice(sources), "rb").read()
    text = bytearray(expected)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(text) + 1)
        byte = rng.choice(b" \t\r\n\x0b\x0cAx.|")
        edit = rng.randrange(3)
        if edit == 0:
            text[at:at] = bytes([byte])
        elif at < len(text):
            text[at:at + 1] = b"" if edit == 1 else bytes([byte])
    if bytes(text) != expected:
        for suffix, data in (("expected", expected), ("actual", text)):
            with open(os.path.join(out, "%03d.%s" % (n, suffix)), "wb") as handle:
                handle.write(data)
        n += 1
PY
    local answered=0 asked=0 pair
    for pair in "$pairs"/*.expected; do
        pair=${pair%.expected}
        if whitespace_token_first "$pair.expected" "$pair.actual"; then
            answered=$((answered + 1))
            run src/check/whitespace-difference "$pair.expected" "$pair.actual"
            ((status == 1)) ||
                fail "the shortcut says a token differs first; whitespace-difference exits $status on $pair"
        else
            asked=$((asked + 1))
        fi
    done
    # Both ways are taken, or the test proves nothing.
    ((answered >= 15 && asked >= 15)) || fail "answered $answered, asked $asked"
}
