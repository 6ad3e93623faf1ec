"""cache.py -- a submission's Structure kept on disk under the hash of
what it was made from, so that a second run over the same class (the
marker's rerun, mark --similarity again) parses nothing it parsed before.

The key is a SHA-256 of: the code that makes a Structure (this package's
modules that parse, normalise and fingerprint, and pycparser's version),
the files the Structure was asked for (their names, in order), and every
.c and .h file under the submission's folder (names and bytes: its own
headers are read by the preprocessor). A change to any of them is a new
key; nothing is ever looked up by a folder's name or a file's date. A
Structure is stored as JSON (no pickle: the folder may be shared), one
file a key, written whole then renamed into place, so that a run that
stops halfway leaves no half a file. An entry that cannot be read is
made again."""

import hashlib
import json
import os

import pycparser

from harness.similarity.structure import Structure
from harness.similarity.winnow import Place

# The modules whose code decides a Structure's fingerprints.
MAKERS = ("cparse.py", "lenient.py", "fastlex.py", "normalise.py", "specialise.py", "rewrites.py", "emit.py",
          "winnow.py", "structure.py", "structural.py", "cache.py")
HERE = os.path.dirname(os.path.abspath(__file__))


def code_salt():
    """The hash of the code that makes a Structure."""
    digest = hashlib.sha256(pycparser.__version__.encode())
    for name in MAKERS:
        with open(os.path.join(HERE, name), "rb") as handle:
            digest.update(name.encode() + b"\0" + handle.read())
    return digest.hexdigest()


def key_of(salt, folder, relatives):
    """The key of a submission's Structure (folder, relatives: the files
    it is made from, relative to folder)."""
    digest = hashlib.sha256(salt.encode() + b"\0" + "\0".join(relatives).encode() + b"\0\0")
    for top, dirs, files in os.walk(folder):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(top, name)
            if name.endswith((".c", ".h")) and os.path.isfile(path) and not os.path.islink(path):
                with open(path, "rb") as handle:
                    body = handle.read()
                digest.update(os.path.relpath(path, folder).encode() + b"\0%d\0" % len(body) + body)
    return digest.hexdigest()


def to_json(structure):
    return {"tokens": structure.tokens, "problems": structure.problems,
            "fingerprints": [[value, [[p.file, p.first, p.last] for p in places]]
                             for value, places in structure.fingerprints.items()]}


def from_json(data):
    fingerprints = {value: [Place(*place) for place in places] for value, places in data["fingerprints"]}
    return Structure(fingerprints=fingerprints, tokens=data["tokens"], problems=list(data["problems"]))


def load(folder, key):
    """The Structure kept under key in folder, or None."""
    try:
        with open(os.path.join(folder, key + ".json"), encoding="utf-8") as handle:
            return from_json(json.load(handle))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def store(folder, key, structure):
    """Keeps structure under key in folder (a write that fails is only
    a run that is not sped up next time)."""
    path = os.path.join(folder, key + ".json")
    partial = "%s.%d.partial" % (path, os.getpid())
    try:
        os.makedirs(folder, exist_ok=True)
        with open(partial, "w", encoding="utf-8") as handle:
            json.dump(to_json(structure), handle, separators=(",", ":"))
        os.replace(partial, path)
    except OSError:
        if os.path.exists(partial):
            os.unlink(partial)
