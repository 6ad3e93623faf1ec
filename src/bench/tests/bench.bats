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

@test "bench: the suites', checking's and marking's tables and targets, from hyperfine's results" {
    # a stand-in hyperfine: each command's mean is 2, 3, ... seconds
    mkdir -p "$BATS_TEST_TMPDIR/bin"
    cat > "$BATS_TEST_TMPDIR/bin/hyperfine" <<'HYPERFINE'
#!/usr/bin/env bash
csv='' commands=()
while (($#)); do
    case $1 in
        --export-csv) csv=$2; shift 2 ;;
        --export-json|--style|--runs|--warmup|--min-runs|-n) shift 2 ;;
        -*) shift ;;
        *) commands+=("$1"); shift ;;
    esac
done
{
    echo 'command,mean,stddev,median,user,system,min,max'
    for i in "${!commands[@]}"; do echo "\"${commands[i]}\",$((i + 2)).0,0.5,2.0,1.0,0.25,1.0,4.0"; done
} > "$csv"
HYPERFINE
    chmod +x "$BATS_TEST_TMPDIR/bin/hyperfine"
    mkdir -p "$BATS_TEST_TMPDIR/out/hyperfine"
    PATH=$BATS_TEST_TMPDIR/bin:$PATH PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=src/bench \
        run /usr/bin/python3 -c "
import bench, checking, components, suite_table
run = bench.Run(['--quick'])
run.out, run.case_count = '$BATS_TEST_TMPDIR/out', 1000
checking.shown_output = lambda *args, **kwargs: print('(the sandbox-bench table)')
components.COMPONENT_BENCHES = ()
for table in (suite_table.suite_table, checking.check_engine_table, checking.judged_table, checking.mark_table):
    table(run)
bench.targets_table(run)"
    assert_success
    assert_line --regexp '^scripts/run-golden --jobs 2 +1 +2\.0 ± - +1\.2 +500\.0 '
    assert_line --regexp '^bats alone, empty tests +1 +2\.0 ± - +1\.2 +500\.0 +[0-9.]+  the floor: make check took 1\.00 times this$'
    assert_line 'make memcheck: not timed in quick mode'
    assert_line --regexp '^ratio +1\.50$'
    assert_line --regexp '^10 submissions, default memory check \(1 per category\) +2\.0$'
    assert_line --regexp '^memory check, extra s per submission +0\.0$'
    assert_line --regexp '^make check: wall s, all passing +2\.0 \([0-9]+ failed\) +20  '
    assert_line --regexp '^check-engine / plain loop, whole corpus +1\.50 +2  met$'
    assert_line --regexp '^mark: 50 submissions, wall s +2\.0 +240  met$'
    assert_line --regexp '^make memcheck: wall s, every case, all clean +- +300  not measured \(quick mode\)$'
}

@test "bench: a component's bash piece gives its figure and limit; a failed run is not measured" {
    cat > "$BATS_TEST_TMPDIR/bench-piece.bash" <<'PIECE'
PIECE_LIMIT=60 piece_seconds=''
bench_piece() { echo "a table nobody reads"; [[ $1 != fail ]] || return 1; piece_seconds=12.50; }
PIECE
    PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=src/bench run /usr/bin/python3 -c "
from components import seconds_row, shell_values
piece = '$BATS_TEST_TMPDIR/bench-piece.bash'
names = ('PIECE_LIMIT', 'piece_seconds')
print(seconds_row('piece', shell_values(piece, names, 'bench_piece', '$BATS_TEST_TMPDIR'), 'piece_seconds', 60))
print(seconds_row('piece', shell_values(piece, names, 'bench_piece', 'fail'), 'piece_seconds', 60))
print(shell_values(piece, names[:1]))"
    assert_success
    assert_output "$(printf '%s\n' "('piece', '12.50', 60, '')" "('piece', None, 60, 'the run failed')" \
        "{'PIECE_LIMIT': '60'}")"
}
