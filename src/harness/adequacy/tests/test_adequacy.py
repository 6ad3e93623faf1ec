"""The adequacy table and page on a small copy of the checkers corpus and
three faults of the catalogue: each row as the test's own runs of the
faulted references say (stdout and exit status against the golden files),
and a fault that one case alone catches is caught by no case, and listed
so on the page, once that case is taken out of the copy."""

import csv
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from harness import paths
from harness.adequacy import cli, mutants
from harness.diagnose import catalogue, faultbuild

CASES = ("error5/black-piece-white-turn", "error5/opponent-illegal-action-after-promotion-s0",
         "edge-input/blank-lines", "edge-input/action-in-column-a")
FAULTS = ("no-tower-promotion", "error-status-zero", "column-a-as-command")


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    """A corpus of CASES and a catalogue of FAULTS, copies both."""
    top = tmp_path_factory.mktemp("adequacy")
    for case_id in CASES:
        source = paths.TESTDATA / "checkers" / case_id
        (top / "cases" / case_id).parent.mkdir(parents=True, exist_ok=True)
        for path in source.parent.glob(source.name + ".*"):
            shutil.copy(path, top / "cases" / Path(case_id).parent)
    real = catalogue.Catalogue()
    shutil.copytree(Path(real.folder) / "checkers", top / "faults" / "checkers")
    with open(top / "faults" / "checkers.tsv", "w", newline="") as handle:
        out = csv.DictWriter(handle, catalogue.COLUMNS, delimiter="\t", lineterminator="\n",
                             quoting=csv.QUOTE_NONE, extrasaction="ignore")
        out.writeheader()
        out.writerows(row for row in real.read("checkers") if row["code"] in FAULTS)
    return top


def adequacy(world, *more, cases=None):
    status = cli.main(["--program", "checkers", "--cases", str(cases or world / "cases"), "--faults",
                       str(world / "faults"), "--build", str(world / "build"), "--output",
                       str(world / "out"), "--run-cache", "none", "--jobs", "2", *more])
    assert status == 0
    with open(world / "out" / "checkers.tsv", newline="") as handle:
        rows = {row["fault"]: row for row in csv.DictReader(handle, delimiter="\t")}
    return rows, (world / "out" / "checkers.html").read_text()


def golden(world, case_id, suffix):
    path = world / "cases" / (case_id + suffix)
    return path.read_bytes() if path.exists() else None


def caught_by(world, fault, compare_status=True, binary=None):
    """The cases of the copy whose golden files the faulted reference (or
    BINARY) does not reproduce, by the test's own runs."""
    binary = binary or world / "build" / "faults" / "checkers" / fault
    found = []
    for path in sorted((world / "cases").glob("*/*.in")):
        case_id = path.relative_to(world / "cases").as_posix()[:-3]
        with open(path, "rb") as stdin:
            done = subprocess.run([str(binary)], stdin=stdin, capture_output=True, timeout=30)
        status = int((golden(world, case_id, ".status") or b"0").split()[0])
        if done.stdout != golden(world, case_id, ".out") or (compare_status and done.returncode != status):
            found.append(case_id)
    return found


def section(html, anchor):
    """The page's text from heading ANCHOR to the next heading."""
    return re.search(r'<h2 id="%s">(.*?)(<h2|$)' % anchor, html, re.S).group(1)


def expected_row(cases):
    return {"cases_failing": str(len(cases)), "only_case": cases[0] if len(cases) == 1 else ""}


@pytest.mark.slow
def test_each_row_is_what_the_runs_say(world):
    rows, html = adequacy(world)
    assert sorted(rows) == sorted(FAULTS)
    for fault in FAULTS:
        assert {k: rows[fault][k] for k in ("cases_failing", "only_case")} == expected_row(caught_by(world, fault))
    idle = [case_id for case_id in CASES if all(case_id not in caught_by(world, f) for f in FAULTS)]
    assert idle, "the copy should hold a case that catches no fault"
    for case_id in idle:
        assert case_id in section(html, "idle")


def test_assignment_profile_leaves_the_status_out(world):
    rows, _ = adequacy(world, "--profile", "assignment")
    for fault in FAULTS:
        assert rows[fault]["cases_failing"] == str(len(caught_by(world, fault, compare_status=False)))


def test_a_fault_one_case_catches_is_uncaught_without_it(world, tmp_path):
    rows, html = adequacy(world)
    alone = [fault for fault in FAULTS if rows[fault]["cases_failing"] == "1"]
    assert alone, "the copy should hold a fault that one case alone catches"
    fault, only = alone[0], rows[alone[0]]["only_case"]
    assert fault in section(html, "alone") and fault not in section(html, "uncaught")
    fewer = tmp_path / "fewer"
    shutil.copytree(world / "cases", fewer)
    for path in fewer.glob(only + ".*"):
        path.unlink()
    rows, html = adequacy(world, cases=fewer)
    assert rows[fault]["cases_failing"] == "0" and rows[fault]["only_case"] == ""
    assert "<strong>%s</strong>" % fault in section(html, "uncaught")
    assert fault not in section(html, "alone")


@pytest.mark.slow
def test_mutants_join_the_table_as_faults(world):
    rows, html = adequacy(world, "--mutants", "6")
    chosen = mutants.chosen("checkers", 6)
    assert len(chosen) == 6 and len({m.file for m in chosen}) > 1, "spread over the engine's files"
    builder = faultbuild.Builder(str(world / "build"))
    binaries = {m.id: mutants.build(m, "checkers", builder) for m in chosen}
    built = [mutant for mutant, binary in binaries.items() if binary]
    assert built, "a mutant of the six should compile"
    assert sorted(rows) == sorted([*FAULTS, *built])
    for mutant in built:
        assert {k: rows[mutant][k] for k in ("cases_failing", "only_case")} == \
            expected_row(caught_by(world, mutant, binary=binaries[mutant]))
    assert any(rows[mutant]["cases_failing"] != "0" for mutant in built), "the copy's cases catch a mutant"
    assert built[0] in html
