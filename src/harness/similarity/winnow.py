"""winnow.py -- fingerprints of token streams by winnowing (Schleimer,
Wilkerson and Aiken 2003, as MOSS and Dolos do): every k-gram of a stream
hashed, and of every window of w consecutive hashes the smallest kept
(the rightmost of equal ones), each once. Any run of at least k + w - 1
tokens two streams share gives them at least one fingerprint in common,
and runs shorter than k give none. A fingerprint keeps the (file, line)
span of its k tokens so that a match is shown in the original lines."""

import zlib
from dataclasses import dataclass

K = 10
WINDOW = 6


@dataclass(frozen=True)
class Place:
    """Where a fingerprint's k-gram came from: file, first and last line."""
    file: str
    first: int
    last: int


def kgram_hashes(tokens, k):
    """(hash, Place) of every k-gram of tokens (Token: text, file, line)."""
    texts = [t.text.encode() for t in tokens]
    out = []
    for start in range(len(tokens) - k + 1):
        gram = tokens[start:start + k]
        lines = [t.line for t in gram if t.file == gram[0].file]
        out.append((zlib.crc32(b"\x1f".join(texts[start:start + k])), Place(gram[0].file, min(lines), max(lines))))
    return out


def winnow(tokens, k=K, window=WINDOW):
    """{hash: [Place, ...]}: the stream's fingerprints (a stream shorter
    than k + window - 1 keeps its smallest k-gram, if it has one)."""
    hashes = kgram_hashes(tokens, k)
    chosen = {}
    last = -1
    for start in range(max(1, len(hashes) - window + 1)):
        span = hashes[start:start + window]
        if not span:
            break
        offset = min(range(len(span)), key=lambda i: (span[i][0], -i))
        if start + offset != last:
            last = start + offset
            chosen.setdefault(span[offset][0], []).append(span[offset][1])
    return chosen


def merge(fingerprints, more):
    """Adds more's fingerprints to fingerprints (both {hash: [Place]})."""
    for value, places in more.items():
        fingerprints.setdefault(value, []).extend(places)
    return fingerprints
