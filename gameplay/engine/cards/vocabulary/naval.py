"""[Naval] enhancements (the Reach of the Kraken cycle): an icon a character has may carry a
[Naval] enhancement (printed: ``CardFacts.naval``; gained or lost: the ``naval`` set query of
:mod:`gameplay.engine.abilities`, a lasting effect with ``add`` / ``remove`` icon lists or a
passive). An enhancement counts only on an icon the character has (a character that loses
an icon loses its enhancement). A "[Naval] attacker" is an attacking character with a
[Naval] enhancement on the icon of the challenge's type (Black Sails, The Grand Fleet)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gameplay.engine.abilities import facts, icons, value
from gameplay.engine.state import GameState

NAVAL = "naval"


def naval_icons(state: GameState, ref: str) -> set[str]:
    """The icons of ``ref`` carrying a [Naval] enhancement now."""
    return set(value(state, NAVAL, ref, set(facts(state, ref).naval))) & icons(state, ref)


def naval_attacker(state: GameState, ref: str, ctype: str) -> bool:
    """Whether an attacking character is a [Naval] attacker in a challenge of ``ctype``."""
    return ctype in naval_icons(state, ref)


def declared_naval_attacker(state: GameState, seat: int, challenge: Mapping[str, Any]) -> bool:
    """ "A challenge in which you have declared a [Naval] attacker": ``seat`` attacks and one
    of its attackers still in play is a [Naval] attacker. ``challenge`` is the current
    challenge (``state.challenge``) or a ``challenge_won`` event."""
    if challenge.get("attacker") != seat:
        return False
    ctype = challenge.get("type", "")
    attackers = [r for r in challenge.get("attackers") or () if r in state.in_play]
    return any(naval_attacker(state, r, ctype) for r in attackers)
