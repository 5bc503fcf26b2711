"""Where Loyalty Lies: Satin (atoc_79), his Marshalling action."""

from __future__ import annotations

import pytest

from tests.gameplay.cardtest import choose, events, head, joust, marshalling, ref, use, uses

SATIN = "atoc_79"  # Night's Watch
STEWARD = "Lannisport Steward"  # not Night's Watch
KNIGHT = "Knight of the Tumblestone"
BEN = "Brown Ben Plumm"


def _satin():
    state = marshalling(
        {"in_play": [SATIN, STEWARD], "deck": [KNIGHT, BEN]}, {"deck": [BEN, KNIGHT]}
    )
    satin = ref(state, 0, SATIN)
    tops = [state.players[0].deck[0], state.players[1].deck[0]]
    state = use(state, 0, satin)  # Satin is the only Night's Watch character: he kneels
    assert state.in_play[satin].knelt
    assert head(state)["purpose"] == "satin"
    assert [e["cards"] for e in events(state, "revealed")] == [tops]
    return state, tops


@pytest.mark.parametrize("option", ["discard", "draw", "return"])
def test_atoc_79_satin_reveals_each_top_card_then_one_choice_for_all(option):
    state, tops = _satin()
    state = choose(state, option)
    for seat, top in enumerate(tops):
        player = state.players[seat]
        where = {"discard": player.discard, "draw": player.hand, "return": player.deck[:1]}
        assert top in where[option]


def test_atoc_79_satin_needs_a_standing_nights_watch_character():
    state = marshalling({"in_play": [SATIN, STEWARD], "deck": [KNIGHT]}, {"deck": [BEN]})
    satin = ref(state, 0, SATIN)
    state.in_play[satin].knelt = True
    assert not uses(state, 0, satin)  # the Steward is no Night's Watch character


def test_atoc_79_satin_only_in_marshalling():
    state = joust({"in_play": [SATIN], "deck": [KNIGHT]}, {"deck": [BEN]})
    assert not uses(state, 0, ref(state, 0, SATIN))
