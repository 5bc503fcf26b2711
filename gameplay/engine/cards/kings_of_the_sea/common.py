"""Helpers shared by the Kings of the Sea scripts (no card is registered here).

Conventions (as in the Core Set scripts): "you" is the card's controller (``ctx["seat"]``,
for passives :func:`abilities.controller` of the source); traits and crests are read after
effects; handler and effect names start with ``kotse_``.
"""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine import moves
from gameplay.engine.abilities import (
    HANDLERS,
    Ctx,
    controller,
    crests,
    facts,
    traits,
)
from gameplay.engine.leaving import leave_play
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

Match = Callable[[GameState, str], bool]
GREYJOY = "Greyjoy"


def is_type(state: GameState, ref: str, kind: str) -> bool:
    """A card in play of printed type ``kind``."""
    return ref in state.in_play and facts(state, ref).type == kind


def in_play_of(state: GameState, kind: str, seat: int | None = None) -> list[str]:
    """Cards of type ``kind`` in play, in seat order (only ``seat``'s when given)."""
    seats = range(len(state.players)) if seat is None else (seat,)
    return [r for s in seats for r in state.players[s].in_play if is_type(state, r, kind)]


def of_house(state: GameState, ref: str, house: str = GREYJOY) -> bool:
    """A card affiliated with ``house`` (printed)."""
    return house in facts(state, ref).houses


def has_trait(state: GameState, ref: str, trait: str) -> bool:
    """A trait of a card in play (after effects) or out of play (printed)."""
    if ref in state.in_play:
        return trait in traits(state, ref)
    return trait in facts(state, ref).traits


def has_crest(state: GameState, ref: str, crest: str) -> bool:
    """A crest (lower case: ``war``, ``noble``, ``holy``, ``learned``, ``shadow``)."""
    if ref in state.in_play:
        return crest in crests(state, ref)
    return crest in {c.lower() for c in facts(state, ref).crests}


def character_with(trait: str | None = None, crest: str | None = None) -> Match:
    """A match for characters in play with ``trait`` and/or ``crest``."""

    def match(state: GameState, ref: str) -> bool:
        return (
            is_type(state, ref, "character")
            and (trait is None or has_trait(state, ref, trait))
            and (crest is None or has_crest(state, ref, crest))
        )

    return match


def only_one(state: GameState, source: str, trait: str) -> bool:
    """ "If X is the only King (Queen) character in play": no other character in play
    has the trait, and X has it."""
    found = [r for r in in_play_of(state, "character") if has_trait(state, r, trait)]
    return found == [source]


def controls_trait(state: GameState, seat: int, kind: str, trait: str) -> bool:
    """Whether ``seat`` controls a card of type ``kind`` with ``trait`` (Warship)."""
    return any(has_trait(state, r, trait) for r in in_play_of(state, kind, seat))


def participants(event: Ctx) -> list[str]:
    """The attackers and defenders a ``challenge_won`` event names."""
    return [*event.get("attackers", ()), *event.get("defenders", ())]


def won_unopposed(state: GameState, ctx: Ctx) -> bool:
    """ "After you win an unopposed challenge" (the challenge is still being resolved
    while its responses are answered)."""
    challenge = state.challenge
    return (
        ctx["event"].get("winner") == ctx["seat"]
        and challenge is not None
        and bool(challenge.get("unopposed"))
    )


def kneel_card(state: GameState, ref: str) -> None:
    """Kneel a card in play (logged)."""
    if ref in state.in_play and not state.in_play[ref].knelt:
        moves.kneel(state, ref)
        state.emit("knelt", card=ref, code=state.code(ref), seat=controller(state, ref))


def stand_card(state: GameState, ref: str) -> None:
    """Stand a card in play (logged)."""
    if ref in state.in_play and state.in_play[ref].knelt:
        moves.stand(state, ref)
        state.emit("stood", card=ref)


def discard_top(state: GameState, seat: int, count: int, reason: str) -> list[str]:
    """ "Discard the top N cards of your deck" (as many as there are)."""
    player = state.players[seat]
    # Each through moves.to_discard_pile (Darkstar goes into play instead).
    cards = [r for r in player.deck[:count] if moves.to_discard_pile(state, r, player.deck)]
    if cards:
        codes = [state.code(r) for r in cards]
        state.emit("discarded_from_deck", seat=seat, cards=cards, codes=codes, reason=reason)
    return cards


def to_deck_bottom(state: GameState, ref: str) -> None:
    """Put a card in play on the bottom of its owner's deck (the move of a replacement
    effect: "instead put it on the bottom of your deck"); its attachments are discarded."""
    owner = state.players[state.cards[ref].owner]
    leave_play(state, ref, "deck_top")
    if ref in owner.deck:
        owner.deck.remove(ref)
        owner.deck.append(ref)
    state.emit("to_deck_bottom", card=ref, code=state.code(ref), seat=owner.seat)


def choose_opponent(state: GameState, ctx: Ctx, then: str) -> None:
    """Call handler ``then`` with ``ctx["choice"]`` an opponent's seat (a string), asking
    only when there is more than one opponent."""
    options = [str(s) for s in state.opponents(ctx["seat"])]
    base = {k: v for k, v in ctx.items() if k in ("seat", "source", "target")}
    if len(options) == 1:
        HANDLERS[then](state, {**base, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, then, ctx=base)
