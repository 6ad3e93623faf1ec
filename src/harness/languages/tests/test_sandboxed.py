"""A program handed in as a folder, built and run in the sandbox (from
languages.bats, when the bash worker's languages.bash went): the build's
log begins with its commands as they ran, the files named; a memory bomb
in C, Java or Python is stopped at the limit, not by the timeout; the
program's folder is read-only to it, and a copy."""

import shutil
import subprocess

import pytest

from harness import sandbox
from harness.languages import get
from harness.languages.build import build, write_launcher

BUILD_LIMITS = dict(timeout="60", cpu="60", memory="2048", quiet=True, folder_writable=True)
BOMBS = {
    "c": ("bomb.c", "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
                    "int main(void) { puts(\"started\"); fflush(stdout);\n"
                    "    for (;;) { char *p = malloc(1 << 20); if (!p) return 3; memset(p, 1, 1 << 20); } }\n"),
    "java": ("hw4.java", "import java.util.*;\npublic class hw4 { public static void main(String[] a) {\n"
                         "  System.out.println(\"started\"); System.out.flush();\n"
                         "  List<long[]> l = new ArrayList<>(); for (;;) l.add(new long[1 << 17]); } }\n"),
    "python": ("hw4.py", "print(\"started\", flush=True)\nl = []\nwhile True: l.append(bytearray(1 << 20))\n"),
}


@pytest.fixture(scope="module", autouse=True)
def sandbox_built():
    sandbox.ensure_built()


def test_the_build_log_begins_with_its_commands(tmp_path):
    folder = tmp_path / "two-files"
    folder.mkdir()
    (folder / "main.cpp").write_text("int twice(int x);\nint main() { return twice(0); }\n")
    (folder / "twice.cpp").write_text("int twice(int x) { return 2 * x; }\n")
    limits = sandbox.Limits(folder=str(folder), **BUILD_LIMITS)
    log = tmp_path / "build.log"
    assert build(str(folder), get("cpp"), "", limits, tmp_path / "built", log) == 0
    assert log.read_text().split("\n")[0] == "$ g++ main.cpp twice.cpp -o hw4"
    assert (tmp_path / "built" / "hw4").is_file()
    # a command of one's own: each of its commands, as it ran (a bare glob
    # as ./*.cpp, so that no name it finds is read as an option)
    assert build(str(folder), get("cpp"), "g++ -c *.cpp && g++ -o hw4 *.o", limits, tmp_path / "built", log) == 0
    assert [line for line in log.read_text().split("\n") if line.startswith("$ ")] == [
        "$ g++ -c ./main.cpp ./twice.cpp", "$ g++ -o hw4 ./main.o ./twice.o"]
    assert not (folder / "hw4").exists() and not (folder / "main.o").exists()


def bomb(tmp_path, language):
    folder = tmp_path / f"bomb-{language}"
    folder.mkdir()
    name, text = BOMBS[language]
    (folder / name).write_text(text)
    if language == "c":
        subprocess.run(["cc", "-O0", "-o", str(folder / "program"), str(folder / name)], check=True)
    elif language == "java":
        subprocess.run(["javac", name], cwd=folder, check=True)
    write_launcher(str(folder), get(language), tmp_path / f"bomb-{language}.run")
    return folder


@pytest.mark.parametrize("language", ["c", "java", "python"])
def test_a_memory_bomb_is_stopped_at_the_limit(tmp_path, language):
    if language == "java" and shutil.which("javac") is None:
        pytest.skip("no javac")
    folder = bomb(tmp_path, language)
    # (C and Python under 256 MiB, not the default 1024: the time to fill
    # the limit is the kernel's, page by page, and on a loaded machine their
    # 1024 MiB took past the timeout in CI. A JVM does not start in 256 MiB
    # and stops itself sooner: the default. The default's value is
    # sandbox-cli.bats' to prove.)
    memory = None if language == "java" else "256"
    limits = sandbox.Limits(timeout="60", memory=memory, folder=str(folder), quiet=True)
    with sandbox.Box(str(tmp_path / f"bomb-{language}.run"), limits) as box:
        run = box.run("/dev/null")
        out = run.out.read_text(errors="replace") if run.out.is_file() else ""
        err = run.err.read_text(errors="replace")[:300] if run.err.is_file() else ""
    # It started (a JVM that cannot start proves nothing), then it was
    # stopped: not a success, not a hang (124, the timeout's status; no
    # bound on the seconds it took, which are the machine's).
    assert out.split("\n")[0] == "started", f"{language} bomb did not start: {err}"
    assert run.status not in (0, 124), f"{language} bomb: status {run.status}"


