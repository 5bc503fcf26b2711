"""Valar Dohaeris locations and attachment: Castle Battlements (btns_23), Braavos (btns_35)
and Norvos (btns_36)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import attached_to, controller, facts, register
from gameplay.engine.cards.vocabulary import free_city
from gameplay.engine.state import GameState

# --- btns_23 Castle Battlements -----------------------------------------------------------
# "House Stark only. Attach to a location you control. Attached location is immune to other
# non-plot card effects. While you are the defending player, non-unique characters lose
# stealth and deadly."  (Errata: "other".) The immunity is the engine's ``immune`` query;
# Castle Battlements has no effect on its location to be immune to. While a challenge is
# initiated against its controller, every non-unique character (any player's) loses both
# keywords, so such an attacker cannot use stealth against him.

BATTLEMENTS_IMMUNITY = "immune to non-plot card effects"


def _own_location(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return seat is None or controller(state, target) == seat


def _battlements_immune(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if isinstance(subject, str) and subject == attached_to(state, source):
        return set(base) | {BATTLEMENTS_IMMUNITY}
    return base


def _battlements_keywords(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if challenge is None or challenge.get("defender") != controller(state, source):
        return base
    if not isinstance(subject, str) or subject not in state.in_play:
        return base
    card = facts(state, subject)
    if card.type != "character" or card.unique:
        return base
    return set(base) - {"stealth", "deadly"}


_battlements = register(
    "btns_23",
    attach_rule=_own_location,
    passives={"immune": _battlements_immune, "keywords": _battlements_keywords},
)
_battlements.attach_types = ("location",)

# --- btns_35 Braavos / btns_36 Norvos -----------------------------------------------------
# "Lower the cost of the first out-of-House [Stark] ([Martell]) card you play each round by
# 1. Lower the cost of the first Lady (Lord) character you play each round by 1. [+1
# Influence]"  vocabulary.free_city: each reduction is used up by the first such card its
# controller marshals from the hand that round (events have no gold cost to lower and do
# not use it up); one card may use both.

free_city("btns_35", "Stark", "Lady")
free_city("btns_36", "Martell", "Lord")
