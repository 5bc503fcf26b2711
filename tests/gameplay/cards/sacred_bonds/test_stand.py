"""Sacred Bonds "To Be a ..." events and Too Proud to Bow (sacred_bonds/stand_events.py):
paid by standing a character of the House, played only with a plot of a trait in the used
pile; Too Proud to Bow kneels X influence.

Plots for the used pile: After the Mummer's Ford (kotse_48, Military Battle), The Breaking of
Oaths (kotse_50, Intrigue Gambit), Stay of Execution (kotse_52, Power Struggle).
"""

from __future__ import annotations

from gameplay.engine.abilities import icons
from tests.gameplay.cardtest import (
    act,
    answer,
    code,
    events,
    hand,
    head,
    joust,
    pass_windows,
    ref,
    start,
    until_window,
    use,
    uses,
    waiting_seats,
)

MILITARY_BATTLE = "kotse_48"
INTRIGUE_GAMBIT = "kotse_50"
POWER_STRUGGLE = "kotse_52"
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power
ROAD = "The Roseroad"  # a location
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue
SMITH = "Lannisport Weaponsmith"  # Lannister, 1 STR, military
HOST = "Host of Storm's End"  # Baratheon, 6 STR, military and power
BASTARD = "kotst_19"  # Bastard in Hiding: Baratheon, 1 STR
RAIDERS = "kotse_9"  # Sea Raiders: Greyjoy
BEN = "Brown Ben Plumm"  # Targaryen, 2 STR
SWORDS = "qod_8"  # Hired Swords: Targaryen, cost 2
SERVITORS = "Warlock's Servitors"  # Targaryen, cost 4
ADVISOR = "qod_39"  # Advisor to the Crown: neutral, 2 influence
LANCER = "kotst_18"  # Vanguard Lancer: Baratheon, 1 influence
HEDGE = "kotst_40"  # Hedge Knight: neutral
SHADOWCAT = "kotse_43"  # Shadowcat: neutral
DAYNE = "pots_11"  # House Dayne Knight: Martell, 1 STR, military and intrigue
EDRIC = "pots_13"  # Lord Edric's Knight: Martell


def knelt(name):
    return {"card": name, "knelt": True}


def test_acoa_44_to_be_a_wolf_finds_a_card_of_another_type_than_the_one_named():
    me = {"house": "Stark", "hand": ["acoa_44"], "in_play": [knelt(KNIGHT)], "deck": [KNIGHT, ROAD]}
    state = joust(me, {"in_play": [HOST]})
    assert not uses(state, 0, hand(state, 0, "acoa_44")[0])  # no Military Battle used
    state = joust({**me, "used_plots": [MILITARY_BATTLE]}, {"in_play": [HOST]})
    wolf, knight = hand(state, 0, "acoa_44")[0], ref(state, 0, KNIGHT)
    state = use(state, 0, wolf)
    assert not state.in_play[knight].knelt  # stood as the cost
    assert head(state)["purpose"] == "name_card_type" and head(state)["seat"] == 1
    state = act(state, 1, "choose", choice="character")
    assert events(state, "card_type_named")[-1]["named"] == "character"
    found = head(state)["candidates"]
    assert [state.code(r) for r in found] == [code(ROAD)]  # the location, not the Knight
    state = answer(state, "search", found)
    assert [state.code(r) for r in state.players[0].hand] == [code(ROAD)]
    assert events(state, "revealed")


def test_acoa_45_to_be_a_lion_kneels_a_character_without_an_intrigue_icon():
    me = {
        "house": "Lannister",
        "hand": ["acoa_45"],
        "in_play": [STEWARD, knelt(SMITH)],
        "used_plots": [INTRIGUE_GAMBIT],
    }
    state = joust(me, {"in_play": [HOST, "Lannisport Steward"]})
    host = ref(state, 1, HOST)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = answer(state, "defenders", [])
    state = until_window(state, "challenge_won")
    lion = hand(state, 0, "acoa_45")[0]
    assert {a.cards[1] for a in uses(state, 0, lion)} == {host}  # not the other Steward
    state = use(state, 0, lion, host)
    state = answer(state, "stand_cost", [ref(state, 0, SMITH)])
    assert state.in_play[host].knelt and not state.in_play[ref(state, 0, SMITH)].knelt


def stag(**them):
    me = {
        "house": "Baratheon",
        "hand": ["acoa_46"],
        "in_play": [knelt(HOST), knelt("Bastard of Robert")],
        "discard": [BASTARD, HOST],
        "used_plots": [POWER_STRUGGLE],
    }
    return joust(me, {"in_play": [KNIGHT], **them})


