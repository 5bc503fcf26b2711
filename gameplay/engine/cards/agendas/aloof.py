"""Aloof and Apart (w_18): a cheaper first big character each round, prized 1 on big
characters leaving play, and no returning them to your hand by your own effects or costs."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, controller, facts, register
from gameplay.engine.cards.agendas.common import owner
from gameplay.engine.cards.agendas.power import first_play_reduction
from gameplay.engine.state import GameState

ALOOF = "w_18"
BIG = 4  # "printed cost 4 or higher"
REDUCTION = 2

# --- w_18 Aloof and Apart: "Reduce the cost of the first character with printed cost 4 or
# higher you play each round by 2. Characters you control with printed cost 4 or higher
# gain prized 1 while leaving play, and cannot be returned to your hand by your card effects
# or to pay costs."
# The reduction is Blood of the First Men's (first_play_reduction: the first such character
# marshalled from the hand each round). Prized 1: each opponent claims 1 power whenever such
# a character the owner controls leaves play (the ``card_left_play`` moment, as Conquest).
# "Cannot be returned to your hand by your card effects": the ``can_return_to_hand``
# permission (leaving.leave, subject (ref, abilities.acting seat)) refuses a return to the
# owner's hand made by an effect of the owner's cards (abilities, forced effects, plots,
# delayed effects and their prompts). Returns that card scripts make as a cost with the bare
# move (leaving.leave_play) are not refused (see RULINGS.md).


def _big_character(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    return card.type == "character" and (card.cost or 0) >= BIG


_cost, _played = first_play_reduction(REDUCTION, _big_character)


def _prized(state: GameState, ctx: Ctx) -> None:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("controller") == seat and _big_character(state, event["card"]):
        moves.prized(state, seat, 1)


def _no_return(state: GameState, source: str, subject: tuple[str, int | None], base: bool) -> bool:
    ref, by = subject
    seat = owner(state, source)
    if by != seat or ref not in state.in_play or not _big_character(state, ref):
        return base
    if controller(state, ref) == seat and state.cards[ref].owner == seat:
        return False
    return base


register(
    ALOOF,
    passives={"cost": _cost, "can_return_to_hand": _no_return},
    forced={"played": _played, "card_left_play": _prized},
)
