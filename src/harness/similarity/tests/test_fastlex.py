"""fastlex.FastLexer gives the tokens pycparser's own lexer gives (type,
text, line, offset), calls the brace callbacks at the same tokens and
sees the same typedef names, on the repository's C files preprocessed as
cparse.py does and on a text of the cases the fast path must leave to
PLY; and a parse with it is the same tree."""
import glob
import io
import os
import tempfile
import unittest

import pytest
import pycparser
from pycparser.c_lexer import CLexer

from harness import paths
from harness.similarity.cparse import preprocess, stub_headers
from harness.similarity.fastlex import FastLexer

EDGES = r'''
# 1 "edges.c"
typedef int cell_t;
int f(cell_t c, ...) { char *s = L"wide" u8"u8" u"u" U"U" "plain\n"; int w = L'x' + u8'y' + u'z' + U'q';
  double d = 1.5 + .5 + 1e3 + 2. + 0x1.8p1 + 1.0f; long n = 0 + 07 + 0x1F + 0b101 + 12u + 12UL + 3ll + 10;
  int $odd = 'ab'; struct p { int x; } q, *r = &q; r->x <<= 2; r->x >>= 1; q.x |= 1 ^ 2 & 3 || 4 && !5;
  n = n-- - --n + n++ + ++n; n %= 3; n /= 2; n *= 1; n -= 1; n += 1; n &= 1; n ^= 1; n = n == 1 != 0;
  n = n <= 1 >= 0 < 2 > 3 ? 4 : 5; s[0] = ~n; x12abc = 12 ; cell_t cell_t2;
#pragma once
  return 0; }
'''


def tokens(lexer_class, text):
    """Every token as (type, text, line, offset), and the callbacks' calls."""
    calls = []
    lexer = lexer_class(lambda message, line, column: calls.append(("error", message, line, column)),
                        lambda: calls.append(("{", len(found))), lambda: calls.append(("}", len(found))),
                        lambda name: name.startswith("cell"))
    lexer.build(optimize=True, lextab="pycparser.lextab")
    lexer.input(text)
    found = []
    token = lexer.token()
    while token is not None:
        found.append((token.type, token.value, token.lineno, token.lexpos, lexer.filename))
        token = lexer.token()
    return found, calls


def repository_texts():
    """The engines' C files, preprocessed as cparse.py does."""
    texts = []
    with tempfile.TemporaryDirectory() as stubs:
        for engine in ("checkers", "draughts"):
            folder = str(paths.SRC / engine)
            prelude = stub_headers(folder, stubs)
            texts += [preprocess(path, (stubs, prelude)) for path in sorted(glob.glob(os.path.join(folder, "*.c")))]
    return texts


class FastLexerTest(unittest.TestCase):
    def test_the_edges_lex_as_ply_lexes_them(self):
        fast, slow = tokens(FastLexer, EDGES), tokens(CLexer, EDGES)
        self.assertGreater(len(slow[0]), 200)
        self.assertEqual(fast, slow)

    def test_the_repository_lexes_as_ply_lexes_it(self):
        texts = repository_texts()
        self.assertGreater(len(texts), 8)
        for text in texts:
            self.assertEqual(tokens(FastLexer, text), tokens(CLexer, text))

    @pytest.mark.slow
    def test_a_parse_with_it_is_the_same_tree(self):
        for text in repository_texts()[:3]:
            fast, slow = io.StringIO(), io.StringIO()
            pycparser.CParser(lexer=FastLexer).parse(text, "x.c").show(fast, attrnames=True, showcoord=True)
            pycparser.CParser().parse(text, "x.c").show(slow, attrnames=True, showcoord=True)
            self.assertGreater(len(slow.getvalue()), 1000)
            self.assertEqual(fast.getvalue(), slow.getvalue())


if __name__ == "__main__":
    unittest.main()
