"""A Poisoned Spear's melee cards (gameplay/engine/cards/a_poisoned_spear/cards.py): Drowned
Crewman (atoc_108) and Across the Summer Sea (atoc_120), which work only with more than one
opponent.

Fillers: Knight of the Tumblestone (2 STR, military and power), Host of Storm's End."""

from __future__ import annotations

from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    build,
    choose,
    head,
    joust,
    pass_windows,
    ref,
    use,
    uses,
)

KNIGHTS = {"in_play": [KNIGHT]}


def _challenges(state, seat):
    return [str(a) for a in legal_actions(state, seat) if a.kind.startswith("challenge")]


def _closed(state):
    """Every seat passes the window before a challenge of the first player (seat 0): he is
    then asked once more, to initiate one, unless he has none to initiate (his turn ends)."""
    assert head(state)["turn"] == 0 and head(state)["point"] == "before_challenge"
    return pass_windows(state)


# --- atoc_108 Drowned Crewman ------------------------------------------------------------


def test_drowned_crewman_takes_a_gold_from_an_opponent_with_a_bigger_discard_pile():
    me = {"house": "Greyjoy", "in_play": ["atoc_108"], "gold": 2, "discard": [HOST]}
    richer = {"gold": 3, "discard": [KNIGHT, KNIGHT]}
    poorer = {"gold": 3, "discard": [KNIGHT]}
    state = build(players=[me, richer, poorer, richer])
    crewman = ref(state, 0, "atoc_108")
    state = use(state, 0, crewman)
    assert head(state)["purpose"] == "choose_opponent" and head(state)["options"] == ["1", "3"]
    state = choose(state, "3")
    assert state.players[0].gold == 3 and state.players[3].gold == 2 and state.players[1].gold == 3
    assert state.in_play[crewman].knelt


def test_drowned_crewman_only_with_more_than_one_opponent_and_a_bigger_discard_pile():
    me = {"house": "Greyjoy", "in_play": ["atoc_108"], "gold": 2}
    state = build(players=[me, {"gold": 3, "discard": [KNIGHT]}])  # one opponent
    assert not uses(state, 0, ref(state, 0, "atoc_108"))
    me = {**me, "discard": [HOST]}
    state = build(players=[me, {"gold": 3, "discard": [KNIGHT]}, {"gold": 3}])  # none bigger
    assert not uses(state, 0, ref(state, 0, "atoc_108"))


# --- atoc_120 Across the Summer Sea ------------------------------------------------------


def test_across_the_summer_sea_no_challenges_by_or_against_you_in_melee():
    mine = {"house": "Targaryen", "revealed_plot": "atoc_120", **KNIGHTS}
    state = _closed(build(phase="challenges", players=[mine, KNIGHTS, KNIGHTS], auto_pass=False))
    # Not asked to initiate: his challenges turn is over (seat 1's has begun).
    assert _challenges(state, 0) == [] and head(state)["turn"] == 1
    other = build(phase="challenges", players=[KNIGHTS, mine, KNIGHTS], auto_pass=False)
    other = _closed(other)
    found = _challenges(other, 0)
    assert found and all(a.endswith("=2") for a in found)  # seat 2 only, not seat 1


def test_across_the_summer_sea_does_nothing_with_one_opponent():
    mine = {"house": "Targaryen", "revealed_plot": "atoc_120", **KNIGHTS}
    state = _closed(joust(mine, KNIGHTS, auto_pass=False))
    assert _challenges(state, 0)
