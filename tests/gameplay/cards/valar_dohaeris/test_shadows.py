"""Valar Dohaeris Shadows: Young Griff (btns_33, gameplay/engine/cards/valar_dohaeris/
shadows.py).

Fillers: Mance's Men (a Shadow character, cost 4), Shadowcat (a Shadow character, cost 0),
Knight of the Tumblestone, Host of Storm's End."""

from __future__ import annotations

from gameplay.engine.actions import Action
from tests.gameplay.cardtest import HOST, KNIGHT, answer, apply, head, joust, ref, shadow

GRIFF, MANCE, SHADOWCAT = "btns_33", "low_41", "kotse_43"


def _out(state, seat, card):
    return apply(state, Action(seat, "use", (card,), "shadow"))


def _griff_out(gold, mine=()):
    me = {"house": "Targaryen", "in_play": [{"card": KNIGHT, "knelt": True}, HOST], "gold": gold}
    state = joust(me, {})
    griff = shadow(state, 0, GRIFF)
    others = [shadow(state, 0, name) for name in mine]
    state = _out(state, 0, griff)
    return state, griff, others


def test_young_griff_stands_your_characters_and_brings_out_another_card():
    state, griff, (mance,) = _griff_out(5, [MANCE])
    assert griff in state.players[0].in_play and state.players[0].gold == 4
    step = head(state)
    if step.get("name") == "window":  # his response, used at once
        state = apply(state, Action(0, "use", (griff,), ""))
    knight = ref(state, 0, KNIGHT)
    assert head(state)["purpose"] == "stand" and head(state)["candidates"] == [knight]
    state = answer(state, "stand", [knight])
    assert not state.in_play[knight].knelt
    assert head(state)["purpose"] == "out_of_shadows" and head(state)["candidates"] == [mance]
    state = answer(state, "out_of_shadows", [mance])
    assert mance in state.players[0].in_play and state.players[0].gold == 0


def test_young_griff_brings_out_only_a_card_you_can_pay_for():
    state, griff, (mance, cat) = _griff_out(3, [MANCE, SHADOWCAT])
    if head(state).get("name") == "window":
        state = apply(state, Action(0, "use", (griff,), ""))
    state = answer(state, "stand", [])
    assert head(state)["candidates"] == [cat]  # Mance's Men cost 4, 2 gold left
    state = answer(state, "out_of_shadows", [])
    assert mance in state.players[0].shadows and cat in state.players[0].shadows
