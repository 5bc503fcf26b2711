"""Fire and Ice locations (gameplay/engine/cards/fire_and_ice/locations.py): The Kingsroad
(both printings), Longship Great Kraken, Winterfell, Slaver's Bay.

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR),
Lannisport Steward (2 STR, intrigue); set_season gives a revealed plot a season's trait."""

from __future__ import annotations

from gameplay.engine.challenges import claim_value
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    code,
    events,
    finish_challenge,
    head,
    joust,
    pass_windows,
    ref,
    set_season,
    start,
    to_window,
    use,
    uses,
    watch,
)

NORTH_ROAD, WESTEROS_ROAD, KRAKEN, WINTERFELL, BAY = "kr_23", "kr_29", "kr_25", "kr_34", "kr_37"
DECK = [KNIGHT] * 6


def _won_military(state, attackers, defenders=()):
    """Play a Military challenge out; a standing Steward of seat 0 keeps the phase open."""
    state = start(state, "military", attackers)
    return finish_challenge(state, defenders)


def _me(*cards, **more):
    return {"in_play": [*cards, STEWARD], **more}


# --- kr_23 / kr_29 The Kingsroad ------------------------------------------------------------


def test_westeros_kingsroad_kneels_every_copy_and_draws_in_summer():
    me = _me(HOST, WESTEROS_ROAD, deck=DECK)
    state = set_season(joust(me, {"in_play": [NORTH_ROAD]}), "Summer")
    before = len(state.players[0].hand)
    state = _won_military(state, [ref(state, 0, HOST)])
    assert state.in_play[ref(state, 0, WESTEROS_ROAD)].knelt
    assert state.in_play[ref(state, 1, NORTH_ROAD)].knelt  # every copy in play
    assert len(state.players[0].hand) == before + 1


def test_westeros_kingsroad_kneels_but_draws_nothing_out_of_summer():
    me = _me(HOST, WESTEROS_ROAD, deck=DECK)
    state = set_season(joust(me, {}), "Winter")
    before = len(state.players[0].hand)
    state = _won_military(state, [ref(state, 0, HOST)])
    assert state.in_play[ref(state, 0, WESTEROS_ROAD)].knelt
    assert len(state.players[0].hand) == before


def test_north_kingsroad_makes_the_opponent_discard_in_winter():
    me = _me(HOST, NORTH_ROAD)
    state = set_season(joust(me, {"hand": [KNIGHT, KNIGHT]}), "Winter")
    state = _won_military(state, [ref(state, 0, HOST)])
    assert state.in_play[ref(state, 0, NORTH_ROAD)].knelt
    assert len(state.players[1].hand) == 1 and len(state.players[1].discard) == 1


def test_north_kingsroad_out_of_winter_only_kneels():
    me = _me(HOST, NORTH_ROAD)
    state = joust(me, {"hand": [KNIGHT, KNIGHT]})
    state = _won_military(state, [ref(state, 0, HOST)])
    assert state.in_play[ref(state, 0, NORTH_ROAD)].knelt
    assert len(state.players[1].hand) == 2


def test_kingsroad_does_nothing_when_knelt_or_when_you_lose():
    me = _me(HOST, {"card": WESTEROS_ROAD, "knelt": True}, deck=DECK)
    state = set_season(joust(me, {"in_play": [NORTH_ROAD]}), "Summer")
    before = len(state.players[0].hand)
    state = _won_military(state, [ref(state, 0, HOST)])
    assert not state.in_play[ref(state, 1, NORTH_ROAD)].knelt
    assert len(state.players[0].hand) == before
    # Losing: the opponent's (Stark) Host wins against my Knight
    me = _me(KNIGHT, WESTEROS_ROAD, deck=DECK)
    state = set_season(joust(me, {"in_play": [HOST]}), "Summer")
    state = _won_military(state, [ref(state, 0, KNIGHT)], [ref(state, 1, HOST)])
    assert not state.in_play[ref(state, 0, WESTEROS_ROAD)].knelt


# --- kr_25 Longship Great Kraken ------------------------------------------------------------


def _kraken(season=None):
    them = {"deck": DECK, "dead": [KNIGHT, STEWARD]}
    state = joust({"in_play": [KRAKEN]}, them, phase="dominance")
    if season:
        set_season(state, season)
    return state


def test_great_kraken_discards_the_top_cards_by_dead_characters():
    state = _kraken("Winter")
    state = use(state, 0, ref(state, 0, KRAKEN))
    state = pass_windows(state)
    assert len(state.players[1].deck) == 4 and len(state.players[1].discard) == 2


def test_great_kraken_once_per_round_and_not_in_summer():
    state = _kraken()
    state = use(state, 0, ref(state, 0, KRAKEN))
    assert not uses(state, 0, ref(state, 0, KRAKEN))
    state = _kraken("Summer")
    assert not uses(state, 0, ref(state, 0, KRAKEN))


# --- kr_34 Winterfell -----------------------------------------------------------------------


def test_winterfell_raises_the_claim_in_winter():
    state = set_season(joust({"in_play": [HOST, WINTERFELL]}, {}), "Winter")
    state = start(state, "military", [ref(state, 0, HOST)])
    assert claim_value(state, 0) == 1
    state = finish_challenge(use(state, 0, ref(state, 0, WINTERFELL)))
    (claim,) = events(state, "claim")
    assert claim["amount"] == 2


def test_winterfell_only_in_winter_and_during_a_challenge():
    state = set_season(joust({"in_play": [HOST, WINTERFELL]}, {}), "Summer")
    state = start(state, "military", [ref(state, 0, HOST)])
    assert not uses(state, 0, ref(state, 0, WINTERFELL))
    state = set_season(joust({"in_play": [HOST, WINTERFELL]}, {}), "Winter")
    assert not uses(state, 0, ref(state, 0, WINTERFELL))  # no challenge yet


# --- kr_37 Slaver's Bay ---------------------------------------------------------------------


def _bay(season, ctype="power", discard=(STEWARD,)):
    me = {"house": "Targaryen", "in_play": [HOST, BAY, STEWARD]}
    state = set_season(joust(me, {"discard": list(discard)}), season)
    return start(state, ctype, [ref(state, 0, HOST)])


def test_slavers_bay_takes_a_character_from_an_opponents_discard_pile():
    state = to_window(_bay("Summer"), "challenge_won")
    state = use(state, 0, ref(state, 0, BAY))
    state = pass_windows(state)  # the only candidate is chosen by itself
    assert ref(state, 0, STEWARD) and not state.players[1].discard


def test_slavers_bay_chooses_among_the_candidates():
    state = to_window(_bay("Summer", discard=(STEWARD, KNIGHT)), "challenge_won")
    state = pass_windows(use(state, 0, ref(state, 0, BAY)))
    assert head(state)["purpose"] == "put_into_play" and len(head(state)["candidates"]) == 2
    knight = next(r for r in head(state)["candidates"] if state.code(r) == code(KNIGHT))
    state = answer(state, "put_into_play", [knight])
    assert state.in_play[knight].controller == 0


def test_slavers_bay_needs_summer_a_power_win_and_a_non_unique_character():
    bay = lambda s: ref(s, 0, BAY)  # noqa: E731
    for state in (
        _bay("Winter"),
        _bay("Summer", "military"),
        _bay("Summer", discard=("Robb Stark",)),
    ):
        _, offered = watch(state, 0, bay(state), lambda s: s.challenge is None)
        assert not offered
