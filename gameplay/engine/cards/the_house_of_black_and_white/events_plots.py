"""The House of Black and White: the events (btns_84 I Am No One, btns_98 Execution) and the
plots (btns_99 Men of Pride, btns_100 The Pale Mare)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Cost,
    Ctx,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    characters_of,
    choosable,
    event,
    has_trait,
    of_house,
    response,
    this_round,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- btns_84 I Am No One -----------------------------------------------------------------
# "Dominance: If you lost dominance this phase, choose a standing unique [Stark] character.
# That character claims 2 power. (Limit 1 per round.)"  "Lost dominance": dominance was
# determined this round (the dominance phase) and another player won it; a tie that nobody
# won is lost by no one. The character may be any player's (the text does not say "you
# control").


def _lost_dominance_this_phase(state: GameState, ctx: Ctx) -> bool:
    entry = next(this_round(state, "dominance"), None)
    return entry is not None and entry.get("seat") not in (None, ctx["seat"])


def _standing_unique_stark(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if not state.in_play[r].knelt
        and facts(state, r).unique
        and of_house(state, r, "Stark")
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _no_one(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.card_power(state, ctx["target"], 2, "btns_i_am_no_one")


for _code in ("btns_84",):
    register(
        _code,
        event(
            _no_one,
            phases=("dominance",),
            condition=_lost_dominance_this_phase,
            targets=_standing_unique_stark,
            limit=(1, "round"),
        ),
    )

# --- btns_98 Execution ---------------------------------------------------------------------
# "Dominance: After you win dominance, kneel 2 influence or kneel 1 Lord character to choose
# and kill a non-unique character."  Two ways to pay, one response each (the player picks
# the cost by the action); the Lord is one of the player's standing characters. The kill
# may be saved.


def _won_dominance(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("seat") == ctx["seat"]


def _non_unique(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters_of(state)
        if not facts(state, r).unique and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _lord(state: GameState, ref: str) -> bool:
    return is_character(state, ref) and has_trait(state, ref, "Lord")


def _execute(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        moves.kill(state, [ctx["target"]])


for _code in ("btns_98",):
    register(
        _code,
        *(
            response(
                _execute,
                "dominance_won",
                condition=_won_dominance,
                targets=_non_unique,
                costs=(cost,),
            )
            for cost in (Cost("influence", 2), Cost("kneel", 1, _lord, "Lord character"))
        ),
    )

# --- btns_99 Men of Pride ------------------------------------------------------------------
# "Non-unique characters lose all keywords."  The ``keywords`` query of every non-unique
# character in play, while it is a revealed plot.


def _pride(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and is_character(state, subject)
        and not facts(state, subject).unique
    ):
        return set()
    return base


for _code in ("btns_99",):
    register(_code, passives={"keywords": _pride})

# --- btns_100 The Pale Mare ----------------------------------------------------------------
# "When revealed, each player chooses 1 non-unique character he or she controls. All
# non-unique characters not chosen are discarded from play."  Each player in turn order with
# a non-unique character must choose one; then every other non-unique character leaves
# play at once (discarded: saves may keep them).


def _pale_mare(state: GameState, ctx: Ctx) -> None:
    data = {"source": ctx["source"], "seat": ctx["seat"], "left": state.turn_order(), "kept": []}
    _mare_next(state, data)


def _non_unique_of(state: GameState, seat: int) -> list[str]:
    return [r for r in characters_of(state, seat) if not facts(state, r).unique]


def _mare_next(state: GameState, data: Ctx) -> None:
    left = list(data["left"])
    while left:
        seat = left.pop(0)
        found = _non_unique_of(state, seat)
        if found:
            ctx = {**data, "left": left, "chooser": seat}
            ask_select(state, seat, "keep", found, "btns_pale_mare", low=1, high=1, ctx=ctx)
            return
    kept = set(data["kept"])
    doomed = [r for r in characters_of(state) if not facts(state, r).unique and r not in kept]
    if doomed:
        moves.discard(state, doomed)


@handler("btns_pale_mare")
def _mare_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _mare_next(state, {**ctx, "kept": [*ctx["kept"], *selected]})


for _code in ("btns_100",):
    register(_code, when_revealed=_pale_mare)
