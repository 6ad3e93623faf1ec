"""A folder's language: the test players' folders, the fixtures, and
made-up folders (none, several, nested, links, letter case), each with the
answer the bash worker's language_of gave (held equal to it until it went,
with mark-one's port); the Python file to run."""

import os

import pytest

from harness import languages, paths

PLAYERS = paths.SRC / "draughts-judge" / "tests" / "players"
FIXTURES = paths.SRC / "languages" / "tests" / "fixtures"
NONE = "no source file of a known language (.c, .cpp/.cc, .java, .cs, .py)\n(refused)\n"
# Each folder's answer: its language, or the sentence and (refused).
SAID = {
    "cpp": "cpp\n", "csharp": "csharp\n", "java": "java\n", "python": "python\n", "cpp98": "cpp\n", "c": "c\n",
    "cc": "cpp\n", "empty": NONE, "hidden": "python\n", "link": NONE, "linked-folder": NONE,
    "mixed": "sources in several languages (c java): one language a program\n(refused)\n", "named-like": NONE,
    "nested": "cpp\n", "three": "sources in several languages (c java csharp): one language a program\n(refused)\n",
    "upper": NONE,
}
# Each made-up folder's Python sources and the file to run.
PYTHON = {
    "hidden": (".git/hook.py ", ".git/hook.py"), "python": ("helpers.py player.py ", "helpers.py"),
    "two-mains": ("a.py b.py ", "(none)"),
}


def said_by_python(folder):
    try:
        return languages.language_of(folder).name + "\n"
    except languages.NoLanguage as refused:
        return f"{refused}\n(refused)\n"


def made_up(root):
    """Folders of every shape language_of meets, under ROOT."""
    shapes = {
        "empty": [], "c": ["main.c", "board.h"], "mixed": ["a.c", "B.java"], "three": ["a.c", "B.java", "C.cs"],
        "nested": ["src/deep/hw4.cpp", "notes.txt"], "cc": ["x.cc"], "upper": ["MAIN.C", "x.PY"],
        "python": ["player.py", "helpers.py"], "hidden": [".git/hook.py"], "named-like": ["c", "java"],
    }
    for shape, files in shapes.items():
        (root / shape).mkdir()
        for name in files:
            (root / shape / name).parent.mkdir(parents=True, exist_ok=True)
            (root / shape / name).write_text("int x;\n")
    (root / "link").mkdir()
    os.symlink(root / "c" / "main.c", root / "link" / "main.c")
    (root / "linked-folder").mkdir()
    os.symlink(root / "nested" / "src", root / "linked-folder" / "src")
    return [root / name for name in sorted(os.listdir(root))]


def test_language_of(tmp_path):
    folders = [PLAYERS / name for name in sorted(os.listdir(PLAYERS)) if (PLAYERS / name).is_dir()]
    folders += [FIXTURES / name for name in sorted(os.listdir(FIXTURES))]
    folders += made_up(tmp_path)
    said = {folder.name: said_by_python(folder) for folder in folders}
    assert said == SAID
    assert (said["java"], said["cpp98"], said["nested"], said["hidden"]) == ("java\n", "cpp\n", "cpp\n", "python\n")
    assert said["three"].startswith("sources in several languages (c java csharp)")
    assert said["link"].startswith("no source file") and said["upper"].startswith("no source file")


def test_source_files_and_python_main(tmp_path):
    folders = made_up(tmp_path)
    (tmp_path / "python" / "helpers.py").write_text('if __name__ == "__main__":\n    run()\n')
    (tmp_path / "two-mains").mkdir()
    for name in ("a.py", "b.py"):
        (tmp_path / "two-mains" / name).write_text("if __name__ == '__main__': pass\n")
    folders.append(tmp_path / "two-mains")
    python = languages.get("python")
    mine = {}
    for folder in folders:
        mine[folder.name] = ("".join(f"{rel} " for rel in languages.source_files(folder, python)),
                             languages.python_main(folder, python) or "(none)")
    assert mine == {folder.name: PYTHON.get(folder.name, ("", "(none)")) for folder in folders}
    assert languages.python_main(tmp_path / "python", python) == "helpers.py"
    assert languages.python_main(tmp_path / "two-mains", python) is None


@pytest.mark.parametrize("name, language", [("java", "java"), ("python", "python"), ("csharp", "csharp")])
def test_the_players(name, language):
    assert languages.language_of(PLAYERS / name).name == language
