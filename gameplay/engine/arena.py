"""A bot tournament: bots play each other with the Core Set decks; prints a JSON table.

python -m gameplay.engine.arena --bots search,greedy,random --variant joust --games N --seed S

Bots: ``random``, ``greedy`` (bots.py), ``first`` (always the first legal action) and
``search`` (search.py; ``--playouts``, ``--seconds`` and ``--candidates`` set its budget).

Who plays: with at least as many bots as seats, every combination of that many bots takes
its turn (game ``g`` plays combination ``g mod C``); with fewer, the bots are seated in
turn (``search,greedy`` in a two-on-two is a team of each). Whatever the line-up, its
seats rotate every game, and the decks (:func:`~gameplay.engine.simulate.deck_rotation`)
change every ``seats`` games, so that each seating of decks is played from every seat.
Game ``g`` is dealt with seed ``S + g``; bot seeds come from it too: a run is reproducible
(the search bot's wall-clock cap aside, which only stops a search early on a slow machine).

The table: for each bot name, the games it played, the games it won (a team win counts for
both partners' names, a name at two seats wins when either does), the win rate and its 95%
Wilson score interval; for each pair of names the same, head to head; draws (the round
limit), unfinished games, errors, the search bots' time per searched decision (a
decision with one legal action is not searched and not counted), and their playouts that
raised (a guessed world the engine could not play on): how many, and what they raised
where (``playout_errors``: ``"KeyError at gameplay/engine/abilities.py:259"`` -> count).

A long run can be split over processes or sessions: ``--first K --games N`` plays games
``K`` to ``K + N - 1`` of the run of seed ``S`` (the very games, line-ups and decks a run
of ``K + N`` games would play there). With ``--progress`` each game is a JSON line on
stderr (its result, its search timings, or its error); ``--tally FILE [FILE ...]`` reads
such lines back and prints the table of all of them together, as one run would have::

    python -m gameplay.engine.arena --games 100 --seed S --progress 2> first.jsonl
    python -m gameplay.engine.arena --games 100 --seed S --first 100 --progress 2> second.jsonl
    python -m gameplay.engine.arena --tally first.jsonl second.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from gameplay.engine.actions import Action
from gameplay.engine.bots import GreedyBot, RandomBot, View
from gameplay.engine.game import apply_in_place, legal_actions, new_game, to_act
from gameplay.engine.observe import observe
from gameplay.engine.search import (
    DEFAULT_CANDIDATES,
    DEFAULT_PLAYOUTS,
    DEFAULT_SECONDS,
    SearchBot,
)
from gameplay.engine.simulate import (
    CORE_DECKS,
    DEFAULT_PLAYERS,
    MAX_DECISIONS,
    deck_rotation,
    game_config,
    winners,
)
from gameplay.engine.state import GameState

Z95 = 1.959963984540054


class FirstBot:
    """Always the first legal action (the script that clicks the first button)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View, actions: Sequence[Action]) -> Action:
        """``actions[0]``."""
        return actions[0]


ARENA_BOTS = ("random", "greedy", "first", "search")


def make_bot(name: str, seed: int, search: dict[str, Any] | None = None) -> Any:
    """A bot by name; ``search``: keyword arguments of :class:`SearchBot`."""
    makers: dict[str, Callable[[int], Any]] = {
        "random": RandomBot,
        "greedy": GreedyBot,
        "first": FirstBot,
        "search": lambda s: SearchBot(s, **(search or {})),
    }
    if name not in makers:
        raise ValueError(f"Unknown bot {name!r}; known: {', '.join(ARENA_BOTS)}.")
    return makers[name](seed)


def decide(bot: Any, state: GameState, seat: int, actions: Sequence[Action]) -> Action:
    """The bot's choice: ``choose_in(state, seat, actions)`` for a bot that searches (it
    reads the state only through its determinization), else ``choose(view, actions)``."""
    if hasattr(bot, "choose_in"):
        return bot.choose_in(state, seat, actions)
    return bot.choose(observe(state, seat), actions)


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> wilson(8, 10)
    (0.4902, 0.9433)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)


def lineup(game: int, bots: Sequence[str], seats: int) -> list[str]:
    """The bot name at each seat of game ``game``.

    >>> [lineup(g, ["search", "greedy"], 2) for g in range(2)]
    [['search', 'greedy'], ['greedy', 'search']]
    >>> lineup(0, ["search", "greedy"], 4)
    ['search', 'greedy', 'search', 'greedy']
    >>> [lineup(g, ["a", "b", "c"], 2) for g in range(4)]
    [['a', 'b'], ['a', 'c'], ['b', 'c'], ['b', 'a']]
    """
    if len(bots) >= seats:
        groups = list(combinations(range(len(bots)), seats))
        names = [bots[i] for i in groups[game % len(groups)]]
        turn = game // len(groups)
    else:
        names = [bots[i % len(bots)] for i in range(seats)]
        turn = game
    shift = turn % seats
    return names[shift:] + names[:shift]


