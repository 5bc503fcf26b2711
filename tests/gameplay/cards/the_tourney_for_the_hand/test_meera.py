"""The Tourney for the Hand: Meera Reed
(gameplay/engine/cards/the_tourney_for_the_hand/cards.py), played through legal actions."""

from __future__ import annotations

from gameplay.engine.abilities import is_blank
from tests.gameplay.cards.the_tourney_for_the_hand.helpers import settle_challenge
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    head,
    joust,
    ref,
    set_season,
    shadow,
    start,
    to_window,
    use,
)

MEERA = "atoc_2"
HIGHGARDEN = "atoc_15"
LAST_RIVER = "atoc_3"


def _hides(victim):
    state = joust(
        {"house": "Baratheon", "in_play": [HOST]},
        {"house": "Stark", "in_play": [victim, MEERA]},
    )
    state = start(state, "military", [ref(state, 0, HOST)])
    return state, ref(state, 1, MEERA), ref(state, 1, victim)


def test_meera_reed_goes_into_shadows_after_a_stark_character_leaves_play():
    state, meera, knight = _hides(KNIGHT)
    state = to_window(state, "killed", [], claim=[knight])
    state = use(state, 1, meera)
    assert meera in state.players[1].shadows and meera not in state.in_play


def test_meera_reed_answers_only_a_stark_character():
    state, meera, _steward = _hides(STEWARD)  # Lannister
    settle_challenge(state, 1, meera)


def _comes_out(season=None):
    state = joust(
        {"house": "Stark", "gold": 5},
        {"house": "Baratheon", "in_play": [HIGHGARDEN, LAST_RIVER, HOST]},
        phase="marshalling",
    )
    if season:
        set_season(state, season)
    meera = shadow(state, 0, MEERA)
    state = act(state, 0, "use", [meera], "shadow")
    state = use(state, 0, meera)
    assert head(state).get("purpose") == "blank_card"
    return state, meera


def test_meera_reed_blanks_a_card_after_coming_out_of_shadows():
    state, _meera = _comes_out()
    highgarden = ref(state, 1, HIGHGARDEN)
    assert head(state)["max"] == 1
    state = answer(state, "blank_card", [highgarden])
    assert is_blank(state, highgarden)
    assert not is_blank(state, ref(state, 1, LAST_RIVER))


def test_meera_reed_blanks_two_cards_in_winter():
    state, _meera = _comes_out("Winter")
    highgarden, river = ref(state, 1, HIGHGARDEN), ref(state, 1, LAST_RIVER)
    assert head(state)["max"] == 2
    state = answer(state, "blank_card", [highgarden, river])
    assert is_blank(state, highgarden) and is_blank(state, river)
