"""usage: python3 -m harness.similarity.disguise [--rename] [--reorder]
    [--comments] [--whitespace] [--level L] [--seed N] SOURCE DEST

Copies the folder SOURCE to DEST with its C files (.c, .h) disguised the
way a student hides a copy: --rename gives every identifier (keywords and
the standard library's names aside) another name, consistently;
--reorder shuffles each file's function definitions; --comments rewrites
every comment and adds some; --whitespace re-indents with tabs, spaces
the parentheses and adds blank lines. --level L (1 to 6) is issue 44's
ladder, each level with the ones before: 1 comments and layout, 2
identifiers renamed, 3 functions reordered and declared first, macros
expanded (reshape.py: the files parsed and written back), 4 for and while
exchanged, if/else swapped with the condition negated, x++ as x += 1, 5
7 to 10 helpers inlined (one-return ones), merged (two behind a
selector) or split (a statement moved into a function of its own), said
on stderr (level5.py), 6 dead code and two functions nobody calls
(rewrites.py); a .c file that does not parse keeps the text disguises
only (said on stderr). Seeded (--seed, default 1): the same
seed, the same disguise. Other files are copied as they are. The
similarity tests plant such copies; the bench makes a class with them
(make_class.py).
"""

import argparse
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

from harness.similarity import reshape

TOKEN = re.compile(r"""
    (?P<comment>/\*.*?\*/|//[^\n]*)
  | (?P<directive>^[ \t]*\#(?:[^\n\\]|\\.)*)
  | (?P<string>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')
  | (?P<name>[A-Za-z_]\w*)
  | (?P<number>\d[\w.]*)
  | (?P<space>\s+)
  | (?P<other>.)
""", re.VERBOSE | re.DOTALL | re.MULTILINE)

KEEP = set("""auto break case char const continue default do double else enum extern float for goto if
inline int long register restrict return short signed sizeof static struct switch typedef union unsigned
void volatile while bool true false NULL size_t FILE EOF stdin stdout stderr main printf fprintf sprintf
snprintf scanf sscanf fgets fputs puts putchar getchar malloc calloc realloc free memset memcpy memmove
strlen strcmp strncmp strcpy strncpy strchr strtol abs exit assert errno int8_t int16_t int32_t int64_t
uint8_t uint16_t uint32_t uint64_t intptr_t uintptr_t ptrdiff_t ssize_t va_list EXIT_SUCCESS EXIT_FAILURE
INT_MAX INT_MIN UINT64_C""".split())

WORDS = "alpha bravo delta echo gamma kappa lima omega sigma tango zulu nova pixel quark rho".split()


def tokens(text):
    """(kind, text) of every token of a C text."""
    return [(m.lastgroup, m.group()) for m in TOKEN.finditer(text)]


DIRECTIVE_WORDS = {"define", "undef", "ifdef", "ifndef", "if", "elif", "else", "endif", "defined", "pragma",
                   "error", "line", "include"}


def system_names(source):
    """Every identifier the system headers the C files of source include
    declare or define (so that a renamed copy still finds fwrite or
    EXIT_SUCCESS); none when gcc cannot read them."""
    headers = set()
    for top, _, files in os.walk(source):
        for name in files:
            if name.endswith((".c", ".h")):
                with open(os.path.join(top, name), encoding="utf-8", errors="replace") as handle:
                    headers |= set(re.findall(r"^[ \t]*#[ \t]*include[ \t]*<([^>]+)>", handle.read(), re.MULTILINE))
    text = "".join("#include <%s>\n" % h for h in sorted(headers))
    found = set()
    for extra in ([], ["-dM"]):
        done = subprocess.run(["gcc", "-E", "-std=c11", "-x", "c", "-"] + extra, input=text,
                              capture_output=True, text=True, check=False)
        found |= set(re.findall(r"[A-Za-z_]\w*", done.stdout)) if done.returncode == 0 else set()
    return found


def rename(items, seed, kept=frozenset()):
    """Every identifier but the kept ones gets a name made from a hash,
    in the code and in the directives (#define, #ifndef...) but #include."""
    def new_name(name):
        if name in KEEP or name in kept or name in DIRECTIVE_WORDS or name.startswith("__"):
            return name
        digest = hashlib.sha256(("%d:%s" % (seed, name)).encode()).hexdigest()
        return "%s_%s" % (WORDS[int(digest[:2], 16) % len(WORDS)], digest[2:7])

    def in_directive(text):
        if re.match(r"\s*#\s*include", text):
            return text
        return "".join(new_name(t) if k == "name" else t for k, t in tokens(text[text.index("#") + 1:])).join(
            (text[:text.index("#") + 1], ""))
    return [(k, new_name(t) if k == "name" else in_directive(t) if k == "directive" else t) for k, t in items]


def comments(items, rng):
    """Each comment says something else; a comment after some ';' (a block
    comment, so that code later on the line still compiles)."""
    out = []
    for kind, text in items:
        if kind == "comment":
            text = "/* %s */" % " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6)))
        out.append((kind, text))
        if kind == "other" and text == ";" and rng.random() < 0.2:
            out.append(("comment", " /* %s */" % rng.choice(WORDS)))
    return out


