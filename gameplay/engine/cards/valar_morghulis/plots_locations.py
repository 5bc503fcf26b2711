"""Valar Morghulis: the River plots (Above the Sorrows, Shores of Ny Sar, At the Palace of
Sorrows) and Volantis. The River part ("Then, if this is your revealed plot card, trigger
the 'when revealed' effect of the top River plot card in your used pile") is the
vocabulary's ``river_plot``; Volantis is a vocabulary ``free_city``."""

from __future__ import annotations

from gameplay.engine import leaving, moves
from gameplay.engine.abilities import Ctx, handler
from gameplay.engine.cards.vocabulary import discard_top, free_city, river_plot
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- btns_17 Volantis ------------------------------------------------------------------------
# "Lower the cost of the first out-of-House [Greyjoy] card you play each round by 1. Lower
# the cost of the first Mercenary character you play each round by 1. [+1 Influence]"

free_city("btns_17", "Greyjoy", "Mercenary")

# --- btns_18 Above the Sorrows ---------------------------------------------------------------
# "When revealed, discard the top card of each opponent's deck. Then, ..."


def _above_the_sorrows(state: GameState, ctx: Ctx) -> None:
    for seat in state.opponents(ctx["seat"]):
        discard_top(state, seat, 1, "btns_above_the_sorrows")


river_plot("btns_18", _above_the_sorrows)

# --- btns_19 Shores of Ny Sar ----------------------------------------------------------------
# "When revealed, reveal the top card of your deck and put it into your hand. Then, ..."


def _shores_of_ny_sar(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["seat"]]
    if not player.deck:
        return
    top = player.deck.pop(0)
    player.hand.append(top)
    moves.reveal(state, ctx["seat"], [top], "btns_shores_of_ny_sar")


river_plot("btns_19", _shores_of_ny_sar)

# --- btns_20 At the Palace of Sorrows --------------------------------------------------------
# "When revealed, each player chooses a card in play which he or she controls and puts the
# chosen card on top of its owner's deck. Then, ..."  Each player chooses in turn order (a
# player who controls no card chooses nothing); the chosen cards then go on top of their
# owners' decks together (they can be saved).


def _palace(state: GameState, ctx: Ctx) -> None:
    _palace_ask(state, {"seat": ctx["seat"], "order": state.turn_order(), "chosen": []})


def _palace_ask(state: GameState, data: Ctx) -> None:
    order, chosen = list(data["order"]), list(data["chosen"])
    while order:
        chooser = order.pop(0)
        mine = list(state.players[chooser].in_play)
        if mine:
            nxt = {"seat": data["seat"], "order": order, "chosen": chosen, "chooser": chooser}
            ask_select(
                state, chooser, "deck_top", mine, "btns_palace_chosen", low=1, high=1, ctx=nxt
            )
            return
    found = [r for r in chosen if r in state.in_play]
    if found:
        leaving.return_to_deck(state, found)


@handler("btns_palace_chosen")
def _palace_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _palace_ask(state, {**ctx, "chosen": [*ctx["chosen"], *selected]})


river_plot("btns_20", _palace)
