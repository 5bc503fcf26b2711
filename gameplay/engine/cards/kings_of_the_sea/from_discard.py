"""Kings of the Sea: Robert Baratheon (kotse_35), who plays an event from the discard pile
as if from the hand (gameplay/engine/from_pile.py)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import controller, facts, register, traits
from gameplay.engine.from_pile import GRANTS
from gameplay.engine.state import GameState

ROBERT = "kotse_35"

# --- kotse_35 Robert Baratheon: "Renown. If Robert Baratheon is the only King character in
# play, he gains: "Any Phase: Kneel Robert Baratheon to play an "Any Phase" event card from
# your discard pile as if you just played it from your hand. Then, shuffle that event card
# back into your deck.""
# A grant of from_pile: while he stands and is the only King in play, each Any Phase event
# in his controller's discard pile may be played (in an action window, its own costs and
# targets as from the hand) with kneeling Robert as an extra cost; once it has resolved (or
# was cancelled) it is shuffled into its owner's deck.


def any_phase_event(state: GameState, ref: str) -> bool:
    """An event card with an "Any Phase:" ability (printed)."""
    card = facts(state, ref)
    lines = (line.strip().lower() for line in card.text.splitlines())
    return card.type == "event" and any(line.startswith("any phase:") for line in lines)


def _only_king(state: GameState, source: str) -> bool:
    kings = [
        r
        for r in state.in_play
        if facts(state, r).type == "character" and "King" in traits(state, r)
    ]
    return kings == [source]


def _robert_grants(state: GameState, source: str, seat: int, base: list[Any]) -> list[Any]:
    record = state.in_play.get(source)
    if record is None or record.knelt or controller(state, source) != seat:
        return base
    if not _only_king(state, source):
        return base
    found = [
        {"card": ref, "source": source, "kneel": source, "then": "shuffle", "types": ["event"]}
        for ref in state.players[seat].discard
        if any_phase_event(state, ref)
    ]
    return base + found if found else base


register(ROBERT, passives={GRANTS: _robert_grants})
