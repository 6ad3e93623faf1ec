"""Uploads made safe: archives with paths outside, links, special files,
too many files, too much data, bad bytes; plain sources; the folder."""

import io
import os
import tarfile
import tempfile
import unittest
import zipfile

from harness.serve import unpack

GLOBS = ["*.c", "*.cpp", "*.cc", "*.java", "*.py"]


def tar_gz(entries):
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, kind, data in entries:
            info = tarfile.TarInfo(name)
            if kind == "file":
                info.size = len(data)
                archive.addfile(info, io.BytesIO(data))
            else:
                info.type = {"sym": tarfile.SYMTYPE, "hard": tarfile.LNKTYPE, "fifo": tarfile.FIFOTYPE}[kind]
                info.linkname = data.decode()
                archive.addfile(info)
    return buffer.getvalue()


def zipped(entries, link=None):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries:
            archive.writestr(name, data)
        if link:
            info = zipfile.ZipInfo(link)
            info.external_attr = (0o120777 << 16)
            archive.writestr(info, "/etc/passwd")
    return buffer.getvalue()


class UnpackTest(unittest.TestCase):
    def refused(self, uploads, words):
        with self.assertRaises(unpack.Unusable) as caught:
            unpack.unpack(uploads, GLOBS)
        self.assertIn(words, str(caught.exception))

    def test_sources(self):
        files = unpack.unpack([("a.c", b"int main;"), ("dir/b.h", b"")], GLOBS)
        self.assertEqual(sorted(files), ["a.c", "b.h"])

    def test_refusals(self):
        self.refused([], "no files")
        self.refused([("notes.txt", b"hi")], "no sources")
        self.refused([("x.zip", b"not a zip")], "not a readable .zip")
        self.refused([("x.tar.gz", b"not gzip")], "not a readable .tar.gz")
        self.refused([("x.zip", zipped([("../evil.c", b"")]))], "outside its folder")
        self.refused([("x.zip", zipped([("/abs.c", b"")]))], "outside its folder")
        self.refused([("x.zip", zipped([("a.c", b"")], link="l.c"))], "is a link")
        self.refused([("x.tar.gz", tar_gz([("a.c", "file", b""), ("l", "sym", b"/etc/passwd")]))], "is a link")
        self.refused([("x.tar.gz", tar_gz([("a.c", "file", b""), ("h", "hard", b"a.c")]))], "is a link")
        self.refused([("x.tar.gz", tar_gz([("a.c", "file", b""), ("f", "fifo", b"")]))], "not a plain file")
        self.refused([("x.tar.gz", tar_gz([("p/../../e.c", "file", b"")]))], "outside its folder")
        many = [("f%d.c" % n, b"") for n in range(unpack.MAX_FILES + 1)]
        self.refused([("x.zip", zipped(many))], "more than %d files" % unpack.MAX_FILES)
        big = b"\0" * (unpack.MAX_UNPACKED + 1)
        self.refused([("x.zip", zipped([("a.c", big)]))], "MiB once unpacked")

    def test_empty_and_binary_sources_are_refused(self):
        self.refused([("main.c", b"")], "the file 'main.c' is empty")
        self.refused([("main.c", b"int main;"), ("board.c", b"")], "the file 'board.c' is empty")
        self.refused([("x.zip", zipped([("a.c", b""), ("b.c", b"")]))], "every source file is empty (a.c, b.c)")
        self.refused([("main.c", b"\x7fELF\x02\x01\x01\0\0")], "holds a NUL byte (at byte 8)")
        self.refused([("x.tar.gz", tar_gz([("a.c", "file", b"int main;\0")]))], "'a.c' is not a text file")
        self.refused([("main.c", b"int main;\xff\x01")], "neither UTF-8 nor 8-bit text (byte 11 is the control")

    def test_text_sources_are_taken(self):
        """UTF-8, 8-bit text (an accent in a comment), an empty source beside
        others (Python's __init__.py), a file that is no source as it is, even empty."""
        for text in ("/* café */ int main;".encode(), b"/* caf\xe9 */\r\n\tint main;\f\v"):
            self.assertEqual(unpack.unpack([("main.c", text)], GLOBS), {"main.c": text})
        files = unpack.unpack([("x.zip", zipped([("main.py", b"print(1)\n"), ("__init__.py", b"")]))], GLOBS)
        self.assertEqual(sorted(files), ["__init__.py", "main.py"])
        files = unpack.unpack([("a.c", b"int main;"), ("logo.png", b"\x89PNG\0\x01"), ("notes.txt", b"")], GLOBS)
        self.assertEqual(sorted(files), ["a.c", "logo.png", "notes.txt"])

    def test_control_characters_in_names_are_refused(self):
        """A newline split a name in two where names are listed one a line."""
        for name in ("a\nb.c", "a\rb.c", "a\tb.c", "a\x7fb.c", "a\x1bb.c"):
            self.refused([(name, b"int main;")], "control character")
            self.refused([("x.zip", zipped([(name, b"int main;")]))], "control character")
            self.refused([("x.tar.gz", tar_gz([(name, "file", b"int main;")]))], "control character")

    def test_products_are_left_out_of_the_folder_checked(self):
        blob = unpack.files_blob({"program": b"#!/bin/sh\n", "main.c": b"x", "sub/program": b"y"})
        with tempfile.TemporaryDirectory() as folder:
            unpack.write_folder(blob, folder, ("program",))
            self.assertEqual(sorted(os.listdir(folder)), ["main.c", "sub"])
            self.assertEqual(os.listdir(os.path.join(folder, "sub")), ["program"])

    def test_archive_of_one_folder_and_round_trip(self):
        files = unpack.unpack([("p.tar.gz", tar_gz([("proj/a.c", "file", b"x"), ("proj/b.h", "file", b"y")]))],
                              GLOBS)
        self.assertEqual(files, {"a.c": b"x", "b.h": b"y"})
        blob = unpack.files_blob(files)
        self.assertEqual(blob, unpack.files_blob(dict(files)))
        with tempfile.TemporaryDirectory() as folder:
            unpack.write_folder(blob, folder)
            self.assertEqual(sorted(os.listdir(folder)), ["a.c", "b.h"])
        self.assertEqual(unpack.sources_hash(files), unpack.sources_hash(unpack.from_zip(zipped(files.items()))))
        self.assertNotEqual(unpack.sources_hash(files), unpack.sources_hash({"a.c": b"x"}))


if __name__ == "__main__":
    unittest.main()
