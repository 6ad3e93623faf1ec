"""The web front (issue 40, finding 7). Slow clients do not take it down
(30 connections sending a header line every 4 s made every /healthz time
out for 30 s under gunicorn's gthread): 200 connections each send a request's first line and then one
header line every few seconds, never ending the header; while they hang,
/healthz answers within a second, again and again over ten seconds. A
connection the server closes (a header timeout) is opened again at once,
so that 200 hang all the time. And a machine without gevent, the worker
class made for slow clients, is refused at start, saying what to install."""

import os
import socket
import subprocess
import tempfile
import threading
import time
import unittest

import pytest

from harness import paths
from harness.serve.client import PYTHON, Service, free_port, python_env, request, write_roster

CLIENTS = 200
# How often each slow client sends one more header line, and how long
# /healthz is probed while they hang.
DRIBBLE_SECONDS, PROBE_SECONDS = 3.0, 10.0


class SlowClients:
    """COUNT connections to PORT, each sending a request's first line and
    then, from a thread of their own, one header line every
    DRIBBLE_SECONDS, never ending its header; one the server closes (its
    header timeout) is opened again at once, so that COUNT hang all the
    time. `reopened` counts those."""

    def __init__(self, port, count=CLIENTS):
        self.port, self.count, self.sockets, self.reopened = port, count, [], 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self.dribble, daemon=True)

    def connect(self, n):
        connection = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        connection.sendall(b"GET /healthz?slow=%d HTTP/1.1\r\nHost: 127.0.0.1\r\n" % n)
        connection.setblocking(False)
        return connection

    def open(self):
        self.sockets = [self.connect(n) for n in range(self.count)]
        self.thread.start()

    def dribble(self):
        line = 0
        while not self.stopped.wait(DRIBBLE_SECONDS):
            line += 1
            for n, connection in enumerate(self.sockets):
                try:
                    if not held(connection):
                        raise ConnectionResetError
                    connection.send(b"X-Slow-%d: still here\r\n" % line)
                except OSError:
                    connection.close()
                    self.sockets[n] = self.connect(n)
                    self.reopened += 1

    def close(self):
        self.stopped.set()
        if self.thread.is_alive():
            self.thread.join()
        for connection in self.sockets:
            connection.close()


def held(connection):
    """True while the server keeps CONNECTION open (nothing to read, no end)."""
    try:
        return connection.recv(1) != b""
    except BlockingIOError:
        return True


def probe(base):
    """Seconds /healthz took to answer 200 (a timeout after 1 s: infinity)."""
    started = time.monotonic()
    try:
        status = request(base + "/healthz", timeout=1)[0]
    except OSError:
        return float("inf")
    return time.monotonic() - started if status == 200 else float("inf")


class FrontTest(unittest.TestCase):
    @pytest.mark.slow
    def test_healthz_answers_while_200_clients_send_headers_slowly(self):
        with tempfile.TemporaryDirectory() as folder:
            write_roster(folder, ["ann"])
            service = Service(folder, ["--workers", "0"])
            self.addCleanup(service.stop)
            service.start()
            slow = SlowClients(service.port)
            self.addCleanup(slow.close)
            slow.open()
            times = []
            deadline = time.monotonic() + PROBE_SECONDS
            while time.monotonic() < deadline:
                times.append(probe(service.base))
                time.sleep(0.5)
            print("/healthz under %d slow clients (%d opened again after the server's header timeout): %s s"
                  % (CLIENTS, slow.reopened, ", ".join("%.3f" % t for t in times)))
            self.assertLess(max(times), 1.0, times)
            self.assertGreaterEqual(len(times), 8)

    def test_a_machine_without_gevent_is_refused_at_start(self):
        with tempfile.TemporaryDirectory() as folder:
            os.makedirs(os.path.join(folder, "hidden", "gevent"))
            with open(os.path.join(folder, "hidden", "gevent", "__init__.py"), "w", encoding="utf-8") as handle:
                handle.write("raise ImportError('No module named gevent (hidden by the test)')\n")
            data = os.path.join(folder, "data")
            env = dict(python_env(), PYTHONPATH="%s:%s" % (os.path.join(folder, "hidden"), paths.SRC))
            done = subprocess.run(PYTHON + ["harness.serve", "--data", data, "--port", str(free_port())],
                                  capture_output=True, text=True, env=env, cwd=str(paths.ROOT), timeout=120)
            self.assertEqual(done.returncode, 2, done.stderr)
            self.assertIn("serve: the web front needs gevent (Debian's python3-gevent, which "
                          "src/tools/ensure-tools --for serve installs)", done.stderr)
            self.assertFalse(os.path.exists(data))


if __name__ == "__main__":
    unittest.main()
