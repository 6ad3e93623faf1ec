"""`python3 -m harness.cases.add_case ARG...`: add-case (scripts/add-case)."""

import sys

from harness.cases.add_case.tool import main

sys.exit(main())
