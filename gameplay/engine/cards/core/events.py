"""Core Set neutral events (and Insidious Ways), registered by card code.

Importing the package gameplay.engine.cards.core registers every Core Set card.
"""

from __future__ import annotations

from gameplay.engine.abilities import Ability, Ctx, add_delayed, add_lasting, effect, register
from gameplay.engine.moves import effect_draw
from gameplay.engine.state import GameState


def _attacking_characters(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None or challenge["attacker"] != ctx["seat"]:
        return []
    return [r for r in challenge["attackers"] if r in state.in_play]


def _attacking_lannister(state: GameState, ctx: Ctx) -> list[str]:
    from gameplay.engine.rules import facts

    return [r for r in _attacking_characters(state, ctx) if "Lannister" in facts(state, r).houses]


@effect("draw_cards")
def _draw_cards(state: GameState, data: Ctx) -> None:
    effect_draw(state, data["seat"], data["amount"])


def _insidious_ways(state: GameState, ctx: Ctx) -> None:
    # "Challenges: Choose an attacking House Lannister character. Until the end of the
    # phase, that character gets +2 STR. If you win the challenge, draw 2 cards."
    add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=2)
    add_delayed(state, "challenge_won", ctx["seat"], "draw_cards", ctx["source"], amount=2)


register(
    "core_163",
    Ability(
        "action",
        _insidious_ways,
        phases=("challenges",),
        targets=_attacking_lannister,
        zones=("hand",),
    ),
)
