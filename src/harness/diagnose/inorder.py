"""The faulted draughts references run in a program's own order of moves
(order.py) on many of its rejected cases at once: each fault on a chunk of
cases in one batch process, then the judge on the outputs that can matter
in another (batch.py), instead of a process per run and per judging
(README, "Speed"). What each (case, fault) gives is outcome()'s answer,
the one the one-by-one path (evaluate.Evaluation.one_in_order) gives: the
same runs, the same verdicts, the same comparison."""
import concurrent.futures
import os
import re
import tempfile
import threading
import time

from harness import paths
from harness.diagnose import batch, compare, faultbuild, order, runs

CHUNK = 64  # cases a batch: the deadline cuts between chunks
JUDGE_REJECTS = 43  # the judge's exit status for a wrong answer (compare.Judge)
MESSAGE = "judgemessage.txt"  # where the judge writes its verdict (compare.Judge)


def wants_verdict(case, fault, match):
    """Whether the judge's verdict on FAULT's run can change outcome():
    only for a `judge` fault with the exit status that counts
    (compare.reproduces_in_order answers None before any verdict else)."""
    return match == "judge" and compare.same_status(case.program, fault, case.expected)


# The first line of a verdict that names an output line (messages.c): its
# number counts every line, blank ones too, each ended by `\n` (input.c).
PLACE = re.compile(rb"wrong answer in [^\n]*? at output line ([0-9]+)[^\n]*:\n")
# A line the judge shows as it is (trimmed): at most 200 bytes, each a
# printable ASCII character (messages.c's LONGEST_LINE_SHOWN and
# printable_character); two such lines that differ are shown apart.
SHOWN_AS_IS = re.compile(rb"[\x20-\x7e]{0,200}")
TRIMMED = b" \t\r\v\f"  # what the judge trims off a line's ends (input.c's is_blank)


def judged_line(out, number):
    """Line NUMBER (from 1) of OUT as the judge reads it, trimmed; None
    when OUT has no such line."""
    if number < 1:
        return None
    parts = out.split(b"\n", number)
    # (NUMBER parts and no more: the last is line NUMBER only when it is
    # not empty, the end right after a `\n` starting no line)
    if len(parts) < number or (len(parts) == number and not parts[-1]):
        return None
    return parts[number - 1].strip(TRIMMED)


def may_share(case, fault):
    """False only when the judge's verdict on FAULT's run cannot be the
    program's (case.verdict), nor its output the program's but for white
    space: the program's verdict names its output line L and shows it, and
    the fault's line L (none, or another shown otherwise) would be shown
    otherwise, so that the fault's verdict, if any, names another line or
    shows another one. Where the judge might show two lines alike (a line
    cut at 200 bytes, or a character shown as `?`), True."""
    place = PLACE.match(case.verdict or b"")
    mine = judged_line(case.program.out, int(place.group(1))) if place else None
    if mine is None:
        return True
    theirs = judged_line(fault.out, int(place.group(1)))
    if theirs == mine or (theirs is not None and not SHOWN_AS_IS.fullmatch(theirs)) \
            or not SHOWN_AS_IS.fullmatch(mine):
        return True
    return compare.same_tokens(case.program.out, fault.out)


def outcome(case, fault, match, verdict):
    """(how it reproduces or None, near) for FAULT, a fault's run in the
    program's order; VERDICT gives the judge's verdict on it, asked only
    when wants_verdict; for a `superset` fault, its trace's lines are the
    expected ones."""
    near = compare.near(case.program, fault, case.expected)
    if match == "superset":
        shown = runs.Run(order.trace_lines(fault.out), case.expected.status)
        return compare.reproduces(match, case.program, fault, shown), near
    if not wants_verdict(case, fault, match):
        return None, near
    return compare.reproduces_in_order(case.program, fault, case.expected,
                                       (case.verdict, verdict())), near


