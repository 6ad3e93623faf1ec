"""Uploads refused before anything is queued (issue 42): an empty source
file, a source file that is not text (a compiled program named main.c,
bytes that are neither UTF-8 nor 8-bit text), no source of the game's
languages. Each is a 400 with its reason as JSON from the API and on the
page, leaves no submission, and does not count against the student's
hourly limit (here 1: the one upload that is taken after them)."""

import unittest

from harness.serve import programs
from harness.serve.client import Visitor, request, service_for, submit

# (files, words of the reason)
REFUSED = (
    ({"main.c": b""}, "the file 'main.c' is empty"),
    ({"main.c": b"\x7fELF\x02\x01\x01\0\0\0"}, "'main.c' is not a text file: it holds a NUL byte"),
    ({"main.c": b"int main(void) { return 0; }\n\xff\x01\x02"}, "neither UTF-8 nor 8-bit text"),
    ({"notes.txt": b"my program\n"}, "no sources"),
)


class RefusalsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        service_for(cls, ["ann", "ben"], ["--workers", "0", "--student-limit", "1"])

    def history(self, name):
        return request(self.service.base + "/api/submissions", self.tokens[name])[2]["submissions"]

    def assert_limit_untouched(self, name):
        """Nothing was stored, and the one upload of the hour is still free."""
        self.assertEqual(self.history(name), [])
        self.assertEqual(submit(self.service, self.tokens[name], programs.sources("wrong", name))[0], 202)
        self.assertEqual(submit(self.service, self.tokens[name], programs.sources("wrong", name + " 2"))[0], 429)

    def test_the_api_refuses_with_the_reason(self):
        for files, words in REFUSED:
            status, headers, body = submit(self.service, self.tokens["ann"], files)
            self.assertEqual(status, 400, (files, body))
            self.assertTrue(headers["Content-Type"].startswith("application/json"))
            self.assertIn(words, body["error"])
        self.assert_limit_untouched("ann")

    def test_the_page_refuses_with_the_reason(self):
        visitor = Visitor(self.service)
        visitor.login(self.tokens["ben"])
        for files, words in REFUSED:
            status, _, page = visitor.call("/submit", form={"csrf": visitor.csrf()}, files=sorted(files.items()))
            self.assertEqual(status, 400, page)
            self.assertIn('id="error"', page)
            self.assertIn(words.replace("'", "&#39;"), page)
        self.assert_limit_untouched("ben")


if __name__ == "__main__":
    unittest.main()
