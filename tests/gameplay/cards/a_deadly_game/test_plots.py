"""A Deadly Game plots (gameplay/engine/cards/a_deadly_game/plots.py): Taken Captive (w_39)
and Fallen from Favor (w_40), Castle plots whose text works as they move to the used pile."""

from __future__ import annotations

from gameplay.engine.cards.vocabulary import is_castle
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    head,
    ref,
    waiting_seats,
)

CAPTIVE, FALLEN = "w_39", "w_40"
EYRIE = "w_38"  # The Eyrie: immune to plot card effects (a location)
LURKERS = "core_51"  # Lurkers at Harrenhal: cost 6


def _new_round(me_plot: str, me: dict, them: dict, plots=(CALM, CALM)):
    """Both players choose their next plot; seat 0's revealed plot is ``me_plot``, which
    goes to the used pile."""
    players = [
        {"revealed_plot": me_plot, "plot_deck": list(plots), **me},
        {"revealed_plot": CALM, "plot_deck": [CALM, CALM], **them},
    ]
    state = build(phase="plot", players=players)
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    return state


def _advance(state, done, limit=200):
    """Pass (answering the first player choice with seat 0) until ``done(state)``."""
    for _ in range(limit):
        if done(state):
            return state
        if head(state).get("name") == "first_player":
            state = act(state, head(state)["seat"], "first_player", choice="0")
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("never got there")


def _next_plots(state):
    state = _advance(state, lambda s: head(s).get("name") == "choose_plots")
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    return state


def test_taken_captive_takes_control_until_a_new_plot_is_placed_in_your_used_pile():
    state = _new_round(CAPTIVE, {"in_play": [HOST]}, {"in_play": [STEWARD, KNIGHT, HOST]})
    steward, knight = ref(state, 1, STEWARD), ref(state, 1, KNIGHT)
    state = _first_player(state)
    assert head(state)["purpose"] == "take_control"
    assert sorted(head(state)["candidates"]) == sorted([steward, knight])  # the Host costs 5
    state = answer(state, "take_control", [steward])
    assert state.in_play[steward].controller == 0
    state = _advance(state, lambda s: head(s).get("name") == "choose_plots")
    assert state.in_play[steward].controller == 0  # all round long, to the next plot phase
    state = _next_plots(state)
    assert state.in_play[steward].controller == 1


def _first_player(state):
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    return state


def test_taken_captive_is_a_castle_plot_and_only_after_it_moves_to_the_used_pile():
    state = _new_round(CALM, {"in_play": [KNIGHT]}, {"in_play": [STEWARD]}, (CAPTIVE, CALM))
    captive = state.players[0].revealed_plot
    assert state.code(captive) == CAPTIVE and is_castle(state, captive)
    assert head(state).get("purpose") != "take_control"  # revealed, not yet in the used pile
    assert state.in_play[ref(state, 1, STEWARD)].controller == 1


def test_fallen_from_favor_returns_a_character_you_control_to_the_bottom_of_the_deck():
    me = {"in_play": [KNIGHT, LURKERS], "deck": [HOST]}
    state = _first_player(_new_round(FALLEN, me, {"in_play": [STEWARD]}))
    knight, lurkers = ref(state, 0, KNIGHT), ref(state, 0, LURKERS)
    assert sorted(head(state)["candidates"]) == sorted([knight, lurkers])  # not the opponent's
    state = answer(state, "to_deck_bottom", [lurkers])
    deck = state.players[0].deck
    assert lurkers not in state.in_play and state.code(deck[-1]) == LURKERS
