"""client.py -- a real service for the tests and the rush: scripts/serve on 127.0.0.1
at a free port, its own data folder and roster, in a process group of
its own so that it can be stopped (or killed -9) whole; and a small HTTP
client over the API (urllib, multipart bodies); and a cluster of fronts
and remote workers on one PostgreSQL."""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from harness import paths

ROOT = str(paths.ROOT)


# What scripts/serve and scripts/serve-worker run (src/ runs no door of scripts/)
PYTHON = ["/usr/bin/python3", "-B", "-m"]


def python_env(src=paths.SRC):
    """The environment that runs the package of SRC (this repository's)."""
    return dict(os.environ, PYTHONPATH=str(src))


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def write_roster(folder, names):
    """A roster of these students; their tokens: {name: token}."""
    tokens = {name: "tok-%s-%s" % (name, uuid.uuid4().hex) for name in names}
    with open(os.path.join(folder, "roster.csv"), "w", encoding="utf-8") as handle:
        handle.write("name,token,email\n" + "".join("%s,%s,%s@example.org\n" % (n, t, n) for n, t in tokens.items()))
    return tokens


def service_for(test_class, names, options):
    """A service of a test class's own (its setUpClass): a folder, a roster
    of NAMES (the class's `tokens`), the service started with OPTIONS (the
    class's `service`), stopped and its folder removed at the class's end."""
    test_class.tmp = tempfile.TemporaryDirectory()
    test_class.addClassCleanup(test_class.tmp.cleanup)
    test_class.tokens = write_roster(test_class.tmp.name, names)
    test_class.service = Service(test_class.tmp.name, options)
    test_class.addClassCleanup(test_class.service.stop)
    test_class.service.start()


def test_database():
    """The database URL a test's service uses: None (the default SQLite file
    in its data folder), or, when SERVE_TEST_POSTGRESQL names a PostgreSQL
    server's database, a new empty database on that server: the same tests
    on both engines."""
    server = os.environ.get("SERVE_TEST_POSTGRESQL")
    if not server:
        return None
    import psycopg
    name = "serve_" + uuid.uuid4().hex[:12]
    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute("CREATE DATABASE " + name)
    return server.rsplit("/", 1)[0] + "/" + name


class Service:
    """scripts/serve with these options (--db: test_database()'s unless
    given), run from ROOT's copy of the repository (this one by default);
    start() waits for /healthz."""

    def __init__(self, data, options=(), port=None, root=ROOT):
        self.data, self.options, self.port = data, list(options), port or free_port()
        self.root = str(root)
        self.db = None if "--db" in self.options else test_database()
        if self.db:
            self.options += ["--db", self.db]
        self.base = "http://127.0.0.1:%d" % self.port
        self.process = None

    def start(self, timeout=60):
        with open(os.path.join(self.data, "serve.log"), "ab") as log:
            self.process = subprocess.Popen(
                PYTHON + ["harness.serve", "--data", self.data, "--port", str(self.port),
                 "--roster", os.path.join(self.data, "roster.csv")] + self.options,
                stdout=log, stderr=log, start_new_session=True, cwd=self.root,
                env=python_env(os.path.join(self.root, "src")))
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("scripts/serve stopped: see %s/serve.log" % self.data)
            try:
                if request(self.base + "/healthz")[0] in (200, 503):
                    return self
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError("scripts/serve did not answer in %ds" % timeout)

    def stop(self, sig=signal.SIGTERM):
        """Stops the whole process group (SIGKILL: a crash)."""
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, sig)
            self.process.wait(20)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.process.wait(20)
        self.process = None

    def group_alive(self, pgid):
        """The processes of the group still there after a second (a zombie
        is reaped by then), as `ps` lines; empty when none."""
        time.sleep(1)
        found = subprocess.run(["ps", "-o", "pid,stat,args", "--no-headers", "-g", str(pgid)],
                               capture_output=True, text=True).stdout
        return "".join(line + "\n" for line in found.splitlines() if " Z" not in line[:12])

