"""The Captain's Command: the locations and the plot (asots_83 Iron Fleet Scout, asots_87
White Harbor, asots_88 Manderly's Scheme, asots_95 Dagger Lake Galley)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gameplay.engine.abilities import (
    FACES,
    IGNORES_CANNOT_BE_KILLED,
    KNEEL_SELF,
    Ability,
    Cost,
    Ctx,
    add_lasting,
    characters,
    controller,
    facts,
    handler,
    is_character,
    register,
)
from gameplay.engine.card_facts import CardFacts
from gameplay.engine.cards.vocabulary import NAVAL, choosable
from gameplay.engine.challenges import TYPES
from gameplay.engine.prompts import ask_choose
from gameplay.engine.state import GameState

# --- asots_83 Iron Fleet Scout -------------------------------------------------------------
# "Challenges: Pay 1 gold to turn Iron Fleet Scout into a character with 2 STR, a [Military]
# icon and a [Power] icon, each with a [Naval] enhancement on it, until the end of the
# phase."  A lasting ``asots_scout_character`` mark on it until the end of the phase gives it
# a face (abilities.FACES) of a character: STR 2, [Naval] Military and Power icons, its
# printed traits and text; it stays standing or knelt as it was and is no location while a
# character. Usable only while it is not a character already.

SCOUT = "asots_83"
SCOUT_CHARACTER = "asots_scout_character"
_FACE: dict[CardFacts, CardFacts] = {}


def _scout_is_character(state: GameState, ref: str) -> bool:
    return any(e["query"] == SCOUT_CHARACTER and e["subject"] == ref for e in state.effects)


def _scout_face(state: GameState, ref: str, printed: CardFacts) -> CardFacts:
    if not _scout_is_character(state, ref):
        return printed
    found = _FACE.get(printed)
    if found is None:
        both = frozenset(("military", "power"))
        found = _FACE[printed] = replace(
            printed, type="character", strength=2, icons=both, naval=both
        )
    return found


FACES[SCOUT] = _scout_face


def _scout_may(state: GameState, ctx: Ctx) -> bool:
    return not _scout_is_character(state, ctx["source"])


def _scout(state: GameState, ctx: Ctx) -> None:
    source = ctx["source"]
    if source in state.in_play and not _scout_is_character(state, source):
        add_lasting(state, SCOUT_CHARACTER, source, "phase", source, value=True)


register(
    SCOUT,
    Ability(
        "action",
        _scout,
        phases=("challenges",),
        costs=(Cost("gold", 1),),
        condition=_scout_may,
    ),
)

# --- asots_87 White Harbor -----------------------------------------------------------------
# "Challenges: Kneel White Harbor to choose a character controlled by an opponent with 6 or
# more power on his or her House card. Until the end of the phase, that character cannot be
# saved and ignores any effect that would make it 'cannot be killed.'"  The ``can_be_saved``
# permission (False) and the engine's ``ignores_cannot_be_killed`` flag on it until the end of
# the phase.


def _white_harbor_targets(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    rich = [s for s in state.opponents(seat) if state.players[s].power >= 6]
    return [
        r
        for r in characters(state)
        if controller(state, r) in rich and choosable(state, r, ctx["source"], seat)
    ]


def _white_harbor(state: GameState, ctx: Ctx) -> None:
    target, source = ctx["target"], ctx["source"]
    if target not in state.in_play:
        return
    add_lasting(state, "can_be_saved", target, "phase", source, value=False)
    add_lasting(state, IGNORES_CANNOT_BE_KILLED, target, "phase", source, value=True)


register(
    "asots_87",
    Ability(
        "action",
        _white_harbor,
        phases=("challenges",),
        costs=(KNEEL_SELF,),
        targets=_white_harbor_targets,
    ),
)

# --- asots_88 Manderly's Scheme ------------------------------------------------------------
# "House Stark only. During [Intrigue] challenges against you, your characters with a
# [Military] icon gain an [Intrigue] icon."  While it is its owner's revealed plot.


def _scheme_icons(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if challenge is None or challenge["type"] != "intrigue" or "military" not in base:
        return base
    seat = controller(state, source)
    if challenge["defender"] != seat or not isinstance(subject, str):
        return base
    record = state.in_play.get(subject)
    if record is None or record.controller != seat or not is_character(state, subject):
        return base
    return set(base) | {"intrigue"}


register("asots_88", passives={"icons": _scheme_icons})

# --- asots_95 Dagger Lake Galley -----------------------------------------------------------
# "Any Phase: Kneel Dagger Lake Galley to choose a unique character you control. That
# character gains a [Naval] enhancement on the icon of your choice until the end of the
# phase."  The icon is chosen as the ability resolves, among the three challenge icons (an
# enhancement counts only on an icon the character has: vocabulary/naval.py).


def _your_unique(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state, ctx["seat"])
        if facts(state, r).unique and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _galley(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"], "target": ctx["target"]}
    ask_choose(state, ctx["seat"], "challenge_icon", list(TYPES), "asots_galley_icon", ctx=data)


@handler("asots_galley_icon")
def _galley_icon(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    target = ctx["target"]
    if target in state.in_play:
        add_lasting(state, NAVAL, target, "phase", ctx["source"], add=[ctx["choice"]])


register(
    "asots_95",
    Ability("action", _galley, costs=(KNEEL_SELF,), targets=_your_unique),
)
