"""pages.py -- the report's HTML pages, rendered from the templates in
templates/ (Jinja2, every value escaped): the class page and a page per
submission. Static, style and script inline: no external asset, no
network; they open from the file system. This module only gathers what
the templates show.
"""

import os
import re

import jinja2

from harness import games
from harness.cases import UNSTABLE
from harness.games import caseview

from .causes import class_counts, submission_causes, submission_evidence
from .marks import histogram
from .rows import memcheck_findings, read_text, report_path
from .scheme import ROUNDING_WORDS
from .similar import similar_by_name, similar_pairs

# A failing case's full report is shown inline for this many failures of a
# page; the others are links to their report files.
INLINE_REPORTS = 150
# The first this many of them are shown in the game's terms too.
CASE_VIEWS = 20

# The chart's geometry, in pixels: where the bars start, their full
# length, one row's height.
CHART = {"left": 170, "width": 440, "row": 22}
# The histogram's: the plot's left edge and height, a bar's width (the two
# side by side fit a window 1280 pixels wide).
HISTOGRAM = {"left": 30, "height": 160, "bar": 40}

# A submission's files the page links to, when present.
LINKED_FILES = (("compile.txt", "compiler's messages"), ("check-engine.txt", "check-engine's output"),
                ("junit.xml", "JUnit"), ("check/results.tsv", "every case's verdict"),
                ("skipped.txt", "files not copied (links, special files)"),
                ("deliverables/output.txt", "the program's output.txt for the input.txt"),
                ("deliverables/output.diff", "the handed-in output.txt against the program's"))
# What else a submission holds, on its page: (field, label), shown when found.
DELIVERABLE_FACTS = (("authorship", "authorship declaration"), ("handed_output", "handed-in output.txt"),
                     ("readme", "readme.txt"))
INPUT_WORDS = {"handed-in": "run on the handed-in input.txt", "handout": "no input.txt handed in: run on the "
               "handout's case 5 (testdata/draughts/examples/handout-case5.in)"}

TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")),
    autoescape=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def memcheck_text(row):
    """The memory check's verdict in words."""
    if row["memcheck"] == "findings":
        return "%d of %d with findings" % (row["memcheck_findings"], row["memcheck_cases"])
    if row["memcheck"] == "clean":
        return "clean (%d)" % row["memcheck_cases"]
    return row["memcheck"]


def marks_words(args, parts, deductions=()):
    """How the marks were made, in a sentence's parts."""
    words = ["scheme <%s>: %s" % (os.path.basename(args.scheme),
                                  ", ".join("%s %s" % (p["name"], p["marks"]) for p in parts)),
             "rounding: " + ROUNDING_WORDS]
    if args.deadline:
        words.append("deadline %s, %s marks a day or part day late" % (args.deadline, args.late_penalty))
    words += ["-%s for %s %s" % (d["marks"], d["name"].replace("_", " "), " or ".join(d["when"]))
              for d in deductions]
    return words


def deliverable_facts(row):
    """The page's lines for what else the submission holds."""
    lines = []
    for field, label in DELIVERABLE_FACTS:
        if row.get(field):
            words = [row.get(field + "_detail", ""), INPUT_WORDS.get(row["handed_input"], "")
                     if field == "handed_output" else ""]
            lines.append((label, "; ".join([row[field]] + [w for w in words if w])))
    if row.get("deduction"):
        lines.append(("deducted", "-%s (the scheme's deductions)" % row["deduction"]))
    return lines


def memcheck_run_words(rows, per_category):
    """What the memory check did in this run, in words: asked for, and
    run on how many of the submissions (Valgrind checks native programs:
    a Java or Python one, or one that did not build, is not checked)."""
    if not per_category:
        return "off"
    asked = "%d case%s per category under Valgrind" % (per_category, "" if per_category == 1 else "s")
    checked = sum(1 for r in rows if r["memcheck"] in ("clean", "findings"))
    if checked == len(rows):
        return asked
    if checked == 0:
        return "none ran (%s asked; %s)" % (asked, ", ".join(sorted({r["memcheck"] for r in rows})))
    return "%s, for %d of the %d submissions (the others: %s)" % (
        asked, checked, len(rows), ", ".join(sorted({r["memcheck"] for r in rows} - {"clean", "findings"})))


def class_page(rows, categories, rates, counted, args, scheme):
    """The class page's HTML: the marks table (name, final mark, mark,
    late, similarity flag first, then the parts and the verdicts: it fits
    a window 1280 pixels wide) and the per-category table."""
    parts = [p for p in scheme["parts"] if any(e["name"] == p["name"] for r in rows for e in r["parts"])]
    headings = (["name", "final", "mark", "late", "similar"] + [p["name"] for p in parts]
                + ["passed", "%", "memcheck", "reason"])
    detail_headings = (["name", "compiled", "warnings"] + [c for c, _ in categories]
                       + ["crashes", "hangs", "seconds"])
    pairs = similar_pairs(args.output)
    similar_of = similar_by_name(pairs, {r["name"]: r["folder"] for r in rows})
    return TEMPLATES.get_template("class.html").render(
        title="Marks: %s" % args.program, args=args, categories=categories, rates=rates,
        counted=counted, chart=CHART, headings=headings, detail_headings=detail_headings,
        memcheck_words=memcheck_run_words(rows, args.memcheck),
        rows=[dict(r, memcheck_text=memcheck_text(r), scored={e["name"]: e for e in r["parts"]},
                   similar_to=similar_of.get(r["name"], []), unstable=unstable_cases(r)) for r in rows],
        parts=parts, marks_words=marks_words(args, parts, scheme.get("deductions", [])), bins=histogram(rows),
        histogram_geometry=HISTOGRAM,
        similar=pairs, skeleton=args.base, causes=class_counts(rows),
        full=sum(1 for r in rows if r["total"] and r["passed"] == r["total"]),
        case_count=sum(t for _, t in categories))


