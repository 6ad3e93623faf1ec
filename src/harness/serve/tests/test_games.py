"""The service takes its game from harness.games: its choices, its
default visible categories (checkers: official and examples; draughts:
examples), and a start with a category the game lacks refused at once
(exit 2, naming the categories there are, nothing made); a draughts
service with its defaults checks a correct HW4 program to the end."""

import glob
import os
import subprocess
import tempfile
import unittest

import pytest

from harness import games, paths
from harness.serve import config
from harness.serve.client import PYTHON, Service, python_env, submit, wait_final, write_roster


def built(argv):
    """The configuration scripts/serve would write for these options."""
    with tempfile.TemporaryDirectory() as data:
        return config.build(config.parser().parse_args(["--data", data] + argv))


class GameOptionsTest(unittest.TestCase):
    def test_program_choices_are_the_games(self):
        choices = next(a for a in config.parser()._actions if a.dest == "program").choices
        self.assertEqual(list(choices), games.names())

    def test_default_categories_come_from_the_game(self):
        for name in games.names():
            with self.subTest(game=name):
                options = built(["--program", name])["options"]
                self.assertEqual(options["categories"], list(games.get(name).visible_categories))
        self.assertEqual(built(["--program", "draughts"])["options"]["categories"], ["examples"])
        self.assertGreater(built(["--program", "draughts"])["total"], 0)

    def test_a_category_the_game_lacks_is_refused(self):
        with self.assertRaisesRegex(ValueError, r"--program draughts has no category 'official' \(there are: .*examples"):
            built(["--program", "draughts", "--category", "official"])

    def test_the_door_refuses_it_at_once_making_nothing(self):
        with tempfile.TemporaryDirectory() as folder:
            data = os.path.join(folder, "data")
            done = subprocess.run(PYTHON + ["harness.serve", "--data", data, "--program", "checkers",
                                            "--category", "no-such"], capture_output=True, text=True,
                                  env=python_env(), cwd=str(paths.ROOT), timeout=60)
            self.assertEqual(done.returncode, 2, done.stderr)
            self.assertIn("has no category 'no-such' (there are: ", done.stderr)
            self.assertIn(" official ", done.stderr)
            self.assertFalse(os.path.exists(data))


class DraughtsServiceTest(unittest.TestCase):
    @pytest.mark.slow
    def test_a_correct_hw4_program_passes_with_the_defaults(self):
        with tempfile.TemporaryDirectory() as folder:
            tokens = write_roster(folder, ["dee"])
            service = Service(folder, ["--program", "draughts", "--workers", "1", "--timeout", "5"])
            self.addCleanup(service.stop)
            service.start()
            files = {}
            for path in sorted(glob.glob(str(paths.SRC / "draughts" / "*.[ch]"))):
                with open(path, "rb") as handle:
                    files[os.path.basename(path)] = handle.read()
            status, _, body = submit(service, tokens["dee"], files)
            self.assertEqual(status, 202, body)
            result = wait_final(service, tokens["dee"], body["id"])
            self.assertEqual((result["state"], result["compiled"], result["failed"]), ("done", True, 0), result)
            self.assertEqual(result["passed"], result["total"])
            self.assertGreater(result["total"], 0)
