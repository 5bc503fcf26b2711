"""Lions of the Rock characters (gameplay/engine/cards/lions_of_the_rock/characters.py):
each card's effect in a position, driven through legal actions. Opponents use cards
without text of their own where possible."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength, traits
from gameplay.engine.challenges import challenge_problem
from tests.gameplay.cardtest import (
    answer,
    choose,
    defend,
    head,
    initiate,
    joust,
    pass_windows,
    ref,
    until_window,
    use,
    uses,
)

HOST = "Host of Storm's End"  # Baratheon, 6 STR, military and power, Army
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power, Knight
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue, Ally
BEN = "Brown Ben Plumm"  # unique Targaryen, 2 STR, military, Mercenary
CROSSROADS = "core_138"  # neutral location, [+1 Influence]


def test_lotr_4_joffrey_keeps_non_unique_characters_knelt_after_dominance():
    me = {"in_play": ["lotr_4"], "gold": 5}
    them = {"in_play": [{"card": KNIGHT, "knelt": True}, {"card": BEN, "knelt": True}]}
    state = joust(me, them, phase="dominance")
    state = until_window(state, "dominance_won")
    state = use(state, 0, ref(state, 0, "lotr_4"))
    state = pass_windows(state)
    assert state.in_play[ref(state, 1, KNIGHT)].knelt
    assert not state.in_play[ref(state, 1, BEN)].knelt


def test_lotr_5_jaime_stands_at_the_beginning_of_each_phase():
    state = joust({"in_play": [{"card": "lotr_5", "knelt": True}, STEWARD]}, {})
    assert state.phase == "challenges" and not state.in_play[ref(state, 0, "lotr_5")].knelt


def test_lotr_6_cersei_attacks_without_kneeling_claims_and_gains_deadly():
    state = joust({"in_play": ["lotr_6"]}, {"in_play": [KNIGHT]})
    cersei = ref(state, 0, "lotr_6")
    state = initiate(state, "intrigue", [cersei])
    assert not state.in_play[cersei].knelt
    state = until_window(state, "challenge_won")
    state = use(state, 0, cersei)
    state = choose(state, "deadly")
    assert state.in_play[cersei].power == 1 and "deadly" in keywords(state, cersei)


def test_lotr_8_bronn_makes_the_attacker_kill_a_participant():
    state = joust({"in_play": [HOST]}, {"in_play": ["lotr_8", KNIGHT]})
    host, bronn = ref(state, 0, HOST), ref(state, 1, "lotr_8")
    state = initiate(state, "military", [host])
    state = defend(state, [bronn])
    state = pass_windows(state)
    if head(state).get("purpose") == "claim_kill":
        state = answer(state, "claim_kill", [ref(state, 1, KNIGHT)])
    state = pass_windows(state)
    assert host in state.players[0].dead


def test_lotr_9_tywin_claims_three_power_with_four_gold_at_dominance():
    state = joust({"in_play": ["lotr_9"], "gold": 4}, {}, phase="dominance")
    state = until_window(state, "dominance_won")
    tywin = ref(state, 0, "lotr_9")
    state = use(state, 0, tywin)
    assert state.in_play[tywin].power == 3


def test_lotr_10_gregor_kneels_two_influence_to_kill_a_kneeling_character():
    me = {"in_play": [{"card": "lotr_10", "knelt": True}, CROSSROADS, CROSSROADS]}
    state = joust(me, {"in_play": [{"card": KNIGHT, "knelt": True}, HOST]})
    gregor, knight = ref(state, 0, "lotr_10"), ref(state, 1, KNIGHT)
    state = use(state, 0, gregor, knight)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, CROSSROADS, i) for i in (0, 1)])
    state = pass_windows(state)
    assert knight in state.players[1].dead and not state.in_play[gregor].knelt


def test_lotr_11_amory_keeps_out_defenders_sharing_a_trait_and_buys_a_trait():
    state = joust({"in_play": ["lotr_11"], "gold": 1}, {"in_play": [KNIGHT, HOST]})
    amory = ref(state, 0, "lotr_11")
    state = use(state, 0, amory)
    state = choose(state, "Army")
    assert "Army" in traits(state, amory) and state.players[0].gold == 0
    state = initiate(state, "military", [amory])
    state = pass_windows(state)
    assert head(state)["purpose"] == "claim_kill"  # nobody could defend


def test_lotr_12_kevan_gains_a_power_icon_with_another_lord():
    state = joust({"in_play": ["lotr_12", "lotr_9"]}, {})
    assert "power" in icons(state, ref(state, 0, "lotr_12"))
    alone = joust({"in_play": ["lotr_12"]}, {})
    assert "power" not in icons(alone, ref(alone, 0, "lotr_12"))


def test_lotr_13_myrcella_allows_another_intrigue_challenge():
    state = joust({"in_play": ["lotr_13", STEWARD]}, {"in_play": [KNIGHT]})
    state.players[0].challenges_done = ["intrigue"]
    assert challenge_problem(state, 0, "intrigue", 1) is not None
    myrcella = ref(state, 0, "lotr_13")
    state = use(state, 0, myrcella)
    state = pass_windows(state) if head(state).get("point") != "before_challenge" else state
    assert myrcella in state.players[0].discard
    assert challenge_problem(state, 0, "intrigue", 1) is None


def test_lotr_14_addam_lets_in_house_armies_attack_without_kneeling_while_richer():
    me = {"house": "Lannister", "in_play": ["lotr_14", "lotr_16"], "gold": 2}
    state = joust(me, {"in_play": [KNIGHT]})
    army = ref(state, 0, "lotr_16")
    state = initiate(state, "military", [army])
    assert not state.in_play[army].knelt


def test_lotr_15_doubting_septa_goes_to_the_bottom_of_the_deck_and_draws():
    state = joust({"in_play": [HOST]}, {"in_play": ["lotr_15"], "deck": [KNIGHT]})
    septa = ref(state, 1, "lotr_15")
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_windows(state)
    assert state.players[1].deck == [septa] and not state.players[1].dead
    assert len(state.players[1].hand) == 1


def test_lotr_16_lord_tyrions_host_gets_three_str_while_richer():
    state = joust({"in_play": ["lotr_16"], "gold": 1}, {})
    assert strength(state, ref(state, 0, "lotr_16")) == 6
    state.players[1].gold = 1
    assert strength(state, ref(state, 0, "lotr_16")) == 3


def test_lotr_18_ser_gregors_band_counts_cards_with_power():
    state = joust({"in_play": ["lotr_18", {"card": KNIGHT, "power": 2}]}, {})
    assert strength(state, ref(state, 0, "lotr_18")) == 4


def test_lotr_20_tribes_of_the_vale_lose_four_str_with_the_bigger_hand():
    state = joust({"in_play": ["lotr_20"], "hand": [KNIGHT]}, {})
    assert strength(state, ref(state, 0, "lotr_20")) == 2
    state = joust({"in_play": ["lotr_20"], "hand": [KNIGHT]}, {"hand": [KNIGHT]})
    assert strength(state, ref(state, 0, "lotr_20")) == 6


def test_lotr_21_poachers_gain_stealth_and_renown_while_richer():
    state = joust({"in_play": ["lotr_21"], "gold": 1}, {})
    assert {"stealth", "renown"} <= keywords(state, ref(state, 0, "lotr_21"))
    state.players[1].gold = 1
    assert "stealth" not in keywords(state, ref(state, 0, "lotr_21"))


def test_lotr_36_warriors_sons_put_a_gold_location_into_play():
    state = joust({"in_play": ["lotr_36"], "discard": ["lotr_30"]}, {})
    sons = ref(state, 0, "lotr_36")
    state = initiate(state, "military", [sons])
    state = until_window(state, "challenge_won")
    state = use(state, 0, sons)
    state = answer(state, "put_into_play", [state.players[0].discard[0]])
    assert [state.code(r) for r in state.players[0].in_play] == ["lotr_36", "lotr_30"]


def test_lotr_37_high_septon_goes_to_the_bottom_of_the_deck_and_claims_two():
    state = joust({"in_play": [HOST]}, {"in_play": ["lotr_37"]})
    septon = ref(state, 1, "lotr_37")
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    state = pass_windows(state)
    assert state.players[1].deck == [septon] and state.players[1].power == 2


def test_lotr_43_brothel_guard_kneels_a_character_after_it_stands():
    me = {"in_play": [{"card": "lotr_43", "knelt": True}]}
    state = joust(me, {"in_play": [KNIGHT]}, phase="dominance")
    state = until_window(state, "stood")
    knight = ref(state, 1, KNIGHT)
    state = use(state, 0, ref(state, 0, "lotr_43"), knight)
    if head(state).get("purpose") == "brothel_guard":
        state = choose(state, "kneel")
    assert state.in_play[knight].knelt


def test_lotr_44_arrogant_contender_claims_a_power_per_opposing_character():
    state = joust({"in_play": ["lotr_44"]}, {"in_play": [KNIGHT, "Lannisport Weaponsmith"]})
    contender = ref(state, 0, "lotr_44")
    state = initiate(state, "military", [contender])
    state = defend(state, [ref(state, 1, KNIGHT)])
    state = pass_windows(state)
    if head(state).get("purpose") == "claim_kill":
        state = answer(state, "claim_kill", [ref(state, 1, "Lannisport Weaponsmith")])
    state = until_window(state, "challenge_won")
    assert uses(state, 0, contender)
    state = use(state, 0, contender)
    assert state.in_play[contender].power == 1


def test_lotr_7_tyrion_brings_knelt_clansmen_and_is_saved_by_kneeling_one():
    me = {"in_play": ["lotr_7", {"card": "lotr_38", "knelt": True}]}
    state = joust(me, {"in_play": [STEWARD]})
    tyrion, clanswoman = ref(state, 0, "lotr_7"), ref(state, 0, "lotr_38")
    state = initiate(state, "intrigue", [tyrion])
    state = pass_windows(state)
    assert state.challenge["attackers"] == [tyrion, clanswoman]
    state = joust({"in_play": [HOST]}, {"in_play": ["lotr_7", "lotr_38"]})
    tyrion = ref(state, 1, "lotr_7")
    state = initiate(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    if head(state).get("purpose") == "defenders":
        state = answer(state, "defenders", [])
    state = answer(state, "claim_kill", [tyrion])
    state = until_window(state, "would_be_killed")
    state = use(state, 1, tyrion, tyrion)
    state = pass_windows(state)
    assert tyrion in state.in_play and state.in_play[ref(state, 1, "lotr_38")].knelt
