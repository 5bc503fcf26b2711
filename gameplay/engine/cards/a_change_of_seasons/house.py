"""Card scripts (a_change_of_seasons/house.py), each under its card's code and text."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import Ability, Ctx, attached_to, register
from gameplay.engine.cards.vocabulary import long_season
from gameplay.engine.seasons import SEASON_CHANGED
from gameplay.engine.state import GameState

# --- ator_41 The Long Winter / ator_44 The Long Summer --------------------------------------
# "Attach to a player's House card. (Limit 1 per House card.) If it is Winter, all
# characters with attached card's House affiliation get -1 STR. If it is Summer, return The
# Long Winter to its owner's hand." (The Long Summer: Summer, +1 STR; Winter, return.)
# Marshalled with =house or =house_<seat> (house_card.py); the return is the ``return_now``
# passive (checks.check_return_now, cannot be saved).

long_season("ator_41", "winter", "summer", -1)
long_season("ator_44", "summer", "winter", 1)


# --- ator_45 Demon's Dance -------------------------------------------------------------------
# "Response: After the season changes to Winter or to Summer, kill attached character
# (cannot be saved)." The trigger ``season_changed`` (seasons.py) is watched while it is in
# play; its event's ``season`` is the new one.


def _dance_may(state: GameState, ctx: Ctx) -> bool:
    host = attached_to(state, ctx["source"])
    return ctx["event"].get("season") in ("summer", "winter") and host in state.in_play


def _dance(state: GameState, ctx: Ctx) -> None:
    host = attached_to(state, ctx["source"])
    if host is not None and host in state.in_play:
        moves.kill(state, [host], savable=False)


register(
    "ator_45",
    Ability("response", _dance, trigger=SEASON_CHANGED, condition=_dance_may),
)
