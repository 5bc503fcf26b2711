"""Reach of the Kraken (asots_1 to asots_20): the plots Melisandre's Scheme (asots_9), Naval
Reinforcements (asots_19) and Crossing the Ruby Ford (asots_20). Black Sails (asots_18) is
with the agendas (gameplay/engine/cards/agendas/black_sails.py)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    controller,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import of_house
from gameplay.engine.cards.vocabulary.rivers import river_plot
from gameplay.engine.from_pile import GRANTS
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

BLACK_SAILS = "asots_18"

# --- asots_9 Melisandre's Scheme -------------------------------------------------------------
# "You may play [Baratheon] characters out of your discard pile during the marshalling phase
# as if they were in your hand."  A from_pile grant (``pile_grants``) of every Baratheon
# character in its owner's discard pile while it is the revealed plot, in the marshalling
# phase only.


def _scheme_grants(state: GameState, source: str, seat: Any, base: list[Any]) -> list[Any]:
    if state.phase != "marshalling" or seat != controller(state, source):
        return base
    if state.players[seat].revealed_plot != source:
        return base
    found = [
        r
        for r in state.players[seat].discard
        if facts(state, r).type == "character" and of_house(state, r, "Baratheon")
    ]
    return base + [{"card": r, "source": source, "types": ["character"]} for r in found]


register("asots_9", passives={GRANTS: _scheme_grants})

# --- asots_19 Naval Reinforcements -----------------------------------------------------------
# "When revealed, if you are running the Black Sails agenda, reveal 1 character from The Hold
# and add it to your hand."  The character is chosen in a hidden prompt (The Hold is seen by
# its owner only), then revealed to all and added to the hand.


def _reinforcements(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    if player.agenda != BLACK_SAILS:
        return
    found = [r for r in player.hold if facts(state, r).type == "character"]
    data = {"seat": seat, "source": ctx["source"]}
    low = min(1, len(found))
    ask_select(
        state,
        seat,
        "the_hold",
        found,
        "rotk_reinforcements",
        low=low,
        high=1,
        ctx=data,
        hidden=True,
    )


@handler("rotk_reinforcements")
def _reinforcement_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    for ref in selected:
        if ref not in player.hold:
            continue
        moves.reveal(state, player.seat, [ref], "hold")
        player.hold.remove(ref)
        player.hand.append(ref)
        state.emit("hold_to_hand", seat=player.seat, count=1)


register("asots_19", when_revealed=_reinforcements)

# --- asots_20 Crossing the Ruby Ford ---------------------------------------------------------
# "When revealed, each opponent must discard 1 power from a card he or she controls, if able.
# Then, if this is your revealed plot card, trigger the "when revealed" effect on the top
# River plot card in your used pile."  Each opponent in turn chooses a card it controls in
# play with power on it, or its House card (option ``house``). The "then" part is
# vocabulary.river_plot (the top River plot with a "when revealed" effect).


def _power_options(state: GameState, seat: int) -> list[str]:
    player = state.players[seat]
    found = [r for r in player.in_play if r in state.in_play and state.in_play[r].power >= 1]
    return found + (["house"] if player.power >= 1 else [])


def _crossing(state: GameState, ctx: Ctx) -> None:
    _next_opponent(state, {"seat": ctx["seat"], "left": list(state.opponents(ctx["seat"]))})


def _next_opponent(state: GameState, data: Ctx) -> None:
    while data["left"]:
        seat = data["left"].pop(0)
        options = _power_options(state, seat)
        if options:
            data = {**data, "chooser": seat}
            ask_choose(state, seat, "discard_power", options, "rotk_crossing_power", ctx=data)
            return


@handler("rotk_crossing_power")
def _crossing_power(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    choice = ctx["choice"]
    if choice == "house":
        moves.discard_power(state, ctx["chooser"], 1, "crossing_the_ruby_ford")
    elif choice in state.in_play and state.in_play[choice].power >= 1:
        record = state.in_play[choice]
        record.power -= 1
        state.emit(
            "power", seat=record.controller, amount=-1, card=choice, reason="crossing_the_ruby_ford"
        )
    _next_opponent(state, {k: v for k, v in ctx.items() if k not in ("choice", "chooser")})


river_plot("asots_20", _crossing)
