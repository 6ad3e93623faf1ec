"""harness.cases -- what a golden case is (ported from src/cases/cases.bash,
which the bash suites still source): a case's files, listing a corpus's
cases, the strict-only globs, selecting the ids a run checks, and
results.tsv, the verdict of every case of a run, with its one reader and
its one writer (by column name).

Its commands, each behind a door of scripts/: add_case (scripts/add-case)
and bless (scripts/bless), which run a case as cases.bash's corpus_run does
(run) and write its files whole (atomic), and stats (scripts/corpus-stats).

A case is a path prefix P, normally testdata/<category>/<name>:

  P.in      the input
  P.out     the expected stdout, byte for byte
  P.reason  one line: why this case exists
  P.status  the expected exit status, only when it is not 0
  P.err     the expected stderr, only when it is not empty
"""

from harness.cases.corpus import (
    Case,
    StrictOnlyGlob,
    categories,
    category_of,
    glob_source,
    list_ids,
    select_ids,
    strict_only,
    strict_only_globs,
    unknown_categories,
)
from harness.cases.results import (
    RESULTS_COLUMNS,
    UNSTABLE,
    ResultRow,
    ResultsError,
    read_results,
    Verdict,
    rows_for,
    write_results,
)
from harness.cases.status import describe_run, describe_status, out_of_space_mib, space_words

__all__ = [
    "Case", "StrictOnlyGlob", "categories", "category_of", "glob_source", "list_ids", "select_ids",
    "strict_only", "strict_only_globs", "unknown_categories",
    "RESULTS_COLUMNS", "UNSTABLE", "ResultRow", "ResultsError", "Verdict", "read_results", "rows_for",
    "write_results",
    "describe_run", "describe_status", "out_of_space_mib", "space_words",
]
