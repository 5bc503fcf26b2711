"""The Horn that Wakes: the cards that take characters away for a while (Coldhands,
Melisandre's Favor, Ygritte)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_lasting,
    characters,
    controller,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    has_trait,
    of_house,
    release_attached,
    take_attached,
)
from gameplay.engine.cards.vocabulary.attached_control import ENSLAVED
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- kr_61 Coldhands -----------------------------------------------------------------------
# "Coldhands cannot be saved. Response: After you play Coldhands from your hand, choose 1
# non-Army character controlled by each player, if able, and remove those characters from the
# game. When Coldhands leaves play, return the removed cards to play under their owners'
# control."  The ``can_be_saved`` permission; the response answers his own ``played``
# (marshalled from the hand). His controller chooses, player by player in turn order, one
# non-Army character each player controls (himself included when he is his controller's
# only one); the removal may be saved. A ``kr_coldhands`` mark (subject "kr_61:<his ref>",
# never a card, so it outlives him) lists the chosen cards; when he leaves play (forced
# ``card_left_play``) each of them still in its owner's removed pile returns to play under
# its owner's control, unless it is unique and its owner has a copy in play or in the dead
# pile (the card's ruling: it stays removed). Coldhands himself never comes back this way.

COLDHANDS = "kr_coldhands"


def _coldhands_saved(state: GameState, source: str, subject: Any, base: Any) -> Any:
    return False if subject == source else base


def _coldhands_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("card") == ctx["source"] and event.get("seat") == ctx["seat"]


def _non_army(state: GameState, seat: int, source: str, chooser: int) -> list[str]:
    return [
        r
        for r in characters(state, seat)
        if not has_trait(state, r, "Army") and choosable(state, r, source, chooser)
    ]


def _coldhands(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "seats": state.turn_order()}
    _coldhands_next(state, {**data, "chosen": []}, [])


@handler("kr_coldhands_next")
def _coldhands_next(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    chosen = [*ctx["chosen"], *(r for r in selected if r in state.in_play)]
    seats = list(ctx["seats"])
    while seats:
        seat = seats.pop(0)
        found = _non_army(state, seat, ctx["source"], ctx["seat"])
        if found:
            data = {**ctx, "seats": seats, "chosen": chosen}
            ask_select(
                state, ctx["seat"], "remove", found, "kr_coldhands_next", low=1, high=1, ctx=data
            )
            return
    chosen = [r for r in chosen if r in state.in_play]
    if not chosen:
        return
    source = ctx["source"]
    add_lasting(state, COLDHANDS, f"kr_61:{source}", "play", source, cards=chosen)
    moves.remove_from_game(state, chosen)


def _can_return(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    if not card.unique:
        return True
    owner = state.players[state.cards[ref].owner]
    same = [r for r in state.in_play if facts(state, r).name == card.name]
    same += [r for r in owner.dead if facts(state, r).name == card.name]
    return not same


def _coldhands_left(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if ctx["event"].get("card") != source:
        return
    marks = [e for e in state.effects if e["query"] == COLDHANDS and e["source"] == source]
    state.effects = [e for e in state.effects if e not in marks]
    for mark in marks:
        for ref in mark["cards"]:
            owner = state.players[state.cards[ref].owner]
            if ref == source or ref not in owner.removed or not _can_return(state, ref):
                continue
            owner.removed.remove(ref)
            put_into_play(state, owner.seat, ref)


register(
    "kr_61",
    Ability("response", _coldhands, trigger="played", condition=_coldhands_played),
    passives={"can_be_saved": _coldhands_saved},
    forced={"card_left_play": _coldhands_left},
)

# --- kr_63 Melisandre's Favor --------------------------------------------------------------
# "Take control of attached character. At the end of the dominance phase, discard
# Melisandre's Favor from play."  The control change of Enslaved
# (vocabulary/attached_control.py); at ``dominance_ends`` it is discarded (it may be saved),
# and control of the character goes back.


def _favor_ends(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.discard(state, [ctx["source"]])


register(
    "kr_63",
    forced={
        "entered_play": take_attached,
        "card_left_play": release_attached,
        "dominance_ends": _favor_ends,
    },
)

# --- kr_78 Ygritte -------------------------------------------------------------------------
# "Response: After you play Ygritte from your hand, choose and take control of a neutral or
# Night's Watch character until Ygritte leaves play."  A character of another player (of the
# Neutral House or with the Night's Watch trait), chosen as the response is used; the mark
# of Enslaved (``btns_enslaved``, source Ygritte) gives it back when she leaves play.


def _ygritte_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if controller(state, r) != ctx["seat"]
        and (of_house(state, r, "Neutral") or has_trait(state, r, "Night's Watch"))
        and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _ygritte(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target not in state.in_play or source not in state.in_play:
        return
    add_lasting(state, ENSLAVED, target, "play", source, to=controller(state, target))
    moves.take_control(state, target, ctx["seat"])


register(
    "kr_78",
    Ability(
        "response",
        _ygritte,
        trigger="played",
        condition=_coldhands_played,
        targets=_ygritte_targets,
    ),
    forced={"card_left_play": release_attached},
)
