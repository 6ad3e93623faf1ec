"""harness -- the logic of every tool around the two reference engines.

One package, one import root: the doors in scripts/ run it as
``PYTHONPATH=src /usr/bin/python3 -m harness.TOOL``; nothing in it changes
``sys.path``. Its parts, each a subpackage or module named for what it is:

- ``paths``: where the repository's parts are (the top folder, build/,
  testdata/), found from this package's own place.
- ``games``: one module per game (how its program is run, its judge, its
  categories and their minimums, its default visible categories, its
  deliverables, its line regions, its fault catalogue's place) and the
  registry that finds them by name.
- ``languages``: the languages a program may be handed in in, as named
  records.
- ``cases``: what a golden case is: its files, listing and selecting
  cases, results.tsv's one reader and one writer (by column name).
- ``check``, ``mark``, ``diagnose``, ``similarity``, ``gradescope``,
  ``serve``, ``bench``: the tools.

Its tests live in each part's ``tests/`` package and run with pytest
(``make unit``, part of ``make test``).
"""
