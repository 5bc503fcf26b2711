"""Event cards played from the hand: an action event and a response event."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Cost, Ctx
from gameplay.engine.cards.vocabulary.targets import of_house
from gameplay.engine.state import GameState


def event(effect_fn: Callable[[GameState, Ctx], None], **options: Any) -> Ability:
    """An action event played from the hand (an action in ``phases``)."""
    return Ability("action", effect_fn, zones=("hand",), **options)


def response(effect_fn: Callable[[GameState, Ctx], None], trigger: str, **options: Any) -> Ability:
    """A response event played from the hand."""
    return Ability("response", effect_fn, trigger=trigger, zones=("hand",), **options)


def kill_the_attackers(ctype: str, house: str) -> Ability:
    """ "Challenges: During a [``ctype``] challenge, kneel 2 of your [``house``] characters to
    kill all attacking characters. Limit 1 per challenge." (Loyal to the Last, Lashing Out):
    every attacking character, any player's; the kill may be saved."""

    def during(state: GameState, ctx: Ctx) -> bool:
        return state.challenge is not None and state.challenge["type"] == ctype

    def kill_all(state: GameState, ctx: Ctx) -> None:
        if state.challenge is None:
            return
        attackers = [r for r in state.challenge["attackers"] if r in state.in_play]
        if attackers:
            moves.kill(state, attackers)

    def kneels(state: GameState, ref: str) -> bool:
        return of_house(state, ref, house)

    return event(
        kill_all,
        phases=("challenges",),
        condition=during,
        costs=(Cost("kneel", 2, kneels, f"[{house}] character"),),
        limit=(1, "challenge"),
    )
