"""junit.py -- a submission's JUnit file, written by the project's one
JUnit writer (src/golden/junit.awk) from the test cases given as its TSV:
the compile, every case (a failure's text is its report) and the memory
check.
"""

import os
import subprocess

from harness import paths

from .rows import memcheck_findings, read_text, report_path

JUNIT_WRITER = str(paths.SRC / "golden" / "junit.awk")


def junit_field(text):
    """TEXT as a field of junit.awk's input: backslash, tab, newline escaped."""
    return str(text).replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def case_entries(row, cases, program):
    """(classname, name, verdict, message, text, file) per test case."""
    base = row["_base"]
    for case_id in cases:
        category = case_id.split("/")[0]
        verdict, symptom = row["_verdicts"].get(case_id, ("not run", ""))
        if verdict == "pass":
            yield (program + "." + category, case_id, "pass", "", "", "")
        elif verdict == "not run":
            yield (program + "." + category, case_id, "fail", "not run: " + row["reason"], "", "")
        else:
            rel = report_path(base, case_id)
            text = read_text(os.path.join(base, rel)) if rel else ""
            yield (program + "." + category, case_id, "fail", symptom, text, "")


def junit_cases(row, cases, args):
    """The submission's test cases: the compile, every case, the memory check."""
    base = row["_base"]
    program = args.program
    compile_text = read_text(os.path.join(base, "compile.txt"), 200000)
    compiled = row["compiled"] in ("yes", "binary", "interpreted")
    yield (program + ".compile", "compile", "pass" if compiled else "fail",
           "" if compiled else row["reason"], compile_text, "")
    yield from case_entries(row, cases, program)
    if args.memcheck > 0:
        if row["memcheck"] == "clean":
            yield (program + ".memcheck", "memcheck", "pass", "", "", "")
        elif row["memcheck"] == "findings":
            found = "\n".join("%s: %s" % (c, s) for c, s, _ in memcheck_findings(base))
            yield (program + ".memcheck", "memcheck", "fail", "%d of %d cases with findings"
                   % (row["memcheck_findings"], row["memcheck_cases"]), found, "")
        else:
            yield (program + ".memcheck", "memcheck", "skip", "memcheck not run", "", "")


def write_junit(row, cases, args):
    """DIR/submissions/NAME/junit.xml."""
    lines = "".join("\t".join(junit_field(f) for f in case) + "\n"
                    for case in junit_cases(row, cases, args))
    suite = "%s (%s, profile %s)" % (row["name"], args.program, args.profile)
    with open(os.path.join(row["_base"], "junit.xml"), "w", encoding="utf-8") as out:
        subprocess.run(["awk", "-F", "\t", "-v", "suite=" + suite.replace("\\", "\\\\"),
                        "-v", "seconds=%.1f" % row["seconds"], "-f", JUNIT_WRITER],
                       input=lines.encode("utf-8"), stdout=out, check=True)
