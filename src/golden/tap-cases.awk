# tap-cases.awk -- turns the TAP a bats run printed into the test cases
# junit.awk writes (one a line: classname, name, verdict, message, text).
#
#   awk -v suite=NAME -f tap-cases.awk tap.txt | awk -F '\t' ... -f junit.awk
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

# field TEXT: TEXT as a field of junit.awk's input (\\, tab and newline escaped).
function field(text,    parts, n, i, out) {
    # (backslashes doubled by a split and a join: a replacement string's
    # own backslashes read differently from one awk to another)
    n = split(text, parts, /\\/)
    out = parts[1]
    for (i = 2; i <= n; i++) out = out "\\\\" parts[i]
    text = out
    gsub(/\t/, "\\t", text)
    gsub(/\n/, "\\n", text)
    return text
}

function flush() {
    if (count > 0) printf "%s\t%s\t%s\t%s\t%s\n", class_of(name), field(name), verdict, field(message), field(text)
}

/^(not )?ok [0-9]+ / {
    flush()
    count++
    verdict = ($1 == "not") ? "fail" : "pass"
    message = (verdict == "fail") ? "failed" : ""
    name = $0
    sub(/^(not )?ok [0-9]+ /, "", name)
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
