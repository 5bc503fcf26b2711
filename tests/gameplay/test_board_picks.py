"""Picks shown as picked (issue 32): while a player picks attackers one by one, their
prompt names what is picked so far with its strength and the total; the others see
nothing of it until Done declares them."""

from __future__ import annotations

from gameplay.board import board
from gameplay.engine.abilities import strength
from tests.gameplay.test_challenges import _army, act, ref

NAMES = ["Ann", "Bob"]


def test_the_attackers_picked_so_far_are_shown_with_their_strength():
    state = _army()
    knight = ref(state, 0, "Knight of the Tumblestone")
    state = act(state, 0, "challenge:military", choice="1")
    picked = board(state, 0, NAMES)["decisions"]["picked"]
    assert picked == {"label": "Attackers", "cards": [], "count": 0, "strength": 0}
    state = act(state, 0, "select", [knight])
    picked = board(state, 0, NAMES)["decisions"]["picked"]
    assert [c["name"] for c in picked["cards"]] == ["Knight of the Tumblestone"]
    assert picked["count"] == 1 and picked["strength"] == strength(state, knight) > 0
    assert "Wolf Pack" in str(board(state, 0, NAMES)["decisions"]["groups"])  # still to pick
    # The board's challenge still has no attackers: they are declared at Done.
    assert board(state, 0, NAMES)["challenge"]["attackers"] == []
    # The defender sees no picks (it has no decision, and no prompt of Ann's).
    assert board(state, 1, NAMES)["decisions"] is None


def test_a_prompt_that_picks_nothing_shows_no_picks():
    state = _army()
    assert board(state, 0, NAMES)["decisions"]["picked"] is None
