"""Longclaw (dotn_55's sword) asks whether it fell off with its host by reading the log:
a host shuffled back into its deck since has a new ref, which the state no longer knows.
The whole-pool random joust below raised a KeyError there (found by bench/engine_compare.py,
game 26)."""

from __future__ import annotations

from pathlib import Path

from gameplay.engine.bots import RandomBot
from gameplay.engine.game import GameConfig, apply, legal_actions, new_game, to_act
from gameplay.engine.simulate import deck_rotation, read_decklist

DECKS = Path(__file__).resolve().parents[2] / "fixtures" / "decks"
WHOLE_POOL = tuple(
    f"whole-pool-{h}"
    for h in ("stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell")
)


def test_the_whole_pool_joust_of_game_26_plays_to_its_end():
    game, seed = 25, 26  # engine_compare: game index 25, seed 1 + 25
    names = deck_rotation(game, 2, WHOLE_POOL)
    players = tuple(
        read_decklist((DECKS / f"{n}.txt").read_text(encoding="utf-8"), n) for n in names
    )
    state = new_game(GameConfig(players=players, seed=seed, variant="joust", round_limit=10))
    bots = [RandomBot(seed * 31 + s) for s in range(2)]
    while state.result is None and state.decisions < 10_000:
        seat = to_act(state)[0]
        state = apply(state, bots[seat].choose({}, legal_actions(state, seat)))
    assert state.result is not None
