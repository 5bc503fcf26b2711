"""Twist of Fate (atoc_119): "This text box cannot be blanked" (register(...,
cannot_be_blanked=True), read by abilities.is_blank).

Forgotten Plans (kotst_50) blanks every other revealed plot from the draw phase on."""

from __future__ import annotations

from gameplay.engine.abilities import is_blank
from tests.gameplay.cards.a_poisoned_spear.helpers import to_claim
from tests.gameplay.cardtest import KNIGHT, STEWARD, head, joust, pass_until, ref, start

TWIST = "atoc_119"
FORGOTTEN = "kotst_50"
CALM = "Calm Over Westeros"


def _knelt(name: str) -> dict:
    return {"card": name, "knelt": True}


def _challenges_after_forgotten_plans(their_plot: str):
    """Seat 0 reveals Forgotten Plans, seat 1 ``their_plot``; the round runs from the draw
    phase (when Forgotten Plans blanks the other plots) to the challenges phase."""
    me = {"house": "Lannister", "revealed_plot": FORGOTTEN, "in_play": [STEWARD]}
    them = {"revealed_plot": their_plot, "in_play": [_knelt(KNIGHT)], "hand": [STEWARD]}
    state = joust(me, them, phase="draw")
    return pass_until(state, lambda s: s.phase == "challenges")


def test_forgotten_plans_blanks_another_plot():
    state = _challenges_after_forgotten_plans(CALM)
    assert is_blank(state, state.players[1].revealed_plot)


def test_twist_of_fate_cannot_be_blanked_and_still_offers_another_claim():
    state = _challenges_after_forgotten_plans(TWIST)
    twist = state.players[1].revealed_plot
    assert any(e["query"] == "blank" and e["subject"] == twist for e in state.effects)
    assert not is_blank(state, twist)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = to_claim(state, ("challenge_type",))
    assert head(state).get("purpose") == "challenge_type"
    assert head(state)["options"] == ["intrigue", "military", "power"]
