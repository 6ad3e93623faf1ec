"""A build that failed told to the student (issue 42): the first error
with its file, line and source line as gcc, clang, javac and mcs write
them, no path of the server, and the linker's complaints (no main, a
function defined nowhere) in plain words. The logs are the compilers'
own messages, copied from real builds (gcc 12, clang 14, javac 17, mcs 6)."""

import unittest

from harness.serve import compiler

GCC = """$ gcc -std=c99 -Wall -Wextra -Wpedantic -O2 -o program main.c board.c -lm
main.c: In function 'main':
main.c:3:13: error: expected expression before ';' token
    3 |     int x = ;
      |             ^
board.c:9:1: error: expected declaration before '}' token
"""
CLANG = """b.c:1:26: error: expected ';' after return statement
int main(void) { return 0 }
                         ^
                         ;
1 error generated.
"""
JAVAC = """$ javac ./hw4.java
./hw4.java:4: error: illegal start of expression
  }
  ^
1 error
"""
MCS = """$ mcs -out:hw4.exe ./b.cs
./b.cs(1,39): error CS1525: Unexpected symbol `}'
Compilation failed: 1 error(s), 0 warnings
"""
GCC_NO_MAIN = """$ gcc -std=c99 -Wall -Wextra -Wpedantic -O2 -o program a.c -lm
/usr/bin/ld: /usr/lib/gcc/x86_64-linux-gnu/12/../../../x86_64-linux-gnu/Scrt1.o: in function `_start':
(.text+0x17): undefined reference to `main'
collect2: error: ld returned 1 exit status
"""
CLANG_NO_MAIN = """/usr/bin/ld: /lib/x86_64-linux-gnu/Scrt1.o: in function `_start':
(.text+0x17): undefined reference to `main'
clang: error: linker command failed with exit code 1 (use -v to see invocation)
"""
MCS_NO_MAIN = """error CS5001: Program `hw4.exe' does not contain a static `Main' method suitable for an entry point
Compilation failed: 1 error(s), 0 warnings
"""
UNDEFINED = """/usr/bin/ld: /tmp/ccQ2x9.o: in function `main':
main.c:(.text.startup+0x9): undefined reference to `print_board'
collect2: error: ld returned 1 exit status
"""
SERVER_PATH = """/srv/serve/work/3f2a/output/program/built/sub/game.c:12:5: fatal error: rules.h: No such file or directory
   12 | #include "rules.h"
      |     ^~~~~~~~~
"""


class CompilerTest(unittest.TestCase):
    def test_the_first_error_of_each_compiler(self):
        for log, place, message, source in (
                (GCC, ("main.c", "3", "13"), "expected expression before ';' token", "    int x = ;"),
                (CLANG, ("b.c", "1", "26"), "expected ';' after return statement", "int main(void) { return 0 }"),
                (JAVAC, ("hw4.java", "4", None), "illegal start of expression", "  }"),
                (MCS, ("b.cs", "1", "39"), "Unexpected symbol `}'", None),
                (SERVER_PATH, ("sub/game.c", "12", "5"), "rules.h: No such file or directory", '#include "rules.h"')):
            error = compiler.first_error(log)
            self.assertEqual((error["file"], error["line"], error["column"]), place, log)
            self.assertEqual((error["message"], error["source"]), (message, source), log)
            told = compiler.told(log)
            self.assertEqual((told["verdict"], told["words"], told["error"]), (None, None, error))
            self.assertEqual(told["short"], "%s line %s: %s" % (place[0], place[1], message))

    def test_no_main_in_plain_words(self):
        for log in (GCC_NO_MAIN, CLANG_NO_MAIN, MCS_NO_MAIN):
            told = compiler.told(log)
            self.assertEqual(told["verdict"], "Your program has no main function", log)
            self.assertTrue(told["words"].startswith("Your program has no main function: "))
            self.assertNotIn("ld returned", told["words"])
            self.assertEqual(told["short"], "no main function")

    def test_a_function_defined_nowhere(self):
        told = compiler.told(UNDEFINED)
        self.assertIsNone(told["verdict"])
        self.assertTrue(told["words"].startswith("The function print_board is called but defined nowhere"))
        self.assertEqual(told["short"], "the function print_board is called but defined nowhere")

    def test_a_build_past_its_memory_cap(self):
        log = ("$ gcc -o program main.c\ngcc: fatal error: Killed signal terminated program cc1\n"
               "compilation terminated.\nsandbox: out of memory: the run's processes together passed its 2368 MiB "
               "(2048 MiB and the box's files); the kernel killed one\n")
        told = compiler.told(log)
        self.assertTrue(told["words"].startswith("The compiler ran out of memory on your program: building it took "
                                                 "more than 2368 MiB"), told)
        self.assertEqual(told["short"], "the compiler ran out of memory on your program")
        machine = log.rsplit("sandbox:", 1)[0] + ("sandbox: the machine ran out of memory and the kernel killed a "
                                                  "process of the run, which stayed within its 2368 MiB: not the "
                                                  "program's fault; run it again\n")
        self.assertIsNone(compiler.told(machine)["words"])

    def test_a_build_past_its_files_cap(self):
        # the sandbox's watch of the build's files stopped it (its last line), else it is not the build's words
        space = ("sandbox: out of space: the run's files together passed its 256 MiB (300 MiB in its working and "
                 "temporary folders, its folder's copy and the box's exchange files); the sandbox stopped the run")
        told = [compiler.told(f"$ gcc -o program main.c\n{space}\n{after}") for after in ("", "more words\n")]
        self.assertEqual((told[0]["short"], told[1]["words"]), ("building your program wrote too much", None))
        self.assertTrue(told[0]["words"].startswith("Building your program wrote too much: its files together "
                                                    "passed 256 MiB, the checker's limit."), told)

    def test_a_log_without_a_place(self):
        told = compiler.told("$ javac ./hw4.java\nthe build succeeded but made no hw4.class\n")
        self.assertEqual(told["error"]["message"], "the build succeeded but made no hw4.class")
        self.assertIsNone(told["error"]["file"])
        self.assertEqual(compiler.told("")["error"], None)

    def test_no_server_folder_is_left(self):
        tidy = compiler.tidy(GCC_NO_MAIN + SERVER_PATH)
        self.assertIn("ld: Scrt1.o: in function `_start':", tidy)
        self.assertIn("game.c:12:5: fatal error: rules.h", tidy)
        for folder in ("/usr/", "/srv/", "/lib/", "built/"):
            self.assertNotIn(folder, tidy)
        self.assertIn("$ gcc -std=c99", tidy)


if __name__ == "__main__":
    unittest.main()
