"""[Naval] enhancements (abilities SETS query ``naval``, vocabulary/naval.py): printed, gained
and lost by lasting effects, counted only on an icon the character has; "a [Naval]
attacker" and "a challenge in which you have declared a [Naval] attacker"."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting
from gameplay.engine.cards.vocabulary import (
    declared_naval_attacker,
    naval_attacker,
    naval_icons,
)
from tests.gameplay.cardtest import KNIGHT, STEWARD, joust, ref, start

MARAUDER = "asots_24"  # Ironborn Marauder: military and power, [Naval] military


def test_printed_enhancements_and_lasting_gains_and_losses():
    state = joust({"in_play": [MARAUDER, STEWARD]}, {})
    marauder, steward = ref(state, 0, MARAUDER), ref(state, 0, STEWARD)
    assert naval_icons(state, marauder) == {"military"} and not naval_icons(state, steward)
    add_lasting(state, "naval", steward, "phase", None, add=["military", "intrigue", "power"])
    assert naval_icons(state, steward) == {"intrigue"}  # only on an icon it has
    add_lasting(state, "icons", steward, "phase", None, add=["power"])
    assert naval_icons(state, steward) == {"intrigue", "power"}
    add_lasting(state, "naval", marauder, "phase", None, remove=["military"])
    assert not naval_icons(state, marauder)


def test_an_icon_lost_takes_its_enhancement():
    state = joust({"in_play": [MARAUDER]}, {})
    marauder = ref(state, 0, MARAUDER)
    add_lasting(state, "icons", marauder, "phase", None, remove=["military"])
    assert not naval_icons(state, marauder)


def test_naval_attacker_and_declared_naval_attacker():
    state = joust({"in_play": [MARAUDER, KNIGHT]}, {"in_play": [KNIGHT]})
    marauder, knight = ref(state, 0, MARAUDER), ref(state, 0, KNIGHT)
    assert naval_attacker(state, marauder, "military")
    assert not naval_attacker(state, marauder, "power")
    state = start(state, "military", [marauder, knight])
    assert declared_naval_attacker(state, 0, state.challenge)
    assert not declared_naval_attacker(state, 1, state.challenge)  # not the attacker
    state = joust({"in_play": [MARAUDER, KNIGHT]}, {"in_play": [KNIGHT]})
    state = start(state, "power", [ref(state, 0, MARAUDER)])
    assert not declared_naval_attacker(state, 0, state.challenge)
