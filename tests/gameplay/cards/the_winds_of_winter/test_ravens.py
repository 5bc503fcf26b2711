"""The Winds of Winter cards of the_winds_of_winter/ravens.py: Carrion Bird (ator_35, the
A Song of Summer card printed again) and Maester Vyman (ator_26), played through legal
actions.

Knight of the Tumblestone (core_18) is a House Stark character (2 STR, military and power);
Toll Gate (acoa_33: "Challenges: Kneel Toll Gate to choose a non-unique, participating
character. Stand that character, and remove it from the challenge.") targets one.
"""

from __future__ import annotations

from tests.gameplay.cardtest import (
    events,
    head,
    initiate,
    joust,
    ref,
    resolved,
    set_season,
    use,
    uses,
    won_window,
)

BIRD = "ator_35"
VYMAN = "ator_26"
KNIGHT = "core_18"
TOLL_GATE = "acoa_33"


def test_ator_35_carrion_bird_shuffles_a_raven_from_play_into_its_owners_deck():
    state = joust({"in_play": [BIRD], "deck": [KNIGHT, KNIGHT]}, {})
    bird = ref(state, 0, BIRD)
    state = won_window(state, "military", [bird])
    # Nothing Raven in the discard pile: the only choice, itself from play, settles alone.
    state = use(state, 0, bird)
    assert bird not in state.in_play
    assert sorted(state.code(r) for r in state.players[0].deck) == sorted([KNIGHT, KNIGHT, BIRD])
    assert events(state, "shuffled")[-1]["seat"] == 0
    assert not events(state, "cancelled")


def vyman_position(season=None):
    state = joust({"in_play": [KNIGHT, TOLL_GATE]}, {"in_play": [VYMAN]})
    if season:
        set_season(state, season)
    knight = ref(state, 0, KNIGHT)
    state = initiate(state, "power", [knight])
    state = use(state, 0, ref(state, 0, TOLL_GATE), knight)  # chooses a Stark character
    return state, knight


def test_ator_26_maester_vyman_cancels_an_effect_targeting_a_house_stark_character():
    state, _knight = vyman_position()
    assert head(state)["trigger"] == "ability"
    state = use(state, 1, ref(state, 1, VYMAN))
    assert events(state, "cancelled")[-1]["card"] == ref(state, 0, TOLL_GATE)
    # The Knight was neither stood nor removed: it won the challenge alone.
    assert resolved(state)["strength"] == [2, 0] and resolved(state)["winner"] == 0


def test_ator_26_maester_vyman_cannot_cancel_in_summer():
    state, knight = vyman_position("Summer")
    assert not uses(state, 1, ref(state, 1, VYMAN))
    assert not events(state, "cancelled") and not state.in_play[knight].knelt
