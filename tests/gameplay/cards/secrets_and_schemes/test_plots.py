"""Secrets and Schemes plots (gameplay/engine/cards/secrets_and_schemes/plots.py)."""

from __future__ import annotations

from gameplay.engine.abilities import traits
from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    challenge_kinds,
    finish_challenge,
    head,
    joust,
    ref,
    start,
)

SIEGE, HEIR = "w_19", "w_20"
EDDARD = "core_5"  # Eddard Stark: a unique Lord, printed cost 4


def _knelt(card):
    return {"card": card, "knelt": True}


# --- w_19 Siege Preparations ----------------------------------------------------------------


def test_siege_preparations_allows_only_one_challenge_this_round():
    me = {"revealed_plot": SIEGE, "in_play": [HOST, STEWARD]}
    state = joust(me, {"in_play": [_knelt(KNIGHT)]})
    assert challenge_kinds(state, 0) == {"military", "intrigue", "power"}
    state = start(state, "military", [ref(state, 0, HOST)])
    state = finish_challenge(state)
    assert challenge_kinds(state, 0) == set()


def test_siege_preparations_does_not_limit_the_opponent():
    state = joust({"in_play": [HOST, STEWARD]}, {"revealed_plot": SIEGE, "in_play": [KNIGHT]})
    state = start(state, "military", [ref(state, 0, HOST)])
    state = finish_challenge(state, [ref(state, 1, KNIGHT)])
    assert challenge_kinds(state, 0) == {"intrigue"}


# --- w_20 Naming the Heir -------------------------------------------------------------------


def _heir(deck):
    players = [
        {"revealed_plot": HEIR, "plot_deck": [CALM], "deck": deck},
        {"revealed_plot": CALM, "plot_deck": [CALM]},
    ]
    state = build(phase="plot", players=players)
    heir = state.players[0].revealed_plot
    for seat in (0, 1):
        state = act(state, seat, "plot:choose", [state.players[seat].plot_deck[0]])
    return state, heir


def test_naming_the_heir_puts_a_character_of_cost_4_or_more_into_play():
    state, heir = _heir([KNIGHT, HOST, EDDARD] + [KNIGHT] * 9)
    assert heir in state.players[0].used_plots
    step = head(state)
    assert step.get("purpose") == "search" and step["seat"] == 0
    eddard = next(r for r in state.players[0].deck if state.code(r) == EDDARD)
    assert step["candidates"] == [eddard]  # not the Army, not the 2-cost Knight
    state = answer(state, "search", [eddard])
    assert eddard in state.in_play and state.in_play[eddard].controller == 0
    assert any(e["event"] == "shuffled" and e.get("seat") == 0 for e in state.log)


def test_naming_the_heir_searches_only_the_top_10_cards():
    state, _ = _heir([KNIGHT] * 10 + [EDDARD])
    assert head(state).get("purpose") == "search"
    assert head(state)["candidates"] == []


def test_naming_the_heir_is_a_castle_plot_while_revealed():
    state = joust({"revealed_plot": HEIR}, {})
    assert "Castle" in traits(state, state.players[0].revealed_plot)
    assert "Castle" not in traits(state, state.players[1].revealed_plot)
