"""body.py -- a request's body read whole within a deadline, before the
app sees the request (a WSGI middleware around the Flask app).

gunicorn's gevent worker bounds the reading of a request's header (its
--keep-alive) but not of its body: a client sending an upload a byte
every few seconds held its connection, and once its sender was known a
database connection, for as long as it liked. Here the body is read
first, under gevent.Timeout (where gevent has patched the sockets: under
gunicorn's gevent worker; elsewhere, as in Flask's test client, the body
is already there), into a spooled file that the app then reads; a body
not all there within the deadline is answered 408, one over the app's
limit 413 (a declared length at once, nothing read), and either
connection is then shut down: gunicorn reads the rest of an unread body,
with no deadline, before it would read a next request."""

import dataclasses
import json
import secrets
import socket
import tempfile
from typing import Callable, Iterable, Optional

from . import headers

try:
    import gevent
    from gevent import monkey
except ImportError:  # (the front refuses to start without gevent: children.check_front)
    gevent = monkey = None

# The seconds a request's body may take to arrive whole (serve --body-timeout).
BODY_SECONDS = 60.0
# Read by so many bytes; a body over SPOOL_BYTES waits on disk, not in memory.
CHUNK_BYTES, SPOOL_BYTES = 65536, 1 << 20


class TooSlow(Exception):
    """The body did not arrive within the deadline."""


def declared_length(environ: dict) -> Optional[int]:
    """The body's Content-Length (None when absent or not a number)."""
    try:
        return int(environ.get("CONTENT_LENGTH") or "")
    except ValueError:
        return None


def has_body(environ: dict) -> bool:
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    return chunked or (declared_length(environ) or 0) > 0


def copy_body(stream, spool, wanted: int) -> int:
    """Up to WANTED bytes of STREAM (less at its end) into SPOOL; how many."""
    size = 0
    while size < wanted:
        chunk = stream.read(min(CHUNK_BYTES, wanted - size))
        if not chunk:
            break
        spool.write(chunk)
        size += len(chunk)
    return size


def sockets_yield() -> bool:
    """True where a blocked read yields to gevent's loop (its Timeout can end it)."""
    return monkey is not None and monkey.is_module_patched("socket")


def read_within(stream, wanted: int, seconds: float):
    """The spooled body (at its start) and its size; TooSlow past SECONDS."""
    spool = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)
    try:
        if sockets_yield():
            with gevent.Timeout(seconds, TooSlow):
                size = copy_body(stream, spool, wanted)
        else:
            size = copy_body(stream, spool, wanted)
    except BaseException:
        spool.close()
        raise
    spool.seek(0)
    return spool, size


class Closing:
    """A response's body that, once the server has written it, shuts the
    connection down (SOCKET: gunicorn's, in the environ): the rest of the
    request's body is then never waited for."""

    def __init__(self, chunks: Iterable[bytes], connection: Optional[socket.socket]):
        self.chunks, self.connection = chunks, connection

    def __iter__(self):
        return iter(self.chunks)

    def close(self):
        if self.connection is not None:
            try:
                self.connection.shutdown(socket.SHUT_RDWR)
            except OSError:  # (the client has gone already)
                pass


def refuse(environ: dict, start_response: Callable, status: str, message: str) -> Closing:
    """STATUS, in the API's shape ({"error": MESSAGE}) with the headers of
    every answer (headers.py), the connection then shut down."""
    text = json.dumps({"error": message}).encode()
    start_response(status, [("Content-Type", "application/json"), ("Content-Length", str(len(text)))]
                   + headers.pairs(secrets.token_urlsafe(16)))
    return Closing([text], environ.get("gunicorn.socket"))


@dataclasses.dataclass(frozen=True)
class Bounds:
    """SECONDS a body may take to arrive; LIMIT the largest the app takes
    (its MAX_CONTENT_LENGTH); UPLOAD_LIMIT the upload's, as students are told."""

    seconds: float
    limit: int
    upload_limit: int


class BodyDeadline:
    """The WSGI app APP, called once the body is all there, within BOUNDS;
    LOG(**fields): a line for each body too slow."""

    def __init__(self, app: Callable, bounds: Bounds, log: Callable = lambda **fields: None):
        self.app, self.bounds, self.log = app, bounds, log

    def __call__(self, environ: dict, start_response: Callable):
        if not has_body(environ):
            return self.app(environ, start_response)
        length = declared_length(environ)
        if length is not None and length > self.bounds.limit:
            return self.too_large(environ, start_response)
        # (a chunked body is read to its end or one byte past the limit)
        wanted = length if length is not None else self.bounds.limit + 1
        try:
            spool, size = read_within(environ["wsgi.input"], wanted, self.bounds.seconds)
        except TooSlow:
            self.log(method=environ.get("REQUEST_METHOD"), path=environ.get("PATH_INFO"),
                     seconds=self.bounds.seconds, remote=environ.get("REMOTE_ADDR"))
            return refuse(environ, start_response, "408 Request Timeout",
                          "the upload did not arrive within %g seconds: the connection may be slow; "
                          "try again" % self.bounds.seconds)
        if size > self.bounds.limit:
            spool.close()
            return self.too_large(environ, start_response)
        environ["wsgi.input"], environ["CONTENT_LENGTH"] = spool, str(size)
        try:
            return self.app(environ, start_response)
        finally:
            # (the app has read the body by now: Flask's response is made)
            spool.close()

    def too_large(self, environ: dict, start_response: Callable) -> Closing:
        return refuse(environ, start_response, "413 Request Entity Too Large",
                      "the upload is over %d bytes" % self.bounds.upload_limit)
