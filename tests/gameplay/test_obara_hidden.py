"""Obara Sand's additional mulligan tells the table nothing (issue 27, point 9): two games
that differ only in whether a seat's deck holds Obara Sand show every other seat and the
spectator the same views, step by step, through the mulligan, whether she is in the hand
after the first mulligan or not (the option to remove her is the owner's alone to see)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.card_facts import load_cards
from gameplay.engine.game import GameConfig, legal_actions, new_game, to_act
from gameplay.engine.observe import observe
from gameplay.engine.simulate import load_deck
from gameplay.engine.state import GameState
from tests.gameplay.scenario import apply

OBARA = "ator_31"


def _configs(seed: int, players: int) -> tuple[GameConfig, GameConfig]:
    """The same game twice, seat 0 playing Martell: in the first its deck holds three
    Obara Sand in place of three other cards, in the second it does not."""
    martell = load_deck("princes-of-the-sun-martell")
    others = [load_deck(name) for name in ("core-stark", "core-lannister")][: players - 1]
    cards = load_cards()
    draw = [i for i, code in enumerate(martell.deck) if cards[code].type != "plot"]
    deck = list(martell.deck)
    for i in draw[:3]:
        deck[i] = OBARA
    with_her = replace(martell, deck=tuple(deck))
    variant = "joust" if players == 2 else "melee"
    return tuple(
        GameConfig(players=(first, *others), seed=seed, variant=variant, mulligan=True)
        for first in (with_her, martell)
    )


def _answer(state: GameState) -> Action:
    """Every seat takes its mulligan and keeps after it (never removes her: that is public)."""
    seat = to_act(state)[0]
    options = state.queue[0]["options"]
    choice = "mulligan" if state.queue[0]["purpose"] == "mulligan" else "keep"
    assert choice in options
    return Action(seat, "choose", choice=choice)


def _views(state: GameState) -> list[dict]:
    """What every seat but 0, and the spectator, see."""
    return [observe(state, viewer) for viewer in [*range(1, len(state.players)), None]]


@pytest.mark.parametrize("players", [2, 3])
def test_the_other_seats_cannot_tell_whether_a_deck_holds_obara_sand(players):
    in_hand = set()
    for seed in range(12):
        with_her, without = (new_game(config) for config in _configs(seed, players))
        steps = 0
        while with_her.queue and with_her.queue[0]["name"] == "prompt":
            assert _views(with_her) == _views(without), (seed, steps)
            if to_act(with_her) == [0] and with_her.queue[0]["purpose"] == "obara_mulligan":
                offered = [a.choice for a in legal_actions(with_her, 0)]
                in_hand.add("obara" in offered)
                assert [a.choice for a in legal_actions(without, 0)] == ["keep"]
            action = _answer(with_her)
            assert to_act(without) == [action.seat]
            with_her, without = apply(with_her, action), apply(without, action)
            steps += 1
        assert without.queue[0]["name"] == "setup_place" == with_her.queue[0]["name"]
        assert _views(with_her) == _views(without)
        assert steps == 2 * players  # a mulligan and the keep that follows it, each seat
    assert in_hand == {True, False}  # she was in the new hand in some games, not in others
