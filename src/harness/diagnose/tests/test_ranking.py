"""The greedy choice of causes (ranking.choose): the fault reproducing the
most failing cases first, then the fault adding the most cases not yet
explained, and so on while what it adds reaches the threshold; each
cause keeps every case it reproduces and the cases it adds."""
import unittest

from harness.diagnose import ranking

CODES = ["a", "b", "c", "d"]


def table(**hits):
    """{code: (reproduced, near, same)} as evaluate.Evaluation.run gives it."""
    return {code: (cases, 0, len(cases)) for code, cases in hits.items()}


class ChooseTest(unittest.TestCase):
    def test_the_next_cause_adds_the_most_cases_not_yet_explained(self):
        # b reproduces more cases than c, but all of them a explains already
        singles = table(a=["1", "2", "3", "4", "5", "6"], b=["1", "2", "3", "4"],
                        c=["7", "8", "9"], d=[])
        causes = ranking.choose(singles, {}, 20, CODES)
        self.assertEqual([cause.codes for cause in causes], [["a"], ["c"]])
        self.assertEqual(causes[1].adds, ["7", "8", "9"])

    def test_adds_leave_out_what_a_cause_above_explains(self):
        singles = table(a=["1", "2", "3", "4", "5", "6"], b=["5", "6", "7", "8"], c=[], d=[])
        causes = ranking.choose(singles, {}, 10, CODES)
        self.assertEqual([cause.codes for cause in causes], [["a"], ["b"]])
        self.assertEqual(causes[1].cases, ["5", "6", "7", "8"])
        self.assertEqual(causes[1].adds, ["7", "8"])

    def test_with_no_threshold_every_fault_adding_a_case(self):
        # (thresholds.py's figures: what the thresholds are measured on)
        singles = table(a=["1"], b=["1", "2"], c=["3"], d=[])
        self.assertEqual(ranking.choose(singles, {}, 100, CODES), [])
        causes = ranking.choose(singles, {}, 100, CODES, least=lambda first: 1)
        self.assertEqual([(cause.codes, cause.adds) for cause in causes], [(["b"], ["1", "2"]), (["c"], ["3"])])

    def test_below_the_thresholds_no_cause(self):
        examined = 100
        first = ranking.need(examined)
        singles = table(a=[str(i) for i in range(first - 1)], b=[], c=[], d=[])
        self.assertEqual(ranking.choose(singles, {}, examined, CODES), [])
        singles = table(a=[str(i) for i in range(first)],
                        b=["x%d" % i for i in range(ranking.need_next(examined) - 1)], c=[], d=[])
        self.assertEqual([c.codes for c in ranking.choose(singles, {}, examined, CODES)], [["a"]])

    def test_written_cases_are_those_each_cause_adds(self):
        causes = [ranking.Cause(["a"], ["1", "2"]), ranking.Cause(["b"], ["2", "3"], ["3"])]
        lines = ranking.lines(causes, {code: {"description": code.upper()} for code in CODES}, 5,
                              {"1": "1: line 2 differs", "3": "3: line 4 differs"})
        self.assertEqual(lines, [
            "likely cause: A (a): reproduces 2 of 5 failing cases", "  explains: 1, 2",
            "  for example: 1: line 2 differs",
            "likely cause: B (b): reproduces 2 of 5 failing cases, 1 of them not explained above",
            "  explains: 3", "  for example: 3: line 4 differs"])


if __name__ == "__main__":
    unittest.main()
