"""usage: python3 -m harness.gradescope.package --program P --output ZIP [--source head|worktree|REV]

Builds a Gradescope autograder zip for program P (what `make gradescope`
runs, with src on PYTHONPATH): at its root setup.sh and run_autograder
(src/gradescope/), the configuration autograder.env, and the repository's
files the marking needs (every file git tracks but the other programs'
corpora and CI's folders: src/harness among them, which run_autograder
runs with src on PYTHONPATH).
From HEAD by default (git archive), so a commit always makes the same
bytes: entries in name order, every timestamp 1980-01-01, modes from git.
--source worktree takes the working tree's tracked and untracked,
not-ignored files instead (the tests use it, to test what is edited);
--source REV, the commit REV's.

The configuration comes from the environment, as `make gradescope` passes
its variables (the defaults in brackets):
  GRADESCOPE_PROFILE             assignment or strict [assignment]
  GRADESCOPE_CATEGORIES          the categories marked, space-separated [all]
  GRADESCOPE_MEMCHECK            cases per category under Valgrind [1]
  GRADESCOPE_TIMEOUT             seconds before a case is a hang [10]
  GRADESCOPE_COMPILE_TIMEOUT     seconds a build may take [60]
  GRADESCOPE_BUDGET              seconds the whole marking may take [540]
  GRADESCOPE_SCHEME              the marking scheme, a path in the repository
                                 [mark's default, src/mark/schemes/P.tsv]
  GRADESCOPE_COMPILE             the build command [each language's own]
  GRADESCOPE_COMPARE             exact or whitespace: mark's --compare (a
                                 case whose output differs only in white
                                 space passes) [exact]
  GRADESCOPE_VISIBILITY          results.json's visibility [visible]
  GRADESCOPE_STDOUT_VISIBILITY   who sees the run's stdout [hidden]
  GRADESCOPE_PART_VISIBILITY     per part, PART=VISIBILITY, space-separated
                                 (e.g. "stage2=after_due_date") [the scheme's]
"""

import argparse
import io
import os
import shlex
import subprocess
import sys
import tarfile
import zipfile

from harness import games, paths
from harness.mark.report.scheme import SchemeError, load_scheme

ROOT = str(paths.ROOT)
VISIBILITIES = ("hidden", "after_due_date", "after_published", "visible")
# (variable, default, check): the configuration autograder.env holds.
SETTINGS = [
    ("GRADESCOPE_PROFILE", "assignment", lambda v: v in ("assignment", "strict")),
    ("GRADESCOPE_CATEGORIES", "", None),
    ("GRADESCOPE_MEMCHECK", "1", str.isdigit),
    ("GRADESCOPE_TIMEOUT", "10", lambda v: v.replace(".", "", 1).isdigit()),
    ("GRADESCOPE_COMPILE_TIMEOUT", "60", str.isdigit),
    ("GRADESCOPE_BUDGET", "540", str.isdigit),
    ("GRADESCOPE_SCHEME", "", None),
    ("GRADESCOPE_COMPILE", "", None),
    ("GRADESCOPE_COMPARE", "exact", lambda v: v in ("exact", "whitespace")),
    ("GRADESCOPE_VISIBILITY", "visible", lambda v: v in VISIBILITIES),
    ("GRADESCOPE_STDOUT_VISIBILITY", "hidden", lambda v: v in VISIBILITIES),
    ("GRADESCOPE_PART_VISIBILITY", "", None),
]
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def fail(message):
    sys.exit("package: " + message)


def configuration(program, environ):
    """The settings, from the environment, checked; a dict in SETTINGS'
    order, then what setup.sh and run_autograder need of the game (its
    record in harness.games): its Debian packages and its run mode."""
    try:
        game = games.get(program)
    except games.UnknownGame as error:
        fail(str(error))
    config = {"GRADESCOPE_PROGRAM": program}
    for name, default, check in SETTINGS:
        value = environ.get(name, default).strip()
        if check and not check(value):
            fail("%s=%r is not valid (see --help)" % (name, value))
        config[name] = value
    categories = set(os.listdir(os.path.join(ROOT, "testdata", program)))
    for category in config["GRADESCOPE_CATEGORIES"].split():
        if category not in categories:
            fail("GRADESCOPE_CATEGORIES: no category %r in testdata/%s" % (category, program))
    parts = scheme_parts(program, config["GRADESCOPE_SCHEME"])
    for pair in config["GRADESCOPE_PART_VISIBILITY"].split():
        name, _, value = pair.partition("=")
        if value not in VISIBILITIES:
            fail("GRADESCOPE_PART_VISIBILITY: %r is not PART=%s" % (pair, "|".join(VISIBILITIES)))
        if parts is not None and name not in parts:
            fail("GRADESCOPE_PART_VISIBILITY: no part %r in the scheme (its parts: %s)" % (name, " ".join(parts)))
    config["GAME_PACKAGES"] = " ".join(game.packages)
    config["GAME_RUN_MODE"] = game.run_mode
    return config


