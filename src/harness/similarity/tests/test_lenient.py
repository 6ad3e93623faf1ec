"""lenient.py: a submission whose files name a header that was not handed
in, a system header the fake libc lacks, a macro its build gives, and the
types those would declare, is parsed all the same, its places in its
own lines; a file the first attempts parse never reaches it."""
import os
import tempfile
import unittest

from harness.similarity.cparse import parse_submission
from harness.similarity.lenient import guesses_in, parse_lenient
from harness.similarity.structure import structure_of

HEADER = """#ifndef GAME_H
#define GAME_H
#include "../../engine/board.h"
#include <sys/prctl.h>
#ifndef REPO
#error "build with -DREPO=..."
#endif
#if !defined(WIDTH)
#error "build with -DWIDTH=8"
#endif
int count_pieces(const board_t *board, side_t side);
#endif
"""

PROGRAM = """#include <stdio.h>
#include <sys/stat.h>
#include "game.h"

int count_pieces(const board_t *board, side_t side)
{
    int total = 0;
    for (int square = 0; square < 64; square++) {
        switch ((piece_t)board->square[square]) {
        case 1: total += side; break;
        default: total -= 1;
        }
    }
    return total;
}

int own(int x) { return x * 2; }

int main(void)
{
    board_t board;
    struct stat st;
    sigset_t none;
    printf("%s own piece %d\\n", REPO "/x", own(count_pieces(&board, 1)));
    if (stat("/tmp", &st) != 0) {
        return 1;
    }
    while (board.moves > 0) {
        board.moves = board.moves - count_pieces(&board, 2);
    }
    return own(0) + (int)sizeof none;
}
"""


class LenientTest(unittest.TestCase):
    def setUp(self):
        self.work = tempfile.TemporaryDirectory()
        self.folder = os.path.join(self.work.name, "student")
        os.makedirs(self.folder)
        for name, text in (("game.h", HEADER), ("main.c", PROGRAM)):
            with open(os.path.join(self.folder, name), "w", encoding="utf-8") as handle:
                handle.write(text)

    def tearDown(self):
        self.work.cleanup()

    def test_the_first_attempts_cannot_parse_it(self):
        parsed = parse_submission(self.folder, ["game.h", "main.c"])
        self.assertEqual(len(parsed.problems), 1, parsed.problems)
        self.assertEqual(parsed.functions, {})

    def test_lenient_parses_it_in_its_own_lines(self):
        parsed = parse_submission(self.folder, ["game.h", "main.c"], parse_lenient)
        self.assertEqual(parsed.problems, [])
        self.assertEqual(sorted(parsed.functions), ["count_pieces", "main", "own"])
        self.assertEqual(parsed.functions["main"].coord.file, os.path.join(self.folder, "main.c"))
        self.assertEqual(parsed.functions["main"].coord.line, 19)  # (the line of main in PROGRAM)
        self.assertEqual(parsed.functions["count_pieces"].coord.file, os.path.join(self.folder, "main.c"))

    def test_its_structure_has_fingerprints_in_its_file(self):
        found = structure_of(self.folder, ["game.h", "main.c"])
        self.assertEqual(found.problems, [])
        places = [p for ps in found.fingerprints.values() for p in ps]
        self.assertGreater(len(places), 3)
        self.assertTrue(all(p.file == os.path.join(self.folder, "main.c") and 5 <= p.first <= p.last <= 34
                            for p in places), places)

    def test_a_link_out_of_the_submission_is_not_followed(self):
        outside = os.path.join(self.work.name, "outside.h")
        with open(outside, "w", encoding="utf-8") as handle:
            handle.write("int outside_secret(void) { return 42; }\n")
        os.symlink(outside, os.path.join(self.folder, "secret.h"))
        self.write_main('#include "secret.h"\n' + PROGRAM)
        parsed = parse_submission(self.folder, ["game.h", "main.c"], parse_lenient)
        self.assertEqual(parsed.problems, [])
        self.assertEqual(sorted(parsed.functions), ["count_pieces", "main", "own"])

    def write_main(self, text):
        with open(os.path.join(self.folder, "main.c"), "w", encoding="utf-8") as handle:
            handle.write(text)

    def test_a_file_the_stubs_parse_never_reaches_it(self):
        with open(os.path.join(self.folder, "game.h"), "w", encoding="utf-8") as handle:
            handle.write("typedef int board_t; typedef int side_t; typedef int piece_t; typedef int sigset_t;\n"
                         "#define REPO \"r\"\nint count_pieces(const board_t *board, side_t side);\n")
        text = PROGRAM.replace("board->square[square]", "board[square]").replace("board.moves", "board")
        with open(os.path.join(self.folder, "main.c"), "w", encoding="utf-8") as handle:
            handle.write(text)

        def last(*_):
            raise AssertionError("the lenient attempt was made")
        parsed = parse_submission(self.folder, ["game.h", "main.c"], last)
        self.assertEqual(parsed.problems, [])
        self.assertIn("main", parsed.functions)

    def test_names_in_strings_and_struct_tags_are_not_taken_for_types(self):
        found = guesses_in('board_t b; struct stat st; printf("own piece"); x = a * b; const line_t *p;\n')
        self.assertEqual(found, {"board_t"})


if __name__ == "__main__":
    unittest.main()
