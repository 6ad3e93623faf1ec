"""winnow.py -- fingerprints of token streams by winnowing (Schleimer,
Wilkerson and Aiken 2003, as MOSS and Dolos do): every k-gram of a stream
hashed, and of every window of w consecutive hashes the smallest kept
(the rightmost of equal ones), each once. Any run of at least k + w - 1
tokens two streams share gives them at least one fingerprint in common,
and runs shorter than k give none. A fingerprint keeps the (file, line)
span of its k tokens so that a match is shown in the original lines."""

import collections
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
    """The hash of every k-gram of tokens (Token: text, file, line). A
    token's text is hashed once (crc32), a k-gram as the tuple of its
    tokens' hashes (Python's hash of a tuple of ints: the same in every
    process, unlike a string's)."""
    codes, known = [], {}
    for token in tokens:
        code = known.get(token.text)
        if code is None:
            code = known[token.text] = zlib.crc32(token.text.encode())
        codes.append(code)
    return [hash(tuple(codes[start:start + k])) for start in range(len(tokens) - k + 1)]


def place_of(tokens, start, k):
    """The Place of the k-gram at start: its first token's file, and the
    lines of its tokens in that file."""
    gram = tokens[start:start + k]
    first = gram[0].file
    lines = [t.line for t in gram if t.file == first]
    return Place(first, min(lines), max(lines))


def winnow(tokens, k=K, window=WINDOW):
    """{hash: [Place, ...]}: the stream's fingerprints (a stream shorter
    than k + window - 1 keeps its smallest k-gram, if it has one). Of
    each window the smallest hash, the rightmost of equal ones, found
    with a queue of the window's candidates in increasing order (each
    hash enters and leaves it once), and a Place made only for those."""
    hashes = kgram_hashes(tokens, k)
    chosen, queue, last, entered = {}, collections.deque(), -1, 0
    for start in range(max(1, len(hashes) - window + 1) if hashes else 0):
        while entered < min(start + window, len(hashes)):
            while queue and hashes[queue[-1]] >= hashes[entered]:
                queue.pop()
            queue.append(entered)
            entered += 1
        while queue[0] < start:
            queue.popleft()
        if queue[0] != last:
            last = queue[0]
            chosen.setdefault(hashes[last], []).append(place_of(tokens, last, k))
    return chosen


def merge(fingerprints, more):
    """Adds more's fingerprints to fingerprints (both {hash: [Place]})."""
    for value, places in more.items():
        fingerprints.setdefault(value, []).extend(places)
    return fingerprints
