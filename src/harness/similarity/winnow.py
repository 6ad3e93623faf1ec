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
    """(hash, Place) of every k-gram of tokens (Token: text, file, line).
    A token's text is hashed once (crc32), a k-gram as the tuple of its
    tokens' hashes (Python's hash of a tuple of ints: the same in every
    process, unlike a string's)."""
    codes, known = [], {}
    for token in tokens:
        code = known.get(token.text)
        if code is None:
            code = known[token.text] = zlib.crc32(token.text.encode())
        codes.append(code)
    out, files, lines = [], [t.file for t in tokens], [t.line for t in tokens]
    for start in range(len(tokens) - k + 1):
        span = lines[start:start + k]
        if files[start + k - 1] != files[start] or len(set(files[start:start + k])) > 1:
            span = [line for line, file in zip(span, files[start:start + k]) if file == files[start]]
        out.append((hash(tuple(codes[start:start + k])), Place(files[start], min(span), max(span))))
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
