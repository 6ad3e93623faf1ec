"""A build stopped by a signal (the out-of-memory killer of the box's
control group, a SIGKILL) rather than by its compiler's errors: built
once more, and when stopped again, BuildStopped (the checker's fault, in
plain words), never a compile error of the program. The stand-in
compilers are build commands of the folder's own (`sh ./cc.sh`), run by
the sandbox as any build is."""

import time

import pytest

from harness import sandbox
from harness.languages import get
from harness.languages.build import (STOPPED_SENTENCE, BuildStopped, NotBuilt, build_of_its_time, prepare,
                                     stopped)
from harness.check.compare import shell_quote

BUILD_LIMITS = dict(timeout="60", cpu="60", memory="2048", quiet=True, folder_writable=True)
MAKES_PROGRAM = "printf '#!/bin/sh\\necho built\\n' > program && chmod +x program\n"
OUT_OF_SPACE = ("sandbox: out of space: the run's files together passed its 32 MiB (40 MiB in its working and "
                "temporary folders, its folder's copy and the box's exchange files); the sandbox stopped the run")
GCC_KILLED = "gcc: fatal error: Killed signal terminated program cc1\ncompilation terminated.\n"


def test_stopped_tells_a_signal_from_a_compiler_error(tmp_path):
    log = tmp_path / "build.log"
    log.write_text("$ gcc -o program main.c\n")
    assert stopped(137, log) and stopped(143, log)            # the build itself killed (SIGKILL, SIGTERM)
    assert not stopped(0, log) and not stopped(124, log)      # built; a hang is not a signal of the checker's
    assert not stopped(1, log)
    log.write_text("$ gcc -o program main.c\n" + GCC_KILLED)  # gcc's pass killed: gcc exits 1
    assert stopped(1, log)
    log.write_text("$ g++ a.cpp -o hw4\ng++: internal compiler error: Segmentation fault signal terminated program "
                   "cc1plus\n")
    assert stopped(4, log)
    log.write_text("collect2: fatal error: ld terminated with signal 9 [Killed]\ncompilation terminated.\n")
    assert stopped(1, log)
    # the build's own processes passed its cap: the compiler's need on this code, not the checker's doing,
    # even with gcc's killed pass or the signal's status before it
    own_cap = ("sandbox: out of memory: the run's processes together passed its 2368 MiB (2048 MiB and the "
               "box's files); the kernel killed one\n")
    log.write_text(own_cap)
    assert not stopped(1, log)
    log.write_text("$ gcc -o program main.c\n" + GCC_KILLED + own_cap)
    assert not stopped(1, log) and not stopped(137, log)
    log.write_text("sandbox: the machine ran out of memory and the kernel killed a process of the run, which "
                   "stayed within its 2368 MiB: not the program's fault; run it again\n")
    assert stopped(1, log)
    # the words quoted from a source line by a compiler error are the program's, and so is a file it names
    log.write_text("main.c:3:5: error: unknown type name 'x'\n    3 | x gcc: fatal error: Killed signal terminated "
                   "program cc1\n      | ^\n")
    assert not stopped(1, log)
    log.write_text('main.c:1:10: fatal error: x signal terminated program y: No such file or directory\n'
                   '    1 | #include "x signal terminated program y"\ncompilation terminated.\n')
    assert not stopped(1, log)
    # the sandbox's watch of the build's files stopped it: it wrote more than they may take, which a second
    # try would write again (the build's, not the checker's doing); only as the log's last line
    log.write_text("$ gcc -o program main.c\n" + OUT_OF_SPACE + "\n")
    assert not stopped(137, log)
    log.write_text("$ gcc -o program main.c\n" + OUT_OF_SPACE + "\nthe build's own words\n")
    assert stopped(137, log)
    log.write_text("sandbox: out of memory: the run's processes together passed its 5 MiB.c:1:2: error: #error "
                   "x\nsandbox: out of memory: the run's processes together passed its 5 MiB.c: done\n")
    assert not stopped(1, log)


@pytest.fixture(scope="module", autouse=True)
def sandbox_built():
    sandbox.ensure_built()


def folder_with(tmp_path, script):
    folder = tmp_path / "sources"
    folder.mkdir()
    (folder / "main.c").write_text("int main(void) { return 0; }\n")
    (folder / "cc.sh").write_text(script)
    return folder


def prepared(tmp_path, folder):
    work = tmp_path / "work"
    work.mkdir()
    limits = sandbox.Limits(folder=str(folder), **BUILD_LIMITS)
    return prepare(str(folder), "sh ./cc.sh", limits, work, True, shell_quote, "10"), work


def test_a_build_killed_once_is_built_again(tmp_path):
    # the stand-in kills itself when it starts before UNTIL (the first
    # build), and builds when it starts after (the second)
    until = time.time_ns() + 5 * 10**9
    folder = folder_with(tmp_path, f'if [ "$(date +%s%N)" -lt {until} ]; then\n'
                                   f'    while [ "$(date +%s%N)" -lt {until} ]; do sleep 0.2; done; kill -9 $$\n'
                                   f'fi\n{MAKES_PROGRAM}')
    ready, work = prepared(tmp_path, folder)
    assert (work / "built" / "program").is_file()
    assert ready.built == ("sh ./cc.sh main.c",)
    assert "the checker stopped the first build" in (work / "build.log").read_text()


@pytest.mark.parametrize("how", ["kill -9 $$\n", f"printf '{GCC_KILLED}' >&2; exit 1\n"])
def test_a_build_killed_twice_is_the_checkers_fault(tmp_path, how):
    folder = folder_with(tmp_path, how)
    with pytest.raises(BuildStopped) as stop:
        prepared(tmp_path, folder)
    assert STOPPED_SENTENCE in str(stop.value) and "does not build" not in str(stop.value)


def test_a_build_the_watch_of_its_files_stopped_does_not_build(tmp_path):
    folder = folder_with(tmp_path, "cat >&2 <<'SAID'\n%s\nSAID\nkill -9 $$\n" % OUT_OF_SPACE)
    with pytest.raises(NotBuilt) as failed:
        prepared(tmp_path, folder)
    assert not isinstance(failed.value, BuildStopped), str(failed.value)
    assert str(failed.value).endswith("does not build: 'sh ./cc.sh main.c' ended with a stop for space (it wrote "
                                      "more than the 32 MiB its files may take)"), str(failed.value)
    assert (tmp_path / "work" / "build.log").read_text().count("$ sh ./cc.sh") == 1  # (built once)


def test_a_compiler_error_is_still_the_programs(tmp_path):
    folder = folder_with(tmp_path, "echo 'main.c:1:1: error: expected identifier' >&2; exit 1\n")
    with pytest.raises(NotBuilt) as failed:
        prepared(tmp_path, folder)
    assert not isinstance(failed.value, BuildStopped) and "does not build" in str(failed.value)
    log = tmp_path / "again.log"  # (built once only: no second build for the compiler's errors)
    status, _ = build_of_its_time(str(folder), get("c"), "sh ./cc.sh", sandbox.Limits(folder=str(folder),
                                                                                      **BUILD_LIMITS),
                                  tmp_path / "out", log, True)
    assert status == 1 and log.read_text().count("$ sh ./cc.sh") == 1
