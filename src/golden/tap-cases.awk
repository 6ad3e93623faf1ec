# tap-cases.awk -- turns the TAP a bats run printed into the test cases
# junit.awk writes (one a line: classname, name, verdict, message, text).
#
#   awk -v suite=NAME -f junit-field.awk -f tap-cases.awk tap.txt | awk -F '\t' ... -f junit.awk
#
# bats' own JUnit formatter reads an extended stream line by line in bash
# and cost a fifth of every golden test; this reads the finished TAP once.
# A test's "# " lines after "not ok" become its failure text. Test names
# "category/name" and "topic: ..." give the classname SUITE.category or
# SUITE.topic, so that a report viewer groups them.

function class_of(name) {
    if (match(name, /^[a-z0-9_-]+\//)) return suite "." substr(name, 1, RLENGTH - 1)
    if (match(name, /^[^:]+:/)) return suite "." substr(name, 1, RLENGTH - 1)
    return suite
}

function flush() {
    if (count > 0) printf "%s\t%s\t%s\t%s\t%s\n", junit_field(class_of(name)), junit_field(name),
        verdict, junit_field(message), junit_field(text)
}

/^(not )?ok [0-9]+ / {
    flush()
    count++
    verdict = ($1 == "not") ? "fail" : "pass"
    message = (verdict == "fail") ? "failed" : ""
    name = $0
    sub(/^(not )?ok [0-9]+ /, "", name)
    # (bats --timing: " in Nms" at the end, or before a skip's mark)
    if (!sub(/ in [0-9]+ms$/, "", name)) sub(/ in [0-9]+ms # skip/, " # skip", name)
    text = ""
    if (verdict == "pass" && match(name, / # skip( |$)/)) {
        message = substr(name, RSTART + RLENGTH)
        name = substr(name, 1, RSTART - 1)
        if (message == "") message = "skipped"
        verdict = "skip"
    }
    next
}

/^# ?/ && count > 0 && verdict == "fail" {
    line = $0
    sub(/^# ?/, "", line)
    text = text line "\n"
}

END { flush() }
