"""validate_results.py -- checks a results.json against Gradescope's
autograder specification (https://gradescope-autograders.readthedocs.io/en/latest/specs/,
"Output format", "Controlling test case visibility", "Test case status",
"Output string formatting"), written from the specification, not from
results.py: every key's name, type and allowed values; then what our
autograder promises beyond it (every test named, scored and with a status
that agrees with its score). Test code, run by test_results.py and by
gradescope.bats:

    PYTHONPATH=src python3 -m harness.gradescope.tests.validate_results results.json
        # prints each problem; exit 1 if any
"""

import json
import numbers
import sys

VISIBILITIES = {"hidden", "after_due_date", "after_published", "visible"}
FORMATS = {"text", "html", "simple_format", "md", "ansi"}
STATUSES = {"passed", "failed"}


def is_number(value):
    return isinstance(value, numbers.Real) and not isinstance(value, bool)


def is_string(value):
    return isinstance(value, str)


def one_of(allowed):
    return lambda value: value in allowed


def string_list(value):
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


TOP_LEVEL = {
    "score": is_number, "execution_time": is_number, "output": is_string,
    "output_format": one_of(FORMATS), "test_output_format": one_of(FORMATS),
    "test_name_format": one_of(FORMATS), "visibility": one_of(VISIBILITIES),
    "stdout_visibility": one_of(VISIBILITIES), "extra_data": lambda v: isinstance(v, dict),
    "tests": lambda v: isinstance(v, list), "leaderboard": lambda v: isinstance(v, list),
}
TEST = {
    "score": is_number, "max_score": is_number, "status": one_of(STATUSES), "name": is_string,
    "name_format": one_of(FORMATS), "number": is_string, "output": is_string,
    "output_format": one_of(FORMATS), "tags": string_list, "visibility": one_of(VISIBILITIES),
    "extra_data": lambda v: isinstance(v, dict),
}
# What our autograder writes every time, beyond the specification's minimum.
OURS_TOP = ("score", "execution_time", "output", "visibility", "stdout_visibility", "tests")
OURS_TEST = ("name", "score", "max_score", "status", "output", "visibility")


def check_keys(where, document, allowed, required):
    problems = []
    for key, value in document.items():
        if key not in allowed:
            problems.append("%s: %r is not a key of the specification" % (where, key))
        elif not allowed[key](value):
            problems.append("%s: %r has a value the specification does not allow: %r" % (where, key, value))
    problems += ["%s: no %r" % (where, key) for key in required if key not in document]
    return problems


def check_test(i, test):
    where = "tests[%d]" % i
    if not isinstance(test, dict):
        return ["%s is not an object" % where]
    problems = check_keys(where, test, TEST, OURS_TEST)
    score, max_score = test.get("score"), test.get("max_score")
    if is_number(score) and is_number(max_score):
        if not 0 <= score <= max_score:
            problems.append("%s: score %s outside 0..%s" % (where, score, max_score))
        expected = "passed" if score >= max_score else "failed"
        if test.get("status") != expected:
            problems.append("%s: status %r but score %s of %s" % (where, test.get("status"), score, max_score))
    return problems


def validate(document):
    """Every problem of DOCUMENT (a parsed results.json), as text."""
    if not isinstance(document, dict):
        return ["the top level is not an object"]
    problems = check_keys("top level", document, TOP_LEVEL, OURS_TOP)
    tests = document.get("tests") if isinstance(document.get("tests"), list) else []
    if "score" not in document and not all(isinstance(t, dict) and "score" in t for t in tests):
        problems.append("no top-level score and a test without one (the specification needs either)")
    for i, test in enumerate(tests):
        problems += check_test(i, test)
    scores = [t.get("score") for t in tests if isinstance(t, dict)]
    if tests and all(is_number(s) for s in scores) and is_number(document.get("score")):
        if abs(sum(scores) - document["score"]) > 1e-9:
            problems.append("top-level score %s is not the tests' sum %s" % (document["score"], sum(scores)))
    return problems


def main(path):
    with open(path, encoding="utf-8") as f:
        problems = validate(json.load(f))
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
