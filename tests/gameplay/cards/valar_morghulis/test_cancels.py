"""Valar Morghulis Maester Kerwin and Futile Gestures
(gameplay/engine/cards/valar_morghulis/cancels.py).

Fillers: Rumors of War (kl_116: any phase event, choose a character: +3 STR), Ironborn
Marauder (asots_24, Ironborn, 2 STR), Lannisport Steward (Lannister, 2 STR), Knight of the
Tumblestone."""

from __future__ import annotations

from gameplay.engine.abilities import strength
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    answer,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    until_seat,
    use,
    uses,
)

KERWIN = "btns_11"
GESTURES = "btns_6"
RUMORS = "kl_116"
MARAUDER = "asots_24"


def _rumors_on(me, target_name, seat_of_target=0):
    state = joust(me, {"house": "Martell", "hand": [RUMORS], "in_play": [KNIGHT]})
    target = ref(state, seat_of_target, target_name)
    state = until_seat(state, 1)
    state = use(state, 1, hand(state, 1, RUMORS)[0], target)
    return state, target


# --- btns_11 Maester Kerwin ------------------------------------------------------------------


def test_maester_kerwin_dies_to_cancel_an_effect_choosing_your_ironborn_character():
    state, marauder = _rumors_on({"house": "Greyjoy", "in_play": [KERWIN, MARAUDER]}, MARAUDER)
    kerwin = ref(state, 0, KERWIN)
    assert head(state).get("trigger") == "ability"
    state = use(state, 0, kerwin)
    assert kerwin in state.players[0].dead
    state = pass_windows(state)
    assert strength(state, marauder) == 2


def test_maester_kerwin_does_not_cancel_for_a_non_ironborn_or_an_opponents_character():
    state, knight = _rumors_on({"house": "Greyjoy", "in_play": [KERWIN, KNIGHT]}, KNIGHT)
    assert not uses(state, 0, ref(state, 0, KERWIN))
    assert strength(state, knight) == 5
    me = {"house": "Greyjoy", "in_play": [KERWIN]}
    state = joust(me, {"hand": [RUMORS], "in_play": [MARAUDER]})
    state = until_seat(state, 1)
    state = use(state, 1, hand(state, 1, RUMORS)[0], ref(state, 1, MARAUDER))
    assert not uses(state, 0, ref(state, 0, KERWIN))


# --- btns_6 Futile Gestures ------------------------------------------------------------------


def _gestures(power):
    me = {"house": "Lannister", "in_play": [{"card": STEWARD, "power": power}], "hand": [GESTURES]}
    me["deck"] = [KNIGHT, KNIGHT]
    return _rumors_on(me, STEWARD)


def test_futile_gestures_discards_power_from_the_target_to_cancel_and_draws():
    state, steward = _gestures(2)
    gestures = hand(state, 0, GESTURES)[0]
    state = use(state, 0, gestures)
    if head(state).get("purpose"):
        state = answer(state, head(state)["purpose"], [steward])
    assert state.in_play[steward].power == 1
    state = pass_windows(state)
    assert strength(state, steward) == 2
    assert len(state.players[0].hand) == 1 and state.code(state.players[0].hand[0]) != GESTURES


def test_futile_gestures_needs_power_on_the_chosen_lannister_character():
    state, steward = _gestures(0)
    assert not uses(state, 0, hand(state, 0, GESTURES)[0])
    assert strength(state, steward) == 5


def test_futile_gestures_cancels_only_for_a_lannister_character():
    me = {"house": "Lannister", "in_play": [{"card": KNIGHT, "power": 2}], "hand": [GESTURES]}
    state, knight = _rumors_on(me, KNIGHT)
    assert not uses(state, 0, hand(state, 0, GESTURES)[0])
    assert strength(state, knight) == 5
