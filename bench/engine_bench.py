"""Benchmark: whole rules-engine games between random bots, and what observing them costs.

    python bench/engine_bench.py [--games N] [--seed S] [--round-limit R] [--table] [--baseline]
                                 [--decks core,expansions]

For joust, melee with 3 and 4 players and teams, N games (default 30) are played by random
bots with each deck set in rotation (``gameplay.engine.simulate.deck_rotation``; game
``g`` has seed ``S + g``): ``core``, the four Core Set decks, and ``expansions``, the six
starter decks of the House expansions (the Core Set plus one expansion each), and
``chapter-packs``, the six decks leaning on the first twelve chapter packs, and one set per
later cycle of packs by its card-code prefix (``kl``, the City of Secrets cycle), and
``whole-pool``, six decks drawn by ``decks.generate`` from every product, measured in
the same run. Each game is played twice from the same seed, so both runs make
the same moves:

- bare: ``new_game``, then ``legal_actions``, a random choice and ``apply_in_place`` (the
  game's own state, played on without a copy per action) until the game ends; no view
  is built (the random bot does not read one);
- observed: the same, plus ``observe(state, seat)`` for every seat and the spectator after
  every action, as a server pushing every view after every move would do (each viewer
  asks for the log events it has not seen yet, ``since=``). The time spent in ``observe``
  is the added cost.

Reports per variant the median and p95 milliseconds per bare game, the median added cost
of observation per game (and per action), decisions and rounds. A variant the engine
does not have (``ConfigError``) is reported as not available. ``--baseline`` also plays the
same bare games with only the plots' text registered (the engine without card abilities),
in the same run. Prints JSON (``--table``: a Markdown table as well). Pure Python: no
Django, no database.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from _setup import machine, summary
from engine_compare import WHOLE_POOL

from gameplay.engine import abilities
from gameplay.engine.bots import RandomBot
from gameplay.engine.card_facts import load_cards
from gameplay.engine.game import ConfigError, apply_in_place, legal_actions, new_game, to_act
from gameplay.engine.observe import observe
from gameplay.engine.simulate import (
    CHAPTER_PACK_DECKS,
    CORE_DECKS,
    CYCLE_DECKS,
    deck_rotation,
    game_config,
)

VARIANTS = [("joust", 2), ("melee", 3), ("melee", 4), ("teams", 4)]
DECK_SETS = {
    "core": CORE_DECKS,
    "expansions": (
        "kings-of-the-sea-greyjoy",
        "princes-of-the-sun-martell",
        "lords-of-winter-stark",
        "kings-of-the-storm-baratheon",
        "queen-of-dragons-targaryen",
        "lions-of-the-rock-lannister",
    ),
    "chapter-packs": tuple(CHAPTER_PACK_DECKS),
    # One set per cycle of chapter packs written since (its card-code prefix: kl ...).
    **{cycle: tuple(decks) for cycle, decks in CYCLE_DECKS.items()},
    # Six decks drawn by decks.generate from every product (fixtures/decks/whole-pool-*).
    "whole-pool": WHOLE_POOL,
}
MAX_DECISIONS = 10_000


def _play(config, bot_seed: int, observed: bool) -> tuple[float, float, int, int, str]:
    """One game: (total ms, ms inside observe, decisions, rounds, digest)."""
    observe_s = 0.0
    start = time.perf_counter()
    state = new_game(config)
    seats = list(range(len(state.players)))
    bots = [RandomBot(bot_seed * 31 + s) for s in seats]
    seen = {viewer: 0 for viewer in [*seats, None]}
    while state.result is None and state.decisions < MAX_DECISIONS:
        seat = to_act(state)[0]
        apply_in_place(state, bots[seat].choose({}, legal_actions(state, seat)))
        if observed:
            t = time.perf_counter()
            for viewer in seen:
                seen[viewer] = observe(state, viewer, since=seen[viewer])["log_size"]
            observe_s += time.perf_counter() - t
    total = time.perf_counter() - start
    return total * 1000, observe_s * 1000, state.decisions, state.round, state.digest()


def plots_only():
    """The baseline: only the plots' text registered (the rules engine before the Core Set
    card abilities); every other script is put back afterwards."""
    return abilities.only_scripts(lambda code: facts_type(code) == "plot")


def facts_type(code: str) -> str:
    return load_cards()[code].type


def baseline(
    name: str, players: int, games: int, seed: int, round_limit: int, decks: tuple[str, ...]
) -> dict:
    """Median ms per bare game of the same games with only the plots' text."""
    times = []
    with plots_only():
        for game in range(games):
            seating = deck_rotation(game, players, decks)
            config = game_config(seating, seed + game, name, round_limit)
            times.append(_play(config, seed + game, observed=False)[0])
    return summary(times)


