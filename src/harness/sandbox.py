"""The Python side's one client of the sandbox, build/sandbox (its command
line, protocol and exit statuses: src/sandbox/README.md): a Box kept up
for a worker's life (`sandbox start`, runs served over its stdin and
stdout), one run in a box of its own (`sandbox run`: a build), and the
line a report prints (`sandbox describe`). Nothing else in the package
reaches the C program."""

from __future__ import annotations

import fcntl
import os
import subprocess
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from harness import paths

SANDBOX = paths.BUILD / "sandbox"
SOURCES = paths.SRC / "sandbox"
# The status of a run the box failed (it restarted its driver, or died).
BOX_FAILED = 125


class SandboxError(RuntimeError):
    """A box that cannot be made (the program's status 1), or bad usage (2)."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Limits:
    """The options of `sandbox start`, `run` and `describe` (README's
    table); None: the program's default."""

    timeout: str = "10"
    no_sandbox: bool = False
    quiet: bool = False
    cpu: Optional[str] = None
    memory: Optional[str] = None
    folder: Optional[str] = None
    folder_writable: bool = False
    tmpfs: Optional[str] = None
    memcheck_flags: Optional[str] = None
    memory_by_group: bool = False  # (no limit per process: the control group's alone; for AddressSanitizer)

    def arguments(self) -> list[str]:
        args = ["--timeout", self.timeout]
        if self.no_sandbox:
            args.append("--no-sandbox")
        if self.quiet:
            args.append("--quiet")
        for option, value in (("--cpu", self.cpu), ("--memory", self.memory), ("--folder", self.folder),
                              ("--tmpfs", self.tmpfs), ("--memcheck-flags", self.memcheck_flags)):
            if value is not None:
                args += [option, value]
        if self.folder_writable:
            args.append("--folder-writable")
        if self.memory_by_group:
            args.append("--memory-by-group")
        return args


@dataclass(frozen=True)
class Run:
    """One run's answer: its exit status (124 a hang, 128+N a signal, 125
    the box failed), and where its files are until the next run (stdout or
    output.txt, stderr, Valgrind's log)."""

    status: int
    out: Path
    err: Path
    log: Path


_BUILD_LOCK = threading.Lock()


def ensure_built(target: Path = SANDBOX, sources: Path = SOURCES) -> None:
    """TARGET (build/sandbox, or another program of build/ made from the
    C files of SOURCES) made with make when missing or older than a source."""
    with _BUILD_LOCK:
        if not _stale(target, sources):
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        # (callers at the same time, in other processes too, take turns)
        with open(f"{target}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if _stale(target, sources):
                # (umask 022: a caller's own, such as the service's 077,
                # must not close the program to the other users of build/)
                subprocess.run(["make", "-s", "--no-print-directory", "-C", str(paths.ROOT),
                                str(target.relative_to(paths.ROOT))], stdout=subprocess.DEVNULL, check=False,
                               umask=0o022)


def _stale(target: Path, sources: Path) -> bool:
    return not target.exists() or any(
        source.stat().st_mtime > target.stat().st_mtime for source in sources.glob("*.[ch]"))


@dataclass
class Box:
    """A box kept up for PROGRAM with LIMITS (`sandbox start`): run() as
    often as needed, then close(). A box that dies is started again."""

    program: str
    limits: Limits
    ready: dict[str, str] = field(default_factory=dict)
    _process: Optional[subprocess.Popen] = None
    _seq: int = 0
    _made_for: Optional[str] = None
    _io_files: tuple = ()

    def start(self) -> "Box":
        self._process = subprocess.Popen(
            [str(SANDBOX), "start", *self.limits.arguments(), "--", self.program],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
            errors="surrogateescape")
        line = self._process.stdout.readline()
        if not line.startswith("ready\t"):
            status = self._process.wait()
            self._process = None
            raise SandboxError(f"sandbox: the box for {self.program} cannot be made", status)
        self.ready = dict(f.split("=", 1) for f in line.rstrip("\n").split("\t")[1:] if "=" in f)
        return self

    @property
    def io(self) -> Path:
        return Path(self.ready.get("io", ""))

    def _files(self) -> tuple[Path, Path, Path]:
        """A run's files in the exchange directory (stdout, stderr, Valgrind's
        log), made once per box start: check-engine asks for them every case."""
        io = self.ready.get("io", "")
        if self._made_for != io:
            self._made_for, self._io_files = io, tuple(Path(io, name) for name in ("case.out", "case.err", "case.log"))
        return self._io_files

    def run(self, input_path: Path | str, graded: bool = False, how: str = "plain") -> Run:
        """One run on INPUT_PATH (stdin, or input.txt when GRADED); HOW plain,
        unbuffered or memcheck."""
        if self._process is None:
            self.start()
        self._seq += 1
        request = f"run\t{self._seq}\t{'graded' if graded else 'stdin'}\t{how}\t{os.path.abspath(input_path)}\n"
        answer = ""
        try:
            self._process.stdin.write(request)
            self._process.stdin.flush()
            answer = self._process.stdout.readline()
        except (BrokenPipeError, OSError):
            pass
        fields = answer.rstrip("\n").split("\t")
        if len(fields) >= 3 and fields[0] == "done" and fields[1] == str(self._seq):
            return Run(int(fields[2]), *self._files())
        if not (fields and fields[0] == "error"):
            # (it stopped answering: a box of its own again)
            self.close()
            try:
                self.start()
            except SandboxError:
                self._process = None
        return Run(BOX_FAILED, Path(os.devnull), Path(os.devnull), Path(os.devnull))

    def close(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        try:
            process.stdin.write("quit\n")
            process.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        try:
            process.stdout.read()
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def __enter__(self) -> "Box":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()


def describe(limits: Limits) -> str:
    """The line a report prints about a box with LIMITS (`sandbox describe`)."""
    done = subprocess.run([str(SANDBOX), "describe", *limits.arguments()], stdout=subprocess.PIPE,
                          text=True, check=False)
    return done.stdout.rstrip("\n")


def run_once(program: str, limits: Limits, input_path: str = os.devnull, folder_out: Optional[str] = None,
             stdout: Optional[int] = None, stderr: Optional[object] = None,
             extra: Sequence[str] = ()) -> int:
    """One run of PROGRAM in a box of its own (`sandbox run`); with
    FOLDER_OUT (and a writable folder) the folder as the run left it is
    copied there. Returns the run's status (125: the box failed, 1: it
    could not be made)."""
    args = [str(SANDBOX), "run", *limits.arguments(), "--input", input_path, *extra]
    if folder_out is not None:
        args += ["--folder-out", folder_out]
    done = subprocess.run([*args, "--", program], stdout=stdout, stderr=stderr, check=False)
    return done.returncode
