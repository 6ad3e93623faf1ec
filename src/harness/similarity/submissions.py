"""submissions.py -- a class's submissions as sim sees them: each
submission's sources of a language joined into one text, with the map from
the joined text's lines back to the files they came from; the skeleton's
text blanked out of it."""

import fnmatch
import hashlib
import os
import re

from harness import languages as handed_in

# Each language's sim front end and the file names compared (headers follow
# the program: a .h belongs to C unless the submission is C++). Python and
# C# have no front end of their own: sim_text compares their words.
COMPARED = {
    "c": {"sim": "sim_c", "files": (".c", ".h")},
    "cpp": {"sim": "sim_c++", "files": (".cpp", ".cc", ".hpp", ".h")},
    "java": {"sim": "sim_java", "files": (".java",)},
    "python": {"sim": "sim_text", "files": (".py",)},
    "csharp": {"sim": "sim_text", "files": (".cs",)},
}


def read_languages():
    """{language: {"sim", "makes", "files"}}: "makes", the globs that make
    a folder that language (harness.languages, the one list the build
    reads too), for each language there that sim can compare."""
    return {language.name: dict(COMPARED[language.name], makes=tuple(language.files))
            for language in handed_in.read_table() if language.name in COMPARED}


LANGUAGES = read_languages()


class Submission:
    """One student's folder: its name and, per language it holds, the
    joined text (lines), the text sim compares (compared: the same, the
    skeleton's lines blanked) and where each line came from (file, line)."""

    def __init__(self, index, folder, name):
        self.index = index
        self.folder = folder
        self.name = name
        self.lines = {}
        self.compared = {}
        self.origins = {}

    def origin(self, language, line):
        """(file, line in it) of a line (1-based) of the joined text."""
        return self.origins[language][line - 1]


def source_files(folder):
    """Every regular file under folder (links not followed), as paths
    relative to it, sorted."""
    found = []
    for top, dirs, files in os.walk(folder):
        dirs.sort()
        for name in files:
            path = os.path.join(top, name)
            if os.path.isfile(path) and not os.path.islink(path):
                found.append(os.path.relpath(path, folder))
    return sorted(found)


def languages_of(files):
    """The languages a submission's files make it: C++ wins the headers
    when both C and C++ files are there."""
    return [lang for lang, spec in LANGUAGES.items()
            if any(fnmatch.fnmatchcase(os.path.basename(f), glob) for f in files for glob in spec["makes"])]


def files_of(files, language, languages):
    """The files compared for one language of a submission."""
    wanted = LANGUAGES[language]["files"]
    if language == "c" and "cpp" in languages:
        wanted = (".c",)
    return [f for f in files if f.endswith(wanted)]


def read_lines(path):
    """A file's lines, undecodable bytes replaced (sim reads UTF-8)."""
    with open(path, "rb") as handle:
        return handle.read().decode("utf-8", errors="replace").splitlines()


def load(index, folder, name):
    """A Submission with its joined text per language."""
    submission = Submission(index, folder, name)
    files = source_files(folder)
    languages = languages_of(files)
    for language in languages:
        lines, origins = [], []
        for relative in files_of(files, language, languages):
            text = read_lines(os.path.join(folder, relative))
            lines.extend(text)
            origins.extend((relative, number) for number in range(1, len(text) + 1))
        submission.lines[language] = lines
        submission.compared[language] = list(lines)
        submission.origins[language] = origins
    return submission


def read_names(path):
    """--names TSV: folder (its real path) -> name."""
    names = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line and "\t" in line:
                folder, name = line.split("\t", 1)
                names[os.path.realpath(folder)] = name
    return names


def load_class(folders, names_file):
    """The Submissions of the folders, in their order; names must be
    unique (ValueError otherwise)."""
    names = read_names(names_file) if names_file else {}
    submissions, seen = [], {}
    for index, folder in enumerate(folders):
        real = os.path.realpath(folder)
        name = names.get(real, os.path.basename(real))
        if name in seen:
            raise ValueError("two submissions named %r (%s, %s): give --names" % (name, seen[name], folder))
        seen[name] = folder
        submissions.append(load(index, folder, name))
    return submissions


def base_files(paths, language):
    """The --base files sim compares for a language."""
    return [p for p in paths if p.endswith(LANGUAGES[language]["files"])]


def safe_name(name):
    """A name made safe for a file name (letters, digits, . _ -)."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", name).strip(".")[:60] or "_"


def page_name(language, name_a, name_b):
    """A pair page's file name: both names made safe, and a hash of the
    exact pair, so that two pairs never share a page."""
    digest = hashlib.sha256("\0".join((language, name_a, name_b)).encode()).hexdigest()[:8]
    return "%s--%s-%s.html" % (safe_name(name_a), safe_name(name_b), digest)
