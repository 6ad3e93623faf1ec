"""same_with_explain.py ENGINE ROOT -- explain.bats' check that --explain
changes nothing but stderr's first lines: runs every ROOT/*/*.in on stdin
with and without --explain, and fails (exit 1, naming the first 20 cases on
stderr) unless stdout is byte for byte the same, the exit status is the same
and stderr is the "explain: " lines, all before the rest, then the stderr of
the run without it (so a diagnostic is still the last line). Prints how many
cases it ran. One process for all cases: the check costs the engine's runs,
not a shell's forks per case."""

import glob
import os
import subprocess
import sys


def run(command, path):
    with open(path, "rb") as stdin:
        return subprocess.run(command, stdin=stdin, capture_output=True, check=False)


def keeps_diagnostic(plain, explained):
    """Whether EXPLAINED's lines are "explain: " lines, then PLAIN's lines."""
    rest = []
    for line in explained.split(b"\n"):
        if line.startswith(b"explain: "):
            if rest:
                return False
        else:
            rest.append(line)
    return rest == plain.split(b"\n")


def difference(engine, path):
    plain = run([engine], path)
    explained = run([engine, "--explain"], path)
    if plain.stdout != explained.stdout:
        return "stdout differs"
    if plain.returncode != explained.returncode:
        return "exit status %d without --explain, %d with it" % (plain.returncode, explained.returncode)
    if not keeps_diagnostic(plain.stderr, explained.stderr):
        return "stderr is not the explanation, then the stderr without it"
    return None


def main():
    engine, root = sys.argv[1:3]
    inputs = sorted(glob.glob(os.path.join(root, "*", "*.in")))
    failures = []
    for path in inputs:
        why = difference(engine, path)
        if why:
            failures.append("%s: %s" % (path, why))
    if failures:
        sys.stderr.write("".join(line + "\n" for line in failures[:20]))
        sys.stderr.write("%d of %d cases differ with --explain\n" % (len(failures), len(inputs)))
        return 1
    print(len(inputs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
