"""The C evidence (harness.check.evidence, issue 41 finding 5): tiny C
programs, each built and run only in the sandbox, with one case: a double
free, a heap overflow, an uninitialised `winner` that prints `BLACK WIN!`
at -O2 and not at -O0 (Valgrind names the use and its origin), and a
correct program, which gets no evidence. The check's own -O2 run is made
as check-engine makes it (the language's build, in the sandbox) and kept
where its workers keep it (OUTPUT/outputs). Then check-engine itself on
our engine with a double free planted, and the parsers on reports as the
tools write them."""

import dataclasses
import shutil
import subprocess
import tempfile
import time
import unittest
from pathlib import Path

import pytest

from harness import paths
from harness.check import evidence, evidence_parse, evidence_report
from harness.check.evidence_parse import from_sanitizers, from_valgrind
from harness.check.evidence_run import Builder, Clock, run_case
from harness.languages.table import get

DOUBLE_FREE = """#include <stdio.h>
#include <stdlib.h>

int main(void) {
    char *cells = malloc(64);
    if (cells == NULL) {
        return 1;
    }
    cells[0] = 'b';
    printf("%c\\n", cells[0]);
    free(cells);
    free(cells);
    return 0;
}
"""
OVERFLOW = """#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char *name = malloc(5);
    if (name == NULL) {
        return 1;
    }
    strcpy(name, "BLACK");
    printf("%s\\n", name);
    free(name);
    return 0;
}
"""
# (spoil leaves 7 where decide's winner will be at -O0; at -O2 gcc takes the uninitialised winner to be 1)
UNINITIALISED = """#include <stdio.h>

static int spoil(void) {
    volatile int scratch = 7;
    return scratch;
}

static int decide(int moves) {
    int winner;
    if (moves > 3) {
        winner = 1;
    }
    return winner;
}

int main(void) {
    int moves = 0;
    if (scanf("%d", &moves) != 1) {
        return 1;
    }
    spoil();
    if (decide(moves) == 1) {
        printf("BLACK WIN!\\n");
    } else {
        printf("draw\\n");
    }
    return 0;
}
"""
CORRECT = """#include <stdio.h>

int main(void) {
    int moves = 0;
    if (scanf("%d", &moves) != 1) {
        return 1;
    }
    printf("%s\\n", moves > 3 ? "BLACK WIN!" : "draw");
    return 0;
}
"""
CASE = "tiny/one"


