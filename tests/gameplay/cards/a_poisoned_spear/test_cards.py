"""A Poisoned Spear characters, Poisoned Spear and Isle of Faces
(gameplay/engine/cards/a_poisoned_spear/cards.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), Bearer of the Light (kotst_13,
a character with no icons), Robb Stark (a unique character)."""

from __future__ import annotations

from gameplay.engine.abilities import keywords, strength
from gameplay.engine.challenges import claim_value
from gameplay.engine.game import apply as engine_apply
from gameplay.engine.rules import income, initiative
from gameplay.engine.steps import dominance_total
from tests.gameplay.cards.a_poisoned_spear.helpers import to_claim
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    at_point,
    build,
    choose,
    defend,
    events,
    hand,
    head,
    initiate,
    joust,
    marshals,
    pass_until,
    ref,
    shadow,
    start,
    to_window,
    use,
    uses,
)
from tests.gameplay.scenario import apply

BEARER = "kotst_13"
ROBB = "Robb Stark"


def _knelt(card):
    return {"card": card, "knelt": True}


# --- atoc_103 House Clegane Outlaw -------------------------------------------------------


def test_house_clegane_outlaw_does_not_count_its_str_without_power():
    state = joust({"house": "Lannister", "in_play": ["atoc_103"]}, {"in_play": [STEWARD]})
    outlaw = ref(state, 0, "atoc_103")
    state = start(state, "intrigue", [outlaw])
    state = defend(state, [ref(state, 1, STEWARD)])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [0, 2] and resolved["winner"] == 1


def test_house_clegane_outlaw_counts_its_str_with_power_on_it():
    outlaw = {"card": "atoc_103", "power": 1}
    state = joust({"house": "Lannister", "in_play": [outlaw]}, {"in_play": [STEWARD]})
    state = start(state, "intrigue", [ref(state, 0, "atoc_103")])
    state = defend(state, [ref(state, 1, STEWARD)])
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"] == [2, 2]


# --- atoc_105 Dragonstone Convert --------------------------------------------------------


def test_dragonstone_convert_gains_vigilant_with_more_than_one_opponent():
    melee = build(
        phase="challenges",
        players=[{"house": "Baratheon", "in_play": ["atoc_105"]}, {}, {}],
    )
    assert "vigilant" in keywords(melee, ref(melee, 0, "atoc_105"))
    state = joust({"house": "Baratheon", "in_play": ["atoc_105"]}, {})
    assert "vigilant" not in keywords(state, ref(state, 0, "atoc_105"))  # one opponent


# --- atoc_107 The Sparr ------------------------------------------------------------------


def test_the_sparr_lowers_each_opponents_plot_income_and_initiative():
    plain = joust({"house": "Greyjoy"}, {})
    state = joust({"house": "Greyjoy", "in_play": ["atoc_107"]}, {})
    assert income(state, 1) == income(plain, 1) - 1
    assert initiative(state, 1) == initiative(plain, 1) - 1
    assert income(state, 0) == income(plain, 0)  # not his controller's own plot
    assert initiative(state, 0) == initiative(plain, 0)


# --- atoc_115 Poisoned Spear -------------------------------------------------------------


def test_poisoned_spear_kills_a_character_with_no_icons_after_a_won_challenge():
    them = {"in_play": [_knelt(BEARER), _knelt(STEWARD)]}
    state = joust(
        {"house": "Martell", "in_play": [{"card": KNIGHT, "attachments": ["atoc_115"]}]}, them
    )
    knight, bearer = ref(state, 0, KNIGHT), ref(state, 1, BEARER)
    spear = ref(state, 0, "atoc_115")
    assert "joust" in keywords(state, knight)
    state = start(state, "power", [knight])
    state = to_window(state, "challenge_won")
    assert [a.cards[1:] for a in uses(state, 0, spear)] == [(bearer,)]  # not the Steward
    (action,) = uses(state, 0, spear)
    state = engine_apply(state, action)  # not settled: the round does not run on
    assert state.in_play[spear].knelt  # the cost
    state = pass_until(state, lambda s: bearer in s.players[1].dead)


