"""A Deadly Game plots: Taken Captive (w_39) and Fallen from Favor (w_40), two Castle plots
(vocabulary.castles.castle_plot: "After this plot is placed in your used pile, ...")."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, add_delayed, effect, facts, handler
from gameplay.engine.cards.vocabulary import characters_of, choosable
from gameplay.engine.cards.vocabulary.castles import castle_plot
from gameplay.engine.leaving import return_to_deck
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- w_39 Taken Captive ----------------------------------------------------------------------
# "Castle. After this plot is placed in your used pile, choose an opponent's character with
# printed cost 3 or lower. Take control of that character until a new plot is placed in your
# used pile."  Any opponent's such character a plot may choose (not immune to plot effects);
# control goes back to its owner when the next plot goes to its controller's used pile (a
# delayed effect on ``plot_to_used_pile``, steps._to_used_pile), if it is still in play and
# still under that player's control.

CAPTIVE_COST = 3


def _captive(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    found = [
        r
        for opponent in state.opponents(seat)
        for r in characters_of(state, opponent)
        if (facts(state, r).cost or 0) <= CAPTIVE_COST and choosable(state, r, source, seat)
    ]
    data = {"seat": seat, "source": source}
    ask_select(state, seat, "take_control", found, "adg_captive", low=1, high=1, ctx=data)


@handler("adg_captive")
def _captive_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    for ref in selected:
        if ref in state.in_play:
            moves.take_control(state, ref, seat)
            add_delayed(
                state, "plot_to_used_pile", seat, "adg_captive_end", ctx["source"], "play", card=ref
            )


@effect("adg_captive_end")
def _captive_end(state: GameState, data: Ctx) -> None:
    ref = data["card"]
    record = state.in_play.get(ref)
    if record is not None and record.controller == data["seat"]:
        moves.take_control(state, ref, state.cards[ref].owner)


castle_plot("w_39", _captive)


# --- w_40 Fallen from Favor ------------------------------------------------------------------
# "Castle. After this plot is placed in your used pile, choose 1 character you control, and
# return it to the bottom of its owner's deck (cannot be saved)."  One a plot may choose.


def _fallen(state: GameState, ctx: Ctx) -> None:
    seat, source = ctx["seat"], ctx["source"]
    found = [r for r in characters_of(state, seat) if choosable(state, r, source, seat)]
    data = {"seat": seat, "source": source}
    ask_select(state, seat, "to_deck_bottom", found, "adg_fallen", low=1, high=1, ctx=data)


@handler("adg_fallen")
def _fallen_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    found = [r for r in selected if r in state.in_play]
    if found:
        return_to_deck(state, found, savable=False, bottom=True)


castle_plot("w_40", _fallen)
