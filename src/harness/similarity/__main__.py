"""python3 -m harness.similarity: scripts/similarity (cli.py; --help). What
it needs is checked first, each said in one line with its Debian package:
Jinja2 for the pages, pycparser for C's structure, similarity-tester's
sim_c and its kin."""
import importlib.util
import shutil
import sys

NEEDS = (
    (lambda: importlib.util.find_spec("jinja2") is not None,
     "similarity: needs a Python 3 with Jinja2 (apt-get install python3-jinja2)"),
    (lambda: importlib.util.find_spec("pycparser") is not None,
     "similarity: needs a Python 3 with pycparser (apt-get install python3-pycparser)"),
    (lambda: shutil.which("sim_c") is not None,
     "similarity: needs Debian's similarity-tester (apt-get install similarity-tester)"),
)


def missing():
    """The first need not met, or None."""
    return next((said for met, said in NEEDS if not met()), None)


if __name__ == "__main__":
    if missing():
        print(missing(), file=sys.stderr)
        sys.exit(2)
    from harness.similarity.cli import main  # (after the check: it needs Jinja2)

    sys.exit(main(sys.argv[1:]))