def test_acoa_46_to_be_a_stag_returns_a_lower_strength_baratheon_character():
    state = stag()
    bastard = state.players[0].discard[0]
    state = use(state, 0, hand(state, 0, "acoa_46")[0])
    # Only the Host could be stood (nothing in the discard pile is below Bastard of
    # Robert's 1 STR); the 6 STR Host in the discard pile is not lower than 6.
    assert not state.in_play[ref(state, 0, HOST)].knelt
    assert state.in_play[ref(state, 0, "Bastard of Robert")].knelt
    assert state.players[0].hand == [bastard]
    assert sorted(state.code(r) for r in state.players[0].discard) == ["acoa_46", "core_89"]


def test_acoa_47_to_be_a_kraken_cancels_a_triggered_effect():
    them = {"house": "Greyjoy", "hand": ["acoa_47"], "in_play": [knelt(RAIDERS)]}
    state = stag(**them)
    state = use(state, 0, hand(state, 0, "acoa_46")[0])
    assert not events(state, "cancelled")  # no Military Battle used: Kraken not offered
    assert [state.code(r) for r in state.players[0].hand] == [BASTARD]
    state = stag(**them, used_plots=[MILITARY_BATTLE])
    bastard = next(r for r in state.players[0].discard if state.code(r) == BASTARD)
    state = use(state, 0, hand(state, 0, "acoa_46")[0])
    state = until_window(state, "ability")
    while waiting_seats(state) != [1]:
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 1, hand(state, 1, "acoa_47")[0])
    state = pass_windows(state)
    assert not state.in_play[ref(state, 1, RAIDERS)].knelt
    assert [e["code"] for e in events(state, "cancelled")] == ["acoa_46"]
    assert bastard in state.players[0].discard and bastard not in state.players[0].hand


def test_acoa_48_to_be_a_dragon_puts_a_cheap_targaryen_character_into_play_from_the_dead_pile():
    me = {
        "house": "Targaryen",
        "hand": ["acoa_48"],
        "in_play": [knelt(BEN)],
        "dead": [SWORDS, SERVITORS],
        "used_plots": [POWER_STRUGGLE],
    }
    state = joust(me, {"in_play": [KNIGHT]})
    swords, servitors = state.players[0].dead
    dragon = hand(state, 0, "acoa_48")[0]
    assert {a.cards[1] for a in uses(state, 0, dragon)} == {swords}  # cost 4 is too high
    state = use(state, 0, dragon, swords)
    assert swords in state.in_play and servitors in state.players[0].dead
    assert not state.in_play[ref(state, 0, BEN)].knelt


def test_acoa_49_too_proud_to_bow_kneels_x_influence_to_discard_every_neutral_character():
    def position(mine):
        me = {"hand": ["acoa_49"], "in_play": mine}
        state = joust(me, {"in_play": [HEDGE, SHADOWCAT, KNIGHT]}, phase="dominance")
        return until_window(state) if head(state).get("name") == "window" else state

    state = position([ADVISOR])  # 2 influence, 3 neutral characters
    assert not uses(state, 0, hand(state, 0, "acoa_49")[0])
    state = position([ADVISOR, LANCER])
    lancer, advisor = ref(state, 0, LANCER), ref(state, 0, ADVISOR)
    state = use(state, 0, hand(state, 0, "acoa_49")[0])
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [advisor, lancer])
    assert events(state, "influence")[-1]["cards"] == [advisor, lancer]
    assert lancer in state.in_play and ref(state, 1, KNIGHT) in state.in_play
    assert [state.code(r) for r in state.players[1].discard] == [HEDGE, SHADOWCAT]
    assert advisor in state.players[0].discard


def test_acoa_50_to_be_a_viper_takes_the_icons_after_a_lost_challenge():
    me = {
        "house": "Martell",
        "hand": ["acoa_50"],
        "in_play": [DAYNE, knelt(EDRIC)],
        "used_plots": [INTRIGUE_GAMBIT],
    }
    state = joust(me, {"in_play": [HOST, KNIGHT]})  # the Knight keeps the phase going
    host = ref(state, 1, HOST)
    state = start(state, "military", [ref(state, 0, DAYNE)])
    state = answer(state, "defenders", [host])
    state = until_window(state, "challenge_won")
    viper = hand(state, 0, "acoa_50")[0]
    while waiting_seats(state) != [0]:
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 0, viper, host)
    state = answer(state, "stand_cost", [ref(state, 0, EDRIC)])
    assert icons(state, host) == set()
    assert not state.in_play[ref(state, 0, EDRIC)].knelt
