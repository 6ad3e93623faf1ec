# junit.bats -- the one JUnit writer (src/golden/junit.awk): its escaping
# and verdicts survive a real XML parser, and the golden suites,
# check-engine and mark all write their reports through it.

# shellcheck disable=SC2154 # bats sets $output, $status

bats_require_minimum_version 1.5.0
# shellcheck source=src/test-lib/assertions.bash
source "$BATS_TEST_DIRNAME/../../test-lib/assertions.bash"

setup() {
    cd "$BATS_TEST_DIRNAME/../../.." || return
}

# parse XML: prints each test case as "classname|name|kind|message|text",
# kind pass, fail, skip or out (a pass with output), and the counts last.
parse() {
    /usr/bin/python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suite = root.find("testsuite")
for case in suite.findall("testcase"):
    kind, message, text = "pass", "", ""
    for tag, name in (("failure", "fail"), ("skipped", "skip"), ("system-out", "out")):
        child = case.find(tag)
        if child is not None:
            kind, message, text = name, child.get("message", ""), child.text or ""
    print("%s|%s|%s|%s|%r" % (case.get("classname"), case.get("name"), kind, message, text))
print("%s tests=%s failures=%s skipped=%s" % (suite.get("name"), suite.get("tests"),
                                             suite.get("failures"), suite.get("skipped")))
PY
}

@test "junit: verdicts, escaping and file texts survive an XML parser" {
    local cases=$BATS_TEST_TMPDIR/cases.tsv report=$BATS_TEST_TMPDIR/report.xml
    printf 'a report\nfrom a file & <more>\n' > "$BATS_TEST_TMPDIR/text"
    {
        printf 'S.x\tx/1\tpass\t\t\t\n'
        printf 'S.x\tx/2\tfail\tsays "no" & <why>\tline 1\\nback\\\\slash\\tand tab\x01\t\n'
        printf 'S.y\ty: 3\tskip\tnot today\t\t\n'
        printf 'S.y\ty: 4\tpass\t\tsome output\t\n'
        printf 'S.z\tz/5\tfail\tfrom a file\t\t%s\n' "$BATS_TEST_TMPDIR/text"
    } > "$cases"
    awk -F '\t' -v suite='a "suite"' -v seconds=7 -f src/golden/junit.awk "$cases" > "$report"
    run parse "$report"
    assert_success
    assert_line --index 0 "S.x|x/1|pass||''"
    assert_line --index 1 "S.x|x/2|fail|says \"no\" & <why>|'line 1\\nback\\\\slash\\tand tab'"
    assert_line --index 2 "S.y|y: 3|skip|not today|''"
    assert_line --index 3 "S.y|y: 4|out||'some output'"
    assert_line --index 4 "S.z|z/5|fail|from a file|'a report\\nfrom a file & <more>\\n'"
    assert_line --index 5 'a "suite" tests=5 failures=2 skipped=1'
}

@test "junit: a bats run's TAP reaches it whole (failure text, skip reason, backslashes)" {
    local dir=$BATS_TEST_TMPDIR/probe
    mkdir -p "$dir"
    # (printf: a line of this file that starts with the test keyword would
    # be taken as a test of this file by bats' preprocessor)
    printf '@%s\n' 'test "topic: passes" { true; }' \
        "test \"topic: fails with a\\\\path\" { echo 'back\\slash'; false; }" \
        'test "other: skipped" { skip "no reason at all"; }' > "$dir/probe.bats"
    # (a clean environment: the outer bats run's variables would steer the
    # inner one; run from a folder of its own, whose build/ takes the reports)
    local work=$BATS_TEST_TMPDIR/work
    mkdir -p "$work"
    run env -i -C "$work" PATH=/usr/local/bin:/usr/bin:/bin HOME="$HOME" \
        RESULTS_DIR="$BATS_TEST_TMPDIR/results" "$PWD/src/golden/run-bats" junit-probe "$dir/probe.bats" \
        --jobs 1 3>&-
    assert_failure
    [[ ! -e build/reports/junit-probe ]] || fail "the probe wrote into the repository's build/"
    run parse "$work/build/reports/junit-probe/report.xml"
    assert_line --index 0 "junit-probe.topic|topic: passes|pass||''"
    assert_line --regexp '^junit-probe\.topic\|topic: fails with a\\path\|fail\|failed\|.*back\\\\slash'
    assert_line --index 2 "junit-probe.other|other: skipped|skip|no reason at all|''"
    assert_line --index 3 'junit-probe tests=3 failures=1 skipped=1'
}

@test "junit: no other file of the harness writes a JUnit report itself" {
    # (two writers of one form: the golden suites' awk and the package's,
    # held to the same bytes by src/harness/tests/test_junit.py)
    run bash -c "grep -rlF '<testsuite' scripts src --exclude-dir=tests --exclude-dir=__pycache__ | LC_ALL=C sort"
    assert_success
    assert_output "src/golden/junit.awk
src/harness/junit.py"
}
