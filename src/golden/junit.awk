# junit.awk -- the golden suites' JUnit writer (from bats' TAP, through
# tap-cases.awk). check-engine's junit.xml and mark's per-submission
# junit.xml are harness.junit's, the same bytes for the same cases
# (src/harness/tests/test_junit.py holds the two equal, this the oracle).
#
#   awk -F '\t' -v suite=NAME -v seconds=N -f junit.awk CASES.tsv > report.xml
#
# CASES.tsv: one test case a line, no header, tab-separated:
#   1 classname   2 name   3 verdict: pass, fail or skip
#   4 message (the failure's or skip's one-line reason)
#   5 text (a failure's report, a pass's output)
# each escaped: \n, \t and \\ stand for a newline, a tab, a backslash;
#   6 a file whose whole content is the text instead (optional)
# Control characters other than newline and tab are dropped (XML 1.0
# cannot carry them); the rest is escaped.

function xml(text) {
    gsub(/[\001-\010\013\014\016-\037\177]/, "", text)
    gsub(/&/, "\\&amp;", text)
    gsub(/</, "\\&lt;", text)
    gsub(/>/, "\\&gt;", text)
    gsub(/"/, "\\&quot;", text)
    return text
}

# unescape TEXT: \n, \t and \\ back to what they stand for.
function unescape(text,    parts, n, i, out, part) {
    n = split(text, parts, /\\\\/)
    out = ""
    for (i = 1; i <= n; i++) {
        part = parts[i]
        gsub(/\\n/, "\n", part)
        gsub(/\\t/, "\t", part)
        out = out (i > 1 ? "\\" : "") part
    }
    return out
}

function file_text(path,    line, text) {
    text = ""
    while ((getline line < path) > 0) text = text line "\n"
    close(path)
    return text
}

{
    count++
    class[count] = unescape($1)
    name[count] = unescape($2)
    verdict[count] = $3
    message[count] = unescape($4)
    text[count] = ($6 != "") ? file_text($6) : unescape($5)
    failures += ($3 == "fail")
    skips += ($3 == "skip")
}

END {
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<testsuites tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%s\">\n", \
        count, failures, skips, seconds + 0
    printf "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%s\">\n", \
        xml(suite), count, failures, skips, seconds + 0
    for (i = 1; i <= count; i++) {
        printf "  <testcase classname=\"%s\" name=\"%s\"", xml(class[i]), xml(name[i])
        if (verdict[i] == "fail") {
            printf ">\n    <failure message=\"%s\">%s</failure>\n  </testcase>\n", xml(message[i]), xml(text[i])
        } else if (verdict[i] == "skip") {
            printf ">\n    <skipped message=\"%s\"/>\n  </testcase>\n", xml(message[i])
        } else if (text[i] != "") {
            printf ">\n    <system-out>%s</system-out>\n  </testcase>\n", xml(text[i])
        } else {
            printf "/>\n"
        }
    }
    printf "</testsuite>\n</testsuites>\n"
}
