"""A cause's worked example (example.describe): where the program's run
first differs from the expected one, in words; for draughts, the judge's
verdict in a line."""
import unittest

from harness.diagnose import evaluate, example, runs


def case(out, expected, status=0, verdict=None):
    return evaluate.Case("wins/w1", "wins/w1.in", runs.Run(expected, 0), runs.Run(out, status),
                         verdict)


class DescribeTest(unittest.TestCase):
    def test_the_first_line_that_differs(self):
        self.assertEqual(example.describe(case(b"A\nWHITE WIN!\n", b"A\nBLACK WIN!\n")),
                         'wins/w1: line 2 is "WHITE WIN!" where "BLACK WIN!" is expected')

    def test_a_line_after_the_end_and_a_missing_line(self):
        self.assertEqual(example.first_difference(runs.Run(b"A\nB\n", 0), runs.Run(b"A\n", 0)),
                         'line 2 is "B", after the expected end')
        self.assertEqual(example.first_difference(runs.Run(b"A\n", 0), runs.Run(b"A\nB\n", 0)),
                         'the output stops before line 2, "B"')
        self.assertEqual(example.first_difference(runs.Run(b"A", 0), runs.Run(b"A\n", 0)),
                         "the last line lacks a line end")

    def test_past_the_spacing_the_first_line_that_differs_otherwise(self):
        spaced = b"A\n\n=====\nERROR: Illegal move.\n"
        self.assertEqual(example.first_difference(runs.Run(spaced, 0), runs.Run(b"A\n=====\nERROR: Illegal action.\n", 0)),
                         'line 4 is "ERROR: Illegal move." where "ERROR: Illegal action." is expected '
                         '(white space aside)')
        self.assertEqual(example.first_difference(runs.Run(b"A \nB\n", 0), runs.Run(b"A\nB\n", 0)),
                         'line 1 is "A " where "A" is expected')

    def test_the_status_alone(self):
        self.assertEqual(example.describe(case(b"A\n", b"A\n", status=0)).split(": ", 1)[1],
                         "exit status 0 where 0 is expected")
        self.assertEqual(example.first_difference(runs.Run(b"A\n", 0), runs.Run(b"A\n", 1)),
                         "exit status 0 where 1 is expected")

    def test_the_judges_verdict_in_a_line(self):
        verdict = (b"wrong answer in case 1 (input case 1 of 1) at output line 4:\n  A1: x\n"
                   b"path: A1\nrequired: each move line is a legal move of Alice\nhere: ...\n")
        self.assertEqual(example.describe(case(b"", b"", verdict=verdict)),
                         "wins/w1: wrong answer in case 1 (input case 1 of 1) at output line 4; "
                         "required: each move line is a legal move of Alice")


if __name__ == "__main__":
    unittest.main()
