"""Which failing cases the diagnosis examines (results.sample): every one
by default, in turn from each category, so that a budget cut still
leaves every kind of failure its say; --max-cases N keeps the first N of
that order."""
import unittest

from harness.diagnose import results

FAILING = ["wins/w1", "wins/w2", "wins/w3", "play/p1", "error4/e1", "error4/e2"]


class SampleTest(unittest.TestCase):
    def test_every_failing_case_by_default(self):
        chosen = results.sample(FAILING)
        self.assertEqual(sorted(chosen), sorted(FAILING))
        self.assertEqual(results.sample(FAILING, 0), chosen)

    def test_in_turn_from_each_category(self):
        self.assertEqual(results.sample(FAILING),
                         ["wins/w1", "play/p1", "error4/e1", "wins/w2", "error4/e2", "wins/w3"])

    def test_a_limit_keeps_the_first_of_that_order(self):
        self.assertEqual(results.sample(FAILING, 4), ["wins/w1", "play/p1", "error4/e1", "wins/w2"])
        self.assertEqual(results.sample(FAILING, 99), results.sample(FAILING))

    def test_no_failing_case(self):
        self.assertEqual(results.sample([]), [])


if __name__ == "__main__":
    unittest.main()
