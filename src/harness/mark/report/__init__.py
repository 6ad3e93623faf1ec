"""harness.mark.report -- scripts/mark's report: from the rows its workers left in
DIR/submissions/*/result.tsv, writes DIR/marks.csv, DIR/marks.json, a JUnit
file per submission (through the project's one JUnit writer), the class
page DIR/index.html and a page per submission
DIR/submissions/NAME/index.html (HTML from the templates in templates/).

Run as `python3 -m harness.mark.report` with src on PYTHONPATH (scripts/mark
does). Modules: rows (reading the workers' files), tables (CSV, JSON and
the lines printed), junit, pages (the HTML), __main__ (the command).
"""
