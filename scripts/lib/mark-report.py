"""mark-report.py -- scripts/mark's report: from the rows its workers left in
DIR/submissions/*/result.tsv, writes DIR/marks.csv, DIR/marks.json, a JUnit
file per submission, the class page DIR/index.html and a page per
submission DIR/submissions/NAME/index.html. The pages are static HTML with
their style and script inline: no external asset, no network; they open
from the file system. Every text taken from a submission or a report is
escaped. Prints a line per submission and, last, the class's summary line.

usage: python3 scripts/lib/mark-report.py --output DIR --program P
       --profile PR --memcheck N --compile CMD
"""

import argparse
import csv
import html
import json
import os
import re
import sys

# A failing case's full report is shown inline for this many failures of a
# page; the others are links to their report files.
INLINE_REPORTS = 150


def read_tsv_rows(path):
    with open(path, encoding="utf-8", errors="replace", newline="") as f:
        lines = f.read().split("\n")
    return [line.split("\t") for line in lines[1:] if line]


def read_text(path, limit=None):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except OSError:
        return ""
    if limit is not None and len(text) > limit:
        text = text[:limit] + "\n... (cut; the whole file is linked above)\n"
    return text


def load_submission(out, folder, name, categories, cases):
    """The row of one submission, from its result.tsv (or, when missing,
    the row of a submission the run did not mark)."""
    base = os.path.join(out, "submissions", folder)
    row = {
        "name": name, "folder": folder, "state": "error", "compiled": "no",
        "warnings": 0, "errors": 0, "passed": 0, "total": sum(t for _, t in categories),
        "crashes": 0, "hangs": 0, "memcheck": "not run", "memcheck_cases": 0,
        "memcheck_findings": 0, "seconds": 0.0, "host": "",
        "reason": "not marked: the run was interrupted or its worker failed "
                  "(the same command with --resume marks it)",
        "categories": {c: {"passed": 0, "total": t} for c, t in categories},
    }
    result = os.path.join(base, "result.tsv")
    done = os.path.join(base, "done")
    if os.path.isfile(result) and os.path.isfile(done):
        with open(result, encoding="utf-8", errors="replace") as f:
            for line in f.read().split("\n"):
                fields = line.split("\t")
                if fields[0] == "category" and len(fields) == 4:
                    if fields[1] in row["categories"]:
                        row["categories"][fields[1]] = {"passed": int(fields[2]), "total": int(fields[3])}
                elif len(fields) == 2:
                    key, value = fields
                    if key in ("warnings", "errors", "passed", "total", "crashes", "hangs",
                               "memcheck_cases", "memcheck_findings"):
                        row[key] = int(value)
                    elif key == "seconds":
                        row[key] = float(value)
                    elif key in ("state", "compiled", "memcheck", "host", "reason"):
                        row[key] = value
    row["percent"] = round(100.0 * row["passed"] / row["total"], 1) if row["total"] else 0.0
    # Each case's verdict, symptom and report (for the page and JUnit).
    verdicts = {}
    results = os.path.join(base, "check", "results.tsv")
    if os.path.isfile(results):
        for fields in read_tsv_rows(results):
            if len(fields) >= 3:
                verdicts[fields[0]] = (fields[2], fields[3] if len(fields) > 3 else "")
    row["_verdicts"] = verdicts
    row["_base"] = base
    return row


def report_path(base, case_id):
    """The failure report of a case, relative to the submission's folder."""
    for run in ("1", "2"):
        rel = os.path.join("check", run, "failures", case_id + ".txt")
        if os.path.isfile(os.path.join(base, rel)):
            return rel
    return None


def memcheck_findings(base):
    """(case, summary, log path relative to the submission) per finding."""
    found = []
    text = read_text(os.path.join(base, "check-engine.txt"))
    for line in text.split("\n"):
        m = re.match(r"^  (\S+/\S+): (.*) \(log: (.*)\)$", line)
        if m:
            log = m.group(3)
            if not os.path.isfile(os.path.join(base, log)):
                log = None
            found.append((m.group(1), m.group(2), log))
    return found


