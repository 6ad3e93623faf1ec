"""The diagnosis's benchmark (bench.py): check-engine, then the diagnosis
cold (an empty run cache) and warm, each program's ratio its cold time
over check-engine's (and the same of their CPU times), and with both games
and the draughts subject in another order the largest ratio, the figure
`make bench` shows; `make faults` (which keeps the corpus's runs) first."""
import unittest
from unittest import mock

from harness.diagnose import bench


class BenchTest(unittest.TestCase):
    def measured(self, seconds, **options):
        """measure(**OPTIONS) with the commands' times SECONDS, in order;
        the commands timed and make's command."""
        timings = [(wall, wall / 2) for wall in seconds]  # (wall, CPU)
        with mock.patch.object(bench, "timed", side_effect=timings) as timed, \
                mock.patch.object(bench, "failing", return_value=7), \
                mock.patch.object(bench.subject, "build", return_value="build/bench/subject"), \
                mock.patch.object(bench.subprocess, "run") as make:
            figures = bench.measure(**options)
        return figures, [call.args[0] for call in timed.call_args_list], make.call_args.args[0]

    def test_one_program_cold_warm_and_without_the_kept_runs(self):
        figures, commands, make = self.measured([10.0, 4.0, 3.0, 25.0], program="checkers",
                                                without_kept=True)
        self.assertEqual(make, ["make", "-s", "faults"])
        self.assertEqual((figures["ratio"], figures["warm_ratio"], figures["failing"]), (0.4, 0.3, 7))
        self.assertEqual(figures["without_kept_corpus_runs_seconds"], 25.0)
        self.assertIn("--no-diagnose", commands[0])
        cold, warm, without = commands[1:]
        self.assertEqual(cold, warm)  # the same run cache, empty at first
        self.assertEqual(without[-2:], ["--corpus-runs", "none"])
        self.assertNotEqual(without[without.index("--run-cache") + 1], cold[cold.index("--run-cache") + 1])

    def test_both_games_and_the_subject_the_largest_ratio(self):
        figures, commands, _ = self.measured([10.0, 4.0, 3.0, 2.0, 3.0, 1.0, 4.0, 5.0, 5.0])
        self.assertEqual([each["program"] for each in figures["programs"]],
                         ["checkers", "draughts", "draughts"])
        self.assertEqual(figures["programs"][2]["order"], "reversed")
        self.assertEqual((figures["ratio"], figures["target_ratio"]), (1.5, 1.0))
        self.assertEqual(len(commands), 9)
        self.assertEqual(commands[6][-1], "build/bench/subject")

    def test_the_subject_alone_its_cpu_ratio_and_profile(self):
        figures, commands, _ = self.measured([4.0, 2.0, 2.0], program=bench.REVERSED,
                                             profile="strict")
        self.assertEqual((figures["ratio"], figures["cpu_ratio"]), (0.5, 0.5))
        self.assertEqual((figures["check_engine_cpu_seconds"], figures["cold_cpu_seconds"]), (2.0, 1.0))
        self.assertEqual(commands[0][-3:], ["build/bench/subject", "--profile", "strict"])


if __name__ == "__main__":
    unittest.main()
