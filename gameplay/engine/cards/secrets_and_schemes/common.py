"""Helpers the Secrets and Schemes cards share: "after X is declared as an attacker, choose a
card controlled by the defending player. If you win the challenge by 4 or more total STR,
discard that card" (The Drumm, w_4, a location; Red Rain, w_6, a character)."""

from __future__ import annotations

from typing import Any

from gameplay.engine import moves
from gameplay.engine.abilities import Ctx, add_delayed, effect
from gameplay.engine.cards.vocabulary import in_play_of
from gameplay.engine.state import GameState

WIN_BY = 4


def declared(state: GameState, ctx: Ctx, ref: str | None) -> bool:
    """On ``attackers_declared``: the ability's seat declared ``ref`` as an attacker."""
    event = ctx["event"]
    return ref is not None and event.get("seat") == ctx["seat"] and ref in event.get("cards", ())


def defenders_cards(kind: str) -> Any:
    """Targets: the cards of type ``kind`` the defending player controls."""

    def targets(state: GameState, ctx: Ctx) -> list[str]:
        challenge = state.challenge
        if challenge is None:
            return []
        return in_play_of(state, kind, challenge["defender"])

    return targets


def win_by_4_discard(state: GameState, ctx: Ctx) -> None:
    """ "If you win the challenge by 4 or more total STR, discard that card": a delayed
    effect (``sns_win_by_4``) run as the challenge is won, reading its STR then; the
    discard may be saved."""
    seat, source, target = ctx["seat"], ctx["source"], ctx["target"]
    add_delayed(state, "challenge_won", seat, "sns_win_by_4", source, card=target)


@effect("sns_win_by_4")
def _win_by_4(state: GameState, data: Ctx) -> None:
    challenge = state.challenge
    if challenge is None or challenge.get("winner") != data["seat"]:
        return
    attack, defence = challenge["strength"]
    if abs(attack - defence) >= WIN_BY and data["card"] in state.in_play:
        moves.discard(state, [data["card"]])