def test_poisoned_spear_only_when_its_character_participated():
    them = {"in_play": [_knelt(BEARER)]}
    me = {"house": "Martell", "in_play": [{"card": KNIGHT, "attachments": ["atoc_115"]}, HOST]}
    state = joust(me, them)
    spear = ref(state, 0, "atoc_115")
    bearer = ref(state, 1, BEARER)
    state = start(state, "power", [ref(state, 0, HOST)])
    state = to_claim(state, ("never",))  # no window: the Spear cannot answer
    assert bearer in state.players[1].in_play
    assert not any(e.get("card") == spear for e in events(state, "knelt"))


# --- atoc_118 Isle of Faces --------------------------------------------------------------


def test_isle_of_faces_counts_knelt_unique_characters_toward_dominance():
    mine = [_knelt(ROBB), _knelt(KNIGHT)]
    plain = joust({"in_play": mine}, {}, auto_pass=False)
    state = joust({"in_play": [*mine, "atoc_118"]}, {}, auto_pass=False)
    robb = ref(state, 0, ROBB)
    gained = dominance_total(state, 0) - dominance_total(plain, 0)
    assert gained == strength(state, robb) > 0  # Robb's STR, not the Knight's
    assert dominance_total(state, 1) == dominance_total(plain, 1)


# --- atoc_119 Twist of Fate --------------------------------------------------------------


def test_twist_of_fate_lets_the_winning_attacker_choose_another_claim():
    them = {"revealed_plot": "atoc_119", "in_play": [_knelt(KNIGHT)], "hand": [STEWARD]}
    state = joust({"house": "Lannister", "in_play": [STEWARD]}, them)
    knight = ref(state, 1, KNIGHT)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = to_claim(state, ("challenge_type",))
    assert head(state)["seat"] == 0 and head(state)["options"] == ["intrigue", "military", "power"]
    state = to_claim(choose(state, "military"), ("claim_military", "claim_kill"))
    if head(state).get("purpose") in ("claim_military", "claim_kill"):
        state = answer(state, head(state)["purpose"], [knight])
    assert knight in state.players[1].dead and len(state.players[1].hand) == 1  # no discard


def test_twist_of_fate_only_against_its_owner():
    mine = {"house": "Lannister", "revealed_plot": "atoc_119", "in_play": [STEWARD]}
    state = joust(mine, {"in_play": [_knelt(KNIGHT)], "hand": [STEWARD]})
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = to_claim(state, ("challenge_type",))
    assert head(state).get("purpose") != "challenge_type"
    assert not state.players[1].hand  # the normal intrigue claim


# --- atoc_113 The Red Viper --------------------------------------------------------------


def test_the_red_viper_takes_a_gold_after_his_controller_loses_a_challenge():
    them = {"house": "Martell", "in_play": [_knelt("atoc_113")], "hand": [KNIGHT, KNIGHT]}
    state = joust({"house": "Lannister", "in_play": [STEWARD]}, them)
    viper = ref(state, 1, "atoc_113")
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = to_window(state, "challenge_won")
    assert not uses(state, 0, viper)  # his controller's loss only
    state = engine_apply(state, uses(state, 1, viper)[0])
    state = pass_until(state, lambda s: s.in_play[viper].gold == 1)


