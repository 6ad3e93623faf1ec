"""compiler.py -- a build that failed, told to the student from the build's
log (check-engine's OUTPUT/program/build.log, kept in the report): the
compiler's first error with its file, line and the source line, or in
plain words what the linker says (no main function; a function used but
never defined) instead of `ld returned 1 exit status`; no path of the
server in any of it.

    first_error(log)    the first error as a dict (file, line, column,
                        message, source) or None
    told(log)           what the page says: {verdict, error, words} (any
                        may be None), and the summary's few words
    tidy(log)           the log with every folder of an absolute path
                        taken off (`/usr/bin/ld: ...` -> `ld: ...`)
"""

import posixpath
import re

from harness.cases import out_of_space_mib
from harness.languages.build import own_cap_mib

# gcc, g++, clang (`FILE:LINE:COL: error: ...`, `fatal error:`) and javac
# (`FILE:LINE: error: ...`); Mono's mcs (`FILE(LINE,COL): error CS1525: ...`).
LOCATED = re.compile(r"^(?P<file>[^\s:()][^:()]*?):(?P<line>\d+):(?:(?P<column>\d+):)? (?:fatal )?error: "
                     r"(?P<message>.*)$")
MONO = re.compile(r"^(?P<file>[^\s:()][^:()]*?)\((?P<line>\d+),(?P<column>\d+)\): (?:fatal )?error CS\d+: "
                  r"(?P<message>.*)$")
# The source line below an error: gcc's `    3 |     int x = ;`, or
# clang's and javac's line as it is with a caret line under it.
GCC_SOURCE = re.compile(r"^\s*(?P<line>\d+) \| ?(?P<source>.*)$")
CARET = re.compile(r"^\s*\^[~^ ]*$")
# The linker's (GNU ld, lld) and mcs's words for no entry point, and for a
# function called but defined nowhere.
NO_MAIN = re.compile(r"undefined reference to [`'\u2018]main['\u2019]|undefined symbol: _?main\b|error CS5001: ")
UNDEFINED = re.compile(r"undefined (?:reference to|symbol:) [`'\u2018]?(?P<name>[A-Za-z_]\w*)")
# A folder of an absolute path (not a URL's, not inside a word).
FOLDERS = re.compile(r"(?<![\w.:/])/(?:[^\s/:'\"`\u2018\u2019()]+/)+")
NO_MAIN_WORDS = ("Your program has no main function: the build found no main to start it from. "
                 "One of your files must define it.")


def shown_path(name):
    """A file's name as the student knows it: relative to their folder
    (the build folder's prefix, an absolute path's folders, ./ taken off)."""
    if "/built/" in name:
        name = name.rsplit("/built/", 1)[1]
    if name.startswith("/"):
        name = posixpath.basename(name)
    while name.startswith("./"):
        name = name[2:]
    return name


def source_after(lines, index, line):
    """The source line the compiler quoted below its error at INDEX, or None."""
    after = lines[index + 1:index + 3]
    quoted = GCC_SOURCE.match(after[0]) if after else None
    if quoted and quoted.group("line") == line:
        return quoted.group("source")
    if len(after) == 2 and CARET.match(after[1]):
        return after[0]
    return None


def first_error(log):
    """The log's first compiler error: {file, line, column, message, source}
    (column and source None where the compiler gave none), or None."""
    lines = log.splitlines()
    for index, text in enumerate(lines):
        found = LOCATED.match(text) or MONO.match(text)
        if found:
            return {"file": shown_path(found.group("file")), "line": found.group("line"),
                    "column": found.group("column"), "message": found.group("message").strip(),
                    "source": source_after(lines, index, found.group("line"))}
    return None


def linker_words(log):
    """The linker's complaint in plain words, or None."""
    if NO_MAIN.search(log):
        return NO_MAIN_WORDS
    undefined = UNDEFINED.search(log)
    if undefined:
        return ("The function %s is called but defined nowhere: is the file that defines it among those "
                "you sent, and is its name spelled the same?" % undefined.group("name"))
    return None


def any_error(log):
    """A log's line that says error (else its last line, not a command),
    as an error without a place, or None."""
    lines = [line.strip() for line in log.splitlines() if line.strip() and not line.startswith("$ ")]
    line = next((line for line in lines if "error" in line.lower()), lines[-1] if lines else None)
    return {"file": None, "line": None, "column": None, "message": line, "source": None} if line else None


def memory_words(log):
    """The sentence for a build that passed its own memory cap (the
    sandbox's last line, languages.build.own_cap_mib), or None."""
    mib = own_cap_mib(log.splitlines())
    if not mib:
        return None
    return ("The compiler ran out of memory on your program: building it took more than %s MiB, the checker's "
            "limit. A very large array written out in the source, or a macro that expands without end, can do "
            "this." % mib)


def space_words(log):
    """The sentence for a build that the sandbox's watch of its files
    stopped (its last line, cases.out_of_space_mib), or None."""
    mib = out_of_space_mib(log)
    if not mib:
        return None
    return ("Building your program wrote too much: its files together passed %s MiB, the checker's limit. "
            "A very large array written out in the source can make a very large program file." % mib)


def told(log):
    """What the report says of a build that failed: {verdict: the page's
    verdict when not the usual one, error: the first error's dict (its
    file None when the log gives no place), words: the linker's sentence,
    short: a few words for the summary}."""
    error = first_error(log)
    words = None if error else linker_words(log) or memory_words(log) or space_words(log)
    if words:
        short = "no main function" if words == NO_MAIN_WORDS else words.split(":")[0].lower()
    else:
        error = error or any_error(log)
        short = ("%s line %s: %s" % (error["file"], error["line"], error["message"]) if error and error["file"]
                 else error["message"] if error else "")
    return {"verdict": "Your program has no main function" if words == NO_MAIN_WORDS else None,
            "error": error, "words": words, "short": short[:160]}


def tidy(log):
    """LOG with the folders of its absolute paths taken off."""
    return FOLDERS.sub("", log)
