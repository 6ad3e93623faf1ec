"""junit.py -- a submission's JUnit file, written by the package's JUnit
writer (harness.junit, the same form as the golden suites') from its test
cases: the compile, every case (a failure's text is its report) and the
memory check.
"""

import os
from pathlib import Path

from harness import junit

from .rows import memcheck_findings, read_text, report_path


def case_entries(row, cases, program):
    """A junit.TestCase per case."""
    base = row["_base"]
    for case_id in cases:
        category = case_id.split("/")[0]
        verdict, symptom = row["_verdicts"].get(case_id, ("not run", ""))
        if verdict == "pass":
            yield junit.TestCase(program + "." + category, case_id, "pass")
        elif verdict == "not run":
            yield junit.TestCase(program + "." + category, case_id, "fail", "not run: " + row["reason"])
        else:
            rel = report_path(base, case_id)
            text = read_text(os.path.join(base, rel)) if rel else ""
            yield junit.TestCase(program + "." + category, case_id, "fail", symptom, text)


def junit_cases(row, cases, args):
    """The submission's test cases: the compile, every case, the memory check."""
    base = row["_base"]
    program = args.program
    compile_text = read_text(os.path.join(base, "compile.txt"), 200000)
    compiled = row["compiled"] in ("yes", "binary", "interpreted")
    yield junit.TestCase(program + ".compile", "compile", "pass" if compiled else "fail",
                         "" if compiled else row["reason"], compile_text)
    yield from case_entries(row, cases, program)
    if args.memcheck > 0:
        if row["memcheck"] == "clean":
            yield junit.TestCase(program + ".memcheck", "memcheck", "pass")
        elif row["memcheck"] == "findings":
            found = "\n".join("%s: %s" % (c, s) for c, s, _ in memcheck_findings(base))
            yield junit.TestCase(program + ".memcheck", "memcheck", "fail", "%d of %d cases with findings"
                                 % (row["memcheck_findings"], row["memcheck_cases"]), found)
        else:
            yield junit.TestCase(program + ".memcheck", "memcheck", "skip", "memcheck not run")


def write_junit(row, cases, args):
    """DIR/submissions/NAME/junit.xml."""
    suite = "%s (%s, profile %s)" % (row["name"], args.program, args.profile)
    junit.write(Path(row["_base"]) / "junit.xml", suite, junit_cases(row, cases, args),
                float("%.1f" % row["seconds"]))
