"""Fire and Ice (kr_21 to kr_40): the characters whose text holds all the time (passives
and the Summer and Winter bonuses); the characters with triggered abilities are in
abilities.py."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import controller, is_character, register, season
from gameplay.engine.cards.vocabulary import NAVAL, in_play_of, summer
from gameplay.engine.state import GameState

SEASON_STR = 2  # Ser Imry Florent
DROGO_BALON_STR = 2
DROWNED_STR = 1


def more_than_each_opponent(state: GameState, seat: int, kind: str) -> bool:
    """``seat`` controls more cards of type ``kind`` than each opponent."""
    mine = len(in_play_of(state, kind, seat))
    return all(mine > len(in_play_of(state, kind, other)) for other in state.opponents(seat))


# --- kr_21 Ser Imry Florent -----------------------------------------------------------------
# "Ser Imry Florent cannot be returned to your hand. If it is Summer or Winter, Ser Imry
# Florent gets +2 STR and gains deadly."  The ``can_return_to_hand`` permission refuses any
# return of him to his owner's hand (an effect of any player's card); a return made with the
# bare move as a cost (leaving.leave_play) is not refused, as for Aloof and Apart.


def _imry_return(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return False if subject[0] == source else base


def _imry_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    if subject == source and season(state) is not None:
        return base + SEASON_STR
    return base


def _imry_keywords(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject == source and season(state) is not None:
        return set(base) | {"deadly"}
    return base


register(
    "kr_21",
    passives={
        "can_return_to_hand": _imry_return,
        "strength": _imry_strength,
        "keywords": _imry_keywords,
    },
)

# --- kr_22 Ser Garlan Tyrell ----------------------------------------------------------------
# "Renown. Deadly. If it is Summer, kneel Ser Garlan Tyrell and discard all power from him."
# While it is Summer he kneels (``kneel_now``) and loses all his power (``power_off_now``):
# checked after every step, so power he gains in Summer (Renown) goes at once.


def _garlan_summer(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if subject == source and summer(state) else base


register("kr_22", passives={"kneel_now": _garlan_summer, "power_off_now": _garlan_summer})

# --- kr_24 Balon Greyjoy --------------------------------------------------------------------
# "Renown. If it is Winter, each of your characters gets +2 STR while you control more
# locations than each opponent."
# --- kr_36 Khal Drogo -----------------------------------------------------------------------
# "Renown. If it is Summer, each of your characters gets +2 STR while you control more
# attachments than each opponent."  Attachments on a House card count as controlled.


def _army_bonus(when: str, kind: str) -> Any:
    def passive(state: GameState, source: str, subject: Any, base: int) -> int:
        if not isinstance(subject, str) or subject not in state.in_play:
            return base
        seat = controller(state, source)
        if controller(state, subject) != seat or not is_character(state, subject):
            return base
        if season(state) == when and more_than_each_opponent(state, seat, kind):
            return base + DROGO_BALON_STR
        return base

    return passive


register("kr_24", passives={"strength": _army_bonus("winter", "location")})
register("kr_36", passives={"strength": _army_bonus("summer", "attachment")})

# --- kr_26 Damphair's Drowned ---------------------------------------------------------------
# "If you control more locations than each opponent, Damphair's Drowned gets +1 STR and gains
# an [Intrigue] icon with a [Naval] enhancement."


def _drowned_ahead(state: GameState, source: str) -> bool:
    return more_than_each_opponent(state, controller(state, source), "location")


def _drowned_strength(state: GameState, source: str, subject: Any, base: int) -> int:
    return base + DROWNED_STR if subject == source and _drowned_ahead(state, source) else base


def _drowned_icons(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject == source and _drowned_ahead(state, source):
        return set(base) | {"intrigue"}
    return base


register(
    "kr_26",
    passives={"strength": _drowned_strength, "icons": _drowned_icons, NAVAL: _drowned_icons},
)
