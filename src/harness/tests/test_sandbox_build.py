"""harness.sandbox.ensure_built: the programs of build/ it makes are
every user's, whatever the caller's umask (the service runs under 077,
and once built its sandbox 0700, closing check-engine and mark to every
other user of the repository)."""

import os
import tempfile
import unittest
from pathlib import Path
from unittest import mock

from harness import sandbox


class EnsureBuiltTest(unittest.TestCase):
    def test_make_runs_under_umask_022_when_a_source_is_newer(self):
        with tempfile.TemporaryDirectory() as folder:
            sources = Path(folder, "src")
            sources.mkdir()
            target = sandbox.paths.BUILD / "stand-in-never-built"
            (sources / "x.c").write_text("int main(void) { return 0; }\n", encoding="ascii")
            with mock.patch.object(sandbox.subprocess, "run") as run:
                sandbox.ensure_built(target, sources)
            self.assertEqual(run.call_count, 1)
            self.assertEqual(run.call_args.kwargs.get("umask"), 0o022)
            self.assertEqual(run.call_args.args[0][-1], "build/stand-in-never-built")
            os.remove(f"{target}.lock")


if __name__ == "__main__":
    unittest.main()
