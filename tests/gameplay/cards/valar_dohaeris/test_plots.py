"""Valar Dohaeris River plots (gameplay/engine/cards/valar_dohaeris/plots.py and
vocabulary/rivers.py): Pulled from the Rhoyne (btns_37), Under the Bridge of Dream (btns_38)
and On Dagger Lake (btns_39).

Fillers: Knight of the Tumblestone, Lannisport Steward, Host of Storm's End, Calm Over
Westeros (a plot without a "when revealed" effect)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    choose,
    code,
    events,
    head,
    initiate,
    pass_until,
    plots_revealed,
)

RHOYNE, BRIDGE, DAGGER = "btns_37", "btns_38", "btns_39"


def _bridge_gold(state, seat=0):
    return [e for e in events(state, "gold_gained") if e.get("reason") == "vd_bridge"]


# --- btns_37 Pulled from the Rhoyne -------------------------------------------------------


def test_pulled_from_the_rhoyne_returns_each_top_dead_character_to_the_deck():
    me = {"dead": [KNIGHT, HOST], "deck": [STEWARD]}
    them = {"dead": [STEWARD], "deck": [KNIGHT]}
    state = plots_revealed(RHOYNE, CALM, me, them)
    moved = [(e["seat"], e["code"]) for e in events(state, "dead_to_deck")]
    assert moved == [(0, code(HOST)), (1, code(STEWARD))]  # on top: drawn in the draw phase
    assert [state.code(r) for r in state.players[0].dead] == [code(KNIGHT)]
    assert not state.players[1].dead


def test_pulled_from_the_rhoyne_then_triggers_the_top_river_plot_of_the_used_pile():
    me = {"used_plots": [DAGGER, BRIDGE, CALM]}  # the Bridge is the top River plot
    state = plots_revealed(RHOYNE, CALM, me, {"hand": [KNIGHT]})
    assert len(_bridge_gold(state)) == 1  # the Bridge's gold, once
    assert not [e for e in events(state, "discarded")]  # not On Dagger Lake, below it
    assert head(state).get("purpose") != "copy_plot"  # the copied Bridge does not chain on


# --- btns_38 Under the Bridge of Dream ----------------------------------------------------


def test_under_the_bridge_of_dream_gains_2_gold_and_triggers_any_river_plot():
    me = {"used_plots": [DAGGER, RHOYNE]}
    them = {"hand": [KNIGHT], "dead": [STEWARD]}
    state = plots_revealed(BRIDGE, CALM, me, them)
    assert len(_bridge_gold(state)) == 1 and _bridge_gold(state)[0]["gold"] == 2
    step = head(state)
    assert step["purpose"] == "copy_plot" and len(step["options"]) == 2
    dagger = state.players[0].used_plots[0]
    state = choose(state, dagger)
    knight = state.players[1].hand[0]
    state = answer(state, "discard", [knight])
    assert knight in state.players[1].discard
    assert state.players[1].dead  # not Pulled from the Rhoyne


def test_under_the_bridge_of_dream_without_river_plots():
    state = plots_revealed(BRIDGE, CALM, {"used_plots": [CALM]})
    assert len(_bridge_gold(state)) == 1 and not events(state, "plot_copied")


# --- btns_39 On Dagger Lake ---------------------------------------------------------------


def test_on_dagger_lake_each_opponent_discards_a_card_of_its_choice():
    them = {"hand": [KNIGHT, STEWARD]}
    state = plots_revealed(DAGGER, CALM, {"hand": [HOST]}, them)
    assert head(state)["purpose"] == "discard" and head(state)["seat"] == 1
    steward = next(r for r in state.players[1].hand if state.code(r) == code(STEWARD))
    state = answer(state, "discard", [steward])
    assert state.players[1].discard == [steward] and len(state.players[0].hand) == 1


def test_on_dagger_lake_then_the_top_river_plot():
    me = {"used_plots": [BRIDGE]}
    state = plots_revealed(DAGGER, CALM, me, {"hand": [KNIGHT]})
    assert not _bridge_gold(state)  # after the discard
    state = answer(state, "discard", [state.players[1].hand[0]])
    assert len(_bridge_gold(state)) == 1


def test_a_river_plot_revealed_by_the_opponent_is_not_mine():
    them = {"used_plots": [BRIDGE], "hand": [KNIGHT]}
    state = plots_revealed(CALM, DAGGER, {"hand": [HOST]}, them)
    state = answer(state, "discard", [state.players[0].hand[0]])
    gold = _bridge_gold(state)
    assert len(gold) == 1 and gold[0]["seat"] == 1  # its own used pile, its own gold


# --- btns_40 Before the Black Walls -------------------------------------------------------

WALLS = "btns_40"


def _walls(me, them, named="military"):
    state = plots_revealed(WALLS, CALM, me, them)
    assert head(state)["purpose"] == "challenge_type" and head(state)["seat"] == 0
    state = choose(state, named)
    return pass_until(state, lambda s: s.phase == "challenges")


def test_before_the_black_walls_attackers_of_the_named_type_are_all_eligible_characters():
    me = {"in_play": [KNIGHT, HOST, STEWARD]}
    them = {"in_play": [KNIGHT, HOST]}
    state = _walls(me, them)
    state = initiate(state, "military")  # the attackers prompt settles itself: both
    assert len(state.challenge["attackers"]) == 2
    # Defenders: none, or both eligible characters.
    state = pass_until(state, lambda s: head(s).get("purpose") == "defenders")
    assert head(state)["at_least"] == 2


def test_before_the_black_walls_other_types_are_free():
    me = {"in_play": [KNIGHT, HOST]}
    state = _walls(me, {"in_play": [KNIGHT, HOST]}, named="intrigue")
    knight = next(r for r in state.players[0].in_play if state.code(r) == code(KNIGHT))
    state = initiate(state, "military", [knight])
    assert state.challenge["attackers"] == [knight]  # one of the two eligible


def test_before_the_black_walls_triggered_by_another_river_plot():
    me = {"used_plots": [WALLS], "in_play": [KNIGHT, HOST]}
    state = plots_revealed(BRIDGE, CALM, me, {"in_play": [KNIGHT, HOST]})
    state = choose(state, "power")  # the only River plot, chosen without a question
    state = pass_until(state, lambda s: s.phase == "challenges")
    state = initiate(state, "power")  # the attackers prompt settles itself: both
    assert len(state.challenge["attackers"]) == 2
