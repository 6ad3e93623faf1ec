"""A case judged by the game's output validator (Game.judge, the Kattis
interface: exit 42 accepted, 43 wrong) instead of compared byte for byte:
the assignment profile of a game whose handout leaves the output's order
and spacing open (draughts: src/draughts-judge, JUDGE.md). A rejection's
symptom is the fault in the game's terms (Game.judge_faults)."""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from harness.cases import Case, describe_run
from harness.check.compare import Actual, Settings, shell_quote

ACCEPTED, WRONG = 42, 43
_AT_LINE = re.compile(r".* at output line ([0-9]*):$")


@dataclass(frozen=True)
class Judged:
    """A judged run: PASSED, else its code, phrase and report; MESSAGE the
    judge's own bytes (judgemessage.txt) when it rejected the output, kept
    for the diagnosis (worker.keep_run), else None."""

    passed: bool
    code: str = ""
    phrase: str = ""
    report: bytes = b""
    message: Optional[bytes] = None


def cut(text: str, most: int) -> str:
    """TEXT, or when longer than MOST its words up to MOST - 3 characters
    and `...`, never cut inside a backquoted piece."""
    if len(text) <= most:
        return text
    text = text[:most - 3]
    text = text.rsplit(" ", 1)[0] if " " in text else text
    while text.count("`") % 2 and " " in text:
        text = text.rsplit(" ", 1)[0]
    return (text[:-1] if text[-1:] in ",;:" else text) + "..."


def judge_symptom(faults: list[tuple[str, str]], message: str) -> str:
    """The symptom of a rejection whose message is MESSAGE: the fault of
    the rule its `required:` line names; a rule the table lacks, itself, cut."""
    lines = message.split("\n")
    rule = next((line[len("required: "):] for line in lines if line.startswith("required: ")), "")
    if not rule:
        rule = re.sub(r" in case [0-9].*", "", lines[0] if lines else "")
    for prefix, fault in faults:
        if rule.startswith(prefix):
            return f"judge: {fault}"
    return f"judge: {cut(rule.split(': ', 1)[0], 100)}"


def judge_report(judge: str, case: Case, actual: Actual, settings: Settings, text: str) -> bytes:
    """A failure's report: the case, how to rerun and judge it, TEXT, and
    output.txt's lines up to the one the judge names (the first ten when
    it names none), numbered."""
    quoted = shell_quote(str(case.prefix))
    lines = [f"case:   {case.id}", f"reason: {case.reason()}",
             f"rerun:  cp {quoted}.in input.txt && {settings.run_command} input.txt output.txt",
             f"judge:  mkdir -p feedback && {shell_quote(judge)} {quoted}.in {quoted}.out feedback < output.txt; "
             "cat feedback/judgemessage.txt", text]
    report = "".join(line + "\n" for line in lines).encode()
    if not actual.out:
        return report
    line = next((int(m.group(1)) for m in map(_AT_LINE.match, text.split("\n")) if m and m.group(1)), 10)
    report += b"output.txt, lines %d-%d:\n" % (line - 8 if line > 8 else 1, line + 1)
    output_lines = actual.out.split(b"\n")
    if output_lines and output_lines[-1] == b"":
        output_lines.pop()
    for number in range(max(line - 8, 1), min(line + 1, len(output_lines)) + 1):
        report += b"%6d  " % number + output_lines[number - 1] + b"\n"
    return report


def judge_one(judge: str, faults: list[tuple[str, str]], case: Case, actual: Actual, settings: Settings,
              feedback: Path) -> Judged:
    """The run ACTUAL of CASE judged by JUDGE (FEEDBACK: a folder of the worker's own)."""
    if actual.status > 128 or actual.status == 124 or not actual.out:
        said = describe_run(actual.status, actual.err, settings.timeout)
        text = f"nothing to judge: the program's run ended with {said}" + \
            ("" if actual.out else ", output.txt empty or missing")
        return Judged(False, report=judge_report(judge, case, actual, settings, text))
    feedback.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([judge, str(case.path(".in")), str(case.path(".out")), str(feedback)],
                          input=actual.out, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    if done.returncode == ACCEPTED:
        return Judged(True)
    if done.returncode == WRONG:
        raw = (feedback / "judgemessage.txt").read_bytes()
        message = raw.decode("utf-8", errors="replace").rstrip("\n")
        return Judged(False, "judge", judge_symptom(faults, message),
                      judge_report(judge, case, actual, settings, message), raw)
    phrase = f"the judge gave no verdict (exit status {done.returncode})"
    first = done.stderr.decode("utf-8", "replace").split("\n", 1)[0]
    return Judged(False, "judge-error", phrase, judge_report(judge, case, actual, settings, f"{phrase}: {first}"))
