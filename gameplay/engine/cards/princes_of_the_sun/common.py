"""Helpers shared by the Princes of the Sun card scripts (pots_*)."""

from __future__ import annotations

from collections.abc import Callable

from gameplay.engine.abilities import (
    Ctx,
    add_lasting,
    controller,
    facts,
    is_character,
    value,
)
from gameplay.engine.cards import vocabulary
from gameplay.engine.state import GameState

# Shared with every product's scripts (gameplay/engine/cards/vocabulary.py).
event, response, won = vocabulary.event, vocabulary.response, vocabulary.won

Match = Callable[[GameState, str], bool]

# "After X leaves play": the triggers of every way out of play (leaving.LEAVE), with the
# zone the card is in after each (None: a zone no ability is used from).
LEFT_PLAY = {
    "killed": "dead",
    "discarded": "discard",
    "returned_to_hand": "hand",
    "returned_to_deck": None,
    "removed_from_game": None,
}


def characters(state: GameState, seats: list[int] | None = None) -> list[str]:
    """Characters in play (controlled by one of ``seats`` when given), in seat order."""
    seats = list(range(len(state.players))) if seats is None else seats
    return [r for s in seats for r in state.players[s].in_play if is_character(state, r)]


def has_trait(state: GameState, ref: str, trait: str) -> bool:
    """A trait of a card in play (with modifiers) or out of play (printed)."""
    printed = set(facts(state, ref).traits)
    return trait in (value(state, "traits", ref, printed) if ref in state.in_play else printed)


def is_noble(state: GameState, ref: str) -> bool:
    """A character with the Noble crest (after modifiers)."""
    printed = {c.lower() for c in facts(state, ref).crests}
    return is_character(state, ref) and "noble" in value(state, "crests", ref, printed)


def lost(role: str | None = None) -> Callable[[GameState, Ctx], bool]:
    """Condition of "After you lose a challenge [as the ``role``]" (``attacker`` or
    ``defender``) on the ``challenge_won`` trigger."""

    def condition(state: GameState, ctx: Ctx) -> bool:
        event = ctx["event"]
        if event.get("loser") != ctx["seat"]:
            return False
        return role is None or event.get(role) == ctx["seat"]

    return condition


def participants(state: GameState) -> list[str]:
    """Characters in play participating in the current challenge."""
    challenge = state.challenge
    if challenge is None:
        return []
    return [r for r in challenge["attackers"] + challenge["defenders"] if r in state.in_play]


def lose_icons(state: GameState, ctx: Ctx) -> None:
    """ "Until the end of the phase, that character loses a Military, an Intrigue, and a
    Power icon." (the target)."""
    ref = ctx["target"]
    if ref in state.in_play:
        lost_icons = ["military", "intrigue", "power"]
        add_lasting(state, "icons", ref, "phase", ctx["source"], remove=lost_icons)


def strength_target(amount: int) -> Callable[[GameState, Ctx], None]:
    """ "Until the end of the phase, that character gets +``amount`` STR." (the target)."""

    def fn(state: GameState, ctx: Ctx) -> None:
        if ctx["target"] in state.in_play:
            add_lasting(state, "strength", ctx["target"], "phase", ctx["source"], amount=amount)

    return fn


def own(state: GameState, source: str, subject: str) -> bool:
    """``subject`` is a card in play controlled by ``source``'s controller."""
    return subject in state.in_play and state.in_play[subject].controller == controller(
        state, source
    )


def move_card_power(state: GameState, source: str, dest: str, amount: int, reason: str) -> int:
    """Move up to ``amount`` power from one card in play to another (logged; no total
    changes)."""
    moved = min(amount, state.in_play[source].power)
    if moved > 0:
        state.in_play[source].power -= moved
        state.in_play[dest].power += moved
        # Worded like power moved between Houses ("Ann takes 1 power from Bob"); the cards
        # are named too. No total changes (the conservation checks skip it).
        state.emit(
            "power_moved",
            seat=state.in_play[dest].controller,
            source=state.in_play[source].controller,
            amount=moved,
            reason=reason,
            card=dest,
            from_card=source,
        )
    return moved


def kneel_card(state: GameState, ref: str) -> None:
    """Kneel a card in play (logged)."""
    if ref in state.in_play and not state.in_play[ref].knelt:
        state.in_play[ref].knelt = True
        state.emit("knelt", card=ref, code=state.code(ref), seat=state.in_play[ref].controller)


def stand_card(state: GameState, ref: str) -> None:
    """Stand a card in play (logged)."""
    if ref in state.in_play and state.in_play[ref].knelt:
        state.in_play[ref].knelt = False
        state.emit("stood", card=ref)
