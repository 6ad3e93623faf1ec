"""test_intake.py -- src/harness/mark/intake on its own: the checkers handout's rule
over a student's attempts, extensions, the CSVs' checks (file:line), and
archives unpacked safely (hostile and broken ones built here, the file
system around them checked). Run by make unit.
"""

import contextlib
import io
import os
import pathlib
import stat
import tarfile
import tempfile
import unittest
import zipfile
from decimal import Decimal

from harness.mark.intake.__main__ import main as intake_main
from harness.mark.intake.archives import BadArchive, archive_name, unpack
from harness.mark.intake.attempts import Attempt, IntakeError, choose, read_extensions, read_submitted
from harness.mark.report.lateness import Lateness, parse_time
from harness.mark.report.rows import read_intake, read_tsv_rows

DEADLINE = parse_time("2021-10-15T18:00+11:00")


def attempt(time, line):
    return Attempt("ann", parse_time(time, DEADLINE.tzinfo), "/class/ann-%d" % line, "ann-%d" % line, line)


class Files(unittest.TestCase):
    def setUp(self):
        self.dir = pathlib.Path(self.enterContext(tempfile.TemporaryDirectory()))

    def file(self, name, text):
        path = self.dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return str(path)

    def intake(self, *args):
        """(exit status, stdout, stderr, {name: intake.tsv row}) of a run."""
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = intake_main(["--output", str(self.dir / "out")] + list(args))
        tsv = self.dir / "out" / "intake.tsv"
        rows = {r["name"]: r for r in read_tsv_rows(str(tsv))} if status == 0 else {}
        return status, out.getvalue(), err.getvalue(), rows


class RuleTest(unittest.TestCase):
    def test_a_late_attempt_after_on_time_ones_is_marked_with_the_penalty(self):
        # Listed out of order: the attempts are ordered by time, not by line.
        tried = [attempt("2021-10-16T09:00", 4), attempt("2021-10-14T12:00", 2), attempt("2021-10-15T17:00", 3)]
        choice = choose(tried, DEADLINE)
        self.assertEqual((choice.attempt.line, choice.number, choice.attempts), (4, 3, 3))
        self.assertIn("your 2 on-time attempts are ignored and the late penalty applies", choice.rule)

    def test_of_two_on_time_attempts_the_later_is_marked(self):
        choice = choose([attempt("2021-10-15T17:00", 3), attempt("2021-10-14T12:00", 2)], DEADLINE)
        self.assertEqual((choice.attempt.line, choice.number, choice.attempts), (3, 2, 2))
        self.assertEqual(choice.rule, "the last of your 2 attempts, all on time")

    def test_an_attempt_at_the_deadline_itself_is_on_time(self):
        choice = choose([attempt("2021-10-15T18:00:00", 2)], DEADLINE)
        self.assertEqual(choice.rule, "your only attempt, on time")
        late = choose([attempt("2021-10-15T18:00:01", 2)], DEADLINE)
        self.assertEqual(late.rule, "your only attempt, late: the late penalty applies")

    def test_all_late_equal_times_and_no_deadline(self):
        both = [attempt("2021-10-17T10:00", 2), attempt("2021-10-17T10:00", 3)]
        choice = choose(both, DEADLINE)
        self.assertEqual((choice.attempt.line, choice.number), (3, 2))
        self.assertIn("all late", choice.rule)
        self.assertEqual(choose(both, None).rule, "the last of your 2 attempts (no deadline)")

    def test_an_extension_judges_the_attempts(self):
        extension = parse_time("2021-10-18T18:00+11:00")
        tried = [attempt("2021-10-14T12:00", 2), attempt("2021-10-17T12:00", 3)]
        self.assertIn("late penalty", choose(tried, DEADLINE).rule)
        choice = choose(tried, extension, extended=True)
        self.assertEqual(choice.rule, "the last of your 2 attempts, all on time (judged against your extended deadline)")


