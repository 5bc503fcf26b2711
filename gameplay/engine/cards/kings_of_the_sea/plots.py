"""Kings of the Sea plots, registered by card code. "You" is the plot's owner; a plot's
passive text is active while it is its owner's revealed plot."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, controller, handler, register
from gameplay.engine.cards.vocabulary import has_trait, is_type
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- kotse_48 After the Mummer's Ford / kotse_50 The Breaking of Oaths / kotse_53 An Empty
# Throne: "Each player may initiate an additional Military (Intrigue, Power) challenge this
# round." The ``challenges_allowed`` query (subject "<seat>:<type>"), for every player.


def _additional(ctype: str) -> Any:
    def passive(state: GameState, source: str, subject: Any, base: int) -> int:
        if isinstance(subject, str) and subject.endswith(f":{ctype}"):
            return base + 1
        return base

    return passive


register("kotse_48", passives={"challenges_allowed": _additional("military")})
register("kotse_50", passives={"challenges_allowed": _additional("intrigue")})
register("kotse_53", passives={"challenges_allowed": _additional("power")})


# --- kotse_49 Siege of Riverrun -----------------------------------------------------------
# "You cannot declare Intrigue challenges." The ``can_challenge`` permission (subject
# "<seat>><defender>:<type>").


def _siege(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if not isinstance(subject, str) or ">" not in subject:
        return base
    seat, rest = subject.split(">", 1)
    if int(seat) == controller(state, source) and rest.endswith(":intrigue"):
        return False
    return base


register("kotse_49", passives={"can_challenge": _siege})


# --- kotse_51 The Promise of Victory ------------------------------------------------------
# "After you win an Intrigue challenge, you may put all cards in your hand on the bottom of
# your deck and replace them with an equal number of cards from the top of your deck."
# Asked after each such win; taking the cards is not drawing (no draw cap).


def _promise(state: GameState, ctx: Ctx) -> None:
    event, seat = ctx["event"], ctx["seat"]
    if event.get("winner") != seat or event.get("type") != "intrigue":
        return
    if not state.players[seat].hand:
        return
    data = {"seat": seat, "source": ctx["source"]}
    ask_choose(state, seat, "replace_hand", ["replace", "keep"], "kotse_promise", ctx=data)


@handler("kotse_promise")
def _promise_choice(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    if ctx["choice"] != "replace":
        return
    player = state.players[ctx["seat"]]
    count = len(player.hand)
    player.deck.extend(player.hand)
    player.hand = []
    taken = player.deck[:count]
    del player.deck[:count]
    player.hand.extend(taken)
    state.emit("hand_replaced", seat=player.seat, count=count, card=ctx["source"])


register("kotse_51", forced={"challenge_won": _promise})


# --- kotse_52 Stay of Execution -----------------------------------------------------------
# "If a King or Queen character would be killed, instead return it to its owner's hand."
# Any player's; a forced replacement (before card saves); a kill that cannot be saved is
# not replaced. The return to the hand may itself be saved.


def _stay(state: GameState, ctx: Ctx) -> None:
    royals = [
        r
        for r in ctx["event"].get("cards") or ()
        if is_type(state, r, "character")
        and not moves.saved(state, r)
        and (has_trait(state, r, "King") or has_trait(state, r, "Queen"))
    ]
    for ref in royals:
        moves.save(state, ref, by=ctx["source"])
    if royals:
        moves.return_to_hand(state, royals)


register("kotse_52", forced={"would_be_killed": _stay})


# --- kotse_54 Rise of the Kraken ----------------------------------------------------------
# "House Greyjoy only. You claim an additional power for winning unopposed challenges."


def _kraken(state: GameState, source: str, seat: Any, base: int) -> int:
    return base + 1 if seat == controller(state, source) else base


register("kotse_54", passives={"unopposed_power": _kraken})
