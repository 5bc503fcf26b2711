"""Where Loyalty Lies: the Marshalling cards (Oath of Fealty, Ocean Road)."""

from __future__ import annotations

from gameplay.engine import moves
from gameplay.engine.abilities import KNEEL_SELF, Ability, Cost, Ctx, register
from gameplay.engine.cards.vocabulary import characters_of, event, has_trait
from gameplay.engine.rules import add_reduction
from gameplay.engine.state import GameState


def _knight(state: GameState, ref: str) -> bool:
    return has_trait(state, ref, "Knight")


# --- atoc_66 Oath of Fealty ------------------------------------------------------------------
# "House Lannister only. Marshalling: Kneel a Knight character to add 1 gold to your gold
# pool for each Knight character you control."  The knelt Knight (one of yours, the cost) is
# counted with the others, knelt or standing, as the event resolves. "House Lannister only"
# is a deckbuilding rule (the deck checks).


def _oath(state: GameState, ctx: Ctx) -> None:
    seat = ctx["seat"]
    knights = sum(1 for r in characters_of(state, seat) if _knight(state, r))
    moves.gain_gold(state, seat, knights, "ability")


register(
    "atoc_66",
    event(
        _oath,
        phases=("marshalling",),
        costs=(Cost("kneel", 1, _knight, "Knight character"),),
    ),
)


# --- atoc_78 Ocean Road ----------------------------------------------------------------------
# "Limit 1 per deck. Marshalling: Kneel Ocean Road to lower the cost of the next character
# with a [Noble] or [War] crest you play this phase by 1."  A printed crest (the reduction
# is read from the card's facts, like the other "next ... you play" reductions).


def _ocean_road(state: GameState, ctx: Ctx) -> None:
    add_reduction(state, ctx["seat"], 1, ctx["source"], types=("character",))
    state.effects[-1]["crests"] = ["noble", "war"]


register(
    "atoc_78",
    Ability("action", _ocean_road, phases=("marshalling",), costs=(KNEEL_SELF,)),
)
