"""``vocabulary.discard_top`` and the passive flag ``command_discard_instead`` (House of
Talons): "If an effect would discard 1 or more cards from an opponent's deck that has no
cards remaining in it, that opponent must choose and discard 1 card at his or her command,
instead" (Iron Islands Reaver, w_84). An effect's discard from an empty deck asks the deck's
owner (a hidden prompt: it lists the hand) to discard a card from the hand, in play or in
Shadows; a cost's discard and a deck with cards are left alone, and a game without such a
card asks nothing."""

from __future__ import annotations

from gameplay.engine.cards.vocabulary import discard_top
from tests.gameplay.cardtest import KNIGHT, STEWARD, answer, head, joust, ref, shadow

REAVER = "w_84"


def _empty(mine=(REAVER,)):
    state = joust({"in_play": list(mine)}, {"hand": [KNIGHT], "in_play": [STEWARD]})
    state.players[1].deck.clear()
    return state


def test_an_effects_discard_from_an_empty_deck_asks_for_a_card_at_command():
    state = _empty()
    secret = shadow(state, 1, "Lannisport Steward")
    assert discard_top(state, 1, 3, "effect") == []
    prompt = head(state)
    assert prompt["purpose"] == "discard" and prompt["seat"] == 1 and prompt["hidden"]
    knight, steward = state.players[1].hand[0], ref(state, 1, STEWARD)
    assert set(prompt["candidates"]) == {knight, steward, secret}
    state = answer(state, "discard", [secret])
    assert state.players[1].discard == [secret] and not state.players[1].shadows


def test_a_hand_card_goes_to_the_discard_pile():
    state = _empty()
    discard_top(state, 1, 1, "effect")
    knight = state.players[1].hand[0]
    state = answer(state, "discard", [knight])
    assert state.players[1].discard == [knight] and not state.players[1].hand


def test_not_for_a_cost_nor_for_the_reavers_controller_nor_without_the_reaver():
    state = _empty()
    discard_top(state, 1, 1, "cost")
    assert head(state).get("purpose") != "discard"
    state = joust({"in_play": [REAVER]}, {})
    state.players[0].deck.clear()
    discard_top(state, 0, 1, "effect")
    assert head(state).get("purpose") != "discard"
    state = _empty(mine=())
    discard_top(state, 1, 1, "effect")
    assert head(state).get("purpose") != "discard"
