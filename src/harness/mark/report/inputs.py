"""inputs.py -- the marking's inputs, read and checked together: the
scheme (every case of the run in a part), the deadline, the late
penalty and the manual marks (the submission times and extensions:
src/harness/mark/intake, run before the report). scripts/mark
runs this module before it marks anything, so that a bad option or file
stops the run at once (exit 2, the file and line named), not after the
class was marked; the report reads them again the same way.

usage: python3 -m harness.mark.report.inputs --scheme FILE --cases FILE
           [--deadline TIME] [--late-penalty MARKS] [--manual CSV]
"""

import argparse
import sys
from decimal import Decimal, InvalidOperation

from .lateness import Lateness, LatenessError
from .manual import ManualError, read_manual
from .scheme import SchemeError, case_parts, load_scheme


class InputError(Exception):
    """An option or input file that cannot be used, said for people."""


def load_inputs(scheme_path, cases, deadline="", late_penalty="2", manual_path=""):
    """(scheme, {case: part}, Lateness, {name: {part: Decimal}}); raises
    InputError naming the option, and the file and line where there is one."""
    try:
        scheme = load_scheme(scheme_path)
        owner = case_parts(scheme, cases)
    except (SchemeError, OSError) as error:
        raise InputError("--scheme: %s" % error) from None
    try:
        if Decimal(late_penalty) < 0:
            raise InvalidOperation
    except InvalidOperation:
        raise InputError("--late-penalty '%s' is not a number of marks" % late_penalty) from None
    try:
        lateness = Lateness(deadline, late_penalty)
    except LatenessError as error:
        raise InputError("--deadline: %s" % error) from None
    try:
        manual = read_manual(manual_path, scheme) if manual_path else {}
    except ManualError as error:
        raise InputError("--manual: %s" % error) from None
    return scheme, owner, lateness, manual


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python3 -m harness.mark.report.inputs")
    parser.add_argument("--scheme", required=True)
    parser.add_argument("--cases", required=True, help="a file of the run's case ids, one a line")
    parser.add_argument("--deadline", default="")
    parser.add_argument("--late-penalty", default="2")
    parser.add_argument("--manual", default="")
    args = parser.parse_args(argv)
    with open(args.cases, encoding="utf-8") as f:
        cases = [line for line in f.read().split("\n") if line]
    try:
        load_inputs(args.scheme, cases, args.deadline, args.late_penalty, args.manual)
    except InputError as error:
        print("mark: %s" % error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
