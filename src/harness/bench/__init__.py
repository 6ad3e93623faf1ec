"""harness.bench -- `make bench` (scripts/bench, `python3 -m
harness.bench`): the engines', suites', checking's and marking's speeds
against the project's targets, and the components' own benchmarks as rows
of the same table (components.py)."""
