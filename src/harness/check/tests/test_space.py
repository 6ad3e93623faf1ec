"""A run the sandbox's watch of its files stopped (killed, 137, its stderr
ending with `sandbox: out of space: the run's files together passed its N
MiB ...`; src/sandbox/README.md, "The watch of the run's files") reads as
out of space, never as a crash: its symptom, its report's status line, and
the judge's "nothing to judge" line. The watch acts only where the program
shares the driver's uid with limits only, so the stand-ins here write the
sandbox's line themselves and kill themselves, through the real
check-engine and its sandbox: what is tested is the reading of the line."""

import csv
import subprocess
from pathlib import Path

import pytest

from harness import paths
from harness.cases import describe_run, out_of_space_mib

LINE = ("sandbox: out of space: the run's files together passed its 32 MiB (41 MiB in its working and temporary "
        "folders, its folder's copy and the box's exchange files); the sandbox stopped the run")
UNCOUNTED = ("sandbox: out of space: the run's files could not all be counted (folders over 64 deep, over 200000 "
             "names, or closed to the sandbox), which counts as past its 16 MiB; the sandbox stopped the run")


def test_the_line_is_read_only_when_last_and_only_for_a_kill():
    assert out_of_space_mib(f"partial\n{LINE}\n") == "32" and out_of_space_mib(UNCOUNTED.encode()) == "16"
    assert out_of_space_mib(f"{LINE}\nmore of the program's own\n") is None
    assert out_of_space_mib(LINE.replace("the sandbox stopped", "it stopped")) is None
    assert describe_run(137, LINE) == "a stop for space (it wrote more than the 32 MiB its files may take)"
    assert describe_run(137, "") == "a crash (signal SIGKILL)"
    assert describe_run(139, LINE) == "a crash (signal SIGSEGV)"  # only the sandbox's kill is its watch's


def stand_in(folder: Path, name: str, says: str) -> Path:
    """A program that reads its input, writes SAYS on its stderr and kills itself."""
    program = folder / name
    program.write_text(f"#!/bin/sh\ncat > /dev/null\ncat >&2 <<'SAID'\n{says}\nSAID\nkill -9 $$\n")
    program.chmod(0o755)
    return program


def check_engine(program: Path, output: Path, *options: str) -> str:
    done = subprocess.run([str(paths.ROOT / "scripts/check-engine"), *options, "--jobs", "2", "--no-diagnose",
                           "--output", str(output), str(program)], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, check=False, cwd=paths.ROOT)
    assert done.returncode == 1, done.stdout
    return done.stdout


def codes(output: Path) -> set[str]:
    with open(output / "results.tsv", newline="") as results:
        return {row["code"] for row in csv.DictReader(results, delimiter="\t")}


@pytest.fixture()
def folder(tmp_path):
    tmp_path.chmod(0o755)  # (the box's own uid runs the stand-ins)
    return tmp_path


def test_check_engine_reads_a_stop_for_space_as_out_of_space(folder):
    said = check_engine(stand_in(folder, "fills", LINE), folder / "out", "--category", "official")
    assert codes(folder / "out") == {"space"}
    assert "out of space (wrote more than the 32 MiB its files may take)" in said and "SIGKILL" not in said
    assert "status: a stop for space (it wrote more than the 32 MiB its files may take)" in said
    # the same kill with the line followed by the program's own words (not the sandbox's last) is a crash
    said = check_engine(stand_in(folder, "killed", f"{LINE}\nthe program's own words"), folder / "out-killed",
                        "--category", "official")
    assert codes(folder / "out-killed") == {"crash"} and "crash (SIGKILL)" in said


def test_the_judges_nothing_to_judge_says_out_of_space(folder):
    said = check_engine(stand_in(folder, "fills", UNCOUNTED), folder / "out", "--program", "draughts",
                        "--category", "examples")
    assert codes(folder / "out") == {"space"}
    assert ("nothing to judge: the program's run ended with a stop for space (it wrote more than the 16 MiB "
            "its files may take)") in said and "SIGKILL" not in said
