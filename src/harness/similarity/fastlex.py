"""fastlex.py -- pycparser's lexer with a fast path: the tokens that make
most of a C program (blanks, new lines, names and keywords, decimal
numbers, operators and punctuation) read by one small regular expression;
everything else (other numbers, characters, strings, line markers,
pragmas, errors) left to pycparser's own PLY lexer, from the same place.

Why: PLY tries its master expression, about a hundred alternatives, at
every token; lexing was 60% of parsing and parsing most of the
structural comparison's time. The fast path gives exactly the tokens PLY
gives (type, text, line, offset; the brace callbacks that open and close
scopes; the typedef names): a token is taken on the fast path only where
no rule PLY tries first could match (a name followed by a quote is a
wide character or string, a number followed by a letter, a dot or a
digit has a suffix or is a float, a dot before a digit is a float: all
left to PLY). tests/test_fastlex.py compares both on C files."""

import re

from ply.lex import LexToken
from pycparser.c_lexer import CLexer

FAST = re.compile(r"""
    (?P<blank>[ \t]+)
  | (?P<newline>\n+)
  | (?P<name>[a-zA-Z_$][0-9a-zA-Z_$]*+)(?!['"])
  | (?P<decimal>[1-9][0-9]*+)(?![0-9a-zA-Z_$.])
  | (?P<mark>\.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\*=|/=|%=|\+=|-=|&=|\^=|\|=
           |\.(?![0-9])|[-+*/%|&~^!<>=?()\[\],;:{}])
""", re.VERBOSE)

MARKS = {
    "...": "ELLIPSIS", "<<=": "LSHIFTEQUAL", ">>=": "RSHIFTEQUAL", "->": "ARROW", "++": "PLUSPLUS",
    "--": "MINUSMINUS", "<<": "LSHIFT", ">>": "RSHIFT", "<=": "LE", ">=": "GE", "==": "EQ", "!=": "NE",
    "&&": "LAND", "||": "LOR", "*=": "TIMESEQUAL", "/=": "DIVEQUAL", "%=": "MODEQUAL", "+=": "PLUSEQUAL",
    "-=": "MINUSEQUAL", "&=": "ANDEQUAL", "^=": "XOREQUAL", "|=": "OREQUAL", ".": "PERIOD",
    "-": "MINUS", "+": "PLUS", "*": "TIMES", "/": "DIVIDE", "%": "MOD", "|": "OR", "&": "AND",
    "~": "NOT", "^": "XOR", "!": "LNOT", "<": "LT", ">": "GT", "=": "EQUALS", "?": "CONDOP",
    "(": "LPAREN", ")": "RPAREN", "[": "LBRACKET", "]": "RBRACKET", ",": "COMMA", ";": "SEMI",
    ":": "COLON", "{": "LBRACE", "}": "RBRACE",
}


class FastLexer(CLexer):
    """CLexer with the fast path (pycparser.CParser(lexer=FastLexer))."""

    def token(self):
        lexer = self.lexer
        if lexer.lexstate == "INITIAL":
            data, position = lexer.lexdata, lexer.lexpos
            match = FAST.match(data, position)
            while match is not None and match.lastgroup in ("blank", "newline"):
                if match.lastgroup == "newline":
                    lexer.lineno += match.end() - position
                position = match.end()
                match = FAST.match(data, position)
            lexer.lexpos = position
            if match is not None:
                self.last_token = self.fast_token(lexer, match)
                return self.last_token
        self.last_token = lexer.token()
        return self.last_token

    def fast_token(self, lexer, match):
        """The token of a fast-path match, as PLY makes it."""
        token = LexToken()
        token.value, token.lineno, token.lexpos = match.group(), lexer.lineno, match.start()
        lexer.lexpos = match.end()
        kind = match.lastgroup
        if kind != "mark" or match.group() in "{}":
            token.lexer = lexer  # (as PLY does for the rules it runs as functions)
        if kind == "name":
            token.type = self.keyword_map.get(token.value, "ID")
            if token.type == "ID" and self.type_lookup_func(token.value):
                token.type = "TYPEID"
        elif kind == "decimal":
            token.type = "INT_CONST_DEC"
        else:
            token.type = MARKS[token.value]
            if token.type in ("LBRACE", "RBRACE"):
                (self.on_lbrace_func if token.type == "LBRACE" else self.on_rbrace_func)()
        return token
