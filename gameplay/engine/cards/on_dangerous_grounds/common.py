"""On Dangerous Grounds (atoc_41 to atoc_60): shared helpers of the card scripts.

"If you control more unique characters than each opponent" (the Tourney Grounds) is
``more_unique``: strictly more than every opponent, counted as the effect resolves."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    effect,
    facts,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
)
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel


def more_unique(state: GameState, seat: int) -> bool:
    """Whether ``seat`` controls more unique characters than each opponent."""

    def count(s: int) -> int:
        return sum(1 for r in characters_of(state, s) if facts(state, r).unique)

    mine = count(seat)
    return all(mine > count(p.seat) for p in state.players if p.seat != seat)


def printed_cost_at_most(state: GameState, ref: str, most: int) -> bool:
    """Whether ``ref`` has a printed cost of ``most`` or lower (no printed cost: False)."""
    cost = facts(state, ref).cost
    return cost is not None and cost <= most


def controller_of(state: GameState, ref: str) -> int:
    """The seat controlling ``ref`` (a card in play)."""
    return next(p.seat for p in state.players if ref in p.in_play)


# The challenge icons (Maiden of Poisons, The Scourge).
ICONS = ("military", "intrigue", "power")


def cancel_it(state: GameState, ctx: Ctx) -> None:
    """The effect of a cancel: cancel the pending effect (Alannys, Sunspear)."""
    cancel(state)


def any_character(state: GameState, ctx: Ctx) -> list[str]:
    """Targets: every character in play (Winterfell Practice Yard, The Scourge)."""
    return characters_of(state)


# "At the end of the phase, discard that card if it is still in play" (Nagga's Hill, Fiery
# Kiss): ``add_delayed(state, "phase_ends", seat, "atoc_discard_at_end", ..., card=ref)``.
@effect("atoc_discard_at_end")
def _discard_at_end(state: GameState, data: Ctx) -> None:
    if data["card"] in state.in_play:
        moves.discard(state, [data["card"]])
