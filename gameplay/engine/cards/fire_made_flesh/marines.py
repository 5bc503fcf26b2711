"""Fire Made Flesh: Iron Islands Marines (cad_44), a location that becomes a character.

"Challenges: Discard a card from your hand to turn Iron Islands Marines into an Army
character with 3 STR, deadly, a military icon, and a power icon until the end of the phase."

Read as: a lasting ``cad_marines`` effect on the card (until the end of the phase) gives it a
face (:data:`gameplay.engine.abilities.FACES`, as Jousting Steed) of a character: STR 3, the
military and power icons, deadly, its printed traits and the Army trait, its printed text;
standing or kneeling as it was, it may then attack or defend like any character. When the
phase ends it is the printed location again. Not used while it already is a character.
"""

from __future__ import annotations

from dataclasses import replace

from gameplay.engine.abilities import FACES, Ability, Cost, Ctx, add_lasting, register
from gameplay.engine.card_facts import CardFacts
from gameplay.engine.state import GameState

MARINES = "cad_44"
TURNED = "cad_marines"
_FACE: dict[CardFacts, CardFacts] = {}


def turned(state: GameState, ref: str) -> bool:
    """Whether the Marines ``ref`` are a character now."""
    return any(e["query"] == TURNED and e["subject"] == ref for e in state.effects)


def _face(state: GameState, ref: str, printed: CardFacts) -> CardFacts:
    if not turned(state, ref):
        return printed
    found = _FACE.get(printed)
    if found is None:
        found = _FACE[printed] = replace(
            printed,
            type="character",
            strength=3,
            icons=frozenset(("military", "power")),
            keywords=printed.keywords | {"deadly"},
            traits=printed.traits | {"Army"},
        )
    return found


FACES[MARINES] = _face


def _not_turned(state: GameState, ctx: Ctx) -> bool:
    return not turned(state, ctx["source"])


def _turn(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play and not turned(state, source):
        add_lasting(state, TURNED, source, "phase", source)


register(
    MARINES,
    Ability(
        "action",
        _turn,
        phases=("challenges",),
        costs=(Cost("discard_hand", 1),),
        condition=_not_turned,
    ),
)
