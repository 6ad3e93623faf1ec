"""What add-case and bless share as commands: their three common options
(--program, --engine, --cases, with $ENGINE and $CASES), how a command
stops (a message on stderr and an exit status), how a folder is named to
people (relative to the current one when under it, as realpath -s
--relative-base=. does), and output that keeps its order when stdout and
stderr are one pipe, whatever bytes an engine printed."""

from __future__ import annotations

import contextlib
import os
import posixpath
import signal
import sys
from dataclasses import dataclass
from typing import Callable, Iterator, Mapping, Optional

from harness import games, paths
from harness.cases.atomic import Placer

COMMON_OPTIONS = ("--program", "--engine", "--cases")


class ToolExit(Exception):
    """Stops the command: MESSAGE (if any) on stderr after the command's
    name, the usage too when USAGE, and exit STATUS."""

    def __init__(self, message: Optional[str], status: int = 2, usage: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        self.usage = usage


@dataclass
class Common:
    """The options of both commands, as given (empty means the default)."""

    program: str = games.DEFAULT
    engine: str = ""
    cases: str = ""

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> "Common":
        return cls(engine=environ.get("ENGINE", ""), cases=environ.get("CASES", ""))

    def take(self, word: str, words: list[str]) -> None:
        """Sets the option WORD (one of COMMON_OPTIONS) to the next word."""
        if not words:
            raise ToolExit(f"{word} needs a value", usage=True)
        setattr(self, word[2:], words.pop(0))

    def settle(self) -> games.Game:
        """The game; the defaults of the engine (build/P) and the cases
        (testdata/P) filled in. Bad usage for a name that is no game."""
        try:
            game = games.get(self.program)
        except games.UnknownGame:
            raise ToolExit(f"--program is {games.choices()}") from None
        self.engine = self.engine or str(paths.BUILD / game.name)
        self.cases = self.cases or str(paths.TESTDATA / game.name)
        return game


def shown_path(path: str) -> str:
    """PATH made absolute and normal without following links, then relative
    to the current folder when it is under it ("." for the folder itself)."""
    here = os.getcwd()
    full = posixpath.normpath(posixpath.join(here, path))
    if full.startswith("//"):
        full = "/" + full.lstrip("/")
    if full == here:
        return "."
    base = here.rstrip("/") + "/"
    return full[len(base):] if full.startswith(base) else full


def is_executable(path: str) -> bool:
    """As bash's -x: PATH exists and may be executed (or searched)."""
    return os.access(path, os.X_OK)


def say(text: str, stream=None) -> None:
    """TEXT on STREAM (stdout by default), at once: a shell's echo."""
    stream = stream or sys.stdout
    stream.write(text)
    stream.flush()


def say_bytes(data: bytes) -> None:
    """DATA on stdout as they are (an engine's output, a diff)."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8", errors="surrogateescape"))
    else:
        buffer.write(data)
        buffer.flush()


def finish(name: str, error: ToolExit, usage: str) -> int:
    """Says ERROR as the command NAME does (the usage asked for, with
    status 0, on stdout); its exit status."""
    if error.message is not None:
        say(f"{name}: {error.message}\n", sys.stderr)
    if error.usage:
        say(usage, sys.stdout if error.status == 0 else sys.stderr)
    return error.status


class Interrupted(Exception):
    """SIGINT, SIGTERM or SIGHUP arrived: the command cleans up, exits 130."""


@contextlib.contextmanager
def interrupts_stop() -> Iterator[None]:
    """While inside, an interrupt raises Interrupted (cleanup code runs)."""
    def stop(signum, frame):
        del frame
        raise Interrupted(signum)

    wanted = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
    previous = {number: signal.signal(number, stop) for number in wanted}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def tolerant_streams() -> None:
    """Lets stdout and stderr carry any bytes of the command line (a reason
    or a path that is not UTF-8) back out as they came."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="surrogateescape")


def run_tool(name: str, usage: str, body: Callable[[Placer], int]) -> int:
    """A tool's whole run: BODY with a Placer for its files; stdout and
    stderr that tolerate a closed pipe; a ToolExit said as its message and
    status, an interrupt as status 130; the placer's unfinished files
    removed whatever happens."""
    tolerant_streams()
    placer = Placer()
    try:
        with interrupts_stop():
            return body(placer)
    except ToolExit as error:
        return finish(name, error, usage)
    except Interrupted:
        return 130
    finally:
        placer.cleanup()
