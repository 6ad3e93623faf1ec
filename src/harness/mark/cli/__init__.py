"""harness.mark.cli -- marking a class, `python3 -m harness.mark` (the door:
scripts/mark): the options (options.py, usage.py) checked with the tools
they need and the cases they choose (checks.py); the submissions taken in,
named, keyed and copied (submissions.py); their workers run here
(workers.py) or on other machines through GNU parallel (remote.py); then
the similarity check, the report and the feedback (run.py)."""
