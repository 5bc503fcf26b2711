"""The Prize of the North: In the Hands of the Qohorik (cad_97).

"Neutral Faction only. Prized 1. Plot: Choose an opponent. That player must choose his or
her next plot card this phase at random."  Played from the hand in the plot phase's
``before_plots`` window (opened in every game holding the card: triggers.BEFORE_PLOTS_FROM_HAND),
while the plots are still to be chosen; the chosen opponent gets a ``random_plot`` effect for
the phase, and steps.random_plots chooses that player's plot at random among the plots he or
she may choose (rules.plot_choices) instead of asking. Only an opponent who still has a plot
to choose this phase may be chosen. The printed Prized 1 claims as it is played
(``vocabulary.prized_card``)."""

from __future__ import annotations

from gameplay.engine.abilities import Ctx, add_lasting, handler, register
from gameplay.engine.cards.vocabulary import event, prized_card
from gameplay.engine.prompts import ask_choose
from gameplay.engine.rules import plot_choices
from gameplay.engine.state import GameState
from gameplay.engine.steps import RANDOM_PLOT, plot_skipped
from gameplay.engine.triggers import BEFORE_PLOTS_FROM_HAND

QOHORIK = "cad_97"


def _to_choose(state: GameState, seat: int) -> list[str]:
    """The opponents of ``seat`` whose plot is still to be chosen this phase."""
    return [
        str(s)
        for s in state.opponents(seat)
        if state.players[s].chosen_plot is None
        and not plot_skipped(state, s)
        and plot_choices(state, s)
    ]


def _before_plots(state: GameState, ctx: Ctx) -> bool:
    return any(step.get("name") == "choose_plots" for step in state.queue) and bool(
        _to_choose(state, ctx["seat"])
    )


def _qohorik(state: GameState, ctx: Ctx) -> None:
    options = _to_choose(state, ctx["seat"])
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    if len(options) == 1:
        _chosen(state, {**data, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, "cad_qohorik", ctx=data)


@handler("cad_qohorik")
def _chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    add_lasting(state, RANDOM_PLOT, int(ctx["choice"]), "phase", ctx["source"], value=True)


prized_card(QOHORIK)
register(QOHORIK, event(_qohorik, phases=("plot",), condition=_before_plots))
BEFORE_PLOTS_FROM_HAND.add(QOHORIK)
