"""test_authorship.py -- the Authorship Declaration's three cases (signed,
unsigned with the skeleton's placeholders, missing) on small files written
here in the skeleton's shape, and a program of several files. Run by
make unit.
"""

import unittest

from harness.mark import authorship
from harness.mark.tests.test_marking import Files

# The skeleton's shape, in words of our own: a heading, a numbered
# paragraph, the two lines to fill in.
DECLARATION = """/* Solution to an assignment, by a student.

   Student Authorship Declaration:

   (1) I certify that except for the code provided in the initial skeleton
   file, the program contained in this submission is my own work.

   Signed by: {signed}
   Dated:     {dated}

*/

#include <stdio.h>
"""
PLACEHOLDERS = {"signed": "[Enter your full name and student number here before submission]",
                "dated": '[Enter the date that you "signed" the declaration]'}


def program(signed, dated="1 October 2021"):
    return DECLARATION.format(signed=signed, dated=dated) + "int main(void) { return 0; }\n"


class DeclarationTest(Files):
    def write(self, name, text):
        (self.dir / name).parent.mkdir(parents=True, exist_ok=True)
        self.file(name, text)

    def test_signed_with_a_name(self):
        self.write("main.c", program("Ann Example 1234567"))
        verdict, detail = authorship.detect(str(self.dir))
        self.assertEqual(verdict, "signed")
        self.assertIn("main.c:3: signed by Ann Example 1234567", detail)

    def test_the_skeletons_placeholders_are_unsigned(self):
        self.write("main.c", program(PLACEHOLDERS["signed"], PLACEHOLDERS["dated"]))
        self.assertEqual(authorship.detect(str(self.dir))[0], "unsigned")

    def test_an_empty_signed_by_line_or_digits_alone_are_unsigned(self):
        for signed in ("", "   ", "1234567", "[Enter your full name] 1234567"):
            with self.subTest(signed=signed):
                self.assertEqual(authorship.declaration(program(signed))[0], "unsigned")

    def test_a_name_in_the_brackets_or_on_the_next_line_is_signed(self):
        self.assertEqual(authorship.declaration(program("[Bo Li 7654321]"))[0], "signed")
        self.assertEqual(authorship.declaration(program("\n   Bo Li, 7654321"))[:3], ("signed", 3, "Bo Li, 7654321"))
        # Windows line ends read alike.
        self.write("crlf.c", program("Cy Doe").replace("\n", "\r\n"))
        self.assertEqual(authorship.detect(str(self.dir))[0], "signed")

    def test_missing_without_a_declaration(self):
        self.write("main.c", "/* my checkers program */\n#include <stdio.h>\nint main(void) { return 0; }\n")
        self.write("notes.txt", program("Not A Source"))
        verdict, detail = authorship.detect(str(self.dir))
        self.assertEqual((verdict, detail), ("missing", "no source file holds an Authorship Declaration"))

    def test_a_declaration_without_a_signed_by_line_is_unsigned(self):
        text = program("x").replace("   Signed by: x\n", "")
        self.assertEqual(authorship.declaration(text)[0], "unsigned")

    def test_signed_by_words_in_the_code_after_the_comment_do_not_sign(self):
        text = program("") + "/* Signed by: Someone Else */\n"
        self.assertEqual(authorship.declaration(text)[0], "unsigned")

    def test_a_comment_naming_the_declaration_before_it_does_not_hide_it(self):
        text = "/* Skeleton by the staff; the Authorship Declaration is below. */\n" + program("Eve Example")
        self.assertEqual(authorship.declaration(text)[:2], ("signed", 4))

    def test_several_files_the_best_declaration_counts(self):
        self.write("board.c", program(PLACEHOLDERS["signed"]))
        self.write("src/main.c", program("Dee Example"))
        self.write("rules.c", "int rules;\n")
        verdict, detail = authorship.detect(str(self.dir))
        self.assertEqual(verdict, "signed")
        self.assertTrue(detail.startswith("src/main.c:3:"), detail)
        (self.dir / "src" / "main.c").unlink()
        self.assertEqual(authorship.detect(str(self.dir))[1].split(":")[0], "board.c")


if __name__ == "__main__":
    unittest.main()
