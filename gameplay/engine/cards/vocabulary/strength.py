"""A character's STR reduced by a card effect: the ``strength_reduced`` trigger (Killer of the
Wounded, Queen of Dragons; The Hound, Princes of the Sun).

The trigger opens, while a card whose code is in :data:`STR_LISTENERS` is in play, when a
lasting effect gives a character in play negative STR (abilities.LASTING_HOOKS) and when an
attachment whose STR modifier is negative enters play on a character
(:func:`reduced_by_attachment`, a forced ``entered_play`` of each listener). A product adds
its listening card's code to :data:`STR_LISTENERS`. The event's ``amount`` is how much the STR
was reduced by (the "X" of "reduced by X")."""

from __future__ import annotations

from gameplay.engine.abilities import (
    LASTING_HOOKS,
    SCRIPTS,
    Ctx,
    attached_to,
    controller,
    facts,
)
from gameplay.engine.state import GameState
from gameplay.engine.windows import trigger

STR_REDUCED = "strength_reduced"
# Codes whose presence in play opens ``strength_reduced``.
STR_LISTENERS: set[str] = set()


# Codes that open ``strength_reduced`` wherever their card is in the game (a response event
# answering it from a hand: Pyrophobia, soo_32); the trigger then opens whatever zone the
# card is in, so that it opening tells nothing about a hand. Only lasting effects open it
# for them (an attachment's reduction is opened by a listener in play).
GAME_LISTENERS: set[str] = set()


def _listeners(state: GameState) -> list[str]:
    return [r for r in state.in_play if state.cards[r].code in STR_LISTENERS]


def _game_listens(state: GameState) -> bool:
    return bool(GAME_LISTENERS) and any(c.code in GAME_LISTENERS for c in state.cards.values())


def _reduced_by_lasting(state: GameState, entry: dict) -> None:
    subject = entry["subject"]
    if entry["query"] != "strength" or entry.get("amount", 0) >= 0:
        return
    if not isinstance(subject, str) or subject not in state.in_play:
        return
    if not _listeners(state) and not _game_listens(state):
        return
    if facts(state, subject).type != "character":
        return
    source = entry.get("source")
    first = controller(state, source) if source in state.cards else None
    event = {"card": subject, "source": source, "amount": -entry["amount"]}
    trigger(state, STR_REDUCED, event, first=first)


LASTING_HOOKS.append(_reduced_by_lasting)


def reduced_by_attachment(state: GameState, ctx: Ctx) -> None:
    """Forced ``entered_play`` of a listener: an attachment entering play with a negative STR
    modifier on a character opens ``strength_reduced`` (once, however many listeners)."""
    card = ctx["event"].get("card")
    if ctx["source"] != _listeners(state)[0] or card not in state.in_play:
        return  # one trigger however many listeners are in play
    host, script = attached_to(state, card), SCRIPTS.get(state.code(card))
    if host is None or script is None or facts(state, host).type != "character":
        return
    base = 100
    changed = base
    for fn in script.passives.get("strength", []):
        changed = fn(state, card, host, changed)
    if changed < base:
        first = controller(state, card)
        event = {"card": host, "source": card, "amount": base - changed}
        trigger(state, STR_REDUCED, event, first=first)
