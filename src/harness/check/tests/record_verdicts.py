"""record_verdicts: records check-engine's verdicts (case, verdict, code) for
every subject (the references, each fault of the catalogue, each test player
and variant) under both profiles, through the door scripts/check-engine, as
the record that test_verdicts compares any check-engine with. A maintainer
runs it by hand, on the code whose verdicts are to be kept:

    PYTHONPATH=src /usr/bin/python3 -m harness.check.tests.record_verdicts

The record is never rewritten to make a difference go away (issue 39: any
difference is a failure, never a re-record)."""

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

from harness.check.tests import subjects as subjects_module
from harness.check.tests import verdicts


def parse(argv):
    parser = argparse.ArgumentParser(
        prog="record_verdicts",
        description="Records check-engine's verdicts for the references, every fault of "
        "the catalogue (built by make faults) and every test player's variants (a copy "
        "with the variant set in its sources, handed to check-engine as a FOLDER), under "
        "each profile: RECORD/SUBJECT.PROFILE.tsv (case, verdict, code) and "
        "RECORD/subjects.tsv (the manifest).")
    parser.add_argument("--record", type=Path, default=verdicts.RECORD,
                        help="where the record goes (default: %(default)s)")
    parser.add_argument("--only", metavar="REGEX", default="",
                        help="only the subjects whose name REGEX finds (default: all)")
    parser.add_argument("--profile", action="append", choices=verdicts.PROFILES,
                        help="only this profile (repeatable; default: both)")
    parser.add_argument("--jobs", type=int, default=4, help="check-engine's --jobs (default: 4)")
    parser.add_argument("--timeout", type=int, default=verdicts.TIMEOUT,
                        help="check-engine's --timeout (default: %(default)s)")
    parser.add_argument("--compare-with", type=Path, metavar="DIR",
                        help="after recording, name every case whose verdict differs from "
                        "the record in DIR (two recordings of the same code: the unstable cases)")
    parser.add_argument("--missing", action="store_true",
                        help="only the subjects and profiles that RECORD has no file for yet "
                        "(to finish a recording that was stopped)")
    parser.add_argument("--no-build", action="store_true",
                        help="do not run make and make faults first")
    parser.add_argument("--list", action="store_true", help="list the subjects and stop")
    return parser.parse_args(argv)


def chosen(args) -> list:
    """The subjects to record."""
    pattern = re.compile(args.only)
    return [s for s in subjects_module.all_subjects() if pattern.search(s.name)]


def record_one(subject, profile, args, scratch: Path) -> dict:
    """Records SUBJECT under PROFILE; its verdicts."""
    work = Path(tempfile.mkdtemp(prefix=f"{subject.name}.{profile}.", dir=scratch))
    run = verdicts.Run(game=subject.game, profile=profile,
                       target=subjects_module.target(subject, work), output=work / "out",
                       jobs=args.jobs, timeout=args.timeout)
    found = verdicts.check(run)
    verdicts.write_record(verdicts.record_path(subject.name, profile, args.record), found)
    return found


def compare(chosen_subjects, profiles, record: Path, other: Path) -> int:
    """Prints every case whose verdict differs between RECORD and OTHER; their number."""
    lines = []
    for subject in chosen_subjects:
        for profile in profiles:
            mine = verdicts.read_record(verdicts.record_path(subject.name, profile, record))
            theirs = verdicts.read_record(verdicts.record_path(subject.name, profile, other))
            lines += verdicts.differences(subject.name, profile, theirs, mine)
    for line in lines:
        print(f"differs: {line}")
    print(f"{len(lines)} case(s) differ between {record} and {other}")
    return len(lines)


def main(argv=None) -> int:
    args = parse(sys.argv[1:] if argv is None else argv)
    profiles = tuple(args.profile or verdicts.PROFILES)
    todo = chosen(args)
    if args.list:
        for subject in todo:
            print(f"{subject.name}\t{subject.build}")
        return 0
    if not args.no_build:
        subjects_module.build_programs()
    verdicts.write_tsv(args.record / "subjects.tsv", verdicts.MANIFEST_COLUMNS,
                       [s.as_row() for s in subjects_module.all_subjects()])
    started, done = time.monotonic(), 0
    with tempfile.TemporaryDirectory(prefix="record-verdicts.") as scratch:
        for subject in todo:
            for profile in profiles:
                if args.missing and verdicts.record_path(subject.name, profile, args.record).is_file():
                    continue
                begun = time.monotonic()
                found = record_one(subject, profile, args, Path(scratch))
                done += 1
                failed = sum(1 for verdict, _ in found.values() if verdict != "pass")
                print(f"{subject.name}\t{profile}\t{len(found)} cases\t{failed} not passed\t"
                      f"{time.monotonic() - begun:.1f} s", flush=True)
    print(f"recorded {done} run(s) ({len(todo)} subject(s) x {len(profiles)} profile(s) "
          f"chosen) in {time.monotonic() - started:.0f} s")
    if args.compare_with:
        return 1 if compare(todo, profiles, args.record, args.compare_with) else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
