"""The program checked: the categories and their numbers of cases (the
totals every row is out of), one run of the program as the game runs it,
the smoke test (a program that hangs on its first run has the
assignment's own tests run alone first, and when it hangs on every one of
them the rest is not run), and check-engine's runs (check-engine.txt),
the second with the memory check."""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from harness import cases, games, paths, sandbox
from harness.languages.build import write_launcher
from harness.mark import result_row
from harness.mark.one.facts import Facts
from harness.mark.one.options import Options
from harness.mark.one.program import Target

# The assignment's own tests, the smoke test's categories, in this order.
SMOKE_CATEGORIES = ("official", "examples")
HANG = 124
# check-engine is the package's: harness.check, named as its door names it.
CHECK_ENGINE = ("-m", "harness.check", "--as", "scripts/check-engine")


@dataclass(frozen=True)
class Marking:
    """One submission's marking: its options, its program, the facts and
    the scratch folder."""

    options: Options
    target: Optional[Target]
    facts: Facts
    work: Path
    totals: str = ""


@dataclass
class Plan:
    """The second check-engine run's category options, and whether it runs."""

    filters: list[str] = field(default_factory=list)
    run_rest: bool = True


def count_totals(options: Options) -> str:
    """"C=N,C=N": the categories checked and their numbers of cases, unless given."""
    if options.totals:
        return options.totals
    ids = cases.select_ids(options.cases, options.profile, options.wanted, options.excluded)
    runs = itertools.groupby(case_id.partition("/")[0] for case_id in ids)
    return ",".join(f"{category}={sum(1 for _ in run)}" for category, run in runs)


def total_of(totals: str, category: str) -> str:
    """CATEGORY's number of cases in TOTALS ("": not checked)."""
    return "\n".join(item.split("=")[1] for item in totals.split(",")
                     if "=" in item and item.split("=")[0] == category)


def run_once(marking: Marking, input_path: str, base: Path) -> str:
    """One run of the program on INPUT_PATH as the game runs it, in the
    sandbox with a case's limits: BASE.out, BASE.err; its status ("0" when
    the box could not run it)."""
    options, target = marking.options, marking.target
    program, folder = "./program", None
    if target.path == "./built":
        write_launcher("built", target.language, marking.work / "launcher")
        program, folder = str(marking.work / "launcher"), "built"
    if not os.path.isfile(input_path) or not os.access(input_path, os.R_OK):
        return "0"
    limits = sandbox.Limits(timeout=options.timeout, no_sandbox=not options.sandbox, quiet=True, folder=folder)
    try:
        with sandbox.Box(program, limits) as box:
            run = box.run(input_path, graded=games.get(options.program).run_mode == "graded")
            if run.status == sandbox.BOX_FAILED:
                return "0"
            for source, suffix in ((run.out, ".out"), (run.err, ".err")):
                _take(source, Path(f"{base}{suffix}"))
            return str(run.status)
    except sandbox.SandboxError:
        return "0"


def _take(source: Path, destination: Path) -> None:
    if source.is_file():
        shutil.copyfile(source, destination)
    else:
        destination.write_bytes(b"")


def check_engine(marking: Marking, output: str, extra: list[str]) -> bool:
    """One run of check-engine on the program into check/OUTPUT, told in
    check-engine.txt; a status over 1 is the row's error (False)."""
    options = marking.options
    args = [marking.target.path, "--program", options.program, "--profile", options.profile, "--compare",
            options.compare, "--jobs", options.check_jobs, "--timeout", options.timeout, "--show", "0",
            "--output", f"check/{output}"]
    if not options.sandbox:
        args.append("--no-sandbox")
    with open("check-engine.txt", "ab") as told:
        told.write(f"== check-engine run {output}: scripts/check-engine {' '.join(args)} {' '.join(extra)}\n"
                   .encode(errors="surrogateescape"))
        told.flush()
        status = subprocess.run([sys.executable, "-B", *CHECK_ENGINE, *args, *extra], stdout=told,
                                stderr=subprocess.STDOUT, env={**os.environ, "PYTHONPATH": str(paths.SRC)},
                                check=False).returncode
    if status <= 1:
        return True
    marking.facts.add("state", "error")
    marking.facts.add("reason", f"check-engine stopped with status {status}: {_last_word()}")
    return False


def _last_word() -> str:
    """check-engine.txt's last line but its progress lines, cut to 200."""
    text = Path("check-engine.txt").read_text(encoding="utf-8", errors="replace")
    lines = [line for line in text.split("\n")[:-1 if text.endswith("\n") else None]
             if not _progress(line)]
    return lines[-1][:200] if lines else ""


def _progress(line: str) -> bool:
    rest = line.removeprefix("check-engine: ")
    return rest != line and rest.lstrip("0123456789").startswith("/")


def probe(marking: Marking, category: str) -> int:
    """The status of one run on the first case of CATEGORY (124: it hung)."""
    inputs = sorted(str(path) for path in (marking.options.cases / category).glob("*.in"))
    first = inputs[0] if inputs else str(marking.options.cases / category / "*.in")
    return int(run_once(marking, first, marking.work / "probe"))


def smoke_test(marking: Marking) -> Plan:
    """The smoke test: the second run's filters, and whether it runs."""
    options, totals = marking.options, marking.totals
    smoke = next((category for category in SMOKE_CATEGORIES if total_of(totals, category) and "," in totals), "")
    plan = Plan([*_each("--category", options.wanted), *_each("--exclude", options.excluded)])
    if not smoke or probe(marking, smoke) != HANG:
        return plan
    if check_engine(marking, "1", ["--category", smoke]):
        hung = result_row.hangs(os.path.join("check", "1", "results.tsv"))
        if str(hung) == total_of(totals, smoke):
            plan.run_rest = False
            marking.facts.add("state", "hang")
            marking.facts.add("reason", f"hangs: every case of {smoke} ({total_of(totals, smoke)}) was stopped "
                                        f"after {options.timeout}s; the other cases were not run (counted failed)")
    else:
        plan.run_rest = False
    plan.filters = [*_each("--category", [c for c in options.wanted if c != smoke]),
                    *_each("--exclude", options.excluded), "--exclude", smoke]
    return plan


def _each(option: str, values) -> list[str]:
    return [word for value in values for word in (option, value)]


def check_the_rest(marking: Marking, plan: Plan) -> None:
    """The second check-engine run, with the memory check (its verdicts:
    check/2/memcheck.tsv, read by harness.mark.result_row)."""
    memcheck = marking.target.memcheck
    extra = plan.filters + (["--memcheck", str(memcheck)] if memcheck > 0 else [])
    if plan.run_rest and check_engine(marking, "2", extra) and memcheck > 0:
        marking.facts.add("memcheck", "run")
