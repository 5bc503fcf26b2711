"""Reach of the Kraken Fleets and Lady Nym's Guard
(gameplay/engine/cards/reach_of_the_kraken/fleets.py).

Fillers: Knight of the Tumblestone (2 STR, military and power), Lannisport Steward (2 STR,
intrigue), Obara Sand (ator_31, a Sand Snake), The Long Voyage (asots_60, an agenda)."""

from __future__ import annotations

import pytest

from gameplay.engine.card_facts import load_cards
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    agenda_position,
    answer,
    defend,
    events,
    hand,
    head,
    joust,
    marshals,
    pass_windows,
    ref,
    start,
    until_seat,
    until_window,
    use,
    uses,
)

AGENDA = "asots_60"  # The Long Voyage
OBARA = "ator_31"  # Obara Sand: a Sand Snake character
LITTLE_BIRD = "asots_1"
NYM_GUARD = "asots_13"

# code, challenge type its [Naval] enhancement is on, a partner attacker with that icon
FLEETS = [
    ("asots_3", "intrigue", STEWARD),  # Fleet from The Arbor
    ("asots_5", "military", KNIGHT),  # Fleet from Pyke
    ("asots_8", "power", KNIGHT),  # Fleet from Lys
    ("asots_11", "military", KNIGHT),  # Fleet from Wolf's Den
    ("asots_16", "power", KNIGHT),  # Fleet from Volantis
]


def _attack(fleet: str, ctype: str, partner: str):
    state = joust({"house": "Greyjoy", "in_play": [fleet, partner]}, {"in_play": [KNIGHT]})
    attackers = [ref(state, 0, fleet), ref(state, 0, partner)]
    return start(state, ctype, attackers), attackers


@pytest.mark.parametrize(("fleet", "ctype", "partner"), FLEETS)
def test_fleet_stands_and_removes_another_attacker(fleet, ctype, partner):
    state, (ship, other) = _attack(fleet, ctype, partner)
    state = until_window(state, "attackers_declared")
    state = use(state, 0, ship, other)
    assert not state.in_play[other].knelt
    (removed,) = events(state, "removed_from_challenge")
    assert removed["cards"] == [other]
    state = pass_windows(state)
    while head(state).get("purpose") == "stealth":
        state = answer(state, "stealth", [])
    (resolved,) = events(defend(state, []), "challenge_resolved")
    assert resolved["strength"][0] == 7  # the Fleet alone


def test_fleet_needs_a_naval_attack():
    # Fleet from Pyke's [Naval] enhancement is on its military icon, not on power.
    state, (ship, _other) = _attack("asots_5", "power", KNIGHT)
    assert head(state).get("trigger") != "attackers_declared" or not uses(state, 0, ship)


def test_fleet_needs_another_attacker():
    state = joust({"house": "Greyjoy", "in_play": ["asots_5"]}, {"in_play": [KNIGHT]})
    ship = ref(state, 0, "asots_5")
    state = start(state, "military", [ship])
    assert head(state).get("trigger") != "attackers_declared" or not uses(state, 0, ship)


def _fleet_cost_position(card: str, agenda: bool):
    house = load_cards()[card].houses[0]
    players = [{"house": house, "hand": [card], "gold": 4}, {}]
    return agenda_position(players, {1: AGENDA} if agenda else {}, phase="marshalling")


@pytest.mark.parametrize("card", [code for code, _, _ in FLEETS] + [NYM_GUARD])
def test_fleets_cost_3_less_while_an_opponent_runs_an_agenda(card):
    state = _fleet_cost_position(card, agenda=True)
    assert marshals(state, 0, hand(state, 0, card)[0])
    state = _fleet_cost_position(card, agenda=False)
    assert not marshals(state, 0, hand(state, 0, card)[0])  # 7 gold without


def test_own_agenda_lowers_nothing():
    players = [{"house": "Greyjoy", "hand": ["asots_5"], "gold": 4}, {}]
    state = agenda_position(players, {0: AGENDA}, phase="marshalling")
    assert not marshals(state, 0, hand(state, 0, "asots_5")[0])


# --- asots_13 Lady Nym's Guard ---------------------------------------------------------------


def _bird_on(target_name: str, *, cards_in_hand=("Lannisport Steward",)):
    state = joust(
        {"house": "Martell", "in_play": [NYM_GUARD, OBARA, KNIGHT], "hand": list(cards_in_hand)},
        {"house": "Lannister", "in_play": [LITTLE_BIRD]},
    )
    state = until_seat(state, 1)
    target = ref(state, 0, target_name)
    return use(state, 1, ref(state, 1, LITTLE_BIRD), target), target


def test_lady_nyms_guard_cancels_an_effect_choosing_a_sand_snake():
    state, obara = _bird_on(OBARA)
    state = until_window(state, "ability")
    guard = ref(state, 0, NYM_GUARD)
    state = use(state, 0, guard)
    if head(state).get("purpose") == "discard_cost":
        state = answer(state, "discard_cost", hand(state, 0, STEWARD))
    assert hand(state, 0, STEWARD) == [] and len(state.players[0].discard) == 1
    assert head(state).get("purpose") != "gains"  # Little Bird's effect was cancelled
    assert not [e for e in state.effects if e.get("subject") == obara]


def test_lady_nyms_guard_not_for_other_characters():
    state, _knight = _bird_on(KNIGHT)
    assert head(state).get("purpose") == "gains"  # no cancel window: Little Bird resolves


def test_lady_nyms_guard_needs_a_card_in_hand():
    state, _obara = _bird_on(OBARA, cards_in_hand=())
    assert head(state).get("purpose") == "gains"  # no cancel window: Little Bird resolves
