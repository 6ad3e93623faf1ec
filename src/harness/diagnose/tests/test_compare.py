"""What saves the diagnosis's time on every failing case (compare.py): a
fault that prints the expected output, as most faults do on most cases,
is neither judged nor split into lines; a fault that differs still is."""
import unittest

from harness.diagnose import compare
from harness.diagnose.runs import Run

EXPECTED = Run(b"A1: (1,0)=>(2,1).\nh=3\n", 0)
PROGRAM = Run(b"A1: (1,0)=>(2,1).\nh=4\n", 0)


class CompareTest(unittest.TestCase):
    def asked(self):
        self.calls += 1
        return b"wrong answer at output line 2"

    def setUp(self):
        self.calls = 0

    def test_a_fault_printing_the_expected_output_is_not_judged(self):
        judged = (b"wrong answer at output line 2", self.asked)
        self.assertIsNone(compare.reproduces("judge", PROGRAM, EXPECTED, EXPECTED, judged))
        self.assertEqual(self.calls, 0)
        self.assertFalse(compare.near(PROGRAM, EXPECTED, EXPECTED))

    def test_a_fault_printing_another_output_is_judged(self):
        judged = (b"wrong answer at output line 2", self.asked)
        fault = Run(b"A1: (1,0)=>(2,1).\nh=5\n", 0)
        self.assertEqual(compare.reproduces("judge", PROGRAM, fault, EXPECTED, judged), "verdict")
        self.assertEqual(self.calls, 1)
        self.assertTrue(compare.near(PROGRAM, Run(PROGRAM.out + b"x\n", 0), EXPECTED))


if __name__ == "__main__":
    unittest.main()
