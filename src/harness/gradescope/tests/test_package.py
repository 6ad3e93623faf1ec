"""The packager's configuration: autograder.env carries what setup.sh and
run_autograder need of the game (its Debian packages and run mode), from
the game's record in harness.games, so that neither loads a game itself."""

import unittest

from harness import games
from harness.gradescope import package


class ConfigurationTest(unittest.TestCase):
    def test_the_game_s_packages_and_run_mode_from_its_record(self):
        for name in games.names():
            game = games.get(name)
            config = package.configuration(name, {})
            self.assertEqual(config["GAME_PACKAGES"], " ".join(game.packages))
            self.assertEqual(config["GAME_RUN_MODE"], game.run_mode)
        draughts = package.configuration("draughts", {})
        self.assertEqual(draughts["GAME_PACKAGES"].split(), ["g++", "default-jdk-headless", "mono-mcs"])
        self.assertEqual(draughts["GAME_RUN_MODE"], "graded")

    def test_the_env_file_holds_them_quoted_for_bash(self):
        text = package.env_text(package.configuration("draughts", {}))
        self.assertIn("\nGAME_PACKAGES='g++ default-jdk-headless mono-mcs'\n", text)
        self.assertIn("\nGAME_RUN_MODE=graded\n", text)

    def test_an_unknown_game_stops_with_its_name(self):
        with self.assertRaises(SystemExit) as stop:
            package.configuration("chess", {})
        self.assertIn("chess", str(stop.exception.code))


if __name__ == "__main__":
    unittest.main()
