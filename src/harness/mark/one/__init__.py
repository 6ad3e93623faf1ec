"""harness.mark.one -- scripts/mark's worker (src/mark/mark-one, its
door): marks ONE submission, submissions/NAME/sources of the current
folder, and writes beside it what its usage lists (options.py): the
program chosen or built (program.py), check-engine's runs after a smoke
test for a hanging program and the memory check (checking.py), HW4's
deliverables (handed.py), the facts (facts.py) made into result.tsv by
harness.mark.result_row, then `done`; prints one line: NAME, state,
passed/total, warnings, seconds (scripts/mark reads it).

    python3 -m harness.mark.one [options] NAME
"""
