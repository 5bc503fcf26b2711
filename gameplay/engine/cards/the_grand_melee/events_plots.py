"""The Grand Melee: the events and plots (atoc_26, atoc_31, atoc_33, atoc_38, atoc_40)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    add_lasting,
    facts,
    gold_available,
    handler,
    is_character,
    register,
    value,
)
from gameplay.engine.cards.vocabulary import (
    event,
    has_trait,
    response,
    this_round,
    winter,
    won_unopposed,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState

# --- atoc_26 Bought and Paid For ---------------------------------------------------------
# "House Lannister only. Dominance: Pay X gold to choose and discard 1 attachment from play.
# X is the printed gold cost of that attachment."  Any player's attachment (on a character,
# a location or a House card) whose printed cost its player can pay (gold available beyond
# what the event itself costs); X is paid as the event resolves, then the attachment is
# discarded (it may be saved). A printed cost of "-" counts 0.


def _printed_cost(state: GameState, ref: str) -> int:
    return facts(state, ref).cost or 0


def _affordable_attachments(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    gold = gold_available(state, seat) - value(state, "event_gold", seat, 0)
    return [
        r
        for player in state.players
        for r in player.in_play
        if facts(state, r).type == "attachment" and _printed_cost(state, r) <= gold
    ]


def _bought(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target not in state.in_play:
        return
    cost = _printed_cost(state, target)
    if cost and moves.spend_gold(state, ctx["seat"], cost, "bought_and_paid_for") < cost:
        return
    moves.discard_from_play(state, [target])


register(
    "atoc_26",
    event(_bought, phases=("dominance",), targets=_affordable_attachments),
)

# --- atoc_31 Raiding the Reach -----------------------------------------------------------
# "House Greyjoy only. Response: After you win an unopposed challenge, reveal the top 5
# cards of the losing opponent's deck. Choose and discard 2 cards (3 cards instead if it is
# Winter) and put the rest back on top of the deck in any order."  The cards are revealed to
# all; the winner chooses exactly 2 (3 in Winter; fewer only when fewer were revealed), then
# the order of the rest from the top down. Not offered when the loser's deck is empty.

RAID_REVEAL = 5


def _raid_condition(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return won_unopposed(state, ctx) and loser is not None and bool(state.players[loser].deck)


def _raid(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"]["loser"]
    top = state.players[loser].deck[:RAID_REVEAL]
    if not top:
        return
    moves.reveal(state, loser, list(top), "raiding_the_reach")
    count = min(3 if winter(state) else 2, len(top))
    data = {"seat": ctx["seat"], "other": loser, "top": list(top)}
    ask_select(
        state, ctx["seat"], "discard", top, "atoc_raid_discard", low=count, high=count, ctx=data
    )


@handler("atoc_raid_discard")
def _raid_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["other"]]
    # From the top, in one go (``top``: Corpse Lake, atoc_87).
    top = [r for r in selected if r in player.deck]
    done = [r for r in top if moves.to_discard_pile(state, r, player.deck, top=top)]
    if done:
        codes = [state.code(r) for r in done]
        state.emit("discarded_from_deck", seat=player.seat, cards=done, codes=codes, reason="raid")
    rest = [r for r in ctx["top"] if r in player.deck]
    _raid_next(state, {"seat": ctx["seat"], "other": ctx["other"], "rest": rest, "order": []})


def _raid_next(state: GameState, ctx: Ctx) -> None:
    """Ask for the next card from the top down while two or more are left to order."""
    player = state.players[ctx["other"]]
    rest = [r for r in ctx["rest"] if r in player.deck and r not in ctx["order"]]
    if len(rest) > 1:
        ask_select(
            state, ctx["seat"], "deck_order", rest, "atoc_raid_order", low=1, high=1, ctx=ctx
        )
        return
    order = [r for r in ctx["order"] + rest if r in player.deck]
    for ref in order:
        player.deck.remove(ref)
    player.deck[0:0] = order
    state.emit(
        "deck_card_placed", seat=ctx["seat"], deck=player.seat, where="top", count=len(order)
    )


@handler("atoc_raid_order")
def _raid_order(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    data = {k: ctx[k] for k in ("seat", "other", "rest", "order")}
    data["order"] = [*ctx["order"], *selected]
    _raid_next(state, data)


register("atoc_31", response(_raid, "challenge_won", condition=_raid_condition))

# --- atoc_33 Overwhelming Numbers --------------------------------------------------------
# "Response: After you declare 2 or more attackers, each with the Dothraki trait, opponents
# cannot declare non-Army characters as defenders during this challenge."  On your
# ``attackers_declared``: 2 or more declared, every one of them Dothraki (RULINGS). The
# opponents' non-Army characters in play as it resolves cannot be declared as defenders until
# the end of the challenge (a lasting ``can_defend`` on each).


def _dothraki_host(state: GameState, ctx: Ctx) -> bool:
    event_ = ctx["event"]
    cards = [r for r in event_.get("cards", ()) if r in state.in_play]
    return (
        event_.get("seat") == ctx["seat"]
        and state.challenge is not None
        and len(cards) >= 2
        and all(has_trait(state, r, "Dothraki") for r in cards)
    )


def _overwhelming(state: GameState, ctx: Ctx) -> None:
    for seat in state.opponents(ctx["seat"]):
        for ref in state.players[seat].in_play:
            if is_character(state, ref) and not has_trait(state, ref, "Army"):
                add_lasting(state, "can_defend", ref, "challenge", ctx["source"], value=False)


register("atoc_33", response(_overwhelming, "attackers_declared", condition=_dothraki_host))

# --- atoc_38 A Champion Arises -----------------------------------------------------------
# "Dominance: If you won every challenge in which you were the attacker or defender this
# round (minimum of 1), choose a non-Army character you control to claim 1 power for each
# opponent in the game. (Limit one per phase.)"  Read from the log (``challenge_resolved``
# of this round, epic phases included): at least one challenge with you as attacker or
# defender, and you won each of them. The power comes from the power pool onto the chosen
# character, 1 per opponent. The limit is per player (its copies share it).


def _champion_condition(state: GameState, ctx: Ctx) -> bool:
    seat = ctx["seat"]
    mine = [
        e
        for e in this_round(state, "challenge_resolved")
        if seat in (e.get("attacker"), e.get("defender"))
    ]
    return bool(mine) and all(e.get("winner") == seat for e in mine)


def _champion_targets(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in state.players[ctx["seat"]].in_play
        if is_character(state, r) and not has_trait(state, r, "Army")
    ]


def _champion(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        moves.card_power(state, target, len(state.opponents(ctx["seat"])), "a_champion_arises")


register(
    "atoc_38",
    event(
        _champion,
        phases=("dominance",),
        condition=_champion_condition,
        targets=_champion_targets,
        limit=(1, "phase"),
    ),
)

# --- atoc_40 The Grand Melee -------------------------------------------------------------
# "During challenges, total attacking STR is determined by counting the number of
# participating attackers and total defending STR is determined by counting the number of
# participating defenders."  The ``side_strength`` query of each side becomes the number of
# its participating characters in play: the count replaces the total (Intimidate, a Title's
# bonus and each character's STR do not add to it; RULINGS). Both players' challenges, while
# the plot is revealed.


def _counted(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    if challenge is None or not isinstance(subject, str) or ":" not in subject:
        return base
    side = subject.split(":", 1)[1]
    if side not in ("attackers", "defenders"):
        return base
    return sum(1 for r in challenge[side] if r in state.in_play)


register("atoc_40", passives={"side_strength": _counted})
