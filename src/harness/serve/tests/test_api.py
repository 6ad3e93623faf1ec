"""The API case by case against a real service (scripts/serve on
127.0.0.1): every refusal, the queue's positions, supersede, 503 when the
queue is full, 429 past a student's limit, and two students who cannot
see each other's submissions. A service without workers keeps the queue
still; test_checking.py has the one that checks."""

import io
import tempfile
import unittest
import zipfile

from harness.serve import programs
from harness.serve.client import Service, request, submit, write_roster


class ApiTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.tokens = write_roster(cls.tmp.name, ["ann", "ben", "cat", "dan", "eve"] + ["fill%d" % n for n in range(5)])
        cls.service = Service(cls.tmp.name, ["--workers", "0", "--queue-limit", "5", "--student-limit", "4",
                                             "--upload-limit", "20000"])
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.addClassCleanup(cls.service.stop)
        cls.service.start()

    def post(self, name, files):
        return submit(self.service, self.tokens[name] if name else None, files)

    def test_healthz(self):
        status, _, body = request(self.service.base + "/healthz")
        self.assertEqual((status, body["ok"]), (200, True))

    def test_401_without_a_known_token(self):
        self.assertEqual(self.post(None, programs.sources("wrong"))[0], 401)
        self.assertEqual(submit(self.service, "not-a-token", programs.sources("wrong"))[0], 401)
        self.assertEqual(request(self.service.base + "/api/submissions")[0], 401)
        self.assertEqual(request(self.service.base + "/api/submissions/x", "nope")[0], 401)

    def test_400_for_unusable_uploads(self):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            archive.writestr("../escape.c", "int main;")
        for files, words in (({}, "no files"), ({"notes.txt": b"hi"}, "no sources"),
                             ({"a.zip": b"garbage"}, "not a readable"),
                             ({"a.zip": buffer.getvalue()}, "outside its folder")):
            status, _, body = self.post("eve", files)
            self.assertEqual(status, 400, files.keys())
            self.assertIn(words, body["error"])
        self.assertEqual(request(self.service.base + "/api/submissions", self.tokens["eve"])[2]["submissions"], [])

    def test_413_over_the_size_limit(self):
        status, _, body = self.post("eve", {"program.c": b"/*" + b"x" * 30000 + b"*/"})
        self.assertEqual(status, 413)
        self.assertIn("error", body)

    def test_supersede_positions_503_and_history(self):
        status, headers, first = self.post("ann", programs.sources("wrong", "ann 1"))
        self.assertEqual((status, first["state"]), (202, "queued"))
        self.assertTrue(first["url"].endswith("/api/submissions/" + first["id"]))
        self.assertEqual(headers["Location"], first["url"])
        ben = self.post("ben", programs.sources("wrong", "ben 1"))[2]
        second = self.post("ann", programs.sources("broken", "ann 2"))[2]
        self.assertEqual(request(first["url"], self.tokens["ann"])[2]["state"], "superseded")
        ahead = request(ben["url"], self.tokens["ben"])[2]["position"]
        self.assertEqual(request(second["url"], self.tokens["ann"])[2]["position"], ahead + 1)
        self.assertEqual(self.post("cat", programs.sources("wrong", "cat 1"))[0], 202)
        fillers = iter(range(5))
        while request(self.service.base + "/healthz")[0] == 200:
            self.assertEqual(self.post("fill%d" % next(fillers), programs.sources("wrong"))[0], 202)
        status, headers, body = self.post("dan", programs.sources("wrong", "dan 1"))
        self.assertEqual(status, 503)
        self.assertGreaterEqual(int(headers["Retry-After"]), 1)
        self.assertEqual(request(self.service.base + "/healthz")[0], 503)
        # a student's own new upload replaces theirs and never grows the queue
        self.assertEqual(self.post("cat", programs.sources("wrong", "cat 2"))[0], 202)
        history = request(self.service.base + "/api/submissions", self.tokens["ann"])[2]["submissions"]
        self.assertEqual([h["id"] for h in history], [second["id"], first["id"]])
        # another student's submission is not found, by the API or the page
        self.assertEqual(request(ben["url"], self.tokens["ann"])[0], 404)
        self.assertEqual(request(self.service.base + "/submissions/" + ben["id"], self.tokens["ann"])[0], 404)
        self.assertNotIn(ben["id"], str(request(self.service.base + "/api/submissions", self.tokens["ann"])[2]))

    def test_forms_refuse_a_post_without_the_csrf_token(self):
        status, _, page = request(self.service.base + "/submit", self.tokens["dan"], [("a.c", b"int main;")])
        self.assertEqual(status, 400)
        self.assertIn("CSRF", page)
        self.assertEqual(request(self.service.base + "/api/submissions", self.tokens["dan"])[2]["submissions"], [])

    def test_429_past_the_students_limit(self):
        for n in range(4):
            self.assertEqual(self.post("eve", programs.sources("wrong", "eve %d" % n))[0], 202)
        status, headers, body = self.post("eve", programs.sources("wrong", "eve 5"))
        self.assertEqual(status, 429)
        self.assertGreater(int(headers["Retry-After"]), 3500)
        self.assertIn("limit", body["error"])


if __name__ == "__main__":
    unittest.main()
