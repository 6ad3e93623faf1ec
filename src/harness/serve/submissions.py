"""submissions.py -- a submission as the front takes it in and gives it
out, shared by the JSON API (api.py) and the students' page (pages.py):
the checks of an upload and its writing, and a submission described with
its place in the queue and the wait to expect.
"""

import time

from . import space, store, unpack
from .context import absolute, db, settings

API_FIELDS = ("id", "state", "position", "progress", "compiled", "passed", "failed", "total", "summary", "cached",
              "created", "finished")


def estimated_wait(position):
    """Seconds until a job at this position is done (store.estimated_wait)."""
    return store.estimated_wait(db(), position, settings()["workers"])


def described(item):
    """A submission as the API gives it."""
    found = {key: item.get(key) for key in API_FIELDS}
    if found["compiled"] is not None:
        found["compiled"] = bool(found["compiled"])
    found["cached"] = bool(found["cached"])
    found["files"] = item["file_names"].split("\n")
    found["estimated_wait"] = estimated_wait(item["position"])
    found["url"] = absolute("api.submission", sid=item["id"])
    found["page"] = absolute("pages.submission_page", sid=item["id"])
    return found


def accept(student, uploads):
    """The checks of a new submission and its writing; (status, body, retry
    after). Shared by the API and the page's form."""
    config = settings()
    if space.low(config):
        return 507, space.MESSAGE, space.RETRY_SECONDS
    if sum(len(data) for _, data in uploads) > config["upload_limit"]:
        return 413, "the upload is over %d bytes" % config["upload_limit"], None
    try:  # (an upload refused is told why first, and never counted)
        files = unpack.unpack(uploads, config["source_globs"])
    except unpack.Unusable as error:
        return 400, str(error), None
    count, oldest = store.recent_count(db(), student)
    if count >= config["student_limit"]:
        return 429, "%d submissions in the last hour: the limit" % count, oldest + 3600 - time.time()
    key = unpack.sources_hash(files) + ":" + config["fingerprint"]
    sid, _ = store.submit(db(), student, unpack.files_blob(files), sorted(files), key, config["queue_limit"])
    if sid is None:
        return 503, "the queue is full (%d jobs); try again later" % config["queue_limit"], \
            estimated_wait(config["queue_limit"]) or 30
    return 202, sid, None


def uploads_of(request):
    return [(part.filename or "", part.read()) for part in request.files.getlist("file")]
