"""Valar Dohaeris Shadows: Young Griff (btns_33)."""

from __future__ import annotations

from gameplay.engine.abilities import Ctx, characters, facts, handler, register
from gameplay.engine.cards.vocabulary import out_of_shadows, stand_card
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import attachment_targets
from gameplay.engine.state import GameState
from gameplay.engine.uses import come_out_of_shadows, shadow_problem

# --- btns_33 Young Griff ------------------------------------------------------------------
# "House Targaryen only. Stealth. Response: After Young Griff comes out of Shadows, stand any
# number of characters you control. Then, you may immediately bring another card out of
# Shadows by paying the rest of its gold cost."  "The rest of its gold cost" is what the
# engine charges to bring a card out of Shadows (its printed cost, uses.shadow_out_cost: the
# 2 gold paid to put it there were the first part). Its player chooses the knelt characters
# to stand, then at most one card of its Shadows that may come out now (not one that went
# into Shadows this round; gold, Limited, uniqueness as usual; an attachment onto a legal
# host chosen then). Both prompts are hidden (Shadows).


def _griff(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    knelt = [r for r in characters(state, seat) if state.in_play[r].knelt]
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "stand", knelt, "vd_griff_stand", ctx=data)


def _hosts(state: GameState, seat: int, ref: str) -> list[str | None]:
    card = facts(state, ref)
    hosts: list[str | None] = [None]
    if card.type == "attachment":
        hosts = list(attachment_targets(state, card, seat))
    return [h for h in hosts if shadow_problem(state, seat, ref, h) is None]


@handler("vd_griff_stand")
def _griff_stand(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        stand_card(state, ref)
    ready = [r for r in state.players[seat].shadows if _hosts(state, seat, r)]
    data = {"seat": seat, "source": ctx["source"]}
    ask_select(state, seat, "out_of_shadows", ready, "vd_griff_out", high=1, ctx=data, hidden=True)


@handler("vd_griff_out")
def _griff_out(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    if not selected:
        return
    ref = selected[0]
    hosts = _hosts(state, seat, ref)
    if hosts == [None]:
        come_out_of_shadows(state, seat, ref, None)
    elif hosts:
        data = {"seat": seat, "source": ctx["source"], "card": ref}
        found = [h for h in hosts if h is not None]
        ask_select(state, seat, "host", found, "vd_griff_host", low=1, high=1, ctx=data)


@handler("vd_griff_host")
def _griff_host(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, ref = ctx["seat"], ctx["card"]
    if selected and shadow_problem(state, seat, ref, selected[0]) is None:
        come_out_of_shadows(state, seat, ref, selected[0])


register("btns_33", out_of_shadows(_griff))
