"""A Sword in the Darkness: the characters (a_sword_in_the_darkness/characters.py), played
through legal actions and windows."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import add_lasting, crests, icons, strength
from gameplay.engine.cards.vocabulary import kneel_card
from gameplay.engine.game import legal_actions
from gameplay.engine.rules import gold_cost
from tests.gameplay.cards.a_sword_in_the_darkness.helpers import finish_challenge
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    SEASON_PLOT,
    act,
    answer,
    choose,
    events,
    hand,
    head,
    joust,
    pass_until,
    pass_windows,
    plotted,
    ref,
    resolved,
    start,
    until_phase,
    use,
    uses,
)

JON = "dotn_41"
COUNCILOR = "dotn_43"
CREW = "dotn_45"
MARGAERY = "dotn_47"
SHIELD = "dotn_49"
SQUIRE = "dotn_51"
BUILDER = "dotn_53"
ORELL = "dotn_56"
CROW_KILLERS = "dotn_57"
FEAST = "dotn_50"
NOBLE = "kotst_19"  # Bastard in Hiding: a Baratheon character with the Noble crest, no text
DAYNE_KNIGHT = "pots_11"  # House Dayne Knight: House Dayne, cost 1, no text
MANCES_MEN = "low_41"  # a Wildling Army (Deadly, no attachments)
FIEFDOM = "qod_42"  # Kingsroad Fiefdom: +2 influence
CROSSROADS = "core_138"  # +1 influence


def marshalling(me: dict, them: dict | None = None):
    return joust(
        {"house": "Stark", "revealed_plot": SEASON_PLOT, **me},
        {"house": "Lannister", "revealed_plot": SEASON_PLOT, **(them or {})},
        phase="marshalling",
    )


# --- dotn_41 Jon Snow --------------------------------------------------------------------


def test_dotn_41_jon_snow_kneels_one_to_give_another_a_war_crest_for_the_phase():
    state = marshalling({"in_play": [JON, BUILDER]})
    jon, builder = ref(state, 0, JON), ref(state, 0, BUILDER)
    state = use(state, 0, jon)
    assert head(state)["purpose"] == "kneel_cost"
    state = answer(state, "kneel_cost", [builder])
    # Only Jon is left to choose (not the knelt Builder): chosen by itself.
    assert state.in_play[builder].knelt and not state.in_play[jon].knelt
    assert "war" in crests(state, jon) and "war" not in crests(state, builder)
    state = until_phase(state, "challenges")
    assert "war" not in crests(state, jon)


def test_dotn_41_jon_snow_cannot_choose_the_character_knelt_for_the_cost():
    state = marshalling({"in_play": [JON, BUILDER]}, {"in_play": [ORELL]})
    jon, orell = ref(state, 0, JON), ref(state, 1, ORELL)
    state = use(state, 0, jon)
    state = answer(state, "kneel_cost", [jon])
    assert head(state)["purpose"] == "war_crest"
    assert jon not in head(state)["candidates"]
    assert orell in head(state)["candidates"]  # any player's Wildling
    state = answer(state, "war_crest", [orell])
    assert "war" in crests(state, orell)


def test_dotn_41_jon_snow_needs_another_nights_watch_or_wildling_character():
    state = marshalling({"in_play": [JON, KNIGHT]}, {"in_play": [HOST]})
    assert uses(state, 0, ref(state, 0, JON)) == []


def test_dotn_41_jon_snow_kneels_only_a_nights_watch_or_wildling_character():
    state = marshalling({"in_play": [JON, KNIGHT]}, {"in_play": [ORELL]})
    jon = ref(state, 0, JON)
    state = use(state, 0, jon)
    # Jon himself is the only one of his characters that may pay the cost: chosen by itself.
    assert state.in_play[jon].knelt and not state.in_play[ref(state, 0, KNIGHT)].knelt


# --- dotn_43 Greedy Councilor ------------------------------------------------------------


def test_dotn_43_greedy_councilor_pays_2_gold_to_come_into_play_from_the_discard_pile():
    state = marshalling({"discard": [COUNCILOR], "gold": 3})
    councilor = state.players[0].discard[0]
    state = use(state, 0, councilor)
    assert councilor in state.in_play and state.players[0].gold == 1
    assert councilor not in state.players[0].discard


def test_dotn_43_greedy_councilor_needs_2_gold_and_the_discard_pile():
    state = marshalling({"discard": [COUNCILOR], "gold": 1})
    assert uses(state, 0, state.players[0].discard[0]) == []
    state = marshalling({"hand": [COUNCILOR], "gold": 5})
    assert uses(state, 0, hand(state, 0, COUNCILOR)[0]) == []


# --- dotn_45 Salladhor's Crew ------------------------------------------------------------


def test_dotn_45_salladhors_crew_lowers_the_next_baratheon_card_by_3():
    state = marshalling({"house": "Baratheon", "hand": [CREW, HOST, KNIGHT], "gold": 10})
    crew, host = hand(state, 0, CREW)[0], hand(state, 0, HOST)[0]
    knight = hand(state, 0, KNIGHT)[0]
    knight_cost = gold_cost(state, 0, knight)
    assert gold_cost(state, 0, host) == 5
    state = act(state, 0, "marshal:play", [crew])
    assert head(state)["trigger"] == "played"
    state = use(state, 0, crew)
    assert gold_cost(state, 0, host) == 2
    assert gold_cost(state, 0, knight) == knight_cost  # not a House Baratheon card
    state = act(state, 0, "marshal:play", [host])
    assert state.players[0].gold == 10 - 4 - 2
    assert not [e for e in state.effects if e["query"] == "reduction"]  # used up


def test_dotn_45_salladhors_crew_answers_only_its_own_play():
    state = marshalling({"house": "Baratheon", "in_play": [CREW], "hand": [HOST], "gold": 10})
    state = act(state, 0, "marshal:play", [hand(state, 0, HOST)[0]])
    assert uses(state, 0, ref(state, 0, CREW)) == []


# --- dotn_47 Margaery Tyrell -------------------------------------------------------------


def test_dotn_47_margaery_makes_an_opponent_reveal_a_new_plot_once_per_round():
    state = marshalling({"house": "Baratheon", "in_play": [MARGAERY]})
    margaery = ref(state, 0, MARGAERY)
    old = state.players[1].revealed_plot
    state = use(state, 0, margaery)
    assert head(state)["purpose"] == "new_plot" and head(state)["seat"] == 1
    new = head(state)["candidates"][0]
    state = answer(state, "new_plot", [new])
    assert state.players[1].revealed_plot == new and old in state.players[1].used_plots
    state.in_play[margaery].knelt = False  # stood again: still limited this round
    assert uses(state, 0, margaery) == []


# --- dotn_49 Stalwart Shield -------------------------------------------------------------


def test_dotn_49_stalwart_shield_keeps_noble_str_from_being_reduced():
    state = marshalling(
        {
            "house": "Targaryen",
            "in_play": [SHIELD, NOBLE, KNIGHT, FIEFDOM, CROSSROADS],
            "hand": [FEAST],
        }
    )
    noble, knight = ref(state, 0, NOBLE), ref(state, 0, KNIGHT)
    shield = ref(state, 0, SHIELD)
    state = use(state, 0, hand(state, 0, FEAST)[0])  # the only 3 influence: knelt at once
    state = answer(state, "minus_1_str", [knight])
    state = answer(state, "minus_2_str", [noble])  # then Shield is the last one
    assert strength(state, knight) == 1  # -1
    assert strength(state, noble) == 1  # -2 ignored: Noble
    assert strength(state, shield) == 1  # -3: not Noble


def test_dotn_49_stalwart_shield_keeps_icons_and_stops_kneeling_by_effects():
    state = marshalling({"in_play": [SHIELD, NOBLE]}, {"in_play": [{"card": NOBLE}]})
    mine, theirs = ref(state, 0, NOBLE), ref(state, 1, NOBLE)
    for card in (mine, theirs):
        add_lasting(state, "icons", card, "phase", None, remove=["power"])
        add_lasting(state, "strength", card, "phase", None, amount=-1)
        add_lasting(state, "strength", card, "phase", None, amount=2)
        kneel_card(state, card)
    assert "power" in icons(state, mine) and strength(state, mine) == 3
    assert not state.in_play[mine].knelt
    # An opponent's Noble character is not protected.
    assert "power" not in icons(state, theirs) and strength(state, theirs) == 2
    assert state.in_play[theirs].knelt


def test_dotn_49_stalwart_shield_protects_only_noble_characters_and_not_from_attacking():
    state = plotted({"in_play": [SHIELD, NOBLE, KNIGHT]}, {"in_play": [HOST]})
    knight, noble = ref(state, 0, KNIGHT), ref(state, 0, NOBLE)
    kneel_card(state, knight)
    assert state.in_play[knight].knelt
    state = start(state, "power", [noble])
    assert state.in_play[noble].knelt  # declared as an attacker: not a card effect


# --- dotn_51 House Dayne Squire ----------------------------------------------------------


def test_dotn_51_house_dayne_squire_lowers_the_next_house_dayne_character_by_1():
    state = marshalling(
        {"house": "Martell", "in_play": [SQUIRE], "hand": [DAYNE_KNIGHT, DAYNE_KNIGHT, KNIGHT]}
    )
    squire = ref(state, 0, SQUIRE)
    first, second = hand(state, 0, DAYNE_KNIGHT)
    knight = hand(state, 0, KNIGHT)[0]
    before = gold_cost(state, 0, knight)
    state = use(state, 0, squire)
    assert state.in_play[squire].knelt
    assert gold_cost(state, 0, first) == 0 and gold_cost(state, 0, knight) == before
    state = act(state, 0, "marshal:play", [first])
    assert gold_cost(state, 0, second) == 1  # only the next one


def test_dotn_51_house_dayne_squire_reduction_ends_with_the_phase():
    state = marshalling({"house": "Martell", "in_play": [SQUIRE], "hand": [DAYNE_KNIGHT]})
    state = use(state, 0, ref(state, 0, SQUIRE))
    state = pass_until(state, lambda s: s.phase != "marshalling")
    assert gold_cost(state, 0, hand(state, 0, DAYNE_KNIGHT)[0]) == 1


# --- dotn_53 Builder of the Watch --------------------------------------------------------


@pytest.mark.parametrize("shuffled", [False, True])
def test_dotn_53_builder_of_the_watch_returns_the_top_2_discards_to_the_bottom(shuffled):
    state = marshalling(
        {"in_play": [BUILDER], "discard": [HOST, KNIGHT, CROW_KILLERS], "deck": [ORELL] * 3}
    )
    host = state.players[0].discard[0]
    state = use(state, 0, ref(state, 0, BUILDER))
    assert [state.code(r) for r in state.players[0].discard] == ["core_89"]
    assert head(state)["purpose"] == "shuffle_deck" and head(state)["seat"] == 1
    state = choose(state, "shuffle" if shuffled else "keep_order")
    deck = [state.code(r) for r in state.players[0].deck]
    assert sorted(deck) == sorted([ORELL] * 3 + [CROW_KILLERS, "core_18"])
    if not shuffled:
        assert deck[-2:] == [CROW_KILLERS, "core_18"]  # the top card first
    else:
        assert events(state, "shuffled")[-1]["seat"] == 0
    assert host in state.players[0].discard


def test_dotn_53_builder_of_the_watch_needs_a_discard_pile_and_to_stand():
    state = marshalling({"in_play": [BUILDER]})
    assert uses(state, 0, ref(state, 0, BUILDER)) == []
    state = marshalling({"in_play": [{"card": BUILDER, "knelt": True}], "discard": [HOST]})
    assert uses(state, 0, ref(state, 0, BUILDER)) == []


# --- dotn_56 Orell the Eagle -------------------------------------------------------------


def test_dotn_56_orell_needs_two_defenders_or_none():
    state = plotted({"in_play": [ORELL]}, {"in_play": [KNIGHT, HOST]})
    state = start(state, "military", [ref(state, 0, ORELL)])
    state = pass_windows(state)
    step = head(state)
    assert step["purpose"] == "defenders" and step["at_least"] == 2
    knight, host = ref(state, 1, KNIGHT), ref(state, 1, HOST)
    state = act(state, 1, "select", [knight])
    assert "done" not in [a.kind for a in legal_actions(state, 1)]
    state = act(state, 1, "select", [host])
    assert events(state, "defenders")[-1]["cards"] == [knight, host]


def test_dotn_56_orell_with_one_possible_defender_allows_none():
    state = plotted({"in_play": [ORELL]}, {"in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, ORELL)])
    state = finish_challenge(state)
    assert resolved(state)["winner"] == 0 and events(state, "defenders")[-1]["cards"] == []


def test_dotn_56_orell_only_while_he_attacks():
    state = plotted({"in_play": [ORELL, KNIGHT]}, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, KNIGHT)])
    state = finish_challenge(state, defenders=[knight])
    assert events(state, "defenders")[-1]["cards"] == [knight]


# --- dotn_57 Crow Killers ----------------------------------------------------------------


def test_dotn_57_crow_killers_are_discarded_after_winning_unopposed():
    state = plotted({"in_play": [CROW_KILLERS]}, {})
    killers = ref(state, 0, CROW_KILLERS)
    state = start(state, "military", [killers])
    state = pass_until(state, lambda s: killers not in s.in_play)
    assert resolved(state)["winner"] == 0 and resolved(state)["unopposed"]
    assert killers in state.players[0].discard


def test_dotn_57_crow_killers_stay_after_an_opposed_win_or_a_loss():
    state = plotted({"in_play": [CROW_KILLERS, HOST]}, {"in_play": [KNIGHT]})
    killers = ref(state, 0, CROW_KILLERS)
    state = start(state, "military", [killers])
    state = finish_challenge(state, defenders=[ref(state, 1, KNIGHT)])
    assert resolved(state)["winner"] == 0 and killers in state.in_play
    state = plotted({"in_play": [CROW_KILLERS]}, {"in_play": [HOST]})
    killers = ref(state, 0, CROW_KILLERS)
    state = start(state, "military", [killers])
    state = finish_challenge(state, defenders=[ref(state, 1, HOST)])
    assert resolved(state)["winner"] == 1 and killers in state.in_play


def test_dotn_57_crow_killers_stay_when_they_did_not_take_part():
    state = plotted({"in_play": [CROW_KILLERS, HOST]}, {"in_play": [KNIGHT]})
    killers = ref(state, 0, CROW_KILLERS)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = finish_challenge(state)
    assert resolved(state)["winner"] == 0 and killers in state.in_play


def test_dotn_45_salladhors_crew_reduction_ends_with_the_phase():
    state = marshalling({"house": "Baratheon", "hand": [CREW, HOST], "gold": 4})
    state = act(state, 0, "marshal:play", [hand(state, 0, CREW)[0]])
    state = use(state, 0, ref(state, 0, CREW))
    state = pass_until(state, lambda s: s.phase != "marshalling")
    assert gold_cost(state, 0, hand(state, 0, HOST)[0]) == 5


def test_dotn_49_stalwart_shield_holds_against_distraction():
    """Distraction (core_155) kneels by a card effect (moves.kneel): a Noble character of
    Stalwart Shield's controller stays standing, and the log does not say it knelt."""
    eddard = "core_5"  # Noble, with a Military icon
    state = marshalling({"hand": ["core_155"]}, {"in_play": [SHIELD, eddard]})
    noble = ref(state, 1, eddard)
    state = use(state, 0, hand(state, 0, "core_155")[0], noble)
    assert not state.in_play[noble].knelt
    assert not [e for e in state.log if e["event"] == "knelt" and e.get("card") == noble]
