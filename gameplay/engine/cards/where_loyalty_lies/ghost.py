"""Where Loyalty Lies: Ghost of High Heart (atoc_77)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Ctx,
    controller,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import has_trait
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

# --- atoc_77 Ghost of High Heart -------------------------------------------------------------
# "While you have no power on your House, Brotherhood characters get +1 STR.
# Challenges: Kneel Ghost of High Heart to look at a player's hand. Choose and discard 1 card
# from that hand. That player draws 1 card. (Limit once per round.)"
# Every Brotherhood character in play (any player's, Ghost herself included) while her
# controller's House card holds no power. The player (any, yourself included) is chosen as
# the action resolves; the hand is shown only to Ghost's controller (a hidden prompt), who
# chooses the card; an empty hand discards nothing, and the player still draws 1.


def _ghost_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    if state.players[controller(state, source)].power != 0:
        return base
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and is_character(state, subject)
        and has_trait(state, subject, "Brotherhood")
    ):
        return base + 1
    return base


def _ghost(state: GameState, ctx: Ctx) -> None:
    options = [str(p.seat) for p in state.players]
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "choose_player", options, "wll_ghost_player", ctx=data)


@handler("wll_ghost_player")
def _ghost_player(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, target = ctx["seat"], int(ctx["choice"])
    hand = list(state.players[target].hand)
    data = {"seat": seat, "source": ctx["source"], "player": target, "shown": hand}
    if hand:
        ask_select(
            state, seat, "discard_from_hand", hand, "wll_ghost_discard",
            low=1, high=1, ctx=data, hidden=True,
        )  # fmt: skip
    else:
        _ghost_discard(state, data, [])


@handler("wll_ghost_discard")
def _ghost_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    target = ctx["player"]
    moves.discard_from_hand(state, target, list(selected))
    moves.effect_draw(state, target, 1)


register(
    "atoc_77",
    Ability("action", _ghost, phases=("challenges",), costs=(KNEEL_SELF,), limit=(1, "round")),
    passives={"strength": _ghost_strength},
)
