"""harness.adequacy -- how well the corpus catches the catalogued faults
(`make adequacy PROGRAM=P`, `python3 -m harness.adequacy`): every faulted
reference of the catalogue (harness.diagnose) run on every case of the
corpus; a case catches a fault when the faulted reference fails it as
check-engine's profile would fail a program. Its files: `catches.py` (the
runs and the verdicts), `table.py` (the TSV and the summary), `page.py`
with `templates/` (the HTML page), `cli.py` (the command), `mutants.py`
(`--mutants N`: scripts/mutants' mutants as more faults), `bench.py` (its
time, for scripts/bench)."""
