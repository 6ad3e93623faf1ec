"""usage: python3 -m harness.similarity.disguise [--rename] [--reorder]
    [--comments] [--whitespace] [--seed N] SOURCE DEST

Copies the folder SOURCE to DEST with its C files (.c, .h) disguised the
way a student hides a copy: --rename gives every identifier (keywords and
the standard library's names aside) another name, consistently;
--reorder shuffles each file's function definitions; --comments rewrites
every comment and adds some; --whitespace re-indents with tabs, spaces
the parentheses and adds blank lines. Seeded (--seed, default 1): the same
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


def rename(items, seed):
    """Every identifier but the kept ones gets a name made from a hash,
    in the code and in the directives (#define, #ifndef...) but #include."""
    def new_name(name):
        if name in KEEP or name in DIRECTIVE_WORDS or name.startswith("__"):
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


def disguise_text(text, options, seed):
    """The text of a C file with the chosen disguises."""
    rng = random.Random(seed)
    items = tokens(text)
    if options.reorder:
        items = reorder(items, rng)
    if options.rename:
        items = rename(items, seed)
    if options.comments:
        items = comments(items, rng)
    if options.whitespace:
        items = whitespace(items, rng)
    return "".join(t for _, t in items)


def disguise_folder(source, dest, options, seed):
    """Copies source to dest, its C files disguised."""
    for top, _, files in os.walk(source):
        target = os.path.join(dest, os.path.relpath(top, source))
        os.makedirs(target, exist_ok=True)
        for name in sorted(files):
            path = os.path.join(top, name)
            if name.endswith((".c", ".h")):
                with open(path, encoding="utf-8", errors="replace") as handle:
                    text = disguise_text(handle.read(), options, seed)
                with open(os.path.join(target, name), "w", encoding="utf-8") as handle:
                    handle.write(text)
            else:
                shutil.copyfile(path, os.path.join(target, name))


def main():
    parser = argparse.ArgumentParser(usage=__doc__.split("\n\n", 1)[0][7:])
    for flag in ("--rename", "--reorder", "--comments", "--whitespace"):
        parser.add_argument(flag, action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("source")
    parser.add_argument("dest")
    args = parser.parse_args()
    disguise_folder(args.source, args.dest, args, args.seed)


if __name__ == "__main__":
    main()
