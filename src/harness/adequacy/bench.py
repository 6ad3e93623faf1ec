"""bench.py -- `make adequacy PROGRAM=checkers`'s wall time, every run of a
faulted reference afresh (--run-cache none: the diagnosis's kept runs
would make it a measure of the cache), against issue 43's 600 seconds on
the 2-core machine. scripts/bench takes its figure through measure()
(harness.bench.components)."""

from __future__ import annotations

import os
import subprocess
import time
from typing import Optional

from harness import paths

SECONDS_LIMIT = 600
LABEL = "adequacy: make adequacy PROGRAM=checkers, wall s"


def measure(outdir: str) -> Optional[float]:
    """The seconds of one `make adequacy PROGRAM=checkers`, its table and
    page written under OUTDIR/adequacy; None when it failed."""
    output = os.path.join(os.path.abspath(outdir), "adequacy")
    command = ["make", "-s", "--no-print-directory", "adequacy", "PROGRAM=checkers",
               "ADEQUACY_ARGS=--run-cache none --output %s" % output]
    start = time.monotonic()
    done = subprocess.run(command, cwd=paths.ROOT, stdout=subprocess.DEVNULL, check=False)
    return time.monotonic() - start if done.returncode == 0 else None
