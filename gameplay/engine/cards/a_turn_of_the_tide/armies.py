"""A Turn of the Tide (asots_61 to asots_80): the Army characters of the pack, each of which
gains a response "if you are running a character agenda or are not running an agenda" (not
while its controller runs a non-character agenda: vocabulary ``non_character_agenda``), and
Dothraki Outrider."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Cost,
    Ctx,
    facts,
    handler,
    register,
)
from gameplay.engine.cards.vocabulary import (
    has_trait,
    non_character_agenda,
    participants,
    search_top,
    stand_card,
    won,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState, shuffle_zone


def _army(condition: Any) -> Any:
    """The gained text applies while its controller runs a character agenda or none."""

    def check(state: GameState, ctx: Ctx) -> bool:
        return not non_character_agenda(state, ctx["seat"]) and condition(state, ctx)

    return check


# --- asots_61 House Clegane Brigands ---------------------------------------------------------
# '... gains: "Response: After you win an [Intrigue] challenge, stand House Clegane
# Brigands."'  Whether it participated or not.


def _brigands(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        stand_card(state, ctx["source"])


def _brigands_may(state: GameState, ctx: Ctx) -> bool:
    return state.in_play[ctx["source"]].knelt and won("intrigue")(state, ctx)


register(
    "asots_61",
    Ability("response", _brigands, trigger="challenge_won", condition=_army(_brigands_may)),
)

# --- asots_63 Raiders of Orkmont -------------------------------------------------------------
# '... gains: "Response: After you win a [Military] challenge, look at the top 3 cards of
# the losing opponent's deck. Discard up to 2 of those cards. Put the remaining cards back on
# the top of the deck in any order."'  Looked at by the Raiders' controller only (hidden
# prompts); the remaining cards are put back one at a time from the top down.


def _raiders(state: GameState, ctx: Ctx) -> None:
    loser = ctx["event"]["loser"]
    top = list(state.players[loser].deck[:3])
    data = {"seat": ctx["seat"], "other": loser, "top": top, "order": []}
    ask_select(
        state, ctx["seat"], "discard", top, "asots_raiders_discard", high=2, ctx=data, hidden=True
    )


@handler("asots_raiders_discard")
def _raiders_discard(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["other"]]
    for ref in selected:
        if ref in player.deck and moves.to_discard_pile(state, ref, player.deck):
            state.emit("discarded", seat=player.seat, card=ref, code=state.code(ref), zone="deck")
    _raiders_next(state, ctx)


def _raiders_next(state: GameState, ctx: Ctx) -> None:
    player = state.players[ctx["other"]]
    rest = [r for r in ctx["top"] if r in player.deck and r not in ctx["order"]]
    if len(rest) > 1:
        ask_select(
            state,
            ctx["seat"],
            "deck_order",
            rest,
            "asots_raiders_order",
            low=1,
            high=1,
            ctx=ctx,
            hidden=True,
        )
        return
    order = [r for r in ctx["order"] + rest if r in player.deck]
    for ref in order:
        player.deck.remove(ref)
    player.deck[0:0] = order
    state.emit(
        "deck_card_placed", seat=ctx["seat"], deck=player.seat, where="top", count=len(order)
    )


@handler("asots_raiders_order")
def _raiders_order(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _raiders_next(state, {**ctx, "order": ctx["order"] + list(selected[:1])})


def _raiders_may(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return won("military")(state, ctx) and loser is not None and bool(state.players[loser].deck)


register(
    "asots_63",
    Ability("response", _raiders, trigger="challenge_won", condition=_army(_raiders_may)),
)

# --- asots_66 Blackcrown Knights -------------------------------------------------------------
# '... gains: "Response: After you win a [Power] challenge in which Blackcrown Knights
# participated, discard 1 card from your hand to have Blackcrown Knights claim 2 power."'
# The discard is a cost (``discard_hand``).


def _knights(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 2, ctx["source"])


def _knights_may(state: GameState, ctx: Ctx) -> bool:
    return won("power")(state, ctx) and ctx["source"] in participants(ctx["event"])


register(
    "asots_66",
    Ability(
        "response",
        _knights,
        trigger="challenge_won",
        condition=_army(_knights_may),
        costs=(Cost("discard_hand", 1),),
    ),
)

# --- asots_69 Riders of Karhold, asots_71 Host of the Boneway --------------------------------
# '... gains: "Response: After you win a [Military] ([Intrigue]) challenge, reveal the top
# card of your deck. If it is a character (an event card) add it to your hand, otherwise
# return it to the top of your deck."'  The card never leaves the top unless it is added.


def _reveal_top(kind: str) -> Any:
    def reveal(state: GameState, ctx: Ctx) -> None:
        player = state.players[ctx["seat"]]
        if not player.deck:
            return
        top = player.deck[0]
        moves.reveal(state, player.seat, [top], "reveal_top")
        if top in player.deck and facts(state, top).type == kind:
            player.deck.remove(top)
            player.hand.append(top)
            state.emit("revealed_to_hand", seat=player.seat, card=top, code=state.code(top))

    return reveal


def _own_deck(ctype: str) -> Any:
    def condition(state: GameState, ctx: Ctx) -> bool:
        return won(ctype)(state, ctx) and bool(state.players[ctx["seat"]].deck)

    return condition


register(
    "asots_69",
    Ability(
        "response",
        _reveal_top("character"),
        trigger="challenge_won",
        condition=_army(_own_deck("military")),
    ),
)
register(
    "asots_71",
    Ability(
        "response",
        _reveal_top("event"),
        trigger="challenge_won",
        condition=_army(_own_deck("intrigue")),
    ),
)

# --- asots_74 Dothraki Outrider --------------------------------------------------------------
# "Stealth. Dothraki Outrider gains renown during [Power] challenges."  During any [Power]
# challenge (Renown counts only for a participant anyway).


def _outrider(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if subject == source and challenge is not None and challenge.get("type") == "power":
        return base | {"renown"}
    return base


register("asots_74", passives={"keywords": _outrider})

# --- asots_75 Braided Screamers --------------------------------------------------------------
# '... gains: "Response: After you play a Dothraki character of cost 3 or more, search the
# top 5 cards of your deck for a Dothraki character, reveal it, and add it to your hand.
# Then, shuffle your deck. Limit once per round."'  Played: marshalled (or played) from the
# hand, the Screamers themselves included; printed cost.

DOTHRAKI = "Dothraki"


def _screamers_may(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    card = event.get("card")
    if event.get("seat") != ctx["seat"] or card is None or card not in state.cards:
        return False
    found = facts(state, card)
    return (
        found.type == "character"
        and (found.cost or 0) >= 3
        and (
            has_trait(state, card, DOTHRAKI) if card in state.in_play else DOTHRAKI in found.traits
        )
    )


def _screamers(state: GameState, ctx: Ctx) -> None:
    def dothraki(ref: str) -> bool:
        card = facts(state, ref)
        return card.type == "character" and DOTHRAKI in card.traits

    data = {"source": ctx["source"]}
    search_top(state, ctx["seat"], 5, dothraki, "asots_screamers", ctx=data, high=1)


@handler("asots_screamers")
def _screamers_found(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    player = state.players[ctx["seat"]]
    taken = [r for r in selected if r in player.deck]
    for ref in taken:
        player.deck.remove(ref)
        player.hand.append(ref)
    moves.reveal(state, player.seat, taken, "search")
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=player.seat, zone="deck")


register(
    "asots_75",
    Ability(
        "response",
        _screamers,
        trigger="played",
        condition=_army(_screamers_may),
        limit=(1, "round"),
    ),
)
