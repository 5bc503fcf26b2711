"""uses.shadow_problem / uses.come_out_of_shadows with ``pay=False``: an effect brings a card
out of Shadows without paying its cost (Ser Barristan Selmy kr_53, Moat Cailin kr_50); every
other rule of coming out still applies."""

from __future__ import annotations

from gameplay.engine.uses import come_out_of_shadows, put_into_shadows, shadow_problem
from tests.gameplay.cardtest import KNIGHT, events, joust, shadow

GUARD = "kr_55"  # Ser Meryn Trant: a unique Shadow character, cost 1


def test_a_free_coming_out_needs_no_gold_and_pays_none():
    state = joust({"gold": 0}, {}, phase="marshalling")
    card = shadow(state, 0, GUARD)
    assert shadow_problem(state, 0, card, None) is not None  # 1 gold needed
    assert shadow_problem(state, 0, card, None, pay=False) is None
    come_out_of_shadows(state, 0, card, None, pay=False)
    assert card in state.players[0].in_play and state.players[0].gold == 0
    assert not events(state, "gold_paid")
    assert events(state, "out_of_shadows")[-1]["card"] == card


def test_a_free_coming_out_keeps_the_other_rules():
    state = joust({"gold": 0, "in_play": [GUARD], "discard": [GUARD]}, {}, phase="marshalling")
    copy = shadow(state, 0, GUARD)
    assert "unique" in (shadow_problem(state, 0, copy, None, pay=False) or "")
    other = state.players[0].discard[0]
    put_into_shadows(state, 0, other)  # went in this round
    assert "this round" in (shadow_problem(state, 0, other, None, pay=False) or "")
    assert shadow_problem(state, 0, shadow(state, 0, KNIGHT), None, pay=False) is None
