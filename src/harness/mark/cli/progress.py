"""progress.py -- what a run prints while its workers mark: a line per
submission marked (`mark: [i/n] NAME: state, passed/total passed, W
warnings, Ss; ETA 0m00s`), or, when stderr is a terminal, GNU parallel's
progress bar instead (its text, `PCT% DONE:LEFT=ETAs NAME`)."""

from __future__ import annotations

import shutil
import sys
import threading
import time
from dataclasses import dataclass, field


@dataclass
class Progress:
    """TODO submissions to mark; NAMES: {folder: name}; BAR: a bar, not
    lines; DRAWING: the bar is this one's (not GNU parallel's own)."""

    todo: int
    names: dict[str, str]
    bar: bool
    drawing: bool = True
    started: float = field(default_factory=time.monotonic)
    done: int = 0
    newest: tuple[int, str] = (0, "")
    lock: threading.Lock = field(default_factory=threading.Lock)

    def elapsed(self) -> int:
        return int(time.monotonic() - self.started)

    def begun(self, seq: int, folder: str) -> None:
        """Worker SEQ started on FOLDER (the bar names the newest, by SEQ:
        the workers' threads may tell it out of order)."""
        with self.lock:
            self.newest = max(self.newest, (seq, folder))
        self.draw()

    def line(self, line: str) -> None:
        """A worker's line: FOLDER, state, passed/total, warnings, seconds
        (tab-separated; empty cells run together, as the shell read them)."""
        self.done += 1
        if self.bar:
            self.draw()
            return
        cells = [cell for cell in line.split("\t") if cell]
        cells = cells[:4] + ["\t".join(cells[4:])] if len(cells) > 4 else cells + [""] * (5 - len(cells))
        folder, state, score, warnings, seconds = cells
        eta = self.elapsed() * (self.todo - self.done) // self.done
        print("mark: [%d/%d] %s: %s, %s passed, %s warnings, %ss; ETA %dm%02ds"
              % (self.done, self.todo, self.names.get(folder, folder), state, score, warnings, seconds,
                 eta // 60, eta % 60), flush=True)

    def draw(self) -> None:
        """GNU parallel's bar, drawn again on stderr (its zenity header first)."""
        if not (self.bar and self.drawing):
            return
        with self.lock:
            self._draw(self.newest[1])

    def _draw(self, newest: str) -> None:
        left = self.todo - self.done
        eta = self.elapsed() * left // self.done if self.done else 0
        share = self.done / self.todo if self.todo else 1.0
        text = "%d%% %d:%d=%s %s" % (share * 100, self.done, left, units(eta), newest)
        width = shutil.get_terminal_size((80, 24)).columns
        shown = (text + " " * width)[:width]
        shown = shown[:int(width * share)] + "\033[0m" + shown[int(width * share):]
        header = ("#   %d sec %s" % (eta, newest) + " " * width)[:width]
        sys.stderr.write("\r%s\r%d\r\033[7m%s\033[0m" % (header, share * 100, shown))
        sys.stderr.flush()

    def finish(self) -> None:
        if self.bar and self.drawing:
            sys.stderr.write("\n")
            sys.stderr.flush()


def units(seconds: int) -> str:
    """SECONDS as GNU parallel's bar shows them: 5s, 2m05s, 1h02m05s, 1d01h02m05s."""
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, rest = divmod(rest, 60)
    if days:
        return "%dd%02dh%02dm%02ds" % (days, hours, minutes, rest)
    if hours:
        return "%dh%02dm%02ds" % (hours, minutes, rest)
    if minutes:
        return "%dm%02ds" % (minutes, rest)
    return "%ds" % rest
