"""Agendas that use Shadows (gameplay/engine/cards/agendas/shadows.py), driven through legal
actions."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    act,
    agenda_position,
    challenge,
    events,
    shadow,
    until_phase,
)

CITY = "kl_20"
WARLOCK = "qod_14"  # House Targaryen only, Shadow crest, cost 1
SISTER = "kotst_12"  # House Baratheon only, Shadow crest, cost 1


def _unopposed_power(with_shadows: bool) -> int:
    state = agenda_position([{"house": "Baratheon", "in_play": [HOST]}, {}], {0: CITY})
    if with_shadows:
        shadow(state, 0, SISTER)
    state = challenge(state, "power", [state.players[0].in_play[0]])
    return sum(e["amount"] for e in events(state, "power") if e.get("reason") == "unopposed")


def test_city_of_shadows_claims_no_unopposed_power_without_cards_in_shadows():
    assert _unopposed_power(with_shadows=False) == 0
    assert _unopposed_power(with_shadows=True) == 1


def test_city_of_shadows_pays_1_more_to_bring_an_off_house_card_out_of_shadows():
    state = agenda_position([{"house": "Baratheon", "gold": 3}, {}], {0: CITY}, phase="marshalling")
    warlock, sister = shadow(state, 0, WARLOCK), shadow(state, 0, SISTER)
    state = act(state, 0, "use", [warlock], "shadow")  # Targaryen only: 1 + 1
    assert state.players[0].gold == 1
    state = act(state, 0, "use", [sister], "shadow")  # Baratheon only: 1
    assert state.players[0].gold == 0
    assert until_phase(state, "challenges").phase == "challenges"
