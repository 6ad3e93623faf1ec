"""How an exit status reads to a person (cases.bash's
corpus_describe_status): a signal by name, a hang as a hang, and a run
the sandbox's watch of its files stopped as out of space."""

from __future__ import annotations

import re
import signal

# A run that outlives the timeout is killed with this status, as timeout(1).
HANG = 124
# The timeout of a case's run by default, in seconds (CORPUS_TIMEOUT).
DEFAULT_TIMEOUT = 20
# The last line of a run's stderr when the sandbox's watch of its files
# stopped it (killed, status 137; only where the program shares the
# driver's uid: src/sandbox/README.md, "The watch of the run's files").
OUT_OF_SPACE = re.compile(r"sandbox: out of space: the run's files (?:together passed its (?P<mib>\d+) MiB \(.*\)"
                          r"|could not all be counted \(.*\), which counts as past its (?P<uncounted>\d+) MiB); "
                          r"the sandbox stopped the run$")


def signal_name(number: int) -> str:
    """NUMBER's name without SIG, as bash's `kill -l NUMBER` says it (RTMIN+1,
    RTMAX-14; empty for a number Linux leaves unnamed), "?" for none."""
    low, high = signal.SIGRTMIN, signal.SIGRTMAX
    if low < number < high:
        return f"RTMIN+{number - low}" if number - low <= (high - low) // 2 else f"RTMAX-{high - number}"
    try:
        return signal.Signals(number).name.removeprefix("SIG")
    except ValueError:
        return "" if 0 < number < low else "?"


def describe_status(status: int, timeout: float | str = DEFAULT_TIMEOUT) -> str:
    """'a hang (killed after 20s)', 'a crash (signal SIGSEGV)' or
    'exit status N' (TIMEOUT as given, e.g. "2.5")."""
    if status == HANG:
        return f"a hang (killed after {timeout if isinstance(timeout, str) else format(timeout, 'g')}s)"
    if status > 128:
        return f"a crash (signal SIG{signal_name(status - 128)})"
    return f"exit status {status}"


def out_of_space_mib(err: str | bytes) -> str | None:
    """The MiB of the run's files' cap when the last non-empty line of
    ERR (a run's stderr, a build's log) is the sandbox's OUT_OF_SPACE
    line, else None."""
    text = err.decode("utf-8", "replace") if isinstance(err, bytes) else err
    last = next((line for line in reversed(text.split("\n")) if line.strip()), None)
    found = OUT_OF_SPACE.match(last) if last is not None else None
    return (found.group("mib") or found.group("uncounted")) if found else None


def space_words(mib: str) -> str:
    """What a run or build stopped by the watch of its files did."""
    return f"wrote more than the {mib} MiB its files may take"


def describe_run(status: int, err: str | bytes, timeout: float | str = DEFAULT_TIMEOUT) -> str:
    """describe_status(), but 'a stop for space (it wrote more than the N
    MiB its files may take)' for a kill whose stderr ERR ends with the
    sandbox's OUT_OF_SPACE line: not a crash of its own."""
    mib = out_of_space_mib(err) if status == 128 + signal.SIGKILL else None
    return f"a stop for space (it {space_words(mib)})" if mib else describe_status(status, timeout)
