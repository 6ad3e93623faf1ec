"""harness.diagnose -- the likely cause of a program's failures: a
catalogue of faults (data: src/diagnose/faults/, each a patch of a
reference engine) built into faulted references, run on the program's
failing cases and ranked by how many each reproduces. Its commands:
``python3 -m harness.diagnose`` (the diagnosis), ``-m
harness.diagnose.build_faults``, ``-m harness.diagnose.check_catalogue``,
``-m harness.diagnose.bench``; src/diagnose/README.md says how."""
