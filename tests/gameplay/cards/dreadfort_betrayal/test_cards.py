"""Dreadfort Betrayal: attachments, locations, events and the plot
(gameplay/engine/cards/dreadfort_betrayal/cards.py), played through legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine import moves
from gameplay.engine.abilities import add_lasting, strength
from gameplay.engine.rules import gold_cost
from tests.gameplay.cards.dreadfort_betrayal.helpers import challenge_over, watch
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    IllegalAction,
    act,
    answer,
    apply,
    events,
    hand,
    head,
    joust,
    marshals,
    pass_windows,
    plots_revealed,
    ref,
    start,
    to_window,
    use,
    uses,
    won_window,
)

ROOSE = "bwb_101"
FLAYED = "bwb_102"
SCOURGE = "bwb_104"
DREADFORT = "bwb_105"
TERROR = "bwb_106"
CAMP = "bwb_108"
BOUND = "bwb_110"
WE_TAKE = "bwb_112"
GRIEF = "bwb_116"
SEPT = "bwb_118"
SWORD = "bwb_119"
PERSECUTION = "bwb_120"

REFUGEE = "ator_83"  # Bolton Refugee: House Bolton, STR 2, cost 0
SHAGGA = "bwb_107"  # a Clansman, cost 3
CLAN_SCOUT = "w_67"  # a vanilla Clansman, cost 1
CROSSROADS = "core_138"  # a location with 1 influence
FIEFDOM = "qod_42"  # Kingsroad Fiefdom: 2 influence
ACOLYTE = "dotn_65"  # Acolyte of the Flame: Asshai, cost 2
BEARER = "kotst_13"  # Bearer of the Light: Asshai, cost 0
PRIESTESS = "ator_7"  # Priestess of the Pyre: Asshai, cost 3
MARAUDER = "asots_24"  # Ironborn Marauder: a vanilla Raider, military and power
DOREA = "w_89"  # Dorea Sand: a Sand Snake
TYENE = "w_29"  # Tyene Sand: a Sand Snake (unique)
VIPER = "atoc_113"  # The Red Viper (a Lord, no Sand Snake)
LOREZA = "w_110"  # Loreza Sand: a Sand Snake
VALAR = "core_201"  # Valar Morghulis: kill all characters in play
LEM = "bwb_57"  # Lem Lemoncloak: Brotherhood
BERIC = "bwb_17"  # Beric Dondarrion: Renown
STEWARD = "core_52"
BRIENNE = "core_76"  # Brienne of Tarth: Renown, military  # Lannisport Steward: intrigue
DECK = [KNIGHT] * 10


# --- bwb_104 Bloody Scourge --------------------------------------------------------------


def test_bwb_104_bloody_scourge_discards_a_kneeling_character_after_a_win():
    state = joust(
        {"in_play": [{"card": ROOSE, "attachments": [SCOURGE]}]},
        {"in_play": [KNIGHT, {"card": HOST, "knelt": True}]},
    )
    scourge = next(r for r in state.in_play if state.code(r) == SCOURGE)
    host, knight = ref(state, 1, HOST), ref(state, 1, KNIGHT)
    state = won_window(state, "intrigue", [ref(state, 0, ROOSE)])
    assert {a.cards[1] for a in uses(state, 0, scourge)} >= {host}
    assert knight not in {a.cards[1] for a in uses(state, 0, scourge)}  # standing
    state = use(state, 0, scourge, host)
    assert state.in_play[scourge].knelt
    assert host in state.players[1].discard


def test_bwb_104_bloody_scourge_needs_its_character_to_have_participated():
    state = joust(
        {"in_play": [{"card": ROOSE, "attachments": [SCOURGE]}, HOST]},
        {"in_play": [{"card": KNIGHT, "knelt": True}]},
    )
    scourge = next(r for r in state.in_play if state.code(r) == SCOURGE)
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, scourge)
    assert not offered


def test_bwb_104_bloody_scourge_goes_only_on_a_house_bolton_character():
    state = joust(
        {"in_play": [ROOSE, KNIGHT], "hand": [SCOURGE], "gold": 5}, {}, phase="marshalling"
    )
    scourge = hand(state, 0, SCOURGE)[0]
    hosts = {a.cards[1] for a in marshals(state, 0, scourge) if a.kind == "marshal:play"}
    assert hosts == {ref(state, 0, ROOSE)}
    with pytest.raises(IllegalAction):
        act(state, 0, "marshal:play", [scourge, ref(state, 0, KNIGHT)])


# --- bwb_105 The Dreadfort ---------------------------------------------------------------


def test_bwb_105_the_dreadfort_draws_after_you_play_a_big_bolton_character():
    state = joust(
        {"in_play": [DREADFORT], "hand": [ROOSE], "gold": 4, "deck": DECK}, {}, phase="marshalling"
    )
    state = act(state, 0, "marshal:play", [hand(state, 0, ROOSE)[0]])
    before = len(state.players[0].hand)
    state = use(state, 0, ref(state, 0, DREADFORT))
    assert len(state.players[0].hand) == before + 1


def test_bwb_105_the_dreadfort_ignores_a_bolton_character_under_str_3():
    state = joust(
        {"in_play": [DREADFORT], "hand": [REFUGEE, KNIGHT], "gold": 2, "deck": DECK},
        {},
        phase="marshalling",
    )
    dreadfort = ref(state, 0, DREADFORT)
    state = act(state, 0, "marshal:play", [hand(state, 0, REFUGEE)[0]])
    assert not uses(state, 0, dreadfort)
    state = act(state, 0, "marshal:play", [hand(state, 0, KNIGHT)[0]])  # not House Bolton
    assert not uses(state, 0, dreadfort)


def test_bwb_105_the_dreadfort_draws_after_you_take_control_of_a_big_bolton_character():
    state = joust({"in_play": [HOST, DREADFORT], "deck": DECK}, {"in_play": [FLAYED]})
    flayed = ref(state, 1, FLAYED)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = to_window(state, "control_changed")
    assert state.in_play[flayed].controller == 0
    before = len(state.players[0].hand)
    state = use(state, 0, ref(state, 0, DREADFORT))
    assert len(state.players[0].hand) == before + 1


def test_bwb_105_the_dreadfort_does_not_draw_when_an_opponent_takes_control():
    state = joust({"in_play": [FLAYED, DREADFORT], "deck": DECK}, {"in_play": [HOST]})
    dreadfort = ref(state, 0, DREADFORT)
    state = act(state, 0, "pass")  # seat 0 ends its challenges; seat 1 attacks
    state = pass_windows(state)
    state = start(state, "power", [ref(state, 1, HOST)])
    state, offered = watch(state, 0, dreadfort)
    assert state.in_play[ref(state, 1, FLAYED)].controller == 1 and not offered


# --- bwb_106 Terror in the Dungeons ------------------------------------------------------


def _terror_position(mine: list):
    state = joust({"in_play": [HOST, CROSSROADS, *mine], "hand": [TERROR]}, {"in_play": [FLAYED]})
    state = start(state, "power", [ref(state, 0, HOST)])
    return to_window(state, "control_changed")


def test_bwb_106_terror_in_the_dungeons_kills_the_taken_bolton_and_a_cheaper_character():
    state = _terror_position([REFUGEE, KNIGHT])  # Knight cost 2, Refugee 0, Host 5
    flayed, knight = ref(state, 0, FLAYED), ref(state, 0, KNIGHT)
    terror = hand(state, 0, TERROR)[0]
    state = use(state, 0, terror, flayed)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, CROSSROADS)])
    state = pass_windows(state)
    prompt = head(state)
    assert prompt["purpose"] == "kill"
    assert knight in prompt["candidates"] and ref(state, 0, REFUGEE) in prompt["candidates"]
    assert ref(state, 0, HOST) not in prompt["candidates"]  # printed cost 5 > 2
    state = answer(state, "kill", [knight])
    state = pass_windows(state)
    assert flayed in state.players[1].dead and knight in state.players[0].dead
    assert state.in_play[ref(state, 0, CROSSROADS)].knelt


def test_bwb_106_terror_in_the_dungeons_needs_influence():
    state = joust({"in_play": [HOST], "hand": [TERROR]}, {"in_play": [FLAYED]})
    state = start(state, "power", [ref(state, 0, HOST)])
    state, offered = watch(state, 0, hand(state, 0, TERROR)[0])
    assert not offered


def test_bwb_106_terror_in_the_dungeons_answers_only_a_house_bolton_character():
    state = joust(
        {"in_play": [HOST, CROSSROADS, DREADFORT], "hand": [TERROR], "deck": DECK},
        {"in_play": [KNIGHT, FLAYED]},
    )
    terror = hand(state, 0, TERROR)[0]
    knight = ref(state, 1, KNIGHT)
    moves.take_control(state, knight, 0)  # a non-Bolton character changes control
    assert head(state).get("trigger") == "control_changed"  # Terror in a hand answers it
    assert not uses(state, 0, terror)


# --- bwb_108 Mountain Camp ---------------------------------------------------------------


def test_bwb_108_mountain_camp_lowers_a_clansman_by_2_and_it_comes_into_play_knelt():
    state = joust(
        {"house": "Lannister", "in_play": [CAMP], "hand": [SHAGGA], "gold": 1},
        {},
        phase="marshalling",
    )
    shagga = hand(state, 0, SHAGGA)[0]
    assert not marshals(state, 0, shagga)  # 3 gold, 1 in the pool
    state = use(state, 0, ref(state, 0, CAMP))
    state = act(state, 0, "marshal:play", [shagga])
    assert state.players[0].gold == 0
    assert state.in_play[shagga].knelt


def test_bwb_108_mountain_camp_does_not_lower_a_non_clansman():
    state = joust(
        {"house": "Lannister", "in_play": [CAMP], "hand": [KNIGHT, CLAN_SCOUT], "gold": 5},
        {},
        phase="marshalling",
    )
    knight = hand(state, 0, KNIGHT)[0]
    cost = gold_cost(state, 0, knight)
    state = use(state, 0, ref(state, 0, CAMP))
    assert gold_cost(state, 0, knight) == cost  # not a Clansman
    assert gold_cost(state, 0, hand(state, 0, CLAN_SCOUT)[0]) == 0


def test_bwb_108_mountain_camp_is_used_only_in_marshalling():
    state = joust({"house": "Lannister", "in_play": [CAMP, HOST]}, {})
    assert not uses(state, 0, ref(state, 0, CAMP))


# --- bwb_110 Bound by the Light ----------------------------------------------------------


def test_bwb_110_bound_by_the_light_puts_a_cheaper_asshai_character_into_play():
    state = joust(
        {"in_play": [HOST]},
        {
            "house": "Baratheon",
            "in_play": [{"card": ACOLYTE, "attachments": [BOUND]}],
            "deck": [PRIESTESS, BEARER, KNIGHT],
        },
    )
    bound = next(r for r in state.in_play if state.code(r) == BOUND)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", [])
    assert bound in state.players[1].discard
    state = use(state, 1, bound)
    prompt = head(state)
    assert prompt["purpose"] == "search"
    found = {state.code(r) for r in prompt["candidates"]}
    assert found == {BEARER}  # the Priestess costs 3, more than the Acolyte's 2
    state = answer(state, "search", prompt["candidates"])
    assert [state.code(r) for r in state.players[1].in_play] == [BEARER]


def test_bwb_110_bound_by_the_light_goes_only_on_an_asshai_character():
    state = joust(
        {"house": "Baratheon", "in_play": [ACOLYTE, KNIGHT], "hand": [BOUND], "gold": 1},
        {},
        phase="marshalling",
    )
    bound = hand(state, 0, BOUND)[0]
    hosts = {a.cards[1] for a in marshals(state, 0, bound) if a.kind == "marshal:play"}
    assert hosts == {ref(state, 0, ACOLYTE)}


def test_bwb_110_bound_by_the_light_answers_only_its_own_characters_death():
    state = joust(
        {"in_play": [HOST]},
        {
            "house": "Baratheon",
            "in_play": [{"card": ACOLYTE, "attachments": [BOUND]}, KNIGHT],
            "deck": [BEARER],
        },
    )
    bound = next(r for r in state.in_play if state.code(r) == BOUND)
    knight = ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 1, bound, claim=[knight])  # the Knight dies
    assert knight in state.players[1].dead and bound in state.in_play
    assert not offered


# --- bwb_112 We Take Westeros! -----------------------------------------------------------


def _we_take(attackers: list[str], ctype: str = "power"):
    state = joust(
        {"house": "Greyjoy", "in_play": [MARAUDER, HOST], "hand": [WE_TAKE]},
        {"in_play": [KNIGHT], "deck": DECK},
    )
    names = {MARAUDER: ref(state, 0, MARAUDER), HOST: ref(state, 0, HOST)}
    state = start(state, ctype, [names[a] for a in attackers])
    return state


def test_bwb_112_we_take_westeros_discards_x_cards_from_the_losers_deck():
    state = _we_take([MARAUDER, HOST])
    state = to_window(state, "challenge_won", [ref(state, 1, KNIGHT)])
    assert events(state, "challenge_resolved")[-1]["strength"] == [8, 2]  # won by 6
    state = use(state, 0, hand(state, 0, WE_TAKE)[0])
    assert len(state.players[1].deck) == 4 and len(state.players[1].discard) == 6


def test_bwb_112_we_take_westeros_needs_a_participating_raider():
    state = _we_take([HOST])
    state, offered = watch(state, 0, hand(state, 0, WE_TAKE)[0], [ref(state, 1, KNIGHT)])
    assert not offered


def test_bwb_112_we_take_westeros_needs_a_power_challenge():
    state = _we_take([MARAUDER, HOST], "military")
    state, offered = watch(state, 0, hand(state, 0, WE_TAKE)[0], [ref(state, 1, KNIGHT)])
    assert not offered


def test_bwb_112_we_take_westeros_is_a_limited_response():
    state = joust(
        {
            "house": "Greyjoy",
            "in_play": [MARAUDER, HOST],
            "hand": [WE_TAKE],
            "limited_played": False,
        },
        {"in_play": [KNIGHT], "deck": DECK},
    )
    state.players[0].limited_response_used = True
    state = start(state, "power", [ref(state, 0, MARAUDER), ref(state, 0, HOST)])
    state, offered = watch(state, 0, hand(state, 0, WE_TAKE)[0], [ref(state, 1, KNIGHT)])
    assert not offered


# --- bwb_116 No Use For Grief ------------------------------------------------------------


def _grief(victims: list[str], deck: list[str]):
    state = joust(
        {"in_play": [HOST], "house": "Stark"},
        {
            "house": "Martell",
            "in_play": [*victims, CROSSROADS, FIEFDOM],
            "hand": [GRIEF],
            "deck": deck,
        },
    )
    return state


def test_bwb_116_no_use_for_grief_finds_a_sand_snake_for_the_hand():
    state = _grief([DOREA], [TYENE, KNIGHT])
    grief = hand(state, 1, GRIEF)[0]
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", [])
    found = uses(state, 1, grief)
    assert [a.choice for a in found] == ["0"]  # The Red Viper was not killed: no "1"
    state = apply(state, found[0])
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 1, CROSSROADS)])
    state = pass_windows(state)
    prompt = head(state)
    assert prompt["purpose"] == "search"
    assert [state.code(r) for r in prompt["candidates"]] == [TYENE]
    state = answer(state, "search", prompt["candidates"])
    assert [state.code(r) for r in state.players[1].hand] == [TYENE]


def _valar(deck: list[str], influence=(CROSSROADS, FIEFDOM)):
    """Valar Morghulis kills Dorea Sand and The Red Viper of seat 1 at once."""
    return plots_revealed(
        VALAR,
        CALM,
        them={
            "house": "Martell",
            "in_play": [DOREA, VIPER, *influence],
            "hand": [GRIEF],
            "deck": deck,
            "gold": 1,  # Calm Over Westeros: an event costs 1 gold for an opponent
        },
    )


def test_bwb_116_no_use_for_grief_puts_sand_snakes_into_play_when_the_red_viper_dies():
    state = _valar([TYENE, LOREZA, DOREA, KNIGHT])
    state = to_window(state, "killed")
    grief = hand(state, 1, GRIEF)[0]
    found = {a.choice: a for a in uses(state, 1, grief)}
    assert set(found) == {"0", "1"}
    state = apply(state, found["1"])
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 1, CROSSROADS), ref(state, 1, FIEFDOM)])
    state = pass_windows(state)
    prompt = head(state)
    assert prompt["purpose"] == "search"
    # Dorea Sand is unique and a copy is in the dead pile: not offered.
    assert sorted(state.code(r) for r in prompt["candidates"]) == sorted([TYENE, LOREZA])
    state = answer(state, "search", prompt["candidates"])
    in_play = sorted(state.code(r) for r in state.players[1].in_play)
    assert TYENE in in_play and LOREZA in in_play


def test_bwb_116_no_use_for_grief_needs_3_influence_for_the_red_viper_mode():
    state = _valar([TYENE], influence=(FIEFDOM,))
    state = to_window(state, "killed")
    grief = hand(state, 1, GRIEF)[0]
    assert [a.choice for a in uses(state, 1, grief)] == ["0"]


def test_bwb_116_no_use_for_grief_needs_a_sand_snake_killed():
    state = _grief([KNIGHT], [TYENE])
    grief = hand(state, 1, GRIEF)[0]
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 1, grief)
    assert events(state, "killed") and not offered


# --- bwb_118 Stoney Sept -----------------------------------------------------------------


def test_bwb_118_stoney_sept_returns_a_brotherhood_character_to_its_owners_hand():
    state = joust({"in_play": [SEPT, LEM, KNIGHT]}, {"in_play": [LEM]})
    sept, lem = ref(state, 0, SEPT), ref(state, 0, LEM)
    assert {a.cards[1] for a in uses(state, 0, sept)} == {lem}  # mine, Brotherhood only
    state = use(state, 0, sept, lem)
    state = pass_windows(state)
    assert lem in state.players[0].hand and state.in_play[sept].knelt


# --- bwb_119 Flaming Sword ---------------------------------------------------------------


def test_bwb_119_flaming_sword_gives_1_str_that_card_effects_cannot_lower():
    state = joust({"in_play": [{"card": KNIGHT, "attachments": [SWORD]}, HOST]}, {})
    knight, host = ref(state, 0, KNIGHT), ref(state, 0, HOST)
    assert strength(state, knight) == 3
    add_lasting(state, "strength", knight, "phase", amount=-2)
    add_lasting(state, "strength", host, "phase", amount=-2)
    assert strength(state, knight) == 3 and strength(state, host) == 4
    add_lasting(state, "strength", knight, "phase", amount=1)
    assert strength(state, knight) == 4  # raising it still works


def test_bwb_119_flaming_sword_limit_1_per_character():
    state = joust(
        {"in_play": [{"card": KNIGHT, "attachments": [SWORD]}, HOST], "hand": [SWORD], "gold": 2},
        {},
        phase="marshalling",
    )
    sword = hand(state, 0, SWORD)[0]
    hosts = {a.cards[1] for a in marshals(state, 0, sword) if a.kind == "marshal:play"}
    assert ref(state, 0, KNIGHT) not in hosts


def test_bwb_119_flaming_sword_lets_beric_claim_1_more_power_for_renown():
    state = joust({"in_play": [{"card": BERIC, "attachments": [SWORD]}]}, {"in_play": [KNIGHT]})
    beric = ref(state, 0, BERIC)
    state = start(state, "power", [beric])
    state = challenge_over(state, [ref(state, 1, KNIGHT)])
    assert state.in_play[beric].power == 2


def test_bwb_119_flaming_sword_adds_no_renown_power_to_another_character():
    state = joust(
        {"in_play": [{"card": BRIENNE, "attachments": [SWORD]}]},
        {"in_play": [KNIGHT]},
    )
    jaime = ref(state, 0, BRIENNE)
    state = start(state, "military", [jaime])
    state = challenge_over(state, [ref(state, 1, KNIGHT)])
    assert state.in_play[jaime].power == 1


# --- bwb_120 Relentless Persecution ------------------------------------------------------


def test_bwb_120_relentless_persecution_kneels_every_non_unique_character():
    state = plots_revealed(
        PERSECUTION,
        CALM,
        me={"in_play": [KNIGHT, ROOSE, CROSSROADS]},
        them={"in_play": [HOST]},
    )
    assert state.in_play[ref(state, 0, KNIGHT)].knelt
    assert state.in_play[ref(state, 1, HOST)].knelt
    assert not state.in_play[ref(state, 0, ROOSE)].knelt  # unique
    assert not state.in_play[ref(state, 0, CROSSROADS)].knelt  # not a character
