"""The printed keyword Prized X (the Conquest and Defiance cycle): "Whenever a prized
character, location, or attachment leaves play, or a prized event card is played, each
opponent of the player who used the prized card claims power equal to its prized value"
(``moves.prized``, which the ``prized_power`` passive raises: Seizing the Prize). A prized
plot card does the same as it moves to its owner's used pile (``plot_to_used_pile``).

``prized_card(code)`` registers the keyword on a card with "prized X" among its keywords:
the forced effects of ``card_left_play``, ``played`` (events only) and
``plot_to_used_pile`` on the card itself; the value is read from its keywords as it
leaves or is played, so a card whose prized keyword is gone claims nothing.
``prized_value(state, ref)`` (0 for a card without the keyword) and ``is_prized``
answer "a prized card" (Seasoned Smuggler, Doran Martell, Knight of the Songs).
"""

from __future__ import annotations

import re

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, keywords, register
from gameplay.engine.state import GameState

_PRIZED = re.compile(r"prized (\d+)")


def prized_value(state: GameState, ref: str) -> int:
    """The prized value of a card (the highest "prized X" it has), 0 when it has none."""
    found = [int(m.group(1)) for w in keywords(state, ref) if (m := _PRIZED.fullmatch(w.lower()))]
    return max(found, default=0)


def is_prized(state: GameState, ref: str) -> bool:
    """Whether a card has the prized keyword."""
    return prized_value(state, ref) > 0


def _left_play(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    amount = prized_value(state, ctx["source"])
    if event.get("card") == ctx["source"] and amount:
        moves.prized(state, event["controller"], amount)


def _played(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    amount = prized_value(state, ctx["source"])
    if event.get("card") == ctx["source"] and event.get("type") == "event" and amount:
        moves.prized(state, event["seat"], amount)


def _plot_used(state: GameState, ctx: Ctx) -> None:
    event = ctx["event"]
    amount = prized_value(state, ctx["source"])
    if event.get("card") == ctx["source"] and amount:
        moves.prized(state, event["seat"], amount)


def prized_card(code: str) -> None:
    """Register the printed Prized keyword of ``code`` (an event: when played; a plot: as
    it moves to the used pile; any other card: when it leaves play)."""
    register(
        code,
        forced={"card_left_play": _left_play, "played": _played, "plot_to_used_pile": _plot_used},
    )
