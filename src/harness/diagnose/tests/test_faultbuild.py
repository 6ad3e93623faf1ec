"""harness.diagnose.faultbuild: a faulted reference and the folders made
for it are every user's (0755) whatever the caller's umask, as
harness.sandbox.ensure_built's programs are: under the service (umask
077) they were 0700, closing them to check-engine run by another user."""
import contextlib
import io
import os
import shutil
import stat
import tempfile
import unittest

from harness.diagnose import build_faults, catalogue, faultbuild


def mode(path):
    return stat.S_IMODE(os.stat(path).st_mode)


class FaultBuildUmaskTest(unittest.TestCase):
    def setUp(self):
        self.build = tempfile.mkdtemp(prefix="test-faultbuild.")
        self.addCleanup(shutil.rmtree, self.build, True)
        os.chmod(self.build, 0o755)
        old = os.umask(0o077)  # (the service's)
        self.addCleanup(os.umask, old)

    def test_a_fault_built_under_umask_077_is_0755_with_its_folders(self):
        faults = catalogue.Catalogue()
        code = faults.read("checkers")[0]["code"]
        # (-O0: the test is about the files' modes, not the code)
        builder = faultbuild.Builder(self.build, "cc", "-std=c11 -O0", faults)
        target = builder.build("checkers", [code])
        self.assertEqual(target, catalogue.binary(self.build, "checkers", [code]))
        self.assertTrue(os.access(target, os.X_OK))
        self.assertEqual(oct(mode(target)), oct(0o755))
        for folder in (os.path.join(self.build, "faults"), os.path.dirname(target), target + ".src"):
            self.assertEqual(oct(mode(folder)), oct(0o755), folder)
        for source in os.listdir(target + ".src"):
            self.assertEqual(oct(mode(os.path.join(target + ".src", source)) & 0o044), oct(0o044), source)

    def test_make_folders_makes_the_missing_ones_0755_and_leaves_the_others(self):
        os.chmod(self.build, 0o700)
        faultbuild.make_folders(os.path.join(self.build, "a", "b"))
        self.assertEqual(oct(mode(self.build)), oct(0o700))
        self.assertEqual(oct(mode(os.path.join(self.build, "a"))), oct(0o755))
        self.assertEqual(oct(mode(os.path.join(self.build, "a", "b"))), oct(0o755))


if __name__ == "__main__":
    unittest.main()


class BuildFaultsTest(unittest.TestCase):
    """build_faults builds side by side (--jobs): a build that fails is
    said and counted, and the others are still built."""

    def test_side_by_side_a_failed_build_is_counted_and_the_others_built(self):
        build = tempfile.mkdtemp(prefix="test-build-faults.")
        self.addCleanup(shutil.rmtree, build, True)
        codes = [row["code"] for row in catalogue.Catalogue().read("checkers")[:3]]
        said = io.StringIO()
        with contextlib.redirect_stderr(said):
            status = build_faults.main(["checkers/" + codes[0], "checkers/no-such-fault", "checkers/" + codes[1],
                                        "checkers/" + codes[2], "--build", build, "--jobs", "3",
                                        "--cc", "cc", "--flags", "-std=c11 -O0"])
        self.assertEqual(status, 1)
        self.assertIn("no fault no-such-fault in faults/checkers.tsv", said.getvalue())
        for code in codes:
            self.assertTrue(os.access(catalogue.binary(build, "checkers", [code]), os.X_OK), code)
