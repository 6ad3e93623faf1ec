"""slug.py -- a submission's folder name, safe anywhere (a URL, a shell,
another machine): its name's bytes but letters, digits, '.', '_' and '-'
made '_' (each byte of a character beyond ASCII), a leading '.' or '-'
too, and when anything was changed, '-' and the first 8 hex digits of the
name's SHA-256, so that two names never meet. The bytes of the sed rule
the folders were named by before (`LC_ALL=C sed 's/[^A-Za-z0-9._-]/_/g;
s/^[.-]/_/'`): a class marked before keeps its folders, and its keys."""

import hashlib
import os
import re


def slug(name: str) -> str:
    raw = os.fsencode(name)
    safe = re.sub(rb"^[.-]", b"_", re.sub(rb"[^A-Za-z0-9._-]", b"_", raw))
    if safe == raw:
        return name
    return safe.decode("ascii") + "-" + hashlib.sha256(raw).hexdigest()[:8]