class Evidence(unittest.TestCase):
    def setUp(self) -> None:
        self.top = Path(tempfile.mkdtemp(prefix="test-evidence."))
        self.addCleanup(shutil.rmtree, self.top, True)
        (self.top / "cases" / "tiny").mkdir(parents=True)
        (self.top / "cases" / f"{CASE}.in").write_text("2\n")
        self.language = get("c")

    def checked(self, name: str, text: str) -> evidence.EvidenceSettings:
        """NAME (TEXT) in a folder of its own, and its run of the case as check-engine would keep it."""
        folder = self.top / "src"
        folder.mkdir()
        (folder / name).write_text(text)
        output = self.top / "out"
        (output / "outputs" / "tiny").mkdir(parents=True)
        builder = Builder(folder, self.language, self.language.build, self.top, True)
        built = builder.build("O2", "", Clock(60))
        self.assertIsNotNone(built, (self.top / "O2.log").read_text())
        ran = run_case(built / "program", built, self.top / "cases" / f"{CASE}.in", False, "plain", 10, True)
        (output / "outputs" / f"{CASE}.out").write_bytes(ran.out)
        (output / "outputs" / f"{CASE}.status").write_text(f"{ran.status}\n")
        return evidence.EvidenceSettings(folder, self.language, self.language.build, self.top / "cases", output,
                                         False, True, 10)

    def gathered(self, name: str, text: str, memchecked: str | None = None) -> evidence.Evidence:
        return self.gathered_from(self.checked(name, text), memchecked)

    def gathered_from(self, settings: evidence.EvidenceSettings, memchecked: str | None = None) -> evidence.Evidence:
        found = evidence.gather(settings, [CASE], memchecked)
        self.assertIsNotNone(found)
        self.assertIsNotNone(found.finding, found)
        return found

    def test_double_free_names_the_second_free(self) -> None:
        found = self.gathered("board.c", DOUBLE_FREE)
        self.assertTrue(evidence.crashed(evidence.kept_run(self.top / "out", CASE)[0]))
        self.assertEqual(found.finding.kind, "double free")
        self.assertEqual((found.finding.place.file, found.finding.place.line), ("board.c", 12))
        self.assertEqual(found.finding.place.source, "free(cells);")
        self.assertEqual(found.build, "-O0 asan")
        self.assertEqual(evidence_parse.code_of(found.finding), "memory-error")

    def test_heap_overflow_names_the_write(self) -> None:
        # (silent at -O2 and -O0 alike: looked at because --memcheck found errors in the case)
        found = self.gathered("name.c", OVERFLOW, CASE)
        self.assertEqual(found.finding.kind, "heap buffer overflow")
        self.assertEqual(evidence_parse.code_of(found.finding), "memory-error")
        self.assertEqual((found.finding.place.file, found.finding.place.line), ("name.c", 10))
        self.assertIn("strcpy(name", found.finding.place.source)

    @unittest.skipUnless(shutil.which("valgrind"), "no valgrind")
    def test_uninitialised_winner_named_by_valgrind_with_its_origin(self) -> None:
        settings = self.checked("winner.c", UNINITIALISED)
        self.assertEqual((settings.output / "outputs" / f"{CASE}.out").read_text(), "BLACK WIN!\n")
        found = evidence.gather(settings, [CASE])
        self.assertIsNotNone(found)
        self.assertEqual(found.optimisation, "differs")
        self.assertEqual(found.build, "valgrind")
        self.assertIn("uninitialised", found.finding.kind)
        self.assertEqual(evidence_parse.code_of(found.finding), "uninitialised-read")
        self.assertEqual((found.finding.place.file, found.finding.place.line), ("winner.c", 22))
        self.assertEqual((found.finding.origin.file, found.finding.origin.line), ("winner.c", 8))
        text = evidence_report.report_lines([evidence_report.row_of(found)])
        self.assertIn("winner.c:22: `if (decide(moves) == 1) {`", text)
        self.assertIn("the output depends on the optimisation level", text)
        self.assertIn("a value used before it is set (uninitialised-read): ", text)

    def test_correct_program_gets_none(self) -> None:
        settings = self.checked("main.c", CORRECT)
        self.assertIsNone(evidence.gather(settings, [CASE]))
        evidence_report.report_evidence(settings, [CASE], open("/dev/null", "w", encoding="utf-8"))
        self.assertFalse((settings.output / "evidence.tsv").exists())

    def stand_in(self, settings: evidence.EvidenceSettings, kills: str) -> evidence.EvidenceSettings:
        """SETTINGS with the evidence's builds made by the folder's stand-in
        compiler (run by the sandbox as any build is): gcc, after KILLS."""
        (settings.sources / "cc.sh").write_text(f'{kills}\nexec gcc -o program "$@"\n')
        return dataclasses.replace(settings, command="sh ./cc.sh")

    def test_builds_stopped_twice_say_not_gathered(self) -> None:
        # every build with -O0 (all the evidence's) kills itself: twice each
        settings = self.stand_in(self.checked("board.c", DOUBLE_FREE), 'case "$*" in *-O0*) kill -9 $$;; esac')
        found = evidence.gather(settings, [CASE])
        self.assertIsNotNone(found)
        self.assertEqual((found.finding, found.build), (None, evidence.STOPPED))
        self.assertIn("SIGKILL", Path(found.log).read_text())
        text = evidence_report.report_lines([evidence_report.row_of(found)])
        self.assertIn(f"C evidence: could not be gathered on case {CASE}", text)
        self.assertIn("stopped twice by a signal", text)
        self.assertNotIn("no error found", text)
        self.assertNotIn("compile", text)

    def test_a_build_stopped_once_is_built_again(self) -> None:
        # the sanitizers' build kills itself when it starts before UNTIL,
        # and builds when it starts after (its second build): ASan finds
        # the double free (without the second build, only Valgrind would)
        settings = self.checked("board.c", DOUBLE_FREE)
        until = time.time_ns() + 6 * 10**9
        settings = self.stand_in(settings, f'case "$*" in *-fsanitize*) if [ "$(date +%s%N)" -lt {until} ]; then\n'
                                           f'    while [ "$(date +%s%N)" -lt {until} ]; do sleep 0.2; done\n'
                                           '    kill -9 $$\nfi;; esac')
        found = self.gathered_from(settings)
        self.assertEqual((found.finding.kind, found.build), ("double free", "-O0 asan"))


class CheckEngine(unittest.TestCase):
    @pytest.mark.slow
    def test_planted_double_free_is_printed(self) -> None:
        with tempfile.TemporaryDirectory(prefix="test-evidence.") as top:
            folder = Path(top) / "engine"
            folder.mkdir()
            for source in sorted((paths.SRC / "checkers").glob("*.[ch]")):
                shutil.copy(source, folder / source.name)
            search = folder / "search.c"
            search.write_text(search.read_text().replace("    tree_free(root);\n",
                                                         "    tree_free(root);\n    memory_release(root);\n"))
            done = subprocess.run([str(paths.ROOT / "scripts" / "check-engine"), str(folder), "--category",
                                   "official", "--output", f"{top}/out"], stdout=subprocess.PIPE, text=True,
                                  check=False)
            self.assertEqual(done.returncode, 1)
            self.assertIn("C evidence: a memory error (memory-error): double free at memory.c:50: `free(block);` "
                          "(AddressSanitizer/UBSan, -O0, "
                          "case official/test1)\n  called from search.c:109: `memory_release(root);`\n",
                          done.stdout)
            rows = evidence_report.read_tsv(Path(top) / "out" / "evidence.tsv")
            self.assertEqual([(r["case"], r["kind"], r["file"], r["line"], r["code"]) for r in rows],
                             [("official/test1", "double free", "memory.c", "50", "memory-error")])


