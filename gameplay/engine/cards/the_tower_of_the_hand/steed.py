"""The Tower of the Hand: kl_48 Jousting Steed, an attachment that becomes a character.

"Knight character only. Attached character gains Renown. Challenges: Unattach Jousting Steed.
Then, it becomes a STR 2 character with a Military and a Power icon and "while Jousting Steed
is attacking alone, no more than 1 character can be declared as a defender." At the end of the
phase, return Jousting Steed to its owner's hand if it is still in play."

Read as: while attached it is the printed attachment (its bearer has Renown). Unattached by
its ability it stays in play under its controller, standing or kneeling as it was, with a face
(:data:`gameplay.engine.abilities.FACES`) of a character: STR 2, Military and Power icons, its
printed traits, no keywords, and only the quoted sentence as text (a ``max_defenders``
passive); it may then attack or defend like any character. At the end of that phase it
returns to its owner's hand (saves may answer), if still in play. An attachment in play with
no host is only ever this card (nothing else unattaches it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gameplay.engine.abilities import FACES, Ability, Ctx, add_delayed, attached_to, register
from gameplay.engine.card_facts import CardFacts
from gameplay.engine.cards.vocabulary import has_trait, on_bearer
from gameplay.engine.state import GameState

STEED = "kl_48"
STEED_TEXT = (
    "While Jousting Steed is attacking alone, no more than 1 character can be declared as "
    "a defender."
)
_FACE: dict[CardFacts, CardFacts] = {}


def _face(state: GameState, ref: str, printed: CardFacts) -> CardFacts:
    if state.in_play[ref].attached_to is not None:
        return printed
    found = _FACE.get(printed)
    if found is None:
        found = _FACE[printed] = replace(
            printed,
            type="character",
            strength=2,
            icons=frozenset(("military", "power")),
            keywords=frozenset(),
            text=STEED_TEXT,
        )
    return found


FACES[STEED] = _face


def _knight_only(state: GameState, code: str, target: str, seat: int | None) -> bool:
    return has_trait(state, target, "Knight")


def _renown(state: GameState, source: str, subject: Any, base: set[str]) -> set[str]:
    if attached_to(state, source) is None:
        return base
    return on_bearer(lambda found: found | {"renown"})(state, source, subject, base)


def _attached(state: GameState, ctx: Ctx) -> bool:
    return attached_to(state, ctx["source"]) is not None


def _unattach(state: GameState, ctx: Ctx) -> None:
    ref, seat = ctx["source"], ctx["seat"]
    record = state.in_play.get(ref)
    if record is None or record.attached_to is None:
        return
    host, record.attached_to = record.attached_to, None
    state.emit("unattached", seat=seat, card=ref, code=state.code(ref), source=host)
    add_delayed(state, "phase_ends", seat, "qod_back_to_hand", ref, "phase", card=ref)


def _one_defender(state: GameState, source: str, subject: Any, base: int | None) -> int | None:
    challenge = state.challenge
    if (
        attached_to(state, source) is not None
        or challenge is None
        or challenge["attackers"] != [source]
    ):
        return base
    return 1 if base is None else min(base, 1)


register(
    STEED,
    Ability("action", _unattach, phases=("challenges",), condition=_attached),
    passives={"keywords": _renown, "max_defenders": _one_defender},
    attach_rule=_knight_only,
)
