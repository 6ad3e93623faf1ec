"""add-case (scripts/add-case): turns an input into a permanent golden
case: runs the engine, shows what it printed for review, and writes the
case's files, each whole (harness.cases.atomic), the .in last.

    options   the command line and the checks before anything runs
    review    what is shown of the run, and the command that reruns the case
    record    refusing an input some case already has; writing the files
    tool      main: the steps in order
"""