class Cluster:
    """Fronts (scripts/serve with these options) on one PostgreSQL database
    (test_database()'s), remote workers (scripts/serve-worker) started one
    by one, the worker and staff tokens, and their stopping."""

    def __init__(self, folder, names, options, fronts=2):
        self.folder, self.db, self.workers = folder, test_database(), {}
        self.token_file, self.staff_file = os.path.join(folder, "worker-token"), os.path.join(folder, "staff-token")
        self.staff = "staff-secret-%s" % os.urandom(8).hex()
        for path, token in ((self.token_file, "worker-secret-%s" % os.urandom(8).hex()), (self.staff_file, self.staff)):
            with open(path, "w") as handle:
                handle.write(token + "\n")
        self.tokens = write_roster(folder, names)
        self.fronts = []
        for n in range(fronts):
            data = os.path.join(folder, "front%d" % n)
            os.makedirs(data)
            shutil.copy(os.path.join(folder, "roster.csv"), data)
            self.fronts.append(Service(data, list(options) + ["--db", self.db, "--worker-token", self.token_file,
                                                       "--staff-token", self.staff_file]))

    def start_worker(self, name, front):
        log = open(os.path.join(self.folder, name + ".log"), "ab")
        self.workers[name] = subprocess.Popen(
            PYTHON + ["harness.serve.remote", "--server", front.base, "--token", self.token_file,
                      "--data", os.path.join(self.folder, name), "--name", name],
            stdout=log, stderr=log, start_new_session=True, cwd=ROOT, env=python_env())
        log.close()

    def kill_worker(self, name):
        os.killpg(self.workers[name].pid, signal.SIGKILL)
        self.workers[name].wait(20)

    def stop(self):
        for process in self.workers.values():
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(20)
        for front in self.fronts:
            front.stop()

    def query(self, sql):
        import psycopg
        with psycopg.connect(self.db) as conn:
            return conn.execute(sql).fetchall()


def multipart(files, fields=None):
    """A multipart/form-data body of 'file' parts, after the form's FIELDS
    (a dict, e.g. the page's csrf): (body, content type)."""
    boundary = uuid.uuid4().hex
    body = b"".join(b"--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n%s\r\n"
                    % (boundary.encode(), key.encode(), value.encode()) for key, value in (fields or {}).items())
    for name, data in files:
        body += (b"--%s\r\nContent-Disposition: form-data; name=\"file\"; filename=\"%s\"\r\n"
                 b"Content-Type: application/octet-stream\r\n\r\n" % (boundary.encode(), name.encode())) + data + b"\r\n"
    return body + b"--%s--\r\n" % boundary.encode(), "multipart/form-data; boundary=" + boundary


def request(url, token=None, files=None, timeout=30):
    """(status, headers, JSON body or text)."""
    headers, body = {}, None
    if token:
        headers["Authorization"] = "Bearer " + token
    if files is not None:
        body, headers["Content-Type"] = multipart(files)
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=body, headers=headers), timeout=timeout) as r:
            status, got, text = r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as error:
        status, got, text = error.code, dict(error.headers), error.read()
    try:
        return status, got, json.loads(text)
    except ValueError:
        return status, got, text.decode("utf-8", "replace")


def submit(service, token, files):
    return request(service.base + "/api/submissions", token, sorted(files.items()))


def wait_final(service, token, sid, timeout=180):
    """The submission once done, error or superseded."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        status, _, body = request("%s/api/submissions/%s" % (service.base, sid), token)
        if status == 200 and body["state"] in ("done", "error", "superseded"):
            return body
        time.sleep(0.5)
    raise AssertionError("submission %s not finished in %ds" % (sid, timeout))


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Visitor:
    """The page as a browser uses it, for the tests: the session cookie kept
    (and open to be copied or replayed), forms posted with their CSRF
    token, redirects not followed (their Location is the answer)."""

    def __init__(self, service):
        self.base, self.cookie = service.base, None
        self.opener = urllib.request.build_opener(NoRedirects)

    def call(self, path, form=None, files=None, headers=None):
        """(status, headers, JSON or text) of one request with the cookie."""
        sent, body = dict(headers or {}), None
        if self.cookie:
            sent["Cookie"] = "session=" + self.cookie
        if files is not None:
            body, sent["Content-Type"] = multipart(files, form)
        elif form is not None:
            body = urllib.parse.urlencode(form).encode()
        try:
            with self.opener.open(urllib.request.Request(self.base + path, data=body, headers=sent), timeout=30) as r:
                status, got, text = r.status, r.headers, r.read()
        except urllib.error.HTTPError as error:
            status, got, text = error.code, error.headers, error.read()
        for line in got.get_all("Set-Cookie") or []:
            if line.startswith("session="):
                self.cookie = line[len("session="):].split(";", 1)[0] or None
        try:
            return status, got, json.loads(text)
        except ValueError:
            return status, got, text.decode("utf-8", "replace")

    def csrf(self):
        page = self.call("/")[2]
        return re.search(r'name="csrf" value="([^"]+)"', page).group(1)

    def login(self, token, path="/login"):
        return self.call(path, form={"csrf": self.csrf(), "token": token})

    def logout(self):
        return self.call("/logout", form={"csrf": self.csrf()})
