"""Benchmark: this engine against another checkout of it, game for game, in one run.

    python bench/engine_compare.py --against PATH [--games N] [--seed S] [--round-limit R]
                                   [--decks core,whole-pool] [--variants joust,melee3,melee4]
                                   [--table] [--parts] [--apply]

PATH is the root of another checkout (``git worktree add /tmp/base <commit>``). Two worker
processes are started, one importing each checkout's ``gameplay.engine``; every game (random
bots, the seeds of ``bench/engine_bench.py``, decks in rotation through
``simulate.deck_rotation``) is played by both, in alternating order, so that the machine's
noise falls on both alike. The decks are read from this checkout's ``fixtures/decks`` and sent
to both workers as text, so the baseline need not have them.

For each variant and deck set it reports the median and p95 milliseconds per game of each
engine, the median of the per-game ratio (baseline / this), decisions per game, and whether
every game ended in the same state (``GameState.digest``) with the same number of decisions:
a speed change must not change a single game. Each engine plays a game as a caller that
owns it does: in place (``game.apply_in_place``) where the checkout has it, else by
``apply``, which copies the state for every action; ``--apply`` makes both use ``apply``
(the ``loops`` of the answer say which each used). Prints JSON (``--table``: Markdown as well).
Deck sets: those of ``bench/engine_bench.py`` plus ``whole-pool``, six decks drawn by
``decks.generate`` from every product of the pool (``fixtures/decks/whole-pool-*.txt``).

``--parts``: instead, where a decision's time goes in each engine (2-player jousts with the
first deck set): µs per decision by part, ``time.perf_counter`` around each decision's
``legal_actions`` and ``apply`` and, inside ``apply``, around ``GameState.copy`` and
``run``, apart for forced passes (a decision whose only legal action is pass).
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
VARIANTS = {
    "joust": ("joust", 2),
    "melee3": ("melee", 3),
    "melee4": ("melee", 4),
    "teams": ("teams", 4),
}
HOUSES = ("stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell")
WHOLE_POOL = tuple(f"whole-pool-{house}" for house in HOUSES)
MAX_DECISIONS = 10_000


def worker() -> None:
    """Read one game per line (JSON), play it, answer one line: ms, decisions, digest."""
    from gameplay.engine import game
    from gameplay.engine.bots import RandomBot
    from gameplay.engine.game import GameConfig, apply, legal_actions, new_game, to_act
    from gameplay.engine.simulate import read_decklist

    # A game is played as its owner plays it: on its own state, in place, where the
    # checkout's engine can (game.apply_in_place); else, or with --apply, by apply.
    in_place = getattr(game, "apply_in_place", None)

    for line in sys.stdin:
        job = json.loads(line)
        config = GameConfig(
            players=tuple(read_decklist(text, name) for name, text in job["decks"]),
            seed=job["seed"],
            variant=job["variant"],
            round_limit=job["round_limit"],
        )
        if job.get("playouts"):
            answer = _search_game(config, job)
        elif job.get("parts"):
            answer = _parts_game(config, job)
        else:
            owned = in_place is not None and not job.get("apply")
            start = time.perf_counter()
            state = new_game(config)
            bots = [RandomBot(job["seed"] * 31 + s) for s in range(len(state.players))]
            while state.result is None and state.decisions < MAX_DECISIONS:
                seat = to_act(state)[0]
                action = bots[seat].choose({}, legal_actions(state, seat))
                if owned:
                    in_place(state, action)
                else:
                    state = apply(state, action)
            ms = (time.perf_counter() - start) * 1000
            answer = {
                "ms": ms,
                "decisions": state.decisions,
                "digest": state.digest(),
                "loop": "in place" if owned else "apply",
            }
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


def _search_game(config, job: dict) -> dict:
    """The search bot (seat 0, ``job["playouts"]`` determinizations, the default time cap)
    against greedy bots, for ``job["decisions"]`` decisions of seat 0 at most: the seconds
    and playouts of each searched decision."""
    from gameplay.engine.bots import GreedyBot
    from gameplay.engine.game import apply, legal_actions, new_game, to_act
    from gameplay.engine.search import SearchBot

    state = new_game(config)
    search = SearchBot(job["seed"], playouts=job["playouts"])
    others = [GreedyBot(job["seed"] * 31 + s) for s in range(len(state.players))]
    while state.result is None and len(search.timings) < job["decisions"]:
        seat = to_act(state)[0]
        actions = legal_actions(state, seat)
        if seat == 0:
            action = search.choose_in(state, seat, actions)
        else:
            action = others[seat].choose({}, actions)
        state = apply(state, action)
    return {"timings": search.timings, "digest": state.digest()}


def _parts_game(config, job: dict) -> dict:
    """The game of a job with ``time.perf_counter`` around each decision's
    ``legal_actions`` and ``apply`` and, inside ``apply``, around ``GameState.copy`` and
    ``steps.run`` (as the engine module calls it): seconds by part, apart for the decisions
    whose only legal action is pass ("forced") and the others. The wrappers are removed
    before the answer, so later jobs of the worker are timed bare."""
    from gameplay.engine import game as engine_game
    from gameplay.engine.actions import Action
    from gameplay.engine.bots import RandomBot
    from gameplay.engine.game import apply, legal_actions, new_game, to_act
    from gameplay.engine.state import GameState

    clock = time.perf_counter
    inner = {"copy": 0.0, "run": 0.0}
    plain_copy, plain_run = GameState.copy, engine_game.run

    def timed_copy(self):
        start = clock()
        try:
            return plain_copy(self)
        finally:
            inner["copy"] += clock() - start

    def timed_run(state, *args, **kwargs):
        start = clock()
        try:
            return plain_run(state, *args, **kwargs)
        finally:
            inner["run"] += clock() - start

    parts = {
        f"{name}_{kind}": 0.0
        for name in ("legal", "apply", "copy", "run")
        for kind in ("forced", "other")
    }
    counts = {"forced": 0, "other": 0}
    GameState.copy, engine_game.run = timed_copy, timed_run
    try:
        state = new_game(config)
        bots = [RandomBot(job["seed"] * 31 + s) for s in range(len(state.players))]
        while state.result is None and state.decisions < MAX_DECISIONS:
            seat = to_act(state)[0]
            start = clock()
            actions = legal_actions(state, seat)
            listed = clock() - start
            kind = "forced" if actions == [Action(seat, "pass")] else "other"
            action = bots[seat].choose({}, actions)
            inner["copy"] = inner["run"] = 0.0
            start = clock()
            state = apply(state, action)
            parts[f"apply_{kind}"] += clock() - start
            parts[f"legal_{kind}"] += listed
            parts[f"copy_{kind}"] += inner["copy"]
            parts[f"run_{kind}"] += inner["run"]
            counts[kind] += 1
    finally:
        GameState.copy, engine_game.run = plain_copy, plain_run
    return {"parts": parts, "counts": counts, "decisions": state.decisions}


class Engine:
    """A worker process running the engine of the checkout at ``root``."""

    def __init__(self, root: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(root)}
        self.root = root
        self.proc = subprocess.Popen(
            [sys.executable, "-c", WORKER_BOOT, str(Path(__file__).resolve())],
            cwd=root,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def play(self, job: dict) -> dict:
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the engine of {self.root} stopped")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait()


# The worker imports the checkout's engine from its cwd (PYTHONPATH), then this file's worker().
WORKER_BOOT = (
    "import sys, runpy; sys.path.insert(0, '.'); "
    "runpy.run_path(sys.argv[1], run_name='engine_compare_worker')['worker']()"
)


def deck_sets() -> dict[str, tuple[str, ...]]:
    sys.path.insert(0, str(ROOT))
    from gameplay.engine.simulate import CHAPTER_PACK_DECKS, CORE_DECKS, CYCLE_DECKS

    return {
        "core": CORE_DECKS,
        "chapter-packs": tuple(CHAPTER_PACK_DECKS),
        **{cycle: tuple(decks) for cycle, decks in CYCLE_DECKS.items()},
        "whole-pool": WHOLE_POOL,
    }


def _job(seating, game: int, variant: str, args, **extra) -> dict:
    """One game for both engines: the decks as text (read from this checkout), its seed,
    variant and round limit, and what the caller adds (``parts``, ``decisions``)."""
    return {
        "decks": [
            [d, (ROOT / "fixtures" / "decks" / f"{d}.txt").read_text(encoding="utf-8")]
            for d in seating
        ],
        "seed": args.seed + game,
        "variant": variant,
        "round_limit": args.round_limit,
        **extra,
    }


def compare(engines: tuple[Engine, Engine], variant: str, decks: tuple[str, ...], args) -> dict:
    from gameplay.engine.simulate import deck_rotation

    name, players = VARIANTS[variant]
    base_ms, new_ms, ratios, decisions, base_decisions = [], [], [], [], []
    loops: tuple[set[str], set[str]] = (set(), set())
    same = True
    for game in range(args.games):
        seating = deck_rotation(game, players, decks)
        job = _job(seating, game, name, args, apply=args.apply)
        # Alternate which engine plays first, so that neither always follows the other.
        order = (0, 1) if game % 2 == 0 else (1, 0)
        answers = {i: engines[i].play(job) for i in order}
        base, new = answers[0], answers[1]
        same = same and (base["digest"], base["decisions"]) == (new["digest"], new["decisions"])
        base_ms.append(base["ms"])
        new_ms.append(new["ms"])
        ratios.append(base["ms"] / new["ms"])
        decisions.append(new["decisions"])
        base_decisions.append(base["decisions"])
        loops[0].add(base.get("loop", "apply"))
        loops[1].add(new.get("loop", "apply"))
    return {
        "variant": variant,
        "games": args.games,
        "baseline_ms": _summary(base_ms),
        "this_ms": _summary(new_ms),
        "speedup_median": round(statistics.median(ratios), 2),
        "decisions_per_game": round(statistics.fmean(decisions), 1),
        # The baseline's own: the same as this engine's unless the games differ.
        "baseline_decisions_per_game": round(statistics.fmean(base_decisions), 1),
        "identical_games": same,
        "loops": [", ".join(sorted(loop)) for loop in loops],
    }


def compare_search(engines: tuple[Engine, Engine], playouts: tuple[int, int], args) -> dict:
    """The search bot's decisions in joust (Core decks): the baseline with ``playouts[0]``
    determinizations, this engine with ``playouts[1]``, each within the default time cap;
    seconds per searched decision and the playouts it managed."""
    from gameplay.engine.simulate import CORE_DECKS, deck_rotation

    seconds: tuple[list[float], list[float]] = ([], [])
    done: tuple[list[int], list[int]] = ([], [])
    for game in range(args.games):
        seating = deck_rotation(game, 2, CORE_DECKS)
        job = _job(seating, game, "joust", args, decisions=args.search_decisions)
        for i in (0, 1) if game % 2 == 0 else (1, 0):
            answer = engines[i].play({**job, "playouts": playouts[i]})
            seconds[i].extend(t for t, _ in answer["timings"])
            done[i].extend(n for _, n in answer["timings"])
    return {
        "search_playouts": list(playouts),
        "games": args.games,
        "searched_decisions": [len(seconds[0]), len(seconds[1])],
        "seconds_per_decision_median": [round(statistics.median(x), 3) for x in seconds],
        "seconds_per_decision_p95": [_summary(x)["p95_ms"] for x in seconds],
        "playouts_per_decision_mean": [round(statistics.fmean(x), 2) for x in done],
        "decisions_at_the_cap": [sum(1 for n in x if n < playouts[i]) for i, x in enumerate(done)],
    }


def compare_parts(engines: tuple[Engine, Engine], decks: tuple[str, ...], args) -> dict:
    """Where a decision's time goes in each engine, a 2-player joust with ``decks``: µs per
    decision (over all decisions) by part, the games played by both in alternating order."""
    from gameplay.engine.simulate import deck_rotation

    totals: list[dict[str, float]] = [{}, {}]
    decisions = [0, 0]
    for game in range(args.games):
        seating = deck_rotation(game, 2, decks)
        job = _job(seating, game, "joust", args, parts=True)
        for i in (0, 1) if game % 2 == 0 else (1, 0):
            answer = engines[i].play(job)
            decisions[i] += answer["decisions"]
            for name, seconds in answer["parts"].items():
                totals[i][name] = totals[i].get(name, 0.0) + seconds
            for kind, count in answer["counts"].items():
                totals[i][f"count_{kind}"] = totals[i].get(f"count_{kind}", 0.0) + count
    return {
        "games": args.games,
        "decisions": decisions,
        "us_per_decision": [
            {
                name: round(value * 1e6 / decisions[i], 1)
                for name, value in totals[i].items()
                if not name.startswith("count_")
            }
            for i in (0, 1)
        ],
        "forced_share": [
            round(totals[i].get("count_forced", 0.0) / max(1, decisions[i]), 3) for i in (0, 1)
        ],
    }


def parts_table(found: dict) -> str:
    rows = ["| | baseline | this |", "|---|---:|---:|"]
    names = {
        "legal_forced": "`legal_actions`, forced passes",
        "legal_other": "`legal_actions`, other decisions",
        "apply_forced": "`apply`, forced passes",
        "apply_other": "`apply`, other decisions",
        "copy": "of which `GameState.copy`",
        "run": "of which `run` (the automatic steps and checks)",
    }
    base, this = found["us_per_decision"]
    for key, label in names.items():
        if key in ("copy", "run"):
            a = base[f"{key}_forced"] + base[f"{key}_other"]
            b = this[f"{key}_forced"] + this[f"{key}_other"]
        else:
            a, b = base[key], this[key]
        rows.append(f"| {label} | {a:.1f} | {b:.1f} |")
    total = [
        sum(v for k, v in side.items() if k.startswith(("legal", "apply"))) for side in (base, this)
    ]
    rows.append(f"| **total** | **{total[0]:.1f}** | **{total[1]:.1f}** |")
    return "\n".join(rows)


def _summary(values: list[float]) -> dict:
    ordered = sorted(values)
    return {
        "median_ms": round(statistics.median(ordered), 1),
        "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
    }


def table(results: list[dict]) -> str:
    rows = [
        "| variant | decks | games | baseline median ms | this median ms | speed-up (median of "
        "per-game ratios) | per decision | decisions | identical games | loops |",
        "|---|---|---:|---:|---:|---:|---:|---:|---|---|",
    ]
    for r in results:
        decisions = r["decisions_per_game"]
        # Median ms per game over mean decisions per game: the fair figure when the games
        # differ (then both decision counts are shown).
        per_decision = (r["baseline_ms"]["median_ms"] / r["baseline_decisions_per_game"]) / (
            r["this_ms"]["median_ms"] / decisions
        )
        if r["baseline_decisions_per_game"] != decisions:
            decisions = f"{r['baseline_decisions_per_game']} / {decisions}"
        rows.append(
            f"| {r['variant']} | {r['decks']} | {r['games']} | {r['baseline_ms']['median_ms']} "
            f"| {r['this_ms']['median_ms']} | {r['speedup_median']}× | {per_decision:.2f}× "
            f"| {decisions} | {'yes' if r['identical_games'] else 'NO'} "
            f"| {' / '.join(r['loops'])} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--against", required=True, type=Path, help="the baseline checkout")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--round-limit", type=int, default=10)
    parser.add_argument("--decks", default="core,whole-pool")
    parser.add_argument("--variants", default="joust,melee3,melee4")
    parser.add_argument("--table", action="store_true")
    parser.add_argument(
        "--search",
        default="",
        help="BASE,THIS: instead, the search bot with BASE playouts on the baseline and THIS "
        "on this engine (joust, Core decks, default time cap)",
    )
    parser.add_argument("--search-decisions", type=int, default=15)
    parser.add_argument(
        "--apply",
        action="store_true",
        help="play every game by apply (a copy per action) in both engines, not in place "
        "where the engine has game.apply_in_place",
    )
    parser.add_argument(
        "--parts",
        action="store_true",
        help="instead, where a decision's time goes in each engine (2-player joust, the first "
        "deck set): µs per decision by part, perf_counter around legal_actions, apply, "
        "GameState.copy and run",
    )
    args = parser.parse_args()
    sets = deck_sets()
    chosen = [d.strip() for d in args.decks.split(",") if d.strip()]
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    unknown = [d for d in chosen if d not in sets] + [v for v in variants if v not in VARIANTS]
    if unknown or not chosen or not variants:
        parser.error(f"unknown deck sets or variants: {unknown}")
    if not (args.against / "gameplay" / "engine").is_dir():
        parser.error(f"{args.against} is not a checkout of this project")
    engines = (Engine(args.against.resolve()), Engine(ROOT))
    started = time.strftime("%Y-%m-%d %H:%M")
    if args.parts:
        try:
            found = compare_parts(engines, sets[chosen[0]], args)
        finally:
            for engine in engines:
                engine.close()
        print(json.dumps({"started": started, **found}, indent=2))
        if args.table:
            print(parts_table(found))
        return
    if args.search:
        base, this = (int(n) for n in args.search.split(","))
        try:
            found = compare_search(engines, (base, this), args)
        finally:
            for engine in engines:
                engine.close()
        print(json.dumps({"started": started, **found}, indent=2))
        return
    try:
        results = [
            {**compare(engines, v, sets[d], args), "decks": d} for v in variants for d in chosen
        ]
    finally:
        for engine in engines:
            engine.close()
    from _setup import machine

    print(json.dumps({"machine": machine(), "started": started, "results": results}, indent=2))
    if args.table:
        print(table(results))


if __name__ == "__main__":
    main()
