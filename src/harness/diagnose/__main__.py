"""python3 -m harness.diagnose: the diagnosis (diagnosis.py; --help)."""
import sys

from harness.diagnose.diagnosis import main

sys.exit(main(sys.argv[1:]))
