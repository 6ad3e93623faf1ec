"""The due-date rush's old path, kept only because src/bench/components.py
(another part's file) runs `/usr/bin/python3 src/serve/bench_rush.py`: it
runs harness.serve.bench_rush with src on PYTHONPATH, its arguments as
given. It goes when src/bench runs the module itself."""

import os
import sys

SRC = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.execve(sys.executable, [sys.executable, "-m", "harness.serve.bench_rush"] + sys.argv[1:],
          dict(os.environ, PYTHONPATH=SRC))
