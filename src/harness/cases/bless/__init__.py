"""bless (scripts/bless): re-records golden cases after an intended change
of behaviour: each changed case is shown as a diff and written only once a
person has said yes. Every file is replaced by an atomic rename
(harness.cases.atomic), so an interrupted run leaves each golden either old
or new, never truncated.

    options    the command line, the checks, the cases resolved
    rerecord   one case run again: what changed, its diff, the new files
    ask        the question, and the answer read
    tool       main: every case in turn, the summary
"""
