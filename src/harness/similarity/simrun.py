"""simrun.py -- sim's runs: the joined texts written where sim reads them,
sim started once over many files (its file list on stdin, -i), and its
summary output (-n) read back as data."""

import os
import re
import shutil
import subprocess

from harness.similarity.submissions import LANGUAGES, base_files

# -n prints "FILE: line A-B |FILE: line C-D [TOKENS]" a run; a wide page
# keeps each on one line.
RUN_LINE = re.compile(r"^(\S+): line (\d+)-(\d+)\s*\|(\S+): line (\d+)-(\d+)\s*\[(\d+)\]\s*$")
FILE_LINE = re.compile(r"^File (\S+): (\d+) (?:tokens?|words?), (\d+) lines?")
OPTIONS = ["-n", "-w", "200"]


class SimOutput:
    """What one sim run found: each file's tokens, and its runs as
    (file_a, first_a, last_a, file_b, first_b, last_b, tokens)."""

    def __init__(self, text):
        self.tokens, self.runs = {}, []
        for line in text.splitlines():
            run = RUN_LINE.match(line)
            if run:
                a, a1, a2, b, b1, b2, size = run.groups()
                self.runs.append((a, int(a1), int(a2), b, int(b1), int(b2), int(size)))
                continue
            header = FILE_LINE.match(line)
            if header:
                self.tokens[header.group(1)] = int(header.group(2))


def run_sim(language, options, files, folder):
    """sim's front end for language with options over files (names
    relative to folder, "/" between new and old ones): its output."""
    command = [LANGUAGES[language]["sim"]] + OPTIONS + options + ["-i"]
    done = subprocess.run(command, input="".join(f + "\n" for f in files), cwd=folder,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (" ".join(command), done.returncode, done.stderr.strip()))
    return SimOutput(done.stdout)


def text_name(submission, language):
    """The joined text's file name, in the language's folder."""
    return "s%d.txt" % submission.index


def write_texts(folder, submissions, language):
    """Writes each submission's joined text for language into folder;
    returns {file name: submission}."""
    os.makedirs(folder, exist_ok=True)
    written = {}
    for submission in submissions:
        if language not in submission.lines:
            continue
        name = text_name(submission, language)
        with open(os.path.join(folder, name), "w", encoding="utf-8") as handle:
            handle.write("".join(line + "\n" for line in submission.compared[language]))
        written[name] = submission
    return written


def blank_base(folder, submissions, language, bases):
    """Blanks, in each submission's compared text, every line of a run sim
    finds in the --base files (sim -S: each submission against the base
    alone, so a skeleton every student kept is found in each of them).

    Why blanking and not one of sim's options: its new/old split (/, -S)
    only chooses which files are compared with which, and text that is in
    the base still counts in every pair's figure. A blank line keeps the
    numbering, so the pages still show the original lines. Whole lines go,
    so a run that starts or ends inside a line takes that line's own
    tokens with it; a skeleton's run shorter than sim's minimum (24
    tokens, 8 words for sim_text) stays."""
    base_folder = os.path.join(folder, "base")
    os.makedirs(base_folder, exist_ok=True)
    names = []
    for number, path in enumerate(base_files(bases, language)):
        names.append("base/b%d.txt" % number)
        shutil.copyfile(path, os.path.join(folder, names[-1]))
    if not names:
        return 0
    files = write_texts(folder, submissions, language)
    output = run_sim(language, ["-S"], sorted(files) + ["/"] + names, folder)
    blanked = 0
    for a, first, last, _, _, _, _ in output.runs:
        lines = files[a].compared[language] if a in files else None
        for number in range(first, last + 1) if lines is not None else ():
            blanked += bool(lines[number - 1].strip())
            lines[number - 1] = ""
    return blanked
