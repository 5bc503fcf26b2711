"""Ancient Enemies: Ten Towers (acoa_21), which plays the top card of an opponent's discard
pile as though it were in your hand (gameplay/engine/from_pile.py)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import controller, facts, register
from gameplay.engine.from_pile import GRANTS
from gameplay.engine.state import GameState

TEN_TOWERS = "acoa_21"

# --- acoa_21 Ten Towers: "House Greyjoy only. While you control only House Greyjoy
# characters and locations, you may play the top card of one opponent's discard pile as
# though it were in your hand (Limit once per round)."
# A grant of from_pile: the top (last placed) card of each opponent's discard pile may be
# marshalled in your marshalling turn, or played if it is an event, once per round per Ten
# Towers (the mark ``ten_towers:<ref>``), while every character and location you control is
# printed House Greyjoy (Ten Towers itself is). You control what you marshal; its owner
# stays the opponent (it goes back to the owner's piles).


def _only_greyjoy(state: GameState, seat: int) -> bool:
    return all(
        "Greyjoy" in facts(state, r).houses
        for r in state.players[seat].in_play
        if facts(state, r).type in ("character", "location")
    )


def _ten_towers_grants(state: GameState, source: str, seat: int, base: list[Any]) -> list[Any]:
    if source not in state.in_play or controller(state, source) != seat:
        return base
    mark = f"ten_towers:{source}"
    if mark in state.used or not _only_greyjoy(state, seat):
        return base
    tops = [state.players[o].discard[-1] for o in state.opponents(seat) if state.players[o].discard]
    return base + [{"card": ref, "source": source, "mark": mark} for ref in tops]


register(TEN_TOWERS, passives={GRANTS: _ten_towers_grants})
