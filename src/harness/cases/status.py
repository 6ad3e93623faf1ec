"""How an exit status reads to a person (cases.bash's
corpus_describe_status): a signal by name, a hang as a hang."""

from __future__ import annotations

import signal

# A run that outlives the timeout is killed with this status, as timeout(1).
HANG = 124
# The timeout of a case's run by default, in seconds (CORPUS_TIMEOUT).
DEFAULT_TIMEOUT = 20


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