# ------------------------------------------------------------------ CSV, JSON

def csv_header(categories):
    header = ["name", "compiled", "warnings"]
    for c, _ in categories:
        header += [c + "_passed", c + "_total"]
    header += ["passed", "total", "percent", "memcheck", "memcheck_findings", "memcheck_cases",
               "crashes", "hangs", "seconds", "state", "folder", "reason"]
    return header


def csv_row(row, categories):
    values = [row["name"], row["compiled"], row["warnings"]]
    for c, _ in categories:
        values += [row["categories"][c]["passed"], row["categories"][c]["total"]]
    values += [row["passed"], row["total"], "%.1f" % row["percent"], row["memcheck"],
               row["memcheck_findings"], row["memcheck_cases"], row["crashes"], row["hangs"],
               "%.1f" % row["seconds"], row["state"], row["folder"], row["reason"]]
    return values


def public(row):
    return {k: v for k, v in row.items() if not k.startswith("_") and k != "host"}


def class_rates(rows, categories):
    """Per category: the class's passed / total over the submissions that
    produced a program (one that does not compile fails every category
    alike, and would hide which part the class got wrong)."""
    rates = {}
    ran = [r for r in rows if r["compiled"] in ("yes", "binary") and r["state"] != "error"]
    for c, _ in categories:
        passed = sum(r["categories"][c]["passed"] for r in ran)
        total = sum(r["categories"][c]["total"] for r in ran)
        rates[c] = {"passed": passed, "total": total,
                    "percent": round(100.0 * passed / total, 1) if total else 0.0}
    return rates, len(ran)


# ---------------------------------------------------------------------- JUnit

def xml(text):
    text = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "", str(text))
    return html.escape(text, quote=True)


