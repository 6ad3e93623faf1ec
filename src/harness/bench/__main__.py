"""python3 -m harness.bench: scripts/bench (bench.py; --help)."""
import sys

from harness.bench.bench import main

sys.exit(main(sys.argv[1:]))
