# mutate.awk -- the mutation operators of scripts/mutants, over C source.
#
#   awk -v mode=list  -f mutate.awk FILE   one mutant a line:
#       LINE <TAB> OPERATOR <TAB> OCCURRENCE <TAB> ORIGINAL LINE
#   awk -v mode=apply -v target=LINE -v op=OPERATOR -v nth=OCCURRENCE \
#       -f mutate.awk FILE                  the file with that mutant
#
# Operators (each applies to one token occurrence, or to a whole line):
#   rel     < <= > >= == != swapped for their neighbour (< <=, > >=, == !=)
#   logic   && ||           swapped
#   arith   binary + - * and += -= ++ -- << >> swapped with their opposite
#   bit     binary & | and |= &= swapped
#   const   a decimal constant n replaced by n+1 (const+) or n-1 (const-),
#           except an array size in a declaration
#   bool    true false      swapped
#   not     a leading ! dropped
#   negate  the condition of a one-line `if (...) {` negated
#   delete  a one-line expression statement deleted
# Comment lines, preprocessor lines, string literals, code compiled only
# into test builds (#ifdef CHECKERS_FAULT_INJECTION, DRAUGHTS_MOVE_ORDER_HOOK) and the #else branch
# of #if defined(__GNUC__) (never compiled by gcc or clang) are never mutated.

function is_word(c) { return c ~ /[A-Za-z0-9_]/ }

# Splits `text` into tok[1..n]; kind[i] is "word", "num", "str" or "op".
function tokenize(text,    i, c, j, n, three, two) {
    n = 0; i = 1
    while (i <= length(text)) {
        c = substr(text, i, 1)
        if (c ~ /[ \t]/) { i++; continue }
        if (c == "\"" || c == "'") {
            for (j = i + 1; j <= length(text); j++) {
                if (substr(text, j, 1) == "\\") { j++; continue }
                if (substr(text, j, 1) == c) break
            }
            tok[++n] = substr(text, i, j - i + 1); kind[n] = "str"; i = j + 1; continue
        }
        if (is_word(c)) {
            for (j = i; j <= length(text) && is_word(substr(text, j, 1)); j++) ;
            tok[++n] = substr(text, i, j - i); kind[n] = (c ~ /[0-9]/) ? "num" : "word"; i = j; continue
        }
        three = substr(text, i, 3); two = substr(text, i, 2)
        if (three == "<<=" || three == ">>=") { tok[++n] = three; kind[n] = "op"; i += 3; continue }
        if (two ~ /^(<=|>=|==|!=|&&|\|\||\+\+|--|->|<<|>>|\+=|-=|\|=|&=|\^=|\*=|\/=)$/) {
            tok[++n] = two; kind[n] = "op"; i += 2; continue
        }
        tok[++n] = c; kind[n] = "op"; i++
    }
    return n
}

# A binary operator follows an operand: a word, a number, ) or ].
function after_operand(i) { return i > 1 && (kind[i-1] == "word" || kind[i-1] == "num" || tok[i-1] == ")" || tok[i-1] == "]") }

# The mutants of token i: sets alt[1..k] (replacement) and opn[1..k].
function token_mutants(i,    t, k) {
    t = tok[i]; k = 0
    if (kind[i] == "num" && t ~ /^[0-9]+$/ && !(i > 1 && tok[i-1] == "[" && declaration)) {
        alt[++k] = t + 1; opn[k] = "const+"
        if (t > 0) { alt[++k] = t - 1; opn[k] = "const-" }
        return k
    }
    if (t == "true")  { alt[++k] = "false"; opn[k] = "bool"; return k }
    if (t == "false") { alt[++k] = "true"; opn[k] = "bool"; return k }
    if (kind[i] != "op") return 0
    if (t == "<")  { alt[++k] = "<="; opn[k] = "rel" }
    if (t == "<=") { alt[++k] = "<";  opn[k] = "rel" }
    if (t == ">")  { alt[++k] = ">="; opn[k] = "rel" }
    if (t == ">=") { alt[++k] = ">";  opn[k] = "rel" }
    if (t == "==") { alt[++k] = "!="; opn[k] = "rel" }
    if (t == "!=") { alt[++k] = "=="; opn[k] = "rel" }
    if (t == "&&") { alt[++k] = "||"; opn[k] = "logic" }
    if (t == "||") { alt[++k] = "&&"; opn[k] = "logic" }
    if (t == "+=") { alt[++k] = "-="; opn[k] = "arith" }
    if (t == "-=") { alt[++k] = "+="; opn[k] = "arith" }
    if (t == "++") { alt[++k] = "--"; opn[k] = "arith" }
    if (t == "--") { alt[++k] = "++"; opn[k] = "arith" }
    if (t == "<<") { alt[++k] = ">>"; opn[k] = "arith" }
    if (t == ">>") { alt[++k] = "<<"; opn[k] = "arith" }
    if (t == "|=") { alt[++k] = "&="; opn[k] = "bit" }
    if (t == "&=") { alt[++k] = "|="; opn[k] = "bit" }
    if (t == "!" && i < n) { alt[++k] = ""; opn[k] = "not" }
    if (after_operand(i)) {
        if (t == "+") { alt[++k] = "-"; opn[k] = "arith" }
        if (t == "-") { alt[++k] = "+"; opn[k] = "arith" }
        if (t == "*" && !(kind[i-1] == "word" && tok[i-1] ~ /(_t|^char|^void|^int|^node|^FILE|^sizeof)$/)) {
            alt[++k] = "/"; opn[k] = "arith"
        }
        if (t == "&") { alt[++k] = "|"; opn[k] = "bit" }
        if (t == "|") { alt[++k] = "&"; opn[k] = "bit" }
    }
    return k
}

