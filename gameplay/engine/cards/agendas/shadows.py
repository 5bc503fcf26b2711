"""Agendas that use Shadows (uses.py, "Shadows")."""

from __future__ import annotations

import re

from gameplay.engine.abilities import facts, register
from gameplay.engine.cards.agendas.common import owner
from gameplay.engine.state import GameState

# --- kl_20 City of Shadows ---------------------------------------------------------------------
# "You may ignore the "House X only" deckbuilding restriction on any card with the Shadow
# crest. Whenever you bring any card with a "House X only" restriction that does not match your
# House card out of Shadows, pay 1 additional gold. If you do not have any cards in Shadows,
# you cannot claim power for unopposed challenges." (The deck-building line is decks/validation's.)

_HOUSE_ONLY = re.compile(r"House (\w+) only", re.IGNORECASE)


def _off_house(state: GameState, seat: int, ref: str) -> bool:
    """Whether a card says "House X only" for a House other than ``seat``'s House card."""
    found = _HOUSE_ONLY.search(facts(state, ref).text.split("\n")[0])
    return found is not None and found.group(1).lower() != state.players[seat].house.lower()


def _city_out_cost(state: GameState, source: str, subject: tuple[int, str], base: int) -> int:
    seat, ref = subject
    return base + 1 if seat == owner(state, source) and _off_house(state, seat, ref) else base


def _city_unopposed(state: GameState, source: str, seat: int, base: int) -> int:
    mine = seat == owner(state, source)
    return 0 if mine and not state.players[seat].shadows else base


register("kl_20", passives={"shadow_out_cost": _city_out_cost, "unopposed_power": _city_unopposed})
