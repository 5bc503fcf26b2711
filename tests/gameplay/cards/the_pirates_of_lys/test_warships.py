"""The Pirates of Lys: asots_45 We Do Not Sow (gameplay/engine/cards/the_pirates_of_lys/
warships.py).

Fillers: Knight of the Tumblestone (2 STR, military and power), Lannisport Steward (2 STR,
intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import characters, facts, icons, strength
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    apply,
    events,
    hand,
    joust,
    marshalling,
    ref,
    start,
    uses,
)

SOW = "asots_45"
ARBOR_QUEEN, LIONSTAR, SCOUT = "asots_22", "asots_23", "asots_83"  # Warships, printed cost 1
TITANS = "asots_52"  # a Warship location, printed cost 1
MARAUDER = "asots_24"  # Ironborn Marauder: [Naval] on its military icon
NARROW_SEA = "core_33"  # a location with 1 influence
MINES = "Golden Tooth Mines"  # a location that is no Warship


def _knelt(card):
    return {"card": card, "knelt": True}


def test_we_do_not_sow_kneels_two_influence_to_turn_your_warships_into_characters():
    state = joust(
        {
            "house": "Greyjoy",
            "in_play": [ARBOR_QUEEN, _knelt(LIONSTAR), MINES, NARROW_SEA, NARROW_SEA],
            "hand": [SOW],
        },
        {"in_play": [TITANS, _knelt(STEWARD)]},
    )
    sow = hand(state, 0, SOW)[0]
    queen, lionstar, mines = (
        ref(state, 0, ARBOR_QUEEN),
        ref(state, 0, LIONSTAR),
        ref(state, 0, MINES),
    )
    found = uses(state, 0, sow)
    assert len(found) == 1  # the influence cost (no [Naval] character to kneel)
    state = apply(state, found[0])
    assert set(characters(state, 0)) == {queen, lionstar}
    assert facts(state, mines).type == "location"
    assert facts(state, ref(state, 1, TITANS)).type == "location"  # an opponent's
    assert strength(state, queen) == 1 and icons(state, queen) == {"military", "power"}
    assert all(
        state.in_play[r].knelt
        for r in state.players[0].in_play
        if facts(state, r).name == "Narrow Sea"
    )
    assert state.in_play[lionstar].knelt and not state.in_play[queen].knelt
    state = start(state, "military", [queen])
    assert events(state, "attackers")[-1]["cards"] == [queen]  # it attacks as a character


def test_we_do_not_sow_kneels_a_naval_character_instead_and_ends_with_the_phase():
    state = joust(
        {"house": "Greyjoy", "in_play": [ARBOR_QUEEN, MARAUDER], "hand": [SOW]},
        {"in_play": [_knelt(KNIGHT)]},
    )
    sow, queen, marauder = (
        hand(state, 0, SOW)[0],
        ref(state, 0, ARBOR_QUEEN),
        ref(state, 0, MARAUDER),
    )
    found = uses(state, 0, sow)
    assert len(found) == 1
    state = apply(state, found[0])
    assert state.in_play[marauder].knelt and queen in characters(state, 0)
    from gameplay.engine.steps import run

    state.effects = [e for e in state.effects if e.get("until") != "phase"]  # the phase ended
    run(state)
    assert facts(state, queen).type == "location"


def test_we_do_not_sow_not_without_a_warship_nor_a_cost_nor_outside_challenges():
    state = joust(
        {"house": "Greyjoy", "in_play": [MINES, NARROW_SEA, NARROW_SEA], "hand": [SOW]},
        {"in_play": [ARBOR_QUEEN]},
    )
    assert not uses(state, 0, hand(state, 0, SOW)[0])  # no Warship of yours
    state = joust({"house": "Greyjoy", "in_play": [ARBOR_QUEEN, NARROW_SEA], "hand": [SOW]}, {})
    assert not uses(state, 0, hand(state, 0, SOW)[0])  # 1 influence, no [Naval] character
    state = marshalling(
        {"house": "Greyjoy", "in_play": [ARBOR_QUEEN, NARROW_SEA, NARROW_SEA], "hand": [SOW]}
    )
    assert not uses(state, 0, hand(state, 0, SOW)[0])  # the marshalling phase


def test_we_do_not_sow_over_iron_fleet_scout_own_face():
    state = joust(
        {"house": "Greyjoy", "in_play": [SCOUT, NARROW_SEA, NARROW_SEA], "hand": [SOW]}, {}
    )
    scout = ref(state, 0, SCOUT)
    state = apply(state, uses(state, 0, hand(state, 0, SOW)[0])[0])
    assert facts(state, scout).type == "character" and strength(state, scout) == 1
