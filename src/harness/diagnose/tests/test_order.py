"""The program's order of moves (order.py), read as the judge reads an
output, and the faulted reference run in it: the hooked engine, given the
order of the HW4 test player whose moves are reversed, prints that
player's very output (the hook's check); a fault counts under that order
only where the judge rejects its output (compare.reproduces_in_order)."""
import os
import subprocess
import tempfile
import unittest

import pytest

from harness import paths
from harness.diagnose import compare, faultbuild, order, runs
from harness.diagnose.runs import Run

SPACED = b"""
CASE 3
A1 :\t( 5 , 2 ) => ( 4 , 3 ) .
|-B2: (2,1)=>(3,2)
|-|-A3: (4,3)=>(2,1); h = +inf
|-B2 : Pruning (2,3)=>(3,4) , (2,1)=>(3,0) ; alpha=-1, beta=-1.
A1: (5,0)=>(4,1).
|-B2: (2,1)=>(3,0).
First Move: (5,2)=>(4,3)
"""


class ReadingTest(unittest.TestCase):
    def test_every_node_in_the_program_s_order_spacing_and_letter_case_aside(self):
        nodes = order.program_orders(SPACED)[0]
        self.assertEqual(nodes[()], [b"5243", b"5041"])
        self.assertEqual(nodes[(b"5243",)],
                         [b"2132", b"2334", b"2130"])
        self.assertEqual(nodes[(b"5243", b"2132")], [b"4321"])
        self.assertEqual(nodes[(b"5041",)], [b"2130"])
        self.assertEqual(len(nodes), 4)

    def test_cases_told_apart_without_headers_and_a_case_with_no_move(self):
        out = b"A1: (5,0)=>(4,1).\nfirst move: (5,0)=>(4,1).\nfirst move: none.\n" \
              b"A1: (5,2)=>(4,1).\nA1: (5,0)=>(4,1).\nfirst move: (5,2)=>(4,1).\n"
        cases = order.program_orders(out)
        self.assertEqual([list(nodes.get((), [])) for nodes in cases],
                         [[b"5041"], [], [b"5241", b"5041"]])
        self.assertEqual(order.order_file(cases),
                         b"1 / 5041\n3 / 5241 5041\n")

    def test_the_one_pass_check_agrees_a_pruned_move_included(self):
        pruned_first = b"case 1\nA1: (5,2)=>(4,1).\nA1: pruning (5,0)=>(4,1); alpha=1, beta=1.\n"
        in_order = b"case 1\nA1: (5,0)=>(4,1).\nA1: pruning (5,2)=>(4,1); alpha=1, beta=1.\n"
        for out, right in ((pruned_first, False), (in_order, True), (SPACED, False)):
            self.assertEqual(order.in_reference_order(out), right)
            self.assertEqual(order.is_reference_order(order.program_orders(out)), right)

    def test_the_reference_s_order_asks_for_no_run(self):
        self.assertIsNone(order.for_program(b"case 1\nA1: (5,0)=>(4,1).\nA1: (5,2)=>(4,1).\n"))
        self.assertEqual(order.for_program(SPACED),
                         b"1 / 5243 5041\n1 5243 / 2132 2334 2130\n"
                         b"1 5243 2132 / 4321\n1 5041 / 2130\n")


class TraceLinesTest(unittest.TestCase):
    def test_lines_of_other_shapes_left_out(self):
        out = (b"case 1\nsearching 4 plies, Alice to move\nA1 : (5,0)=>(4,1).\n"
               b"board read\n|-B2: pruning (2,1)=>(3,0); alpha=1, beta=1.\nFirst Move: (5,0)=>(4,1).\n")
        self.assertEqual(order.trace_lines(out),
                         b"case 1\nA1 : (5,0)=>(4,1).\n|-B2: pruning (2,1)=>(3,0); alpha=1, beta=1.\n"
                         b"First Move: (5,0)=>(4,1).\n")


