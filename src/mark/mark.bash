# shellcheck shell=bash
# mark.bash -- the hashes that make a submission's key (the worker,
# harness.mark.one, checks the corpus's with harness.hashes.tree_hash: the
# same bytes), and the Python for the report. Sourced after
# src/cases/cases.bash.

# mark_tree_hash DIR: one sha256 over the names and bytes of every regular
# file under DIR (symbolic links and special files are never read).
mark_tree_hash() {
    (
        cd "$1" || exit 1
        find . -type f -print0 | LC_ALL=C sort -z | xargs -0 -r sha256sum -- |
            sha256sum | cut -d' ' -f1
    )
}

# mark_tools_hash ROOT: the hash of every file the marking of a
# submission may run or read (harness.check.checking_code, the one list the
# service's cache key uses too): a change to any of them (a judge's
# source, a game's adapter, the sandbox, memcheck.flags, a file added or
# moved) marks everything again. The corpus is hashed apart
# (mark_tree_hash); the report (src/harness/mark/report) and the schemes are
# left out, as the marks and pages are made again from the results on
# every run, resumed or not.
mark_tools_hash() {
    PYTHONPATH="$1/src" /usr/bin/python3 -B -m harness.check.checking_code --hash "$1"
}

# mark_python: a Python 3 with Jinja2, for the report's templates: the
# python3 on PATH when it has Jinja2, else Debian's (python3-jinja2
# installs it for /usr/bin/python3, which another python3 first on PATH,
# pyenv's say, does not see).
mark_python() {
    local python
    for python in "$(command -v python3 || true)" /usr/bin/python3; do
        if [[ -n $python ]] && "$python" -c 'import jinja2' 2>/dev/null; then
            echo "$python"
            return 0
        fi
    done
    return 1
}
