"""Chasing Dragons: the City plots (btns_59 A City Besieged, btns_60 Manning the City Walls)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, facts, handler, register
from gameplay.engine.cards.vocabulary import choosable, in_play_of
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_from_hand_allowed, put_into_play


def city_plots_used(state: GameState, seat: int) -> int:
    """The City plots in ``seat``'s used pile."""
    return sum(1 for r in state.players[seat].used_plots if "City" in facts(state, r).traits)


# --- btns_59 A City Besieged ----------------------------------------------------------------
# "When revealed, choose and discard from play 1 location with printed cost X or lower
# controlled by each player, if able. X is the number of City plots in your used pile."  The
# plot's player chooses, for each player in turn order from themself, one location of that
# player (its own included) whose printed cost is X or lower; the chosen locations are
# discarded together (they can be saved). With no such location a player is skipped.


def _besieged_candidates(state: GameState, ctx: Ctx, seat: int) -> list[str]:
    most = city_plots_used(state, ctx["seat"])
    return [
        r
        for r in in_play_of(state, "location", seat)
        if (facts(state, r).cost or 0) <= most and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _besieged(state: GameState, ctx: Ctx) -> None:
    order = [ctx["seat"], *state.opponents(ctx["seat"])]
    data = {"seat": ctx["seat"], "source": ctx["source"], "order": order, "chosen": []}
    _besieged_next(state, data, [])


@handler("btns_besieged_next")
def _besieged_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [*ctx["chosen"], *selected]
    order = list(ctx["order"])
    while order:
        seat = order.pop(0)
        found = _besieged_candidates(state, ctx, seat)
        if found:
            data = {**ctx, "order": order, "chosen": chosen}
            ask_select(
                state, ctx["seat"], "discard", found, "btns_besieged_next", low=1, high=1, ctx=data
            )
            return
    found = [r for r in chosen if r in state.in_play]
    if found:
        moves.discard(state, found)


register("btns_59", when_revealed=_besieged)

# --- btns_60 Manning the City Walls ---------------------------------------------------------
# "When revealed, if you have no City plots in your used pile, put an in-House Army
# character into play from your hand."  An Army character of its player's House (a hidden
# prompt: the hand is secret), which must be put into play when there is one that may be
# (uniqueness; "cannot put cards into play from the hand" empties the choice).


def _walls_candidates(state: GameState, seat: int) -> list[str]:
    player = state.players[seat]
    if not put_from_hand_allowed(state, seat):
        return []
    return [
        r
        for r in player.hand
        if facts(state, r).type == "character"
        and "Army" in facts(state, r).traits
        and player.house in facts(state, r).houses
        and unique_problem(state, seat, facts(state, r)) is None
    ]


def _walls(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    if city_plots_used(state, seat):
        return
    found = _walls_candidates(state, seat)
    data = {"seat": seat, "source": ctx["source"]}
    low = min(1, len(found))
    ask_select(
        state,
        seat,
        "put_into_play",
        found,
        "btns_walls_put",
        low=low,
        high=1,
        ctx=data,
        hidden=True,
    )


@handler("btns_walls_put")
def _walls_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in _walls_candidates(state, seat):
            put_into_play(state, seat, ref)


register("btns_60", when_revealed=_walls)
