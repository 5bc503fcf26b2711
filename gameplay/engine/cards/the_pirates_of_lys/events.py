"""The Pirates of Lys: the events (asots_42 The Bear and the Maiden Fair, asots_49 Ours is the
Fury, asots_54 Unbowed, Unbent, Unbroken, asots_57 Fire and Blood)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    add_lasting,
    allowed,
    characters,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    choosable,
    event,
    lost,
    of_house,
    on_bearer,
    participants,
    response,
    stand_card,
    won,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import can_take
from gameplay.engine.state import GameState
from gameplay.engine.uses import attach_played_event, own_traits

# --- asots_42 The Bear and the Maiden Fair -------------------------------------------------
# "Response: After you win an [Intrigue] challenge by 4 or more total STR, the losing
# opponent chooses and discard 2 cards from hand (Limit 1 per phase)"  Played only while the
# loser has a card in hand; with one card, that card is discarded.

_INTRIGUE_BY_FOUR = won("intrigue", by=4)


def _bear_may(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return _INTRIGUE_BY_FOUR(state, ctx) and loser is not None and bool(state.players[loser].hand)


def _bear(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"]["loser"]
    hand = list(state.players[loser].hand)
    count = min(2, len(hand))
    if count:
        data = {"seat": loser}
        ask_select(
            state, loser, "discard", hand, "asots_bear_discard", low=count, high=count, ctx=data
        )


@handler("asots_bear_discard")
def _bear_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    moves.discard_from_hand(state, ctx["seat"], list(selected))


register(
    "asots_42",
    response(_bear, "challenge_won", condition=_bear_may, limit=(1, "phase")),
)

# --- asots_49 Ours is the Fury -------------------------------------------------------------
# "Response: After you win a [Power] challenge by 4 or more total STR, stand all
# participating unique characters you control."  Played only while one of them is knelt.

_POWER_BY_FOUR = won("power", by=4)


def _fury_cards(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in participants(ctx["event"])
        if r in state.in_play
        and state.in_play[r].controller == ctx["seat"]
        and facts(state, r).unique
        and facts(state, r).type == "character"
    ]


def _fury_may(state: GameState, ctx: Ctx) -> bool:
    return _POWER_BY_FOUR(state, ctx) and any(
        state.in_play[r].knelt for r in _fury_cards(state, ctx)
    )


def _fury(state: GameState, ctx: Ctx) -> None:
    for ref in _fury_cards(state, ctx):
        if state.in_play[ref].knelt:
            stand_card(state, ref)


register("asots_49", response(_fury, "challenge_won", condition=_fury_may))

# --- asots_54 Unbowed, Unbent, Unbroken ----------------------------------------------------
# "Response: After you lose a challenge, discard your hand of at least 1 card to reveal the
# same number of cards from the top of your deck, and put them into your hand."  The hand
# is the one left once the event is played (at least 1 other card); as many cards as the
# deck holds, up to that number, are revealed and taken.

_LOST = lost()


def _unbowed_may(state: GameState, ctx: Ctx) -> bool:
    hand = [r for r in state.players[ctx["seat"]].hand if r != ctx["source"]]
    return _LOST(state, ctx) and bool(hand)


def _unbowed(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    hand = [r for r in player.hand if r != ctx["source"]]
    moves.discard_from_hand(state, seat, hand)
    top = player.deck[: len(hand)]
    moves.reveal(state, seat, top, "asots_54")
    for ref in top:
        if ref in player.deck:
            player.deck.remove(ref)
            player.hand.append(ref)
    state.emit("deck_top_to_hand", seat=seat, count=len(top))


register("asots_54", response(_unbowed, "challenge_won", condition=_unbowed_may))

# --- asots_57 Fire and Blood ---------------------------------------------------------------
# "Challenges: Choose a [Targaryen] character. That character gets +2 STR until the end of
# the phase. Then, attach Fire and Blood to that character (counts as a Boon attachment with
# the text, "Attached character gains cannot be discarded from play")"  Any player's
# [Targaryen] character; the event goes from the discard pile onto it
# (uses.attach_played_event) unless it cannot take attachments (No attachments).


def _targaryens(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if of_house(state, r, "Targaryen") and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _fire_and_blood(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target not in state.in_play:
        return
    add_lasting(state, "strength", target, "phase", source, amount=2)
    if can_take(facts(state, target), facts(state, source)) and allowed(
        state, "can_have_attachments", target
    ):
        attach_played_event(state, ctx["seat"], source, target)


register(
    "asots_57",
    event(_fire_and_blood, phases=("challenges",), targets=_targaryens),
    passives={"can_be_discarded": on_bearer(lambda base: False), "traits": own_traits("Boon")},
)
