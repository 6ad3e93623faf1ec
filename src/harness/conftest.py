"""pytest's hooks for the package's tests (make unit): the suite's counts
written where every suite of make test leaves them
(build/results/unit: "PASSED FAILED SKIPPED", src/golden/results.bash), so
that the final "N passed, N failed" line counts these tests too."""

import os
from pathlib import Path

from harness import paths


def pytest_configure(config):
    """The one marker of the package's tests: slow, a test over 10 s of a
    make test-full's wall (a whole corpus, a class marked, a browser's
    walk), which make test leaves to make test-full (-m 'not slow')."""
    config.addinivalue_line("markers", "slow: left out of make test, run by make test-full (CI)")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """Writes the counts; a run that collected nothing counts as a failure
    (a broken collection must never read as "0 failed")."""
    del exitstatus, config
    stats = terminalreporter.stats
    passed = len(stats.get("passed", []))
    failed = len(stats.get("failed", [])) + len(stats.get("error", []))
    skipped = len(stats.get("skipped", []))
    if passed + failed + skipped == 0:
        failed = 1
    folder = Path(os.environ.get("RESULTS_DIR") or paths.BUILD / "results")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "unit").write_text(f"{passed} {failed} {skipped}\n", encoding="utf-8")
