"""Longship Maiden's Bane (kr_105; gameplay/engine/cards/a_hidden_agenda/maidens_bane.py).

Fillers: Knight of the Tumblestone (2 STR, military and power), Host of Storm's End (6 STR)."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, allowed, facts, strength
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    answer,
    at_point,
    events,
    head,
    joust,
    ref,
    start,
    use,
    uses,
)

BANE = "kr_105"


def test_maidens_bane_joins_the_challenge_as_a_character_with_x_str():
    state = joust({"house": "Greyjoy", "in_play": [KNIGHT, BANE]}, {"in_play": [KNIGHT]})
    bane = ref(state, 0, BANE)
    assert not uses(state, 0, bane)  # no challenge yet
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = _after_defenders(state)
    state = use(state, 0, bane)  # the rest of the round plays itself
    (joined,) = events(state, "joined_challenge")
    assert joined["card"] == bane and joined["side"] == "attackers"
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"][0] == 3  # the Knight's 2 and X = 1 (itself)
    assert facts(state, bane).type == "location"  # after the challenge


def test_maidens_bane_is_a_character_that_cannot_be_killed_while_it_participates():
    state = joust({"house": "Greyjoy", "in_play": [KNIGHT, BANE, "kr_104"]}, {"in_play": [KNIGHT]})
    bane = ref(state, 0, BANE)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = _after_defenders(state)
    assert uses(state, 0, bane)
    add_lasting(state, "kr_bane_character", bane, "challenge", bane, value=True)
    assert facts(state, bane).type == "character" and strength(state, bane) == 1
    assert not allowed(state, "can_be_killed", bane)
    assert not uses(state, 0, bane)  # once a character, not again


def _after_defenders(state):
    head_step = head(state)
    if head_step.get("purpose") == "defenders":
        state = answer(state, "defenders", head_step["candidates"])
    return at_point(state, "after_defenders")


def test_maidens_bane_defends_on_its_players_side():
    state = joust({"in_play": [HOST]}, {"house": "Greyjoy", "in_play": [BANE, KNIGHT]})
    bane = ref(state, 1, BANE)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = _after_defenders(state)
    state = use(state, 1, bane)
    (joined,) = events(state, "joined_challenge")
    assert joined["card"] == bane and joined["side"] == "defenders"
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [6, 1]
