"""Runs faulted references on a program's failing cases, in parallel and
within a time budget, and tells which cases each reproduces.

A case counts as examined only when every fault has been run on it, so
that all faults are ranked over the same cases."""
import concurrent.futures
import contextlib
import dataclasses
import multiprocessing
import os
import tempfile
import time

from harness.diagnose import batch, compare, corpusruns, inorder, order
from harness.diagnose import runs


@dataclasses.dataclass
class Case:
    """A failing case: its id, input, expected run and the program's run,
    and the judge's verdict on the program's output once asked (judged)."""

    id: str
    input: str
    expected: object
    program: object
    verdict: object = None
    judged: bool = False
    key: str = ""  # the SHA-256 of the input's bytes, once asked (corpusruns)
    order: str = ""  # draughts: the program's order of moves (a file), when not the reference's


class Evaluation:
    """BATCH: the faults in a program's own order run on many cases a
    process (inorder.py; BUILDER builds its batch binaries, by default
    faultbuild.Builder()), else one process a run and a judging."""

    def __init__(self, game, judge, jobs, deadline, cache=None, stored=None, batch=True, builder=None):
        self.game = game
        self.batch = batch
        self.builder = builder
        self.judge = judge
        self.jobs = jobs
        self.deadline = deadline
        self.cache = cache  # runcache.RunCache, or None: every run afresh
        self.stored = stored  # corpusruns.Reader: the runs `make faults` kept, or None
        self.runs = {}  # {binary: {input digest: Run}}, read from STORED
        self.verdicts = {}  # {binary: {input digest: verdict}}, likewise

    def read_stored(self, cases, faults):
        """The kept runs (and verdicts) of the FAULTS' binaries on CASES,
        read at once: the cases' inputs are hashed once each."""
        if self.stored is None:
            return
        for case in cases:
            if not case.key:
                with open(case.input, "rb") as handle:
                    case.key = corpusruns.digest(handle.read())
        expected = {case.key: case.expected.out for case in cases}
        judge = corpusruns.file_digest(self.judge.binary) if self.judge is not None else None
        for binary, _ in faults.values():
            if binary in self.runs:
                continue
            digest = corpusruns.file_digest(binary)
            self.runs[binary] = self.stored.runs(digest, expected)
            if judge is not None:
                self.verdicts[binary] = self.stored.verdicts(digest, judge, list(expected))

    def one(self, case, binary, match):
        """(how it reproduces or None, near) for one fault's binary on one case."""
        if match in ("judge", "superset") and case.order:
            return self.one_in_order(case, binary, match)
        fault = self.runs.get(binary, {}).get(case.key)
        if fault is None and self.cache is not None:
            fault = self.cache.run(self.game, binary, case.input)
        elif fault is None:
            fault = runs.run_reference(self.game, binary, case.input)
        judged = None
        if match == "judge" and self.judge is not None:
            judged = (case.verdict, lambda: self.fault_verdict(binary, case, fault))
        return (compare.reproduces(match, case.program, fault, case.expected, judged),
                compare.near(case.program, fault, case.expected))

    def one_in_order(self, case, binary, match):
        """one() for a program whose moves come in another order: the fault
        run afresh in that order (no kept run knows it), and judged; for a
        `superset` fault, its trace's lines are the expected ones."""
        fault = runs.run_in_order(binary, case.input, case.order)
        return inorder.outcome(case, fault, match, lambda: self.judge.verdict(case.input, fault.out))

    def write_order(self, number, case, folder, data=None, read=False):
        """CASE's program order of moves (order.py), when it was rejected
        and its order is not the reference's: in FOLDER, kept as the case's
        `order`; its bytes, or None. READ: DATA is it, read already
        (program_order, in a process of orders_read's)."""
        if not read:
            data = program_order(case.verdict, case.program.out, case.expected.out)
        if data is not None:
            case.order = os.path.join(folder, "%d.order" % number)
            with open(case.order, "wb") as handle:
                handle.write(data)
        return data

    def write_orders(self, cases, folder):
        if self.judge is None:
            return
        for number, case in enumerate(cases):
            self.write_order(number, case, folder)

    def fault_verdict(self, binary, case, fault):
        """The judge's verdict on a fault's output, kept in the cache."""
        def judged():
            return self.judge.verdict(case.input, fault.out)
        kept = self.verdicts.get(binary, {})
        if case.key in kept:
            return kept[case.key]
        if self.cache is None or fault.status is None:
            return judged()
        return self.cache.verdict(binary, case.input, self.judge.binary, judged)

    def program_verdicts(self, cases, batches=None):
        """The judge's verdict on each case's program output, JOBS at once,
        within the deadline (a case left without one has none to share);
        in batches (inorder.Batches) when given."""
        if self.judge is None:
            return
        if batches is not None:
            batches.program_verdicts([case for case in cases if not case.judged], self.jobs)
            return

        def judged(case):
            if not case.judged and time.monotonic() <= self.deadline:
                case.verdict = self.judge.verdict(case.input, case.program.out)
                case.judged = True
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs) as pool:
            list(pool.map(judged, cases))

    def run(self, cases, faults):
        """faults: {name: (binary, match)}. Returns (examined case ids,
        {name: ([reproduced case ids], near count, same-output count)})."""
        with tempfile.TemporaryDirectory(prefix="diagnose-order.", dir=batch.scratch_root()) as folder:
            batches = None
            if self.batch and self.judge is not None:
                batches = inorder.Batches(self.judge, folder, self.deadline, self.builder)
            self.program_verdicts(cases, batches)
            results, done = self.in_batches(cases, faults, batches, folder)
            # (a case in the program's own order has its faults run in it:
            # no kept run serves it)
            self.read_stored([case for case in cases if not case.order], faults)
            results.update(self.evaluate_all(cases, faults, done))
        examined = [case.id for case in cases
                    if all((case.id, name) in results for name in faults)]
        table = {}
        for name in faults:
            hits = [cid for cid in examined if results[(cid, name)][0]]
            table[name] = (hits, sum(1 for cid in examined if results[(cid, name)][1]),
                           sum(1 for cid in examined if results[(cid, name)][0] == "same"))
        return examined, table

    def in_batches(self, cases, faults, batches, folder):
        """The faults that run in a program's own order, on its cases in
        that order, by BATCHES (inorder.py), the orders read as the batches
        run: (results, the (case id, fault name) pairs so done); without
        BATCHES, only the orders."""
        ordered = {name: fault for name, fault in faults.items() if fault[1] in ("judge", "superset")}
        if batches is None or not ordered:
            self.write_orders(cases, folder)
            return {}, set()
        with orders_read(cases, self.jobs) as read:
            results = batches.evaluate(cases, ordered, self.jobs,
                                       lambda number, case: self.write_order(number, case, folder, next(read), True))
        # (a case whose order the deadline left unread is not examined: it
        # might be in another order, where no kept run serves)
        return results, ({(case.id, name) for case in cases if case.order for name in ordered}
                         | {(case.id, name) for case in batches.unread for name in faults})

    def evaluate_all(self, cases, faults, done=frozenset()):
        """{(case id, fault name): one()'s answer}, for those done in time
        and not DONE already."""
        results = {}
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=self.jobs)
        futures = {pool.submit(self.one, case, binary, match): (case.id, name)
                   for case in cases for name, (binary, match) in faults.items()
                   if (case.id, name) not in done}

        def take(future):
            results[futures[future]] = future.result()
        inorder.collected(pool, futures, self.deadline, take)
        return results


def program_order(verdict, out, expected):
    """order.for_program of a case's output OUT when the judge rejected it
    (VERDICT), else None: a task of orders_read's processes."""
    return order.for_program(out, expected) if verdict is not None else None


@contextlib.contextmanager
def orders_read(cases, jobs):
    """An iterator of program_order's answers for CASES, in their order,
    read by JOBS processes ahead of the batches that need them: reading a
    program's orders is Python's work (2 s of the 490 outputs of the
    draughts subject in another order, README "Speed"), which in the
    diagnosis's own thread held back the batches and the judging of every
    chunk after it. The processes are forked before any batch's thread
    starts (what they run is order.py's: bytes and patterns, no lock of
    the parent's); left early (the deadline), what was not read is dropped."""
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=max(1, jobs),
                                                  mp_context=multiprocessing.get_context("fork"))
    try:
        yield pool.map(program_order, [case.verdict for case in cases], [case.program.out for case in cases],
                       [case.expected.out for case in cases], chunksize=8)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def default_jobs():
    return max(1, len(os.sched_getaffinity(0)))
