"""throttle.py -- failed log-ins slowed down, in the database (so every
front counts them together): each door that takes a token (the page's
log-in, the staff's, a Bearer token on the API) records a failure under
the client's address and, where the attempt names an account, under that
name (the staff's: its one token is tried from anywhere). Past LIMIT
failures of an address in WINDOW seconds (NAME_LIMIT of a name) the door
answers 429 with Retry-After, the right token included, until the
oldest failure leaves the window. A student's token names no one (a
guess is aimed at every student at once), so students are throttled per
address."""

import time

WINDOW = 600.0
LIMIT = 10
NAME_LIMIT = 30


class Throttled(Exception):
    """Too many failures: `retry_after` seconds until the next try."""

    def __init__(self, retry_after):
        super().__init__("too many failed log-ins: try again in %d s" % max(1, int(retry_after)))
        self.retry_after = max(1, retry_after)


def keys(address, name=None):
    return ["address:%s" % address] + (["name:%s" % name] if name else [])


def check(db, keys_, now=None):
    """Raises Throttled when any of the keys is over its limit."""
    now = now or time.time()
    for key in keys_:
        limit = NAME_LIMIT if key.startswith("name:") else LIMIT
        row = db.one("SELECT COUNT(*), MIN(at) FROM failures WHERE key = ? AND at > ?", (key, now - WINDOW))
        if row[0] >= limit:
            raise Throttled(row[1] + WINDOW - now)


def failed(db, keys_, now=None):
    """Records one failure under each key (and forgets those past the window)."""
    now = now or time.time()
    with db.transaction():
        db.execute("DELETE FROM failures WHERE at < ?", (now - WINDOW,))
        for key in keys_:
            db.execute("INSERT INTO failures (key, at) VALUES (?, ?)", (key, now))
