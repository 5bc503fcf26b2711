"""The Grand Melee: Robert Baratheon (atoc_27) and Thoros of Myr (atoc_36)."""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import facts, is_character, register
from gameplay.engine.cards.vocabulary import attacking_alone
from gameplay.engine.state import GameState

# --- atoc_27 Robert Baratheon -------------------------------------------------------------
# "Melee. Renown. While Robert Baratheon is attacking alone in a Power challenge, each
# opponent you are not attacking may declare 1 eligible character as a defender. If you win
# the challenge, instead of the normal claim effects, each opponent must satisfy the claim
# effect of the challenge."
# Read: while he is the only attacker of his controller's Power challenge, each opponent
# other than the defending player may declare 1 eligible character (standing, Power icon, as
# for any defender) after the defending player has declared; those characters defend on the
# defending player's side (challenges.extra_defenders), who alone wins or loses the
# challenge. If he still attacks alone when his controller wins, the claim is satisfied by
# every opponent, clockwise from his controller (challenges.claim: ``claim_each_opponent``).


def _robert_controller(state: GameState, source: str, seat: Any) -> bool:
    record = state.in_play.get(source)
    return (
        record is not None and record.controller == seat and attacking_alone(state, source, "power")
    )


def _robert_defenders(
    state: GameState, source: str, subject: Any, base: dict[int, int]
) -> dict[int, int]:
    challenge = state.challenge
    if challenge is None or not _robert_controller(state, source, subject):
        return base
    extra = dict(base)
    for seat in state.opponents(subject):
        if seat != challenge["defender"]:
            extra[seat] = max(extra.get(seat, 0), 1)
    return extra


def _robert_claim(state: GameState, source: str, subject: Any, base: bool) -> bool:
    return True if _robert_controller(state, source, subject) else base


register(
    "atoc_27",
    passives={"extra_defenders": _robert_defenders, "claim_each_opponent": _robert_claim},
)

# --- atoc_36 Thoros of Myr ----------------------------------------------------------------
# "Melee. Renown. If you have more than 1 opponent Thoros of Myr gains: "While Thoros of Myr
# is attacking, non-unique characters cannot defend alone.""
# Read: while he attacks and his controller has 2 or more opponents, a defence made of one
# non-unique character only is illegal (the permission ``can_defend_alone``: the defenders
# prompt refuses it); a non-unique character may defend with another, a unique one alone.


def _thoros(state: GameState, source: str, subject: Any, base: bool) -> bool:
    record = state.in_play.get(source)
    challenge = state.challenge
    if (
        record is None
        or challenge is None
        or source not in challenge["attackers"]
        or len(state.opponents(record.controller)) <= 1
    ):
        return base
    if subject in state.in_play and is_character(state, subject):
        return base if facts(state, subject).unique else False
    return base


register("atoc_36", passives={"can_defend_alone": _thoros})