class CsvTest(Files):
    def test_a_name_twice_without_folders_is_an_error_naming_both_lines(self):
        path = self.file("s.csv", "name,submitted\nann,2021-10-15T10:00\nbob,2021-10-15T11:00\nann,2021-10-16T10:00\n")
        with self.assertRaisesRegex(IntakeError, r"s\.csv:4: 'ann' is listed again \(first at line 2\)"):
            read_submitted(path, DEADLINE.tzinfo)

    def test_bad_rows_are_named_by_file_and_line(self):
        self.file("class/ann1/main.c", "int main(void) { return 0; }\n")
        for text, words in (("name,when\n", r"s\.csv:1: no column named submitted"),
                            ("name,submitted,folder\nann,2021-10-15T10:00,ann1\nann,yesterday,ann1\n",
                             r"s\.csv:3: 'yesterday' is not a date"),
                            ("name,submitted,folder\nann,2021-10-15T10:00,ann2\n",
                             r"s\.csv:2: no folder or archive 'ann2'"),
                            ("name,submitted,folder\nann,2021-10-15T10:00,\n", r"s\.csv:2: no folder for 'ann'")):
            with self.subTest(text=text), self.assertRaisesRegex(IntakeError, words):
                read_submitted(self.file("class/s.csv", text), DEADLINE.tzinfo)

    def test_folders_are_relative_to_the_csv_and_every_attempt_kept(self):
        self.file("class/ann1/main.c", "1\n")
        self.file("class/ann2/main.c", "2\n")
        path = self.file("class/s.csv", "Name,Submitted,Folder\nann,2021-10-15T10:00,ann1\nann,2021-10-15T11:00,ann2\n")
        has_folders, attempts = read_submitted(path, DEADLINE.tzinfo)
        self.assertTrue(has_folders)
        self.assertEqual([a.path for a in attempts["ann"]], [str(self.dir / "class/ann1"), str(self.dir / "class/ann2")])

    def test_extensions_are_checked(self):
        for text, words in (("name,deadline\nann,2021-10-18T18:00\nann,2021-10-19T18:00\n",
                             r"e\.csv:3: 'ann' is listed again"),
                            ("name,deadline\nann,2021-10-14T18:00\n", r"e\.csv:2: ann's extension .* is before"),
                            ("name,deadline\nann,soon\n", r"e\.csv:2: 'soon' is not a date")):
            with self.subTest(text=text), self.assertRaisesRegex(IntakeError, words):
                read_extensions(self.file("e.csv", text), DEADLINE)
        extensions = read_extensions(self.file("e.csv", "name,deadline\nann,2021-10-18T18:00\n"), DEADLINE)
        self.assertEqual(extensions["ann"][0], parse_time("2021-10-18T18:00+11:00"))

    def test_the_report_judges_the_marked_attempt_by_the_students_own_deadline(self):
        # ann: on time, then 2 days late (by the class deadline), no extension: the late one,
        # 2 days. bob: one attempt a day late, an extension of three days: on time.
        for folder in ("ann1", "ann2", "bob1"):
            self.file("class/%s/main.c" % folder, folder + "\n")
        submitted = self.file("class/s.csv", "name,submitted,folder\nann,2021-10-15T10:00,ann1\n"
                                             "ann,2021-10-17T10:00,ann2\nbob,2021-10-16T10:00,bob1\n")
        extensions = self.file("e.csv", "name,deadline\nbob,2021-10-18T18:00\nnobody,2021-10-18T18:00\n")
        status, _, err, rows = self.intake("--deadline", DEADLINE.isoformat(), "--submitted", submitted,
                                           "--extensions", extensions)
        self.assertEqual(status, 0, err)
        self.assertIn("--extensions names 'nobody' (line 3), which is no submission of this run", err)
        self.assertEqual((rows["ann"]["path"], rows["ann"]["attempt"], rows["ann"]["attempts"], rows["ann"]["attempt_key"]),
                         (str(self.dir / "class/ann2"), "2", "2", "ann2"))
        self.assertEqual((rows["bob"]["deadline"], rows["bob"]["deadline_from"]), ("2021-10-18T18:00:00+11:00", "extension"))
        lateness = Lateness(DEADLINE.isoformat(), "2")
        self.assertEqual(lateness.assess("", rows["ann"])["late_days"], 2)
        self.assertEqual(lateness.assess("", rows["bob"])["late_days"], 0)
        self.assertEqual(lateness.assess("", dict(rows["bob"], deadline=""))["late_days"], 1)

    def test_times_without_a_zone_are_the_deadlines_and_shown_in_its_zone(self):
        # One time per name (no folder column): the class is named by its folders.
        for folder in ("ann", "bob"):
            self.file("class/%s/main.c" % folder, folder + "\n")
        submitted = self.file("times.csv", "Name,Submitted\nann,2021-10-15 18:30\nbob,2021-10-15T07:00Z\n"
                                           "cat,2021-10-15T07:00Z\n")
        status, _, err, rows = self.intake("--deadline", DEADLINE.isoformat(), "--submitted", submitted,
                                           str(self.dir / "class/ann"), str(self.dir / "class/bob"))
        self.assertEqual(status, 0, err)
        self.assertIn("--submitted names 'cat', which is no submission of this run", err)
        lateness = Lateness(DEADLINE.isoformat(), "2")
        ann, bob = lateness.assess("", rows["ann"]), lateness.assess("", rows["bob"])
        self.assertEqual((ann["late_days"], ann["late_penalty"]), (1, Decimal("2.00")))
        # 07:00 UTC is 18:00 at +11:00: on time; each shown in the deadline's zone,
        # whatever zone the CSV wrote.
        self.assertEqual((bob["late_days"], bob["submitted"]), (0, "2021-10-15T18:00:00+11:00"))
        self.assertEqual(ann["submitted"], "2021-10-15T18:30:00+11:00")
        path = self.file("t.csv", "name,submitted\nann,yesterday\n")
        with self.assertRaisesRegex(IntakeError, r"t\.csv:2: 'yesterday'"):
            read_submitted(path, DEADLINE.tzinfo)

    def test_the_report_reads_intake_tsv_back_cell_for_cell(self):
        # A folder name with a backslash (escaped in intake.tsv as \\) is the
        # same name when the report looks its row up.
        name = "ann\\b"
        self.file("class/%s/main.c" % name, "1\n")
        status, _, err, _ = self.intake(str(self.dir / "class" / name))
        self.assertEqual(status, 0, err)
        rows = read_intake(str(self.dir / "out"))
        self.assertEqual(list(rows), [name])
        self.assertEqual(rows[name]["path"], str(self.dir / "class" / name))

    def test_a_folder_column_names_the_class_alone(self):
        self.file("class/ann1/main.c", "1\n")
        submitted = self.file("class/s.csv", "name,submitted,folder\nann,2021-10-15T10:00,ann1\n")
        status, _, err, _ = self.intake("--submitted", submitted, str(self.dir / "class/ann1"))
        self.assertEqual(status, 2)
        self.assertIn("give no SUBMISSION besides it", err)