class InOrderTest(unittest.TestCase):
    def test_a_fault_the_judge_accepts_in_that_order_explains_nothing(self):
        program, expected = Run(b"A1: x\n", 0), Run(b"A1: y\n", 0)
        self.assertIsNone(compare.reproduces_in_order(program, Run(b"A1:  x\n", 0), expected,
                                                      (b"wrong", None)))
        self.assertEqual(compare.reproduces_in_order(program, Run(b"A1:  x\n", 0), expected,
                                                     (b"wrong", b"other")), "same")
        self.assertEqual(compare.reproduces_in_order(program, Run(b"A1: z\n", 0), expected,
                                                     (b"wrong", b"wrong")), "verdict")
        self.assertIsNone(compare.reproduces_in_order(program, Run(b"A1: z\n", 0), expected,
                                                      (b"wrong", b"other")))


class HookTest(unittest.TestCase):
    """The reference built with the hook, as the faulted ones are."""

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="test-order.")
        cls.hooked = os.path.join(cls.folder, "hooked")
        cls.plain = os.path.join(cls.folder, "plain")
        # (hooked: the engine's folder and the hook's files, as a faulted
        # reference is built; plain: the engine's own folder, as make)
        draughts = os.path.join(paths.SRC, "draughts")
        for target, hook, extra in ((cls.hooked, faultbuild.HOOKS["draughts"], faultbuild.hook_sources("draughts")),
                                    (cls.plain, "", [])):
            built = faultbuild.compile_tree(draughts, target, "cc", faultbuild.FLAGS + " " + hook, extra)
            assert built.returncode == 0, built.stderr

    @classmethod
    def tearDownClass(cls):
        subprocess.run(["rm", "-rf", cls.folder], check=True)

    def player(self, case, variant):
        script = os.path.join(paths.SRC, "draughts-judge", "tests", "players", "python", "player.py")
        return subprocess.run(["/usr/bin/python3", script, case], capture_output=True, check=True,
                              env=dict(os.environ, HW4_VARIANT=variant)).stdout

    def test_in_the_reversed_player_s_order_the_reference_prints_its_output(self):
        for name in ("examples/handout-case5", "several-cases/several-0-s1"):
            case = os.path.join(paths.ROOT, "testdata", "draughts", name + ".in")
            program = self.player(case, "order-reversed")
            path = os.path.join(self.folder, "order")
            with open(path, "wb") as handle:
                handle.write(order.for_program(program))
            self.assertEqual(runs.run_in_order(self.hooked, case, path).out, program)
            with open(case[:-3] + ".out", "rb") as handle:
                golden = handle.read()
            self.assertEqual(runs.run_in_order(self.plain, case, path).out, golden)
            self.assertEqual(runs.run_in_order(self.hooked, case, os.devnull).out, golden)

    @pytest.mark.slow
    def test_a_case_printed_as_nothing_where_alice_cannot_move_shifts_no_later_case(self):
        # (a case where Alice cannot move, then the handout's case 5: the
        # program prints nothing for the first, as JUDGE.md lets it)
        cases = os.path.join(paths.ROOT, "testdata", "draughts")
        given = os.path.join(self.folder, "two.in")
        with open(given, "wb") as handle:
            for name in ("no-move-at-root/nomove-0-s1", "examples/handout-case5"):
                with open(os.path.join(cases, name + ".in"), "rb") as part:
                    handle.write(part.read())
        printed = self.player(given, "order-reversed")
        program = printed[printed.index(b"case 5"):]
        golden = runs.run_stdin([self.plain], given).out
        path = os.path.join(self.folder, "order-two")
        with open(path, "wb") as handle:
            handle.write(order.for_program(program, golden))
        out = runs.run_in_order(self.hooked, given, path).out
        self.assertEqual(out[out.index(b"case 5"):], program)
        self.assertEqual(order.positions(order.program_orders(program), golden), [2])
        self.assertIsNone(order.positions(order.program_orders(printed), golden))


if __name__ == "__main__":
    unittest.main()
