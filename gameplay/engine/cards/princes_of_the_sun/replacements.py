"""Princes of the Sun: Darkstar (pots_4), put into play when he would be discarded from the
hand or deck (moves.to_discard_pile), and The Hound (pots_35), who returns to his owner's
hand after a character's STR is lowered (the ``strength_reduced`` trigger)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, facts, register
from gameplay.engine.cards.vocabulary.strength import (
    STR_LISTENERS,
    STR_REDUCED,
    reduced_by_attachment,
)
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

DARKSTAR = "pots_4"
HOUND = "pots_35"

# --- pots_4 Darkstar: "House Martell only. Vengeful. Renown. If Darkstar would be discarded
# from your hand or deck, put him into play instead."
# A replacement on the one path of discards from a hand or a deck (moves.to_discard_pile:
# random and chosen hand discards, the claim of an Intrigue challenge, "discard the top
# card(s) of a deck"): he enters play under his owner instead (entered_play, not played).
# When he could not enter play (a copy of his in play or in his owner's dead pile), he is
# discarded as usual.


def _darkstar(state: GameState, ref: str) -> bool:
    owner = state.cards[ref].owner
    if unique_problem(state, owner, facts(state, ref)) is not None:
        return False
    state.emit("replaced", card=ref, code=state.code(ref), what="discarded")
    put_into_play(state, owner, ref)
    return True


moves.DISCARD_REPLACEMENTS[DARKSTAR] = _darkstar
register(DARKSTAR)


# --- pots_35 The Hound: "No attachments except Weapon. After a character's STR is lowered,
# return The Hound to his owner's hand."
# Forced, at ``strength_reduced`` (cards/vocabulary/strength.py: a lasting effect giving a
# character in play less STR, or an attachment with a negative STR modifier entering play
# on one), any character's, his own included. A constant effect ("characters get -1 STR"
# while a card is in play) is not a moment and does not return him. The return can be
# saved (a duplicate).


def _hound_returns(state: GameState, ctx: Ctx) -> None:
    if ctx["source"] in state.in_play:
        moves.return_to_hand(state, [ctx["source"]])


STR_LISTENERS.add(HOUND)
register(HOUND, forced={STR_REDUCED: _hound_returns, "entered_play": reduced_by_attachment})
