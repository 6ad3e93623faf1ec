"""Same verdicts (issue 39): scripts/check-engine, whatever is behind the door,
gives every case of every subject the verdict recorded on the code before the
migration (record/, written by record_verdicts). Any difference fails, naming
each case (subject, profile, case, recorded verdict, new verdict); the record
is never rewritten to make a difference go away.

`make unit` runs a subset, to stay within about a minute on two cores:
both references on every case (the verdicts that matter most, and cheap: a C
program, about 3 s a profile); every fault of the catalogue on the smallest
category where its record has a failing case (so each run proves the fault is
still told apart, not only that passes stay passes); one variant per language
of the test players, a faulty one so that their failures are compared too
(cut-strict; C++, which has none, missing-child), on draughts' `examples` (14
cases: a Java or Mono start a case is the cost), each built in the sandbox
from its sources as the grader builds them; all of it under both profiles. `VERDICTS=all` (`make verdicts`) compares the whole
record: every subject, every case, both profiles (an hour or more on two idle
cores: the players' failing cases each get a full report).
"""

import pytest
import os
import tempfile
import unittest
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from harness.check.tests import subjects as subjects_module
from harness.check.tests import verdicts

# The players make unit compares: one faulty variant a language.
UNIT_PLAYERS = ("player-python-cut-strict", "player-java-cut-strict",
                "player-cpp-missing-child", "player-csharp-cut-strict")
UNIT_PLAYER_CATEGORIES = ("examples",)
# check-engine runs at once, each with --jobs JOBS: a run spends much of its
# time starting (bash, the sandbox) and the others fill it.
PARALLEL_RUNS = 3
JOBS = 2


def smallest_failing_category(recorded: dict) -> tuple:
    """The smallest category with a verdict other than pass in RECORDED
    ({case: (verdict, code)}); the smallest category when all pass."""
    sizes, failing = {}, set()
    for case, (verdict, _) in recorded.items():
        category = case.split("/", 1)[0]
        sizes[category] = sizes.get(category, 0) + 1
        if verdict != "pass":
            failing.add(category)
    pool = failing or set(sizes)
    return (min(pool, key=lambda category: (sizes[category], category)),)


def plan(everything: bool) -> list:
    """The comparisons to make: (subject, profile, categories), () for all."""
    runs = []
    for subject in subjects_module.all_subjects():
        for profile in verdicts.PROFILES:
            if everything or subject.kind == "reference":
                runs.append((subject, profile, ()))
            elif subject.kind == "fault":
                recorded = verdicts.read_record(verdicts.record_path(subject.name, profile))
                runs.append((subject, profile, smallest_failing_category(recorded)))
            elif subject.name in UNIT_PLAYERS:
                runs.append((subject, profile, UNIT_PLAYER_CATEGORIES))
    return runs


def compare(subject, profile, categories, scratch: Path) -> list:
    """Runs check-engine on SUBJECT; the cases whose verdict differs from the record."""
    work = Path(tempfile.mkdtemp(prefix=f"{subject.name}.{profile}.", dir=scratch))
    run = verdicts.Run(game=subject.game, profile=profile,
                       target=subjects_module.target(subject, work), output=work / "out",
                       jobs=JOBS, categories=categories)
    recorded = verdicts.read_record(verdicts.record_path(subject.name, profile))
    return verdicts.differences(subject.name, profile, recorded, verdicts.check(run), categories)


class RecordTest(unittest.TestCase):
    """The record itself: every subject, under both profiles, with its cases."""

    def test_record_is_whole(self):
        manifest = verdicts.read_tsv(verdicts.MANIFEST)
        expected = [s.as_row() for s in subjects_module.all_subjects()]
        self.assertEqual(manifest, expected, "subjects.tsv is not the subjects' list "
                         "(a fault or variant added since the record was made?)")
        for subject in subjects_module.all_subjects():
            for profile in verdicts.PROFILES:
                with self.subTest(subject=subject.name, profile=profile):
                    path = verdicts.record_path(subject.name, profile)
                    self.assertTrue(path.is_file(), f"{path}: missing")
                    cases = set(verdicts.read_record(path))
                    reference = verdicts.read_record(
                        verdicts.record_path(f"reference-{subject.game}", profile))
                    self.assertGreater(len(cases), 0, f"{path}: no case")
                    self.assertEqual(cases, set(reference),
                                     f"{path}: not the cases of the reference's record")

    def test_differences_named(self):
        recorded = {"a/x": ("pass", ""), "a/y": ("fail", "judge"), "b/z": ("pass", "")}
        new = {"a/x": ("fail", "hang"), "a/y": ("fail", "other-code")}
        self.assertEqual(verdicts.differences("s", "strict", recorded, new, ("a",)),
                         ["s\tstrict\ta/x\trecorded pass\tnow fail"])
        self.assertEqual(verdicts.differences("s", "strict", recorded, new)[-1],
                         "s\tstrict\tb/z\trecorded pass\tnow absent")


class VerdictsTest(unittest.TestCase):
    """check-engine's verdicts against the record, case by case."""

    @pytest.mark.slow
    def test_same_verdicts(self):
        runs = plan(os.environ.get("VERDICTS") == "all")
        self.assertGreater(len(runs), 0)
        lines, errors = [], []
        with tempfile.TemporaryDirectory(prefix="test-verdicts.") as scratch:
            with ThreadPoolExecutor(PARALLEL_RUNS) as pool:
                futures = {pool.submit(compare, s, p, c, Path(scratch)): (s.name, p)
                           for s, p, c in runs}
                for done, future in enumerate(as_completed(futures), 1):
                    name, profile = futures[future]
                    try:
                        found = future.result()
                    except (verdicts.CheckEngineError, subjects_module.SubjectError) as error:
                        found = []
                        errors.append(f"{name}\t{profile}\t{error}")
                    lines += found
                    # (seen with make verdicts, which runs pytest with -s: an hour)
                    print(f"verdicts: {done} of {len(runs)} compared ({name}, {profile}): "
                          f"{len(found)} differ", flush=True)
        lines.sort()
        errors.sort()
        self.assertEqual(errors, [], "check-engine could not check:\n" + "\n".join(errors))
        self.assertEqual(lines, [], f"{len(lines)} verdict(s) differ from the record "
                         f"(subject, profile, case, recorded, now), in {len(runs)} runs:\n"
                         + "\n".join(lines))


if __name__ == "__main__":
    unittest.main()
