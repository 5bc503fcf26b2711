"""Valar Morghulis River plots and Volantis
(gameplay/engine/cards/valar_morghulis/plots_locations.py).

Fillers: Knight of the Tumblestone (2 STR), Ironborn Marauder (asots_24, Greyjoy, cost 2),
Hired Swords (qod_8, Targaryen Mercenary, cost 2), Calm Over Westeros (no text)."""

from __future__ import annotations

from gameplay.engine.rules import gold_cost
from tests.gameplay.cardtest import (
    CALM,
    KNIGHT,
    STEWARD,
    act,
    answer,
    calm_marshalling,
    code,
    events,
    hand,
    head,
    plots_revealed,
)

ABOVE = "btns_18"
SHORES = "btns_19"
PALACE = "btns_20"
VOLANTIS = "btns_17"
MARAUDER = "asots_24"
SWORDS = "qod_8"


def _until(state, purpose):
    from tests.gameplay.cardtest import waiting_seats

    for _ in range(20):
        if head(state).get("purpose") == purpose:
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError(purpose)


# --- btns_18 Above the Sorrows ---------------------------------------------------------------


def test_above_the_sorrows_discards_the_top_card_of_each_opponents_deck():
    state = plots_revealed(ABOVE, CALM, {"deck": [KNIGHT] * 5}, {"deck": [STEWARD] + [KNIGHT] * 4})
    assert [state.code(r) for r in state.players[1].discard] == [code(STEWARD)]
    assert len(state.players[0].discard) == 0


def test_above_the_sorrows_then_triggers_the_top_river_plot_of_your_used_pile():
    me = {"deck": [KNIGHT] * 5, "used_plots": [CALM, SHORES]}
    state = plots_revealed(ABOVE, CALM, me, {"deck": [STEWARD] + [KNIGHT] * 4})
    assert len(state.players[1].discard) == 1
    assert [e["seat"] for e in events(state, "revealed")] == [0]  # Shores, from the used pile


# --- btns_19 Shores of Ny Sar ----------------------------------------------------------------


def test_shores_of_ny_sar_reveals_the_top_card_and_puts_it_into_your_hand():
    me = {"deck": [STEWARD] + [KNIGHT] * 4}
    state = plots_revealed(SHORES, CALM, me, {"deck": [KNIGHT] * 5})
    (revealed,) = events(state, "revealed")
    assert revealed["seat"] == 0 and revealed["codes"] == [code(STEWARD)]
    assert revealed["cards"][0] in state.players[0].hand
    assert len(state.players[0].hand) == len(state.players[1].hand) + 1


def test_shores_of_ny_sar_then_triggers_only_the_top_river_plot():
    me = {"deck": [STEWARD] + [KNIGHT] * 4, "used_plots": [ABOVE, CALM]}
    state = plots_revealed(SHORES, CALM, me, {"deck": [KNIGHT] * 5})
    assert len(state.players[1].discard) == 1  # Above the Sorrows is the top River plot


# --- btns_20 At the Palace of Sorrows --------------------------------------------------------


def test_at_the_palace_of_sorrows_puts_a_card_each_player_chooses_on_top_of_its_deck():
    me = {"in_play": [KNIGHT, STEWARD], "deck": [KNIGHT] * 5}
    them = {"in_play": [KNIGHT, STEWARD], "deck": [KNIGHT] * 5}
    state = plots_revealed(PALACE, CALM, me, them)
    state = _until(state, "deck_top")
    assert head(state)["seat"] == 0
    mine = state.players[0].in_play[0]
    state = answer(state, "deck_top", [mine])
    state = _until(state, "deck_top")
    assert head(state)["seat"] == 1
    theirs = state.players[1].in_play[1]
    state = answer(state, "deck_top", [theirs])
    left = {e["card"]: e["to"] for e in events(state, "left_play")}
    assert left == {mine: "deck_top", theirs: "deck_top"}


def test_at_the_palace_of_sorrows_skips_a_player_without_cards_in_play():
    state = plots_revealed(PALACE, CALM, {"in_play": [KNIGHT, STEWARD]}, {})
    state = _until(state, "deck_top")
    assert head(state)["seat"] == 0
    card = state.players[0].in_play[0]
    state = answer(state, "deck_top", [card])
    assert [(e["card"], e["to"]) for e in events(state, "left_play")] == [(card, "deck_top")]
    assert head(state).get("purpose") != "deck_top"


# --- btns_17 Volantis ------------------------------------------------------------------------


def _costs(in_play, house="Stark"):
    state = calm_marshalling(
        {"house": house, "in_play": in_play, "hand": [MARAUDER, MARAUDER, SWORDS], "gold": 10}
    )
    return state, [gold_cost(state, 0, r) for r in state.players[0].hand]


def test_volantis_lowers_the_first_out_of_house_greyjoy_card_and_the_first_mercenary():
    _, printed = _costs([])
    state, costs = _costs([VOLANTIS])
    assert costs == [c - 1 for c in printed]
    first, second = hand(state, 0, MARAUDER)
    state = act(state, 0, "marshal:play", [first])
    assert gold_cost(state, 0, second) == printed[1]  # only the first each round
    assert gold_cost(state, 0, hand(state, 0, SWORDS)[0]) == printed[2] - 1


def test_volantis_does_not_lower_an_in_house_greyjoy_card():
    _, printed = _costs([], "Greyjoy")
    _, costs = _costs([VOLANTIS], "Greyjoy")
    assert costs[:2] == printed[:2]
