"""The checkers output's first difference (place.py) and the `exact`
match that uses it (compare.py): the same block, the same kinds of line,
the same line; white space aside; never for an output that does not go
wrong."""
import unittest

from harness.diagnose import compare, place
from harness.diagnose.runs import Run

SETUP = b"BOARD SIZE: 8x8\n#BLACK PIECES: 12\n#WHITE PIECES: 12\n 1 | . | w |\n"
DELIMITER = b"=" * 37 + b"\n"


def block(header, cost=b"0", row=b" 1 | . | w |"):
    return DELIMITER + header + b"\nBOARD COST: " + cost + b"\n" + row + b"\n"


EXPECTED = SETUP + block(b"BLACK ACTION #1: G6-H5") + b"ERROR: Illegal action.\n"
PLAYED = SETUP + block(b"BLACK ACTION #1: G6-H5") + block(b"WHITE ACTION #2: C4-A2")


class KindTest(unittest.TestCase):
    def test_each_line_of_the_format_has_its_kind(self):
        kinds = {b"=====": "action", b"***BLACKACTION#3:A6-B5": "action", b"WHITEACTION#2:C4-A2": "action",
                 b"BOARDCOST:-3": "cost", b"3|.|w|": "board", b"+---+---+": "board", b"ABCDEFGH": "board",
                 b"#WHITEPIECES:12": "setup", b"ERROR:Targetcellisnotempty.": "error4",
                 b"ERROR:Illegalmove.": "error", b"BLACKWIN!": "win", b"debug": "other", None: "end"}
        self.assertEqual({line: place.kind(line) for line in kinds}, kinds)


class FirstDifferenceTest(unittest.TestCase):
    def test_an_action_played_where_it_is_refused(self):
        self.assertEqual(place.first_difference(PLAYED, EXPECTED),
                         place.Place(1, "error6", "action", b"=" * 37))

    def test_white_space_is_left_out_and_the_same_lines_have_no_difference(self):
        spaced = EXPECTED.replace(b"\n", b" \r\n\n")
        self.assertIsNone(place.first_difference(spaced, EXPECTED))
        self.assertEqual(place.first_difference(spaced.replace(b"ERROR: Illegal action.", b""), EXPECTED),
                         place.Place(1, "error6", "end", b""))

    def test_a_line_after_the_expected_end(self):
        self.assertEqual(place.first_difference(EXPECTED + b"BLACK WIN!", EXPECTED),
                         place.Place(1, "end", "win", b"BLACKWIN!"))


class SameTest(unittest.TestCase):
    def test_the_same_first_difference_though_the_rest_differs(self):
        program = PLAYED + block(b"*** BLACK ACTION #3: H7-G6")
        self.assertTrue(place.same(program, PLAYED, EXPECTED))
        self.assertEqual(compare.reproduces("exact", Run(program, 0), Run(PLAYED, 0), Run(EXPECTED, 1)), "place")
        self.assertEqual(compare.reproduces("exact", Run(PLAYED, 0), Run(PLAYED, 0), Run(EXPECTED, 1)), "same")

    def test_another_line_of_the_same_kind_is_not_the_same_place_by_default(self):
        expected = SETUP + block(b"*** BLACK ACTION #1: G6-H5")
        program = SETUP + block(b"*** BLACK ACTION #1: A6-B5")
        fault = SETUP + block(b"*** BLACK ACTION #1: C6-D5")
        self.assertFalse(place.same(program, fault, expected))
        self.assertTrue(place.same(program, fault, expected, content=False))

    def test_another_block_or_kind_is_not_the_same_place(self):
        later = PLAYED + block(b"*** BLACK ACTION #3: H7-G6")
        costed = SETUP + block(b"BLACK ACTION #1: G6-H5", cost=b"1")
        program = SETUP + block(b"BLACK ACTION #1: G6-H5", cost=b"2")
        self.assertFalse(place.same(later, PLAYED.replace(b"C4-A2", b"C4-B3"), PLAYED, content=False))
        self.assertFalse(place.same(program, PLAYED, EXPECTED, content=False))
        self.assertTrue(place.same(program, costed, SETUP + block(b"BLACK ACTION #1: G6-H5"), content=False))
        self.assertFalse(place.same(program, costed, SETUP + block(b"BLACK ACTION #1: G6-H5")))

    def test_no_place_where_the_program_or_the_fault_does_not_go_wrong(self):
        spaced = EXPECTED.replace(b"\n", b"\r\n")
        self.assertFalse(place.same(spaced, EXPECTED, EXPECTED))
        self.assertFalse(place.same(spaced, spaced.replace(b"\r", b"  "), EXPECTED))
        self.assertIsNone(compare.reproduces("exact", Run(spaced, 1), Run(EXPECTED, 1), Run(EXPECTED, 1)))

    def test_the_status_still_counts(self):
        program = PLAYED + block(b"*** BLACK ACTION #3: H7-G6")
        self.assertIsNone(compare.reproduces("exact", Run(program, 0), Run(PLAYED, 1), Run(EXPECTED, 1)))


if __name__ == "__main__":
    unittest.main()
