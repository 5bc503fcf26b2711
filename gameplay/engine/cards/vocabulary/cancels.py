"""Cancels that read what the pending effect would do (gameplay.engine.cancels shows it):
"cancel 1 card effect that would allow an opponent to draw" (Wildling Wisewoman), "cancel
1 event card or character ability that chooses a <Trait> character as a target" (Starfall
Advisor).

The engine's cancels see the triggered abilities used through ``uses.use`` (the first
``resolve_ability`` step, before its window ``ability``); a plot's "When revealed" effect
and a forced effect open no such window and cannot be cancelled this way."""

from __future__ import annotations

import re
from collections.abc import Callable

from gameplay.engine import cancels
from gameplay.engine.abilities import TRIGGER_WORDS, facts, is_character
from gameplay.engine.state import GameState

_DRAW = re.compile(r"\bdraws?\b(?! cap)")


def drawers(state: GameState) -> set[int]:
    """The seats the pending effect would let draw cards, read from its text line: the
    player using it ("draw 1 card", "you ... draw"), that player's opponents too where the
    line speaks of an opponent drawing ("You and that opponent each draw 2 cards"), every
    seat for "each player" / "all players". Empty when nothing is pending, it cannot be
    cancelled, or its text draws nothing (a trigger word "Draw:" is no draw)."""
    step = cancels.pending(state)
    if step is None or not cancels.can_be_cancelled(state):
        return set()
    ctx = step["ctx"]
    line = cancels.ability_text(state, ctx["source"], int(ctx.get("index") or 0)).lower()
    for word in TRIGGER_WORDS:
        line = line.removeprefix(word.lower())
    if not _DRAW.search(line):
        return set()
    seat = ctx["seat"]
    if "each player" in line or "all players" in line:
        return set(range(len(state.players)))
    found = {seat}
    if "opponent" in line:
        found |= set(state.opponents(seat))
    return found


def lets_opponent_draw(state: GameState, seat: int) -> bool:
    """The pending effect would let an opponent of ``seat`` draw (:func:`drawers`)."""
    return bool(drawers(state) & set(state.opponents(seat)))


def targets_character(
    state: GameState, match: Callable[[GameState, str], bool], kinds: tuple[str, ...]
) -> bool:
    """The pending effect is an ability of a card of one of ``kinds`` (its printed type:
    "event", "character" ...) that chose, as it was used, a character that ``match``es."""
    source = cancels.source(state)
    if source is None or not cancels.can_be_cancelled(state):
        return False
    if facts(state, source).type not in kinds:
        return False
    return any(
        r in state.cards and is_character(state, r) and match(state, r)
        for r in cancels.targets(state)
    )


# "Put X into play from your dead pile", "choose a character in your dead or discard pile
# and return it to your hand", "from a player's discard pile ...": a pile the card leaves.
_PILE = r"(?:dead|discard)(?: or (?:dead|discard))? piles?"
_OUT_OF_PILE = re.compile(
    rf"\bfrom (?:(?!to\b|into\b|hand\b|deck\b|play\b)[\w']+ ){{0,4}}?{_PILE}"
    rf"|\b(?:card|character|location|attachment|event)s?\b(?: [\w'-]+){{0,4}}?"
    rf" in (?:[\w']+ ){{0,3}}?{_PILE}"
)
_MOVES = re.compile(r"\b(?:return|put|shuffle|take|place|attach|remove|play)")


def moves_out_of_pile(state: GameState) -> bool:
    """The pending effect would move a card out of a player's dead or discard pile, read
    from its text line: it speaks of a card "from" or "in" a dead or discard pile and moves
    one (returns, puts into play, shuffles ...): Island Smuggler. Only triggered abilities
    (the engine's ``ability`` window); a when revealed or forced effect is not seen."""
    step = cancels.pending(state)
    if step is None or not cancels.can_be_cancelled(state):
        return False
    ctx = step["ctx"]
    line = cancels.ability_text(state, ctx["source"], int(ctx.get("index") or 0)).lower()
    for word in TRIGGER_WORDS:
        line = line.removeprefix(word.lower())
    found = _OUT_OF_PILE.search(line)
    return found is not None and _MOVES.search(line) is not None