def play_one(
    game: int,
    seed: int,
    bots: Sequence[str],
    variant: str,
    players: int,
    decks: Sequence[str] = CORE_DECKS,
    round_limit: int = 10,
    search: dict[str, Any] | None = None,
    max_decisions: int = MAX_DECISIONS,
) -> dict[str, Any]:
    """Play game ``game`` of a run; returns its line-up, decks, winners and search timings."""
    names = lineup(game, bots, players)
    # A line-up's rotation repeats every ``players`` games: the decks change after it.
    decks_used = deck_rotation(game // players, players, decks)
    config = game_config(decks_used, seed + game, variant, round_limit)
    state = new_game(config)
    seated = [make_bot(name, (seed + game) * 31 + s, search) for s, name in enumerate(names)]
    while state.result is None and state.decisions < max_decisions:
        waiting = to_act(state)
        if not waiting:
            raise RuntimeError(f"No seat must act at step {state.queue[:1]} (game not over).")
        seat = waiting[0]
        actions = legal_actions(state, seat)
        apply_in_place(state, decide(seated[seat], state, seat, actions))
    timings = [t for bot in seated for t in getattr(bot, "timings", ())]
    playout_errors: Counter[str] = Counter()
    for bot in seated:
        playout_errors.update(getattr(bot, "failure_kinds", {}))
    return {
        "game": game,
        "seed": seed + game,
        "bots": names,
        "decks": list(decks_used),
        "winners": winners(state),
        "finished": state.result is not None,
        "rounds": state.round,
        "power": [state.total_power(p.seat) for p in state.players],
        "timings": timings,
        "playout_failures": sum(getattr(bot, "failures", 0) for bot in seated),
        "playout_errors": dict(playout_errors),
    }


def arena(
    bots: Sequence[str],
    games: int,
    seed: int,
    *,
    variant: str = "joust",
    players: int | None = None,
    decks: Sequence[str] = CORE_DECKS,
    round_limit: int = 10,
    search: dict[str, Any] | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    first: int = 0,
) -> dict[str, Any]:
    """Play games ``first`` to ``first + games - 1`` of the run of ``seed`` and return the
    table (see the module docstring); ``progress`` gets each game's record as it ends."""
    unknown = [b for b in bots if b not in ARENA_BOTS]
    if not bots or unknown:
        raise ValueError(f"Unknown bot {unknown or list(bots)!r}; known: {', '.join(ARENA_BOTS)}.")
    if first < 0 or games < 0:
        raise ValueError("--first and --games must be whole numbers >= 0.")
    players = players or DEFAULT_PLAYERS.get(variant, 2)
    records: list[dict[str, Any]] = []
    start = time.perf_counter()
    for game in range(first, first + games):
        try:
            record = play_one(game, seed, bots, variant, players, decks, round_limit, search=search)
            record["timings"] = [round(t, 4) for t, _ in record["timings"]]
        except Exception as exc:  # one bad game must not end the run
            record = {"game": game, "seed": seed + game, "error": f"{type(exc).__name__}: {exc}"}
        records.append(record)
        if progress is not None:
            progress(record)
    settings = {"variant": variant, "players": players, "bots": list(bots), "seed": seed}
    table = tally(records, settings | {"search": _search_settings(search)})
    table["seconds"] = round(time.perf_counter() - start, 1)
    return table


def tally(records: Sequence[dict[str, Any]], settings: dict[str, Any]) -> dict[str, Any]:
    """The table of a run's game records (:func:`play_one`'s, with ``timings`` as seconds,
    or ``{"game", "seed", "error"}``): ``settings`` (variant, players, bots, seed, search)
    heads it. A game recorded twice counts once."""
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    pair_played: Counter[tuple[str, str]] = Counter()
    pair_won: Counter[tuple[str, str]] = Counter()
    draws = unfinished = failures = 0
    kinds: Counter[str] = Counter()  # what the playouts raised, and where
    errors: list[dict[str, Any]] = []
    timings: list[float] = []
    unique = {record["game"]: record for record in records}
    for record in (unique[game] for game in sorted(unique)):
        if "error" in record:
            errors.append(record)
            continue
        timings += record.get("timings", ())
        failures += record["playout_failures"]
        kinds.update(record.get("playout_errors", {}))
        names = record["bots"]
        winning = {names[s] for s in record["winners"]}
        for name in set(names):
            played[name] += 1
            won[name] += name in winning
            for other in set(names) - {name}:
                pair_played[name, other] += 1
                pair_won[name, other] += name in winning
        if not record["winners"]:
            if record["finished"]:
                draws += 1
            else:
                unfinished += 1
    return {
        **{key: settings.get(key) for key in ("variant", "players", "bots")},
        "games": len(unique),
        "seed": settings.get("seed"),
        "search": settings.get("search"),
        "table": {name: _rate(won[name], played[name]) for name in sorted(played)},
        "head_to_head": {
            f"{a} vs {b}": _rate(pair_won[a, b], pair_played[a, b]) for a, b in sorted(pair_played)
        },
        "draws": draws,
        "unfinished": unfinished,
        "errors": errors,
        "decision_seconds": _timing_summary(timings),
        "playout_failures": failures,
        "playout_errors": dict(kinds.most_common()),
    }


def read_records(paths: Sequence[str]) -> list[dict[str, Any]]:
    """The game records of ``--progress`` output files (lines that are not a game's JSON,
    such as a warning, are skipped)."""
    records = []
    for path in paths:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                try:
                    record = json.loads(line)
                except ValueError:
                    continue
                if isinstance(record, dict) and "game" in record:
                    records.append(record)
    return records


def _rate(wins: int, games: int) -> dict[str, Any]:
    low, high = wilson(wins, games)
    rate = round(wins / games, 4) if games else 0.0
    return {"games": games, "wins": wins, "win_rate": rate, "ci95": [low, high]}


def _search_settings(search: dict[str, Any] | None) -> dict[str, Any]:
    settings = {
        "playouts": DEFAULT_PLAYOUTS,
        "max_seconds": DEFAULT_SECONDS,
        "candidates": DEFAULT_CANDIDATES,
    }
    return settings | (search or {})


def _timing_summary(timings: Sequence[float]) -> dict[str, Any]:
    if not timings:
        return {"decisions": 0}
    ordered = sorted(timings)
    return {
        "decisions": len(ordered),
        "median": round(statistics.median(ordered), 4),
        "p90": round(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 4),
        "max": round(ordered[-1], 4),
        "mean": round(statistics.fmean(ordered), 4),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--bots", default="search,greedy", help="e.g. search,greedy,random")
    parser.add_argument("--variant", default="joust", help="joust, melee or teams")
    parser.add_argument("--players", type=int, help="default: 2 for joust, 4 for melee/teams")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--decks", default=",".join(CORE_DECKS), help="deck names, comma-separated")
    parser.add_argument("--round-limit", type=int, default=10)
    parser.add_argument("--playouts", type=int, default=DEFAULT_PLAYOUTS, help="search budget")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="search time cap")
    parser.add_argument("--candidates", type=int, default=DEFAULT_CANDIDATES)
    parser.add_argument("--progress", action="store_true", help="one line per game on stderr")
    parser.add_argument("--first", type=int, default=0, help="the run's first game to play")
    parser.add_argument(
        "--tally", nargs="+", metavar="FILE", help="the table of --progress output files"
    )
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    decks = [d.strip() for d in args.decks.split(",") if d.strip()]
    search = {
        "playouts": args.playouts,
        "max_seconds": args.seconds,
        "candidates": args.candidates,
    }

    if args.tally:
        try:
            records = read_records(args.tally)
        except OSError as exc:
            parser.error(f"cannot read {exc.filename}: {exc.strerror}")
        if not records:
            parser.error("no game record (a --progress line) in " + ", ".join(args.tally))
        played = [r for r in records if "bots" in r]
        settings = {
            "bots": sorted({name for r in played for name in r["bots"]}) or bots,
            "variant": args.variant,
            "players": len(played[0]["bots"]) if played else args.players,
            "seed": next((r["seed"] - r["game"] for r in records if "seed" in r), args.seed),
            "search": search,
        }
        json.dump(tally(records, settings), sys.stdout, indent=1)
        sys.stdout.write("\n")
        return 0

    def report(record: dict[str, Any]) -> None:
        print(json.dumps(record), file=sys.stderr, flush=True)

    try:
        table = arena(
            bots,
            args.games,
            args.seed,
            variant=args.variant,
            players=args.players,
            decks=decks,
            round_limit=args.round_limit,
            search=search,
            progress=report if args.progress else None,
            first=args.first,
        )
    except ValueError as exc:
        parser.error(str(exc))
    json.dump(table, sys.stdout, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