function join_tokens(from, to,    s, i) {
    s = ""
    for (i = from; i <= to; i++) s = s (s == "" ? "" : " ") tok[i]
    return s
}

function emit(op, occurrence, replacement) {
    if (mode == "list") printf "%d\t%s\t%d\t%s\n", FNR, op, occurrence, original
    else if (FNR == target && op == wanted && occurrence == nth) { print replacement; applied = 1 }
}

BEGIN { wanted = op; in_comment = 0; in_test_only = 0 }

{
    line = $0; original = $0; sub(/^[ \t]+/, "", original)
    mutable = 1
    if (in_comment) { mutable = 0; if (line ~ /\*\//) in_comment = 0 }
    else if (line ~ /^[ \t]*\/\*/) { mutable = 0; if (line !~ /\*\//) in_comment = 1 }
    else if (line ~ /^[ \t]*(\/\/|\*)/) mutable = 0
    # Code gcc and clang never compile: the test-only hook, and the
    # portable fallback of a compiler builtin.
    if (line ~ /^[ \t]*#[ \t]*ifdef[ \t]+(CHECKERS_FAULT_INJECTION|DRAUGHTS_MOVE_ORDER_HOOK)/) in_test_only = 1
    else if (in_test_only && line ~ /^[ \t]*#[ \t]*(else|endif)/) in_test_only = 0
    if (line ~ /^[ \t]*#[ \t]*if[ \t]+defined\(__GNUC__\)/) in_gnuc_if = 1
    else if (in_gnuc_if && line ~ /^[ \t]*#[ \t]*else/) in_test_only = 1
    else if (in_gnuc_if && line ~ /^[ \t]*#[ \t]*endif/) { in_gnuc_if = 0; in_test_only = 0 }
    if (line ~ /^[ \t]*#/ || in_test_only) mutable = 0
    sub(/[ \t]*\/\*.*\*\/[ \t]*$/, "", line)   # a trailing comment is not code
    sub(/[ \t]*\/\/.*$/, "", line)

    if (mutable) {
        indent = $0; sub(/[^ \t].*$/, "", indent)
        n = tokenize(line)
        # An array size in a declaration only changes unused room.
        declaration = (line ~ /^[ \t]*(static|const|int|char|uint64_t|action_t)[ \t]/)
        delete seen
        for (i = 1; i <= n; i++) {
            k = token_mutants(i)
            for (m = 1; m <= k; m++) {
                seen[opn[m]]++
                emit(opn[m], seen[opn[m]], indent join_tokens(1, i - 1) " " alt[m] " " join_tokens(i + 1, n))
            }
        }
        if (line ~ /^[ \t]*(} else )?if \(.*\) \{$/) {
            cond = line; sub(/^[ \t]*(} else )?if \(/, "", cond); sub(/\) \{$/, "", cond)
            head = line; sub(/if \(.*$/, "", head)
            emit("negate", 1, head "if (!(" cond ")) {")
        }
        if (line ~ /^[ \t]+[a-z_*(][^=]*(\+\+|--|=|\(.*\)).*;$/ && line !~ /^[ \t]*(return|break|continue|case|default|const|static|int|char|bool|uint64_t|uint8_t|size_t|long|unsigned|void|board_t|action_t|colour_t|tree_node_t|input_t|input_line_t|typed_action_t|game_t|action_error_t|search_outcome_t|scan_state_t|line_kind_t|FILE)[ \t;(*]/) {
            emit("delete", 1, indent ";")
        }
    }
    if (mode == "apply" && !(FNR == target && applied)) print $0
}

END { if (mode == "apply" && !applied) exit 3 }
