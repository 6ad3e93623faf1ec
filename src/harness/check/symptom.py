"""Why a failed run failed, as a code for programs (hang, flood, space:
stopped by the sandbox's watch of its files, crash, nothing, stdout-REGION
with the game's region of the first difference, whitespace when only
white space differs, status, stderr) and a phrase
for people, the same for every case that failed the same way (the
groups' key)."""

from __future__ import annotations

import signal
from dataclasses import dataclass
from typing import Optional

from harness.cases import Case
from harness.cases.status import HANG, out_of_space_mib, signal_name, space_words
from harness.check.compare import Actual, Settings, first_difference_line

# A run stopped for writing too much: the status of SIGXFSZ.
FLOOD = 128 + signal.SIGXFSZ
# A run killed by SIGKILL (the box's own kill): no rerun unbuffered.
KILLED = 128 + signal.SIGKILL


@dataclass(frozen=True)
class Symptom:
    code: str
    phrase: str


def whitespace_symptom(phrase: str) -> Symptom:
    return Symptom("whitespace", f"stdout differs only in white space ({phrase})")


def crash_phrase(status: int) -> str:
    return f"crash (SIG{signal_name(status - 128)})"


def symptom_of_run(case: Case, expected_out: bytes, actual: Actual, settings: Settings, line: Optional[int],
                   whitespace_phrase: str = "", accepted: bool = False) -> Symptom:
    """The symptom of the run ACTUAL of CASE; LINE, where stdout first
    differs in more than white space (None when unknown); WHITESPACE_PHRASE,
    the kind of a difference only in white space ("" for none); ACCEPTED
    when --compare whitespace took that stdout as the expected one."""
    status = actual.status
    if status == HANG:
        return Symptom("hang", f"hang (killed after {settings.timeout}s)")
    if status == FLOOD:
        return Symptom("flood", "output flood (stopped at 64 MiB)")
    if status == KILLED and (mib := out_of_space_mib(actual.err)):
        return Symptom("space", f"out of space ({space_words(mib)})")
    if status > 128:
        return Symptom("crash", crash_phrase(status))
    if not accepted and expected_out != actual.out:
        if not actual.out:
            return Symptom("nothing", "printed nothing")
        if whitespace_phrase:
            return whitespace_symptom(whitespace_phrase)
        if line is None:
            line = first_difference_line(expected_out, actual.out)
        region = settings.game.line_region(case.path(".out"), line).code
        return Symptom(f"stdout-{region}", settings.game.region_symptom(region))
    same, same_status = "identical", "and status identical"
    if whitespace_phrase:
        same, same_status = "the same but for white space", "the same but for white space, status identical"
    expected = case.expected_status()
    if status != expected:
        return Symptom("status", f"status only: stdout {same}, status {expected} expected, got {status}")
    return Symptom("stderr", f"stderr only: stdout {same_status}")
