"""A Harsh Mistress (btns_61 to btns_80): the attachment Dragon Egg, the event Much and More
and the plots Men of Honor and Men of Duty."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ctx,
    attached_to,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import event, first_challenge, first_challenge_this_phase
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState, shuffle_zone
from gameplay.engine.uses import HAND_AMBUSH

# --- btns_74 Dragon Egg ----------------------------------------------------------------------
# "House Targaryen only. Attach to a card controlled by an opponent. [Targaryen] cards of the
# attached card's type in your hand gain ambush during the challenges phase."  It may go on
# an opponent's character, location or attachment; "your hand" is the hand of Dragon Egg's
# controller. The engine's Ambush (an Any Phase action paying the printed cost in influence)
# reads the flag query ``hand_ambush`` (uses.has_ambush).


def _egg_rule(state: GameState, card: str, host: str, seat: int | None) -> bool:
    return seat is not None and controller(state, host) in state.opponents(seat)


def _egg_ambush(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if base or state.phase != "challenges":
        return base
    seat, ref = subject
    host = attached_to(state, source)
    if host is None or seat != controller(state, source):
        return base
    if ref not in state.players[seat].hand:
        return base
    card = facts(state, ref)
    return "Targaryen" in card.houses and card.type == facts(state, host).type


register("btns_74", attach_rule=_egg_rule, passives={HAND_AMBUSH: _egg_ambush}).attach_types = (
    "character",
    "location",
    "attachment",
)


# --- btns_78 Much and More -------------------------------------------------------------------
# "Any Phase: Reveal the top 4 cards of each player's deck. Choose 1 revealed card owned by
# each player, and add it to its owner's hand. Shuffle all other cards back into their owners'
# decks."  The player of the event chooses, owner by owner in turn order (a player whose deck
# is empty reveals nothing); each deck that revealed cards is shuffled at the end. It needs
# at least one card in some deck.

MUCH_REVEAL = 4


def _some_deck(state: GameState, ctx: Ctx) -> bool:
    return any(player.deck for player in state.players)


def _much(state: GameState, ctx: Ctx) -> None:
    groups = []
    for seat in state.turn_order():
        top = list(state.players[seat].deck[:MUCH_REVEAL])
        if top:
            moves.reveal(state, ctx["seat"], top, "much_and_more")
            groups.append([seat, top])
    _much_next(state, {"seat": ctx["seat"], "groups": groups, "chosen": []})


def _much_next(state: GameState, ctx: Ctx) -> None:
    groups = ctx["groups"]
    done = len(ctx["chosen"])
    if done < len(groups):
        owner, top = groups[done]
        found = [r for r in top if r in state.players[owner].deck]
        if found:
            ask_select(
                state, ctx["seat"], "to_hand", found, "btns_much", low=1, high=1, ctx=dict(ctx)
            )
            return
        _much_next(state, {**ctx, "chosen": [*ctx["chosen"], None]})
        return
    for (owner, _top), chosen in zip(groups, ctx["chosen"], strict=True):
        player = state.players[owner]
        if chosen is not None and chosen in player.deck:
            player.deck.remove(chosen)
            player.hand.append(chosen)
            state.emit("revealed_to_hand", seat=owner, card=chosen, code=state.code(chosen))
        shuffle_zone(state, player.deck)
        state.emit("shuffled", seat=owner, zone="deck")


@handler("btns_much")
def _much_chosen(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    _much_next(state, {**ctx, "chosen": [*ctx["chosen"], selected[0] if selected else None]})


register("btns_78", event(_much, condition=_some_deck))


# --- btns_79 Men of Honor --------------------------------------------------------------------
# "Unique characters gain renown during the first challenge initiated each phase."  Every
# player's unique characters in play, during the first challenge of the challenges phase (and
# of each epic phase).


def _honor(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if state.challenge is None or subject not in state.in_play or "renown" in base:
        return base
    unique = is_character(state, subject) and facts(state, subject).unique
    if unique and first_challenge_this_phase(state):
        return set(base) | {"renown"}
    return base


register("btns_79", passives={"keywords": _honor})


# --- btns_80 Men of Duty ---------------------------------------------------------------------
# "Unique characters you control get +1 STR and a [Military], an [Intrigue], and a [Power]
# icon during the first challenge initiated this round."


def _duty_applies(state: GameState, source: str, subject: Any) -> bool:
    return (
        state.challenge is not None
        and subject in state.in_play
        and state.in_play[subject].controller == controller(state, source)
        and is_character(state, subject)
        and facts(state, subject).unique
        and first_challenge(state)
    )


def _duty_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + 1 if _duty_applies(state, source, subject) else base


def _duty_icons(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if _duty_applies(state, source, subject):
        return set(base) | {"military", "intrigue", "power"}
    return base


register("btns_80", passives={"strength": _duty_strength, "icons": _duty_icons})
