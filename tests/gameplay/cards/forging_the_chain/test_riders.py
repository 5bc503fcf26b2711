"""Forging the Chain: Riders of the Red Fork (soo_22), found by any search of a deck."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    KNIGHT,
    STEWARD,
    answer,
    hand,
    head,
    joust,
    marshalling,
    ref,
    use,
    won_window,
)

RIDERS = "soo_22"
LUWIN = "soo_21"
MUSTER = "core_168"  # Marshalling: kneel a Knight to search your deck for a Knight
HOST = "Host of Storm's End"


def test_soo_22_riders_of_the_red_fork_are_found_by_a_search_for_a_knight():
    state = marshalling(
        {"house": "Stark", "in_play": [KNIGHT], "hand": [MUSTER], "deck": [HOST, RIDERS]}
    )
    state = use(state, 0, hand(state, 0, MUSTER)[0])
    assert head(state)["purpose"] == "search"
    riders = [r for r in head(state)["candidates"] if state.code(r) == RIDERS]
    assert len(head(state)["candidates"]) == 1 and riders  # not the Host
    state = answer(state, "search", riders)
    assert hand(state, 0, RIDERS)


def test_soo_22_riders_of_the_red_fork_only_in_the_searched_cards():
    state = joust(
        {"house": "Stark", "in_play": [LUWIN], "deck": [RIDERS, KNIGHT, KNIGHT, KNIGHT, KNIGHT]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    state = won_window(state, "power", [ref(state, 0, LUWIN)])
    state = use(state, 0, ref(state, 0, LUWIN))
    riders = [r for r in state.players[0].deck if state.code(r) == RIDERS]
    assert head(state)["candidates"] == riders  # an event search finds them
    state = joust(
        {"house": "Stark", "in_play": [LUWIN], "deck": [KNIGHT] * 5 + [RIDERS]},
        {"house": "Lannister", "in_play": [STEWARD]},
    )
    state = won_window(state, "power", [ref(state, 0, LUWIN)])
    state = use(state, 0, ref(state, 0, LUWIN))
    assert head(state)["candidates"] == []  # the 6th card is not searched
