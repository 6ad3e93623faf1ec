"""harness.mark -- marking a class (scripts/mark; its bash steps are in
src/mark/): what a worker's row is made of (result_row, deliverables,
authorship), the class's roster (roster, the service's too), the
submissions taken in (intake), the report (report) and the feedback
e-mails (feedback). Each runs as `python3 -m harness.mark.X` with src on
PYTHONPATH.
"""
