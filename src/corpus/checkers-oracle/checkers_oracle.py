#!/usr/bin/env python3
"""Independent oracle for the COMP10002 2021 Assignment 2 checkers program.

Written from the handout (shared/spec/assignment.txt) and NOTES.md
alone (no look at the C engine), checked only against the worked examples,
so that it is a second implementation of the specification, not a copy.

It reads the game on stdin like the specified program, writes the same
stdout byte for byte, the NOTES.md diagnostic on stderr for a malformed
line, and exits with the NOTES.md status (0 done, 1 input error,
2 malformed line or unknown option).

Run:  python3 src/corpus/checkers-oracle/checkers_oracle.py < game.in
Check against the corpus:  python3 src/corpus/checkers-oracle/compare_corpus.py

Modules (same folder): oracle_rules (board, actions, printing),
oracle_input (lines, six errors, diagnostics), oracle_search (minimax).
"""

import sys
from typing import NamedTuple, Optional, Tuple

from oracle_input import (COMMANDS, ERROR_MESSAGES, check_action, echo_text,
                          malformed_message, parse_action, split_lines)
from oracle_rules import (BLACK, SIDE_NAMES, action_text, apply_action,
                          format_action, format_setup, initial_board)
from oracle_search import next_action

# Surrounding white space of a line, as C's isspace() sees it.
WHITE_SPACE = b" \t\n\v\f\r"
PLAY_STEPS = 10

EXIT_DONE = 0
EXIT_INPUT_ERROR = 1
EXIT_MALFORMED = 2


class Game(NamedTuple):
    """The game after some actions: board, side to move, actions so far."""
    board: tuple
    side: int
    actions: int

    def after(self, action) -> "Game":
        return Game(apply_action(self.board, action), 1 - self.side,
                    self.actions + 1)


class Outcome(NamedTuple):
    """Where reading the input stopped: the game, the command if one was
    read, and the exit status and stderr text if the run must stop there."""
    game: Game
    command: Optional[bytes]
    status: int
    stderr: str


def read_actions(data: bytes, out: list) -> Outcome:
    """Play the input lines until the command, an error or the end.
    Appends each board to `out`. Blank lines are skipped but counted."""
    game = Game(initial_board(), BLACK, 0)
    for line_number, raw_line in enumerate(split_lines(data), start=1):
        text = raw_line.strip(WHITE_SPACE)
        if not text:
            continue
        if text in COMMANDS:
            # The command ends the input: nothing after it is read.
            return Outcome(game, text, EXIT_DONE, "")
        cells = parse_action(text)
        if cells is None:
            return Outcome(game, None, EXIT_MALFORMED,
                           malformed_message(line_number, text))
        error, action = check_action(game.board, game.side, *cells)
        if error:
            out.append(ERROR_MESSAGES[error] + "\n")
            return Outcome(game, None, EXIT_INPUT_ERROR, "")
        game = game.after(action)
        out.append(format_action(game.board, game.actions, echo_text(*cells),
                                 computed=False))
    return Outcome(game, None, EXIT_DONE, "")


def play_computed(game: Game, steps: int, out: list) -> None:
    """Compute and print up to `steps` actions; a step that finds no action
    prints the other side's win and ends the game."""
    for _ in range(steps):
        action = next_action(game.board, game.side)
        if action is None:
            out.append(f"{SIDE_NAMES[1 - game.side]} WIN!\n")
            return
        game = game.after(action)
        out.append(format_action(game.board, game.actions, action_text(action),
                                 computed=True))


def run(data: bytes) -> Tuple[bytes, bytes, int]:
    """The whole program on one input: (stdout, stderr, exit status).
    A function, so that a corpus is checked in one process."""
    out = [format_setup(initial_board())]
    outcome = read_actions(data, out)
    if outcome.command is not None:
        steps = 1 if outcome.command == b"A" else PLAY_STEPS
        play_computed(outcome.game, steps, out)
    return ("".join(out).encode("ascii"), outcome.stderr.encode("ascii"),
            outcome.status)


def main() -> int:
    if len(sys.argv) > 1:
        # The program takes no options (NOTES.md: unknown option, status 2).
        sys.stderr.write(f"checkers: unknown option {sys.argv[1]!r}\n")
        return EXIT_MALFORMED
    stdout, stderr, status = run(sys.stdin.buffer.read())
    sys.stdout.buffer.write(stdout)
    sys.stdout.buffer.flush()
    sys.stderr.buffer.write(stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
