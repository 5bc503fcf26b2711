"""The River plots of the Valar Morghulis cycle: "When revealed, <effect>. Then, if this is
your revealed plot card, trigger the 'when revealed' effect of the top River plot card in
your used pile" (or "on any River plot card in your used pile": Under the Bridge of Dream).

:func:`river_plot` registers such a plot from its own effect. The "then" part runs only
when the effect resolves as its player's revealed plot's (a River effect another card
triggers does not chain on). It waits behind what the plot's own effect asks (an empty
``resolve`` prompt: prompts.settle calls it). The top of the used pile is the card last put
there (``used_plots`` grows at its end); the top River plot is the highest one with the
River trait and a "when revealed" effect."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import SCRIPTS, Ctx, as_acting, handler, register, traits
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

RIVER = "River"


def river_plots(state: GameState, seat: int) -> list[str]:
    """The River plot cards with a "when revealed" effect in ``seat``'s used pile, from the
    bottom to the top."""
    found = []
    for plot in state.players[seat].used_plots:
        script = SCRIPTS.get(state.code(plot))
        if script is not None and script.when_revealed is not None and RIVER in traits(state, plot):
            found.append(plot)
    return found


def trigger_plot(state: GameState, seat: int, plot: str) -> None:
    """Trigger the "when revealed" effect of ``plot`` (in a used pile) for ``seat``, as if
    it had just been revealed; its source is that plot card."""
    state.emit("plot_copied", seat=seat, card=plot, code=state.code(plot))
    copied = SCRIPTS[state.code(plot)].when_revealed
    assert copied is not None
    as_acting(state, seat, copied, state, {"seat": seat, "source": plot})


def river_plot(code: str, effect: Callable[[GameState, Ctx], Any], any_river: bool = False) -> None:
    """Register the River plot ``code`` whose own "when revealed" effect is ``effect``;
    ``any_river``: its player chooses any River plot of the used pile, not the top one."""

    def when_revealed(state: GameState, ctx: Ctx) -> None:
        seat, plot = ctx["seat"], ctx["source"]
        if state.players[seat].revealed_plot == plot:
            data = {"seat": seat, "source": plot, "any": any_river}
            ask_select(state, seat, "resolve", [], "river_then", ctx=data)
        effect(state, ctx)

    register(code, when_revealed=when_revealed)


@handler("river_then")
def _river_then(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat = ctx["seat"]
    plots = river_plots(state, seat)
    if not plots:
        return
    if not ctx.get("any"):
        trigger_plot(state, seat, plots[-1])
        return
    data = {"seat": seat, "source": ctx["source"]}
    ask_choose(state, seat, "copy_plot", plots, "river_chosen", ctx=data)


@handler("river_chosen")
def _river_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] in state.players[ctx["seat"]].used_plots:
        trigger_plot(state, ctx["seat"], ctx["choice"])