def write_junit(row, cases, args):
    base = row["_base"]
    lines = []
    tests = failures = skipped = 0
    out = []
    compile_text = read_text(os.path.join(base, "compile.txt"), 200000)
    tests += 1
    if row["compiled"] in ("yes", "binary"):
        out.append('  <testcase classname="%s.compile" name="compile"><system-out>%s</system-out></testcase>'
                   % (xml(args.program), xml(compile_text)))
    else:
        failures += 1
        out.append('  <testcase classname="%s.compile" name="compile"><failure message="%s">%s</failure></testcase>'
                   % (xml(args.program), xml(row["reason"]), xml(compile_text)))
    for case_id in cases:
        tests += 1
        category = case_id.split("/")[0]
        verdict, symptom = row["_verdicts"].get(case_id, ("not run", ""))
        head = '  <testcase classname="%s.%s" name="%s">' % (xml(args.program), xml(category), xml(case_id))
        if verdict == "pass":
            out.append(head + "</testcase>")
            continue
        failures += 1
        if verdict == "not run":
            out.append(head + '<failure message="not run: %s"></failure></testcase>' % xml(row["reason"]))
            continue
        rel = report_path(base, case_id)
        text = read_text(os.path.join(base, rel)) if rel else ""
        out.append(head + '<failure message="%s">%s</failure></testcase>' % (xml(symptom), xml(text)))
    if args.memcheck > 0:
        tests += 1
        head = '  <testcase classname="%s.memcheck" name="memcheck">' % xml(args.program)
        if row["memcheck"] == "clean":
            out.append(head + "</testcase>")
        elif row["memcheck"] == "findings":
            failures += 1
            found = "\n".join("%s: %s" % (c, s) for c, s, _ in memcheck_findings(base))
            out.append(head + '<failure message="%d of %d cases with findings">%s</failure></testcase>'
                       % (row["memcheck_findings"], row["memcheck_cases"], xml(found)))
        else:
            skipped += 1
            out.append(head + '<skipped message="memcheck not run"/></testcase>')
    lines.append('<?xml version="1.0" encoding="UTF-8"?>')
    lines.append('<testsuite name="%s (%s, profile %s)" tests="%d" failures="%d" skipped="%d" time="%.1f">'
                 % (xml(row["name"]), xml(args.program), xml(args.profile), tests, failures, skipped,
                    row["seconds"]))
    lines += out
    lines.append("</testsuite>")
    with open(os.path.join(base, "junit.xml"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


# ----------------------------------------------------------------------- HTML

STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; background: #fff; }
h1 { font-size: 1.5em; margin: 0 0 .3em; } h2 { font-size: 1.2em; margin-top: 1.5em; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { border: 1px solid #bbb; padding: 3px 6px; text-align: right; white-space: nowrap; }
th { background: #e8e8f0; }
table.sortable th { cursor: pointer; user-select: none; }
table.sortable th:hover { background: #d0d0e8; }
th[aria-sort=ascending]::after { content: " \\25B2"; }
th[aria-sort=descending]::after { content: " \\25BC"; }
td.name, td.text { text-align: left; } td.reason { text-align: left; white-space: normal; min-width: 16em; }
table.summary td { text-align: left; white-space: normal; max-width: 70em; }
.meta { color: #555; } pre { background: #f6f6f6; border: 1px solid #ddd; padding: .5em; overflow-x: auto; }
details { margin: .2em 0; } summary { cursor: pointer; }
.bad { color: #a00; font-weight: bold; } .good { color: #070; font-weight: bold; }
svg text { font: 12px system-ui, sans-serif; }
"""

SORT_SCRIPT = """
// Sorting: a click on a column's heading sorts by it (again: the other
// way); the page's address keeps the order (#sort=COLUMN or
// #sort=COLUMN-desc), so that a sorted view can be linked to.
function sortTable(table, column, ascending) {
  var heads = table.querySelectorAll('thead th');
  heads.forEach(function (h) { h.removeAttribute('aria-sort'); });
  heads[column].setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  function key(row) {
    var cell = row.cells[column];
    var value = cell.getAttribute('data-sort');
    if (value === null) value = cell.textContent;
    return /^-?[0-9]+(\\.[0-9]+)?$/.test(value.trim()) ? parseFloat(value) : value.toLowerCase();
  }
  var keyed = rows.map(function (row, i) { return [key(row), i, row]; });
  keyed.sort(function (a, b) {
    var x = a[0], y = b[0], order;
    if (typeof x === 'number' && typeof y === 'number') order = x - y;
    else order = String(x).localeCompare(String(y));
    if (!ascending) order = -order;
    return order || a[1] - b[1];
  });
  keyed.forEach(function (k) { body.appendChild(k[2]); });
}
document.querySelectorAll('table.sortable').forEach(function (table) {
  var heads = table.querySelectorAll('thead th');
  heads.forEach(function (th, column) {
    th.addEventListener('click', function () {
      var ascending = th.getAttribute('aria-sort') !== 'ascending';
      sortTable(table, column, ascending);
      if (table.id) history.replaceState(null, '', '#sort=' + encodeURIComponent(th.textContent) + (ascending ? '' : '-desc'));
    });
  });
});
(function () {
  var m = /^#sort=(.+?)(-desc)?$/.exec(decodeURIComponent(location.hash));
  var table = document.getElementById('marks');
  if (!m || !table) return;
  table.querySelectorAll('thead th').forEach(function (th, column) {
    if (th.textContent === m[1]) sortTable(table, column, !m[2]);
  });
})();
"""


def e(text):
    return html.escape(str(text), quote=True)


def colour(rate):
    """A cell's background: red (0) through yellow to green (1)."""
    return "hsl(%d, 75%%, 78%%)" % round(120 * rate)


def page(title, body, script=""):
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<title>%s</title>\n<style>%s</style>\n</head>\n<body>\n%s\n%s</body>\n</html>\n"
            % (e(title), STYLE, body, "<script>%s</script>\n" % script if script else ""))


def rate_cell(passed, total, attrs=""):
    if total == 0:
        return "<td%s>-</td>" % attrs
    rate = passed / total
    return ('<td%s data-sort="%.6f" style="background: %s" title="%d of %d passed">%d/%d</td>'
            % (attrs, rate, colour(rate), passed, total, passed, total))


def chart(categories, rates, counted):
    """An inline SVG bar chart: the class's pass rate per category."""
    bar_left, bar_width, row_height = 170, 560, 22
    height = row_height * len(categories) + 40
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img" '
             'aria-label="class pass rate per category">' % (bar_left + bar_width + 120, height)]
    for i, (c, total) in enumerate(categories):
        y = 10 + i * row_height
        rate = rates[c]["percent"] / 100.0
        parts.append('<text x="%d" y="%d" text-anchor="end">%s (%d)</text>'
                     % (bar_left - 8, y + 14, e(c), total))
        parts.append('<rect x="%d" y="%d" width="%d" height="%d" fill="#eee" stroke="#ccc"/>'
                     % (bar_left, y, bar_width, row_height - 6))
        parts.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %.1f%%</title></rect>'
                     % (bar_left, y, bar_width * rate, row_height - 6,
                        "hsl(%d, 70%%, 50%%)" % round(120 * rate), e(c), rates[c]["percent"]))
        parts.append('<text x="%d" y="%d">%.1f%%</text>' % (bar_left + bar_width + 8, y + 14, rates[c]["percent"]))
    y = 10 + len(categories) * row_height + 16
    for pct in (0, 50, 100):
        x = bar_left + bar_width * pct / 100
        parts.append('<text x="%d" y="%d" text-anchor="middle" fill="#666">%d%%</text>' % (x, y, pct))
    parts.append("</svg>")
    return ("<figure>\n%s\n<figcaption class=\"meta\">Cases passed per category, over the %d "
            "submissions that produced a program.</figcaption>\n</figure>" % ("\n".join(parts), counted))


def memcheck_text(row):
    if row["memcheck"] == "findings":
        return "%d of %d with findings" % (row["memcheck_findings"], row["memcheck_cases"])
    if row["memcheck"] == "clean":
        return "clean (%d)" % row["memcheck_cases"]
    return row["memcheck"]


def class_page(rows, categories, rates, counted, args):
    head = ["name", "compiled", "warnings"] + [c for c, _ in categories] + [
        "total", "%", "memcheck", "crashes", "hangs", "seconds", "reason"]
    out = ["<h1>Marks: %s, profile %s</h1>" % (e(args.program), e(args.profile))]
    full = sum(1 for r in rows if r["total"] and r["passed"] == r["total"])
    out.append('<p class="meta">%d submissions, %d with every case passed; %d cases each; compiled with '
               '<code>%s</code>; memory check: %s. Machine-readable: <a href="marks.csv">marks.csv</a>, '
               '<a href="marks.json">marks.json</a>. Click a column\'s heading to sort by it (the address keeps the order: '
               '<a href="index.html#sort=%%25-desc">best first</a>).</p>'
               % (len(rows), full, sum(t for _, t in categories), e(args.compile),
                  "%d case%s per category under Valgrind" % (args.memcheck, "" if args.memcheck == 1 else "s") if args.memcheck else "off"))
    out.append("<h2>The class's pass rate per category</h2>")
    out.append(chart(categories, rates, counted))
    out.append("<h2>Submissions</h2>")
    out.append('<table id="marks" class="sortable">\n<thead><tr>%s</tr></thead>\n<tbody>'
               % "".join('<th scope="col">%s</th>' % e(h) for h in head))
    for r in rows:
        cells = ['<td class="name"><a href="submissions/%s/index.html">%s</a></td>' % (e(r["folder"]), e(r["name"])),
                 '<td class="text">%s</td>' % e(r["compiled"]),
                 "<td>%d</td>" % r["warnings"]]
        for c, _ in categories:
            cells.append(rate_cell(r["categories"][c]["passed"], r["categories"][c]["total"]))
        cells.append(rate_cell(r["passed"], r["total"]))
        cells.append("<td>%.1f</td>" % r["percent"])
        cells.append('<td class="text" data-sort="%d">%s</td>'
                     % (r["memcheck_findings"] if r["memcheck"] in ("clean", "findings") else -1, e(memcheck_text(r))))
        cells.append("<td>%d</td>" % r["crashes"])
        cells.append("<td>%d</td>" % r["hangs"])
        cells.append("<td>%.1f</td>" % r["seconds"])
        cells.append('<td class="reason">%s</td>' % e(r["reason"]))
        out.append("<tr>%s</tr>" % "".join(cells))
    out.append("</tbody>\n</table>")
    return page("Marks: %s" % args.program, "\n".join(out), SORT_SCRIPT)


def symptom_groups(row):
    """check-engine's grouping: symptom -> ids, largest group first."""
    groups = {}
    for case_id, (verdict, symptom) in row["_verdicts"].items():
        if verdict != "pass":
            groups.setdefault(symptom or "no verdict", []).append(case_id)
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))


def submission_page(row, categories, cases, args):
    base = row["_base"]
    out = ['<p><a href="../../index.html">&larr; the class</a></p>',
           "<h1>%s</h1>" % e(row["name"])]
    out.append('<table class="summary">')
    facts = [("state", row["state"]), ("compiled", row["compiled"]), ("warnings", row["warnings"]),
             ("passed", "%d of %d (%.1f%%)" % (row["passed"], row["total"], row["percent"])),
             ("memory check", memcheck_text(row)), ("crashes", row["crashes"]), ("hangs", row["hangs"]),
             ("seconds", "%.1f" % row["seconds"]), ("marked on", row["host"] or "-"),
             ("reason", row["reason"] or "-")]
    for k, v in facts:
        out.append('<tr><th scope="row">%s</th><td class="text">%s</td></tr>' % (e(k), e(v)))
    out.append("</table>")
    links = []
    for rel, label in (("compile.txt", "compiler's messages"), ("check-engine.txt", "check-engine's output"),
                       ("junit.xml", "JUnit"), ("check/results.tsv", "every case's verdict"),
                       ("skipped.txt", "files not copied (links, special files)")):
        if os.path.isfile(os.path.join(base, rel)):
            links.append('<a href="%s">%s</a>' % (e(rel), e(label)))
    out.append("<p>Files: %s</p>" % ", ".join(links))
    compile_text = read_text(os.path.join(base, "compile.txt"), 20000)
    if row["warnings"] or row["compiled"] == "no" and compile_text:
        out.append("<h2>Compilation</h2>\n<pre>%s</pre>" % e(compile_text))
    out.append("<h2>Per category</h2>")
    out.append('<table class="sortable"><thead><tr><th>category</th><th>passed</th><th>%</th></tr></thead><tbody>')
    for c, _ in categories:
        p, t = row["categories"][c]["passed"], row["categories"][c]["total"]
        out.append('<tr><td class="name">%s</td>%s<td>%.1f</td></tr>'
                   % (e(c), rate_cell(p, t), 100.0 * p / t if t else 0))
    out.append("</tbody></table>")
    groups = symptom_groups(row)
    not_run = [c for c in cases if c not in row["_verdicts"]]
    if groups:
        out.append("<h2>Failures by symptom</h2>")
        out.append('<p class="meta">Each report\'s rerun line runs in this submission\'s folder, <code>%s</code>, '
                   'where <code>program</code> is the executable that was checked.</p>' % e(os.path.abspath(base)))
        out.append("<ul>")
        for i, (symptom, ids) in enumerate(groups):
            cats = []
            for case_id in ids:
                if case_id.split("/")[0] not in cats:
                    cats.append(case_id.split("/")[0])
            out.append('<li><a href="#group-%d">%d %s: %s</a> <span class="meta">(categories: %s; e.g. %s)</span></li>'
                       % (i, len(ids), "case" if len(ids) == 1 else "cases", e(symptom), e(" ".join(cats)), e(ids[0])))
        out.append("</ul>")
        inline = 0
        for i, (symptom, ids) in enumerate(groups):
            out.append('<h3 id="group-%d">%d %s: %s</h3>' % (i, len(ids), "case" if len(ids) == 1 else "cases", e(symptom)))
            for case_id in sorted(ids, key=lambda x: cases.index(x) if x in cases else 0):
                rel = report_path(base, case_id)
                text = read_text(os.path.join(base, rel)) if rel else ""
                m = re.search(r"^reason: (.*)$", text, re.M)
                why = m.group(1) if m else ""
                link = ' <a href="%s">report</a>' % e(rel) if rel else ""
                if text and inline < INLINE_REPORTS:
                    inline += 1
                    out.append("<details><summary><code>%s</code>: %s%s</summary><pre>%s</pre></details>"
                               % (e(case_id), e(why), link, e(text)))
                else:
                    out.append("<div><code>%s</code>: %s%s</div>" % (e(case_id), e(why), link))
    if not_run:
        out.append("<h2>Not run</h2>\n<p>%d cases were not run (%s); each counts as failed.</p>"
                   % (len(not_run), e(row["reason"] or row["state"])))
    findings = memcheck_findings(base)
    if findings:
        out.append("<h2>Memory check</h2>\n<ul>")
        for case_id, summary, log in findings:
            link = ' (<a href="%s">Valgrind log</a>)' % e(log) if log else ""
            out.append("<li><code>%s</code>: %s%s</li>" % (e(case_id), e(summary), link))
        out.append("</ul>")
    return page("%s: %s" % (row["name"], args.program), "\n".join(out), SORT_SCRIPT)


def main():
    parser = argparse.ArgumentParser(prog="scripts/lib/mark-report.py")
    parser.add_argument("--output", required=True)
    parser.add_argument("--program", required=True)
    parser.add_argument("--profile", required=True)
    parser.add_argument("--memcheck", type=int, default=0)
    parser.add_argument("--compile", default="")
    args = parser.parse_args()
    out = args.output
    categories = [(f[0], int(f[1])) for f in read_tsv_rows(os.path.join(out, "categories.tsv"))]
    with open(os.path.join(out, "cases.txt"), encoding="utf-8") as f:
        cases = [line for line in f.read().split("\n") if line]
    rows = [load_submission(out, f[0], f[1] if len(f) > 1 else f[0], categories, cases)
            for f in read_tsv_rows(os.path.join(out, "run.tsv"))]
    rates, counted = class_rates(rows, categories)

    with open(os.path.join(out, "marks.csv"), "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(csv_header(categories))
        for r in rows:
            writer.writerow(csv_row(r, categories))
    document = {
        "program": args.program, "profile": args.profile, "compile": args.compile,
        "memcheck_per_category": args.memcheck,
        "categories": [{"name": c, "total": t} for c, t in categories],
        "class_pass_rate": rates,
        "submissions": [public(r) for r in rows],
    }
    with open(os.path.join(out, "marks.json"), "w", encoding="utf-8") as f:
        json.dump(document, f, indent=1, ensure_ascii=False)
        f.write("\n")
    for r in rows:
        os.makedirs(r["_base"], exist_ok=True)
        write_junit(r, cases, args)
        with open(os.path.join(r["_base"], "index.html"), "w", encoding="utf-8") as f:
            f.write(submission_page(r, categories, cases, args))
    with open(os.path.join(out, "index.html"), "w", encoding="utf-8") as f:
        f.write(class_page(rows, categories, rates, counted, args))

    width = max([len(r["name"]) for r in rows] + [10])
    for r in rows:
        print("  %-*s  %-12s %5d/%-5d %3d warnings  memcheck %-14s %s"
              % (width, r["name"], r["state"], r["passed"], r["total"], r["warnings"], memcheck_text(r),
                 r["reason"][:100]))
    states = {}
    for r in rows:
        states[r["state"]] = states.get(r["state"], 0) + 1
    full = sum(1 for r in rows if r["total"] and r["passed"] == r["total"])
    passed = sum(r["passed"] for r in rows)
    total = sum(r["total"] for r in rows)
    print("mark: %d submissions: %s; %d with every case passed; class pass rate %.1f%%"
          % (len(rows), ", ".join("%d %s" % (n, s) for s, n in sorted(states.items())), full,
             100.0 * passed / total if total else 0.0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
