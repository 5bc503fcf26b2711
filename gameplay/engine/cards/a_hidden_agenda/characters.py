"""A Hidden Agenda (kr_101 to kr_120): the characters whose text is a passive (the three
Dragons, Gran Goodbrother, Southron Heiress, Mace Tyrell, Littlefinger)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameplay.engine.abilities import controller, facts, register, total_power
from gameplay.engine.cards.vocabulary import characters_of, in_play_of, not_summer
from gameplay.engine.state import GameState

# --- kr_116 Viserion, kr_117 Drogon, kr_118 Rhaegal ---------------------------------------
# "Rhaegal cannot be killed." (Viserion), "Viserion cannot be killed." (Drogon), "Drogon
# cannot be killed." (Rhaegal): the ``can_be_killed`` permission of every character in play
# with that name, whoever controls it.


def _protects(name: str) -> Callable[[GameState, str, Any, bool], bool]:
    def passive(state: GameState, source: str, subject: Any, base: bool) -> bool:
        if not base or not isinstance(subject, str) or subject not in state.in_play:
            return base
        return facts(state, subject).name != name

    return passive


for _code, _name in (("kr_116", "Rhaegal"), ("kr_117", "Viserion"), ("kr_118", "Drogon")):
    register(_code, passives={"can_be_killed": _protects(_name)})

# --- kr_104 Gran Goodbrother ---------------------------------------------------------------
# "If you control more locations than each opponent, Gran Goodbrother cannot be killed or
# discarded from play."


def _more_locations(state: GameState, seat: int) -> bool:
    mine = len(in_play_of(state, "location", seat))
    return all(mine > len(in_play_of(state, "location", o)) for o in state.opponents(seat))


def _gran_stays(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject != source or not base:
        return base
    return not _more_locations(state, controller(state, source))


register("kr_104", passives={"can_be_killed": _gran_stays, "can_be_discarded": _gran_stays})

# --- kr_110 Southron Heiress ---------------------------------------------------------------
# "Southron Heiress gains stealth and deadly when attacking a player who controls more
# characters than you."  While she is an attacker of the current challenge and the defending
# player controls more characters than her controller; gained as she is declared, her
# Stealth is chosen as the engine's Stealth step asks.


def _heiress_keywords(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if subject != source or challenge is None or source not in challenge["attackers"]:
        return base
    seat = controller(state, source)
    if len(characters_of(state, challenge["defender"])) > len(characters_of(state, seat)):
        return set(base) | {"stealth", "deadly"}
    return base


register("kr_110", passives={"keywords": _heiress_keywords})

# --- kr_102 Mace Tyrell --------------------------------------------------------------------
# "Renown. If it is not Summer, reduce the amount of power required for each player to win
# the game by 1 for each power on Mace Tyrell."  Every seat's ``power_to_win``.


def _mace_power(state: GameState, source: str, subject: Any, base: int) -> int:
    if not not_summer(state):
        return base
    return base - state.in_play[source].power


register("kr_102", passives={"power_to_win": _mace_power})

# --- kr_112 Littlefinger -------------------------------------------------------------------
# "Stealth. Immune to opponents' events. Reduce the cost to bring Littlefinger out of shadows
# by a single opponent's (your choice) current power total. Increase the claim value on your
# revealed plot card by 1 when attacking an opponent with more power than you."  The first
# sentence works from Shadows (``own_shadow_cost``) and takes the opponent with the most
# power (the choice that lowers the cost most); the claim: while his controller is the
# attacker and the defending player's total power is higher than his controller's.


def _littlefinger_cost(state: GameState, ref: str, seat: int, cost: int) -> int:
    return cost - max((total_power(state, o) for o in state.opponents(seat)), default=0)


def _littlefinger_claim(state: GameState, source: str, subject: Any, base: int) -> int:
    challenge = state.challenge
    seat = controller(state, source)
    if challenge is None or subject != seat or challenge["attacker"] != seat:
        return base
    if total_power(state, challenge["defender"]) > total_power(state, seat):
        return base + 1
    return base


register(
    "kr_112",
    passives={"own_shadow_cost": _littlefinger_cost, "claim": _littlefinger_claim},
)
