"""`python3 -m harness.mark` against the record of scripts/mark as it was
in bash (class_record.py, class-record/record.json): the same small class,
the same runs; every exit status, line printed, mark, file written must be
the record's. And the keys: made from the hashes the record's were made
with, the port's keys are the record's, byte for byte (so that a class
marked before the port, resumed after it, marks nothing again while the
checking code is unchanged)."""

import dataclasses
import json
import os
import tempfile
import unittest
from pathlib import Path

import pytest

from harness import hashes, paths
from harness.mark.cli import options as command_line
from harness.mark.cli import submissions
from harness.mark.slug import slug
from harness.mark.tests import class_record

MARK = ["/usr/bin/python3", "-B", "-m", "harness.mark"]


class ClassRecordTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.record = json.loads(class_record.RECORD.read_text(encoding="utf-8"))
        cls.taken = class_record.take(MARK, dict(os.environ, PYTHONPATH=str(paths.SRC)))

    @pytest.mark.slow
    def test_every_run_is_the_record(self):
        self.assertEqual(sorted(self.taken["runs"]), sorted(self.record["runs"]))
        for label, recorded in self.record["runs"].items():
            taken = self.taken["runs"][label]
            for part in recorded:
                if part == "keys":
                    continue
                with self.subTest(run=label, part=part):
                    self.assertEqual(taken[part], recorded[part])

    def test_the_keys_are_the_records_from_its_hashes(self):
        recorded = self.record["runs"]["first"]["keys"]
        self.assertEqual(len(recorded), 5)
        with tempfile.TemporaryDirectory() as name:
            top = Path(name)
            class_record.make_class(top)
            given = command_line.parse(class_record.class_options(top, "out") + class_record.submissions(top))
            options = dataclasses.replace(given, profile="assignment")
            text = submissions.options_text(options, self.record["hashes"]["corpus"], self.record["hashes"]["tools"])
            folders = {slug(Path(p).name): Path(p) for p in class_record.submissions(top)}
            folders.pop(slug("Zed_Zip_HW4.zip"))
            folders["Zed_Zip"] = top / "zipped"
            made = {folder: submissions.key(text, hashes.tree_hash(path), "") for folder, path in folders.items()}
        self.assertEqual(made, recorded)

    def test_the_resumed_run_marked_nothing_again(self):
        self.assertEqual(self.taken["runs"]["resumed"]["keys"], self.taken["runs"]["first"]["keys"])
        self.assertIn("mark: 0 of 5 submissions to mark", self.taken["runs"]["resumed"]["stdout"][1])


if __name__ == "__main__":
    unittest.main()
