"""The House of Black and White characters
(gameplay/engine/cards/the_house_of_black_and_white/characters.py).

Fillers: Host of Storm's End (6 STR), Knight of the Tumblestone (2 STR, Stark, non-unique),
Robb Stark (unique Stark), Brown Ben Plumm (unique Targaryen, cost 0), Lannisport Steward."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    build,
    joust,
    marshals,
    ref,
    start,
    to_window,
    use,
    uses,
    watch,
)
from tests.gameplay.scenario import apply

ROBB = "Robb Stark"
BEN = "Brown Ben Plumm"
ARYA = "btns_81"
CAT = "btns_95"
LANCES = "btns_96"


# --- btns_81 Arya Stark --------------------------------------------------------------------


def test_btns_81_arya_kills_a_weak_character_after_a_unique_stark_dies():
    state = joust({"in_play": [HOST, KNIGHT]}, {"in_play": [ROBB, ARYA]})
    robb, arya = ref(state, 1, ROBB), ref(state, 1, ARYA)
    knight, host = ref(state, 0, KNIGHT), ref(state, 0, HOST)
    state = start(state, "military", [host])
    state = to_window(state, "killed", claim=[robb])
    assert robb in state.players[1].dead
    targets = [a.cards[1:] for a in uses(state, 1, arya)]
    assert (knight,) in targets and (host,) not in targets  # STR 3 or less
    state = use(state, 1, arya, knight)
    assert arya in state.players[1].discard and knight in state.players[0].dead


def test_btns_81_arya_not_after_a_non_unique_stark_dies():
    state = joust({"in_play": [HOST, STEWARD]}, {"in_play": [KNIGHT, ARYA, ROBB]})
    arya, knight = ref(state, 1, ARYA), ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state, offered = watch(state, 1, arya, lambda s: knight in s.players[1].dead)
    state, later = watch(state, 1, arya, lambda s: s.challenge is None)
    assert not offered and not later


# --- btns_95 Company of the Cat ------------------------------------------------------------


def test_btns_95_company_of_the_cat_draws_when_put_into_play_by_ambush():
    influence = ["core_138"] * 4  # Crossroads: Ambush kneels 4 influence
    me = {"house": "Targaryen", "hand": [CAT], "deck": [STEWARD, STEWARD], "in_play": influence}
    state = joust(me, {})
    cat = state.players[0].hand[0]
    (ambush,) = [a for a in legal_actions(state, 0) if a.cards[:1] == (cat,)]
    assert ambush.choice == "ambush"
    state = apply(state, ambush)
    assert cat in state.in_play
    hand_before = len(state.players[0].hand)
    state = use(state, 0, cat)
    assert len(state.players[0].hand) == hand_before + 1


def test_btns_95_company_of_the_cat_not_when_marshalled():
    me = {"house": "Targaryen", "hand": [CAT], "deck": [STEWARD], "gold": 10}
    state = build(players=[me, {}])
    cat = state.players[0].hand[0]
    (action,) = marshals(state, 0, cat)
    state = apply(state, action)
    assert cat in state.in_play and not uses(state, 0, cat)


# --- btns_96 Long Lances -------------------------------------------------------------------


def test_btns_96_long_lances_stands_a_targaryen_after_a_character_enters_play():
    me = {
        "house": "Targaryen",
        "in_play": [LANCES, {"card": BEN, "knelt": True}],
        "hand": [KNIGHT, STEWARD],
        "gold": 10,
    }
    state = build(players=[me, {}])
    lances, ben = ref(state, 0, LANCES), ref(state, 0, BEN)
    knight = state.players[0].hand[0]
    state = apply(state, marshals(state, 0, knight)[0])
    assert [a.cards[1:] for a in uses(state, 0, lances)] == [(ben,)]
    state = use(state, 0, lances, ben)
    assert not state.in_play[ben].knelt
    # Limit once per phase: Ben knelt again, a second character enters play.
    state.in_play[ben].knelt = True
    steward = state.players[0].hand[0]
    state = apply(state, marshals(state, 0, steward)[0])
    assert steward in state.in_play and not uses(state, 0, lances)


def test_btns_96_long_lances_only_my_knelt_targaryen_characters():
    me = {"house": "Targaryen", "in_play": [LANCES, BEN], "hand": [KNIGHT], "gold": 10}
    them = {"house": "Targaryen", "in_play": [{"card": BEN, "knelt": True}]}
    state = build(players=[me, them])
    lances = ref(state, 0, LANCES)
    knight = state.players[0].hand[0]
    state = apply(state, marshals(state, 0, knight)[0])
    state, offered = watch(state, 0, lances, lambda s: s.phase != "marshalling", limit=20)
    assert not offered
