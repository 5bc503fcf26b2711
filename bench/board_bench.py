"""Benchmark: the pure parts of rendering a live board, per viewer and position.

    python bench/board_bench.py [--positions N] [--rounds R] [--against PATH] [--table]

Plays a Core joust and a Core 4-player melee (random bots, table actions on, seed 3) and
keeps N positions along each (after setup, evenly spaced). For every position and seated
viewer it times what the board view computes before any template runs:
``gameplay.board.board`` (the view, the prompt and its reasons, the log lines) and
``gameplay.tableview.table_view`` (the Table menu: every table action and request the seat
may take, each checked). Reports the median and p95 microseconds per call of each. Pure
Python: no Django, no database.

``--against PATH`` (another checkout, ``git worktree add /tmp/base <commit>``) measures the
same positions in a worker process importing that checkout, and this one in another, in
alternating rounds, so that the machine's noise falls on both; the positions are played by
each checkout's own engine, so compare only checkouts whose games are the same.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Ann", "Bob", "Cat", "Dan"]
GAMES = (("joust", 2), ("melee", 4))


def _positions(variant: str, players: int, count: int) -> list:
    from gameplay.engine.bots import RandomBot
    from gameplay.engine.game import GameConfig, apply, legal_actions, new_game, to_act
    from gameplay.engine.simulate import load_deck

    houses = ("core-stark", "core-lannister", "core-baratheon", "core-targaryen")
    decks = tuple(load_deck(houses[i]) for i in range(players))
    state = new_game(GameConfig(players=decks, seed=3, variant=variant, table_actions=True))
    bots = [RandomBot(3 + s) for s in range(players)]
    states = []
    while state.result is None and state.decisions < 10_000:
        seat = to_act(state)[0]
        state = apply(state, bots[seat].choose(None, legal_actions(state, seat)))
        if state.phase != "setup":
            states.append(state)
    step = max(1, len(states) // count)
    return states[::step][:count]


def worker(count: int) -> None:
    """Answer one line per round (JSON): microseconds per call of each part, by game."""
    from gameplay.board import board
    from gameplay.tableview import table_view

    games = {f"{v}{n}": _positions(v, n, count) for v, n in GAMES}
    for _ in sys.stdin:
        out = {}
        for name, states in games.items():
            times: dict[str, list[float]] = {"board": [], "table_view": []}
            for state in states:
                names = NAMES[: len(state.players)]
                for seat in range(len(state.players)):
                    for part, fn in (("board", board), ("table_view", table_view)):
                        start = time.perf_counter()
                        fn(state, seat, names)
                        times[part].append((time.perf_counter() - start) * 1e6)
            out[name] = times
        print(json.dumps(out), flush=True)


def _summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_us": round(statistics.median(ordered), 1),
        "p95_us": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
        "calls": len(ordered),
    }


def _start(root: Path, count: int) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(root), "PYTHONHASHSEED": "0"}
    return subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--worker", str(count)],
        cwd=root,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--against", help="another checkout to compare with")
    parser.add_argument("--table", action="store_true")
    parser.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.worker)
        return 0
    if args.positions < 1 or args.rounds < 1:
        parser.error("--positions and --rounds must be at least 1.")
    roots = {"this": ROOT}
    if args.against:
        other = Path(args.against).resolve()
        if not (other / "gameplay" / "board.py").is_file():
            parser.error(f"{other} is not a checkout of Maester (no gameplay/board.py).")
        roots = {"baseline": other, "this": ROOT}
    workers = {name: _start(root, args.positions) for name, root in roots.items()}
    samples: dict[str, dict[str, dict[str, list[float]]]] = {name: {} for name in roots}
    order = list(workers)
    for round_ in range(args.rounds):
        for name in order if round_ % 2 == 0 else order[::-1]:
            proc = workers[name]
            assert proc.stdin is not None and proc.stdout is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
            for game, parts in json.loads(proc.stdout.readline()).items():
                for part, times in parts.items():
                    samples[name].setdefault(game, {}).setdefault(part, []).extend(times)
    for proc in workers.values():
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait()
    result = {
        name: {
            game: {part: _summary(times) for part, times in parts.items()}
            for game, parts in games.items()
        }
        for name, games in samples.items()
    }
    print(json.dumps(result, indent=1))
    if args.table:
        print("| checkout | game | part | median µs | p95 µs | calls |")
        print("|---|---|---|---:|---:|---:|")
        for name, games in result.items():
            for game, parts in games.items():
                for part, row in parts.items():
                    print(
                        f"| {name} | {game} | `{part}` | {row['median_us']:,.0f} | "
                        f"{row['p95_us']:,.0f} | {row['calls']} |"
                    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
