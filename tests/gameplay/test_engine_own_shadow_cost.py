"""A card's own text lowers the cost to bring it out of Shadows: ``uses.shadow_out_cost``
applies the ``own_shadow_cost`` passives of the card's own script (``fn(state, ref, seat,
cost)``) from Shadows, before other cards' ``shadow_out_cost`` passives (Littlefinger,
kr_112: "by a single opponent's current power total")."""

from __future__ import annotations

from gameplay.engine import abilities
from gameplay.engine.abilities import Script
from gameplay.engine.uses import shadow_out_cost
from tests.gameplay.cardtest import act, joust, shadow


def test_a_card_without_the_passive_costs_its_printed_cost():
    state = joust({"house": "Stark"}, {})
    card = shadow(state, 0, "kl_7")
    assert shadow_out_cost(state, 0, card) == (abilities.facts(state, card).cost or 0)


def test_littlefinger_comes_out_for_10_less_the_most_power_of_an_opponent():
    state = joust({"house": "Stark", "gold": 3}, {"power": 7}, phase="marshalling")
    littlefinger = shadow(state, 0, "kr_112")
    assert shadow_out_cost(state, 0, littlefinger) == 3
    state = act(state, 0, "use", [littlefinger], "shadow")
    assert littlefinger in state.in_play and state.players[0].gold == 0


def test_the_passive_is_read_only_from_the_script_of_the_card():
    assert "own_shadow_cost" in abilities.SCRIPTS["kr_112"].passives
    assert isinstance(abilities.SCRIPTS["kr_112"], Script)
