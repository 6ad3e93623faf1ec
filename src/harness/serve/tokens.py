"""tokens.py -- a token long enough to be a secret: at least 16 random
bytes (128 bits), told from its length and the smallest alphabet it is
written in (32 hex digits, 22 base64 characters, 39 decimal digits).
Shorter ones stop the start: a roster's with its file and line, the
staff's and the workers' with their file; so does a token that two
students of the roster share, with both lines and names."""

import math
import string

from harness.mark.roster import read_roster  # (the class's one roster, mark's too)

MIN_BITS = 128
HOW = "at least 16 random bytes: 32 hex digits or 22 base64 characters (head -c 16 /dev/urandom | xxd -p)"
ALPHABETS = (string.digits, string.hexdigits, string.ascii_lowercase, string.ascii_uppercase,
             string.ascii_letters + string.digits)


def bits(token):
    """The most the token can hold, in bits: its length times the bits of a
    character of the smallest alphabet it fits (6 for any other)."""
    token = token.rstrip("=")
    for alphabet in ALPHABETS:
        if all(c in alphabet for c in token):
            size = 16 if alphabet == string.hexdigits else len(alphabet)
            return len(token) * math.log2(size)
    return len(token) * 6.0


def require(token, where):
    """The token, or ValueError naming WHERE (a file, or file:line and whose)."""
    if bits(token) < MIN_BITS:
        raise ValueError("%s: the token is too short to be a secret (%s)" % (where, HOW))
    return token


def check_roster(path):
    """Every token of the roster strong enough and its student's own, or
    ValueError at its line (a token twice: both lines and names; the
    service would otherwise log one of them in as the other)."""
    seen = {}
    for row in read_roster(path, ("name", "token")):
        if row["token"]:
            require(row["token"], "%s:%d (%s)" % (path, row["line"], row["name"]))
            if row["token"] in seen:
                line, name = seen[row["token"]]
                raise ValueError("%s:%d (%s): the same token as line %d (%s): each student needs their own"
                                 % (path, row["line"], row["name"], line, name))
            seen[row["token"]] = (row["line"], row["name"])
