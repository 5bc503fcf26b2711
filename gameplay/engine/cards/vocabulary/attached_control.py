""" "Take control of attached character" (Enslaved, Ward): forced effects of the attachment.

As the attachment enters play (forced ``entered_play``) its controller takes control of the
character it is attached to; a ``btns_enslaved`` mark (a lasting effect while the character
stays in play) remembers who had it, and when the attachment leaves play (forced
``card_left_play``) control goes back to that player. Register both:
``forced={"entered_play": take_attached, "card_left_play": release_attached}``. The mark's
name is stored in saved games."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, add_lasting, attached_to, controller
from gameplay.engine.state import GameState

ENSLAVED = "btns_enslaved"


def take_attached(state: GameState, ctx: Ctx) -> None:
    """Forced ``entered_play``: the attachment's controller takes control of its host."""
    source = ctx["source"]
    if ctx["event"].get("card") != source or source not in state.in_play:
        return
    host = attached_to(state, source)
    seat = controller(state, source)
    if host is None or controller(state, host) == seat:
        return
    add_lasting(state, ENSLAVED, host, "play", source, to=controller(state, host))
    moves.take_control(state, host, seat)


def release_attached(state: GameState, ctx: Ctx) -> None:
    """Forced ``card_left_play``: control of the host goes back to the player who had it."""
    source = ctx["source"]
    if ctx["event"].get("card") != source:
        return
    marks = [e for e in state.effects if e["query"] == ENSLAVED and e["source"] == source]
    state.effects = [e for e in state.effects if e not in marks]
    for mark in marks:
        host = mark["subject"]
        if host in state.in_play and controller(state, host) != mark["to"]:
            moves.take_control(state, host, mark["to"])