def unstable_cases(row):
    """The cases check-engine found not deterministic (verdict unstable:
    two runs of the case differed), in the order of results.tsv."""
    return [case_id for case_id, (verdict, _) in row["_verdicts"].items() if verdict == UNSTABLE]


def symptom_groups(row, cases):
    """check-engine's grouping: the failing cases by symptom, largest group
    first, each with its categories and its cases in corpus order."""
    groups = {}
    for case_id, (verdict, symptom) in row["_verdicts"].items():
        if verdict != "pass":
            groups.setdefault(symptom or "no verdict", []).append(case_id)
    order = {case_id: index for index, case_id in enumerate(cases)}
    result = []
    for symptom, ids in sorted(groups.items(), key=lambda item: (-len(item[1]), item[0])):
        categories = []
        for case_id in ids:
            if case_id.split("/")[0] not in categories:
                categories.append(case_id.split("/")[0])
        result.append({"symptom": symptom, "ids": ids, "categories": categories,
                       "ordered": sorted(ids, key=lambda x: order.get(x, 0))})
    return result


def failure_entries(base, groups, game=None):
    """Each group's failures: id, reason, report link, and the report's text
    for the first INLINE_REPORTS of the page; with the GAME, the first
    CASE_VIEWS in the game's terms too (harness.games.caseview, from the
    run check-engine kept beside the report: check/N/outputs)."""
    inline = 0
    for group in groups:
        group["failures"] = []
        for case_id in group["ordered"]:
            rel = report_path(base, case_id)
            text = read_text(os.path.join(base, rel)) if rel else ""
            found = re.search(r"^reason: (.*)$", text, re.M)
            shown = bool(text) and inline < INLINE_REPORTS
            inline += shown
            view = None
            if shown and game is not None and inline <= CASE_VIEWS:
                output = os.path.join(base, rel.split(os.sep + "failures" + os.sep)[0])
                view = caseview.views(game, output, [case_id]).get(case_id)
            group["failures"].append({"id": case_id, "why": found.group(1) if found else "",
                                      "report": rel, "text": text, "inline": shown, "view": view})
    return groups


def program_words(base):
    """What the rerun lines run, in words, as it was kept for this
    submission: a native executable, a Java or Python program's folder,
    or nothing (it did not build)."""
    if os.path.isfile(os.path.join(base, "program")):
        return ("program", "is the executable that was checked")
    if os.path.isdir(os.path.join(base, "built")):
        return ("built/", "is the program's folder, as it was built and checked")
    return None


def submission_page(row, categories, cases, args, similar_to=()):
    """A submission's page's HTML; SIMILAR_TO: the submissions it was found
    similar to (similar.similar_by_name)."""
    base = row["_base"]
    facts = [("state", row["state"]), ("compiled", row["compiled"]), ("warnings", row["warnings"]),
             ("passed", "%d of %d (%.1f%%)" % (row["passed"], row["total"], row["percent"])),
             ("memory check", memcheck_text(row)), ("crashes", row["crashes"]), ("hangs", row["hangs"]),
             ("seconds", "%.1f" % row["seconds"]), ("marked on", row["host"] or "-"),
             ("reason", row["reason"] or "-")]
    facts[3:3] = [("mark", "%s of %s" % (row["mark"], row["max_mark"])),
                  ("late", "%d day%s, -%s" % (row["late_days"], "" if row["late_days"] == 1 else "s",
                                              row["late_penalty"]) if row["late_days"] else "no"),
                  ("final mark", "%s of %s" % (row["final_mark"], row["max_mark"])),
                  ("submitted", "%s (%s)" % (row["submitted"], row["submitted_from"]) if row["submitted"] else "-"),
                  ("attempt", "%s of %s: %s" % (row["attempt"], row["attempts"], row["attempt_rule"])
                   if row.get("attempt_rule") else "-"),
                  ("marks note", row["marks_note"] or "-")]
    facts[-1:-1] = deliverable_facts(row)
    compile_text = read_text(os.path.join(base, "compile.txt"), 20000)
    show_compile = bool(row["warnings"] or row["compiled"] == "no" and compile_text)
    return TEMPLATES.get_template("submission.html").render(
        title="%s: %s" % (row["name"], args.program), row=row, facts=facts, categories=categories,
        files=[(rel, label) for rel, label in LINKED_FILES if os.path.isfile(os.path.join(base, rel))],
        compile_text=compile_text if show_compile else "",
        groups=failure_entries(base, symptom_groups(row, cases), games.get(args.program)),
        folder=os.path.abspath(base), program_words=program_words(base), similar_to=similar_to,
        not_run=[c for c in cases if c not in row["_verdicts"]],
        findings=memcheck_findings(base), causes=submission_causes(base), unstable=unstable_cases(row),
        evidence=submission_evidence(base))
