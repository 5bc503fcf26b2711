"""Helpers shared by the Lords of Winter scripts (no card is registered here).

Conventions (as in the Core Set scripts): "you" is the card's controller (``ctx["seat"]``,
for passives :func:`abilities.controller` of the source); traits and crests are read after
effects; handler and effect names start with ``low_``. "House Tully" is a trait.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import (
    Ability,
    Ctx,
    controller,
    crests,
    facts,
    is_character,
)
from gameplay.engine.cards import vocabulary
from gameplay.engine.cards.vocabulary import of_house_named
from gameplay.engine.state import GameState

# Shared with every product's scripts (gameplay/engine/cards/vocabulary/).
won = vocabulary.won

Condition = Callable[[GameState, Ctx], bool]
TULLY = "House Tully"


def has_crest(state: GameState, ref: str, crest: str) -> bool:
    """A crest (lower case) of a card in play (after effects) or out of play (printed)."""
    if ref in state.in_play:
        return crest in crests(state, ref)
    return crest in {c.lower() for c in facts(state, ref).crests}


def of_house(state: GameState, ref: str, house: str = "Stark") -> bool:
    """A card affiliated with ``house`` (printed)."""
    return house in facts(state, ref).houses


def mine(state: GameState, source: str, subject: Any) -> bool:
    """``subject`` is a card in play controlled by ``source``'s controller."""
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    return record is not None and record.controller == controller(state, source)


def my_characters(state: GameState, seat: int) -> list[str]:
    """Characters in play ``seat`` controls."""
    return [r for r in state.players[seat].in_play if is_character(state, r)]


def all_characters(state: GameState) -> list[str]:
    """Characters in play, in seat order."""
    return [r for p in state.players for r in p.in_play if is_character(state, r)]


def tully_character(state: GameState, ref: str) -> bool:
    """A House Tully character in play."""
    return ref in state.in_play and is_character(state, ref) and of_house_named(state, ref, TULLY)


def participants(state: GameState) -> list[str]:
    """Characters in play participating in the current challenge."""
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["attackers"] + challenge["defenders"] if r in state.in_play]


def side(state: GameState, name: str) -> list[str]:
    """The attacking (``attackers``) or defending (``defenders``) characters in play."""
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge[name] if r in state.in_play]


def challenge_losers(entry: dict[str, Any]) -> int | None:
    """The seat that lost a challenge a ``challenge_resolved`` log entry records."""
    winner = entry.get("winner")
    if winner is None:
        return None
    return entry["defender"] if winner == entry["attacker"] else entry["attacker"]


def response_event(
    effect_fn: Callable[[GameState, Ctx], None], trigger: str, **options: Any
) -> Ability:
    """A response event played from the hand."""
    return Ability("response", effect_fn, trigger=trigger, zones=("hand",), **options)
