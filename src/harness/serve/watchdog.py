"""watchdog.py -- `python3 -m harness.serve.watchdog SUPERVISOR`: the first
process of the service's process group (its id is the group's), started
by the supervisor (harness.serve, children.py) before the web front and
the job workers, which join its group. It asks the kernel for a SIGTERM
when its parent dies (PR_SET_PDEATHSIG, which a kill -9 of the parent
sends too) and waits; that SIGTERM, or the supervisor's own at the end
of a stop, makes it kill the whole group with SIGKILL: gunicorn's
arbiter and its workers, the job workers and their check-engine, whose
sandboxes die with them (bubblewrap's --die-with-parent). So no process
of a dead supervisor keeps the port or a job: a restart binds at once,
and the jobs it was running go back to the queue when their leases end.
"""

import ctypes
import os
import signal
import sys

PR_SET_PDEATHSIG = 1


def die_with_parent(sig):
    """The kernel sends SIG to this process when its parent dies."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG)")


def watch(supervisor):
    """Waits for the supervisor's death (or its SIGTERM), then kills the group."""
    # (blocked first, so that a death between the prctl and the wait is not lost)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
    die_with_parent(signal.SIGTERM)
    if os.getppid() == supervisor:  # (else the supervisor died before the prctl)
        signal.sigwait({signal.SIGTERM})
    os.killpg(0, signal.SIGKILL)


if __name__ == "__main__":
    watch(int(sys.argv[1]))