def whitespace(items, rng):
    """Tabs for the indentation, spaces inside parentheses, blank lines."""
    out = []
    for kind, text in items:
        if kind == "space" and "\n" in text:
            indent = text.rsplit("\n", 1)[1].expandtabs(4)
            blank = "\n" if rng.random() < 0.15 else ""
            text = "\n" * text.count("\n") + blank + "\t" * (len(indent) // 4) + " " * (len(indent) % 4)
        elif kind == "other" and text == "(":
            text = "( "
        elif kind == "other" and text == ")":
            text = " )"
        out.append((kind, text))
    return out


def top_level_items(items):
    """The text split into top-level items, each (is a function, tokens):
    a function's body is a '{' at depth 0 right after a ')', and it ends
    with the '}' that closes it. A directive outside any braces is an
    item of its own (so #include lines stay before the code)."""
    result, current, depth, body, previous = [], [], 0, False, ""
    for kind, text in items:
        current.append((kind, text))
        if kind == "directive" and depth == 0:
            result.append((False, current))
            current = []
        if kind in ("space", "comment", "directive"):
            continue
        if text == "{":
            body = body or (depth == 0 and previous == ")")
            depth += 1
        elif text == "}":
            depth -= 1
        if (text == "}" and depth == 0 and body) or (text == ";" and depth == 0):
            result.append((body, current))
            current, body = [], False
        previous = text
    result.append((False, current))
    return result


def prototype(function):
    """A function definition's declaration: its tokens before the body's
    '{' (comments and directives left out), then ';'."""
    head = []
    for kind, text in function:
        if text == "{" and kind == "other":
            break
        if kind not in ("comment", "directive"):
            head.append((kind, text))
    return head + [("other", ";"), ("space", "\n")]


def reorder(items, rng):
    """The function definitions shuffled, each in the place of another,
    each declared before the first of them (so that a call before the
    definition still compiles)."""
    parts = top_level_items(items)
    functions = [p for is_function, p in parts if is_function]
    declarations = [t for f in functions for t in prototype(f)]
    rng.shuffle(functions)
    out = []
    for is_function, part in parts:
        if is_function:
            out.extend(declarations + functions.pop() + [("space", "\n")])
            declarations = []
        else:
            out.extend(part)
    return out


def disguise_text(text, options, seed, kept=frozenset()):
    """The text of a C file with the chosen disguises (kept: names that
    keep theirs, beside KEEP)."""
    rng = random.Random(seed)
    items = tokens(text)
    if options.reorder:
        items = reorder(items, rng)
    if options.rename:
        items = rename(items, seed, kept)
    if options.comments:
        items = comments(items, rng)
    if options.whitespace:
        items = whitespace(items, rng)
    return "".join(t for _, t in items)


LEVELS = {1: ("comments", "whitespace"), 2: ("comments", "whitespace", "rename")}


def level_options(level):
    """The text disguises of a level (3 and up: those of 2, reorder being
    done in the syntax tree)."""
    chosen = LEVELS[min(level, 2)]
    return argparse.Namespace(**{flag: flag in chosen for flag in ("rename", "reorder", "comments", "whitespace")})


def disguise_level(source, dest, level, seed):
    """Copies source to dest disguised at level (1 to 6); returns the
    files reshape.py could not parse and L5's changes (level5.Changes,
    None below L5)."""
    if level < 3:
        disguise_folder(source, dest, level_options(level), seed)
        return [], None
    with tempfile.TemporaryDirectory(prefix="disguise.") as work:
        failed, changes = reshape.reshape_folder(source, os.path.join(work, "shaped"), level, seed)
        disguise_folder(os.path.join(work, "shaped"), dest, level_options(level), seed)
    return failed, changes


def disguise_folder(source, dest, options, seed):
    """Copies source to dest, its C files disguised."""
    kept = system_names(source) if options.rename else frozenset()
    for top, _, files in os.walk(source):
        target = os.path.join(dest, os.path.relpath(top, source))
        os.makedirs(target, exist_ok=True)
        for name in sorted(files):
            path = os.path.join(top, name)
            if name.endswith((".c", ".h")):
                with open(path, encoding="utf-8", errors="replace") as handle:
                    text = disguise_text(handle.read(), options, seed, kept)
                with open(os.path.join(target, name), "w", encoding="utf-8") as handle:
                    handle.write(text)
            else:
                shutil.copyfile(path, os.path.join(target, name))


def main():
    parser = argparse.ArgumentParser(usage=__doc__.split("\n\n", 1)[0][7:])
    for flag in ("--rename", "--reorder", "--comments", "--whitespace"):
        parser.add_argument(flag, action="store_true")
    parser.add_argument("--level", type=int, choices=range(1, 7))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("source")
    parser.add_argument("dest")
    args = parser.parse_args()
    if args.level:
        failed, changes = disguise_level(args.source, args.dest, args.level, args.seed)
        for line in failed:
            print("disguise: not reshaped: %s" % line, file=sys.stderr)
        if changes:
            print("disguise: helpers inlined %d, merged %d, split %d" % changes[1:], file=sys.stderr)
    else:
        disguise_folder(args.source, args.dest, args, args.seed)


if __name__ == "__main__":
    main()
