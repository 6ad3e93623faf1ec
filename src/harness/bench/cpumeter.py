"""cpumeter.py -- the CPU seconds a command and everything it starts spend:
in a control group of its own where this process may make one (cgroup v1's
cpuacct hierarchy, or cgroup v2's unified one, whose cpu.stat every group
has), so that a server a test starts and leaves to init, or a process in a
namespace of its own, is counted too; elsewhere from the command's own
rusage (os.wait4: it and the descendants it waited for, which misses what
it left behind), and the meter says which it was."""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

CGROUP_ROOT = Path("/sys/fs/cgroup")


@dataclass(frozen=True)
class Cost:
    """One command's cost: its exit status, wall, user and system seconds."""

    status: int
    wall: float
    user: float
    system: float

    @property
    def cpu(self) -> float:
        return self.user + self.system


@dataclass(frozen=True)
class Meter:
    """Where the groups go (None: rusage only) and the kind: cgroup-v1,
    cgroup-v2 or rusage."""

    kind: str
    parent: Optional[Path]


def find_meter(root: Path = CGROUP_ROOT, prefix: str = "test-cost") -> Meter:
    """cgroup v1's cpuacct hierarchy, cgroup v2's unified one, or rusage
    where no group can be made here (not root, nothing delegated)."""
    candidates = []
    if (root / "cgroup.controllers").is_file():
        # the root (as root), else the group this process is in (delegated)
        own = next((line[3:] for line in Path("/proc/self/cgroup").read_text().splitlines()
                    if line.startswith("0::")), "/")
        candidates += [("cgroup-v2", root), ("cgroup-v2", root / own.lstrip("/"))]
    candidates += [("cgroup-v1", root / name) for name in ("cpuacct", "cpu,cpuacct")
                   if (root / name / "cpuacct.usage_user").is_file()]
    for kind, base in candidates:
        parent = base / ("%s.%d" % (prefix, os.getpid()))
        try:
            parent.mkdir(exist_ok=True)
        except OSError:
            continue
        return Meter(kind, parent)
    return Meter("rusage", None)


def _group_seconds(meter: Meter, group: Path) -> tuple[float, float]:
    """(user, system) seconds a group spent: the scheduler's exact total
    (v1's cpuacct.usage, v2's usage_usec), split as the user and system
    counts split it (they are sampled at each tick: alone, under make
    test's load, they came to 1.7 s for a process that spent 2.0 s)."""
    if meter.kind == "cgroup-v1":
        total, user, system = (int((group / name).read_text()) / 1e9
                               for name in ("cpuacct.usage", "cpuacct.usage_user", "cpuacct.usage_sys"))
    else:
        stat = dict(line.split() for line in (group / "cpu.stat").read_text().splitlines())
        total, user, system = (int(stat[name]) / 1e6 for name in ("usage_usec", "user_usec", "system_usec"))
    share = user / (user + system) if user + system else 1.0
    return total * share, total * (1 - share)


def _joined(group: Path, command: list[str]) -> list[str]:
    """COMMAND, started by a shell that first moves itself into GROUP (not
    a preexec function: the meter runs commands from several threads)."""
    return ["/bin/sh", "-c", 'echo $$ > "$0" && exec "$@"', str(group / "cgroup.procs")] + command


def measure(meter: Meter, name: str, command: list[str], log: Path, cwd: Path) -> Cost:
    """Runs COMMAND (output to LOG) and returns its cost; in a group of
    its own named NAME when METER has groups, which is removed after (a
    process the command left running is killed first: its seconds count)."""
    group = meter.parent / name if meter.parent else None
    if group:
        group.mkdir()
    start = time.monotonic()
    with open(log, "wb") as output:
        child = subprocess.Popen(_joined(group, command) if group else command, stdin=subprocess.DEVNULL,
                                 stdout=output, stderr=subprocess.STDOUT, cwd=cwd)
        _, wait_status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(wait_status)
    wall = time.monotonic() - start
    if not group:
        return Cost(child.returncode, wall, usage.ru_utime, usage.ru_stime)
    _empty(group)
    user, system = _group_seconds(meter, group)
    group.rmdir()
    return Cost(child.returncode, wall, user, system)


def _empty(group: Path) -> None:
    """Kills what is left in GROUP and waits until it is gone."""
    for _ in range(100):
        pids = [int(pid) for pid in (group / "cgroup.procs").read_text().split()]
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass
        time.sleep(0.05)


def close(meter: Meter) -> None:
    """Removes the meter's parent group (its children are gone)."""
    if meter.parent:
        meter.parent.rmdir()
