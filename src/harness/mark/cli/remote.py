"""remote.py -- the submissions marked on the machines of --sshloginfile:
GNU parallel, the transport, hands each submission's copy and key to a
machine (--transferfile), runs the worker of that machine's repository
there, brings its folder back (--return) and removes it there (--cleanup);
its lines are the progress lines, as a local run's."""

from __future__ import annotations

import os
import subprocess

from .options import Options
from .progress import Progress


def parallel_command(options: Options, worker: list[str], bar: bool) -> list[str]:
    """GNU parallel's words, the worker's last (the folder's name is its `{}`)."""
    words = ["parallel", "--line-buffer", "--joblog", os.path.join(options.output, "mark.joblog"), "-q",
             "--sshloginfile", os.path.realpath(options.remote.sshloginfile), "--workdir", "...",
             "--transferfile", "submissions/{}/sources", "--transferfile", "submissions/{}/key",
             "--return", "submissions/{}", "--cleanup"]
    if options.jobs:
        words += ["--jobs", options.jobs]
    if bar:
        words.append("--bar")
    return words + worker + ["{}"]


def run_remote(options: Options, folders: list[str], worker: list[str], progress: Progress) -> int:
    """FOLDERS marked through GNU parallel; 1 when it failed, else 0."""
    with subprocess.Popen(parallel_command(options, worker, progress.bar), cwd=options.output,
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE) as parallel:
        parallel.stdin.write(b"".join(os.fsencode(folder) + b"\n" for folder in folders))
        parallel.stdin.close()
        for line in parallel.stdout:
            progress.line(os.fsdecode(line).rstrip("\n"))
    return int(parallel.returncode != 0)
