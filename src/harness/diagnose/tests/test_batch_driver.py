"""The batch driver (src/diagnose/batch/) on a toy program that leans on
everything a fresh process gives: its runs in one runner, the memory put
back before each, answer exactly as each run in a child of its own
(--fork-each, as every run was made before): a static counter still 1
(its data in the file's pages and in anonymous ones), a heap and a large allocation left behind, atexit's handlers and exit's
flush, a crash, a hang, the file numbers, a signal's handler, standard
input and the setting; and they are made in one process, where the
runs do not end it."""
import os
import subprocess
import tempfile
import unittest

import pytest

from harness.diagnose import batch

TOY = r"""
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int runs;
static char greeting[16] = "fresh";
static char zeroes[1 << 18];  /* (past the file's pages: anonymous memory) */

static void bye(void) { printf("bye %d\n", runs); }

int main(int argc, char **argv)
{
    const char *what = argc > 1 ? argv[1] : "";
    runs += 1 + zeroes[200000];
    printf("%s runs=%d greeting=%s\n", what, runs, greeting);
    strcpy(greeting, "used");
    zeroes[200000] = 5;
    if (strcmp(what, "leak") == 0) {
        char *big = malloc(4 << 20), *small = malloc(24);
        memset(big, 7, 4 << 20);
        strcpy(small, "kept");
        printf("%d %s\n", big[12345], small);
    } else if (strcmp(what, "atexit") == 0) {
        atexit(bye);
        return 3;
    } else if (strcmp(what, "exit") == 0) {
        printf("buffered");
        exit(4);
    } else if (strcmp(what, "crash") == 0) {
        fflush(stdout);
        raise(SIGSEGV);
    } else if (strcmp(what, "hang") == 0) {
        fflush(stdout);
        for (;;) {
            pause();
        }
    } else if (strcmp(what, "file") == 0) {
        FILE *left_open = fopen("/dev/null", "r");
        printf("fd %d\n", left_open != NULL ? fileno(left_open) : -1);
    } else if (strcmp(what, "ignore") == 0) {
        signal(SIGUSR1, SIG_IGN);
    } else if (strcmp(what, "usr1") == 0) {
        fflush(stdout);
        raise(SIGUSR1);
    } else if (strcmp(what, "setting") == 0) {
        FILE *setting = fopen(getenv("TOY_SETTING"), "r");
        int c;
        while (setting != NULL && (c = getc(setting)) != EOF) {
            putchar(c);
        }
    } else if (strcmp(what, "echo") == 0) {
        int c;
        while ((c = getchar()) != EOF) {
            putchar(c);
        }
    } else if (strcmp(what, "pid") == 0) {
        printf("pid %ld\n", (long)getpid());
    }
    return runs + 10;
}
"""

ORDER = ("count", "leak", "count", "atexit", "count", "exit", "count", "crash", "count",
         "hang", "count", "file", "file", "ignore", "usr1", "count", "setting", "echo")


class DriverTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="test-batch-driver.")
        source = os.path.join(cls.folder, "toy.c")
        with open(source, "w") as handle:
            handle.write(TOY)
        sources, _ = batch.driver()
        cls.binary = os.path.join(cls.folder, "toy.batch")
        subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-O2"]
                       + batch.RENAME.split() + ["-o", cls.binary, source] + sources, check=True)

    def answers(self, words, fork_each):
        jobs = [batch.Job(data=b"line one\nline two\n" if word == "echo" else b"",
                          setting=("TOY_SETTING", b"the setting\n") if word == "setting" else None,
                          arguments=[word]) for word in words]
        scratch = tempfile.mkdtemp(dir=self.folder)
        return batch.run(self.binary, jobs, scratch, 1, 60, fork_each=fork_each)

    @pytest.mark.slow
    def test_each_run_as_a_child_of_its_own_would_end(self):
        kept = self.answers(ORDER, False)
        alone = self.answers(ORDER, True)
        self.assertEqual(len(kept), len(ORDER))
        self.assertEqual(kept, alone)
        by_word = dict(zip(ORDER, alone))
        self.assertEqual(by_word["count"], (11, b"count runs=1 greeting=fresh\n"))
        self.assertEqual(by_word["leak"], (11, b"leak runs=1 greeting=fresh\n7 kept\n"))
        self.assertEqual(by_word["atexit"], (3, b"atexit runs=1 greeting=fresh\nbye 1\n"))
        self.assertEqual(by_word["exit"], (4, b"exit runs=1 greeting=fresh\nbuffered"))
        self.assertEqual(by_word["crash"][0], -11)
        self.assertEqual(by_word["hang"], (None, b"hang runs=1 greeting=fresh\n"))
        self.assertEqual(by_word["file"], (11, b"file runs=1 greeting=fresh\nfd 3\n"))
        self.assertEqual(by_word["usr1"][0], -10)
        self.assertEqual(by_word["setting"], (11, b"setting runs=1 greeting=fresh\nthe setting\n"))
        self.assertEqual(by_word["echo"], (11, b"echo runs=1 greeting=fresh\nline one\nline two\n"))

    def test_the_runs_share_one_process_until_one_ends_it(self):
        words = ("pid", "count", "pid", "exit", "pid", "pid")
        pids = [out.split(b"\n")[1] for (_, out), word in zip(self.answers(words, False), words)
                if word == "pid"]
        self.assertEqual(pids[0], pids[1])
        self.assertEqual(pids[2], pids[3])
        self.assertNotEqual(pids[1], pids[2])
        alone = [out.split(b"\n")[1] for (_, out), word in zip(self.answers(words, True), words)
                 if word == "pid"]
        self.assertEqual(len(set(alone)), 4)


if __name__ == "__main__":
    unittest.main()
