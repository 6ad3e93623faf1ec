"""python3 -m harness.check.explain --program P REFERENCE INPUT EXPECTED ACTUAL LINE:
the explanation check-engine adds under a failure's diff, for a person."""

import sys
from pathlib import Path

from harness import games
from harness.check.explain import explain_failure

USAGE = """usage: python3 -m harness.check.explain --program checkers|draughts REFERENCE INPUT EXPECTED ACTUAL LINE
Prints a few plain lines that explain the first difference (at line LINE)
between EXPECTED, the reference's stdout on INPUT, and ACTUAL, another
program's; nothing when it has nothing to add. REFERENCE is the
reference engine (build/checkers or build/draughts), run with --explain.
"""


def main(args: list[str]) -> int:
    if args[:1] in (["--help"], ["-h"]):
        sys.stdout.write(USAGE)
        return 0
    if len(args) != 7 or args[0] != "--program" or args[1] not in games.names() or not args[6].isdigit():
        sys.stderr.write(USAGE)
        return 2
    program, reference, given, expected, actual, line = args[1:]
    sys.stdout.buffer.write(explain_failure(games.get(program).explain, reference, given, Path(expected).read_bytes(),
                                            Path(actual).read_bytes(), int(line)))
    return 0


sys.exit(main(sys.argv[1:]))
