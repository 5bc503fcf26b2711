"""Searching the top X cards of one's own deck (issue 28): every script goes through
vocabulary.search_top, which asks the numeric passive query ``search_depth`` (subject the
searching seat, base X) how many cards the search covers (Karhold Rookery, soo_42, adds 1)."""

from __future__ import annotations

from gameplay.engine import abilities
from gameplay.engine.abilities import register
from gameplay.engine.cards.vocabulary import SEARCH_DEPTH, search_top
from gameplay.engine.cards.vocabulary.searches import search_depth
from tests.gameplay.cardtest import KNIGHT, STEWARD, head, joust

EVENT = "core_177"  # Distinct Mastery, an event


def _position():
    deck = [KNIGHT, STEWARD, EVENT, KNIGHT, EVENT, KNIGHT, KNIGHT]
    return joust({"house": "Stark", "in_play": [KNIGHT], "deck": deck}, {"in_play": [KNIGHT]})


def test_search_top_shows_the_top_x_and_asks_for_the_matching_ones():
    state = _position()
    deck = state.players[0].deck

    def is_event(ref: str) -> bool:
        return state.code(ref) == EVENT

    search_top(state, 0, 3, is_event, "events_found", ctx={"source": "x"}, high=1)
    step = state.queue[0]
    assert step["purpose"] == "search" and step["seat"] == 0 and step["hidden"]
    assert step["candidates"] == [deck[2]] and step["ctx"]["shown"] == deck[:3]
    assert list(step["ctx"]) == ["seat", "source", "shown"]  # as the scripts built it


def test_search_top_with_no_match_lists_every_searched_card():
    state = _position()
    search_top(state, 0, 2, None, "events_found")
    assert head(state)["candidates"] == state.players[0].deck[:2]


def test_search_depth_is_x_without_a_card_that_changes_it():
    state = _position()
    assert search_depth(state, 0, 5) == 5
    assert search_depth(state, 1, 0) == 0


def test_search_depth_asks_the_passives_of_cards_in_play(monkeypatch):
    state = _position()
    knight = state.players[0].in_play[0]
    code = state.code(knight)
    monkeypatch.setitem(abilities.SCRIPTS, code, abilities.Script())
    monkeypatch.setitem(abilities.PASSIVE_CODES, SEARCH_DEPTH, {code})
    register(code, passives={SEARCH_DEPTH: lambda s, src, seat, base: base + 2})
    state.__dict__.pop("_passive_cache", None)
    assert search_depth(state, 0, 3) == 7  # both players' Knights: 3 + 2 + 2
    search_top(state, 0, 1, None, "events_found")
    assert len(head(state)["ctx"]["shown"]) == 5