def test_the_folder_is_read_only_and_a_copy(tmp_path):
    folder = tmp_path / "writer"
    folder.mkdir()
    (folder / "hw4.py").write_text(
        'import os, sys\ntry:\n    open(os.path.join(os.environ["SANDBOX_FOLDER"], "mine.txt"), "w").write("x")\n'
        '    print("wrote")\nexcept OSError as e:\n    print("refused", e.errno)\n')
    write_launcher(str(folder), get("python"), tmp_path / "writer.run")
    with sandbox.Box(str(tmp_path / "writer.run"), sandbox.Limits(folder=str(folder), quiet=True)) as box:
        out = box.run("/dev/null").out.read_text()
        # (limits only, as the caller's own uid: the copy is the program's)
        own_copy = box.ready.get("mode") != "bwrap" and not box.ready.get("uid")
    if own_copy:
        assert out == "wrote\n"
    else:
        assert out in ("refused 13\n", "refused 30\n")
    assert not (folder / "mine.txt").exists(), "the program wrote into the caller's folder"



# A source whose name the compiler would read as an argument file (@NAME):
# what it holds makes the compiler run a command of the student's during
# the build (gcc's -wrapper; the JVM that runs javac, through -J, on its
# way out); and one it would read as an option (-NAME).
INJECTIONS = {
    "c": ("q.c", "int main(void) { return 0; }\n", '-wrapper /bin/sh,-c,"touch pwned; exec \\"$0\\" \\"$@\\""\n'),
    "cpp": ("q.cpp", "int main() { return 0; }\n", '-wrapper /bin/sh,-c,"touch pwned; exec \\"$0\\" \\"$@\\""\n'),
    "java": ("hw4.java", "public class hw4 { public static void main(String[] a) { } }\n", "-d pwned\n"),
}


def injected(tmp_path, language, trick):
    """A build of a folder with a source named @NAME (TRICK "@"), or a
    program whose one source is named -NAME (TRICK "-"): the folder built,
    and its log."""
    if language == "java" and shutil.which("javac") is None:
        pytest.skip("no javac")
    folder = tmp_path / f"inject-{language}"
    folder.mkdir()
    name, text, options = INJECTIONS[language]
    if trick == "@":
        # (`@q.c` names the argument file `q.c`)
        (folder / f"@{name}").write_text(text)
        (folder / name).write_text(options)
    else:
        (folder / name).write_text(text)
        (folder / f"-v{name}").write_text(text.replace("hw4", "v") if language == "java" else "int v;\n")
    limits = sandbox.Limits(folder=str(folder), **BUILD_LIMITS)
    log = tmp_path / "build.log"
    status = build(str(folder), get(language), "", limits, tmp_path / "built", log)
    return status, tmp_path / "built", log.read_text()


@pytest.mark.parametrize("language", ["c", "cpp", "java"])
def test_a_source_name_is_never_an_argument_file(tmp_path, language):
    status, built_folder, log = injected(tmp_path, language, "@")
    made = sorted(p.name for p in built_folder.iterdir())
    assert "pwned" not in made, f"{language}: @NAME was read as options: {made}\n{log[:400]}"
    assert f"./@{INJECTIONS[language][0]}" in log, log[:400]


@pytest.mark.parametrize("language", ["c", "cpp", "java"])
def test_a_source_name_is_never_an_option(tmp_path, language):
    status, _, log = injected(tmp_path, language, "-")
    assert f"./-v{INJECTIONS[language][0]}" in log, log[:400]
    assert "unrecognized" not in log and "invalid flag" not in log, log[:400]