def zip_of(path, entries):
    """A zip at PATH of (name, bytes or None for a folder, mode) entries."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data, mode in entries:
            info = zipfile.ZipInfo(name)
            info.external_attr = mode << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data if data is not None else b"")
    return str(path)


def tar_of(path, entries):
    """A .tar.gz at PATH of (name, bytes, type, link) entries."""
    with tarfile.open(path, "w:gz") as archive:
        for name, data, kind, link in entries:
            info = tarfile.TarInfo(name)
            info.type, info.linkname, info.size, info.mode = kind, link, len(data), 0o644
            archive.addfile(info, io.BytesIO(data) if kind == tarfile.REGTYPE else None)
    return str(path)


def snapshot(root, leaving_out):
    """Every path under ROOT (its type, size and bytes) but LEAVING_OUT's."""
    seen = {}
    for folder, dirs, names in os.walk(root):
        for name in dirs + names:
            path = os.path.join(folder, name)
            if path == leaving_out or path.startswith(leaving_out + os.sep):
                continue
            info = os.lstat(path)
            data = pathlib.Path(path).read_bytes() if stat.S_ISREG(info.st_mode) else b""
            seen[os.path.relpath(path, root)] = (stat.S_IFMT(info.st_mode), info.st_size, data)
    return seen


