"""Helpers shared by the Princes of the Sun card scripts (pots_*)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.abilities import (
    Ctx,
    add_lasting,
    controller,
    facts,
    is_character,
    value,
)
from gameplay.engine.cards import vocabulary
from gameplay.engine.state import GameState

# Shared with every product's scripts (gameplay/engine/cards/vocabulary/).
event, response, won = vocabulary.event, vocabulary.response, vocabulary.won

Match = Callable[[GameState, str], bool]

# "After X leaves play": the triggers of every way out of play (leaving.LEAVE), with the
# zone the card is in after each (None: a zone no ability is used from).


def characters(state: GameState, seats: list[int] | None = None) -> list[str]:
    """Characters in play (controlled by one of ``seats`` when given), in seat order."""
    seats = list(range(len(state.players))) if seats is None else seats
    return [r for s in seats for r in state.players[s].in_play if is_character(state, r)]


def has_trait(state: GameState, ref: str, trait: str) -> bool:
    """A trait of a card in play (with modifiers) or out of play (printed)."""
    printed = set(facts(state, ref).traits)
    return trait in (value(state, "traits", ref, printed) if ref in state.in_play else printed)


def is_noble(state: GameState, ref: str) -> bool:
    """A character with the Noble crest (after modifiers)."""
    printed = {c.lower() for c in facts(state, ref).crests}
    return is_character(state, ref) and "noble" in value(state, "crests", ref, printed)


def participants(state: GameState) -> list[str]:
    """Characters in play participating in the current challenge."""
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["attackers"] + challenge["defenders"] if r in state.in_play]


def lose_icons(state: GameState, ctx: Ctx) -> None:
    """ "Until the end of the phase, that character loses a Military, an Intrigue, and a
    Power icon." (the target)."""
    ref = ctx["target"]
    if ref in state.in_play:
        lost_icons = ["military", "intrigue", "power"]
        add_lasting(state, "icons", ref, "phase", ctx["source"], remove=lost_icons)


def strength_target(amount: int) -> Callable[[GameState, Ctx], None]:
    """ "Until the end of the phase, that character gets +``amount`` STR." (the target)."""

    def fn(state: GameState, ctx: Ctx) -> None:
        if ctx["target"] in state.in_play:
            add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=amount)

    return fn


def own(state: GameState, source: str, subject: str) -> bool:
    """``subject`` is a card in play controlled by ``source``'s controller."""
    return subject in state.in_play and state.in_play[subject].controller == controller(
        state, source
    )


move_card_power = vocabulary.move_card_power  # moved to vocabulary/power.py
