"""`python3 -m harness.check ARG...`: check-engine (scripts/check-engine)."""

import sys

from harness.check.engine import main

sys.exit(main(sys.argv[1:]))
