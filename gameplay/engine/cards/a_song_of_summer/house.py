"""Card scripts (a_song_of_summer/house.py), each under its card's code and text: the
attachments on a House card (gameplay/engine/house_card.py) and the Ravens."""

from __future__ import annotations

from gameplay.engine import house_card, moves
from gameplay.engine.abilities import (
    Ctx,
    controller,
    register,
    season,
)
from gameplay.engine.cards.vocabulary import never_on_a_card, played_itself, raven
from gameplay.engine.state import GameState

# --- ator_2 Black Raven (and White Raven, ator_24, The Winds of Winter) --------------------
# "Immune to non-Raven cards. Attach Black Raven to your House card and discard all other
# Raven attachments from play. It is Summer. Each player takes 1 additional gold token when
# he or she counts income." The immunity is its keyword (abilities.immune_to with the
# source's traits). Entering play it discards every other attachment with the Raven trait
# in play, anyone's (the usual saves apply: the text does not forbid them).


raven("ator_2", "summer", 1)


# --- ator_3 Summer Tax -------------------------------------------------------------------------
# "Attach to a player's House card. After you play Summer Tax, draw a card. If it is Summer,
# attached card's owner needs 1 additional power to win the game. If it is Winter, attached
# card's owner needs 1 less power to win the game." Marshalled with =house or =house_<seat>;
# the draw is a forced effect of its ``played`` (within the draw cap).


def _tax_power(state: GameState, source: str, side: object, base: int) -> int:
    if side != house_card.house_of(state, source):
        return base
    now = season(state)
    return base + 1 if now == "summer" else base - 1 if now == "winter" else base


def _tax_draw(state: GameState, ctx: Ctx) -> None:
    if played_itself(ctx):
        moves.effect_draw(state, ctx["seat"], 1)


register(
    "ator_3",
    passives={"power_to_win": _tax_power},
    forced={"played": _tax_draw},
    attach_rule=never_on_a_card,
    house_rule=house_card.any_house,
)


# --- ator_5 Dragon Sight -------------------------------------------------------------------
# "House Targaryen only. Attach to your House card. If if is Summer, when you declare a
# challenge type, your opponent must declare defenders before you declare attackers. The
# opportunity for your opponent to declare defenders after you declare attackers is lost."
# The flag ``defenders_first`` (subject the attacking seat): challenges.declare asks the
# defender first, then the attacker (no Stealth or Crown Regent in between: RULINGS).


def _defenders_first(state: GameState, source: str, seat: object, base: bool) -> bool:
    mine = seat == controller(state, source) and house_card.house_of(state, source) == seat
    return True if mine and season(state) == "summer" else base


register(
    "ator_5",
    passives={"defenders_first": _defenders_first},
    attach_rule=never_on_a_card,
    house_attachment=True,
)


# --- The Long Winter / The Long Summer (A Change of Seasons, ator_41 / ator_44) --------------