def scheme_parts(program, scheme):
    """The part names of the scheme (read by mark's own reader), or None
    when there is no scheme file to check against."""
    path = os.path.join(ROOT, scheme or os.path.join("src", "mark", "schemes", program + ".tsv"))
    if scheme and not os.path.isfile(path):
        fail("GRADESCOPE_SCHEME: no file %r in the repository" % scheme)
    if not os.path.isfile(path):
        return None
    try:
        return [part["name"] for part in load_scheme(path)["parts"]]
    except SchemeError as error:
        fail("GRADESCOPE_SCHEME: %s" % error)


def env_text(config):
    lines = ["# autograder.env -- the autograder's configuration, written by",
             "# harness.gradescope.package (make gradescope); read by run_autograder and setup.sh."]
    lines += ["%s=%s" % (name, shlex.quote(value)) for name, value in config.items()]
    return "\n".join(lines) + "\n"


def wanted(path, program):
    """A repository file the marking needs: not CI's, not another corpus."""
    if path.startswith((".github/", ".ci/")):
        return False
    if path.startswith("testdata/"):
        return path.count("/") == 1 or path.startswith("testdata/%s/" % program)
    return True


def files_from_commit(revision):
    """(path, mode, bytes) of every file of a commit, by git archive."""
    tar = subprocess.run(["git", "-C", ROOT, "archive", "--format=tar", revision, "--"],
                         check=True, stdout=subprocess.PIPE).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        for member in archive.getmembers():
            if member.isfile():
                yield member.name, member.mode, archive.extractfile(member).read()


def files_from_worktree():
    """(path, mode, bytes) of the working tree's tracked and untracked files."""
    listed = subprocess.run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                            check=True, stdout=subprocess.PIPE).stdout.decode()
    for path in sorted(set(p for p in listed.split("\0") if p)):
        full = os.path.join(ROOT, path)
        if os.path.isfile(full) and not os.path.islink(full):
            with open(full, "rb") as f:
                yield path, (0o755 if os.access(full, os.X_OK) else 0o644), f.read()


def add(archive, path, mode, data):
    info = zipfile.ZipInfo(path, FIXED_TIME)
    info.create_system = 3  # unix: the modes below are read
    info.external_attr = (0o100000 | (0o755 if mode & 0o111 else 0o644)) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, data)


def build(program, output, source, environ):
    if not os.path.isdir(os.path.join(ROOT, "testdata", program)):
        fail("no corpus testdata/%s (PROGRAM is checkers or draughts)" % program)
    config = configuration(program, environ)
    files = files_from_worktree() if source == "worktree" else files_from_commit("HEAD" if source == "head" else source)
    entries = {path: (mode, data) for path, mode, data in files if wanted(path, program)}
    # The two scripts at the root are the same source's copies: HEAD's (or
    # the working tree's) src/gradescope/, as the rest.
    for name in ("setup.sh", "run_autograder"):
        if "src/gradescope/" + name not in entries:
            fail("src/gradescope/%s is not in %s (commit it first)" % (name, source))
        entries[name] = (0o755, entries["src/gradescope/" + name][1])
    entries["autograder.env"] = (0o644, env_text(config).encode())
    os.makedirs(os.path.dirname(os.path.abspath(output)), exist_ok=True)
    partial = output + ".partial"
    with zipfile.ZipFile(partial, "w") as archive:
        for path in sorted(entries):
            add(archive, path, *entries[path])
    os.replace(partial, output)
    return len(entries)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
                                     usage=argparse.SUPPRESS)
    parser.add_argument("--program", default="checkers")
    parser.add_argument("--output", required=True)
    parser.add_argument("--source", default="head", help="head, worktree or a commit")
    args = parser.parse_args(argv)
    count = build(args.program, args.output, args.source, os.environ)
    print("gradescope: %s: %d files (%s, from %s); upload it as the assignment's autograder"
          % (args.output, count, args.program, "the working tree" if args.source == "worktree" else args.source))
    return 0


if __name__ == "__main__":
    sys.exit(main())
