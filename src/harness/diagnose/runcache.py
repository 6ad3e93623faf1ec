"""runcache.py -- the faulted references' runs kept between diagnoses: a
faulted reference is deterministic, so its run on a case is the same for
every program diagnosed on that case (a class marked, a service's
submissions). A run is kept under FOLDER/KEY.out and KEY.status, KEY the
SHA-256 of the binary's bytes and of the case's input: a rebuilt
reference or a changed case is another key, never a stale answer. A hang
is never kept (it may be the machine's load). For draughts, the judge's
verdict on a kept run is kept beside it (KEY.JUDGE.verdict). Writes go through a
temporary file and a rename, so that diagnoses running at once never
read half a run."""
import hashlib
import os
import tempfile

from harness.diagnose import runs


class RunCache:
    def __init__(self, folder):
        self.folder = folder
        self.binaries = {}

    def binary_digest(self, binary):
        """The SHA-256 of the binary's bytes, once per path, size and time."""
        info = os.stat(binary)
        stamp = (binary, info.st_size, info.st_mtime_ns)
        if stamp not in self.binaries:
            with open(binary, "rb") as handle:
                self.binaries[stamp] = hashlib.sha256(handle.read()).hexdigest()
        return self.binaries[stamp]

    def key(self, binary, input_path):
        digest = hashlib.sha256(self.binary_digest(binary).encode() + b"\0")
        with open(input_path, "rb") as handle:
            digest.update(handle.read())
        return digest.hexdigest()

    def run(self, game, binary, input_path):
        """runs.run_reference's run, from the cache when it is there."""
        stem = os.path.join(self.folder, self.key(binary, input_path))
        kept = runs.read_run(stem) if os.path.isfile(stem + ".status") else None
        if kept is not None:
            return kept
        fresh = runs.run_reference(game, binary, input_path)
        if fresh.status is not None:
            self.keep(stem, fresh)
        return fresh

    def verdict(self, binary, input_path, judge_binary, judged):
        """The judge's verdict on the reference's output for the case (None:
        accepted), kept beside its run as KEY.JUDGE.verdict (JUDGE: the
        judge's bytes, so that a rebuilt judge asks again); JUDGED() gives
        it when it is not kept."""
        stem = os.path.join(self.folder, self.key(binary, input_path))
        path = "%s.%s.verdict" % (stem, self.binary_digest(judge_binary)[:16])
        try:
            with open(path, "rb") as handle:
                kept = handle.read()
            return kept[1:] if kept[:1] == b"+" else None
        except OSError:
            pass
        fresh = judged()
        self.write_files([(path, b"-" if fresh is None else b"+" + fresh)])
        return fresh

    def keep(self, stem, run):
        self.write_files([(stem + ".out", run.out), (stem + ".status", b"%d\n" % run.status)])

    def write_files(self, files):
        """Each (path, data), through a temporary file and a rename."""
        try:
            os.makedirs(self.folder, exist_ok=True)
            for path, data in files:
                handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".keep.")
                with os.fdopen(handle, "wb") as out:
                    out.write(data)
                os.replace(temporary, path)
        except OSError:  # a full or read-only disk: the run is simply not kept
            pass
