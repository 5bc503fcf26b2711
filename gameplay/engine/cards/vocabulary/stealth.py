"""Stealth gained during a challenge: "Until the end of the phase (challenge), that
attacking character gains stealth" (Nighttime Raid atoc_88; Longship Silence bwb_71 does
the same in its own package)."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, allowed, is_character, keywords, value
from gameplay.engine.prompts import ask_select
from gameplay.engine.state import GameState


def stealth_candidates(state: GameState, attacker: str) -> list[str]:
    """The characters the attacking ``attacker`` may bypass with Stealth in the current
    challenge (the engine's rules: no Stealth on Stealth, not already bypassed, ``can_be_
    stealthed``)."""
    challenge = state.challenge
    if challenge is None:
        return []
    return [
        r
        for r in state.players[challenge["target"]].in_play
        if is_character(state, r)
        and (
            "stealth" not in keywords(state, r)
            or value(state, "stealth_on_stealth", attacker, False)
        )
        and r not in challenge["blocked"]
        and allowed(state, "can_be_stealthed", r)
    ]


def gain_stealth(state: GameState, ref: str, until: str, source: str | None) -> None:
    """An attacking character gains stealth until ``until`` (``challenge``, ``phase``). Stealth
    is chosen "before defenders are declared" (rulebook): gained after attackers are declared
    and before defenders, by a character without Stealth until now, it makes its Stealth
    choice at once (the engine's ``stealth`` prompt); later it only gains the keyword."""
    challenge = state.challenge
    if challenge is None or ref not in state.in_play:
        return
    had = "stealth" in keywords(state, ref)
    add_lasting(state, "keywords", ref, until, source, add=["stealth"])
    before_defenders = any(s.get("name") == "ask_defenders" for s in state.queue)
    if had or not before_defenders or not allowed(state, "can_declare_stealth", ref):
        return
    candidates = stealth_candidates(state, ref)
    if candidates:
        data = {"attacker": ref, "pending": []}
        ask_select(state, challenge["attacker"], "stealth", candidates, "stealth", high=1, ctx=data)
