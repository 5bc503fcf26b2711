"""Forgotten Fellowship's "combined printed cost 3 or lower" events
(gameplay/engine/cards/forgotten_fellowship/events.py): kr_82, 85, 88, 91.

Fillers: Knight of the Tumblestone and Lannisport Steward (cost 2), Bastard of Robert
(cost 1), Host of Storm's End (cost 5); Crossroads (cost 2, 1 influence), Northern
Fiefdoms (cost 1, 1 influence), Winterfell Castle (cost 3, no influence)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    choose,
    hand,
    head,
    joust,
    ref,
    use,
    uses,
)

FORCED_MARCH, STORMING, HARRY, PREPARE = "kr_82", "kr_85", "kr_88", "kr_91"
BASTARD = "Bastard of Robert"
CROSSROADS, FIEFDOMS, CASTLE = "Crossroads", "Northern Fiefdoms", "Winterfell Castle"


def _knelt(*names):
    return [{"card": n, "knelt": True} for n in names]


def _pick(state, refs):
    """Choose the cards one at a time, then stop (``done`` with none)."""
    for card in refs:
        state = answer(state, "combined_cost", [card])
    if head(state).get("purpose") == "combined_cost":
        state = act(state, head(state)["seat"], "done")
    return state


# --- kr_82 Forced March -------------------------------------------------------------------


def test_forced_march_stands_characters_up_to_a_combined_printed_cost_of_3():
    state = joust(
        {"house": "Baratheon", "hand": [FORCED_MARCH], "in_play": _knelt(KNIGHT, BASTARD, HOST)},
        {"in_play": _knelt(STEWARD)},
    )
    knight, bastard = ref(state, 0, KNIGHT), ref(state, 0, BASTARD)
    host, steward = ref(state, 0, HOST), ref(state, 1, STEWARD)
    state = use(state, 0, hand(state, 0, FORCED_MARCH)[0])
    assert set(head(state)["candidates"]) == {knight, bastard, steward}  # not cost 5
    state = answer(state, "combined_cost", [knight])
    assert head(state)["candidates"] == [bastard]  # 1 left: the cost-2 Steward no more
    state = _pick(state, [bastard])
    assert not state.in_play[knight].knelt and not state.in_play[bastard].knelt
    assert state.in_play[host].knelt and state.in_play[steward].knelt


def test_forced_march_needs_a_knelt_character_it_can_stand():
    state = joust(
        {"house": "Baratheon", "hand": [FORCED_MARCH], "in_play": [KNIGHT, *_knelt(HOST)]},
        {"in_play": [STEWARD]},
    )
    assert not uses(state, 0, hand(state, 0, FORCED_MARCH)[0])


# --- kr_85 Storming the Shore -------------------------------------------------------------


def test_storming_the_shore_kneels_locations_up_to_a_combined_printed_cost_of_3():
    state = joust(
        {"house": "Greyjoy", "hand": [STORMING], "in_play": [KNIGHT]},
        {"in_play": [CROSSROADS, FIEFDOMS, CASTLE]},
    )
    crossroads, fiefdoms = ref(state, 1, CROSSROADS), ref(state, 1, FIEFDOMS)
    castle = ref(state, 1, CASTLE)
    state = use(state, 0, hand(state, 0, STORMING)[0])
    assert set(head(state)["candidates"]) == {crossroads, fiefdoms, castle}
    state = answer(state, "combined_cost", [crossroads])
    assert head(state)["candidates"] == [fiefdoms]  # Winterfell Castle's 3 is too much now
    state = _pick(state, [fiefdoms])
    assert state.in_play[crossroads].knelt and state.in_play[fiefdoms].knelt
    assert not state.in_play[castle].knelt


def test_storming_the_shore_chooses_only_locations():
    state = joust({"house": "Greyjoy", "hand": [STORMING]}, {"in_play": [BASTARD, KNIGHT]})
    assert not uses(state, 0, hand(state, 0, STORMING)[0])


# --- kr_88 Harry the Riverlands -----------------------------------------------------------


def test_harry_the_riverlands_kneels_characters_up_to_a_combined_printed_cost_of_3():
    state = joust(
        {"house": "Lannister", "hand": [HARRY], "in_play": [HOST]},
        {"in_play": [KNIGHT, STEWARD, HOST, *_knelt(BASTARD)]},
    )
    knight, steward, host = ref(state, 1, KNIGHT), ref(state, 1, STEWARD), ref(state, 1, HOST)
    state = use(state, 0, hand(state, 0, HARRY)[0])
    assert set(head(state)["candidates"]) == {knight, steward}  # standing, cost 3 or lower
    state = answer(state, "combined_cost", [knight])
    assert head(state).get("purpose") != "combined_cost"  # nothing else fits under 1
    assert state.in_play[knight].knelt
    assert not state.in_play[steward].knelt and not state.in_play[host].knelt


def test_harry_the_riverlands_needs_a_standing_character_of_cost_3_or_lower():
    state = joust({"house": "Lannister", "hand": [HARRY]}, {"in_play": [HOST, *_knelt(KNIGHT)]})
    assert not uses(state, 0, hand(state, 0, HARRY)[0])


# --- kr_91 Prepare for War ----------------------------------------------------------------


def test_prepare_for_war_kneels_all_chosen_influence_cards():
    state = joust(
        {"house": "Martell", "hand": [PREPARE], "in_play": [FIEFDOMS, CASTLE, KNIGHT]},
        {"in_play": [CROSSROADS]},
    )
    fiefdoms, crossroads = ref(state, 0, FIEFDOMS), ref(state, 1, CROSSROADS)
    state = use(state, 0, hand(state, 0, PREPARE)[0])
    assert set(head(state)["candidates"]) == {fiefdoms, crossroads}  # not the Castle
    state = _pick(state, [crossroads, fiefdoms])
    assert head(state)["purpose"] == "kneel_or_stand"
    state = choose(state, "kneel")
    assert state.in_play[fiefdoms].knelt and state.in_play[crossroads].knelt
    assert not state.in_play[ref(state, 0, CASTLE)].knelt


def test_prepare_for_war_stands_all_chosen_influence_cards():
    state = joust(
        {"house": "Martell", "hand": [PREPARE], "in_play": [KNIGHT, *_knelt(FIEFDOMS, CROSSROADS)]},
        {"in_play": _knelt(CROSSROADS)},
    )
    fiefdoms, mine = ref(state, 0, FIEFDOMS), ref(state, 0, CROSSROADS)
    theirs = ref(state, 1, CROSSROADS)
    state = use(state, 0, hand(state, 0, PREPARE)[0])
    state = answer(state, "combined_cost", [mine])
    assert set(head(state)["candidates"]) == {fiefdoms}  # 2 + 2 would be over 3
    state = _pick(state, [fiefdoms])
    state = choose(state, "stand")
    assert not state.in_play[fiefdoms].knelt and not state.in_play[mine].knelt
    assert state.in_play[theirs].knelt


def test_prepare_for_war_needs_an_influence_card():
    state = joust({"house": "Martell", "hand": [PREPARE], "in_play": [CASTLE]}, {})
    assert not uses(state, 0, hand(state, 0, PREPARE)[0])
