"""measure.py -- how the bench measures and prints: instructions
(callgrind), wall times (hyperfine, its raw results kept), the load
average taken before each timing, the corpus's case ids, and the targets
table with its counts. Everything the tables share."""

import csv
import os
import re
import shlex
import subprocess
import sys
from collections import namedtuple

# One command's timing from hyperfine, in seconds: stddev is None after a
# single run; cpu is user + system.
Timing = namedtuple("Timing", "mean stddev cpu")


class BenchError(Exception):
    """A measurement that could not be made: the bench stops, saying why."""


def cores():
    """The cores this process may use (nproc's count)."""
    return len(os.sched_getaffinity(0))


def load_average():
    with open("/proc/loadavg", encoding="ascii") as loadavg:
        return loadavg.read().split()[0]


def group_digits(number):
    """1853680 -> 1,853,680"""
    return "{:,}".format(int(number))


def quoted_command(program, *args, stdin=None):
    """A command line for hyperfine, as bash's printf %q would write it."""
    text = " ".join(shlex.quote(str(word)) for word in (program,) + args)
    return text + (" < %s > /dev/null" % shlex.quote(stdin) if stdin else "")


def corpus_list(root):
    """Case ids (category/name) under a cases root, in a stable (byte) order:
    cases.bash's corpus_list."""
    ids = []
    for folder, _, files in os.walk(root):
        for name in files:
            if name.endswith(".in"):
                path = os.path.relpath(os.path.join(folder, name), root)
                ids.append(path[:-len(".in")])
    return sorted(ids, key=os.fsencode)


def line_count(path):
    with open(path, "rb") as file:
        return file.read().count(b"\n")


def instructions(input_path, engine, *args):
    """What ENGINE executes on INPUT (callgrind's count)."""
    with open(input_path, "rb") as stdin:
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                               engine, *args], stdin=stdin, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, check=False)
    found = re.search(rb"^==\d+== Collected : (\d+)", done.stderr, re.MULTILINE)
    if not found:
        raise BenchError("callgrind measured nothing for %s" % input_path)
    return int(found.group(1))


def timed(out, name, *hyperfine_args):
    """Runs hyperfine, keeps its results under OUT/hyperfine/NAME.*, and
    returns a Timing per command."""
    base = os.path.join(out, "hyperfine", name)
    with open(base + ".txt", "w", encoding="utf-8") as log:
        done = subprocess.run(["hyperfine", "--style", "basic", "--export-csv", base + ".csv",
                               "--export-json", base + ".json", *hyperfine_args],
                              stdout=log, stderr=subprocess.STDOUT, check=False)
    if done.returncode != 0:
        with open(base + ".txt", encoding="utf-8", errors="replace") as log:
            sys.stderr.write(log.read())
        raise BenchError("hyperfine failed on %s (%s.txt)" % (name, base))
    with open(base + ".csv", newline="", encoding="utf-8") as table:
        return [Timing(float(row["mean"]), float(row["stddev"]) if row["stddev"] else None,
                       float(row["user"]) + float(row["system"]))
                for row in csv.DictReader(table)]


def verdict(met):
    return "met" if met else "not met"


class Targets:
    """The targets table: a row per target, counted as met, not met, or not
    measured ("for scale" rows are not counted)."""

    def __init__(self):
        self.met = self.not_met = self.unmeasured = 0

    @staticmethod
    def header():
        print("== Targets ==")
        print("%-44s %14s %12s  %s" % ("target", "measured", "limit", "verdict"))

    def row(self, label, measured, limit, said):
        print("%-44s %14s %12s  %s" % (label, measured, limit, said))
        if said == "met" or said.startswith("met ("):
            self.met += 1
        elif said.startswith("not met"):
            self.not_met += 1
        elif said != "for scale":
            self.unmeasured += 1

    def at_most(self, label, measured, limit, shown=None):
        """A row for a measured number against its limit."""
        self.row(label, measured if shown is None else shown, limit, verdict(float(measured) <= float(limit)))

    def summary(self):
        print("bench: %d targets met, %d not met, %d not measured" % (self.met, self.not_met, self.unmeasured))
        return self.not_met == 0


class Tee:
    """Standard output that is also kept in a file (the report)."""

    def __init__(self, stream, path):
        self.stream, self.file = stream, open(path, "w", encoding="utf-8")

    def write(self, text):
        self.stream.write(text)
        self.file.write(text)
        self.stream.flush()
        return len(text)

    def flush(self):
        self.stream.flush()
        self.file.flush()


def shown_output(command, tail=None):
    """Runs COMMAND (a list), prints its stdout and stderr (the last TAIL
    lines), through the report; returns its exit status."""
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    lines = done.stdout.decode("utf-8", "replace").splitlines()
    for line in lines[-tail:] if tail else lines:
        print(line)
    return done.returncode
