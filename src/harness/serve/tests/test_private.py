"""The data folder is its owner's alone (issue 40, finding 5: the database
and its WAL were 0644, and they hold the cookie-signing key): started
under a lax umask on a folder an earlier start left open, the service
makes the folder 0700 and every file in it 0600, the database's WAL and
SHM included, and what it writes later too."""

import os
import stat
import tempfile
import unittest

from harness.serve import programs
from harness.serve.client import Service, submit, write_roster


def mode(path):
    return stat.S_IMODE(os.lstat(path).st_mode)


class PrivateDataTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        old = os.umask(0o022)  # a lax umask, as a user's shell may have
        self.addCleanup(os.umask, old)
        self.data = os.path.join(self.tmp.name, "data")
        os.makedirs(os.path.join(self.data, "work", "old"), mode=0o755)
        os.chmod(self.data, 0o755)
        with open(os.path.join(self.data, "work", "old", "left.c"), "w") as handle:
            handle.write("int main(void) { return 0; }\n")
        self.tokens = write_roster(self.data, ["ann"])

    def test_folder_0700_and_every_file_0600(self):
        service = Service(self.data, ["--workers", "0"])
        self.addCleanup(service.stop)
        service.start()
        self.assertEqual(submit(service, self.tokens["ann"], programs.sources("wrong", "private"))[0], 202)
        files = []
        for top, dirs, names in os.walk(self.data):
            for name in dirs:
                self.assertEqual(mode(os.path.join(top, name)), 0o700, os.path.join(top, name))
            files += [os.path.join(top, name) for name in names]
        self.assertEqual(mode(self.data), 0o700)
        if service.db is None:  # SQLite: the database and its WAL and SHM are files of the folder
            for suffix in ("", "-wal", "-shm"):
                self.assertIn(os.path.join(self.data, "serve.sqlite" + suffix), files)
        self.assertIn(os.path.join(self.data, "config.json"), files)
        for path in files:
            self.assertEqual(oct(mode(path)), oct(0o600), path)


if __name__ == "__main__":
    unittest.main()
