"""A Dire Message plots (gameplay/engine/cards/a_dire_message/plots.py)."""

from __future__ import annotations

import pytest

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    answer,
    codes,
    events,
    head,
    in_deck,
    plots_revealed,
    ref,
)

LIONS, EAST, KING, TURNCLOAK = "cad_117", "cad_118", "cad_119", "cad_120"
THEON = "cad_17"  # Theon Greyjoy, prized 2
MARTELL, GREYJOY, TARGARYEN = "pots_2", "kotse_2", "core_118"
BARATHEON, STARK, LANNISTER = "core_89", "core_5", "core_54"
SEASON = "Summoning Season"


# --- cad_117 They Lay with Lions ------------------------------------------------------------


def test_they_lay_with_lions_kneels_a_non_prized_character():
    them = {"in_play": [THEON, KNIGHT]}
    state = plots_revealed(LIONS, SEASON, me={"in_play": [HOST]}, them=them)
    step = head(state)
    assert step.get("purpose") == "kneel"
    knight = ref(state, 1, KNIGHT)
    assert sorted(step["candidates"]) == sorted([knight, ref(state, 0, HOST)])  # not Theon
    state = answer(state, "kneel", [knight])
    assert [e["card"] for e in events(state, "knelt")] == [knight]


def test_they_lay_with_lions_nothing_to_kneel_without_a_non_prized_character():
    state = plots_revealed(LIONS, SEASON, them={"in_play": [THEON]})
    assert head(state).get("purpose") != "kneel" and not events(state, "knelt")


# --- The Task plots -------------------------------------------------------------------------

TASKS = [
    (EAST, "Targaryen", MARTELL),
    (EAST, "Martell", GREYJOY),
    (KING, "Lannister", BARATHEON),
    (KING, "Baratheon", STARK),
    (TURNCLOAK, "Stark", LANNISTER),
    (TURNCLOAK, "Greyjoy", TARGARYEN),
]
DECK = [MARTELL, GREYJOY, BARATHEON, STARK, LANNISTER, TARGARYEN]


@pytest.mark.parametrize(("plot", "house", "wanted"), TASKS)
def test_task_plots_search_the_deck_for_a_card_of_the_house_named(plot, house, wanted):
    state = plots_revealed(plot, SEASON, me={"house": house, "deck": list(DECK)})
    step = head(state)
    assert step.get("purpose") == "search" and step["seat"] == 0
    assert codes(state, step["candidates"]) == [wanted]
    state = answer(state, "search", in_deck(state, 0, wanted))
    player = state.players[0]
    assert [state.code(r) for r in player.hand] == [wanted] and len(player.deck) == 5


@pytest.mark.parametrize("plot", [EAST, KING, TURNCLOAK])
def test_task_plots_nothing_for_another_house(plot):
    state = plots_revealed(plot, SEASON, me={"house": "Neutral", "deck": list(DECK)})
    assert head(state).get("purpose") != "search" and not state.players[0].hand
