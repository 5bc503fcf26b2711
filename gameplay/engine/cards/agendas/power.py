"""Agendas that change the power needed to win, the gold penalty, and what characters of a
trait gain: the Treaties (low_39, kl_11, kl_15) and The North agendas (dotn_19 ... dotn_119).
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import facts, register
from gameplay.engine.cards.agendas.common import (
    NORTH_EXTRA,
    WIN_MINIMUM,
    has_trait,
    is_char,
    owner,
    runs_trait,
)
from gameplay.engine.cards.vocabulary.first_play import first_play_reduction
from gameplay.engine.cards.vocabulary.targets import agenda_trait
from gameplay.engine.state import GameState

# --- low_39 Treaty with the North / kl_11 Treaty with the Isles / kl_15 Treaty with the
# South: "Ignore the out of House gold penalty on all [House] cards. Each opponent without a
# Treaty agenda needs 5 fewer power (to a minimum of 10) to win the game."


def no_penalty_for(house: str) -> Any:
    def passive(state: GameState, source: str, subject: tuple[int, str], base: int) -> int:
        seat, ref = subject
        if seat == owner(state, source) and house in facts(state, ref).houses:
            return 0
        return base

    return passive


def treaty_power(state: GameState, source: str, seat: int, base: int) -> int:
    mine = owner(state, source)
    if seat == mine or seat not in state.opponents(mine) or runs_trait(state, seat, "Treaty"):
        return base
    return max(min(base, WIN_MINIMUM), base - 5)


for _code, _house in (("low_39", "Stark"), ("kl_11", "Greyjoy"), ("kl_15", "Martell")):
    register(
        _code,
        passives={"gold_penalty": no_penalty_for(_house), "power_to_win": treaty_power},
    )


# --- The North agendas: "You need 2 additional power to win the game." plus a bonus for
# Night's Watch or Wildling characters you control.


def north_power(state: GameState, source: str, seat: int, base: int) -> int:
    return base + NORTH_EXTRA if seat == owner(state, source) else base


def _yours(state: GameState, source: str, ref: str, trait: str) -> bool:
    return (
        ref in state.in_play
        and state.in_play[ref].controller == owner(state, source)
        and is_char(state, ref)
        and agenda_trait(state, ref, trait)  # Coldhands: as if Night's Watch and Wildling
    )


def gains_icon(icon: str) -> Any:
    def passive(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
        return base | {icon} if _yours(state, source, ref, "Night's Watch") else base

    return passive


def wildling_stealth(state: GameState, source: str, ref: str, base: set[str]) -> set[str]:
    return base | {"stealth"} if _yours(state, source, ref, "Wildling") else base


def wildling_strength(state: GameState, source: str, ref: str, base: int) -> int:
    return base + 1 if _yours(state, source, ref, "Wildling") else base


register("dotn_19", passives={"power_to_win": north_power, "icons": gains_icon("military")})
register("dotn_59", passives={"power_to_win": north_power, "icons": gains_icon("power")})
register("dotn_99", passives={"power_to_win": north_power, "icons": gains_icon("intrigue")})
register("dotn_39", passives={"power_to_win": north_power, "keywords": wildling_stealth})
register("dotn_79", passives={"power_to_win": north_power, "strength": wildling_strength})


# --- dotn_119 Blood of the First Men: "Reduce the cost of the first unique Wildling
# character you play from your hand each round by 1." Marshalling is playing from hand; the
# reduction is used up by that card (a "played" forced effect marks the round).

# first_play_reduction lives in the vocabulary (cards/vocabulary/first_play.py).


def _unique_wildling(state: GameState, ref: str) -> bool:
    card = facts(state, ref)
    return card.type == "character" and card.unique and agenda_trait(state, ref, "Wildling")


_cost, _played = first_play_reduction(1, _unique_wildling)
register(
    "dotn_119",
    passives={"power_to_win": north_power, "cost": _cost},
    forced={"played": _played},
)


# --- bwb_39 The Brotherhood Without Banners: "If you would claim or move power to your
# House, you must place it on a Brotherhood character you control instead. Opponents may
# choose and take power from your Brotherhood characters to fulfill the claim of Power
# challenges initiated against you." Without a Brotherhood character, such power is not
# claimed or moved at all (RULINGS.md).


def _brotherhood(state: GameState, source: str, seat: int, base: Any) -> Any:
    if seat != owner(state, source):
        return base
    return [
        r
        for r in state.players[seat].in_play
        if is_char(state, r) and has_trait(state, r, "Brotherhood")
    ]


register(
    "bwb_39",
    passives={"house_power_cards": _brotherhood, "claim_power_cards": _brotherhood},
)
