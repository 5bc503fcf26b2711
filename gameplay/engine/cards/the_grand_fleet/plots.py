"""The Grand Fleet: the plots (asots_35 Doran's Scheme, asots_38 Selmy's Scheme, asots_40
Naval Superiority) and the Epic Battle asots_39 Battle for the Shield Islands
(gameplay/engine/epic.py)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import epic, moves
from gameplay.engine.abilities import (
    LASTING_PASSIVES,
    Ability,
    Ctx,
    add_lasting,
    effect,
    facts,
    handler,
    immune_to,
    is_character,
    register,
)
from gameplay.engine.cards.vocabulary import declared_naval_attacker, has_trait, naval_icons
from gameplay.engine.challenges import TYPES
from gameplay.engine.prompts import ask_choose, ask_select
from gameplay.engine.state import GameState

# --- asots_35 Doran's Scheme ---------------------------------------------------------------
# "House Martell only. When revealed, name a phase. Opponents cannot play event cards during
# that phase this round."  A lasting ``can_play`` text (LASTING_PASSIVES, one per phase
# named) on the plot until the end of the round: each opponent of its owner cannot play
# an event (the subject ``<seat>:event`` of rules.play_problem) while that phase is being
# played. The phases a round may have are offered, the epic phase included.

PHASES = ("plot", "draw", "marshalling", "challenges", "dominance", "standing", "taxation")
NAMEABLE = (*PHASES, epic.EPIC)


def _no_events_in(phase: str) -> Any:
    def forbids(state: GameState, source: str, subject: Any, base: bool) -> bool:
        if not base or state.phase != phase or not isinstance(subject, str):
            return base
        seat, _, kind = subject.partition(":")
        owner = state.cards[source].owner
        if kind == "event" and seat.isdigit() and int(seat) in state.opponents(owner):
            return False
        return base

    return forbids


for _phase in NAMEABLE:
    LASTING_PASSIVES[f"asots_dorans_scheme_{_phase}"] = _no_events_in(_phase)


def _dorans_scheme(state: GameState, ctx: Ctx) -> None:
    data = {"seat": ctx["seat"], "source": ctx["source"]}
    ask_choose(state, ctx["seat"], "name_phase", list(NAMEABLE), "asots_dorans_scheme", ctx=data)


@handler("asots_dorans_scheme")
def _phase_named(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    source, phase = ctx["source"], ctx["choice"]
    passive = f"asots_dorans_scheme_{phase}"
    add_lasting(state, "can_play", source, "round", source, passive=passive, phase=phase)


register("asots_35", when_revealed=_dorans_scheme)

# --- asots_38 Selmy's Scheme ---------------------------------------------------------------
# "House Targaryen only. During [Power] challenges your Army characters gain renown."  While
# a Power challenge is being resolved, the Army characters its owner controls (participating
# or not) have renown.


def _selmy_renown(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if challenge is None or challenge["type"] != "power" or not isinstance(subject, str):
        return base
    record = state.in_play.get(subject)
    if record is None or record.controller != state.cards[source].owner:
        return base
    if is_character(state, subject) and has_trait(state, subject, "Army"):
        return set(base) | {"renown"}
    return base


register("asots_38", passives={"keywords": _selmy_renown})

# --- asots_40 Naval Superiority ------------------------------------------------------------
# "Raise the claim value on your revealed plot card by 2 during challenges in which you have
# declared a [Naval] attacker."  The ``claim`` query of its owner during a challenge it
# initiated with a declared attacker still in play that is a [Naval] attacker.


def _naval_claim(state: GameState, source: str, subject: Any, base: Any) -> Any:
    challenge = state.challenge
    if subject != state.cards[source].owner or challenge is None:
        return base
    if declared_naval_attacker(state, subject, challenge):
        return base + 2
    return base


register("asots_40", passives={"claim": _naval_claim})

# --- asots_39 Battle for the Shield Islands ------------------------------------------------
# "Plot: After the dominance phase this round, there is an epic phase during which each
# player may initiate a single challenge of his choice. Characters with 1 or more [Naval]
# enhancements may be declared as attackers or defenders while kneeling. Instead of the
# normal claim, the winner of each challenge may choose and take control of a location
# controlled by the losing opponent. (Place this card next to your plot deck until the end
# of this epic phase.)"  The epic phase of gameplay/engine/epic.py with any challenge type;
# the normal claim does nothing (``claim_instead``) and the winner, attacker or defender,
# may take a location of the loser (the battle's ``reward``; not one immune to events). The
# knelt permission is a lasting ``knelt_can_attack`` / ``knelt_can_defend`` text
# (LASTING_PASSIVES) on the card, active only during its own epic phase, for every
# character with a [Naval] enhancement on an icon it has.

SHIELD_ATTACK = "asots_shield_islands_attack"
SHIELD_DEFEND = "asots_shield_islands_defend"


def _in_its_epic_phase(state: GameState, source: str) -> bool:
    battle = epic.current(state)
    return battle is not None and battle["card"] == source


def _knelt_attack(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if base or not isinstance(subject, (tuple, list)) or len(subject) != 2:
        return base
    ref = subject[0]
    return (
        _in_its_epic_phase(state, source) and ref in state.in_play and bool(naval_icons(state, ref))
    )


def _knelt_defend(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if base or not isinstance(subject, str) or subject not in state.in_play:
        return base
    return _in_its_epic_phase(state, source) and bool(naval_icons(state, subject))


LASTING_PASSIVES[SHIELD_ATTACK] = _knelt_attack
LASTING_PASSIVES[SHIELD_DEFEND] = _knelt_defend


@effect("asots_epic_no_claim")
def _no_claim(state: GameState, ctx: Ctx) -> None:
    """The normal claim is replaced by the reward (offered after the challenge)."""


@effect("asots_epic_shield_islands")
def _shield_islands(state: GameState, ctx: Ctx) -> None:
    seat, loser = ctx["seat"], ctx["loser"]
    found = [
        r
        for r in state.players[loser].in_play
        if facts(state, r).type == "location" and not immune_to(state, r, "event", seat)
    ]
    data = {"seat": seat}
    ask_select(state, seat, "take_control", found, "asots_epic_take", high=1, ctx=data)


@handler("asots_epic_take")
def _epic_take(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if ref in state.in_play:
            moves.take_control(state, ref, ctx["seat"])


_BATTLE = epic.epic_battle_event(
    TYPES, claim_instead="asots_epic_no_claim", reward="asots_epic_shield_islands"
)


def _shield_islands_play(state: GameState, ctx: Ctx) -> None:
    _BATTLE.effect(state, ctx)
    source = ctx["source"]
    add_lasting(state, "knelt_can_attack", source, "round", source, passive=SHIELD_ATTACK)
    add_lasting(state, "knelt_can_defend", source, "round", source, passive=SHIELD_DEFEND)


register(
    "asots_39",
    Ability("action", _shield_islands_play, phases=_BATTLE.phases, zones=_BATTLE.zones),
)
