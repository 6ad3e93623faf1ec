"""options.py -- scripts/mark's command line read into Options, as the
shell read it: an option's value is the next word, whatever it begins with,
and never empty; options and SUBMISSIONs in any order, `--` ending the
options; the first unknown option stops the run (exit 2, with the usage).
Values are kept as given (the text of the options is part of every key);
checks.py judges them."""

from __future__ import annotations

import sys
from dataclasses import dataclass

from harness import games, paths

from .usage import usage

# The options of scripts/feedback that scripts/mark passes on, with a value; --dry-run without.
FEEDBACK = ("--roster", "--feedback", "--feedback-from", "--assignment", "--failures", "--send-feedback",
            "--smtp-user", "--smtp-password-file", "--smtp-cafile", "--smtp-timeout")


class Stop(Exception):
    """The run stops: MESSAGE (printed "mark: MESSAGE" when not empty) and its exit STATUS."""

    def __init__(self, message: str, status: int = 2) -> None:
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Lateness:
    """When each student handed in (--submitted, --extensions) against
    --deadline, and the marks a day late costs (--late-penalty)."""

    deadline: str = ""
    submitted: str = ""
    extensions: str = ""
    penalty: str = "2"


@dataclass(frozen=True)
class Similarity:
    """--similarity: every pair of the class compared, above
    --similarity-threshold, less the code every student was given (--base)."""

    wanted: bool = False
    threshold: str = ""
    bases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Remote:
    """--sshloginfile: the workers on those machines, through GNU parallel,
    with the repository at --remote-repo there."""

    sshloginfile: str = ""
    repo: str = str(paths.ROOT)


@dataclass(frozen=True)
class Options:
    program: str = games.DEFAULT
    profile: str = ""
    compile: str = ""
    memcheck: str = "1"
    output: str = str(paths.BUILD / "mark")
    jobs: str = ""
    check_jobs: str = "1"
    timeout: str = "10"
    compile_timeout: str = "60"
    resume: bool = False
    sandbox: bool = True
    remote: Remote = Remote()
    compare: str = "exact"
    scheme: str = ""
    manual: str = ""
    lateness: Lateness = Lateness()
    similarity: Similarity = Similarity()
    feedback_args: tuple[str, ...] = ()
    old_standards: bool = True
    wanted: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    submissions: tuple[str, ...] = ()


# --OPTION VALUE: the field it sets; a field of a tuple gains the value.
VALUED = {"--program": "program", "--profile": "profile", "--compile": "compile", "--memcheck": "memcheck",
          "--compare": "compare", "--scheme": "scheme", "--manual": "manual", "--deadline": "lateness.deadline",
          "--submitted": "lateness.submitted", "--extensions": "lateness.extensions",
          "--late-penalty": "lateness.penalty", "--similarity-threshold": "similarity.threshold",
          "--base": "similarity.bases", "--output": "output",
          "--jobs": "jobs", "--check-jobs": "check_jobs", "--timeout": "timeout",
          "--compile-timeout": "compile_timeout", "--category": "wanted", "--exclude": "excluded",
          "--sshloginfile": "remote.sshloginfile", "--remote-repo": "remote.repo"}
# --FLAG: the field and the value it sets.
FLAGS = {"--similarity": ("similarity.wanted", True), "--resume": ("resume", True), "--no-sandbox": ("sandbox", False),
         "--no-old-standards": ("old_standards", False)}


def parse(argv: list[str]) -> Options:
    """ARGV into Options; --help prints the usage and stops (status 0)."""
    values: dict = {"similarity.bases": [], "wanted": [], "excluded": [], "feedback_args": [], "submissions": []}
    at = 0
    while at < len(argv):
        word = argv[at]
        if word in ("--help", "-h"):
            sys.stdout.write(usage())
            raise Stop("", 0)
        if word in VALUED or word in FEEDBACK:
            if at + 1 >= len(argv) or not argv[at + 1]:
                raise Stop("%s needs a value" % word)
            _set(values, VALUED.get(word), word, argv[at + 1])
            at += 2
        elif word in FLAGS or word == "--dry-run":
            _set(values, *FLAGS.get(word, (None, word)))
            at += 1
        elif word == "--":
            values["submissions"] += argv[at + 1:]
            break
        elif word.startswith("-") and len(word) > 1:
            sys.stderr.write("mark: unknown option '%s'\n%s" % (word, usage()))
            raise Stop("", 2)
        else:
            values["submissions"].append(word)
            at += 1
    return built(values)


# The groups of Options, by the prefix of their fields' names in VALUED and FLAGS.
GROUPS = {"lateness": Lateness, "similarity": Similarity, "remote": Remote}


def built(values: dict) -> Options:
    """Options from VALUES (field names, a group's as "group.field"; lists
    become tuples)."""
    plain = {name: tuple(value) if isinstance(value, list) else value for name, value in values.items()}
    groups = {group: kind(**{name.split(".", 1)[1]: value for name, value in plain.items()
                             if name.startswith(group + ".")}) for group, kind in GROUPS.items()}
    return Options(**{name: value for name, value in plain.items() if "." not in name}, **groups)


def _set(values: dict, name: str | None, *given) -> None:
    """One option's value into VALUES: a field, a field's list, or (NAME
    None) the words passed on to the feedback."""
    if name is None:
        values["feedback_args"] += given
    elif isinstance(values.get(name), list):
        values[name].append(given[-1])
    else:
        values[name] = given[-1]

