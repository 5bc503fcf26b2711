"""Princes of the Sun characters (gameplay/engine/cards/princes_of_the_sun/characters.py):
each card's effect in a position, played through legal actions.

Fillers without text of their own: Host of Storm's End (6 STR, military and power),
Direwolf Pup (2 STR, military), Lurkers at Harrenhal (6 STR, intrigue and power, stealth),
Paramour ("pots_12", 1 influence), House Dayne Knight ("pots_11")."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    defend,
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

HOST = "Host of Storm's End"
PUP = "Direwolf Pup"
LURKERS = "Lurkers at Harrenhal"
PARAMOUR = "pots_12"


# --- pots_1 The Red Viper ----------------------------------------------------------------


def test_red_viper_does_not_kneel_to_attack_an_opponent_with_more_characters():
    state = joust({"in_play": ["pots_1"]}, {"in_play": [PUP, PUP]})
    viper = ref(state, 0, "pots_1")
    state = start(state, "military", [viper])
    assert not state.in_play[viper].knelt


def test_red_viper_kneels_against_an_opponent_with_as_many_characters():
    state = joust({"in_play": ["pots_1"]}, {"in_play": [PUP]})
    viper = ref(state, 0, "pots_1")
    state = start(state, "military", [viper])
    assert state.in_play[viper].knelt


# --- pots_2 Arianne Martell --------------------------------------------------------------


def test_arianne_raises_claim_while_attacking():
    state = joust({"in_play": ["pots_2"]}, {"in_play": [PUP], "hand": [PUP, PUP, PUP]})
    state = start(state, "intrigue", [ref(state, 0, "pots_2")])
    state = pass_windows(state)
    assert events(state, "claim")[-1]["amount"] == 2
    assert len(state.players[1].hand) == 1


# --- pots_5 Areo Hotah -------------------------------------------------------------------


def test_areo_hotah_kills_a_character_after_losing_by_four():
    state = joust({"in_play": [HOST]}, {"in_play": ["pots_5", PUP]})
    host, areo, pup = ref(state, 0, HOST), ref(state, 1, "pots_5"), ref(state, 1, PUP)
    state = start(state, "military", [host])
    state = defend(state, [])
    state = answer(state, "claim_kill", [pup])
    state = until_window(state, "challenge_won")
    state = use(state, 1, areo, host)
    assert host in state.players[0].dead
    assert [e["card"] for e in events(state, "ability")] == [areo]


# --- pots_6 Sarella Sand -----------------------------------------------------------------


def test_sarella_stands_a_participating_character_after_losing_as_attacker():
    state = joust({"in_play": ["pots_6", PARAMOUR]}, {"in_play": [LURKERS]})
    sarella, paramour = ref(state, 0, "pots_6"), ref(state, 0, PARAMOUR)
    state = start(state, "intrigue", [sarella])
    state = defend(state, [ref(state, 1, LURKERS)])
    state = until_window(state, "challenge_won")
    assert state.in_play[sarella].knelt
    state = use(state, 0, sarella, sarella)
    state = pass_windows(state)
    assert not state.in_play[sarella].knelt and state.in_play[paramour].knelt


# --- pots_7 Ellaria Sand -----------------------------------------------------------------


def test_ellaria_takes_one_power_from_a_character_after_losing():
    state = joust({"in_play": ["pots_7"]}, {"in_play": [{"card": LURKERS, "power": 2}]})
    ellaria, lurkers = ref(state, 0, "pots_7"), ref(state, 1, LURKERS)
    state = start(state, "intrigue", [ellaria])
    state = defend(state, [lurkers])
    state = until_window(state, "challenge_won")
    state = use(state, 0, ellaria, lurkers)
    assert state.in_play[ellaria].power == 1 and state.in_play[lurkers].power == 1


# --- pots_8 Harmen Uller -----------------------------------------------------------------


def test_harmen_uller_does_not_kneel_to_attack_with_seven_cards_in_hand():
    for cards, knelt in ((7, False), (6, True)):
        state = joust({"in_play": ["pots_8"], "hand": [PUP] * cards}, {"in_play": [PUP]})
        harmen = ref(state, 0, "pots_8")
        state = start(state, "military", [harmen])
        assert state.in_play[harmen].knelt is knelt


# --- pots_9 Ser Arys Oakheart ------------------------------------------------------------


def test_ser_arys_discards_an_ally_or_mercenary_when_he_comes_into_play():
    state = build(
        players=[
            {"house": "Martell", "hand": ["pots_9"], "gold": 5},
            {"in_play": ["Brown Ben Plumm", HOST]},
        ]
    )
    arys = hand(state, 0, "pots_9")[0]
    ben = ref(state, 1, "Brown Ben Plumm")
    state = act(state, 0, "marshal:play", [arys])
    state = until_window(state, "entered_play")
    assert {a.cards[1] for a in uses(state, 0, arys)} == {ben}  # not the Host (an Army)
    state = use(state, 0, arys, ben)
    state = pass_windows(state)
    assert ben in state.players[1].discard


# --- pots_10 House Messenger -------------------------------------------------------------


def test_house_messenger_takes_one_of_the_top_two_cards_and_puts_the_other_at_the_bottom():
    state = build(
        players=[
            {"house": "Martell", "hand": ["pots_10"], "gold": 2, "deck": [PUP, HOST, LURKERS]},
            {},
        ]
    )
    pup, host, lurkers = state.players[0].deck
    state = act(state, 0, "marshal:play", [hand(state, 0, "pots_10")[0]])
    assert head(state)["purpose"] == "to_hand" and head(state)["candidates"] == [pup, host]
    state = answer(state, "to_hand", [host])
    assert host in state.players[0].hand and state.players[0].deck == [lurkers, pup]
    assert events(state, "revealed")[-1]["cards"] == [pup, host]


# --- pots_14 House Dayne Skirmisher ------------------------------------------------------


def test_skirmisher_kills_himself_to_draw_and_make_each_opponent_discard():
    state = build(
        players=[
            {"in_play": ["pots_14"], "deck": [PUP]},
            {"hand": [HOST, LURKERS]},
        ]
    )
    skirmisher = ref(state, 0, "pots_14")
    host = hand(state, 1, HOST)[0]
    state = use(state, 0, skirmisher)
    state = answer(state, "discard", [host])
    assert skirmisher in state.players[0].dead
    assert [state.code(r) for r in state.players[0].hand] == ["core_19"]
    assert state.players[1].discard == [host]


# --- pots_15 Orphan of the Greenblood ----------------------------------------------------


def test_orphan_discards_himself_to_take_every_icon_from_a_character():
    state = build(players=[{"in_play": ["pots_15"]}, {"in_play": [HOST]}])
    orphan, host = ref(state, 0, "pots_15"), ref(state, 1, HOST)
    state = use(state, 0, orphan, host)
    state = pass_windows(state)
    assert orphan in state.players[0].discard and icons(state, host) == set()


# --- pots_16 The Viper's Bannermen -------------------------------------------------------


def test_vipers_bannermen_draws_two_when_coming_into_play():
    state = build(
        players=[
            {"house": "Martell", "hand": ["pots_16"], "gold": 7, "deck": [PUP, HOST, LURKERS]},
            {},
        ]
    )
    pup, host, _ = state.players[0].deck
    bannermen = hand(state, 0, "pots_16")[0]
    state = act(state, 0, "marshal:play", [bannermen])
    state = until_window(state, "entered_play")
    state = use(state, 0, bannermen)
    assert {pup, host} <= set(state.players[0].hand)


def test_vipers_bannermen_draws_two_when_leaving_play():
    state = joust({"in_play": [HOST]}, {"in_play": ["pots_16"], "deck": [PUP, LURKERS]})
    bannermen = ref(state, 1, "pots_16")
    pup, lurkers = state.players[1].deck
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = until_window(state, "killed")
    state = use(state, 1, bannermen)
    assert bannermen in state.players[1].dead
    assert {pup, lurkers} <= set(state.players[1].hand)


# --- pots_36 Joffrey Baratheon -----------------------------------------------------------


def test_joffrey_discards_a_character_with_power_after_a_small_council_event():
    state = build(
        players=[
            {"house": "Lannister", "in_play": [PUP], "hand": ["core_167"]},
            {"in_play": ["pots_36", "pots_1"]},
        ]
    )
    pup, joffrey = ref(state, 0, PUP), ref(state, 1, "pots_36")
    state = use(state, 0, hand(state, 0, "core_167")[0], pup)
    state = until_window(state, "played")
    assert state.in_play[pup].power == 1
    (kneel_noble,) = [a for a in uses(state, 1, joffrey) if a.choice == "1"]
    state = act(state, 1, "use", kneel_noble.cards, choice="1")
    state = pass_windows(state)
    assert pup in state.players[0].discard and state.in_play[ref(state, 1, "pots_1")].knelt


# --- pots_37 Brienne of Tarth ------------------------------------------------------------


def test_opponents_cannot_trigger_effects_while_brienne_participates():
    state = joust({"in_play": [HOST, "pots_15"]}, {"in_play": ["pots_37"]})
    orphan = ref(state, 0, "pots_15")
    state = start(state, "military", [ref(state, 0, HOST)])
    state = until_window(state)
    assert uses(state, 0, orphan)  # Brienne is not participating yet
    state = defend(state, [ref(state, 1, "pots_37")])
    # The window after defenders offered seat 0 nothing: the challenge resolved at once.
    assert events(state, "challenge_resolved") and orphan in state.in_play


# --- pots_38 Theon Greyjoy ---------------------------------------------------------------


def test_theon_makes_the_player_who_lost_by_four_discard_a_card_of_a_named_type():
    state = joust({"in_play": [HOST, "pots_38"]}, {"in_play": [PUP, "pots_30"]})
    garden = ref(state, 1, "pots_30")
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_windows(state)
    assert head(state)["purpose"] == "name_type" and head(state)["seat"] == 1
    state = act(state, 1, "choose", choice="location")
    assert garden in state.players[1].discard


# --- pots_39 Ser Jorah Mormont -----------------------------------------------------------


def test_characters_get_minus_one_str_after_ser_jorah_leaves_play():
    state = joust({"in_play": [HOST]}, {"in_play": ["pots_39", "Wolf Pack"]})
    jorah, wolves = ref(state, 1, "pots_39"), ref(state, 1, "Wolf Pack")
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = answer(state, "claim_kill", [jorah])
    assert jorah in state.players[1].dead and strength(state, wolves) == 2


# --- pots_48 Denys Mallister, pots_49 Mag the Mighty --------------------------------------


def test_denys_mallister_gives_a_nights_watch_character_one_str():
    state = build(players=[{"in_play": ["pots_48", PARAMOUR]}, {"in_play": [HOST]}])
    denys = ref(state, 0, "pots_48")
    assert [a.cards[1] for a in uses(state, 0, denys)] == [denys]
    state = use(state, 0, denys, denys)
    assert strength(state, denys) == 4 and state.in_play[ref(state, 0, PARAMOUR)].knelt


def test_mag_the_mighty_gives_a_wildling_one_str_in_the_challenges_phase():
    state = build(players=[{"in_play": ["pots_49", PARAMOUR]}, {"in_play": [HOST]}])
    mag = ref(state, 0, "pots_49")
    assert not uses(state, 0, mag)  # marshalling
    state = joust({"in_play": ["pots_49", PARAMOUR]}, {"in_play": [HOST]})
    mag = ref(state, 0, "pots_49")
    state = use(state, 0, mag, mag)
    assert strength(state, mag) == 5


# --- pots_50 Kingsguard Squire -----------------------------------------------------------


def test_kingsguard_squire_stands_a_kingsguard_character():
    state = build(
        players=[
            {
                "in_play": [
                    "pots_50",
                    {"card": "pots_9", "knelt": True},
                    {"card": PUP, "knelt": True},
                ]
            },
            {},
        ]
    )
    squire, arys = ref(state, 0, "pots_50"), ref(state, 0, "pots_9")
    assert [a.cards[1] for a in uses(state, 0, squire)] == [arys]
    state = use(state, 0, squire, arys)
    assert not state.in_play[arys].knelt and state.in_play[squire].knelt


# --- pots_52 Former Champion -------------------------------------------------------------


def test_former_champion_weakens_with_power_and_gains_icons_and_keywords():
    state = joust({"in_play": [{"card": "pots_52", "power": 1}]}, {})
    champion = ref(state, 0, "pots_52")
    assert strength(state, champion) == 3
    assert icons(state, champion) == {"military", "power"}
    assert {"deadly", "renown"} <= keywords(state, champion)
    assert "stealth" not in keywords(state, champion)
    state.in_play[champion].power = 2
    state.emit("test", note="power changed")
    assert strength(state, champion) == 1
    assert icons(state, champion) == {"military", "power", "intrigue"}
    assert "stealth" in keywords(state, champion)


def test_former_champion_with_the_spear_tower():
    state = joust({"in_play": [{"card": "pots_52", "power": 1}, "pots_33"]}, {})
    champion = ref(state, 0, "pots_52")
    assert strength(state, champion) == 3 and "power" in icons(state, champion)


# --- pots_3 Doran Martell ----------------------------------------------------------------


def test_doran_makes_the_losing_attacker_fulfil_the_defenders_claim():
    state = joust(
        {"in_play": ["Kingsmoot Hopeful"], "hand": [PUP, PUP, PUP]},
        {"in_play": ["pots_3", LURKERS], "revealed_plot": "Mutual Enemies"},
    )
    hopeful, lurkers = ref(state, 0, "Kingsmoot Hopeful"), ref(state, 1, LURKERS)
    state = start(state, "intrigue", [hopeful])
    state = defend(state, [lurkers])
    state = pass_windows(state)
    claim = events(state, "claim")[-1]
    assert (claim["seat"], claim["target"], claim["amount"]) == (1, 0, 2)
    assert len(state.players[0].hand) == 1 and len(state.players[0].discard) == 2


def test_doran_military_claim_kills_the_attackers_characters():
    state = joust({"in_play": [PUP, "Wolf Pack"]}, {"in_play": ["pots_3", HOST]})
    pup, wolves = ref(state, 0, PUP), ref(state, 0, "Wolf Pack")
    state = start(state, "military", [pup])
    state = defend(state, [ref(state, 1, HOST)])
    state = answer(state, "claim_kill", [wolves])
    assert wolves in state.players[0].dead and pup in state.players[0].in_play


# --- pots_17 House Dayne Reserves ---------------------------------------------------------


def test_house_dayne_reserves_comes_into_play_when_discarded_for_intrigue_claim():
    state = joust({"in_play": [LURKERS]}, {"in_play": [PUP, PARAMOUR], "hand": ["pots_17"]})
    reserves = hand(state, 1, "pots_17")[0]
    state = start(state, "intrigue", [ref(state, 0, LURKERS)])
    state = defend(state, [])
    state = pass_windows(state)
    assert reserves in state.players[1].in_play
    state = until_window(state)
    while 1 not in waiting_seats(state):
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 1, reserves)
    assert reserves in state.players[1].hand
