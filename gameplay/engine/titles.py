"""The six multiplayer titles of melee (hooks the rest of the engine calls).

Without titles (joust, two-on-two) every hook is neutral.
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.state import GameState

# The six titles in the rulebook's order; the names are the values of ``Player.title``.
TITLES = (
    "crown_regent",
    "lord_commander",
    "hand_of_the_king",
    "master_of_whispers",
    "master_of_laws",
    "master_of_coin",
)


def challenge_forbidden(state: GameState, attacker: int, defender: int) -> str | None:
    """Why ``attacker`` may not challenge ``defender`` because of titles (supports)."""
    return None


def side_bonus(state: GameState, seat: int, ctype: str) -> int:
    """STR a title adds to ``seat``'s side in a ``ctype`` challenge."""
    return 0


def after_challenge(state: GameState) -> None:
    """Opposes power and the Lord Commander's reward after a challenge is decided."""


def draw_bonus(state: GameState, seat: int) -> int:
    """Extra cards in the draw phase (Master of Laws)."""
    return 0


def income_bonus(state: GameState, seat: int) -> int:
    """Extra income (Master of Coin)."""
    return 0


def crown_regent(state: GameState, step: dict[str, Any]) -> None:
    """After attackers: the Crown Regent may redirect the challenge once a round."""


def no_defenders(state: GameState, step: dict[str, Any]) -> None:
    """After defenders: supporters may defend, or the Lord Commander take over."""


def select_titles(state: GameState, step: dict[str, Any]) -> None:
    """Plot phase step 2: choose titles in turn order."""


def return_titles(state: GameState, step: dict[str, Any]) -> None:
    """End of round: titles go back to the pool (three players: only when it is empty)."""


STEPS = {
    "crown_regent": crown_regent,
    "no_defenders": no_defenders,
    "select_titles": select_titles,
    "return_titles": return_titles,
}
