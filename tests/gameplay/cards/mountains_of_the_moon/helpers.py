"""Test helpers of Mountains of the Moon's card tests: play on while watching whether a
card's ability is ever offered (a restriction test must see it is not)."""

from __future__ import annotations

from gameplay.engine.state import GameState
from tests.gameplay.cardtest import head

CLAN_SCOUT = "w_67"  # a Lannister Clansman, 1 STR, military and intrigue, no text
DOTHRAKI = "qod_16"  # Killer of the Wounded: a Dothraki, military and power
MARAUDER = "asots_24"  # Ironborn Marauder: a Greyjoy character without text
RED_PRIEST = "core_84"  # Old Red Priest: an Asshai character
FOLLOWER = "kotst_42"  # Fanatical Follower: a neutral Brotherhood character
CROSSROADS = "core_138"  # a neutral location with 1 influence


def challenge_over(state: GameState) -> bool:
    """No challenge is under way and the seat's turn is open again (or the phase is over)."""
    return state.challenge is None and (
        state.phase != "challenges" or head(state).get("point") == "before_challenge"
    )
