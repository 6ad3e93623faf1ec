# mark.bats -- scripts/mark marks a class: a class of 24 made from our own
# sources (correct copies, copies with a planted fault, bad submissions) is
# marked once for the file (setup_file); the tests read its results: rows,
# reasons, CSV against JSON, JUnit, the HTML report in headless Chromium.
# Then resuming, and GNU parallel's progress bar on a terminal (the
# draughts program, the compile sandbox, a custom compile command and a
# handed-in executable: mark-programs.bats). The class is checked against
# a few categories (MARK_CLASS_CATEGORIES): the whole corpus takes minutes.

# shellcheck disable=SC2154 # bats sets $output, $status, $lines

bats_require_minimum_version 1.5.0
# bats file_tags=slow
# (slow, all of it: the file's class is marked once in setup_file (about 100 CPU-s), which every test reads)
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup_file() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    # shellcheck source=src/test-lib/mark-class.bash
    source "$root/src/test-lib/mark-class.bash"
    export MARK_TEST_MARKER="mark$((100000 + RANDOM % 900000))"
    export MARK_TEST_CLASS=$BATS_FILE_TMPDIR/class MARK_TEST_OUT=$BATS_FILE_TMPDIR/out
    mark_class "$MARK_TEST_CLASS" "$MARK_TEST_MARKER"
    local categories=() category status=0
    for category in "${MARK_CLASS_CATEGORIES[@]}"; do categories+=(--category "$category"); done
    export MARK_TEST_CATEGORIES="${categories[*]}"
    started=$SECONDS
    "$root/scripts/mark" --output "$MARK_TEST_OUT" "${categories[@]}" --timeout 2 --memcheck 1 \
        "$MARK_TEST_CLASS"/* > "$BATS_FILE_TMPDIR/mark.log" 2>&1 || status=$?
    echo "$status" > "$BATS_FILE_TMPDIR/mark.status"
    echo "$((SECONDS - started))" > "$BATS_FILE_TMPDIR/mark.seconds"
}

teardown_file() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    local pid
    # (only the hostile submissions' own processes, found by their name)
    for pid in $(pgrep -x "$MARK_TEST_MARKER"); do kill -KILL "$pid" 2>/dev/null || true; done
    rm -f -- "$root/SANDBOX-PWNED-$MARK_TEST_MARKER" \
        "$root/testdata/checkers/examples/SANDBOX-PWNED-$MARK_TEST_MARKER.out"
}

setup() {
    root=$(cd "$BATS_TEST_DIRNAME/../../.." && pwd)
    cd "$root" || return
    # shellcheck source=src/test-lib/mark-class.bash
    source "$root/src/test-lib/mark-class.bash"
    # shellcheck source=src/test-lib/browser.bash
    source "$root/src/test-lib/browser.bash"
    read -r -a categories <<<"$MARK_TEST_CATEGORIES"
    out=$MARK_TEST_OUT
}

@test "mark: --help, and bad usage exits 2" {
    run scripts/mark --help
    assert_success
    assert_line --index 0 --partial 'usage: scripts/mark'
    assert_output --partial 'gcc -std=c99 -Wall -Wextra -Wpedantic -O2 -o program "$@" -lm'
    run scripts/mark
    assert_failure 2
    run scripts/mark --frobnicate "$MARK_TEST_CLASS/correct-01"
    assert_failure 2
    assert_output --partial "unknown option '--frobnicate'"
    run scripts/mark --program chess "$MARK_TEST_CLASS/correct-01"
    assert_failure 2
    run scripts/mark --category no-such-category "$MARK_TEST_CLASS/correct-01"
    assert_failure 2
    assert_output --partial "no category 'no-such-category'"
    run scripts/mark "$MARK_TEST_CLASS/correct-01/main.c"
    assert_failure 2
    assert_output --partial 'is not a folder'
    run scripts/mark --output "$BATS_TEST_TMPDIR/o" "$MARK_TEST_CLASS/correct-01" "$MARK_TEST_CLASS/correct-01/"
    assert_failure 2
    assert_output --partial 'two submissions are named'
}

@test "mark: the class is marked, every submission with its row, and a summary last" {
    local n=$MARK_CLASS_SIZE
    assert_equal "$(names | wc -l)" "$n"
    assert_equal "$(cat "$BATS_FILE_TMPDIR/mark.status")" 0
    run cat "$BATS_FILE_TMPDIR/mark.log"
    assert_line --index 0 --regexp "^mark: $n of $n submissions to mark \\(checkers, profile assignment, [0-9]+ cases each"
    assert_line --regexp "^mark: \\[$n/$n\\] .*ETA 0m00s$"
    assert_line --index -1 --regexp "^mark: $n submissions, $n marked in [0-9]+s; report: $out/index.html$"
    assert_output --partial "mark: $n submissions: 1 empty, 1 hang, $((n - 3)) marked, 1 not-compiled;"
    # One row per submission, in the order given.
    run /usr/bin/python3 -c 'import csv, sys; print("\n".join(r["name"] for r in csv.DictReader(open(sys.argv[1], encoding="utf-8"))))' "$out/marks.csv"
    assert_output "$(names)"
    local name state count=0
    while IFS=$'\x1f' read -r name state; do
        [[ -n $state ]] || fail "$name has no state"
        count=$((count + 1))
    done < <(fields "$out/marks.csv" name state)
    assert_equal "$count" "$(names | wc -l)"
    echo "# the class of $n took $(cat "$BATS_FILE_TMPDIR/mark.seconds")s" >&3
}

@test "mark: the correct copies have full marks, no warning, a clean memory check" {
    # (the cells of every row read at once: a Python start a cell took half a minute)
    local name total passed percent compiled warnings memcheck memcheck_cases crashes hangs reason seen=()
    while IFS=$'\x1f' read -r name total passed percent compiled warnings memcheck memcheck_cases crashes hangs reason; do
        [[ $name == correct-* ]] || continue
        ((total >= 20)) || fail "$name: only $total cases"
        assert_equal "$name passed $passed" "$name passed $total"
        assert_equal "$name percent $percent" "$name percent 100.0"
        assert_equal "$name compiled $compiled" "$name compiled yes"
        assert_equal "$name warnings $warnings" "$name warnings 0"
        assert_equal "$name memcheck $memcheck" "$name memcheck clean"
        assert_equal "$name memcheck_cases $memcheck_cases" "$name memcheck_cases ${#MARK_CLASS_CATEGORIES[@]}"
        assert_equal "$name crashes $crashes" "$name crashes 0"
        assert_equal "$name hangs $hangs" "$name hangs 0"
        assert_equal "$name reason '$reason'" "$name reason ''"
        seen+=("$name")
    done < <(fields "$out/marks.csv" name total passed percent compiled warnings memcheck memcheck_cases \
        crashes hangs reason)
    # Every correct copy of the class has its row, checked.
    assert_equal "$(printf '%s\n' "${seen[@]}")" "$(names | grep '^correct-')"
    assert_equal "${#seen[@]}" "$MARK_CLASS_CORRECT"
}

@test "mark: every planted fault shows in its row, with its symptoms" {
    local name state compiled passed total reason seen=()
    while IFS=$'\x1f' read -r name state compiled passed total reason; do
        [[ $name == mutant-* ]] || continue
        assert_equal "$name state $state" "$name state marked"
        assert_equal "$name compiled $compiled" "$name compiled yes"
        ((passed < total)) || fail "$name ($(cat "$MARK_TEST_CLASS/$name/MUTANT.txt")) has full marks"
        [[ $reason =~ ^[0-9]+\ failed:\ [0-9]+\  ]] || fail "$name: reason '$reason'"
        seen+=("$name")
    done < <(fields "$out/marks.csv" name state compiled passed total reason)
    assert_equal "$(printf '%s\n' "${seen[@]}")" "$(names | grep '^mutant-')"
    assert_equal "${#seen[@]}" "${#MARK_CLASS_MUTANTS[@]}"
    ((${#seen[@]} >= 10))
}

@test "mark: a submission that does not compile gets its row, the compiler's errors kept" {
    local name=bad-does-not-compile
    assert_equal "$(field "$name" compiled)" no
    assert_equal "$(field "$name" state)" not-compiled
    assert_equal "$(field "$name" passed)" 0
    run field "$name" reason
    assert_output --regexp '^does not compile: 1 error \(first: syntax-error.c:[0-9]+:[0-9]+: error: '
    run cat "$out/submissions/$name/compile.txt"
    assert_line --index 0 --regexp '^\$ gcc -std=c99 -Wall -Wextra -Wpedantic -O2 -o program ([a-z_-]+\.c )*syntax-error\.c( [a-z_-]+\.c)* -lm$'
    assert_output --partial 'syntax-error.c'
    assert_output --partial 'error: expected expression'
}

@test "mark: a submission with warnings is marked in full and its warnings counted" {
    local name=bad-warnings
    assert_equal "$(field "$name" compiled)" yes
    assert_equal "$(field "$name" warnings)" 2
    assert_equal "$(field "$name" passed)" "$(field "$name" total)"
    assert_equal "$(field "$name" reason)" '2 compiler warnings'
    run cat "$out/submissions/$name/compile.txt"
    assert_output --regexp "warning: unused variable .unused. \[-Wunused-variable\]"
    assert_output --regexp "warning: unused parameter .ignored. \[-Wunused-parameter\]"
}

@test "mark: an empty submission gets its row" {
    assert_equal "$(field bad-empty state)" empty
    assert_equal "$(field bad-empty compiled)" no
    assert_equal "$(field bad-empty passed)" 0
    assert_equal "$(field bad-empty reason)" 'empty: nothing was handed in'
    assert_equal "$(field bad-empty memcheck)" 'not run'
}

@test "mark: file names with spaces and quotes compile and pass, and keep their name" {
    local name="bad it's \"odd\" named"
    assert_equal "$(field "$name" compiled)" yes
    assert_equal "$(field "$name" passed)" "$(field "$name" total)"
    local folder
    folder=$(field "$name" folder)
    [[ $folder =~ ^bad_it_s__odd__named-[0-9a-f]{8}$ ]] || fail "folder '$folder'"
    [[ -f "$out/submissions/$folder/sources/my \"board\" it's.c" ]]
    [[ -f "$out/submissions/$folder/sources/rules and 'more' \$HOME.c" ]]
    assert_equal "$(cat "$out/submissions/$folder/name")" "$name"
}

@test "mark: hostile programs are contained, marked, and the class goes on" {
    local name
    for name in bad-hostile-write-repo bad-hostile-kill; do
        assert_equal "$(field "$name" state)" marked
        assert_equal "$(field "$name" passed)" 0
    done
    [[ ! -e $root/SANDBOX-PWNED-$MARK_TEST_MARKER ]] || fail "a hostile submission wrote into the repository"
    [[ ! -e $root/testdata/checkers/examples/SANDBOX-PWNED-$MARK_TEST_MARKER.out ]] ||
        fail "a hostile submission wrote into the corpus"
    run grep -rh 'cannot write' "$out/submissions/bad-hostile-write-repo/check"
    assert_success
    run pgrep -x "$MARK_TEST_MARKER"
    assert_failure
}

@test "mark: a submission that hangs on every case costs the official tests only" {
    local name=bad-hangs
    assert_equal "$(field "$name" state)" hang
    assert_equal "$(field "$name" hangs)" 9
    assert_equal "$(field "$name" passed)" 0
    run field "$name" reason
    assert_output 'hangs: every case of official (9) was stopped after 2s; the other cases were not run (counted failed)'
    # (the smoke run's, check/1, and no second check-engine run: not a
    # bound on its seconds, which a loaded machine stretches)
    [[ -s $out/submissions/$name/check/1/results.tsv ]]
    [[ ! -e $out/submissions/$name/check/2 ]] || fail "the other cases were run: check/2 exists"
}

@test "mark: marks.csv and marks.json agree, cell for cell" {
    run /usr/bin/python3 - "$out" "$MARK_CLASS_SIZE" <<'PY'
import csv, json, sys
out, size = sys.argv[1], int(sys.argv[2])
rows = list(csv.DictReader(open(out + "/marks.csv", encoding="utf-8")))
doc = json.load(open(out + "/marks.json", encoding="utf-8"))
subs = doc["submissions"]
assert len(rows) == len(subs) == size, (len(rows), len(subs))
cats = [c["name"] for c in doc["categories"]]
for row, sub in zip(rows, subs):
    for key in ("name", "compiled", "state", "folder", "reason", "memcheck"):
        assert row[key] == sub[key], (key, row[key], sub[key])
    for key in ("warnings", "passed", "total", "crashes", "hangs", "memcheck_findings", "memcheck_cases"):
        assert int(row[key]) == sub[key], (key, row[key], sub[key])
    for key in ("percent", "seconds"):
        assert abs(float(row[key]) - sub[key]) < 0.051, (key, row[key], sub[key])
    for c in cats:
        assert int(row[c + "_passed"]) == sub["categories"][c]["passed"], c
        assert int(row[c + "_total"]) == sub["categories"][c]["total"], c
    assert sum(sub["categories"][c]["passed"] for c in cats) == sub["passed"]
    assert sum(sub["categories"][c]["total"] for c in cats) == sub["total"]
print("agree:", len(rows), "rows,", len(cats), "categories")
PY
    assert_success
    assert_output "agree: $MARK_CLASS_SIZE rows, ${#MARK_CLASS_CATEGORIES[@]} categories"
}

@test "mark: a JUnit file per submission, its counts those of the row" {
    run /usr/bin/python3 - "$out" <<'PY'
import csv, sys, xml.etree.ElementTree as ET
out = sys.argv[1]
for row in csv.DictReader(open(out + "/marks.csv", encoding="utf-8")):
    suite = ET.parse("%s/submissions/%s/junit.xml" % (out, row["folder"])).getroot().find("testsuite")
    cases = suite.findall("testcase")
    failed = [c for c in cases if c.find("failure") is not None]
    # compile + every case + memcheck
    assert int(suite.get("tests")) == len(cases) == int(row["total"]) + 2, row["name"]
    case_failures = [c for c in failed if c.get("name") not in ("compile", "memcheck")]
    assert len(case_failures) == int(row["total"]) - int(row["passed"]), row["name"]
    assert row["name"] in suite.get("name")
print("ok")
PY
    assert_success
    assert_output ok
}

@test "mark: the class page and a submission's page render in Chromium; every link resolves" {
    browser
    local folder
    folder=$(field mutant-01 folder)
    shot "$out/index.html" "$BATS_TEST_TMPDIR/class.png"
    shot "$out/submissions/$folder/index.html" "$BATS_TEST_TMPDIR/submission.png"
    cp -- "$BATS_TEST_TMPDIR/class.png" "$BATS_TEST_TMPDIR/submission.png" "$BATS_FILE_TMPDIR/" 2>/dev/null || true
    local n
    for png in class submission; do
        n=$(colours "$BATS_TEST_TMPDIR/$png.png")
        ((n > 20)) || fail "$png.png has only $n colours: blank?"
    done
    # What the browser made of the class page: the table, the chart, the
    # odd name as text (escaped in the file), the order the address asks.
    run dom "file://$out/index.html#sort=name-desc"
    assert_output --partial '<table id="marks" class="sortable">'
    assert_output --partial 'aria-label="class pass rate per category"'
    assert_output --partial "bad it's \"odd\" named</a>"
    assert_output --regexp '<tbody>[^<]*<tr><td class="name"><a href="submissions/mutant-11/index.html">'
    assert_output --partial '<th scope="col" aria-sort="descending">name</th>'
    run dom "file://$out/index.html#sort=%25"
    assert_output --regexp '<tbody>[^<]*<tr><td class="name"><a href="submissions/bad-does-not-compile/index.html">'
    grep -q 'bad it&#39;s &#34;odd&#34; named</a>' "$out/index.html"
    # Every page of the report: every link names an existing file.
    local page count=0
    for page in "$out/index.html" "$out"/submissions/*/index.html; do
        run broken_links "$page"
        assert_success
        refute_output --partial 'missing:'
        refute_output --partial 'external:'
        refute_output --partial 'no anchor:'
        count=$((count + 1))
    done
    assert_equal "$count" "$((MARK_CLASS_SIZE + 1))"
    # The submission's page: its symptom groups, a failing case's report.
    run cat "$out/submissions/$folder/index.html"
    assert_output --partial 'Failures by symptom'
    assert_output --regexp 'rerun:  \./program &lt; '
    assert_output --partial 'diff -u of stdout:'
    # Nothing from outside: no reference to load from anywhere (the SVG's
    # xmlns is a name, not an address).
    run grep -lE '(href|src)="[a-z]+:|url\(|@import' "$out/index.html" "$out"/submissions/*/index.html
    assert_failure
}

@test "mark: --resume skips what is unchanged; a changed or unfinished submission is marked again" {
    local copy=$BATS_TEST_TMPDIR/out
    cp -r -- "$out" "$copy"
    run scripts/mark --output "$copy" "${categories[@]}" --timeout 2 --memcheck 1 --resume "$MARK_TEST_CLASS"/*
    assert_success
    assert_line --index 0 --partial "mark: 0 of $MARK_CLASS_SIZE submissions to mark"
    assert_line --index 0 --partial "$MARK_CLASS_SIZE unchanged since the last run, kept"
    cmp "$out/marks.csv" "$copy/marks.csv"
    # One changed, one whose marking did not finish (no `done`).
    local class=$BATS_TEST_TMPDIR/class
    mkdir -p "$class"
    cp -r -- "$MARK_TEST_CLASS"/correct-0[1-4] "$class/"
    echo '/* changed */' >> "$class/correct-02/main.c"
    rm -f -- "$copy/submissions/correct-03/done"
    run scripts/mark --output "$copy" "${categories[@]}" --timeout 2 --memcheck 1 --resume "$class"/*
    assert_success
    assert_line --index 0 --partial 'mark: 2 of 4 submissions to mark'
    assert_line --regexp '^mark: \[1/2\] correct-0[23]: marked'
    # Without --resume every one is marked again.
    run scripts/mark --output "$copy" "${categories[@]}" --timeout 2 --memcheck 0 "$class/correct-01"
    assert_success
    assert_line --index 0 --partial 'mark: 1 of 1 submissions to mark'
}

@test "mark: an interrupted run goes on where it stopped with --resume" {
    local class=$BATS_TEST_TMPDIR/class copy=$BATS_TEST_TMPDIR/out pid tries=0
    # (the official cases only: what is resumed is the submissions, whatever the cases)
    local categories=(--category official)
    mkdir -p "$class"
    cp -r -- "$MARK_TEST_CLASS"/correct-0[1-6] "$class/"
    setsid scripts/mark --output "$copy" --jobs 1 "${categories[@]}" --memcheck 0 "$class"/* \
        > "$BATS_TEST_TMPDIR/first.log" 2>&1 &
    pid=$!
    until grep -q '^mark: \[2/6\]' "$BATS_TEST_TMPDIR/first.log"; do
        sleep 0.2
        ((++tries < 600)) || { kill -KILL -- "-$pid"; fail "no progress: $(cat "$BATS_TEST_TMPDIR/first.log")"; }
    done
    kill -INT -- "-$pid"
    wait "$pid" || true
    local finished
    finished=$(find "$copy/submissions" -name "done" | wc -l)
    ((finished >= 2 && finished < 6)) || fail "$finished finished before the interruption"
    run scripts/mark --output "$copy" --jobs 1 "${categories[@]}" --memcheck 0 --resume "$class"/*
    assert_success
    assert_line --index 0 --partial "mark: $((6 - finished)) of 6 submissions to mark"
    assert_output --partial 'mark: 6 submissions: 6 marked; 6 with every case passed'
}

@test "mark: on a terminal, GNU parallel's progress bar over the submissions" {
    command -v script || skip "script(1) (bsdutils) is needed to fake a terminal"
    local log=$BATS_TEST_TMPDIR/tty.log
    script -qec "scripts/mark --output '$BATS_TEST_TMPDIR/out' --category official --memcheck 0 \
        '$MARK_TEST_CLASS/correct-01' '$MARK_TEST_CLASS/correct-02' '$MARK_TEST_CLASS/correct-03'" "$log" </dev/null
    # (the bar's lines, without their colours)
    run sed 's/\x1b\[[0-9;]*m//g' < <(tr '\r' '\n' < "$log")
    assert_success
    assert_output --regexp '(^|[[:space:]])100% 3:0=0s correct-03'
    assert_line --regexp '^mark: 3 submissions, 3 marked in [0-9]+s; report: '
    # No per-submission lines beside the bar.
    refute_output --partial 'mark: [1/3]'
}
