"""The ability cost ``Cost("kill_target")`` (gameplay/engine/uses.py): "Choose and kill a
character you control (cannot be saved) to ...": the chosen target goes to the dead pile as
the cost is paid, before the effect, and the ``killed`` trigger follows."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import SCRIPTS, Ability, Cost, Script, characters
from gameplay.engine.moves import gain_gold
from gameplay.engine.state import GameState
from tests.gameplay.cardtest import KNIGHT, STEWARD, build, code, events, ref, use


def _gain_gold(state: GameState, ctx: dict) -> None:
    state.emit("test_effect", dead=list(state.players[ctx["seat"]].dead))
    gain_gold(state, ctx["seat"], 1, "test")


def _mine(state: GameState, ctx: dict) -> list[str]:
    return characters(state, ctx["seat"])


@pytest.fixture
def kill_ability(monkeypatch):
    """A test-only Any Phase action on the vanilla Knight of the Tumblestone: "Choose and
    kill a character you control (cannot be saved) to gain 1 gold"."""
    ability = Ability("action", _gain_gold, targets=_mine, costs=(Cost("kill_target"),))
    monkeypatch.setitem(SCRIPTS, code(KNIGHT), Script(abilities=[ability]))


def test_kill_target_cost_kills_the_target_before_the_effect(kill_ability):
    state = build(players=[{"in_play": [KNIGHT, STEWARD], "gold": 0}, {}])
    knight, steward = ref(state, 0, KNIGHT), ref(state, 0, STEWARD)
    state = use(state, 0, knight, steward)
    assert steward in state.players[0].dead and state.players[0].gold == 1
    assert events(state, "test_effect")[-1]["dead"] == [steward]  # paid before the effect
    assert [e["card"] for e in events(state, "killed")] == [steward]
