"""Random-bot joust games with the Core Set House decks; prints a JSON summary.

python -m gameplay.engine.simulate --games 20 --seed 1
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from gameplay.engine.bots import RandomBot
from gameplay.engine.cards import default_cards_dir
from gameplay.engine.game import GameConfig, PlayerConfig, apply, legal_actions, new_game, to_act
from gameplay.engine.observe import observe
from gameplay.engine.state import GameState

CORE_DECKS = ("core-stark", "core-lannister", "core-baratheon", "core-targaryen")


def decks_dir() -> Path:
    """The repository's ``fixtures/decks`` folder."""
    return default_cards_dir().parent / "decks"


@lru_cache(maxsize=16)
def load_deck(name: str) -> PlayerConfig:
    """A :class:`PlayerConfig` from ``fixtures/decks/<name>.txt`` (via decks.decklist)."""
    from decks.decklist import parse_decklist

    index = _name_index()
    parsed = parse_decklist((decks_dir() / f"{name}.txt").read_text(encoding="utf-8"), index)
    if parsed.problems:
        raise ValueError(f"{name}: {[str(p) for p in parsed.problems]}")
    deck = parsed.deck
    codes = tuple(code for code, count in deck.entries.items() for _ in range(count))
    agenda = deck.agendas[0] if deck.agendas else None
    return PlayerConfig(deck.house, codes, agenda)


@lru_cache(maxsize=1)
def _name_index() -> Any:
    from decks.decklist import NameIndex

    fixtures = [
        json.loads(p.read_text(encoding="utf-8"))
        for p in sorted(default_cards_dir().glob("*.json"))
    ]
    return NameIndex.from_fixtures(fixtures)


def play(config: GameConfig, bot_seed: int, max_decisions: int = 10_000) -> GameState:
    """Play one game with random bots; returns the final state."""
    state = new_game(config)
    bots = [RandomBot(bot_seed * 31 + seat) for seat in range(len(config.players))]
    while state.result is None and state.decisions < max_decisions:
        seat = to_act(state)[0]
        action = bots[seat].choose(observe(state, seat), legal_actions(state, seat))
        state = apply(state, action)
    return state


def simulate(games: int, seed: int, round_limit: int = 10) -> dict[str, Any]:
    """Play ``games`` games of two Core Set decks (rotating matchups) and summarize."""
    finished, rounds, decisions, elapsed = 0, 0, 0, 0.0
    for game in range(games):
        first = CORE_DECKS[game % len(CORE_DECKS)]
        second = CORE_DECKS[(game + 1 + game // len(CORE_DECKS)) % len(CORE_DECKS)]
        if second == first:
            second = CORE_DECKS[(CORE_DECKS.index(first) + 1) % len(CORE_DECKS)]
        config = GameConfig(
            players=(load_deck(first), load_deck(second)),
            seed=seed + game,
            round_limit=round_limit,
        )
        start = time.perf_counter()
        state = play(config, seed + game)
        elapsed += time.perf_counter() - start
        finished += state.result is not None
        rounds += state.round
        decisions += state.decisions
    return {
        "games": games,
        "finished": finished,
        "mean_rounds": rounds / games if games else 0,
        "mean_decisions": decisions / games if games else 0,
        "seconds_per_game": round(elapsed / games, 4) if games else 0,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--round-limit", type=int, default=10)
    args = parser.parse_args(argv)
    json.dump(simulate(args.games, args.seed, args.round_limit), sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
