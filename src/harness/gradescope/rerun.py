"""rerun.py -- a rerun of a failing case that a student can type: the
reports mark writes name the corpus's files (testdata/...), which a
student does not have, so on Gradescope the case's input travels in the
command itself, as a printf(1) that writes its bytes exactly, piped into
the program (a game that reads stdin) or written to input.txt (a game
run as `PROGRAM input.txt output.txt`, GAME_RUN_MODE graded).
"""

import os
import re

# Inputs longer than this are not put in a command (a page of printf).
INPUT_SHOWN = 1500
PROGRAM_NOTE = ("(./program: your program, built as the handout says; e.g. ./hw4, "
                "java hw4 or python3 hw4.py)")
CORPUS_RERUN = re.compile(r"^\s*#?\s*rerun:")


def printf_command(data):
    """printf(1) with a format that writes the bytes of DATA exactly, in
    single quotes: a quote, a backslash, a % and every byte that is not
    printable ASCII escaped."""
    out = []
    for byte in data:
        char = chr(byte)
        if char == "\n":
            out.append("\\n")
        elif char == "\\":
            out.append("\\\\")
        elif char == "%":
            out.append("%%")
        elif char == "'":
            out.append("'\\''")
        elif 32 <= byte < 127:
            out.append(char)
        else:
            out.append("\\%03o" % byte)
    return "printf '%s'" % "".join(out)


def student_rerun(root, program, case_id, run_mode):
    """The lines that tell how to run CASE_ID of PROGRAM's corpus (under
    ROOT/testdata) without the corpus; none when its input is missing."""
    try:
        with open(os.path.join(root, "testdata", program, case_id + ".in"), "rb") as f:
            data = f.read()
    except OSError:
        return []
    if len(data) > INPUT_SHOWN:
        return ["rerun:  (its input is %d bytes, too long to show here)" % len(data)]
    if run_mode == "graded":
        command = "%s > input.txt && ./program input.txt output.txt; cat output.txt" % printf_command(data)
    else:
        command = "%s | ./program" % printf_command(data)
    return ["rerun:  " + command, "        " + PROGRAM_NOTE]


def with_student_rerun(report, rerun):
    """REPORT with its corpus rerun lines replaced by RERUN (at the first
    one's place; after the report's first line when it has none)."""
    lines = report.split("\n")
    kept = [line for line in lines if not CORPUS_RERUN.match(line)]
    at = next((i for i, line in enumerate(lines) if CORPUS_RERUN.match(line)), min(1, len(lines)))
    return "\n".join(kept[:at] + rerun + kept[at:])
