"""`python3 -m harness.mark.one ARG...`: mark's worker (src/mark/mark-one)."""

import sys

from harness.mark.one.worker import main

sys.exit(main(sys.argv[1:]))
