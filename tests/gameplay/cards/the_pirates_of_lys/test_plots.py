"""The Pirates of Lys plots (gameplay/engine/cards/the_pirates_of_lys/plots.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine.challenges import claim_value
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    choose,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    plots_revealed,
    ref,
    start,
    until_prompt,
)

CERSEI, VICTARION, TORRHEN, NEGOTIATIONS = "asots_43", "asots_46", "asots_58", "asots_59"
CITY = "kl_19"  # City of Lies, a City plot


def _knelt(card):
    return {"card": card, "knelt": True}


# --- asots_43 Cersei's Scheme ------------------------------------------------------------


def test_cersei_scheme_kneels_a_character_of_the_loser():
    state = joust(
        {"house": "Lannister", "revealed_plot": CERSEI, "in_play": [HOST]},
        {"in_play": [KNIGHT, STEWARD, STEWARD]},
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    knight, steward = ref(state, 1, KNIGHT), ref(state, 1, STEWARD)
    state = until_prompt(state, "defenders")
    state = answer(state, "defenders", [knight])
    state = until_prompt(state, "kneel")
    assert head(state)["seat"] == 0
    assert head(state)["candidates"] == [steward, ref(state, 1, STEWARD, 1)]
    state = answer(state, "kneel", [steward])
    assert state.in_play[steward].knelt


def _no_kneel(state):
    assert head(state).get("purpose") != "kneel"


def test_cersei_scheme_not_when_the_defender_has_more_participants_nor_as_defender():
    state = joust(
        {"house": "Lannister", "revealed_plot": CERSEI, "in_play": [HOST]},
        {"in_play": [KNIGHT, KNIGHT, STEWARD, STEWARD]},
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    defenders = [ref(state, 1, KNIGHT), ref(state, 1, KNIGHT, 1)]
    state = finish_challenge(state, defenders, check=_no_kneel)
    assert events(state, "challenge_resolved")[-1]["winner"] == 0
    stewards = (ref(state, 1, STEWARD), ref(state, 1, STEWARD, 1))
    assert not any(state.in_play[r].knelt for r in stewards)
    # as the defender
    state = joust(
        {"in_play": [KNIGHT, STEWARD, STEWARD]},
        {"house": "Lannister", "revealed_plot": CERSEI, "in_play": [HOST]},
    )
    state = start(state, "power", [ref(state, 0, KNIGHT)])
    state = finish_challenge(state, [ref(state, 1, HOST)], check=_no_kneel)
    assert events(state, "challenge_resolved")[-1]["winner"] == 1


# --- asots_46 Victarion's Scheme ---------------------------------------------------------


def test_victarion_scheme_raises_claim_in_unopposed_challenges():
    state = joust(
        {"house": "Greyjoy", "revealed_plot": VICTARION, "in_play": [HOST]},
        {"in_play": [_knelt(KNIGHT)], "power": 5},
    )
    assert claim_value(state, 0) == 1
    state = start(state, "power", [ref(state, 0, HOST)])
    state = finish_challenge(state)
    assert state.players[0].power == 2 + 1  # claim 2, and 1 for unopposed


def test_victarion_scheme_not_in_opposed_challenges():
    state = joust(
        {"house": "Greyjoy", "revealed_plot": VICTARION, "in_play": [HOST]},
        {"in_play": [KNIGHT], "power": 5},
    )
    state = start(state, "power", [ref(state, 0, HOST)])
    state = finish_challenge(state, [ref(state, 1, KNIGHT)])
    assert state.players[0].power == 1


# --- asots_58 Torrhen's Square -----------------------------------------------------------


def test_torrhens_square_raises_claim_in_military_challenges():
    state = joust({"revealed_plot": TORRHEN, "in_play": [HOST]}, {"in_play": [KNIGHT]})
    assert claim_value(state, 0) == 1
    state = start(state, "military", [ref(state, 0, HOST)])
    assert claim_value(state, 0) == 2


def test_torrhens_square_not_with_another_city_plot_used_nor_in_other_challenges():
    state = joust(
        {"revealed_plot": TORRHEN, "used_plots": [CITY], "in_play": [HOST]},
        {"in_play": [KNIGHT]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    assert claim_value(state, 0) == 1
    state = joust({"revealed_plot": TORRHEN, "in_play": [HOST]}, {"in_play": [KNIGHT]})
    state = start(state, "power", [ref(state, 0, HOST)])
    assert claim_value(state, 0) == 1


# --- asots_59 Negotiations at the Great Sept ---------------------------------------------


def test_negotiations_each_player_may_replace_the_hand_with_five_cards():
    me = {"hand": [KNIGHT, KNIGHT], "deck": [STEWARD] * 6}
    them = {"hand": [HOST], "deck": [STEWARD] * 6}
    state = plots_revealed(NEGOTIATIONS, CALM, me=me, them=them)
    state = until_prompt(state, "replace_hand")
    assert head(state)["seat"] == 0
    state = choose(state, "replace")
    assert len(state.players[0].hand) == 5 and len(state.players[0].deck) == 3
    state = until_prompt(state, "replace_hand")
    assert head(state)["seat"] == 1
    state = choose(state, "keep")
    assert hand(state, 1, HOST)  # kept (the draw phase may have begun)


def test_negotiations_nothing_with_another_city_plot_used():
    me = {"hand": [KNIGHT], "deck": [STEWARD] * 6, "used_plots": [CITY]}
    them = {"hand": [HOST], "deck": [STEWARD] * 6}
    state = plots_revealed(NEGOTIATIONS, CALM, me=me, them=them)
    assert not any(step.get("purpose") == "replace_hand" for step in state.queue)
    assert hand(state, 0, KNIGHT)
