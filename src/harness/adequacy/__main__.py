"""python3 -m harness.adequacy: the corpus against the fault catalogue (cli.py; --help)."""
import sys

from harness.adequacy.cli import main

sys.exit(main(sys.argv[1:]))
