"""Knights of the Hollow Hill (bwb_59): no setup placement, no gold bonus from your other
cards, and a House card with +2 income, +2 influence and +2 initiative."""

from __future__ import annotations

from gameplay.engine.abilities import controller, register
from gameplay.engine.cards.agendas.common import owner
from gameplay.engine.state import GameState

HOLLOW_HILL = "bwb_59"
BONUS = 2

# --- bwb_59 Knights of the Hollow Hill: "This agenda counts as 5 cards at your command.
# You cannot place cards during the setup phase. Other cards you control do not provide a
# gold bonus. Your House card gains: [+2 Income] [+2 Influence] [+2 Initiative]"
# The first sentence is deck building (decks/validation) and the query
# ``cards_at_command`` (vocabulary/command.py: Hammerhorn, Rally Cry). Setup: the
# ``can_place_setup`` permission (rules.check_setup) allows only placing nothing. "Gold
# bonus": the printed [+N Income] of the cards the owner controls (``income_bonus`` to 0);
# the House card's +2 is income of the seat (FAQ: it is not removed), +2 initiative
# likewise. The +2 influence: the House card kneels for 2 influence (``house_influence``,
# influence.py), once until it stands in the standing phase (the mark
# ``house_knelt:<seat>``, shared with Alliance).


def _no_setup(state: GameState, source: str, seat: int, base: bool) -> bool:
    return False if seat == owner(state, source) else base


def _no_gold_bonus(state: GameState, source: str, ref: str, base: int) -> int:
    return 0 if controller(state, ref) == owner(state, source) and base > 0 else base


def _house_bonus(state: GameState, source: str, seat: int, base: int) -> int:
    return base + BONUS if seat == owner(state, source) else base


def _five_at_command(state: GameState, source: str, seat: int, base: int) -> int:
    return base + 5 if seat == owner(state, source) else base  # vocabulary.command


register(
    HOLLOW_HILL,
    passives={
        "can_place_setup": _no_setup,
        "income_bonus": _no_gold_bonus,
        "income": _house_bonus,
        "initiative": _house_bonus,
        "house_influence": _house_bonus,
        "cards_at_command": _five_at_command,
    },
)
