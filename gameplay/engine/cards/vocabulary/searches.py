"""Searches of a deck: the Heralds' "search your deck for a House Y character, reveal it,
and shuffle your deck. Then, put the revealed card on top of your deck" (A Clash of Arms
onwards), and every "search the top X cards of your deck" (:func:`search_top`). The handler
name is stored in saved games."""

from __future__ import annotations

from typing import Any

from gameplay.engine import abilities, moves
from gameplay.engine.abilities import Ability, Ctx, facts, handler, register
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState, shuffle_zone

# The numeric passive query ``search_depth`` (subject the seat whose deck is searched, base
# X): how many cards "search the top X cards of your deck" covers. "When you search the top X
# cards of your deck, search 1 additional card" (Karhold Rookery, soo_42) adds 1.
SEARCH_DEPTH = "search_depth"


def search_depth(state: GameState, seat: int, count: int) -> int:
    """How many cards a search of the top ``count`` cards of ``seat``'s own deck covers."""
    if SEARCH_DEPTH not in abilities.PASSIVE_CODES:
        return count
    return max(0, int(abilities.value(state, SEARCH_DEPTH, seat, count)))


def search_top(
    state: GameState,
    seat: int,
    count: int,
    match: Any,
    then: str,
    *,
    ctx: Ctx | None = None,
    high: int | None = None,
    low: int = 0,
) -> None:
    """ "Search the top ``count`` cards of your deck for ...": ``seat`` sees the searched
    cards (``shown``: the top :func:`search_depth` cards) and picks ``low`` to ``high`` of
    those that ``match`` (a predicate of the ref; None: any card) in a hidden prompt (asked
    even when none matches); the handler ``then`` gets the picked refs (and shuffles,
    reveals ... as its card says). Every script searching the top X of its own deck goes
    through here."""
    top = list(state.players[seat].deck[: search_depth(state, seat, count)])
    found = top if match is None else [r for r in top if match(r)]
    data = {"seat": seat, **(ctx or {}), "shown": list(top)}
    ask_select(state, seat, "search", found, then, low=low, high=high, ctx=data, hidden=True)


# "Response: After you play X from your hand, search your deck for a House Y character,
# reveal it, and shuffle your deck. Then, put the revealed card on top of your deck."


def _herald_played(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("card") == ctx["source"] and event.get("seat") == ctx["seat"]


def _herald_search(house: str) -> Any:
    def effect(state: GameState, ctx: Ctx) -> None:
        seat = ctx["seat"]
        deck = state.players[seat].deck
        found = [
            r
            for r in deck
            if moves.meets_search(
                state,
                r,
                lambda c: facts(state, c).type == "character" and house in facts(state, c).houses,
            )
        ]
        data = {"seat": seat, "source": ctx["source"]}
        ask_select(state, seat, "search", found, "acoa_herald", high=1, ctx=data, hidden=True)

    return effect


@handler("acoa_herald")
def _herald_found(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat = ctx["seat"]
    deck = state.players[seat].deck
    picked = [r for r in selected if r in deck]
    for ref in picked:
        deck.remove(ref)
        moves.reveal(state, seat, [ref], "herald")
    shuffle_zone(state, deck)
    state.emit("shuffled", seat=seat, zone="deck")
    for ref in picked:
        deck.insert(0, ref)
        state.emit("deck_card_placed", seat=seat, deck=seat, where="top")


def herald(code: str, house: str) -> None:
    """Register a Herald of ``house``."""
    register(
        code,
        Ability("response", _herald_search(house), trigger="played", condition=_herald_played),
    )


# "Look at / reveal the top X cards of <a> deck, discard 1 of them, and put the rest on top
# of the deck in any order" (City of Spies, Dark Prophecy): the player picks the card to
# discard, then the rest one at a time from the top down.


def discard_then_order(prefix: str, *, hidden: bool) -> Any:
    """Register the handlers ``<prefix>_discard`` and ``<prefix>_order`` (their names are
    in saved games) and return ``ask(state, seat, other, top)``, which asks ``seat`` to
    discard 1 of ``top`` (the top cards of ``other``'s deck) and then to order the rest on
    top of that deck. ``hidden``: the prompts are seen by that player only (looked at,
    not revealed)."""

    def ask(state: GameState, seat: int, other: int, top: list[str]) -> None:
        data = {"seat": seat, "other": other, "top": top}
        ask_select(
            state,
            seat,
            "discard",
            top,
            f"{prefix}_discard",
            low=1,
            high=1,
            ctx=data,
            hidden=hidden,
        )

    def next_card(state: GameState, ctx: Ctx) -> None:
        """Ask for the next card from the top down while two or more are left to order."""
        player = state.players[ctx["other"]]
        rest = [r for r in ctx["rest"] if r in player.deck and r not in ctx["order"]]
        if len(rest) > 1:
            then = f"{prefix}_order"
            ask_select(
                state,
                ctx["seat"],
                "deck_order",
                rest,
                then,
                low=1,
                high=1,
                ctx=ctx,
                hidden=hidden,
            )
            return
        order = [r for r in ctx["order"] + rest if r in player.deck]
        for ref in order:
            player.deck.remove(ref)
        player.deck[0:0] = order
        state.emit(
            "deck_card_placed", seat=ctx["seat"], deck=player.seat, where="top", count=len(order)
        )

    @handler(f"{prefix}_discard")
    def discarded(state: GameState, ctx: Ctx, selected: list[str]) -> None:
        player = state.players[ctx["other"]]
        for ref in selected:
            if ref in player.deck and moves.to_discard_pile(state, ref, player.deck):
                state.emit(
                    "discarded", seat=player.seat, card=ref, code=state.code(ref), zone="deck"
                )
        rest = [r for r in ctx["top"] if r in player.deck]
        next_card(state, {"seat": ctx["seat"], "other": ctx["other"], "rest": rest, "order": []})

    @handler(f"{prefix}_order")
    def ordered(state: GameState, ctx: Ctx, selected: list[str]) -> None:
        data = {k: ctx[k] for k in ("seat", "other", "rest", "order")}
        data["order"] = [*ctx["order"], *selected]
        next_card(state, data)

    return ask
