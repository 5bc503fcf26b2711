"""Where Loyalty Lies: The Hound (atoc_64) and Theon Greyjoy (atoc_69)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import Ability, Ctx, controller, facts, register
from gameplay.engine.cards.vocabulary import discard_top
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- atoc_64 The Hound -----------------------------------------------------------------------
# "Melee.
# If The Hound would be killed, instead shuffle him back into your deck."
# Read: a ``kill_instead`` passive (engine: leaving.leave_now) replaces the kill, once the
# saves have been offered (a saved Hound stays), by leaving play to ``deck_shuffle``: he goes
# into his owner's deck, which is shuffled; his attachments and duplicates are discarded as
# when any card leaves play. He is not killed: no "killed" or "dead_pile" trigger, nothing in
# the dead pile. A Hound that "cannot be killed" is not killed and stays. Melee is a keyword
# of the fixtures (see the RULINGS row).


def _hound_instead(state: GameState, source: str, subject: Any, base: Any) -> Any:
    return "deck_shuffle" if subject == source else base


register("atoc_64", passives={"kill_instead": _hound_instead})

# --- atoc_69 Theon Greyjoy -------------------------------------------------------------------
# "While Theon Greyjoy is in your dead pile, he gains: 'At the beginning of the dominance phase,
# discard the top card of each opponent's deck.
# Response: After a unique character is discarded from the top of an opponent's deck, put
# Theon Greyjoy into play from your dead pile'"
# Read: both are active only while he is in his owner's dead pile (the forced effect through
# ``forced_zones=("dead",)``, the response through ``zones=("dead",)``); in play he has no
# text. The response answers the engine's ``card_discarded_from_deck`` trigger (every card
# discarded from a deck, by any effect: his own, a claim, a cost) when the card is a unique
# character (printed) of a deck of one of his owner's opponents. He comes into play under his
# owner's control, only while no copy of Theon is in play for that player and no other copy
# lies in that player's dead pile (rulebook, "Unique cards").


def _theon_dominance(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if source not in state.players[seat].dead:
        return
    for opponent in state.opponents(seat):
        discard_top(state, opponent, 1, "ability")


def _theon_may(state: GameState, ctx: Ctx) -> bool:
    source, seat, event = ctx["source"], ctx["seat"], ctx["event"]
    card = event.get("card")
    if card is None or card not in state.cards or event.get("seat") not in state.opponents(seat):
        return False
    printed = facts(state, card)
    if printed.type != "character" or not printed.unique:
        return False
    name = facts(state, source).name
    if any(
        facts(state, r).name == name and seat in (controller(state, r), state.cards[r].owner)
        for r in state.in_play
    ):
        return False
    return not any(r != source and facts(state, r).name == name for r in state.players[seat].dead)


def _theon_returns(state: GameState, ctx: Ctx) -> None:
    source, seat = ctx["source"], ctx["seat"]
    if source in state.players[seat].dead:
        put_into_play(state, seat, source)


register(
    "atoc_69",
    Ability(
        "response",
        _theon_returns,
        trigger="card_discarded_from_deck",
        condition=_theon_may,
        zones=("dead",),
    ),
    forced={"dominance_begins": _theon_dominance},
    forced_zones=("dead",),
)
