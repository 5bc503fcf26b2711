"""Scattered Armies (ator_115 to ator_119): the Reinforcements events put into play from the
hand "as a character with 3 STR, a Military icon, stealth, and renown" after losing a
challenge. Handler and effect names start with ``sa_``.

Playing one is playing an event (it triggers ``played`` with type ``event``: the
Reinforcements responses of scattered_armies/cards.py answer it); once it has resolved the
card is taken from the discard pile and put into play (``entered_play``). In play its face
(:data:`gameplay.engine.abilities.FACES`) is a neutral character without a printed cost, with
the STR, icons and keywords of its text and its printed traits (plus Army for the
Reserves): every rule that reads a card's type, STR, icons, keywords or traits sees a
character. Out of play (killed, discarded, returned ...) it is the printed event again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from gameplay.engine.abilities import FACES, Cost, Ctx, register, season
from gameplay.engine.card_facts import CardFacts
from gameplay.engine.cards.vocabulary import event
from gameplay.engine.state import GameState
from gameplay.engine.windows import put_into_play

ICONS = ("military", "intrigue", "power")


def lost_this_phase(state: GameState, seat: int, ctype: str | None = None) -> bool:
    """ "If you have lost a [``ctype``] challenge this phase": a ``challenge_resolved`` with
    a winner other than ``seat``, ``seat`` being its attacker or defender, since the phase
    began."""
    for entry in reversed(state.log):
        if entry["event"] == "phase":
            return False
        if (
            entry["event"] == "challenge_resolved"
            and entry.get("winner") is not None
            and entry["winner"] != seat
            and seat in (entry.get("attacker"), entry.get("defender"))
            and ctype in (None, entry.get("type"))
        ):
            return True
    return False


def character_face(
    strength: int, icons: tuple[str, ...], keywords: tuple[str, ...], traits: tuple[str, ...] = ()
) -> Callable[[GameState, str, CardFacts], CardFacts]:
    """A :data:`FACES` entry: the card in play is a character with this STR, these icons and
    keywords, and its printed traits plus ``traits``."""
    made: dict[CardFacts, CardFacts] = {}

    def face(state: GameState, ref: str, printed: CardFacts) -> CardFacts:
        found = made.get(printed)
        if found is None:
            found = made[printed] = replace(
                printed,
                type="character",
                strength=strength,
                icons=frozenset(icons),
                keywords=frozenset(keywords),
                traits=printed.traits | frozenset(traits),
            )
        return found

    return face


def _into_play(state: GameState, ctx: Ctx) -> None:
    """The played event, now in its owner's discard pile, goes into play as a character."""
    ref, seat = ctx["source"], ctx["seat"]
    if ref in state.players[state.cards[ref].owner].discard:
        put_into_play(state, seat, ref)


def reserve(
    code: str,
    ctype: str | None,
    face: Callable[[GameState, str, CardFacts], CardFacts],
    when: str | None = None,
) -> None:
    """ "[Play only if it is ``when``.] Any phase: Play if you have lost a [``ctype``]
    challenge this phase. Pay 1 gold to put X into play from your hand as a character ..." """

    def condition(state: GameState, ctx: Ctx) -> bool:
        if when is not None and season(state) != when:
            return False
        return lost_this_phase(state, ctx["seat"], ctype)

    FACES[code] = face
    register(code, event(_into_play, costs=(Cost("gold", 1),), condition=condition))


# --- ator_115 Missing Recruit, ator_116 Spy in Their Midst, ator_117 Beguiled Bodyguard ---
# "Any phase: Play if you have lost a Military challenge this phase. Pay 1 gold to put
# Missing Recruit into play from your hand as a character with 3 STR, a Military icon,
# stealth, and renown." (Intrigue: Spy in Their Midst; Power: Beguiled Bodyguard.)
for _code, _type in (("ator_115", "military"), ("ator_116", "intrigue"), ("ator_117", "power")):
    reserve(_code, _type, character_face(3, (_type,), ("stealth", "renown")))

# --- ator_118 Winter Reserves, ator_119 Summer Reserves ----------------------------------
# "Play only if it is Winter. Any phase: Play if you have lost a challenge this phase. Pay 1
# gold to put Winter Reserves into play from your hand as an Army character with 4 STR, a
# [Military], an [Intrigue], a [Power] icon, and deadly." (Summer Reserves: Summer.)
_ARMY = character_face(4, ICONS, ("deadly",), ("Army",))
reserve("ator_118", None, _ARMY, when="winter")
reserve("ator_119", None, _ARMY, when="summer")
