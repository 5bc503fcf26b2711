"""Castle plot cards (the Secrets and Schemes cycle): "Castle. After this plot is placed in
your used pile, ...", "After a Castle plot card is placed in (moved to) your used pile",
"While there is at least 1 Castle plot card revealed".

The Castle trait of a plot is printed as the first word of its text; the fixtures list it
among the traits of some printings only (Holding Council) and not of others (Naming the
Heir, Kings of Mountain and Vale), so a card is a Castle plot when it has the trait now, its
printed text opens with "Castle.", or it was declared one (:func:`castle_plot`).

A plot moving to its owner's used pile fires ``plot_to_used_pile`` (event ``card`` and
``plot``: the plot, ``seat``: its owner; ``steps._to_used_pile``): its forced effects, then
a response window in a game with a card answering it.

- :func:`is_castle` — a Castle plot card;
- :func:`castle_revealed` — the revealed Castle plots ("at least 1 Castle plot revealed");
- :func:`castle_plot` — declare a Castle plot and, with ``effect``, register "Castle. After
  this plot is placed in your used pile, <effect>" (a forced effect of the plot on itself,
  run as its owner's);
- :func:`castle_to_your_used_pile` — the condition "After a Castle plot card is placed in
  your used pile" of a response on ``plot_to_used_pile``.

(Written by a helper of this cycle, briefly overwritten by a reconstruction written at the
same second, and restored by the a_deadly_game helper with both call forms:
``castle_plot(code)`` and ``castle_plot(code, effect)``.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import Ctx, facts, register, traits
from gameplay.engine.state import GameState

CASTLE = "Castle"
TO_USED_PILE = "plot_to_used_pile"

# Plot codes declared Castle plots (their "Castle." is printed in their text).
CASTLE_CODES: set[str] = set()


def is_castle(state: GameState, ref: str | None) -> bool:
    """Whether ``ref`` is a Castle plot card (its traits now, "Castle." opening its printed
    text, or declared with :func:`castle_plot`)."""
    if ref is None or ref not in state.cards:
        return False
    if state.cards[ref].code in CASTLE_CODES:
        return True
    printed = facts(state, ref)
    if printed.type != "plot":
        return False
    return CASTLE in traits(state, ref) or printed.text.lstrip().startswith(CASTLE + ".")


def castle_revealed(state: GameState) -> list[str]:
    """The revealed plot cards that are Castle plots (truthy: "at least 1 Castle plot card
    revealed")."""
    return [
        p.revealed_plot
        for p in state.players
        if p.revealed_plot is not None and is_castle(state, p.revealed_plot)
    ]


def castle_plot(code: str, effect: Callable[[GameState, Ctx], None] | None = None) -> None:
    """Declare ``code`` a Castle plot; with ``effect``, register "Castle. After this plot is
    placed in your used pile, <effect>" on it: ``effect(state, ctx)`` runs with
    ``ctx["seat"]`` its owner when this plot (not another) moves to the used pile."""
    CASTLE_CODES.add(code)
    if effect is None:
        return

    def _placed(state: GameState, ctx: Ctx) -> None:
        if ctx["event"].get("card") == ctx["source"]:
            effect(state, ctx)

    register(code, forced={TO_USED_PILE: _placed})


def castle_to_your_used_pile(state: GameState, ctx: Ctx) -> bool:
    """ "After a Castle plot card is placed in your used pile": the ``plot_to_used_pile``
    event's plot is a Castle plot of the ability's seat."""
    event: dict[str, Any] = ctx["event"]
    return event.get("seat") == ctx["seat"] and is_castle(state, event.get("card"))
