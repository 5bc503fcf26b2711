"""Valar Dohaeris characters that become their player's only agenda as they would be killed
(vocabulary.character_agendas): Shireen Baratheon (btns_26) and Quentyn Martell (btns_30)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_lasting,
    agenda_cards,
    characters,
    facts,
    keywords,
)
from gameplay.engine.cards.vocabulary import choosable, won
from gameplay.engine.cards.vocabulary.character_agendas import agenda_character
from gameplay.engine.challenges import STOOD_BY_KEYWORD
from gameplay.engine.state import GameState


def _agenda_seat(state: GameState, source: str) -> int | None:
    """The seat whose agenda ``source`` is, if it is one."""
    return next((s for s, r in agenda_cards(state).items() if r == source), None)


# --- btns_26 Shireen Baratheon ------------------------------------------------------------
# "House Baratheon only. If Shireen Baratheon would be killed, instead attach her to your
# House Card as your only agenda with the text: 'Response: After you win a [Power]
# challenge, choose a character you control with renown. Until the end of the phase, when
# that character claims power for renown, it claims 1 additional power.'"  The
# ``renown_power`` query of the chosen character (+1 until the end of the phase).


def _renowned(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state, ctx["seat"])
        if "renown" in keywords(state, r) and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _shireen(state: GameState, ctx: Ctx) -> None:
    if ctx["target"] in state.in_play:
        add_lasting(state, "renown_power", ctx["target"], "phase", ctx["source"], amount=1)


agenda_character(
    "btns_26",
    Ability(
        "response", _shireen, trigger="challenge_won", condition=won("power"), targets=_renowned
    ),
)

# --- btns_30 Quentyn Martell --------------------------------------------------------------
# "House Martell only. Stealth. If Quentyn Martell would be killed, instead attach Quentyn
# Martell to your House card as your only agenda with the text: 'Unique [Martell] characters
# you control gain vengeful. Response: After 1 or more characters stand for vengeful, draw
# one card.'"  The keyword passive works only while he is an agenda (his player's unique
# Martell characters); the response answers the engine's ``stood_by_keyword`` trigger for
# vengeful, any player's characters (the text does not say whose).


def _quentyn_keywords(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if not isinstance(subject, str) or subject not in state.in_play:
        return base
    seat = _agenda_seat(state, source)
    if seat is None or state.in_play[subject].controller != seat:
        return base
    card = facts(state, subject)
    if card.type == "character" and card.unique and "Martell" in card.houses:
        return set(base) | {"vengeful"}
    return base


def _stood_for_vengeful(state: GameState, ctx: Ctx) -> bool:
    return ctx["event"].get("keyword") == "vengeful"


def _quentyn_draw(state: GameState, ctx: Ctx) -> None:
    moves.effect_draw(state, ctx["seat"], 1)


agenda_character(
    "btns_30",
    Ability("response", _quentyn_draw, trigger=STOOD_BY_KEYWORD, condition=_stood_for_vengeful),
    passives={"keywords": _quentyn_keywords},
)
