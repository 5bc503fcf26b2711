"""Valar Morghulis (btns_1 to btns_20): the characters without a legacy agenda (Hugor Hill,
Stannis Baratheon, The Bastard of Nightsong, Willas Tyrell, Magister Illyrio)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import (
    Ability,
    Ctx,
    add_lasting,
    agenda_of,
    characters,
    controller,
    effect,
    facts,
    handler,
    in_play_named,
    register,
    traits,
)
from gameplay.engine.cards.vocabulary import alone_claim_instead, choosable, of_house, won_with
from gameplay.engine.prompts import ask_select
from gameplay.engine.rules import unique_problem
from gameplay.engine.state import GameState
from gameplay.engine.uses import put_into_play

# --- btns_4 Hugor Hill -----------------------------------------------------------------------
# "Discard Hugor Hill from play if you control Tyrion Lannister. If you win a challenge in
# which Hugor Hill attacked alone, instead of the normal claim effects, choose a character in
# the losing opponent's discard pile with a cost of X or lower. Put that character into play
# under your control. X is the amount by which you won the challenge."  The ``discard_now``
# passive (cannot be saved) and the ``claim_instead`` passive of the claim step; the cost is
# the printed cost (a character without a printed cost counts as 0); a unique character
# the winner may not put into play (a copy in play or in his dead pile) is not offered.


def _hugor_tyrion(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    return bool(in_play_named(state, "Tyrion Lannister", controller(state, source))) or base


_hugor_instead = alone_claim_instead("btns_hugor_hill")


@effect("btns_hugor_hill")
def _hugor_claim(state: GameState, data: Ctx) -> None:
    seat, loser, challenge = data["seat"], data["target"], state.challenge
    attack, defence = challenge["strength"] if challenge else (0, 0)
    limit = abs(attack - defence)
    found = [
        r
        for r in state.players[loser].discard
        if facts(state, r).type == "character"
        and (facts(state, r).cost or 0) <= limit
        and unique_problem(state, seat, facts(state, r)) is None
    ]
    ask_select(
        state,
        seat,
        "put_into_play",
        found,
        "btns_hugor_hill_put",
        low=1,
        high=1,
        ctx={"seat": seat},
    )


@handler("btns_hugor_hill_put")
def _hugor_put(state: GameState, ctx: Ctx, selected: list[str]) -> None:
    for ref in selected:
        if any(ref in p.discard for p in state.players):
            put_into_play(state, ctx["seat"], ref)


register(
    "btns_4",
    passives={"discard_now": _hugor_tyrion, "claim_instead": _hugor_instead},
)

# --- btns_7 Stannis Baratheon ----------------------------------------------------------------
# "Immune to location abilities. While Stannis Baratheon is the only King character in
# play, he gains vigilant, renown, and stealth."  Immunity is his printed keyword; every
# player's characters count for "the only King character in play".


def _stannis_keywords(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source:
        return base
    kings = [r for r in characters(state) if "King" in traits(state, r)]
    if kings == [source]:
        return set(base) | {"vigilant", "renown", "stealth"}
    return base


register("btns_7", passives={"keywords": _stannis_keywords})

# --- btns_8 The Bastard of Nightsong ---------------------------------------------------------
# "Response: After you win a challenge in which The Bastard of Nightsong participated, move
# 1 power from the losing opponent's House card to The Bastard of Nightsong."  Offered only
# while that House card has power to move.


def _nightsong_won(state: GameState, ctx: Ctx) -> bool:
    loser = ctx["event"].get("loser")
    return won_with("self")(state, ctx) and loser is not None and state.players[loser].power > 0


def _nightsong(state: GameState, ctx: Ctx) -> None:
    moves.house_power_to_card(state, ctx["event"]["loser"], ctx["source"], 1, "btns_nightsong")


register(
    "btns_8",
    Ability("response", _nightsong, trigger="challenge_won", condition=_nightsong_won),
)

# --- btns_9 Willas Tyrell --------------------------------------------------------------------
# "While Willas Tyrell is participating in a challenge against an opponent running an
# agenda, he gains renown. While Willas Tyrell is participating in a challenge,
# participating Lannister and Martell characters do not count their STR."  "Against an
# opponent": the other side's player of the challenge (attacker or defender); the second
# sentence is the ``counts_strength`` permission of every participating [Lannister] or
# [Martell] character, his own side's included.


def _participating(state: GameState, ref: str) -> bool:
    challenge = state.challenge
    return challenge is not None and ref in (*challenge["attackers"], *challenge["defenders"])


def _willas_keywords(state: GameState, source: str, subject: Any, base: Any) -> Any:
    if subject != source or not _participating(state, source):
        return base
    challenge = state.challenge
    assert challenge is not None
    mine = controller(state, source)
    other = challenge["defender"] if challenge["attacker"] == mine else challenge["attacker"]
    if other != mine and agenda_of(state, other) is not None:
        return set(base) | {"renown"}
    return base


def _willas_counts(state: GameState, source: str, subject: Any, base: bool) -> bool:
    if (
        isinstance(subject, str)
        and subject in state.in_play
        and _participating(state, source)
        and _participating(state, subject)
        and (of_house(state, subject, "Lannister") or of_house(state, subject, "Martell"))
    ):
        return False
    return base


register("btns_9", passives={"keywords": _willas_keywords, "counts_strength": _willas_counts})

# --- btns_16 Magister Illyrio ----------------------------------------------------------------
# "Response: After a character enters play during the challenges phase, choose a non-unique
# character. Until the end of the phase, that character gets -1 STR and is killed if STR is
# 0."  Any player's character entering play, any player's non-unique character chosen (the
# lasting ``dies_at_zero`` flag).


def _entered_in_challenges(state: GameState, ctx: Ctx) -> bool:
    card = ctx["event"].get("card")
    return (
        state.phase == "challenges"
        and card in state.in_play
        and facts(state, card).type == "character"
    )


def _non_unique(state: GameState, ctx: Ctx) -> list[str]:
    return [
        r
        for r in characters(state)
        if not facts(state, r).unique and choosable(state, r, ctx["source"], ctx["seat"])
    ]


def _illyrio(state: GameState, ctx: Ctx) -> None:
    target = ctx["target"]
    if target in state.in_play:
        add_lasting(state, "strength", target, "phase", ctx["source"], amount=-1)
        add_lasting(state, "dies_at_zero", target, "phase", ctx["source"], value=True)


register(
    "btns_16",
    Ability(
        "response",
        _illyrio,
        trigger="entered_play",
        condition=_entered_in_challenges,
        targets=_non_unique,
    ),
)
