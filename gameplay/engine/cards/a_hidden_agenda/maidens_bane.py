"""A Hidden Agenda: Longship Maiden's Bane (kr_105), a Warship location that joins a
challenge as a character.

'Challenges: During a challenge, kneel Longship Maiden's Bane to have it participate in the
current challenge on your side as a character with "cannot be killed" and X STR. X is the
number of unique Greyjoy Warship cards you control.'  ("unique Greyjoy" is the errata.)
Usable in a challenge's action windows (not once it is won) by the attacking or the defending
player while it is not participating; kneeling it is the cost. A lasting ``kr_bane_character``
mark until the end of the challenge gives it a face (abilities.FACES) of a character: X STR
(counted whenever it is read: its controller's unique cards printed Greyjoy with the Warship
trait, itself included), no icons, its printed traits and text; while it is a character it
is no location. It joins its player's side (attackers or defenders) without being declared;
the ``can_be_killed`` permission keeps it in play while it is a character. When the
challenge ends it is the location again (still knelt). A face another product gave it
(The Pirates of Lys' Warships) is read first, this one over it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from gameplay.engine.abilities import (
    FACES,
    KNEEL_SELF,
    Ability,
    Ctx,
    add_lasting,
    pool,
    register,
)
from gameplay.engine.card_facts import CardFacts
from gameplay.engine.state import GameState

BANE = "kr_105"
BANE_CHARACTER = "kr_bane_character"

Face = Callable[[GameState, str, CardFacts], CardFacts]
_FACES: dict[tuple[CardFacts, int], CardFacts] = {}


def _is_character(state: GameState, ref: str) -> bool:
    return any(e["query"] == BANE_CHARACTER and e["subject"] == ref for e in state.effects)


def _unique_greyjoy_warships(state: GameState, seat: int) -> int:
    printed = pool(state)
    return sum(
        1
        for r in state.players[seat].in_play
        if r in state.in_play
        and printed[state.code(r)].unique
        and "Greyjoy" in printed[state.code(r)].houses
        and "Warship" in printed[state.code(r)].traits
    )


def _face(before: Face | None) -> Face:
    def face(state: GameState, ref: str, printed: CardFacts) -> CardFacts:
        base = printed if before is None else before(state, ref, printed)
        if not _is_character(state, ref):
            return base
        x = _unique_greyjoy_warships(state, state.in_play[ref].controller)
        found = _FACES.get((base, x))
        if found is None:
            found = _FACES[(base, x)] = replace(
                base, type="character", strength=x, icons=frozenset(), naval=frozenset()
            )
        return found

    return face


FACES[BANE] = _face(FACES.get(BANE))


def _side(state: GameState, seat: int) -> str | None:
    challenge = state.challenge
    if challenge is None:
        return None
    if challenge["attacker"] == seat:
        return "attackers"
    if challenge["defender"] == seat:
        return "defenders"
    return None


def _bane_may(state: GameState, ctx: Ctx) -> bool:
    challenge, source = state.challenge, ctx["source"]
    if challenge is None or challenge.get("winner") is not None:
        return False
    if _side(state, ctx["seat"]) is None or _is_character(state, source):
        return False
    if source in challenge["attackers"] or source in challenge["defenders"]:
        return False
    return any(step["name"] == "resolve_challenge" for step in state.queue)


def _bane(state: GameState, ctx: Ctx) -> None:
    challenge, source, seat = state.challenge, ctx["source"], ctx["seat"]
    side = _side(state, seat)
    if challenge is None or side is None or source not in state.in_play:
        return
    add_lasting(state, BANE_CHARACTER, source, "challenge", source, value=True)
    challenge[side].append(source)
    state.emit("joined_challenge", card=source, seat=seat, side=side)


def _bane_stays(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if subject == source and _is_character(state, source):
        return False
    return base


register(
    BANE,
    Ability("action", _bane, phases=("challenges",), costs=(KNEEL_SELF,), condition=_bane_may),
    passives={"can_be_killed": _bane_stays},
)
