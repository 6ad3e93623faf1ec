"""Many runs of a faulted draughts reference (or of the judge) in one
process: the driver in src/diagnose/batch/, built beside the program's
sources with their main, exit and atexit renamed, makes the runs in one
child whose memory it puts back before each, so that each starts as a
process of its own would (README, "Speed"). The batch binaries:

  build/faults/draughts/CODE.batch    the fault's tree (CODE.src) with the
                                      order hook, as CODE is built
  build/faults/draughts-judge.batch   src/draughts-judge with the engine's
                                      files it reads, as make builds the judge

Each is built when missing or older than what it is built from."""
import glob
import os
import subprocess
import threading

from harness import paths
from harness.diagnose import faultbuild

DRIVER_FOLDER = os.path.join(str(paths.SRC), "diagnose", "batch")
RENAME = "-Dmain=batch_inner_main -Dexit=batch_exit -Datexit=batch_atexit"


def driver():
    """The driver's sources, and its header."""
    return (sorted(glob.glob(os.path.join(DRIVER_FOLDER, "*.c"))),
            [os.path.join(DRIVER_FOLDER, "batch.h")])
# The engine's files the judge reads (the Makefile's judge rule).
JUDGE_ENGINE_FILES = ("moves.c", "memory.c", "input.c", "cases.c")


class Job:
    """One run: its standard input (a path, or DATA: bytes), one
    environment variable NAME set to the path of a file holding SETTING
    (bytes), or none, and its arguments."""

    def __init__(self, stdin=None, data=b"", setting=None, arguments=()):
        self.stdin = stdin
        self.data = data
        self.setting = setting  # (NAME, bytes) or None
        self.arguments = list(arguments)

    def encoded(self):
        """The job as the driver reads it: a header, then its bytes."""
        first = self.stdin if self.stdin is not None else "@%d" % len(self.data)
        second = "%s@%d" % (self.setting[0], len(self.setting[1])) if self.setting else "-"
        fields = [first, second] + self.arguments
        if any(not field or "\t" in field or "\n" in field for field in fields):
            raise ValueError("an empty field, a tab or a line end in a batch job: %r" % fields)
        header = ("\t".join(fields) + "\n").encode()
        return header + (self.data if self.stdin is None else b"") + (self.setting[1] if self.setting else b"")


def fault_batch(builder, fault_binary):
    """FAULT_BINARY.batch, built from FAULT_BINARY.src (faultbuild.Builder
    built it) as FAULT_BINARY is, with the order hook and the driver;
    faultbuild.BuildError when it does not build."""
    tree = fault_binary + ".src"
    hooks = faultbuild.hook_sources("draughts")
    units = sorted(glob.glob(os.path.join(tree, "*.c")))
    flags = " ".join([builder.flags, faultbuild.HOOKS["draughts"], RENAME])
    sources, header = driver()
    return built(fault_binary + ".batch", units + hooks + sources, builder.compiler,
                 flags + " -I " + tree, [fault_binary] + header)


def judge_batch(builder):
    """build/faults/draughts-judge.batch: the judge's sources and the
    engine's files it links, as the Makefile builds build/draughts-judge,
    with the driver."""
    judge = sorted(glob.glob(os.path.join(str(paths.SRC), "draughts-judge", "*.c")))
    engine = [os.path.join(str(paths.SRC), "draughts", name) for name in JUDGE_ENGINE_FILES]
    headers = glob.glob(os.path.join(str(paths.SRC), "draughts*", "*.h"))
    flags = " ".join([builder.flags, RENAME, "-I", os.path.join(str(paths.SRC), "draughts")])
    target = os.path.join(builder.build_dir, "faults", "draughts-judge.batch")
    sources, header = driver()
    return built(target, judge + engine + sources, builder.compiler, flags, headers + header)


def built(target, units, compiler, flags, also=()):
    """TARGET from UNITS, unless it is newer than all of them and ALSO."""
    if faultbuild.up_to_date(target, list(units) + list(also)):
        return target
    faultbuild.make_folders(os.path.dirname(target))
    # (built under another name, then renamed: a diagnosis running the
    # old binary, or building it too, never runs a half-written one)
    scratch = "%s.%d.%d" % (target, os.getpid(), threading.get_ident())
    run = subprocess.run(compiler.split() + flags.split() + ["-o", scratch] + list(units),
                         capture_output=True, text=True, check=False, umask=faultbuild.UMASK)
    if run.returncode != 0:
        if os.path.exists(scratch):
            os.unlink(scratch)
        raise faultbuild.BuildError("%s does not build:\n%s" % (os.path.basename(target), run.stderr))
    os.replace(scratch, target)
    return target


def scratch_root():
    """Where a batch's scratch files go: /dev/shm (memory) when it can be
    written, else the default temporary folder (None). Each run rewrites
    the same few files, which a disk's file system may flush at each
    truncation (ext4 does), a wait per run."""
    shm = "/dev/shm"
    return shm if os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK) else None


def status_of(word):
    """A status word as runs.Run's status: None for `hang`."""
    return None if word == b"hang" else int(word)


def answers(out, count):
    """The driver's answers in OUT, (status, bytes) each, at most COUNT; an
    answer cut short is left out."""
    found = []
    at = 0
    while len(found) < count:
        line_end = out.find(b"\n", at)
        if line_end < 0:
            break
        word, size = out[at:line_end].split()
        data = out[line_end + 1:line_end + 1 + int(size)]
        if len(data) < int(size):
            break
        found.append((status_of(word), data))
        at = line_end + 1 + int(size)
    return found


def run(binary, jobs, scratch, seconds, timeout, report=None, fork_each=False):
    """The JOBS run by BINARY (SECONDS each at most), in the folder
    SCRATCH: (status, its standard output or the file REPORT it left in
    SCRATCH) of each done, in order (fewer than the jobs when the batch
    itself died or TIMEOUT, for the whole, ran out). FORK_EACH: each run
    a child of its own, the memory never put back (the tests' measure)."""
    command = [binary] + (["--fork-each"] if fork_each else []) + [str(int(seconds)), scratch]
    command += [report] if report else []
    data = b"".join(job.encoded() for job in jobs)
    try:
        done = subprocess.run(command, input=data, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              timeout=max(0.2, timeout), check=False)
        out = done.stdout
    except subprocess.TimeoutExpired as late:
        out = late.stdout or b""
    return answers(out, len(jobs))