class Batches:
    """The batch path for one evaluation: JUDGE (compare.Judge), FOLDER a
    scratch folder, DEADLINE (time.monotonic()) after which nothing starts."""

    def __init__(self, judge, folder, deadline, builder=None):
        self.judge = judge
        self.folder = folder
        self.deadline = deadline
        self.builder = builder or faultbuild.Builder()
        self.lock = threading.Lock()
        self.judge_built = None
        self.orders = {}  # {case id: its order file's bytes}
        self.unread = []  # the cases whose order the deadline left unread (evaluate)

    def left(self):
        return self.deadline - time.monotonic()

    def judge_batch(self):
        """The judge's batch binary, when the evaluation's judge is the
        project's (built from the same sources); None otherwise: each
        verdict is then the judge's own run."""
        standard = os.path.realpath(str(paths.BUILD / "draughts-judge"))
        if os.path.realpath(self.judge.binary) != standard:
            return None
        with self.lock:
            if self.judge_built is None:
                try:
                    self.judge_built = batch.judge_batch(self.builder)
                except faultbuild.BuildError:
                    self.judge_built = ""
        return self.judge_built or None

    def fault_runs(self, scratch, chunk, binary):
        """Each case of CHUNK's run of the fault BINARY in its order; a case
        the batch did not reach is run alone while time is left, else left
        out (None)."""
        jobs = [batch.Job(case.input, setting=("DRAUGHTS_MOVE_ORDER", self.orders[case.id]))
                for case in chunk]
        try:
            with self.lock:  # (one build of a binary at a time)
                batched = batch.fault_batch(self.builder, binary)
            answers = batch.run(batched, jobs, scratch, runs.TIMEOUT, self.left())
        except faultbuild.BuildError:
            answers = []  # each run alone, as before the batch
        done = [runs.Run(out[:runs.OUTPUT_LIMIT], status) for status, out in answers]
        for case in chunk[len(done):]:
            done.append(runs.run_in_order(binary, case.input, case.order) if self.left() > 0 else None)
        return done

    def judged(self, scratch, pairs):
        """{K: the judge's verdict} on each (input, output) of PAIRS, in one
        batch; one the batch did not reach, alone while time is left (else
        left out)."""
        binary = self.judge_batch() if pairs else None
        found = {}
        if binary is not None:
            jobs = [batch.Job(data=out, arguments=[path, os.devnull, scratch]) for path, out in pairs]
            for k, (status, message) in enumerate(batch.run(binary, jobs, scratch, runs.TIMEOUT,
                                                            self.left(), MESSAGE)):
                found[k] = message if status == JUDGE_REJECTS else None
        for k, (path, out) in enumerate(pairs):
            if k not in found and self.left() > 0:
                found[k] = self.judge.verdict(path, out)
        return found

    def verdicts(self, scratch, chunk, faults, match):
        """{K: the judge's verdict} on the runs FAULTS whose verdict can
        matter (wants_verdict, may_share); None for the others."""
        asked = [k for k, fault in enumerate(faults) if fault is not None and wants_verdict(chunk[k], fault, match)]
        shared = [k for k in asked if may_share(chunk[k], faults[k])]
        found = self.judged(scratch, [(chunk[k].input, faults[k].out) for k in shared])
        verdicts = {k: None for k in asked}
        verdicts.update((shared[j], verdict) for j, verdict in found.items())
        return verdicts, set(asked) - set(shared) | {shared[j] for j in found}

    def program_verdicts(self, cases, workers):
        """Each case's program verdict (case.verdict, case.judged), WORKERS
        batches at once, those judged by the deadline."""
        def chunk_judged(chunk):
            if self.left() <= 0:
                return
            scratch = tempfile.mkdtemp(prefix="judge.", dir=self.folder)
            for k, verdict in self.judged(scratch, [(case.input, case.program.out) for case in chunk]).items():
                chunk[k].verdict, chunk[k].judged = verdict, True
        with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
            list(pool.map(chunk_judged, [cases[at:at + CHUNK] for at in range(0, len(cases), CHUNK)]))

    def item(self, chunk, name, binary, match):
        """{(case id, NAME): outcome()} for the fault NAME on CHUNK."""
        if self.left() <= 0:
            return {}
        scratch = tempfile.mkdtemp(prefix="batch.", dir=self.folder)
        faults = self.fault_runs(scratch, chunk, binary)
        verdicts, known = self.verdicts(scratch, chunk, faults, match)
        return {(case.id, name): outcome(case, fault, match, lambda k=k: verdicts[k])
                for k, (case, fault) in enumerate(zip(chunk, faults))
                if fault is not None and (k in known or k not in verdicts)}

    def evaluate(self, cases, faults, workers, order_of):
        """{(case id, fault name): outcome()} for FAULTS {name: (binary,
        match)} on those of CASES whose order is not the reference's:
        ORDER_OF(number, case) reads a case's (its bytes, or None), the
        cases in turn, each chunk's batches started as soon as its orders
        are read; WORKERS batches at once, those done by the deadline.
        The cases whose order was not read by then are left in `unread`."""
        results, futures, pending = {}, [], []
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers)

        def submit(chunk):
            futures.extend(pool.submit(self.item, chunk, name, binary, match)
                           for name, (binary, match) in faults.items())
        try:
            for number, case in enumerate(cases):
                if self.left() <= 0:
                    self.unread = cases[number:]
                    break
                data = order_of(number, case)
                if data is not None:
                    self.orders[case.id] = data
                    pending.append(case)
                if len(pending) == CHUNK or (pending and number == len(cases) - 1):
                    submit(pending)
                    pending = []
        finally:
            collected(pool, futures, self.deadline, lambda future: results.update(future.result()))
        return results


def collected(pool, futures, deadline, take):
    """TAKE(future) for each of FUTURES done by DEADLINE (time.monotonic()),
    in the order they end; the others cancelled, and POOL shut down."""
    try:
        for future in concurrent.futures.as_completed(futures, timeout=max(0.0, deadline - time.monotonic())):
            take(future)
    except concurrent.futures.TimeoutError:
        pass
    finally:
        for future in futures:
            future.cancel()
        pool.shutdown(wait=True)
