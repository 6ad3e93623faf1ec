"""python3 -m harness.mark -- marks a class (scripts/mark is its door;
--help): harness.mark.cli."""

import sys

from harness.mark.cli.run import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
