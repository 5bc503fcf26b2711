"""Fire and Ice characters with triggered abilities
(gameplay/engine/cards/fire_and_ice/abilities.py): King's Landing Guard, Tommen Baratheon,
Ellaria Sand, Oberyn's Shield Bearer, Bran Stark, Dothraki Vanguard.

Fillers: Host of Storm's End (6 STR Army), Knight of the Tumblestone (2 STR, cost 2),
Lannisport Steward (2 STR, intrigue), Brown Ben Plumm (core_118: 2 STR, cost 0, no text)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    build,
    events,
    finish_challenge,
    hand,
    head,
    joust,
    marshals,
    pass_windows,
    ref,
    set_season,
    start,
    to_window,
    use,
    uses,
    waiting_seats,
    watch,
)
from tests.gameplay.scenario import apply

GUARD, TOMMEN, ELLARIA, BEARER, BRAN, VANGUARD = (
    "kr_27",
    "kr_28",
    "kr_30",
    "kr_31",
    "kr_33",
    "kr_38",
)
BEN = "core_118"


def _over(state):
    return state.challenge is None


# --- kr_27 King's Landing Guard -------------------------------------------------------------


def _guard(ctype="military", attackers=(GUARD,)):
    me = {"house": "Lannister", "in_play": [GUARD, HOST, STEWARD]}
    state = joust(me, {"hand": [KNIGHT, KNIGHT]})
    return start(state, ctype, [ref(state, 0, name) for name in attackers])


def test_kings_landing_guard_discards_a_random_card_of_the_loser():
    state = to_window(_guard(), "challenge_won")
    state = pass_windows(use(state, 0, ref(state, 0, GUARD)))
    assert len(state.players[1].hand) == 1 and len(state.players[1].discard) == 1


def test_kings_landing_guard_only_military_and_only_when_it_participated():
    for state in (_guard("power"), _guard("military", (HOST,))):
        _, offered = watch(state, 0, ref(state, 0, GUARD), _over)
        assert not offered


# --- kr_28 Tommen Baratheon -----------------------------------------------------------------

DECK = [KNIGHT, STEWARD, HOST, BEN, VANGUARD]


def _tommen(season="Summer"):
    me = {"house": "Lannister", "in_play": [TOMMEN], "hand": [GUARD], "deck": DECK}
    state = joust(me, {})
    return set_season(state, season) if season else state


def test_tommen_switches_a_card_and_orders_the_top_of_the_deck():
    state = _tommen()
    state = pass_windows(use(state, 0, ref(state, 0, TOMMEN)))
    assert head(state)["purpose"] == "switch" and len(head(state)["candidates"]) == 4
    host = next(r for r in head(state)["candidates"] if state.code(r) == "core_89")
    state = answer(state, "switch", [host])
    guard = hand(state, 0, GUARD)[0]
    state = answer(state, "switch", [guard])
    assert host in state.players[0].hand and guard not in state.players[0].hand
    # Three orders: the 4 cards (the Guard among them) from the top down
    chosen = []
    while head(state).get("purpose") == "deck_order":
        pick = head(state)["candidates"][-1]
        chosen.append(pick)
        state = answer(state, "deck_order", [pick])
    deck = state.players[0].deck
    assert deck[:3] == chosen and guard in deck[:4] and len(deck) == 5


def test_tommen_with_an_empty_hand_only_orders_the_cards():
    me = {"house": "Lannister", "in_play": [TOMMEN], "deck": DECK}
    state = set_season(joust(me, {}), "Summer")
    state = pass_windows(use(state, 0, ref(state, 0, TOMMEN)))
    assert head(state)["purpose"] == "deck_order" and len(head(state)["candidates"]) == 4
    while head(state).get("purpose") == "deck_order":
        state = answer(state, "deck_order", head(state)["candidates"][:1])
    assert not state.players[0].hand and len(state.players[0].deck) == 5


def test_tommen_only_in_summer():
    for season in (None, "Winter"):
        state = _tommen(season)
        assert not uses(state, 0, ref(state, 0, TOMMEN))


# --- kr_30 Ellaria Sand ---------------------------------------------------------------------


def _ellaria(season="Summer", mine=(KNIGHT,)):
    me = {"house": "Stark", "revealed_plot": CALM, "hand": [KNIGHT], "in_play": list(mine)}
    them = {"house": "Martell", "revealed_plot": CALM, "in_play": [ELLARIA]}
    state = build(players=[{**me, "gold": 5}, them])
    if season:
        set_season(state, season)
    return apply(state, marshals(state, 0, hand(state, 0, KNIGHT)[0])[0])


def test_ellaria_claims_2_power_when_the_opponent_has_more_characters():
    state = _ellaria()
    assert head(state).get("trigger") == "entered_play"
    state = use(state, 1, ref(state, 1, ELLARIA))
    assert state.in_play[ref(state, 1, ELLARIA)].power == 2


def test_ellaria_limit_3_times_per_phase():
    me = {"house": "Stark", "revealed_plot": CALM, "hand": [KNIGHT] * 4, "in_play": [KNIGHT]}
    them = {"house": "Martell", "revealed_plot": CALM, "in_play": [ELLARIA]}
    state = set_season(build(players=[{**me, "gold": 8}, them]), "Summer")
    ellaria = ref(state, 1, ELLARIA)
    offered = []
    for _ in range(4):
        state = apply(state, marshals(state, 0, hand(state, 0, KNIGHT)[0])[0])
        offered.append(bool(uses(state, 1, ellaria)))
        if offered[-1]:
            state = use(state, 1, ellaria)
        state = pass_windows(state)
    assert offered == [True, True, True, False]
    assert state.in_play[ellaria].power == 6


def test_ellaria_needs_summer_and_more_characters_opposite():
    for state in (_ellaria("Winter"), _ellaria(mine=())):
        assert not uses(state, 1, ref(state, 1, ELLARIA))


# --- kr_31 Oberyn's Shield Bearer -----------------------------------------------------------


def _bearer(season="Summer"):
    me = {"house": "Martell", "in_play": [BEARER, STEWARD]}
    them = {"house": "Lannister", "in_play": [TOMMEN], "deck": DECK, "hand": [GUARD]}
    state = joust(me, them)
    return set_season(state, season) if season else state


def test_shield_bearer_cancels_the_chosen_opponents_next_effects():
    state = _bearer()
    bearer = ref(state, 0, BEARER)
    state = use(state, 0, bearer)
    assert bearer in state.players[0].discard
    state = pass_windows(state)
    while waiting_seats(state)[0] != 1:
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 1, ref(state, 1, TOMMEN))
    state = pass_windows(state)
    (cancelled,) = events(state, "cancelled")
    assert cancelled["code"] == TOMMEN and head(state).get("purpose") != "switch"


def test_shield_bearer_only_in_summer():
    state = _bearer("Winter")
    assert not uses(state, 0, ref(state, 0, BEARER))


# --- kr_33 Bran Stark -----------------------------------------------------------------------


def _bran(season="Winter", ctype="military"):
    me = {"house": "Stark", "in_play": [BRAN, KNIGHT, STEWARD]}
    them = {"house": "Targaryen", "in_play": [BEN, HOST, KNIGHT]}
    state = joust(me, them)
    if season:
        set_season(state, season)
    return start(state, ctype, [ref(state, 0, KNIGHT)])


def test_bran_makes_a_character_participate_on_his_side():
    state = _bran()
    bran = ref(state, 0, BRAN)
    ben = ref(state, 1, BEN)
    # Only Ben: the Host is an Army, the Knights' STR is not above their cost
    assert [a.cards[1:] for a in uses(state, 0, bran)] == [(ben,)]
    state = use(state, 0, bran, ben)
    assert state.in_play[ben].knelt and ben in state.challenge["attackers"]
    state = finish_challenge(state)
    (resolved,) = events(state, "challenge_resolved")
    assert resolved["strength"][0] == 4


def test_bran_only_in_winter():
    state = _bran("Summer")
    assert not uses(state, 0, ref(state, 0, BRAN))


# --- kr_38 Dothraki Vanguard ----------------------------------------------------------------


def _vanguard(deck):
    me = {"house": "Targaryen", "hand": [VANGUARD], "deck": deck, "gold": 5}
    state = build(players=[me, {}])
    return apply(state, marshals(state, 0, hand(state, 0, VANGUARD)[0])[0])


def test_dothraki_vanguard_puts_a_revealed_dothraki_into_play():
    state = _vanguard([KNIGHT, STEWARD, VANGUARD, KNIGHT, STEWARD, BEN])
    state = use(state, 0, ref(state, 0, VANGUARD))
    state = pass_windows(state)
    assert head(state)["purpose"] == "put_into_play"
    (other,) = head(state)["candidates"]
    state = answer(state, "put_into_play", [other])
    assert len(state.players[0].in_play) == 2 and len(state.players[0].deck) == 5
    (revealed,) = events(state, "revealed")
    assert len(revealed["cards"]) == 5


def test_dothraki_vanguard_finds_no_dothraki_beyond_the_top_5():
    state = _vanguard([KNIGHT, STEWARD, KNIGHT, STEWARD, BEN, VANGUARD])
    state = pass_windows(use(state, 0, ref(state, 0, VANGUARD)))
    if head(state).get("purpose") == "put_into_play":
        assert head(state)["candidates"] == []
        state = answer(state, "put_into_play", [])
    assert len(state.players[0].in_play) == 1 and len(state.players[0].deck) == 6
