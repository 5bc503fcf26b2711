"""A Roll of the Dice: Outfitted for War and Flood Waters (gameplay/engine/cards/
a_roll_of_the_dice/greyjoy.py).

Fillers: Knight of the Tumblestone (2 STR, military and power), Lannisport Steward (2 STR,
intrigue), King's Landing Dromon (asots_101, a Warship location whose text has no script),
Great Keep (core_29, a location), Under the Bridge of Dream (btns_38, a River plot: "When
revealed, add 2 gold from the treasury to your gold pool. ..."), Eastern Fiefdoms and
Kingsroad Fiefdom (3 influence)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import immune_to
from gameplay.engine.steps import run
from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    answer,
    build,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    marshals,
    ref,
    start,
    to_window,
    until_window,
    use,
    uses,
)
from tests.gameplay.scenario import settle

DROMON = "asots_101"
KEEP = "core_29"
BRIDGE = "btns_38"
FIEFDOMS = ["Kingsroad Fiefdom", "Eastern Fiefdoms"]


# --- btns_108 Outfitted for War --------------------------------------------------------


def test_outfitted_for_war_goes_only_on_a_warship_location_you_control():
    me = {"house": "Greyjoy", "hand": ["btns_108"], "gold": 3, "in_play": [DROMON, KEEP, KNIGHT]}
    state = build(players=[me, {"in_play": [DROMON]}])
    outfitted = hand(state, 0, "btns_108")[0]
    hosts = {a.cards[1] for a in marshals(state, 0, outfitted) if len(a.cards) > 1}
    assert hosts == {ref(state, 0, DROMON)}


def test_outfitted_for_war_makes_the_location_immune_to_non_plot_effects():
    me = {"house": "Greyjoy", "in_play": [{"card": DROMON, "attachments": ["btns_108"]}]}
    state = joust(me, {})
    dromon = ref(state, 0, DROMON)
    assert immune_to(state, dromon, "event", 1) and immune_to(state, dromon, "character", 0)
    assert not immune_to(state, dromon, "plot", 1)


def test_outfitted_for_war_adds_three_in_a_military_challenge_you_attack():
    me = {"house": "Greyjoy", "in_play": [{"card": DROMON, "attachments": ["btns_108"]}, KNIGHT]}
    state = joust(me, {"in_play": [STEWARD]})
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = finish_challenge(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"][0] == 5


def test_outfitted_for_war_not_in_a_power_challenge():
    me = {"house": "Greyjoy", "in_play": [{"card": DROMON, "attachments": ["btns_108"]}, KNIGHT]}
    state = joust(me, {"in_play": [STEWARD]})
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = finish_challenge(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"][0] == 2


# --- btns_110 Flood Waters -------------------------------------------------------------


def test_flood_waters_triggers_a_river_plot_paying_influence():
    me = {"hand": ["btns_110"], "in_play": FIEFDOMS, "gold": 0}
    state = joust(me, {"used_plots": [BRIDGE]})
    bridge = state.players[1].used_plots[0]
    flood = hand(state, 0, "btns_110")[0]
    assert [a.cards[1:] for a in uses(state, 0, flood)] == [(bridge,)]
    state = use(state, 0, flood, bridge)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, "Kingsroad Fiefdom")])
    (gained,) = events(state, "gold_gained")
    assert gained["seat"] == 0 and gained["gold"] == 2  # Flood Waters' player's


def test_flood_waters_kneeling_a_warship_location():
    me = {"hand": ["btns_110"], "in_play": [DROMON], "used_plots": [BRIDGE], "gold": 0}
    state = joust(me, {})
    flood, bridge = hand(state, 0, "btns_110")[0], state.players[0].used_plots[0]
    state = use(state, 0, flood, bridge)
    (gained,) = events(state, "gold_gained")
    assert gained["seat"] == 0 and gained["gold"] == 2
    (knelt,) = events(state, "knelt_for_cost")
    assert knelt["cards"] == [ref(state, 0, DROMON)]


def test_flood_waters_needs_a_river_plot_and_a_way_to_pay():
    state = joust(
        {"hand": ["btns_110"], "in_play": [DROMON]}, {"used_plots": ["Calm Over Westeros"]}
    )
    assert not uses(state, 0, hand(state, 0, "btns_110")[0])  # no River plot
    state = joust({"hand": ["btns_110"], "in_play": [KEEP]}, {"used_plots": [BRIDGE]})
    assert not uses(state, 0, hand(state, 0, "btns_110")[0])  # no influence, no Warship


# --- btns_109 Sacrificed to Two Gods ---------------------------------------------------

CHASER = "acoa_59"  # Dragon Chaser, 3 STR, Intimidate, military and intrigue
FOLLOWERS = "acoa_53"  # Fiery Followers, a [Holy] character
HOST = "Host of Storm's End"  # 6 STR


def test_sacrificed_to_two_gods_kills_a_character_intimidate_kept_from_counting():
    me = {"house": "Greyjoy", "hand": ["btns_109"], "in_play": [CHASER]}
    state = joust(me, {"in_play": [KNIGHT, STEWARD]})
    knight = ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, CHASER)])
    state = to_window(state, "challenge_won", [knight], claim=[ref(state, 1, STEWARD)])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [3, 0]
    state = use(state, 0, hand(state, 0, "btns_109")[0], knight)
    assert knight in state.players[1].dead


def test_sacrificed_to_two_gods_not_for_a_character_that_counted():
    me = {"house": "Greyjoy", "hand": ["btns_109"], "in_play": [CHASER]}
    state = joust(me, {"in_play": [HOST]})
    sacrificed = hand(state, 0, "btns_109")[0]
    state = start(state, "military", [ref(state, 0, CHASER)])

    def check(now):
        if head(now).get("trigger") == "challenge_won":
            assert not uses(now, 0, sacrificed)

    state = finish_challenge(state, [ref(state, 1, HOST)], 80, check)
    assert events(state, "challenge_resolved")[0]["strength"] == [3, 6]


def _killing(card):
    state = joust({"house": "Greyjoy", "hand": ["btns_109"], "in_play": [card]}, {})
    target = ref(state, 0, card)
    moves.kill(state, [target])
    run(state)
    return settle(state), target


def test_sacrificed_to_two_gods_saves_a_holy_character_that_claims_power():
    state, followers = _killing(FOLLOWERS)
    state = until_window(state, "would_be_killed")
    state = use(state, 0, hand(state, 0, "btns_109")[0], followers)
    assert followers in state.players[0].in_play and state.in_play[followers].power == 1


def test_sacrificed_to_two_gods_saves_only_a_holy_character():
    state, knight = _killing(KNIGHT)
    assert knight in state.players[0].dead
