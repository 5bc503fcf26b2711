"""What a cancel sees of the effect it would cancel.

An ability used through :func:`gameplay.engine.uses.use` resolves in a ``resolve_ability``
step; once its costs are paid, a response window for the trigger ``ability`` opens (cancels
answer it, with ``Ability(kind="cancel", trigger="ability")``) and the forced moment
``ability`` runs (Besiegers of Dorne: "Cancel the first effect ..."). The effect a cancel
would cancel is the first ``resolve_ability`` step of the queue (:func:`pending`). Of it a
cancel's condition may read:

- :func:`source` (the card whose ability it is) and :func:`pending_ability`;
- :func:`is_search`: whether it would let a player search a deck (``Ability.search``, or,
  when that is None, its text line says "search ... deck": Herald of the King);
- :func:`targets`: the cards chosen as its targets when it was used (``ctx["target"]``; a
  card chosen later, as it resolves, is not known yet: Maester Vyman);
- :func:`can_be_cancelled`: an effect with ``Ability(cannot_be_cancelled=True)`` ("(Cannot
  be canceled.)": Carrion Bird), or one cancelled already, cannot be; no cancel is offered
  against it (``uses._problem``) and :func:`gameplay.engine.uses.cancel` leaves it alone.

This module imports only :mod:`abilities` and :mod:`state`, so ``uses`` may ask it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import (
    TRIGGER_WORDS,
    Ability,
    add_lasting,
    facts,
    script_of,
)
from gameplay.engine.state import GameState

# A step key set (only when True) on the ``resolve_ability`` step of an effect that
# cannot be cancelled.
UNCANCELABLE = "uncancelable"


def pending(state: GameState) -> dict[str, Any] | None:
    """The ``resolve_ability`` step a cancel would cancel now (the first in the queue)."""
    for step in state.queue:
        if step["name"] == "resolve_ability":
            return step
    return None


def ability_of(state: GameState, ctx: dict[str, Any]) -> Ability | None:
    """The ability a ``resolve_ability`` step's ``ctx`` resolves."""
    ref = ctx.get("source")
    script = script_of(state, ref) if ref in state.cards else None
    index = int(ctx.get("index") or 0)
    if script is None or index >= len(script.abilities):
        return None
    return script.abilities[index]


def pending_ability(state: GameState) -> Ability | None:
    """The ability of the effect a cancel would cancel (None: there is none)."""
    step = pending(state)
    return ability_of(state, step["ctx"]) if step is not None else None


def source(state: GameState) -> str | None:
    """The card whose effect a cancel would cancel."""
    step = pending(state)
    return step["ctx"].get("source") if step is not None else None


def targets(state: GameState) -> list[str]:
    """The cards chosen as targets of the pending effect when it was used."""
    step = pending(state)
    if step is None:
        return []
    chosen = step["ctx"].get("target")
    return [chosen] if chosen else []


def can_be_cancelled(state: GameState) -> bool:
    """Whether there is an effect a cancel may cancel now: one is pending, not cancelled
    already and without "(Cannot be canceled.)"."""
    step = pending(state)
    return step is not None and not step["cancelled"] and not step.get(UNCANCELABLE)


# "(Non-prized event cards cannot cancel this effect.)" (Royal Decree, cad_98): the code of
# the card whose effect is pending -> ``rule(state, ref)``, whether the card ``ref`` may
# cancel that effect (uses._problem asks it of every cancel offered against it).
CANCELLED_ONLY_BY: dict[str, Callable[[GameState, str], bool]] = {}


def may_cancel(state: GameState, ref: str) -> bool:
    """Whether the card ``ref`` may cancel the pending effect (:data:`CANCELLED_ONLY_BY`)."""
    if not CANCELLED_ONLY_BY:
        return True
    step = pending(state)
    source = step["ctx"].get("source") if step is not None else None
    rule = CANCELLED_ONLY_BY.get(state.code(source)) if source in state.cards else None
    return rule is None or rule(state, ref)


def ability_text(state: GameState, ref: str, index: int) -> str:
    """The printed text line of ability ``index`` of a card (as ``abilities.ability_label``
    matches them: the triggered lines in order, else the whole text)."""
    text = facts(state, ref).text
    lines = [
        line.strip()
        for line in text.splitlines()
        if any(line.strip().lower().startswith(w.lower()) for w in TRIGGER_WORDS)
    ] or [line.strip() for line in text.splitlines() if line.strip()]
    return lines[min(index, len(lines) - 1)] if lines else ""


def searches(state: GameState, ref: str, index: int) -> bool:
    """Whether ability ``index`` of card ``ref`` would let a player search a deck: its
    ``search`` flag, else (a cancel never searches) whether its text line speaks of
    searching a deck."""
    script = script_of(state, ref) if ref in state.cards else None
    if script is None or index >= len(script.abilities):
        return False
    ability = script.abilities[index]
    if ability.search is not None:
        return ability.search
    if ability.kind == "cancel":  # "cancel an effect that would ... search": no search
        return False
    line = ability_text(state, ref, index).lower()
    return "search" in line and "deck" in line


def is_search(state: GameState) -> bool:
    """Whether the pending effect would let a player search a deck."""
    step = pending(state)
    if step is None:
        return False
    ctx = step["ctx"]
    return searches(state, ctx["source"], int(ctx.get("index") or 0))


# --- "Cancel the next effect triggered this phase" (The Painted Table, atoc_85) -----------
# A pending cancel is a lasting effect of this query (no passive reads it) until the end of
# the phase; the next ability used through ``uses.use`` (any player's: an action, a response,
# an event, a cancel), once its costs are paid, is cancelled and uses it up. An effect that
# cannot be cancelled uses it up too, and resolves. It ends unused with the phase.
PENDING_CANCEL = "cancel_next_effect"


def add_pending_cancel(
    state: GameState,
    seat: int,
    source: str | None,
    until: str = "phase",
    *,
    by: int | None = None,
    count: int = 1,
) -> None:
    """``seat``'s effect cancels the next effect triggered this phase (``until``: or this
    round); with ``by``, the next ``count`` effects triggered by that seat only ("the next 3
    effects triggered by a single opponent (of your choice) this round": Oberyn's Shield
    Bearer, kr_31)."""
    data: dict[str, Any] = {"seat": seat}
    if by is not None:
        data["by"] = by
    if count != 1:
        data["left"] = count
    add_lasting(state, PENDING_CANCEL, None, until, source, **data)


def take_pending_cancel(state: GameState, step: dict[str, Any]) -> bool:
    """At a ``resolve_ability`` ``step`` just queued: use up the first pending cancel that
    applies to its seat, if any, cancelling the step (unless it cannot be cancelled); True
    when one was used."""
    seat = step.get("ctx", {}).get("seat")
    found = next(
        (
            e
            for e in state.effects
            if e.get("query") == PENDING_CANCEL and e.get("by", seat) == seat
        ),
        None,
    )
    if found is None:
        return False
    if found.get("left", 1) > 1:
        found["left"] -= 1
    else:
        state.effects.remove(found)
    if not step.get(UNCANCELABLE):
        step["cancelled"] = True
    return True
