"""remote.py -- scripts/serve-worker: a worker on any machine with the
repository, its tools and the sandbox. It pulls jobs over HTTP from a
front (/api/worker/...), checks them with check-engine exactly as the
front's own workers do (worker.py: only the claim and the report differ)
and posts the result; it holds no database credentials, only the shared
worker token. Before it asks for work it proves its sandbox as the front
does (harness.containment's probe): where the probe gets out it refuses
to start, unless --weak-sandbox, and then says so to the front with every
claim (the front's log: event=claim weak_sandbox=...)."""

import argparse
import base64
import json
import os
import socket
import sys
import time
import urllib.error
import urllib.request

from harness import containment

from . import checking, private, worker

DESCRIPTION = """A remote worker of the pre-submission service: it claims jobs from a front
started with --worker-token FILE (the same secret in --token FILE), checks
them locally with scripts/check-engine in its sandbox, and posts the
results. It refuses work, and says so, when its corpus or checking code
differs from the front's, and, unless --weak-sandbox, when its sandbox
does not contain a submission on this machine (a probe run at start)."""

# Exit status when the front's corpus or checking code is not this one's;
# when the sandbox does not contain (or a bad option: argparse's own).
MISMATCH, UNCONTAINED = 3, 2


class Refused(Exception):
    """The front will not give this worker work (and says why): fatal, the
    worker stops rather than waits."""

    fatal = True


class RemoteQueue:
    """worker.LocalQueue's four methods, over the front's worker API;
    WEAKNESS: why this machine's sandbox does not contain ("" when it
    does), sent with every claim."""

    def __init__(self, server, token, fingerprint, weakness=""):
        self.server, self.token, self.fingerprint = server.rstrip("/"), token, fingerprint
        self.weakness = weakness

    def call(self, path, body=None, timeout=60):
        data = None if body is None else json.dumps(dict(body, fingerprint=self.fingerprint)).encode()
        request = urllib.request.Request(self.server + "/api/worker/" + path, data=data, headers={
            "Authorization": "Bearer " + self.token, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                return json.loads(answer.read() or b"null")
        except urllib.error.HTTPError as error:
            text = error.read().decode("utf-8", "replace")
            if error.code in (401, 403, 409):
                raise Refused("%s: %s %s" % (self.server, error.code, text.strip())) from None
            raise OSError("%s: HTTP %s %s" % (self.server, error.code, text.strip()[:200])) from None

    def claim(self, name):
        try:
            job = self.call("claim", dict({"worker": name}, **({"weak_sandbox": self.weakness}
                                                               if self.weakness else {})))
        except OSError as error:  # the front is away (restarting): wait and ask again
            worker.log("claim-failed", worker=name, error=str(error))
            time.sleep(2)
            return None
        return (job["id"], base64.b64decode(job["files"])) if job else None

    def heartbeat(self, sid, name):
        return self.call("heartbeat", {"worker": name, "id": sid})["held"]

    def progress(self, sid, name, done, total):
        """The count rides on a heartbeat (it renews the lease too)."""
        return self.call("heartbeat", {"worker": name, "id": sid, "progress": [done, total]}, timeout=10)["held"]

    def finish(self, sid, name, result):
        for attempt in range(10):  # a result is worth waiting for a front to come back
            try:
                return self.call("result", {"worker": name, "id": sid, "result": result})["stored"]
            except OSError as error:
                worker.log("result-failed", worker=name, job=sid, error=str(error), attempt=attempt)
                time.sleep(3)
        return False


def parser():
    p = argparse.ArgumentParser(prog="scripts/serve-worker", description=DESCRIPTION)
    p.add_argument("--server", required=True, help="the front's URL, e.g. http://front1:8080")
    p.add_argument("--token", required=True, help="a file holding the front's worker token")
    p.add_argument("--data", default=os.path.join(checking.ROOT, "build", "serve-worker"),
                   help="scratch folder (default: the repository's build/serve-worker)")
    p.add_argument("--name", default="r", help="this worker's name in the staff's view (default: r)")
    p.add_argument("--weak-sandbox", action="store_true",
                   help="work even where the sandbox does not contain a submission (the probe at start got out, "
                        "or bubblewrap cannot run): said to the front with every claim")
    return p


def configure(args, weakness=""):
    """The front's checking options, and this machine's fingerprint of them
    (corpus, checking code, options); raises Refused when they differ.
    WEAKNESS: the queue's (RemoteQueue)."""
    with open(args.token, encoding="utf-8") as handle:
        token = handle.read().strip()
    front = RemoteQueue(args.server, token, None).call("config")
    mine = checking.fingerprint(front["options"])
    if mine != front["fingerprint"]:
        raise Refused("this machine's corpus or checking code differs from the front's (fingerprint %s, the "
                      "front's %s): update the repository and build it, then start again" % (mine[:12],
                                                                                              front["fingerprint"][:12]))
    config = dict(front, data=os.path.abspath(args.data), total=front["total"])
    return RemoteQueue(args.server, token, mine, weakness), config


def proven(args):
    """Why the sandbox does not contain here ("" when it does; a warning
    said with --weak-sandbox); ValueError (the start refused) when it does
    not, without --weak-sandbox."""
    proof = containment.required(args.weak_sandbox, "start with --weak-sandbox to work anyway, said to the "
                                                    "front with every claim")
    if proof.contained:
        return ""
    print("serve-worker: warning: --weak-sandbox: %s" % proof.words(), file=sys.stderr, flush=True)
    return proof.words()


def main():
    args = parser().parse_args()
    try:
        weakness = proven(args)  # (before anything is asked of the front)
    except ValueError as error:
        print("serve-worker: %s" % error, file=sys.stderr)
        return UNCONTAINED
    try:
        queue, config = configure(args, weakness)
    except Refused as error:
        print("serve-worker: refused: %s" % error, file=sys.stderr)
        return MISMATCH
    except OSError as error:
        print("serve-worker: %s" % error, file=sys.stderr)
        return 2
    private.restrict(config["data"])  # the sources it checks are the students': 0700, files 0600
    name = "%s:%s:%d" % (socket.gethostname(), args.name, os.getpid())
    worker.log("start", worker=name, server=args.server)
    try:
        worker.serve(queue, config, name)
    except Refused as error:
        print("serve-worker: refused: %s" % error, file=sys.stderr)
        return MISMATCH
    return 0


if __name__ == "__main__":
    sys.exit(main())
