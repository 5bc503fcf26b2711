"""The Banners Gather's Bannerman Lords and the Strongholds that pay with a card from the hand
(gameplay/engine/cards/the_banners_gather/bannermen.py): kr_1, 4, 7, 8, 10, 11, 13, 16.

Fillers: Knight of the Tumblestone (Stark Knight, 2 STR), Lannisport Steward (2 STR,
intrigue), Host of Storm's End (6 STR)."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, immune_to, strength
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    hand,
    head,
    joust,
    ref,
    start,
    use,
    uses,
)

ALESTER, GOROLD, DAMON, ASHEMARK = "kr_1", "kr_4", "kr_7", "kr_8"
EDRIC, SOUTHRON, MORS, RAYMUN = "kr_10", "kr_11", "kr_13", "kr_16"
SCALING_LADDER = "kr_6"  # attachment, cost 1, attach to a location
POISONED_WELL = "kr_12"  # attachment, cost 0, attach to a location
CASTLE = "kr_17"  # a location


def _pay(state, card_name):
    """Discard ``card_name`` for the cost (a hand of one card pays by itself)."""
    if head(state).get("purpose") == "discard_cost":
        state = answer(state, "discard_cost", [hand(state, 0, card_name)[0]])
    assert not hand(state, 0, card_name)
    return state


# --- kr_1 Alester Florent / kr_7 Damon Marbrand / kr_13 Mors Umber --------------------------


def _bonus(lord, ctype):
    state = joust({"in_play": [lord, MORS, KNIGHT], "hand": [STEWARD]}, {"in_play": [HOST]})
    knight = ref(state, 0, KNIGHT)
    state = _pay(use(state, 0, ref(state, 0, lord), knight), STEWARD)
    assert state.players[0].hand == [] and len(state.players[0].discard) == 1
    return state, knight


def test_alester_florent_three_str_per_bannerman_in_power_challenges_only():
    state, knight = _bonus(ALESTER, "power")
    assert strength(state, knight) == 2  # no challenge
    assert strength(start(state, "power", [knight]), knight) == 2 + 3 * 2
    assert strength(start(state, "military", [knight]), knight) == 2


def test_damon_marbrand_three_str_per_bannerman_in_intrigue_challenges_only():
    state = joust({"in_play": [DAMON, MORS, STEWARD], "hand": [KNIGHT]}, {"in_play": [STEWARD]})
    steward = ref(state, 0, STEWARD)
    state = _pay(use(state, 0, ref(state, 0, DAMON), steward), KNIGHT)
    assert strength(state, steward) == 2
    assert strength(start(state, "intrigue", [steward]), steward) == 2 + 3 * 2


def test_mors_umber_one_str_per_bannerman_until_the_end_of_the_phase():
    state = joust({"in_play": [MORS, ALESTER, KNIGHT], "hand": [STEWARD]}, {"in_play": [HOST]})
    knight = ref(state, 0, KNIGHT)
    state = _pay(use(state, 0, ref(state, 0, MORS), knight), STEWARD)
    assert strength(state, knight) == 2 + 2
    assert next(e for e in state.effects if e["subject"] == knight)["until"] == "phase"


def test_the_bannerman_count_is_read_each_time():
    state, knight = _bonus(ALESTER, "power")
    state = start(state, "power", [knight])
    assert strength(state, knight) == 2 + 3 * 2
    mors = ref(state, 0, MORS)
    state.players[0].in_play.remove(mors)  # a Bannerman fewer
    del state.in_play[mors]
    assert strength(state, knight) == 2 + 3


def test_the_bannermen_need_a_card_in_hand_to_discard():
    state = joust({"in_play": [ALESTER, KNIGHT]}, {"in_play": [HOST]})
    assert not uses(state, 0, ref(state, 0, ALESTER))


# --- kr_4 Gorold Goodbrother --------------------------------------------------------------


def test_gorold_goodbrother_kneels_x_locations():
    state = joust(
        {"in_play": [GOROLD, MORS, CASTLE], "hand": [STEWARD]},
        {"in_play": [ASHEMARK, SOUTHRON, {"card": CASTLE, "knelt": True}]},
    )
    state = _pay(use(state, 0, ref(state, 0, GOROLD)), STEWARD)
    step = head(state)
    assert step["purpose"] == "kneel" and step["min"] == step["max"] == 2
    assert ref(state, 1, CASTLE) not in step["candidates"]  # already knelt
    state = answer(state, "kneel", [ref(state, 1, ASHEMARK), ref(state, 1, SOUTHRON)])
    assert state.in_play[ref(state, 1, ASHEMARK)].knelt
    assert state.in_play[ref(state, 1, SOUTHRON)].knelt
    assert not state.in_play[ref(state, 0, CASTLE)].knelt


def test_gorold_goodbrother_not_without_a_standing_location():
    state = joust({"in_play": [GOROLD], "hand": [STEWARD]}, {"in_play": [HOST]})
    assert not uses(state, 0, ref(state, 0, GOROLD))


# --- kr_10 Edric Dayne --------------------------------------------------------------------


def test_edric_dayne_makes_x_characters_immune_to_events():
    state = joust({"in_play": [EDRIC, MORS, KNIGHT], "hand": [STEWARD]}, {"in_play": [HOST]})
    state = _pay(use(state, 0, ref(state, 0, EDRIC)), STEWARD)
    step = head(state)
    assert step["purpose"] == "immune" and step["min"] == step["max"] == 2
    knight, host = ref(state, 0, KNIGHT), ref(state, 1, HOST)
    state = answer(state, "immune", [knight, host])
    assert immune_to(state, knight, "event", 1) and immune_to(state, host, "event", 0)
    assert not immune_to(state, ref(state, 0, MORS), "event", 1)
    assert not immune_to(state, knight, "character", 1)


# --- kr_16 Ser Raymun Darry ---------------------------------------------------------------


def test_ser_raymun_darry_puts_an_attachment_of_cost_x_or_lower_into_play():
    state = joust(
        {"in_play": [RAYMUN, CASTLE], "hand": [SCALING_LADDER, STEWARD]}, {"in_play": [HOST]}
    )
    ladder = hand(state, 0, SCALING_LADDER)[0]
    state = _pay(use(state, 0, ref(state, 0, RAYMUN)), STEWARD)
    # One attachment and one host: both prompts settle themselves.
    assert state.in_play[ladder].attached_to == ref(state, 0, CASTLE)
    assert state.players[0].hand == []


def test_ser_raymun_darry_not_for_an_attachment_costing_more_than_x():
    # Ser Raymun alone: X = 1, and the Ladder costs 1; with Ser Raymun blanked-out of the
    # count (not a Bannerman any more), X = 0.
    state = joust({"in_play": [RAYMUN], "hand": [SCALING_LADDER, STEWARD]}, {"in_play": [HOST]})
    assert not uses(state, 0, ref(state, 0, RAYMUN))  # no location to attach it to
    me = {"in_play": [RAYMUN, CASTLE], "hand": [SCALING_LADDER, STEWARD]}
    state = joust(me, {"in_play": [HOST]})
    assert uses(state, 0, ref(state, 0, RAYMUN))
    raymun = ref(state, 0, RAYMUN)
    add_lasting(state, "traits", raymun, "phase", raymun, remove=["Bannerman"])
    assert not uses(state, 0, raymun)


# --- kr_8 Ashemark ------------------------------------------------------------------------


def test_ashemark_a_gold_for_a_card_three_times_a_phase():
    state = joust({"in_play": [ASHEMARK, KNIGHT], "hand": [KNIGHT, STEWARD, HOST, KNIGHT]}, {})
    ashemark = ref(state, 0, ASHEMARK)
    gold = state.players[0].gold
    for _ in range(3):
        state = use(state, 0, ashemark)
        state = answer(state, "discard_cost", [state.players[0].hand[0]])
    assert state.players[0].gold == gold + 3 and len(state.players[0].hand) == 1
    assert not uses(state, 0, ashemark)


# --- kr_11 Southron Stronghold ------------------------------------------------------------


def test_southron_stronghold_stands_itself_for_a_card():
    state = joust({"in_play": [{"card": SOUTHRON, "knelt": True}], "hand": [KNIGHT]}, {})
    southron = ref(state, 0, SOUTHRON)
    state = _pay(use(state, 0, southron), KNIGHT)
    assert not state.in_play[southron].knelt


def test_southron_stronghold_only_while_knelt():
    state = joust({"in_play": [SOUTHRON], "hand": [KNIGHT]}, {})
    assert not uses(state, 0, ref(state, 0, SOUTHRON))
