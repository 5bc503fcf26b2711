"""The Pirates of Lys: asots_45 We Do Not Sow, Warship locations turned into characters.

"House Greyjoy only. Challenges: Kneel 2 influence or kneel a character with 1 or more
[Naval] enhancements to turn all Warship locations you control into characters with STR
equal to their printed cost, a [Military] icon, and a [Power] icon, until end of the
phase."  Two action events, one per cost (the player picks the cost by picking the use). A
lasting ``asots_we_do_not_sow`` mark on each Warship location its player controls as the
event resolves, until the end of the phase, gives it a face (abilities.FACES) of a
character: STR its printed cost, [Military] and [Power] icons (no other), its printed
traits, text and [Naval] enhancements; it stays standing or knelt as it was and is no
location while a character. A Warship location put into play later in the phase is not
turned. The faces are registered for every location printed with the Warship trait (no card
of the pool gives a location that trait); a face another product gave such a card (Iron
Fleet Scout, asots_83) is read first, this one over it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gameplay.engine.abilities import FACES, Cost, Ctx, add_lasting, facts, register
from gameplay.engine.card_facts import CardFacts, load_cards
from gameplay.engine.cards.vocabulary import event, naval_icons
from gameplay.engine.state import GameState

WE_DO_NOT_SOW = "asots_we_do_not_sow"
_ICONS = frozenset(("military", "power"))
_FACE: dict[CardFacts, CardFacts] = {}

Face = Callable[[GameState, str, CardFacts], CardFacts]


def turned(state: GameState, ref: str) -> bool:
    """Whether ``ref`` is a Warship location turned into a character this phase."""
    return any(e["query"] == WE_DO_NOT_SOW and e["subject"] == ref for e in state.effects)


def _character_face(printed: CardFacts) -> CardFacts:
    found = _FACE.get(printed)
    if found is None:
        found = _FACE[printed] = replace(
            printed, type="character", strength=printed.cost or 0, icons=_ICONS
        )
    return found


def _face(before: Face | None) -> Face:
    def face(state: GameState, ref: str, printed: CardFacts) -> CardFacts:
        base = printed if before is None else before(state, ref, printed)
        return _character_face(base) if turned(state, ref) else base

    return face


for _code, _card in load_cards().items():
    if _card.type == "location" and "Warship" in _card.traits:
        FACES[_code] = _face(FACES.get(_code))


def _warships(state: GameState, seat: int) -> list[str]:
    return [
        r
        for r in state.players[seat].in_play
        if facts(state, r).type == "location"
        and "Warship" in facts(state, r).traits
        and not turned(state, r)
    ]


def _may(state: GameState, ctx: Ctx) -> bool:
    return bool(_warships(state, ctx["seat"]))


def _we_do_not_sow(state: GameState, ctx: Ctx) -> None:
    for ref in _warships(state, ctx["seat"]):
        add_lasting(state, WE_DO_NOT_SOW, ref, "phase", ctx["source"], value=True)


def _naval_character(state: GameState, ref: str) -> bool:
    return bool(naval_icons(state, ref))


register(
    "asots_45",
    event(_we_do_not_sow, phases=("challenges",), condition=_may, costs=(Cost("influence", 2),)),
    event(
        _we_do_not_sow,
        phases=("challenges",),
        condition=_may,
        costs=(Cost("kneel", 1, _naval_character, "character with a [Naval] enhancement"),),
    ),
)
