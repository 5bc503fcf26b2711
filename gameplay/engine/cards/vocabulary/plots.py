"""Plot cards: "if you reveal a plot card", "choose and reveal a new plot card", and
"cancel the 'when revealed' effects of a plot card"."""

from __future__ import annotations

from gameplay.engine.abilities import Ctx, facts, handler
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.steps import reveal_new_plot


def you_revealed(state: GameState, ctx: Ctx) -> bool:
    """ "If you reveal a plot card": the plot_revealed event is the controller's."""
    return ctx["event"].get("seat") == ctx["seat"]


def reveal_new_plot_choice(state: GameState, ctx: Ctx) -> None:
    """ "Choose and reveal a new plot card" from the seat's plot deck."""
    seat = ctx["seat"]
    plots = list(state.players[seat].plot_deck)
    if plots:
        ask_select(
            state, seat, "new_plot", plots, "pots_new_plot", low=1, high=1, ctx={"seat": seat}
        )


@handler("pots_new_plot")
def new_plot_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    """The chosen plot card is revealed (the name dates from Scheming on the Sand)."""
    if selected and selected[0] in state.players[ctx["seat"]].plot_deck:
        reveal_new_plot(state, ctx["seat"], selected[0])


# "Cancel the 'when revealed' effects of a plot card (just revealed)" (Old Bear Mormont,
# Outwit, Greenseer's Raven): the response window ``when_revealed_pending`` (event ``card``,
# ``seat``) opens before each plot's "when revealed" effect resolves (steps._reveal_effect);
# cancelling marks that pending ``reveal_effect`` step.


def when_revealed_pending(state: GameState, ctx: Ctx) -> bool:
    """The plot of the pending "when revealed" effect can be canceled (its text does not
    say "Cannot be canceled") and its effect is still to resolve."""
    plot = ctx["event"].get("card")
    if plot is None or "cannot be canceled" in facts(state, plot).text.lower():
        return False
    return _pending_reveal(state, plot) is not None


def cancel_when_revealed(state: GameState, ctx: Ctx) -> None:
    """Cancel the pending "when revealed" effect of the event's plot."""
    step = _pending_reveal(state, ctx["event"].get("card"))
    if step is not None:
        step["cancelled"] = ctx["source"]


def _pending_reveal(state: GameState, plot: str | None) -> dict | None:
    return next(
        (
            s
            for s in state.queue
            if s["name"] == "reveal_effect" and s.get("plot") == plot and not s.get("cancelled")
        ),
        None,
    )
