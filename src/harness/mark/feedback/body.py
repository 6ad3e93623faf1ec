"""body.py -- the plain text of a student's feedback e-mail and its
subject: the marks per part of the scheme, the mark, the days late and
the penalty, the final mark, what the program did, and the first
failures explained (failures.py), from the student's row of marks.json.
"""

import textwrap


def marks(value):
    return "%.2f" % float(value)


def subject(title, row):
    return "Feedback on %s: final mark %s of %s" % (title, marks(row["final_mark"]), marks(row["max_mark"]))


def part_lines(row):
    width = max([len(p["name"]) for p in row["parts"]] + [4])
    for part in row["parts"]:
        if part["kind"] == "manual":
            how = "marked by hand" if part.get("given") else "not marked yet (counts 0)"
        else:
            how = "%d of %d cases passed" % (part["passed"], part["total"])
        yield "  %-*s  %6s of %-6s  %s" % (width, part["name"], marks(part["score"]), marks(part["max_score"]), how)
        if part.get("description"):
            yield "  %-*s  (%s)" % (width, "", part["description"])


# Where a submission's time came from (harness.mark.report.lateness), in words.
SOURCE_WORDS = {"csv": "as recorded at submission", "files": "your files' newest time: none was recorded"}


def lateness_lines(row, deadline):
    """The deadline, the time of submission, the days late and the penalty."""
    if not deadline:
        yield "Days late: none counted (no deadline was set), no penalty"
        return
    yield "Deadline: %s" % deadline
    if row.get("submitted"):
        yield "Submitted: %s (%s)" % (row["submitted"], SOURCE_WORDS.get(row["submitted_from"], row["submitted_from"]))
    if row.get("late_days"):
        yield "Days late: %d, penalty %s" % (row["late_days"], marks(row["late_penalty"]))
    else:
        yield "Days late: 0, no penalty"


# What else the handout asks for (the report's deliverables), in words.
HANDED_IN = (("authorship", "Authorship declaration"), ("handed_output", "Your output.txt"),
             ("readme", "A readme.txt"))


def handed_in_lines(row):
    """The attempt marked, and what else was handed in (the declaration;
    HW4's output.txt and readme.txt), each with what was found."""
    if row.get("attempt_rule"):
        yield "Marked: " + row["attempt_rule"]
    for key, label in HANDED_IN:
        if row.get(key):
            detail = row.get(key + "_detail")
            yield "%s: %s%s" % (label, row[key], " (%s)" % detail if detail else "")


def program_lines(row):
    yield "Your program: %s; %d of %d cases passed (%.1f%%); memory check: %s" % (
        {"yes": "compiled", "no": "did not compile", "binary": "an executable handed in",
         "interpreted": "interpreted"}.get(row["compiled"], row["compiled"]),
        row["passed"], row["total"], row["percent"], row["memcheck"])
    if row.get("warnings"):
        yield "Compiler warnings: %d (on the page attached)" % row["warnings"]
    if row.get("reason"):
        yield from textwrap.wrap("Why: " + row["reason"], 76, subsequent_indent="  ")


def failure_lines(explained, failed, not_run):
    if not failed and not not_run:
        yield "Every case passed."
        return
    if failed:
        yield "The first failing case%s, in the corpus's order (%d of %d failing):" % (
            "" if len(explained) == 1 else "s", len(explained), failed)
    for number, failure in enumerate(explained, 1):
        yield "%3d. %s: %s" % (number, failure["id"], failure["symptom"])
        if failure["why"]:
            yield from textwrap.wrap("the case: " + failure["why"], 76, initial_indent="     ",
                                     subsequent_indent="     ")
    if failed > len(explained):
        yield "...and %d more failing case%s, each on the page attached." % (
            failed - len(explained), "" if failed - len(explained) == 1 else "s")
    if not_run:
        yield "%d case%s not run (each counts as failed)." % (not_run, " was" if not_run == 1 else "s were")


def text(title, entry, deadline, failures, attachment):
    """The e-mail's text; DEADLINE: the marks' (ISO 8601, or None);
    FAILURES: failures.first_failures's; ATTACHMENT: the page's file name."""
    explained, failed, not_run = failures
    row = entry["row"]
    lines = ["Hello %s," % entry["name"], ""]
    lines += textwrap.wrap("here is the feedback on your submission for %s, as it was marked." % title, 76)
    lines += ["", "Marks per part:"]
    lines += part_lines(row)
    lines += ["Mark: %s of %s" % (marks(row["mark"]), marks(row["max_mark"]))]
    lines += lateness_lines(row, deadline)
    if float(row.get("deduction") or 0):
        lines += ["Deducted: %s (see the note)" % marks(row["deduction"])]
    lines += ["Final mark: %s of %s" % (marks(row["final_mark"]), marks(row["max_mark"]))]
    if row.get("marks_note"):
        lines += ["Note: " + row["marks_note"]]
    if row.get("mark_change"):
        lines += [""] + textwrap.wrap(row["mark_change"], 76)
    handed_in = list(handed_in_lines(row))
    lines += ([""] + handed_in if handed_in else []) + [""] + list(program_lines(row)) + [""] + list(failure_lines(explained, failed, not_run))
    lines += [""] + textwrap.wrap("The page attached (%s) is your submission's report: every failing case "
                                  "with its reason, the command that runs it again and the differences from "
                                  "what was expected." % attachment, 76) + [""]
    return "\n".join(wrapped(lines))


def wrapped(lines, width=76):
    """LINES, each longer than WIDTH cut at spaces, its rest indented
    (plain text e-mail lines stay under 78 characters, unencoded)."""
    for line in lines:
        if len(line) <= width:
            yield line
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        yield from textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False,
                                 break_on_hyphens=False)
