# bench.bats -- scripts/bench's own parts, without timing anything: its
# usage, the targets table's verdicts and counts, and a component's
# standalone benchmark (a program printing JSON) reaching the table.

bats_load_library bats-support
bats_load_library bats-assert

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
}

# targets PYTHON: runs PYTHON with src/bench importable, `run` a stand-in
# for bench's settings (suites on) and `targets` an empty table.
targets() {
    PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=src/bench /usr/bin/python3 -c "
import types
from measure import Targets
from components import json_rows, component_targets
import components
run = types.SimpleNamespace(suites=True, out='$BATS_TEST_TMPDIR')
targets = Targets()
$1
targets.summary()"
}

@test "bench: --help, and a bad option refused with exit 2" {
    run scripts/bench --help
    assert_success
    assert_line --index 0 --partial 'usage: scripts/bench'
    assert_output --partial '--checking'
    run scripts/bench --frobnicate
    assert_failure 2
    assert_output --partial "bench: unknown argument '--frobnicate'"
}

@test "bench: each row is met, not met, not measured or for scale, and counted so" {
    run targets "
targets.row('a', '1.0', 2, 'met')
targets.row('b', '3.0', 2, 'not met')
targets.row('c', '-', 2, 'not measured (--engine-only)')
targets.row('d', '0.5', '-', 'for scale')
targets.row('e', '1.0', 2, 'met (taskset missing: not pinned)')"
    assert_success
    assert_line --regexp '^b +3\.0 +2  not met$'
    assert_line 'bench: 2 targets met, 1 not met, 1 not measured'
}

@test "bench: a component's standalone benchmark prints JSON and becomes rows of the table" {
    local bench=$BATS_TEST_TMPDIR/bench-rush
    printf '%s\n' '#!/bin/sh' \
        'echo "{\"targets\": [{\"target\": \"rush: 100 submissions, wall s\", \"measured\": 12.5, \"limit\": 30},"' \
        'echo "{\"target\": \"rush: p99 s\", \"measured\": 4, \"limit\": 3},"' \
        'echo "{\"target\": \"rush: queue\", \"measured\": null, \"limit\": 1, \"note\": \"no server\"}]}"' > "$bench"
    chmod +x "$bench"
    run targets "
components.COMPONENT_BENCHES = (components.ComponentBench('rush', lambda run: json_rows(['$bench'])),)
component_targets(run, targets)"
    assert_success
    assert_line --regexp '^rush: 100 submissions, wall s +12\.5 +30  met$'
    assert_line --regexp '^rush: p99 s +4 +3  not met$'
    assert_line --regexp '^rush: queue +- +1  not measured \(no server\)$'
    assert_line 'bench: 1 targets met, 1 not met, 1 not measured'
    # what is not JSON is a row that says so, not a crash
    printf '#!/bin/sh\necho "took 3 seconds"\n' > "$bench"
    run targets "
components.COMPONENT_BENCHES = (components.ComponentBench('rush', lambda run: json_rows(['$bench'])),)
component_targets(run, targets)"
    assert_success
    assert_line --partial 'not measured (its JSON was unreadable (exit 0))'
}
