"""Builds that fail, checked for real (scripts/serve with a worker, the
build in check-engine's sandbox; issue 42): a program without main is
told so in plain words, on the page's verdict and in the summary, instead
of the linker's `ld returned 1 exit status`; a compiler error is shown
as the first error with its file, line and source line; no path of the
server on the page or in the API."""

import html
import re
import unittest

import pytest

from harness.serve.client import ROOT, Visitor, service_for, submit, wait_final

NO_MAIN = b"int helper(void) { return 1; }\n"
SYNTAX = b"#include <stdio.h>\nint main(void) {\n    int x = ;\n    return 0;\n}\n"


class BuildsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        service_for(cls, ["ann", "ben"], ["--workers", "1", "--timeout", "2"])

    def checked(self, name, files):
        """(the API's final answer, the report page's text)."""
        status, _, body = submit(self.service, self.tokens[name], files)
        self.assertEqual(status, 202, body)
        final = wait_final(self.service, self.tokens[name], body["id"])
        self.assertEqual((final["state"], final["compiled"]), ("done", False), final)
        visitor = Visitor(self.service)
        visitor.login(self.tokens[name])
        status, _, page = visitor.call("/submissions/" + body["id"])
        self.assertEqual(status, 200)
        for path in (self.tmp.name, ROOT + "/", "/work/", "/usr/", "built/"):
            self.assertNotIn(path, page + str(final))
        return final, page

    @staticmethod
    def part(page, ident):
        found = re.search(r'<(p|div) id="%s"[^>]*>(.*?)</\1>' % ident, page, re.S)
        return html.unescape(re.sub(r"<[^>]+>", "", found.group(2))) if found else ""

    @pytest.mark.slow
    def test_no_main_in_plain_words(self):
        final, page = self.checked("ann", {"program.c": NO_MAIN})
        self.assertIn("no main function", final["summary"])
        self.assertEqual(self.part(page, "verdict"), "Your program has no main function")
        told = self.part(page, "build-error")
        self.assertIn("Your program has no main function: ", told)
        self.assertNotIn("ld returned", told)

    def test_the_first_compiler_error_with_its_line(self):
        final, page = self.checked("ben", {"main.c": SYNTAX, "notes.txt": b"x"})
        self.assertIn("main.c line 3: expected expression before", final["summary"])
        self.assertEqual(self.part(page, "verdict"), "Your program does not compile")
        told = " ".join(self.part(page, "build-error").split())
        self.assertIn("The compiler's first error, in main.c at line 3, column 13: expected expression", told)
        self.assertIn("3 | int x = ;", told)


if __name__ == "__main__":
    unittest.main()
