"""What a card is and whom an effect may choose: traits, Houses, types, who controls it,
the characters in play, and the opponent chosen by an effect."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    HANDLERS,
    PASSIVE_CODES,
    SCRIPTS,
    Ctx,
    allowed,
    controller,
    facts,
    houses,
    immune_to,
    is_blank,
    is_character,
    pool,
    traits,
)
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

ROYAL = ("King", "Queen")


def has_trait(state: GameState, ref: str, trait: str) -> bool:
    """A trait of a card in play (after effects) or out of play (printed)."""
    if ref in state.in_play:
        return trait in traits(state, ref)
    return trait in facts(state, ref).traits


# "X gains the benefit of any The North agenda being run (as if he had the Night's Watch and
# Wildling traits)" (Coldhands): card code -> the traits the The North agendas read it as
# having (and no other card), wherever it is, while its script is registered, unless its
# text is blank.
AGENDA_AS_IF_TRAITS: dict[str, frozenset[str]] = {}


def agenda_trait(state: GameState, ref: str, trait: str) -> bool:
    """``has_trait`` as a The North agenda reads it (:data:`AGENDA_AS_IF_TRAITS`)."""
    if has_trait(state, ref, trait):
        return True
    code = state.cards[ref].code
    extra = AGENDA_AS_IF_TRAITS.get(code, frozenset()) if code in SCRIPTS else frozenset()
    return trait in extra and not (ref in state.in_play and is_blank(state, ref))


def of_house(state: GameState, ref: str, house: str) -> bool:
    """A card affiliated with ``house``: printed, or (in play) given that House by an
    effect (the ``houses`` query, ``abilities.houses``: Imposter!)."""
    if ref in state.in_play and _houses_changed(state):
        return house in houses(state, ref)
    return house in facts(state, ref).houses


def _houses_changed(state: GameState) -> bool:
    """Whether some passive or lasting effect may change a card's House affiliations."""
    return "houses" in PASSIVE_CODES or any(e["query"] == "houses" for e in state.effects)


# The Houses a card can belong to; any other "House X" of a card's text is a trait.
GREAT_HOUSES = frozenset({"Stark", "Lannister", "Baratheon", "Greyjoy", "Martell", "Targaryen"})


def of_house_named(state: GameState, ref: str, name: str) -> bool:
    """ "House X" in a card's text (``name`` "House Tyrell" or "Tyrell"): for one of the six
    great Houses the card's House (printed, :func:`of_house`); any other (House Tyrell,
    House Tully, House Dayne, House Frey, ...) is a trait, read after effects
    (:func:`has_trait`): a House Baratheon character with the House Tyrell trait is a House
    Tyrell character, and no card is of a House Tyrell."""
    house = name.removeprefix("House ").strip()
    if house in GREAT_HOUSES:
        return of_house(state, ref, house)
    return has_trait(state, ref, f"House {house}")


def is_type(state: GameState, ref: str, kind: str) -> bool:
    """A card in play of printed type ``kind``."""
    return ref in state.in_play and facts(state, ref).type == kind


def characters_of(state: GameState, seat: int | None = None) -> list[str]:
    """Characters in play (controlled by ``seat`` when given), in seat order."""
    seats = range(len(state.players)) if seat is None else (seat,)
    return [r for s in seats for r in state.players[s].in_play if is_character(state, r)]


def in_play_of(state: GameState, kind: str, seat: int | None = None) -> list[str]:
    """Cards of type ``kind`` in play, in seat order (only ``seat``'s when given)."""
    seats = range(len(state.players)) if seat is None else (seat,)
    return [r for s in seats for r in state.players[s].in_play if is_type(state, r, kind)]


def is_mine(state: GameState, source: str, subject: Any) -> bool:
    """``subject`` is a card in play controlled by ``source``'s controller."""
    record = state.in_play.get(subject) if isinstance(subject, str) else None
    return record is not None and record.controller == controller(state, source)


def controls_royal(state: GameState, seat: int, words: tuple[str, ...] = ROYAL) -> bool:
    """``seat`` controls a character with one of the traits ``words`` (King or Queen)."""
    return any(
        is_character(state, r) and any(has_trait(state, r, w) for w in words)
        for r in state.players[seat].in_play
    )


def choosable(state: GameState, ref: str, source: str, seat: int) -> bool:
    """Whether ``seat``'s effect from ``source`` may choose ``ref`` (immunity and the
    ``targetable`` query), for choices made as an effect resolves."""
    kind = facts(state, source).type
    if ref in state.in_play and immune_to(state, ref, kind, seat, source):
        return False
    return allowed(state, "targetable", (ref, kind, seat))


def choose_opponent(state: GameState, ctx: Ctx, then: str) -> None:
    """Call handler ``then`` with ``ctx["choice"]`` an opponent's seat (a string), asking
    only when there is more than one opponent."""
    options = [str(s) for s in state.opponents(ctx["seat"])]
    base = {k: v for k, v in ctx.items() if k in ("seat", "source", "target")}
    if len(options) == 1:
        HANDLERS[then](state, {**base, "choice": options[0]}, [])
    elif options:
        ask_choose(state, ctx["seat"], "choose_opponent", options, then, ctx=base)


def every_trait(state: GameState) -> frozenset[str]:
    """Every Trait printed on a card of the game's card pool (cached per pool)."""
    found = _TRAITS.get(state.card_source)
    if found is None:
        found = _TRAITS[state.card_source] = frozenset(
            t for card in pool(state).values() for t in card.traits
        )
    return found


_TRAITS: dict[str, frozenset[str]] = {}
