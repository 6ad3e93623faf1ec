# junit-field.awk -- junit_field(TEXT): TEXT as a field of junit.awk's input,
# backslash, tab and newline escaped (\\, \t, \n). Loaded beside the
# converters that feed junit.awk (tap-cases.awk; check-engine and mark write the same report in Python, harness/junit.py).

function junit_field(text,    parts, n, i, out) {
    # (backslashes doubled by a split and a join: a replacement string's
    # own backslashes read differently from one awk to another)
    n = split(text, parts, /\\/)
    out = parts[1]
    for (i = 2; i <= n; i++) out = out "\\\\" parts[i]
    gsub(/\t/, "\\t", out)
    gsub(/\n/, "\\n", out)
    return out
}
