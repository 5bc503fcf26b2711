"""Chasing Dragons: A City Besieged (btns_59) and Manning the City Walls (btns_60)
(gameplay/engine/cards/chasing_dragons/plots.py).

Fillers: City of Sin (kl_40, a City plot), Calm Over Westeros (no City trait), Great Keep
(core_29, a location of cost 0), Crossroads (core_138, cost 2), Ten Towers (cad_105,
cost 3), City of Secrets (kl_60, a City plot), Host of Storm's End
(Baratheon Army), Hired Swords (qod_8, Targaryen Army), Knight of the Tumblestone."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    CALM,
    HOST,
    KNIGHT,
    answer,
    head,
    in_play,
    plots_revealed,
    ref,
)

BESIEGED = "btns_59"
WALLS = "btns_60"
CITY = "kl_40"
CITY_2 = "kl_60"
TOWERS = "cad_105"
KEEP = "core_29"
CROSSROADS = "core_138"
SWORDS = "qod_8"


def _besieged(used):
    # A second plot in the deck: revealing the last one would return the used pile.
    me = {"house": "Stark", "plot_deck": [BESIEGED, CALM], "used_plots": used}
    me["in_play"] = [KEEP, CROSSROADS, TOWERS, KNIGHT]
    them = {"house": "Stark", "in_play": [KEEP, CROSSROADS, TOWERS, KNIGHT]}
    return plots_revealed(BESIEGED, CALM, me, them)


def test_a_city_besieged_discards_a_location_of_cost_x_or_lower_of_each_player():
    state = _besieged([CITY, CITY_2])  # X = 2
    mine = [ref(state, 0, KEEP), ref(state, 0, CROSSROADS)]
    theirs = [ref(state, 1, KEEP), ref(state, 1, CROSSROADS)]
    assert head(state)["seat"] == 0 and sorted(head(state)["candidates"]) == sorted(mine)
    state = answer(state, "discard", [mine[1]])
    assert head(state)["seat"] == 0 and sorted(head(state)["candidates"]) == sorted(theirs)
    state = answer(state, "discard", [theirs[0]])
    assert mine[1] in state.players[0].discard and theirs[0] in state.players[1].discard
    assert ref(state, 0, TOWERS) and ref(state, 1, TOWERS)  # cost 3


def test_a_city_besieged_with_no_city_plot_used_discards_cost_0_locations_only():
    state = _besieged([CALM])  # X = 0: only the Great Keeps
    assert [state.code(r) for r in state.players[0].discard] == [KEEP]
    assert [state.code(r) for r in state.players[1].discard] == [KEEP]
    assert ref(state, 0, CROSSROADS) and ref(state, 1, CROSSROADS)


def test_manning_the_city_walls_puts_an_in_house_army_into_play_from_hand():
    me = {"house": "Baratheon", "hand": [HOST, HOST, SWORDS, KNIGHT], "in_play": [KNIGHT]}
    state = plots_revealed(WALLS, CALM, me, {"in_play": [KNIGHT]})
    hosts = [r for r in state.players[0].hand if state.code(r) == "core_89"]
    assert head(state)["purpose"] == "put_into_play"
    assert head(state)["candidates"] == hosts  # not the out-of-House Hired Swords
    state = answer(state, "put_into_play", hosts[:1])
    assert in_play(state, 0, HOST) == hosts[:1]


def test_manning_the_city_walls_not_with_a_city_plot_in_the_used_pile():
    me = {"house": "Baratheon", "hand": [HOST], "used_plots": [CITY], "in_play": [KNIGHT]}
    me["plot_deck"] = [WALLS, CALM]
    state = plots_revealed(WALLS, CALM, me, {"in_play": [KNIGHT]})
    assert head(state).get("purpose") != "put_into_play"
    assert not in_play(state, 0, HOST)
