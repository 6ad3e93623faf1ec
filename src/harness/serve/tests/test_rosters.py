"""A roster whose token is shared by two students stops the start
(issue 42), with both lines and names, before anything is made: the
service would otherwise take one student for the other. Short tokens
are tested in test_headers.py."""

import os
import tempfile
import unittest

from harness.serve import tokens
from harness.serve.tests.test_headers import start_refused


def write(folder, rows):
    path = os.path.join(folder, "roster.csv")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("name,token\n" + "".join("%s,%s\n" % row for row in rows))
    return path


class RosterTokensTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.shared = os.urandom(16).hex()

    def test_a_shared_token_names_both_lines(self):
        path = write(self.tmp.name, [("ann", os.urandom(16).hex()), ("ben", self.shared), ("", ""),
                                     ("cat", self.shared)])
        with self.assertRaises(ValueError) as caught:
            tokens.check_roster(path)
        self.assertEqual(str(caught.exception), "%s:5 (cat): the same token as line 3 (ben): each student "
                                                "needs their own" % path)

    def test_own_tokens_and_empty_ones_pass(self):
        path = write(self.tmp.name, [("ann", os.urandom(16).hex()), ("ben", ""), ("cat", ""),
                                     ("dan", self.shared)])
        tokens.check_roster(path)  # (no token: that student cannot log in; not a shared token)

    def test_the_start_is_refused_with_status_2(self):
        folder = os.path.join(self.tmp.name, "data")
        os.makedirs(folder)
        path = write(self.tmp.name, [("ann", self.shared), ("ben", os.urandom(16).hex()), ("cat", self.shared)])
        status, output = start_refused(["--data", folder, "--roster", path, "--port", "1"])
        self.assertEqual(status, 2, output)
        self.assertIn("roster.csv:4 (cat): the same token as line 2 (ann)", output)
        self.assertNotIn("serve.sqlite", os.listdir(folder))


if __name__ == "__main__":
    unittest.main()
