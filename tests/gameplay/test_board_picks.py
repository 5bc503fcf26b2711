"""Picks shown as picked (issue 32): while a player picks attackers, their prompt shows
what is picked so far with its strength and the total; the others see nothing of it until
Done declares them (tests/gameplay/test_match_pick.py: ticked and sent at once)."""

from __future__ import annotations

from gameplay.board import board
from gameplay.engine.abilities import strength
from tests.gameplay.test_challenges import _army, act, ref

NAMES = ["Ann", "Bob"]


def test_the_attackers_picked_so_far_are_shown_with_their_strength():
    """Attackers are ticked on tiles (board._pick, the pick form) with each one's STR for
    the running total; one picked before (a select sent by another page or the API) is
    shown ticked, with the total."""
    state = _army()
    knight = ref(state, 0, "Knight of the Tumblestone")
    state = act(state, 0, "challenge:military", choice="1")
    decisions = board(state, 0, NAMES)["decisions"]
    pick = decisions["pick"]
    assert decisions["picked"] is None and pick["label"] == "Attackers"
    assert (pick["count"], pick["strength"]) == (0, 0)
    rows = {row["id"]: row for row in pick["cards"]}
    assert set(rows) == set(state.queue[0]["candidates"])
    assert all(row["strength"] == strength(state, r) for r, row in rows.items())
    state = act(state, 0, "select", [knight])
    pick = board(state, 0, NAMES)["decisions"]["pick"]
    assert [c["name"] for c in pick["cards"] if c["picked"]] == ["Knight of the Tumblestone"]
    assert pick["count"] == 1 and pick["strength"] == strength(state, knight) > 0
    assert "Wolf Pack" in str(pick["cards"])  # still to pick
    # The board's challenge still has no attackers: they are declared at Done.
    assert board(state, 0, NAMES)["challenge"]["attackers"] == []
    # The defender sees no picks (it has no decision, and no prompt of Ann's).
    assert board(state, 1, NAMES)["decisions"] is None


def test_a_prompt_that_picks_nothing_shows_no_picks():
    state = _army()
    assert board(state, 0, NAMES)["decisions"]["picked"] is None
