"""A slow request body (body.py): a client sending an upload a byte at a
time held its connection for as long as it liked (gunicorn bounds the
header only). Against the real front (127.0.0.1, --body-timeout 2): a
body dribbled past the deadline is answered 408 within a few seconds and
its connection closed, said in the log; a body dribbled but whole within
the deadline reaches the app; a body declared over the limit is refused
(413) without being waited for."""

import io
import json
import os
import select
import socket
import tempfile
import time
import unittest

from harness.serve import body
from harness.serve.client import Service, write_roster

BODY_SECONDS = 2
# The slow client: a byte every DRIBBLE_SECONDS, for at most GIVE_UP_SECONDS.
DRIBBLE_SECONDS, GIVE_UP_SECONDS = 0.5, 12.0


def head(length, token):
    """A student's upload (TOKEN a student's: the app reads the body)."""
    return (b"POST /api/submissions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\n"
            b"Content-Type: multipart/form-data; boundary=sbx\r\nContent-Length: %d\r\n\r\n" % (token.encode(), length))


class Answer:
    """What the server sent back to a dribbling client, and when."""

    def __init__(self):
        self.data, self.after, self.closed = b"", None, False

    def status(self):
        return int(self.data.split(b" ", 2)[1]) if self.data.startswith(b"HTTP/1.1 ") else None

    def json(self):
        return json.loads(self.data.split(b"\r\n\r\n", 1)[1])


def dribble(port, token, length, sent_bytes, every=DRIBBLE_SECONDS):
    """Sends TOKEN's upload's header declaring LENGTH bytes, then SENT_BYTES of its
    body one every EVERY seconds, reading what comes back: until the
    server closes, 2 s after its answer, or GIVE_UP_SECONDS."""
    answer, sent = Answer(), 0
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(head(length, token))
        started = time.monotonic()
        while time.monotonic() - started < GIVE_UP_SECONDS:
            if answer.after is not None and time.monotonic() - started > answer.after + 2:
                break
            if select.select([connection], [], [], every)[0]:
                chunk = connection.recv(65536)
                if not chunk:
                    answer.closed = True
                    break
                answer.data += chunk
                answer.after = answer.after if answer.after is not None else time.monotonic() - started
            elif sent < sent_bytes:
                connection.sendall(b"x")
                sent += 1
    return answer


class SlowBodyTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.token = write_roster(cls.folder.name, ["ann"])["ann"]
        cls.service = Service(cls.folder.name, ["--workers", "0", "--body-timeout", str(BODY_SECONDS)])
        try:
            cls.service.start()
        except BaseException:
            cls.tearDownClass()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.service.stop()
        cls.folder.cleanup()

    def test_a_body_dribbled_past_the_deadline_is_408_and_closed(self):
        answer = dribble(self.service.port, self.token, 1000, 1000)
        self.assertEqual(answer.status(), 408, answer.data)
        self.assertGreaterEqual(answer.after, BODY_SECONDS - 0.5)
        self.assertLess(answer.after, BODY_SECONDS + 6)  # (a loaded machine's margin; without a bound, no answer)
        self.assertTrue(answer.closed, "the connection was left open")
        self.assertIn("did not arrive within 2 seconds", answer.json()["error"])
        self.assertIn(b"\r\nX-Content-Type-Options: nosniff\r\n", answer.data)  # (headers.py's, as every answer)
        with open(os.path.join(self.folder.name, "serve.log"), encoding="utf-8") as log:
            self.assertIn("event=slow-body method=POST path=/api/submissions seconds=2", log.read())

    def test_a_body_dribbled_but_whole_within_the_deadline_reaches_the_app(self):
        answer = dribble(self.service.port, self.token, 8, 8, every=0.1)
        self.assertEqual(answer.status(), 400, answer.data)  # (the app's: eight x are no upload)
        self.assertNotIn("did not arrive", answer.json()["error"])

    def test_a_body_declared_over_the_limit_is_refused_without_waiting(self):
        answer = dribble(self.service.port, self.token, 64 << 20, 0)
        self.assertEqual(answer.status(), 413, answer.data)  # (not 408: not waited for)
        self.assertEqual(answer.json()["error"], "the upload is over 1048576 bytes")
        self.assertTrue(answer.closed, "the connection was left open, for a body that will never come")


class ChunkedBodyTest(unittest.TestCase):
    """A chunked body (no length declared), through the middleware alone."""

    def call(self, data):
        seen, answered = {}, []

        def app(environ, start_response):
            seen["body"], seen["length"] = environ["wsgi.input"].read(), environ["CONTENT_LENGTH"]
            start_response("200 OK", [])
            return [b"ok"]

        middleware = body.BodyDeadline(app, body.Bounds(seconds=2, limit=10, upload_limit=8))
        environ = {"REQUEST_METHOD": "POST", "HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input": io.BytesIO(data)}
        answer = b"".join(middleware(environ, lambda status, pairs: answered.append(status)))
        return answered[0], answer, seen

    def test_one_within_the_limit_reaches_the_app_whole_with_its_length(self):
        status, answer, seen = self.call(b"0123456789")
        self.assertEqual((status, answer), ("200 OK", b"ok"))
        self.assertEqual(seen, {"body": b"0123456789", "length": "10"})

    def test_one_past_the_limit_is_413_and_never_reaches_the_app(self):
        status, answer, seen = self.call(b"0123456789X")
        self.assertEqual(status, "413 Request Entity Too Large")
        self.assertEqual(json.loads(answer), {"error": "the upload is over 8 bytes"})
        self.assertEqual(seen, {})


if __name__ == "__main__":
    unittest.main()
