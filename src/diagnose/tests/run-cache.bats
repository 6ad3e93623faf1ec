# run-cache.bats -- the faulted references' runs kept between diagnoses
# (src/diagnose/runcache.py): a second diagnosis reads them instead of
# running the references again, and says the same; a run is keyed by the
# binary's bytes and the case's input, so a rebuilt reference or another
# input is never answered from an old run; a hang is not kept.

# shellcheck disable=SC2154 # bats sets $output, $status; the lib sets $root

bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

# shellcheck source=src/diagnose/tests/diagnose-lib.bash
source "$BATS_TEST_DIRNAME/diagnose-lib.bash"

# diagnosed DIR CACHE: DIR's check-engine output diagnosed again with the
# run cache CACHE; its lines in $output.
diagnosed() {
    run "$root/src/diagnose/diagnose" --program checkers --results "$1/output" --cases "$1/cases" \
        --engine "$1/program" --budget 120 --run-cache "$2"
}

@test "run cache: a second diagnosis reads the kept runs and names the same cause" {
    local dir cache=$BATS_TEST_TMPDIR/runs
    dir=$(oracle cache-tie)
    put_in "$dir/oracle_search.py" '(value > chosen_value if side == BLACK
                      else value < chosen_value)' '(value >= chosen_value if side == BLACK
                      else value <= chosen_value)'
    chosen "$dir" checkers 'next-action/*-tie-leftmost-not-first-s[0-9]' 'next-action/black-mid-game-s[0-9]'
    check_and_diagnose checkers "$dir"
    assert_success
    diagnosed "$dir" "$cache"
    assert_success
    local first=$output kept
    kept=$(find "$cache" -name '*.status' | wc -l)
    ((kept > 0)) || fail "no run kept in $cache"
    diagnosed "$dir" "$cache"
    assert_success
    assert_equal "$output" "$first"
    assert_equal "$(find "$cache" -name '*.status' | wc -l)" "$kept"
    assert_equal "$(causes "$dir" | head -n 1)" tie-not-leftmost
    # The kept runs are what the second diagnosis read: emptied, they
    # reproduce nothing.
    find "$cache" -name '*.out' -exec truncate -s 0 {} +
    diagnosed "$dir" "$cache"
    assert_success
    refute_output --partial 'tie-not-leftmost'
}

@test "run cache: the key is the binary's bytes and the input's; a hang is not kept" {
    local work=$BATS_TEST_TMPDIR
    printf '#!/bin/sh\ncat\n' > "$work/one"
    printf '#!/bin/sh\ncat \n' > "$work/two"
    printf '#!/bin/sh\nsleep 5\n' > "$work/hangs"
    chmod +x "$work/one" "$work/two" "$work/hangs"
    printf 'A\n' > "$work/a.in"
    printf 'B\n' > "$work/b.in"
    run env PYTHONPATH="$root/src/diagnose" /usr/bin/python3 -B - "$work" <<'PY'
import os, sys
import runcache, runs
work = sys.argv[1]
cache = runcache.RunCache(os.path.join(work, "runs"))
path = lambda name: os.path.join(work, name)
keys = {cache.key(path(b), path(i)) for b in ("one", "two") for i in ("a.in", "b.in")}
print("distinct keys:", len(keys))
print("run:", cache.run("checkers", path("one"), path("a.in")).out)
with open(path("one"), "a") as handle:   # the binary rebuilt: other bytes
    handle.write("# rebuilt\n")
print("rebuilt:", cache.key(path("one"), path("a.in")) in keys)
runs.TIMEOUT = 0.5
print("hang:", cache.run("checkers", path("hangs"), path("a.in")).status)
print("kept:", sorted(name for name in os.listdir(os.path.join(work, "runs"))))
PY
    assert_success
    assert_line 'distinct keys: 4'
    assert_line "run: b'A\\n'"
    assert_line 'rebuilt: False'
    assert_line 'hang: None'
    assert_line --regexp "^kept: \['[0-9a-f]{64}\.out', '[0-9a-f]{64}\.status'\]$"
}
