"""`python3 -m harness.cases.bless ARG...`: bless (scripts/bless)."""

import sys

from harness.cases.bless.tool import main

sys.exit(main())
