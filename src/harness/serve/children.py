"""children.py -- the supervisor's children (harness.serve's __main__):
the web front, gunicorn with gevent's worker class, and the local job
workers, all in one process group that a watchdog (watchdog.py) leads
and kills with SIGKILL when the supervisor dies, however it dies.

Why gevent: gunicorn's gthread worker gives each connection a thread
that then blocks reading its request, so a few dozen clients sending a
header line every few seconds (slow links, or on purpose) held all 2 x 8
threads and /healthz went unanswered. gevent's worker reads every
connection in a greenlet of one event loop: a slow client costs a
greenlet, not a thread, and up to --worker-connections (1000 per
process) wait together while the others are answered; a header that
takes longer than HEADER_SECONDS ends its connection. The app's
database connections are per request (context.Connections), which holds
under greenlets as under threads.
"""

import dataclasses
import importlib
import os
import signal
import subprocess
import sys
import time

from harness import paths

# The web front's concurrency: gunicorn processes come from
# --web-processes; each holds up to this many connections.
WORKER_CONNECTIONS = 1000
# The seconds a request's header may take to arrive (and a kept-alive
# connection may idle): gunicorn's --keep-alive, which its gevent worker
# applies to the reading of every request's header; a client slower than
# that is closed, and its connection freed.
HEADER_SECONDS = 5
# How long a stop waits for the children before the watchdog kills them.
STOP_SECONDS = 10


def check_front():
    """ValueError (the start refused, before anything is made) where the
    web front cannot run: gunicorn or gevent missing."""
    for module, package in (("gunicorn", "gunicorn"), ("gevent", "python3-gevent")):
        try:
            importlib.import_module(module)  # (gevent's monkey-patching is the front's, at its workers' start)
        except ImportError as error:
            raise ValueError("the web front needs %s (Debian's %s, which src/tools/ensure-tools --for serve "
                             "installs), which %s cannot import (%s): not started"
                             % (module, package, sys.executable, error)) from None


def front_command(host, port, processes):
    """gunicorn's command line for the web front."""
    return [sys.executable, "-m", "gunicorn", "--bind", "%s:%d" % (host, port),
            "--workers", str(processes), "--worker-class", "gevent",
            "--worker-connections", str(WORKER_CONNECTIONS), "--keep-alive", str(HEADER_SECONDS),
            "--graceful-timeout", "5", "--umask", "0o077",
            # (X-Forwarded-* trusted by the app's --trust-proxy alone, not for 127.0.0.1)
            "--forwarded-allow-ips", "", "harness.serve.app:create_app()"]


@dataclasses.dataclass
class Family:
    """The watchdog, the group it leads, and how to start a child in it."""

    env: dict
    config_path: str
    watchdog: subprocess.Popen = dataclasses.field(init=False)

    def __post_init__(self):
        # (its own group, whose id is its pid: the front and the workers join it)
        self.watchdog = subprocess.Popen([sys.executable, "-m", "harness.serve.watchdog", str(os.getpid())],
                                         env=self.env, process_group=0)

    def start(self, command):
        return subprocess.Popen(command, env=self.env, process_group=self.watchdog.pid)

    def front(self, host, port, processes):
        return self.start(front_command(host, port, processes))

    def worker(self, n):
        return self.start([sys.executable, "-m", "harness.serve.worker", self.config_path, "w%d" % n])

    def alive(self):
        """False once the watchdog is gone (and with it the group's guard)."""
        return self.watchdog.poll() is None

    def stop(self, processes):
        """SIGTERM to PROCESSES, a wait of up to STOP_SECONDS, then the
        watchdog kills whatever of the group is left (a check-engine, a
        worker that did not stop)."""
        for process in processes:
            if process.poll() is None:
                process.terminate()
        deadline = time.monotonic() + STOP_SECONDS
        for process in processes:
            try:
                process.wait(max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                break
        if self.alive():
            self.watchdog.send_signal(signal.SIGTERM)
        self.watchdog.wait()
        for process in processes:  # (the group's SIGKILL reached them; without a watchdog, this one)
            if process.poll() is None:
                process.kill()
            process.wait()


def family(config_path):
    """The watchdog started, with the children's environment."""
    return Family(dict(os.environ, PYTHONPATH=str(paths.SRC), SERVE_CONFIG=config_path), config_path)
