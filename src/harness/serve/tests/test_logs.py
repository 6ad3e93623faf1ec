"""The service's log lines (logs.py): logfmt written, read back as data."""

import random
import string
import unittest

from harness.serve import logs


class LogfmtTest(unittest.TestCase):
    def test_parse_reads_back_what_logfmt_wrote(self):
        rng = random.Random(7)
        alphabet = string.ascii_letters + ' ="\\=\t' + "é"
        for _ in range(500):
            fields = {"k%d" % n: rng.choice([None, "", "null", 3.5, "".join(
                rng.choice(alphabet) for _ in range(rng.randrange(8)))]) for n in range(rng.randrange(1, 6))}
            expected = {key: None if value is None else str(value) for key, value in fields.items()}
            self.assertEqual(logs.parse(logs.logfmt(**fields)), expected, logs.logfmt(**fields))

    def test_a_request_line_gives_its_milliseconds(self):
        line = logs.logfmt(time="2026-11-26T10:00:00+0000", component="front", event="request",
                           method="GET", path="/api/submissions/5", status=200, ms=3.2, student=None)
        fields = logs.parse(line + "\n")
        self.assertEqual((fields["event"], fields["ms"], fields["student"]), ("request", "3.2", None))


if __name__ == "__main__":
    unittest.main()