def variant(
    name: str, players: int, games: int, seed: int, round_limit: int, deck_set: str = "core"
) -> dict:
    label = f"{name} {players}" if name == "melee" else name
    decks = DECK_SETS[deck_set]
    bare, added, per_action, decisions, rounds = [], [], [], [], []
    try:
        new_game(game_config(deck_rotation(0, players, decks), seed, name, round_limit))
    except ConfigError as exc:
        return {"variant": label, "players": players, "status": f"not available: {exc}"}
    for game in range(games):
        seating = deck_rotation(game, players, decks)
        config = game_config(seating, seed + game, name, round_limit)
        ms, _, n, r, digest = _play(config, seed + game, observed=False)
        _, obs_ms, n2, _, digest2 = _play(config, seed + game, observed=True)
        if (n2, digest2) != (n, digest):
            raise AssertionError(f"{label} game {game}: observing changed the game")
        bare.append(ms)
        added.append(obs_ms)
        per_action.append(obs_ms / max(n, 1))
        decisions.append(n)
        rounds.append(r)
    shares = [a / b for a, b in zip(added, bare, strict=True)]
    return {
        "variant": label,
        "decks": deck_set,
        "players": players,
        "status": "ok",
        "games": games,
        "game_ms": summary(bare),
        "observe_added_ms_per_game": {
            "median": round(statistics.median(added), 3),
            "p95": summary(added)["p95_ms"],
            "median_share_of_game": round(statistics.median(shares), 3),
        },
        "observe_ms_per_action": round(statistics.median(per_action), 4),
        "views_per_action": players + 1,
        "decisions_per_game": round(statistics.fmean(decisions), 1),
        "rounds_per_game": round(statistics.fmean(rounds), 2),
    }


def table(results: list[dict]) -> str:
    rows = [
        "| variant | decks | games | game median ms | game p95 ms | observe +ms/game (median) "
        "| observe share | decisions | rounds | plots-only game median ms |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        if r["status"] != "ok":
            rows.append(f"| {r['variant']} | {r.get('decks', '')} | {r['status']} | | | | | | | |")
            continue
        rows.append(
            f"| {r['variant']} | {r['decks']} | {r['games']} | {r['game_ms']['median_ms']} "
            f"| {r['game_ms']['p95_ms']} | {r['observe_added_ms_per_game']['median']} "
            f"| {r['observe_added_ms_per_game']['median_share_of_game']:.0%} "
            f"| {r['decisions_per_game']} | {r['rounds_per_game']} "
            f"| {r.get('plots_only_game_ms', {}).get('median_ms', '')} |"
        )
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--round-limit", type=int, default=10)
    parser.add_argument("--table", action="store_true", help="also print a Markdown table")
    parser.add_argument(
        "--baseline",
        action="store_true",
        help="also play the same games with only the plots' text (no card abilities)",
    )
    parser.add_argument(
        "--decks",
        default="core,expansions",
        help="deck sets, comma-separated: core, expansions, chapter-packs, or a cycle (kl)",
    )
    args = parser.parse_args()
    deck_sets = [d.strip() for d in args.decks.split(",") if d.strip()]
    unknown = [d for d in deck_sets if d not in DECK_SETS]
    if unknown or not deck_sets:
        parser.error(f"unknown deck sets {unknown}; known: {', '.join(DECK_SETS)}")
    runs = [(name, players, d) for name, players in VARIANTS for d in deck_sets]
    results = [
        variant(name, players, args.games, args.seed, args.round_limit, d)
        for name, players, d in runs
    ]
    if args.baseline:
        for result, (name, players, d) in zip(results, runs, strict=True):
            if result["status"] == "ok":
                ms = baseline(name, players, args.games, args.seed, args.round_limit, DECK_SETS[d])
                result["plots_only_game_ms"] = ms
    print(
        json.dumps(
            {
                "machine": machine(),
                "games_per_variant": args.games,
                "seed": args.seed,
                "round_limit": args.round_limit,
                "deck_sets": {d: list(DECK_SETS[d]) for d in deck_sets},
                "variants": results,
            },
            indent=1,
        )
    )
    if args.table:
        print()
        print(table(results))


if __name__ == "__main__":
    main()
