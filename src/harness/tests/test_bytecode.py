"""`make bytecode` writes the package's bytecode, which every start of a
tool then reads instead of compiling each module again (Python started
with -B, as the doors start it), and an edited module is never run stale."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

import pytest

from harness import paths

# python3 -v's line for a module compiled from its source, not read from
# its bytecode.
FROM_SOURCE = re.compile(r"^# code object from (?P<path>\S+\.py)$", re.MULTILINE)
FROM_BYTECODE = re.compile(r"^# code object from '(?P<path>\S+\.pyc)'$", re.MULTILINE)


def verbose_start(module: str, src: Path) -> str:
    """python3 -B -v's import lines for `-m MODULE --help` with SRC on the path."""
    env = dict(os.environ, PYTHONPATH=str(src))
    run = subprocess.run([sys.executable, "-B", "-v", "-m", module, "--help"], env=env,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    return run.stderr


class BytecodeTest(unittest.TestCase):
    @pytest.mark.slow
    def test_a_tool_compiles_none_of_the_package_after_make_bytecode(self):
        subprocess.run(["make", "-s", "--no-print-directory", "bytecode"], cwd=paths.ROOT, check=True)
        package = str(paths.SRC / "harness")
        for module in ("harness.check", "harness.mark"):
            lines = verbose_start(module, paths.SRC)
            compiled = [m["path"] for m in FROM_SOURCE.finditer(lines) if m["path"].startswith(package)]
            self.assertEqual(compiled, [], module)
            read = [m["path"] for m in FROM_BYTECODE.finditer(lines) if m["path"].startswith(package)]
            self.assertGreater(len(read), 20, module)

    def test_an_edited_module_runs_as_edited(self):
        with tempfile.TemporaryDirectory() as name:
            src = Path(name)
            (src / "toy").mkdir()
            main = src / "toy" / "__main__.py"
            main.write_text("print('before')\n")
            (src / "toy" / "__init__.py").write_text("")
            # (the Makefile's own command, on a copy of its package folder)
            command = re.search(r"^bytecode:.*\n\t@(?P<command>.*) src/harness$",
                                (paths.ROOT / "Makefile").read_text(), re.MULTILINE)["command"]
            subprocess.run(command.split() + [str(src / "toy")], check=True)
            self.assertTrue(any((src / "toy" / "__pycache__").glob("__main__.*.pyc")))
            # The same size and, most likely, the same second: only the bytes differ.
            main.write_text("print('after!')\n")
            env = dict(os.environ, PYTHONPATH=str(src))
            run = subprocess.run([sys.executable, "-B", "-m", "toy"], env=env, capture_output=True,
                                 text=True, check=True)
            self.assertEqual(run.stdout, "after!\n")
            shutil.rmtree(src / "toy")


if __name__ == "__main__":
    unittest.main()