ASAN = """=================================================================
==3==ERROR: AddressSanitizer: attempting double-free on 0x606000000020 in thread T0:
    #0 0x7f2c746b76a8 in __interceptor_free ../../../../src/libsanitizer/asan/asan_malloc_linux.cpp:52
    #1 0x55ab0c593277 in release /sandbox/folder/lib/board.c:5:5
    #2 0x55ab0c593277 in main /sandbox/folder/main.c:9
    #3 0x7f2c73c45249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58

0x606000000020 is located 0 bytes inside of 64-byte region
freed by thread T0 here:
    #1 0x55ab0c593277 in main /sandbox/folder/main.c:8
"""
VALGRIND = """==9== Memcheck, a memory error detector
==9== Command: /sandbox/program
==9==
==9== Invalid write of size 1
==9==    at 0x4848: strcpy (vg_replace_strmem.c:560)
==9==    by 0x1091: main (main.c:7)
==9==  Address 0x4a9 is 0 bytes after a block of size 5 alloc'd
==9==    at 0x4841: malloc (vg_replace_malloc.c:393)
==9==    by 0x1090: main (main.c:4)
==9==
"""


class Parsers(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="test-evidence."))
        self.addCleanup(shutil.rmtree, self.folder, True)
        (self.folder / "lib").mkdir()
        (self.folder / "lib" / "board.c").write_text("a\nb\nc\nd\n    free(cells);\n")
        (self.folder / "main.c").write_text("".join(f"line {n}\n" for n in range(1, 10)))
        self.sources = ["lib/board.c", "main.c"]

    def test_asan_first_own_frame_and_its_caller(self) -> None:
        found = from_sanitizers("noise\n" + ASAN, self.sources, self.folder)
        self.assertEqual((found.kind, found.place.file, found.place.line, found.place.source),
                         ("double free", "lib/board.c", 5, "free(cells);"))
        self.assertEqual((found.caller.file, found.caller.line), ("main.c", 9))

    def test_ubsan_before_asan_is_the_first(self) -> None:
        text = "/sandbox/folder/main.c:3:7: runtime error: signed integer overflow: 2147483647 + 1\n" + ASAN
        found = from_sanitizers(text, self.sources, self.folder)
        self.assertEqual((found.place.file, found.place.line, found.place.source), ("main.c", 3, "line 3"))
        self.assertTrue(found.kind.startswith("undefined behaviour: signed integer overflow"))

    def test_valgrind_invalid_write(self) -> None:
        found = from_valgrind(VALGRIND, self.sources, self.folder)
        self.assertEqual((found.kind, found.place.file, found.place.line),
                         ("invalid write (outside a block, or freed)", "main.c", 7))
        self.assertIsNone(found.caller)

    def test_codes_of_the_kinds(self) -> None:
        # (issue 41's codes: a memory error, a value used before it is set; the rest none)
        code = evidence_parse.code_of
        self.assertEqual(code(from_valgrind(VALGRIND, self.sources, self.folder)), "memory-error")
        self.assertEqual(code(from_sanitizers(ASAN, self.sources, self.folder)), "memory-error")
        self.assertEqual(code(from_sanitizers("/sandbox/folder/main.c:3:7: runtime error: signed integer overflow: "
                                              "2147483647 + 1\n", self.sources, self.folder)), "")
        self.assertEqual(code(from_sanitizers("/sandbox/folder/main.c:3:7: runtime error: index 5 out of bounds "
                                              "for type 'char [5]'\n", self.sources, self.folder)), "memory-error")
        kinds = {"memory leak (definitely lost)": "", "memory not freed at exit": "", "crash": "",
                 "stack overflow (endless recursion?)": "", "use after free (heap)": "memory-error",
                 "invalid or double free": "memory-error", "uninitialised value used in a condition":
                 "uninitialised-read", "unknown-crash": ""}
        for kind, expected in kinds.items():
            self.assertEqual(code(evidence_parse.Finding(kind, kind, None)), expected, kind)
        self.assertEqual(code(None), "")

    def test_nothing_found(self) -> None:
        self.assertIsNone(from_sanitizers("just a message\n", self.sources, self.folder))
        self.assertIsNone(from_valgrind("==9== ERROR SUMMARY: 0 errors from 0 contexts\n", self.sources,
                                        self.folder))
