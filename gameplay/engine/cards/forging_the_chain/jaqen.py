"""Forging the Chain: Jaqen H'ghar (soo_35), who comes out of Shadows wearing a dead
character's face: its printed text, base STR, icons, traits and crests."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gameplay.engine.abilities import (
    FACES,
    TEXT_OF,
    TEXT_TAKERS,
    Ability,
    Ctx,
    gain_text,
    pool,
    register,
)
from gameplay.engine.card_facts import CardFacts
from gameplay.engine.state import GameState
from gameplay.engine.uses import come_out_of_shadows, shadow_problem

JAQEN = "soo_35"

# --- soo_35 Jaqen H'ghar ------------------------------------------------------------------
# "Any phase: Bring Jaqen H'ghar out of Shadows by paying the rest of his cost to choose 1
# non-Army character in an opponent's dead pile that was killed this phase, and attach it to
# Jaqen H'ghar as a duplicate. Jaqen H'ghar gains the printed text, base STR, icons, traits
# and crests of that card. If that duplicate leaves play, return Jaqen H'ghar to Shadows."
# Read: an action from his owner's Shadows (the zone ``shadows``) in any action window; "the
# rest of his cost" is what coming out of Shadows costs (uses.shadow_out_cost, every rule of
# coming out checked: uses.shadow_problem). The character is chosen as the action is taken
# (a target): a character (printed type) without the Army trait, in an opponent's dead pile,
# killed this phase (a ``killed`` log entry of it since the phase began). It goes under
# Jaqen as a duplicate (it saves him as duplicates do). While it is there, Jaqen has its
# printed text as well as his own (abilities.gain_text / script_of: its abilities, forced
# effects and passives work with Jaqen as their source), its base STR instead of his,
# and its icons, traits, crests and keywords as well as his (FACES). Once it is no longer
# under him (used to save him, discarded), he returns to Shadows (the ``shadows_now`` check:
# cannot be saved, not out again this round). An ability of the gained text that names its
# own card reads Jaqen in the engine (the FAQ says it does not refer to him: RULINGS).


def _killed_this_phase(state: GameState) -> set[str]:
    found: set[str] = set()
    for entry in reversed(state.log):
        if entry.get("round") != state.round or entry["event"] == "phase":
            break
        if entry["event"] == "killed" and isinstance(entry.get("card"), str):
            found.add(entry["card"])
    return found


def _candidates(state: GameState, ctx: Ctx) -> list[str]:
    seat = ctx["seat"]
    killed = _killed_this_phase(state)
    return [
        r
        for other in state.opponents(seat)
        for r in state.players[other].dead
        if r in killed
        and _printed(state, r).type == "character"
        and "Army" not in _printed(state, r).traits
    ]


def _printed(state: GameState, ref: str) -> CardFacts:
    return pool(state)[state.cards[ref].code]


def _jaqen_may(state: GameState, ctx: Ctx) -> bool:
    return shadow_problem(state, ctx["seat"], ctx["source"], None) is None


def _jaqen(state: GameState, ctx: Ctx) -> None:
    seat, ref, target = ctx["seat"], ctx["source"], ctx["target"]
    owner = state.cards[target].owner if target in state.cards else None
    if ref not in state.players[seat].shadows or owner is None:
        return
    if target not in state.players[owner].dead:
        return
    come_out_of_shadows(state, seat, ref, None)
    state.players[owner].dead.remove(target)
    state.in_play[ref].duplicates.append(target)
    state.emit("duplicate", seat=seat, card=target, code=state.code(target), target=ref)
    gain_text(state, ref, target)


def _face_of(state: GameState, ref: str) -> str | None:
    """The duplicate whose text Jaqen has gained, while it is still under him."""
    for effect in state.effects:
        if effect["query"] == TEXT_OF and effect["subject"] == ref:
            card = effect["card"]
            record = state.in_play.get(ref)
            return card if record is not None and card in record.duplicates else None
    return None


def _face(state: GameState, ref: str, printed: CardFacts) -> CardFacts:
    other = _face_of(state, ref)
    if other is None:
        return printed
    face = _printed(state, other)
    return replace(
        printed,
        strength=face.strength,
        icons=printed.icons | face.icons,
        keywords=printed.keywords | face.keywords,
        traits=printed.traits | face.traits,
        crests=printed.crests | face.crests,
        text=f"{printed.text}\n{face.text}",
    )


def _back_to_shadows(state: GameState, source: str, subject: Any, base: bool) -> bool:
    """``shadows_now``: the duplicate whose text he gained has left him."""
    if subject != source:
        return base
    gained = any(e["query"] == TEXT_OF and e["subject"] == source for e in state.effects)
    return base or (gained and _face_of(state, source) is None)


FACES[JAQEN] = _face
TEXT_TAKERS.add(JAQEN)
register(
    JAQEN,
    Ability(
        "action",
        _jaqen,
        phases=("any",),
        zones=("shadows",),
        condition=_jaqen_may,
        targets=_candidates,
    ),
    passives={"shadows_now": _back_to_shadows},
)
