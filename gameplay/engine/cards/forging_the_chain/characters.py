"""Forging the Chain: the characters (soo_21, soo_22, soo_24, soo_25, soo_27, soo_31)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import (
    participants,
    search_top,
    won,
)
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.uses import (
    SHADOW_TYPES,
    has_shadow_crest,
    put_into_shadows,
)


def _participated(state: GameState, ctx: Ctx) -> bool:
    return ctx["source"] in participants(ctx["event"])


def _won_with(ctype: str | None) -> Callable[[GameState, Ctx], bool]:
    won_it = won(ctype)

    def condition(state: GameState, ctx: Ctx) -> bool:
        return won_it(state, ctx) and _participated(state, ctx)

    return condition


# --- soo_21 Maester Luwin ----------------------------------------------------------------
# "Response: After you win a challenge in which Maester Luwin participated, search the top 5
# cards of your deck for an event card, reveal it, and add it to your hand. Shuffle the
# other cards back into your deck."  Luwin attacking or defending in a challenge his
# controller wins; the player sees only the top 5 (a hidden prompt, asked even with no
# event among them); the deck is shuffled after.

LUWIN_DEPTH = 5


def _is_event(state: GameState) -> Any:
    return lambda ref: facts(state, ref).type == "event"


def _luwin(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]

    def event_card(ref: str) -> bool:
        return bool(moves.meets_search(state, ref, _is_event(state)))

    data = {"source": ctx["source"]}
    search_top(state, seat, LUWIN_DEPTH, event_card, "ftc_luwin", ctx=data, high=1)


@handler("ftc_luwin")
def _luwin_found(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    seat = ctx["seat"]
    player = state.players[seat]
    picked = [r for r in selected if r in player.deck]
    for ref in picked:
        player.deck.remove(ref)
        player.hand.append(ref)
    moves.reveal(state, seat, picked, "search")
    shuffle_zone(state, player.deck)
    state.emit("shuffled", seat=seat, zone="deck")


register("soo_21", Ability("response", _luwin, trigger="challenge_won", condition=_won_with(None)))


# --- soo_22 Riders of the Red Fork ------------------------------------------------------
# "Immune to opponents' events. While Riders of the Red Fork is in your deck, it meets the
# criteria to be found by any search effect."  Immunity is generic (keywords). The search
# clause: moves.SEARCH_WILDCARDS, read by moves.search_deck (every "search your deck" that
# goes through it), the Heralds' search and Maester Luwin's; a search a card script writes
# by hand without moves.meets_search does not see it (the report lists them).

moves.SEARCH_WILDCARDS.add("soo_22")
register("soo_22")


# --- soo_24 Maester Creylen --------------------------------------------------------------
# "Response: After a player wins an Intrigue challenge, pay 1 gold to have Maester Creylen
# claim 1 power."  Any player's Intrigue challenge with a winner.


def _intrigue_won(state: GameState, ctx: Ctx) -> bool:
    event = ctx["event"]
    return event.get("type") == "intrigue" and event.get("winner") is not None


def _creylen(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.card_power(state, ctx["source"], 1, "creylen")


register(
    "soo_24",
    Ability(
        "response",
        _creylen,
        trigger="challenge_won",
        costs=(Cost("gold", 1),),
        condition=_intrigue_won,
    ),
)


# --- soo_25 Black Ears -------------------------------------------------------------------
# "Deadly. Challenges: Discard 1 card from your hand to choose 1 character participating in
# the same challenge with Black Ears. If you have fewer cards in hand than each opponent,
# remove that character from the challenge. (Limit once per challenge)"  Only while Black
# Ears participates; the chosen character is another participant (either side). The hands
# are counted as the effect resolves, after the discard.


def _ears_participates(state: GameState, ctx: Ctx) -> bool:
    challenge = state.challenge
    return challenge is not None and ctx["source"] in (
        *challenge["attackers"],
        *challenge["defenders"],
    )


def _ears_targets(state: GameState, ctx: Ctx) -> list[str]:
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in (*challenge["attackers"], *challenge["defenders"])
        if r != ctx["source"] and r in state.in_play
    ]


def _black_ears(state: GameState, ctx: Ctx) -> None:
    seat, target, challenge = ctx["seat"], ctx["target"], state.challenge
    if challenge is None or target not in state.in_play:
        return
    mine = len(state.players[seat].hand)
    if not all(mine < len(state.players[o].hand) for o in state.opponents(seat)):
        return
    for side in ("attackers", "defenders"):
        if target in challenge[side]:
            challenge[side].remove(target)
            state.emit("removed_from_challenge", cards=[target], side=side, card=ctx["source"])


register(
    "soo_25",
    Ability(
        "action",
        _black_ears,
        phases=("challenges",),
        costs=(Cost("discard_hand", 1),),
        targets=_ears_targets,
        condition=_ears_participates,
        limit=(1, "challenge"),
    ),
)


# --- soo_27 Shireen Baratheon ------------------------------------------------------------
# "Any Phase: Kneel Shireen Baratheon to choose a character. Until the end of the phase,
# that character cannot claim power."  Any character in play; "claim power" is every power
# a character gains from the pool (Renown, card effects): the permission
# ``can_claim_card_power`` read by moves.card_power.


def _any_character(state: GameState, ctx: Ctx) -> list[str]:
    return [r for r in state.in_play if is_character(state, r)]


def _shireen(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(
            state, "can_claim_card_power", ctx["target"], "phase", ctx["source"], value=False
        )


register("soo_27", Ability("action", _shireen, costs=(KNEEL_SELF,), targets=_any_character))


# --- soo_31 Shadow Seer ------------------------------------------------------------------
# "Response: After you win an Intrigue challenge in which Shadow Seer participated, put a
# card with the Shadow crest into Shadows from your hand."  Used only with such a card in
# hand.


def _shadow_cards(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].hand
        if has_shadow_crest(state, r) and facts(state, r).type in SHADOW_TYPES
    ]


def _seer_may(state: GameState, ctx: Ctx) -> bool:
    return _won_with("intrigue")(state, ctx) and bool(_shadow_cards(state, ctx["seat"]))


def _seer(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    data = {"seat": seat, "source": ctx["source"]}
    found = _shadow_cards(state, seat)
    ask_select(state, seat, "into_shadows", found, "ftc_seer", low=1, high=1, ctx=data)


@handler("ftc_seer")
def _seer_chosen(state: GameState, ctx: dict[str, Any], selected: list[str]) -> None:
    for ref in selected:
        if ref in state.players[ctx["seat"]].hand:
            put_into_shadows(state, ctx["seat"], ref)


register("soo_31", Ability("response", _seer, trigger="challenge_won", condition=_seer_may))
