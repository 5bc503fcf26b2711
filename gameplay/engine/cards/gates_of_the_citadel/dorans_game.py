"""Gates of the Citadel: Doran's Game (soo_12), which keeps the event it cancels on its
player's House card, to be played from there as if from the hand (from_pile.py)."""

from __future__ import annotations

from gameplay.engine import from_pile, house_card
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    allowed,
    crests,
    facts,
    handler,
    register,
)
from gameplay.engine.moves import knelt
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import cancel, put_into_play

# --- soo_12 Doran's Game ----------------------------------------------------------------------
# "House Martell only. Response: Kneel a Learned character or 3 influence to cancel the
# effects of an event card just played. Then, you may kneel a second Learned character to
# attach that event to your House card. You may play that event as if it were in your hand."
# Read: "House Martell only" is deck building (RULINGS). A cancel in the engine's ``ability``
# window of any player's event (not Doran's Game itself); two abilities, one per cost (a
# Learned character: the Learned crest, standing, yours; or 3 influence). Then its player
# may kneel another standing Learned character of theirs (chosen as it resolves, none
# needed) to put the cancelled event, lying in its owner's discard pile, into play on their
# own House card; while it lies there they may play it as if it were in their hand
# (``from_pile`` grant of zone ``house``: in its windows, its costs and restrictions as from
# the hand); played, it goes to its owner's discard pile as events do.


def _learned(state: GameState, ref: str) -> bool:
    return "learned" in crests(state, ref)


def _event_played(state: GameState, ctx: Ctx) -> bool:
    played = ctx["event"].get("source")
    return (
        played is not None
        and played != ctx["source"]
        and played in state.cards
        and facts(state, played).type == "event"
    )


def _second_learned(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].in_play
        if facts(state, r).type == "character"
        and not state.in_play[r].knelt
        and _learned(state, r)
        and allowed(state, "can_kneel_for_cost", r)
    ]


def _dorans_game(state: GameState, ctx: Ctx) -> None:
    cancel(state)
    seat, played = ctx["seat"], ctx["event"]["source"]
    found = _second_learned(state, seat)
    if not found or played not in state.players[state.cards[played].owner].discard:
        return
    data = {"seat": seat, "source": ctx["source"], "played": played}
    ask_select(state, seat, "kneel", found, "soo_dorans_game", low=0, high=1, ctx=data)


@handler("soo_dorans_game")
def _dorans_game_knelt(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    seat, played = ctx["seat"], ctx["played"]
    chosen = [r for r in selected if r in state.in_play and not state.in_play[r].knelt]
    if not chosen or played not in state.players[state.cards[played].owner].discard:
        return
    state.in_play[chosen[0]].knelt = True  # the cost of the attaching
    state.emit("knelt_for_cost", seat=seat, cards=chosen[:1])
    knelt(state, chosen[:1], "cost", seat)
    put_into_play(state, seat, played)
    house_card.attach(state, played, seat)
    from_pile.add_grant(state, seat, played, ctx["source"], until="play", zone=from_pile.HOUSE)


register(
    "soo_12",
    Ability(
        "cancel",
        _dorans_game,
        trigger="ability",
        zones=("hand",),
        costs=(Cost("kneel", 1, _learned, "Learned character"),),
        condition=_event_played,
    ),
    Ability(
        "cancel",
        _dorans_game,
        trigger="ability",
        zones=("hand",),
        costs=(Cost("influence", 3),),
        condition=_event_played,
    ),
)
