# tap-junit.awk -- turns the TAP a bats run printed into a JUnit report.
#
#   awk -v suite=NAME -v seconds=N -f tap-junit.awk tap.txt > report.xml
#
# bats' own JUnit formatter reads an extended stream line by line in bash
# and cost a fifth of every golden test; this reads the finished TAP once.
# A test's "# " lines after "not ok" become its failure text. Test names
# "category/name" and "topic: ..." give the classname SUITE.category or
# SUITE.topic, so that a report viewer groups them. Control characters
# must be removed before (XML cannot carry them); the rest is escaped.

function xml(text) {
    gsub(/&/, "\\&amp;", text)
    gsub(/</, "\\&lt;", text)
    gsub(/>/, "\\&gt;", text)
    gsub(/"/, "\\&quot;", text)
    return text
}

function class_of(name) {
    if (match(name, /^[a-z0-9_-]+\//)) return suite "." substr(name, 1, RLENGTH - 1)
    if (match(name, /^[^:]+:/)) return suite "." substr(name, 1, RLENGTH - 1)
    return suite
}

/^(not )?ok [0-9]+ / {
    failing = ($1 == "not")
    name = $0
    sub(/^(not )?ok [0-9]+ /, "", name)
    skip = ""
    if (!failing && match(name, / # skip( |$)/)) {
        skip = substr(name, RSTART + RLENGTH)
        name = substr(name, 1, RSTART - 1)
        if (skip == "") skip = "skipped"
    }
    count++
    names[count] = name
    skipped_reason[count] = skip
    failed[count] = failing
    failures += failing
    skips += (skip != "")
    next
}

/^# ?/ && count > 0 && failed[count] {
    line = $0
    sub(/^# ?/, "", line)
    text[count] = text[count] line "\n"
}

END {
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<testsuites tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%d\">\n", \
        count, failures, skips, seconds
    printf "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%d\">\n", \
        xml(suite), count, failures, skips, seconds
    for (i = 1; i <= count; i++) {
        printf "  <testcase classname=\"%s\" name=\"%s\"", xml(class_of(names[i])), xml(names[i])
        if (failed[i]) {
            printf ">\n    <failure message=\"failed\">%s</failure>\n  </testcase>\n", xml(text[i])
        } else if (skipped_reason[i] != "") {
            printf ">\n    <skipped message=\"%s\"/>\n  </testcase>\n", xml(skipped_reason[i])
        } else {
            printf "/>\n"
        }
    }
    printf "</testsuite>\n</testsuites>\n"
}
