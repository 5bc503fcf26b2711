"""Epic Battles cards (gameplay/engine/cards/epic_battles/): each card's effect in a
position, driven through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import icons, strength
from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    act,
    build,
    challenge,
    events,
    fight,
    hand,
    joust,
    pass_windows,
    ref,
    until_phase,
    until_window,
    use,
)

HOST = "Host of Storm's End"  # Baratheon, 6 STR, military and power, Army
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue


def test_acoa_61_dacey_mormont_gains_intrigue_with_a_military_battle_plot():
    plain = joust({"in_play": ["acoa_61"]}, {})
    assert "intrigue" not in icons(plain, ref(plain, 0, "acoa_61"))
    battle = joust({"in_play": ["acoa_61"]}, {"revealed_plot": "kotse_48"})
    assert "intrigue" in icons(battle, ref(battle, 0, "acoa_61"))


def test_acoa_62_salladhor_saan_gives_two_power_to_the_most_standing_characters():
    me = {"in_play": ["acoa_62", {"card": KNIGHT, "knelt": True}]}
    state = build(phase="dominance", players=[me, {"in_play": [STEWARD]}])
    state = until_phase(state, "plot")
    # Everything stands in the standing phase: 2 against 1 (seat 1 won dominance).
    gained = [e["seat"] for e in state.log if e.get("reason") == "acoa_62"]
    assert gained == [0] and state.players[0].power >= 2


def test_acoa_64_the_bastard_of_godsgrace_gives_two_strength():
    state = build(players=[{"in_play": ["acoa_64"]}, {}])
    bastard = ref(state, 0, "acoa_64")
    state = use(state, 0, bastard, bastard)
    state = pass_windows(state)
    assert strength(state, bastard) == 4 and state.in_play[bastard].knelt


def test_acoa_72_hornvale_kneels_a_losing_attacker_character():
    me = {"in_play": ["acoa_72", HOST]}
    state = joust({"in_play": [KNIGHT, STEWARD]}, me)
    state = fight(state, "military", [ref(state, 0, KNIGHT)], [ref(state, 1, HOST)])
    steward = ref(state, 0, STEWARD)
    state = use(state, 1, ref(state, 1, "acoa_72"), steward)
    assert [e["card"] for e in events(state, "knelt")] == [steward]


def test_acoa_73_claw_isle_moves_a_power_from_the_loser():
    state = joust({"in_play": ["acoa_73", HOST]}, {"power": 3})
    state = fight(state, "military", [ref(state, 0, HOST)])
    state = use(state, 0, ref(state, 0, "acoa_73"))
    assert state.players[1].power == 2
    assert [e["amount"] for e in events(state, "power_moved")] == [1]


def test_acoa_74_besieged_shipyard_discards_a_power_from_a_house():
    state = joust({"in_play": ["acoa_74", HOST]}, {"power": 3})
    state = fight(state, "military", [ref(state, 0, HOST)])
    state = use(state, 0, ref(state, 0, "acoa_74"))
    state = act(state, 0, "choose", choice="1")
    assert state.players[1].power == 2 and state.players[0].power == 1


def test_acoa_75_stormcrows_shuffle_non_neutral_characters_back():
    me = {"in_play": ["acoa_75"], "discard": [KNIGHT, "Crossroads"]}
    state = joust(me, {"discard": [HOST]})
    state = challenge(state, "military", [ref(state, 0, "acoa_75")], [])
    state = pass_windows(state)
    assert [state.code(r) for r in state.players[0].discard] == ["core_138"]
    assert state.players[1].discard == [] and len(state.players[1].deck) == 1


def test_acoa_76_pentos_saves_a_character_by_discarding_a_targaryen_attachment():
    me = {"in_play": ["acoa_76", {"card": KNIGHT, "attachments": ["core_100"]}]}
    state = build(players=[{"in_play": ["Ser Ilyn Payne"]}, me])
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, ref(state, 0, "Ser Ilyn Payne"), knight)
    state = until_window(state, "would_be_killed")
    state = use(state, 1, ref(state, 1, "acoa_76"), knight)
    state = pass_windows(state)
    assert knight in state.in_play
    assert len(state.players[1].discard) == 1


def test_acoa_77_norvos_discards_from_the_attackers_hand():
    state = joust({"in_play": [STEWARD], "hand": [KNIGHT, HOST]}, {"in_play": ["acoa_77"]})
    state = fight(state, "intrigue", [ref(state, 0, STEWARD)])
    state = use(state, 1, ref(state, 1, "acoa_77"))
    state = pass_windows(state)
    assert len(state.players[0].discard) == 1


def _kingdom(code, wanted):
    state = build(players=[{"in_play": [code], "hand": [wanted, KNIGHT]}, {}])
    before = gold_cost(state, 0, hand(state, 0, wanted)[0])
    state = use(state, 0, ref(state, 0, code))
    state = pass_windows(state)
    assert gold_cost(state, 0, hand(state, 0, KNIGHT)[0]) == 2  # not the named kind
    return before - gold_cost(state, 0, hand(state, 0, wanted)[0])


def test_acoa_78_the_gift_lowers_the_next_nights_watch_character():
    assert _kingdom("acoa_78", "core_135") == 1


def test_acoa_79_the_land_beyond_the_wall_lowers_the_next_wildling_character():
    assert _kingdom("acoa_79", "low_41") == 1


def test_acoa_80_the_neck_lowers_the_next_clansman_character():
    assert _kingdom("acoa_80", "lotr_38") == 1
