"""harness.check -- check-engine: any program against a game's golden
corpus, each worker keeping one sandbox box (harness.sandbox), every case
compared in-process; the report for people and results.tsv and junit.xml
for programs. Run as `python3 -m harness.check` (the door:
scripts/check-engine); src/check/README.md says every option and promise.

    engine       the whole check: options, selection, the run, the report
    options      the command line into a dataclass, checked
    worker       one worker: its box, a case run, compared, kept
    compare      a run against its golden files; the failure's report
    whitespace   only white space? (and where; also a command)
    judge        a run judged by the game's validator
    explain      a difference in the game's terms, a module per game
    report       the groups, the failures, the table
"""
