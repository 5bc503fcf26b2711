"""The ability cost ``Cost("house_power", n)``: "Discard n power from your House card to
..." (gameplay/engine/uses.py): the ability is not usable with fewer than n power on the
House card, and the power goes to the pool as the cost is paid, before the effect."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import SCRIPTS, Ability, Cost, Script
from gameplay.engine.moves import gain_gold
from gameplay.engine.state import GameState
from tests.gameplay.cardtest import KNIGHT, build, code, events, ref, use, uses


def _gain_gold(state: GameState, ctx: dict) -> None:
    state.emit("test_effect", seat=ctx["seat"], power=state.players[ctx["seat"]].power)
    gain_gold(state, ctx["seat"], 1, "test")


@pytest.fixture
def power_ability(monkeypatch):
    """A test-only Any Phase action on the vanilla Knight of the Tumblestone: "Discard 2
    power from your House card to gain 1 gold" (restored after the test)."""
    ability = Ability("action", _gain_gold, costs=(Cost("house_power", 2),))
    monkeypatch.setitem(SCRIPTS, code(KNIGHT), Script(abilities=[ability]))


def test_house_power_cost_needs_the_power_and_is_paid_before_the_effect(power_ability):
    state = build(phase="marshalling", players=[{"in_play": [KNIGHT], "power": 1}, {}])
    knight = ref(state, 0, KNIGHT)
    assert not uses(state, 0, knight)
    state = build(phase="marshalling", players=[{"in_play": [KNIGHT], "power": 3, "gold": 0}, {}])
    knight = ref(state, 0, KNIGHT)
    state = use(state, 0, knight)
    assert state.players[0].power == 1 and state.players[0].gold == 1
    paid = [e for e in events(state, "power") if e.get("reason") == "cost"]
    assert paid == [{"event": "power", "round": 1, "seat": 0, "amount": -2, "reason": "cost"}]
    assert events(state, "test_effect")[-1]["power"] == 1  # paid before the effect
