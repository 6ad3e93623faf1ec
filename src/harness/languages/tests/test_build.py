"""harness.languages.build's pure parts: a build log's first error (gcc's,
javac's, Mono's, the linker's), the launcher and the rerun line's command
for each language, what counts as built (the builds themselves, in the
sandbox, are test_sandboxed.py's, languages.bats' and exit-status.bats')."""

import subprocess

from harness.check.compare import shell_quote
from harness.languages import get
from harness.languages.build import built, command_here, first_error, messages, write_launcher


def test_first_error(tmp_path):
    log = tmp_path / "build.log"
    log.write_text("$ g++ hw4.cpp -o hw4\nhw4.cpp:3:1: warning: unused\nhw4.cpp:9:5: error: 'x' was not declared\n"
                   "hw4.cpp:10:5: error: later\n")
    assert first_error(log) == "hw4.cpp:9:5: error: 'x' was not declared"
    log.write_text("Main.cs(4,9): error CS1525: Unexpected symbol `}'\n")
    assert first_error(log).startswith("Main.cs(4,9): error CS1525")
    log.write_text("/usr/bin/ld: main.o: undefined reference to `f'\n")
    assert "undefined reference" in first_error(log)
    log.write_text("all fine\n")
    assert first_error(log) == ""


def test_commands_here_and_launchers(tmp_path):
    folder = tmp_path / "my folder"
    folder.mkdir()
    (folder / "hw4.py").write_text("print('hi')\n")
    assert command_here(str(folder), get("c"), shell_quote) == f"{tmp_path}/my\\ folder/program"
    assert command_here(str(folder), get("java"), shell_quote) == f"java -cp {tmp_path}/my\\ folder hw4"
    assert command_here(str(folder), get("python"), shell_quote) == f"python3 {tmp_path}/my\\ folder/hw4.py"
    write_launcher(str(folder), get("python"), tmp_path / "program")
    done = subprocess.run([str(tmp_path / "program")], env={"SANDBOX_FOLDER": str(folder), "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True)
    assert done.stdout == "hi\n"
    assert not built(folder, get("c")) and built(folder, get("python"))


def test_messages_counted_mono_too(tmp_path):
    """The compilers' errors and warnings, gcc's and Mono's (from languages.bats)."""
    log = tmp_path / "build.log"
    log.write_text("$ mcs -out:hw4.exe hw4.cs\n"
                   "hw4.cs(3,9): warning CS0168: The variable 'x' is declared but never used\n"
                   "hw4.cs(7,1): error CS1525: Unexpected symbol `}'\n"
                   "a.cpp:2:3: warning: unused variable\n"
                   "a.cpp:4:1: error: 'x' was not declared in this scope\n"
                   "Compilation failed: 2 error(s), 2 warnings\n")
    assert messages(log) == (2, 2)
    assert first_error(log) == "hw4.cs(7,1): error CS1525: Unexpected symbol `}'"
    log.write_text("x.c:1:1: fatal error: y.h: No such file or directory\nx.c:2: warning: w\n")
    assert messages(log) == (1, 1)
    assert messages(tmp_path / "none.log") == (0, 0)
