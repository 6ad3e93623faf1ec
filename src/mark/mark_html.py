"""mark_html.py -- scripts/mark's HTML pages: the class page (a row per
submission, each category's cell coloured by its pass rate, sortable, a
chart of the class's pass rate per category) and a page per submission
(its symptom groups, each failing case with reason, rerun command and
diff). Static, style and script inline: no external asset, no network.
Every text taken from a submission or a report is escaped.
"""

import html
import os
import re

from mark_rows import memcheck_findings, read_text, report_path

# A failing case's full report is shown inline for this many failures of a
# page; the others are links to their report files.
INLINE_REPORTS = 150

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
