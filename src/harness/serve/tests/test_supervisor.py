"""kill -9 of the supervisor alone (issue 40, finding 9: it orphaned
gunicorn and the worker, and the restart failed with "Connection in
use"): with a job running in its sandbox, every process of the service
(gunicorn's arbiter and its workers, the job worker, check-engine and
the sandbox) is gone within seconds, a restart on the same port at once
answers, and the job that was running goes back to the queue and ends
with its verdict."""

import os
import signal
import tempfile
import time
import unittest

import pytest

from harness.serve import programs
from harness.serve.client import Service, request, submit, wait_final, write_roster

# How long the old service's processes may outlive the supervisor.
GONE_SECONDS = 5.0


def stat(pid):
    """(parent, state, start time) of PID from /proc, None once it is gone."""
    try:
        with open("/proc/%d/stat" % pid, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()  # (after the name, which may hold spaces)
    return int(fields[1]), fields[0], fields[19]


def command_line(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as handle:
            return handle.read().replace(b"\0", b" ").decode("utf-8", "replace").strip()
    except OSError:
        return ""


def descendants(root):
    """{pid: (start time, command line)} of every process below ROOT."""
    children = {}
    for name in os.listdir("/proc"):
        found = stat(int(name)) if name.isdigit() else None
        if found:
            children.setdefault(found[0], []).append(int(name))
    found, todo = {}, list(children.get(root, []))
    while todo:
        pid = todo.pop()
        known = stat(pid)
        if known:
            found[pid] = (known[2], command_line(pid))
            todo += children.get(pid, [])
    return found


def alive(recorded):
    """The recorded processes still there (the same start time; a zombie is gone)."""
    left = {}
    for pid, (started, line) in recorded.items():
        known = stat(pid)
        if known and known[2] == started and known[1] != "Z":
            left[pid] = line
    return left


def kill_left(recorded):
    """(cleanup) SIGKILL to any recorded process still there."""
    for pid in alive(recorded):
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class SupervisorTest(unittest.TestCase):
    @pytest.mark.slow
    def test_kill_9_of_the_supervisor_takes_its_children_and_a_restart_works(self):
        with tempfile.TemporaryDirectory() as folder:
            tokens = write_roster(folder, ["ann"])
            options = ["--workers", "1", "--timeout", "2", "--lease", "3", "--category", "official"]
            service = Service(folder, options)
            self.addCleanup(service.stop)
            service.start()
            status, _, accepted = submit(service, tokens["ann"], programs.sources("hanging", "supervisor"))
            self.assertEqual(status, 202, accepted)
            supervisor = service.process.pid
            recorded = {}
            deadline = time.time() + 90
            while time.time() < deadline and "bwrap" not in str(recorded) and "sandbox" not in str(recorded):
                time.sleep(0.2)
                recorded = descendants(supervisor)
            self.addCleanup(kill_left, recorded)
            self.assertIn("sandbox", str(recorded), "no sandbox ran the job: %s" % recorded)
            self.assertIn("gunicorn", str(recorded))
            self.assertIn("harness.serve.worker", str(recorded))
            os.kill(supervisor, signal.SIGKILL)
            killed = time.monotonic()
            service.process.wait(10)
            while alive(recorded) and time.monotonic() < killed + GONE_SECONDS:
                time.sleep(0.05)
            print("the %d processes below the supervisor: %d left %.2f s after its kill -9"
                  % (len(recorded), len(alive(recorded)), time.monotonic() - killed))
            left = alive(recorded)
            self.assertFalse(left, "processes of the killed service are left:\n" +
                             "\n".join("%d %s" % (pid, line[:120]) for pid, line in sorted(left.items())))
            # (the same database: on PostgreSQL, test_database() would make a new one)
            again = Service(folder, options + (["--db", service.db] if service.db else []), port=service.port)
            self.addCleanup(again.stop)
            again.start()
            self.assertEqual(request(again.base + "/healthz")[0], 200)
            final = wait_final(again, tokens["ann"], accepted["id"], timeout=180)
            self.assertEqual((final["state"], final["compiled"], final["passed"]), ("done", 1, 0), final)


if __name__ == "__main__":
    unittest.main()
