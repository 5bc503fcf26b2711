"""Where Loyalty Lies: Satin (atoc_79)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Cost, Ctx, handler, register
from gameplay.engine.cards.vocabulary import has_trait
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- atoc_79 Satin ---------------------------------------------------------------------------
# "No attachments. Marshalling: Kneel a Night's Watch character to reveal the top card of
# each player's deck. Then (choose one): each player discards that card, draws that card, or
# returns it to the top of his or her deck."  The Night's Watch character is one of yours
# (Satin himself may be it: the cost). Each player with a deck reveals its top card (a
# player whose deck is empty reveals nothing); Satin's controller then chooses the one
# outcome for every player: discard it, draw it (a draw of 1 card) or leave it on top.

SATIN_OPTIONS = ("discard", "draw", "return")


def _nights_watch(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Night's Watch")


def _satin(state: GameState, ctx: Ctx) -> None:
    tops = [p.deck[0] for p in state.players if p.deck]
    if not tops:
        return
    data = {"seat": ctx["seat"], "source": ctx["source"], "tops": tops}
    ask_choose(state, ctx["seat"], "satin", list(SATIN_OPTIONS), "wll_satin", ctx=data)
    moves.reveal(state, ctx["seat"], tops, "satin")  # its responses come before the choice


@handler("wll_satin")
def _satin_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for top in ctx["tops"]:
        player = state.players[state.cards[top].owner] if top in state.cards else None
        if player is None or not player.deck or player.deck[0] != top:
            continue  # no longer that deck's top card
        if ctx["choice"] == "discard":
            if moves.to_discard_pile(state, top, player.deck):
                state.emit(
                    "discarded", seat=player.seat, card=top, code=state.code(top), zone="deck"
                )
        elif ctx["choice"] == "draw":
            moves.effect_draw(state, player.seat, 1)


register(
    "atoc_79",
    Ability(
        "action",
        _satin,
        phases=("marshalling",),
        costs=(Cost("kneel", 1, _nights_watch, "Night's Watch character"),),
    ),
)
