"""engine_tables.py -- the engines' tables: the checkers engine on the
benchmark P games (instructions and wall time), its growth with the tree's
depth, and the draughts engine's instructions per case."""

import os

from harness.bench.measure import corpus_list, group_digits, instructions, line_count, load_average, quoted_command, timed


def engine_table(run):
    """The checkers engine on each benchmark game: instructions (callgrind)
    and wall time (hyperfine); notes seed-game-P's count for the targets."""
    rows, commands = [], []
    for label, input_path in run.games:
        with open(input_path, "rb") as game:
            actions = sum(1 for line in game if b"-" in line)
        count = instructions(input_path, run.engine)
        rows.append((label, actions, count))
        commands += ["-n", label, quoted_command(run.engine, stdin=input_path)]
        if label == "seed-game-P":
            run.seed_instructions = count
    load = load_average()
    walls = timed(run.out, "engine", *run.engine_runs, *commands)
    print("== Engine on the benchmark P games: instructions (callgrind) and wall time")
    print("   (hyperfine %s; load average %s) ==" % (" ".join(run.engine_runs), load))
    print("%-30s %8s %14s %20s" % ("game", "actions", "instructions", "wall ms (mean ± sd)"))
    for (label, actions, count), wall in zip(rows, walls):
        print("%-30s %8s %14s %11.2f ± %-6.2f" % (label, actions, group_digits(count), wall.mean * 1000,
                                                 (wall.stddev or 0) * 1000))
    print("(for scale: an empty C program executes about 130,000 instructions)")


def draughts_ids():
    """The worked examples, then the ten cases whose traces are longest
    (the search's worst cases in the corpus), each once."""
    ids = corpus_list("testdata/draughts")
    longest = sorted(((line_count("testdata/draughts/%s.out" % case), case) for case in ids), reverse=True)
    chosen = [case for case in ids if case.startswith("examples/")] + [case for _, case in longest[:10]]
    return list(dict.fromkeys(chosen))


def draughts_table(_run):
    ids = draughts_ids()
    print("== Draughts engine: instructions per case (callgrind) ==")
    print("%-58s %8s %14s" % ("case", "lines", "instructions"))
    total = 0
    for case in ids:
        count = instructions("testdata/draughts/%s.in" % case, "build/draughts")
        total += count
        print("%-58s %8s %14s" % (case, line_count("testdata/draughts/%s.out" % case), group_digits(count)))
    print("%-58s %8s %14s" % ("mean of %d cases" % len(ids), "", group_digits(total // len(ids))))


def depth_table(run):
    input_path, label = run.seed, "seed-game-P"
    if not os.path.isfile(input_path):  # the same opening, a P from the initial board
        input_path, label = os.path.join(run.out, "initial-P.in"), "P on the initial board"
        with open(input_path, "w", encoding="ascii") as game:
            game.write("P\n")
    print("== Growth: engine instructions against tree depth (%s, --depth N) ==" % label)
    print("%-6s %16s %12s" % ("depth", "instructions", "× previous"))
    previous = None
    for depth in range(1, run.max_depth + 1):
        count = instructions(input_path, run.engine, "--depth", str(depth))
        growth = "-" if previous is None else "%.1f" % (count / previous)
        print("%-6s %16s %12s" % (depth, group_digits(count), growth))
        previous = count
