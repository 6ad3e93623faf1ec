"""One run of an engine on a case's input, left as files beside each other
(cases.bash's corpus_run, for add-case and bless): PREFIX.out, PREFIX.err
and PREFIX.status, the exit status and a newline.

The run goes through timeout(1), as the golden tests' own runs do: the
engine and whatever it starts are killed together after CORPUS_TIMEOUT
seconds (any duration timeout(1) reads, "20" by default), killed outright
five seconds later if they linger; a hang is status 124, a death by a
signal 128 + the signal."""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from harness.cases.status import DEFAULT_TIMEOUT

KILL_AFTER = "5"


class RunError(Exception):
    """The run could not start as the environment asks."""


@dataclass(frozen=True)
class RunSettings:
    """TIMEOUT as timeout(1) takes it; WRAPPER, a command the engine runs
    under (src/golden/wrap-memcheck and its log), or none."""

    timeout: str = str(DEFAULT_TIMEOUT)
    wrapper: tuple[str, ...] = ()

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ, log_id: str = "case") -> "RunSettings":
        """CORPUS_TIMEOUT (an empty one is the default); CORPUS_WRAPPER, when
        set, with its log CORPUS_TOOL_LOGS/LOG_ID.log."""
        timeout = environ.get("CORPUS_TIMEOUT") or str(DEFAULT_TIMEOUT)
        wrapper = environ.get("CORPUS_WRAPPER") or ""
        if not wrapper:
            return cls(timeout)
        logs = environ.get("CORPUS_TOOL_LOGS") or ""
        if not logs:
            raise RunError("CORPUS_TOOL_LOGS: parameter null or not set (CORPUS_WRAPPER needs it)")
        return cls(timeout, (wrapper, f"{logs}/{log_id}.log"))


def run_engine(engine: str, input_path: Path | str, prefix: Path | str, settings: RunSettings) -> int:
    """Runs ENGINE with INPUT_PATH on stdin into PREFIX.out, .err, .status;
    returns the status."""
    command = ["timeout", f"--kill-after={KILL_AFTER}", settings.timeout, *settings.wrapper, engine]
    with open(input_path, "rb") as stdin, open(f"{prefix}.out", "wb") as out, open(f"{prefix}.err", "wb") as err:
        code = subprocess.run(command, stdin=stdin, stdout=out, stderr=err, check=False).returncode
    # timeout(1) dies of the signal that killed the engine: 128 + it, as a shell says
    status = 128 - code if code < 0 else code
    Path(f"{prefix}.status").write_text(f"{status}\n", encoding="ascii")
    return status
