"""Uploads and the cache against a real service with a worker (issue 40,
finding 9): a cached answer is the student's own (their submission ID,
no other student's, no path of the server), a file named `program` in
an upload is not run as if it were the build's product (the sources are
built), and a file name with a newline is refused with a JSON error
instead of being split in two."""

import io
import tempfile
import unittest
import zipfile

import pytest

from harness.serve import programs
from harness.serve.client import ROOT, Service, Visitor, request, submit, wait_final, write_roster


class UploadsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.tmp.cleanup)
        cls.tokens = write_roster(cls.tmp.name, ["ann", "ben", "cat", "dan"])
        cls.service = Service(cls.tmp.name, ["--workers", "1", "--category", "official", "--timeout", "2"])
        cls.addClassCleanup(cls.service.stop)
        cls.service.start()

    def page(self, name, sid):
        visitor = Visitor(self.service)
        visitor.login(self.tokens[name])
        status, _, text = visitor.call("/submissions/" + sid)
        self.assertEqual(status, 200)
        return text

    def assert_no_server_path(self, text):
        for path in (self.tmp.name, ROOT + "/", "/work/"):
            self.assertNotIn(path, text)

    @pytest.mark.slow
    def test_a_cached_answer_is_the_students_own(self):
        sources = programs.sources("wrong", "the same for both")
        first = submit(self.service, self.tokens["ann"], sources)[2]
        done = wait_final(self.service, self.tokens["ann"], first["id"])
        self.assertEqual((done["state"], done["cached"]), ("done", False))
        self.assert_no_server_path(self.page("ann", first["id"]))
        status, _, second = submit(self.service, self.tokens["ben"], sources)
        self.assertEqual((status, second["cached"]), (202, True))
        answer = request(second["url"], self.tokens["ben"])[2]
        self.assertEqual((answer["id"], answer["passed"], answer["failed"]), (second["id"], 0, done["failed"]))
        for text in (str(answer), self.page("ben", second["id"])):
            self.assertNotIn(first["id"], text)
            self.assert_no_server_path(text)

    def test_a_file_named_program_is_not_run_as_the_product(self):
        sources = dict(programs.sources("correct", "with a program"), program=b"#!/bin/sh\necho pwned\n")
        status, _, body = submit(self.service, self.tokens["cat"], sources)
        self.assertEqual(status, 202)
        final = wait_final(self.service, self.tokens["cat"], body["id"], timeout=240)
        self.assertEqual((final["state"], final["compiled"]), ("done", True), final)
        self.assertEqual(final["passed"], final["total"], final)
        self.assertIn("program", final["files"])

    def test_a_newline_in_a_file_name_is_refused(self):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as archive:
            archive.writestr("main.c", programs.WRONG)
            archive.writestr("evil\nmain.c", programs.WRONG)
        status, headers, body = submit(self.service, self.tokens["dan"], {"a.zip": buffer.getvalue()})
        self.assertEqual(status, 400)
        self.assertTrue(headers["Content-Type"].startswith("application/json"))
        self.assertIn("control character", body["error"])
        self.assertEqual(request(self.service.base + "/api/submissions", self.tokens["dan"])[2]["submissions"], [])


if __name__ == "__main__":
    unittest.main()