def test_the_red_viper_stands_for_a_gold_and_raises_a_claim_for_another():
    them = {"house": "Martell", "in_play": [_knelt("atoc_113")]}
    state = joust({"house": "Lannister", "in_play": [STEWARD]}, them, auto_pass=False)
    viper = ref(state, 1, "atoc_113")
    assert not uses(state, 1, viper)  # no gold on him
    state.in_play[viper].gold = 2
    state = initiate(state, "intrigue", [ref(state, 0, STEWARD)])
    state = at_point(state, "after_attackers")
    state = use(state, 1, viper)
    assert not state.in_play[viper].knelt and state.in_play[viper].gold == 1
    assert head(state)["purpose"] == "raise_claim" and head(state)["options"] == ["none", "0", "1"]
    state = choose(state, "0")
    assert state.in_play[viper].gold == 0 and claim_value(state, 0) == 2
    state = to_claim(state, ("never",))
    assert claim_value(state, 0) == 1  # until the end of the challenge


# --- atoc_110 Sorrowful Man --------------------------------------------------------------

FIEFDOMS = ["Kingsroad Fiefdom", "Eastern Fiefdoms"]  # 3 influence


def _sorrowful(their_gold):
    me = {"house": "Targaryen", "in_play": FIEFDOMS}
    them = {"gold": their_gold, "hand": [KNIGHT]}
    state = build(players=[me, them], first_player=1)
    sorrowful = shadow(state, 0, "atoc_110")
    knight = hand(state, 1, KNIGHT)[0]
    state = apply(state, marshals(state, 1, knight)[0])
    return state, sorrowful, knight


def _bring_out(state, sorrowful):
    state = use(state, 0, sorrowful)
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, f) for f in FIEFDOMS])
    return state


def test_sorrowful_man_comes_out_when_an_opponents_character_enters_play():
    state, sorrowful, knight = _sorrowful(5)
    state = _bring_out(state, sorrowful)
    assert sorrowful in state.players[0].in_play
    assert head(state)["purpose"] == "pay_or_kill" and head(state)["seat"] == 1
    gold = state.players[0].gold
    state = choose(state, "pay")
    assert state.players[0].gold == gold + 1 and knight in state.players[1].in_play


def test_sorrowful_man_kills_the_character_of_a_player_who_cannot_pay():
    state, sorrowful, knight = _sorrowful(2)  # the Knight costs 2: nothing left
    state = _bring_out(state, sorrowful)
    if head(state).get("purpose") == "pay_or_kill":
        assert head(state)["options"] == ["kill"]
        state = choose(state, "kill")
    assert knight in state.players[1].dead


def test_sorrowful_man_not_for_his_owners_own_character():
    me = {"house": "Targaryen", "in_play": FIEFDOMS, "gold": 5, "hand": [KNIGHT]}
    state = build(players=[me, {}])
    sorrowful = shadow(state, 0, "atoc_110")
    state = apply(state, marshals(state, 0, hand(state, 0, KNIGHT)[0])[0])
    assert not [a for a in uses(state, 0, sorrowful) if a.choice != "shadow"]  # no response
    assert sorrowful in state.players[0].shadows


# --- atoc_101 Ser Kyle Condon ------------------------------------------------------------


def test_ser_kyle_condon_draws_a_card_after_he_is_killed():
    them = {"house": "Stark", "in_play": ["atoc_101"], "deck": [KNIGHT, KNIGHT]}
    state = joust({"in_play": [HOST]}, them)
    kyle = ref(state, 1, "atoc_101")
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed")
    assert state.players[1].deck[0] == kyle  # Stalwart: on top of the deck
    state = engine_apply(state, uses(state, 1, kyle)[0])
    state = pass_until(state, lambda s: bool(s.players[1].hand))
    assert state.players[1].hand == [kyle]  # the card drawn is Kyle himself


def test_ser_kyle_condon_not_after_another_character_is_killed():
    them = {"house": "Stark", "in_play": [_knelt("atoc_101"), KNIGHT], "deck": [KNIGHT]}
    state = joust({"in_play": [HOST]}, them)
    kyle, knight = ref(state, 1, "atoc_101"), ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_claim(state, ("claim_military", "claim_kill"))
    state = answer(state, head(state)["purpose"], [knight])
    assert knight in state.players[1].dead and kyle in state.players[1].in_play
    assert not state.players[1].hand  # no draw
