# checkers-explain.awk -- src/check/explain-failure for checkers. Files:
# the reference's --explain lines (src/checkers/explain.h has the format),
# the expected stdout, the program's stdout; `stop` is the first line where
# the two differ. Prints "explain: ..." lines, or nothing.

# Which file a line is from, by name: an empty first file has no line
# for a counter of first lines to see.
{ file = (FILENAME == ARGV[1]) ? 1 : (FILENAME == ARGV[2]) ? 2 : 3 }
file == 1 && /^explain: (BLACK|WHITE) ACTION #[0-9]+ \(typed\) is refused/ {
    number = action_number($0); refused[number] = ""; in_refused = number; next
}
file == 1 && /^explain: (BLACK|WHITE) ACTION #[0-9]+ \(/ {
    number = action_number($0); side[number] = $2; count[number] = 0; in_refused = ""; next
}
file == 1 && /^explain:   check / {
    line = $0; sub(/^explain:   /, "", line)
    if (in_refused != "") refused[in_refused] = refused[in_refused] "explain:     " line "\n"
    next
}
file == 1 && /^explain:   / {
    k = ++count[number]; candidate[number, k] = $2; cost[number, $2] = $4
    if ($5 == "chosen" || $5 == "chosen,") chosen[number] = $2
    next
}
file == 2 { expected[FNR] = $0; expected_lines = FNR; next }
file == 3 { actual[FNR] = $0; actual_lines = FNR; next }

function action_number(text) {
    sub(/^[^#]*#/, "", text); sub(/[^0-9].*/, "", text); return text + 0
}

# The number (1..6) of an ERROR line's check, 0 when it is not one.
function check_of(text,    i) {
    for (i = 1; i <= 6; i++) if (text == "ERROR: " MESSAGE[i]) return i
    return 0
}

# NE, SE, SW, NW of an action such as F3-E4 (row 1 is the top row).
function direction(action,    dc, dr) {
    dc = index("ABCDEFGH", substr(action, 4, 1)) - index("ABCDEFGH", substr(action, 1, 1))
    dr = substr(action, 5) - substr(action, 2, 1)
    return (dr < 0 ? "N" : "S") (dc > 0 ? "E" : "W")
}

function say(text) { print "explain: " text }

# Whether a line of output belongs to the boards of an action that was
# played: its separator, header, cost or a line of its board.
function played(text) {
    return text ~ /^=+$/ || text ~ /ACTION #[0-9]+:/ || text ~ /^BOARD COST:/ || text ~ /^ +(A   B|\+---)/ || text ~ /^ ?[1-8] \|/
}

# The program's refusal of ACTION #n, compared with the reference's (check
# k, 0 when it accepts): whether it refused there (its line `a` at the
# difference is a message, not the action's boards), with which of the six
# checks (j, 0 when its words are its own), and whether it stopped there.
function explain_error(n, k, j, a,    declined, stopped, words) {
    declined = (a != "" && !played(a))
    stopped = (actual_lines <= stop)
    words = "`" a "`"
    if (k > 0) {
        say("the reference refuses ACTION #" n " with check " k " of six (" MESSAGE[k] "): the checks come in the specified order and the first that fails is reported:")
        printf "%s", refused[n]
        if (j > k) say("this program reported check " j " (" MESSAGE[j] "), which comes after check " k ": it applies the checks in another order")
        else if (j > 0) say("this program reported check " j " (" MESSAGE[j] "), but the reference's check " j " passes here (above)")
        else if (a == "") say("this program stopped at ACTION #" n " too, but printed no error line")
        else if (!declined) say("this program did not refuse the action: it played it")
        else say("this program refused ACTION #" n " too, at the same point, but with other words: " words " where the handout's is `ERROR: " MESSAGE[k] "`")
    } else if (j > 0 || declined) {
        say("this program refused ACTION #" n (j > 0 ? " with check " j " (" MESSAGE[j] ")" : " (" words ")") ", which the reference accepts: all six checks pass")
    }
    if (k > 0 && declined && !stopped) say("  and it did not stop there: it printed " (actual_lines - stop) " more line" (actual_lines - stop == 1 ? "" : "s") ", where the reference ends")
    else if (k == 0 && declined && stopped) say("  and it stopped there")
}

function list_candidates(n,    k, text) {
    text = ""
    for (k = 1; k <= count[n] && k <= 16; k++) text = text (k > 1 ? ", " : "") candidate[n, k] " " cost[n, candidate[n, k]]
    if (count[n] > 16) text = text ", ..."
    say("  the reference's candidates in the specified order, with their costs: " text)
}

function explain_choice(n, x, y,    k, tied, last_tied, best) {
    if (!(n in count) || count[n] == 0) return
    best = cost[n, x]
    if (y == x) {
        say("both chose " x " for ACTION #" n " (cost " best "); the difference is in the board or the board cost printed after it")
        return
    }
    if (!((n, y) in cost)) {
        say("reference chose " x " (cost " best "); this program chose " y ", which is not among the " count[n] " actions " side[n] " may make here")
        list_candidates(n)
        return
    }
    if (cost[n, y] != best) {
        say("reference chose " x " (cost " best "); this program chose " y ", which the reference costs " cost[n, y] \
            " (" side[n] " takes the " (side[n] == "BLACK" ? "highest" : "lowest") " cost: does this program cost the boards, or propagate the costs up the tree, differently?)")
        list_candidates(n)
        return
    }
    say("reference chose " x " (cost " best "); this program chose " y ", which ties at " best \
        " but comes later in the specified order (cells row by row, directions NE, SE, SW, NW)")
    tied = 0
    for (k = 1; k <= count[n]; k++) if (cost[n, candidate[n, k]] == best) { tied++; last_tied = candidate[n, k] }
    if (substr(x, 1, 2) == substr(y, 1, 2))
        say("  " x " and " y " move the same piece: the reference tries " direction(x) " before " direction(y) "; does this program take the directions in another order?")
    if (y == last_tied && tied > 2)
        say("  " y " is the last of the " tied " tied: does this program keep the last of equal costs instead of the first?")
    list_candidates(n)
}

END {
    split("Source cell is outside of the board.|Target cell is outside of the board.|Source cell is empty.|Target cell is not empty.|Source cell holds opponent's piece/tower.|Illegal action.", MESSAGE, "|")
    e = (stop <= expected_lines) ? expected[stop] : ""
    a = (stop <= actual_lines) ? actual[stop] : ""
    # The last action header at or before the difference (or just after
    # it: the line before a header is its separator).
    header = 0
    for (i = (stop + 1 <= expected_lines ? stop + 1 : expected_lines); i >= 1; i--)
        if (expected[i] ~ /ACTION #[0-9]+:/) { header = i; break }
    if (check_of(e) || check_of(a) || (a ~ /^ERROR/ && played(e)) || (e ~ /^ERROR/ && a != e)) {
        n = 1
        for (i = stop - 1; i >= 1; i--) if (expected[i] ~ /ACTION #[0-9]+:/) { n = action_number(expected[i]) + 1; break }
        explain_error(n, check_of(e), check_of(a), a)
        exit
    }
    if (header == 0 || expected[header] !~ /^\*\*\* /) exit
    n = action_number(expected[header])
    x = expected[header]; sub(/.*: /, "", x)
    y = ""
    if (actual[header] ~ /^\*\*\* (BLACK|WHITE) ACTION #[0-9]+: /) { y = actual[header]; sub(/.*: /, "", y) }
    if (y != "") explain_choice(n, x, y)
}
