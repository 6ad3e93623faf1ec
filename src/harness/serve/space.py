"""space.py -- the data folder's disk, running out: below --min-free-mb
the front takes no upload (507, with Retry-After) and says not ok on
/healthz, and a worker claims no job; an error of a full disk (ENOSPC,
SQLite's "database or disk is full") is told from any other, so that it
is answered the same way instead of with a 500 page."""

import errno
import os
import sqlite3

RETRY_SECONDS = 60
MESSAGE = "the service's disk is full: your upload was not taken; try again in a few minutes"


def free_mb(folder):
    found = os.statvfs(folder)
    return found.f_bavail * found.f_frsize / 1048576


def low(config):
    """True when the data folder's disk has less than --min-free-mb free
    (and never less than 1 MiB: a disk that full is full)."""
    try:
        return free_mb(config["data"]) < max(config.get("min_free_mb", 0), 1)
    except OSError:
        return True


def is_full(error):
    """True for an error a full disk makes (any engine, any layer)."""
    if isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    if isinstance(error, sqlite3.OperationalError) and "full" in str(error):
        return True
    return "No space left on device" in str(error) or "DiskFull" in type(error).__name__