class ArchiveTest(Files):
    def dest(self):
        return str(self.dir / "out" / "intake" / "ann" / "1")

    def test_names_as_the_hw4_handout_asks(self):
        for path, name in (("hw/First_Last_HW4.zip", "First_Last"), ("Ann_Lee_hw4.TAR.GZ", "Ann_Lee"),
                           ("bob.tgz", "bob"), ("_HW4.zip", "_HW4"), ("Ann_HW4_final.zip", "Ann_HW4_final")):
            self.assertEqual(archive_name(path), name)

    def test_a_single_top_folder_is_stripped_and_macos_metadata_left_out(self):
        path = zip_of(self.dir / "a.zip", [("hw4/", None, 0o40755), ("hw4/src/main.c", b"int x;\n", 0o100644),
                                           ("hw4/program", b"\x7fELF", 0o100755),
                                           ("__MACOSX/hw4/._main.c", b"junk", 0o100644)])
        unpack(path, self.dest())
        self.assertEqual(sorted(os.listdir(self.dest())), ["program", "src"])
        self.assertEqual(pathlib.Path(self.dest(), "src/main.c").read_bytes(), b"int x;\n")
        self.assertEqual(os.stat(os.path.join(self.dest(), "program")).st_mode & 0o777, 0o755)
        tgz = tar_of(self.dir / "b.tgz", [("a.c", b"a\n", tarfile.REGTYPE, ""), ("d/b.c", b"b\n", tarfile.REGTYPE, "")])
        unpack(tgz, self.dest())
        self.assertEqual(sorted(os.listdir(self.dest())), ["a.c", "d"])

    def assert_refused(self, path, words, limits=None):
        """PATH refused with WORDS, its folder left empty and nothing else
        under the test's folder changed (entries aim at it)."""
        (self.dir / "out" / "intake" / "ann").mkdir(parents=True, exist_ok=True)
        self.file("out/intake/ann/2/kept.c", "the second attempt's\n")
        before = snapshot(str(self.dir), self.dest())
        with self.assertRaisesRegex(BadArchive, words):
            unpack(path, self.dest(), limits)
        self.assertEqual(os.listdir(self.dest()), [])
        self.assertEqual(snapshot(str(self.dir), self.dest()), before)

    def test_hostile_zips_change_nothing_outside_their_folder(self):
        good = ("main.c", b"int main(void) { return 0; }\n", 0o100644)
        absolute = str(self.dir / "absolute.c")
        for entries, words in (
                ([good, ("../2/kept.c", b"overwritten\n", 0o100644)], r"'\.\./2/kept\.c' leaves the folder"),
                ([good, ("../../../../evil.c", b"x\n", 0o100644)], "leaves the folder"),
                ([good, ("sub\\..\\..\\evil.c", b"x\n", 0o100644)], "leaves the folder"),
                ([good, (absolute, b"x\n", 0o100644)], "has an absolute path"),
                ([good, ("link", str(self.dir).encode(), 0o120777)], "'link' is a symbolic link"),
                ([good, ("fifo", b"", 0o010644)], "is a special file")):
            with self.subTest(entries=entries[1][0]):
                self.assert_refused(zip_of(self.dir / "hostile.zip", entries), words)
                self.assertFalse(os.path.exists(absolute))

    def test_a_zip_bomb_stops_at_the_limits(self):
        # 5 files of 7 MiB of zeros (35 KiB zipped): each under 8 MiB a
        # file, together over 32 MiB; then one file of 9 MiB.
        zeros = bytes(7 << 20)
        self.assert_refused(zip_of(self.dir / "bomb.zip", [("f%d" % i, zeros, 0o100644) for i in range(5)]),
                            "unpacks to over 33554432 bytes, the limit")
        self.assert_refused(zip_of(self.dir / "one.zip", [("big", bytes(9 << 20), 0o100644)]),
                            "'big' is 9437184 bytes, over the limit of 8388608 a file")
        many = [("f%d.c" % i, b"x", 0o100644) for i in range(4)]
        self.assert_refused(zip_of(self.dir / "many.zip", many), "more than 3 files", {"files": 3})

    def test_hostile_tars_are_refused_even_after_good_members(self):
        good = ("main.c", b"int x;\n", tarfile.REGTYPE, "")
        for bad, words in ((("../evil.c", b"x", tarfile.REGTYPE, ""), "leaves the folder"),
                           (("link", b"", tarfile.SYMTYPE, "/etc/passwd"), "is a symbolic link"),
                           (("hard", b"", tarfile.LNKTYPE, "main.c"), "is a hard link"),
                           (("tty", b"", tarfile.CHRTYPE, ""), "is a special file")):
            with self.subTest(bad=bad[0]):
                self.assert_refused(tar_of(self.dir / "hostile.tar.gz", [good, bad]), words)

    def test_broken_archives_are_refused_with_a_reason(self):
        whole = zip_of(self.dir / "whole.zip", [("main.c", os.urandom(4000), 0o100644)])
        tgz = tar_of(self.dir / "whole.tgz", [("main.c", os.urandom(40000), tarfile.REGTYPE, "")])
        for name, data in (("garbage.zip", b"not a zip at all"),
                           ("cut.zip", pathlib.Path(whole).read_bytes()[:3000]),
                           ("cut.tgz", pathlib.Path(tgz).read_bytes()[:20000]),
                           ("garbage.tar.gz", b"\x1f\x8b\x08 not gzip")):
            with self.subTest(name=name):
                (self.dir / name).write_bytes(data)
                self.assert_refused(str(self.dir / name), "cannot unpack %s: " % name)

    def test_a_hostile_archive_gets_its_row_and_the_class_goes_on(self):
        self.file("class/bob/main.c", "int main(void) { return 0; }\n")
        hostile = zip_of(self.dir / "class/Ann_Lee_HW4.zip", [("../../evil.c", b"x", 0o100644)])
        status, out, err, rows = self.intake(hostile, str(self.dir / "class/bob"))
        self.assertEqual(status, 0, err)
        self.assertEqual((rows["Ann_Lee"]["state"], rows["bob"]["state"]), ("bad-archive", "ok"))
        self.assertIn("bad archive Ann_Lee_HW4.zip: entry '../../evil.c' leaves the folder", rows["Ann_Lee"]["reason"])
        self.assertIn("Ann_Lee: bad archive", out)
        self.assertFalse((self.dir / "out" / "intake" / "evil.c").exists())
        self.assertEqual(os.listdir(rows["Ann_Lee"]["path"]), [])


if __name__ == "__main__":
    unittest.main()
