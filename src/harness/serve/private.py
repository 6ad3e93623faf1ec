"""private.py -- the service's data folder kept to its owner: the folder
and every folder in it 0700, every file 0600 (the database with its WAL
and SHM, the configuration with the tokens, the workers' scratch), both
for what the service makes from now on (a umask of 077, set before
anything is made and inherited by gunicorn and the workers) and for what
an earlier start left readable. The session-signing key lives in the
database, so it is out of other users' reach with it."""

import os
import stat

UMASK = 0o077


def restrict(folder):
    """The umask set to 077; FOLDER made (0700) if missing; it and every
    folder under it 0700, every file 0600. Links are left as they are
    (never followed). Returns the folder's absolute path."""
    os.umask(UMASK)
    folder = os.path.abspath(folder)
    os.makedirs(folder, mode=0o700, exist_ok=True)
    os.chmod(folder, 0o700)
    for top, dirs, names in os.walk(folder):
        for name in dirs + names:
            path = os.path.join(top, name)
            mode = os.lstat(path).st_mode
            if stat.S_ISDIR(mode):
                os.chmod(path, 0o700)
            elif stat.S_ISREG(mode) and stat.S_IMODE(mode) & 0o177:
                os.chmod(path, 0o600)
    return folder
