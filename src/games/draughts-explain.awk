# draughts-explain.awk -- src/check/explain-failure for draughts. Files:
# the reference's --explain lines (src/draughts/explain.h has the format),
# the expected output, the program's output; `stop` is the first line
# where the two differ. Prints "explain: ..." lines: the path of trace
# lines from the root to that line, and what kind of difference it is.

# Which file a line is from, by name: an empty first file has no line
# for a counter of first lines to see.
{ file = (FILENAME == ARGV[1]) ? 1 : (FILENAME == ARGV[2]) ? 2 : 3 }
# The reference's explanation of its k-th case (numbers may repeat).
file == 1 && /^explain: case / { block++; root_lines[block] = $0 "\n"; next }
file == 1 { root_lines[block] = root_lines[block] $0 "\n"; next }
file == 2 { expected[FNR] = $0; expected_lines = FNR; next }
file == 3 { actual[FNR] = $0; actual_lines = FNR; next }

function is_trace(text) { return text ~ /^(\|-)*(A1|B2|A3|B4): / }
function is_pruning(text) { return is_trace(text) && text ~ /: pruning / }
function depth(text,    d) { d = 0; while (substr(text, 2 * d + 1, 2) == "|-") d++; return d }
function label(text) { sub(/^(\|-)*/, "", text); return substr(text, 1, 2) }
function move_of(text) { sub(/^[^:]*: /, "", text); sub(/[;.].*/, "", text); return text }
function rest_of(text) { sub(/^[^:]*: \([0-9],[0-9]\)=>\([0-9],[0-9]\)/, "", text); return text }
function bounds_of(text) { sub(/.*; /, "", text); sub(/\.$/, "", text); return text }
function pruned_of(text) { sub(/^[^:]*: pruning /, "", text); sub(/; alpha=.*/, "", text); return text }
function squeeze(text) { gsub(/[ \t]/, "", text); return text }
function say(text) { print "explain: " text }

# The trace lines from the root down to line `stop`'s parent.
function say_path(    need, i, found, case_line, k) {
    case_line = 0
    for (i = stop; i >= 1; i--) if (expected[i] ~ /^case /) { case_line = i; break }
    if (case_line == 0) return
    say("where: " expected[case_line])
    need = is_trace(expected[stop]) ? depth(expected[stop]) - 1 : -1
    found = 0
    for (i = stop - 1; i > case_line && need >= 0; i--) {
        if (is_trace(expected[i]) && !is_pruning(expected[i]) && depth(expected[i]) == need) {
            path[need] = expected[i]; need--; found++
        }
    }
    for (k = 0; k < found; k++) say("  " path[k])
    if (stop <= expected_lines) say("  > " expected[stop] "    (expected)")
    if (stop <= actual_lines) say("  > " actual[stop] "    (this program)")
}

# Whether MOVE is one of the later siblings of line `stop` (same depth,
# before the parent's next sibling).
function later_sibling(move,    i, d) {
    d = depth(expected[stop])
    for (i = stop + 1; i <= expected_lines && is_trace(expected[i]) && depth(expected[i]) >= d; i++)
        if (depth(expected[i]) == d && !is_pruning(expected[i]) && move_of(expected[i]) == move) return 1
    return 0
}

function kind(e, a,    me, ma) {
    if (stop > actual_lines) return "this program's output ends here"
    if (squeeze(e) == squeeze(a)) return "the format: the same content, spaced differently"
    if (e ~ /^first move:/ || a ~ /^first move:/) return "the root's choice: the reference's " e ", this program's " a
    if (e ~ /^case / || a ~ /^case /) return "a case header, or a case that starts too early or too late"
    if (!is_trace(a)) return "the format: this program's line is not a trace line (LABEL: (r,c)=>(r,c)...)"
    if (!is_trace(e)) return "this program's trace goes on where the reference's case ends"
    if (is_pruning(e) && !is_pruning(a))
        return "a missing pruning line: the reference prunes here (" bounds_of(e) ") and this program goes on"
    if (!is_pruning(e) && is_pruning(a))
        return "an extra pruning line: this program prunes (" bounds_of(a) ") where the reference goes on"
    if (depth(e) != depth(a) || label(e) != label(a))
        return "the tree's shape: the reference's next line is at " label(e) ", this program's at " label(a) " (a move or a terminal position seen differently)"
    if (is_pruning(e)) {
        if (pruned_of(e) != pruned_of(a)) return "the pruned moves differ (the move order, or where the pruning starts)"
        return "a value: the bounds differ, " bounds_of(e) " expected, " bounds_of(a) " here"
    }
    me = move_of(e); ma = move_of(a)
    if (me != ma) {
        if (later_sibling(ma)) return "the move order: this program takes " ma " before " me ", which the specified order puts first"
        return "a move the reference does not make here: " ma " (the reference's is " me ")"
    }
    return "a value: the same move, \"" rest_of(e) "\" expected, \"" rest_of(a) "\" here"
}

END {
    e = (stop <= expected_lines) ? expected[stop] : ""
    a = (stop <= actual_lines) ? actual[stop] : ""
    say_path()
    say("the difference: " kind(e, a))
    if (e ~ /^first move:/) {
        ordinal = 0
        for (i = 1; i <= stop; i++) if (expected[i] ~ /^case /) ordinal++
        printf "%s", root_lines[ordinal]
    }
}
