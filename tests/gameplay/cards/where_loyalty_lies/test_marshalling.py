"""Where Loyalty Lies: Oath of Fealty and Ocean Road, used in the marshalling phase."""

from __future__ import annotations

from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import answer, build, head, joust, marshalling, ref, use, uses

KNIGHT = "Knight of the Tumblestone"  # Stark Knight, War crest, cost 2
DAYNE = "House Dayne Knight"  # Martell Knight, no crest
STEWARD = "Lannisport Steward"  # Lannister, no Knight trait
MESSENGER = "Riverrun Messenger"  # Stark, no crest, cost 2
OATH, ROAD = "atoc_66", "atoc_78"


# --- atoc_66 Oath of Fealty ----------------------------------------------------------------


def _oath(in_play):
    state = marshalling({"house": "Lannister", "hand": [OATH], "in_play": in_play, "gold": 0})
    return state, state.players[0].hand[0]


def test_atoc_66_oath_of_fealty_gains_a_gold_per_knight():
    state, oath = _oath([KNIGHT, DAYNE, STEWARD])
    knight, dayne, steward = (ref(state, 0, name) for name in (KNIGHT, DAYNE, STEWARD))
    state = use(state, 0, oath)
    # The cost: one of the Knights, not the Steward.
    assert head(state)["purpose"] == "kneel_cost"
    assert sorted(head(state)["candidates"]) == sorted([knight, dayne])
    state = answer(state, "kneel_cost", [knight])
    assert state.in_play[knight].knelt and not state.in_play[dayne].knelt
    assert state.players[0].gold == 2  # both Knights, the knelt one too
    assert not state.in_play[steward].knelt


def test_atoc_66_oath_of_fealty_needs_a_knight_to_kneel():
    state, oath = _oath([STEWARD])
    assert not uses(state, 0, oath)


def test_atoc_66_oath_of_fealty_only_in_marshalling():
    state = joust({"house": "Lannister", "hand": [OATH], "in_play": [KNIGHT]}, {})
    assert not uses(state, 0, state.players[0].hand[0])


# --- atoc_78 Ocean Road --------------------------------------------------------------------


def test_atoc_78_ocean_road_lowers_the_next_noble_or_war_character():
    state = build(
        players=[
            {"house": "Stark", "in_play": [ROAD], "hand": [KNIGHT, MESSENGER], "gold": 10},
            {},
        ]
    )
    road = ref(state, 0, ROAD)
    knight, messenger = state.players[0].hand
    assert gold_cost(state, 0, knight) == 2
    state = use(state, 0, road)
    assert state.in_play[road].knelt
    assert gold_cost(state, 0, knight) == 1
    assert gold_cost(state, 0, messenger) == 2  # no Noble or War crest


def test_atoc_78_ocean_road_only_in_marshalling():
    state = joust({"in_play": [ROAD]}, {})
    assert not uses(state, 0, ref(state, 0, ROAD))
