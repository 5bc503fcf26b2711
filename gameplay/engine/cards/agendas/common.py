"""Helpers shared by the agenda scripts.

An agenda is a card instance in no zone (``abilities.agenda_cards``): its passives, forced
effects and abilities (zone ``agenda``) are active the whole game; its owner is "you"
(``abilities.controller`` of the agenda is its owner).
"""

from __future__ import annotations

from typing import Any

from gameplay.engine.abilities import (
    Ctx,
    add_lasting,
    agenda_traits,
    controller,
    facts,
    traits,
)
from gameplay.engine.state import GameState

WIN_MINIMUM = 10  # a Treaty: "to a minimum of 10"
NORTH_EXTRA = 2  # The North agendas: "You need 2 additional power to win the game."


def owner(state: GameState, source: str) -> int:
    """The seat whose agenda ``source`` is."""
    return controller(state, source)


def has_trait(state: GameState, ref: str, trait: str) -> bool:
    """Whether a card has a trait now (printed or gained)."""
    return trait in traits(state, ref)


def is_char(state: GameState, ref: str) -> bool:
    """Whether a card is a character."""
    return facts(state, ref).type == "character"


def runs_trait(state: GameState, seat: int, trait: str) -> bool:
    """Whether ``seat`` runs an agenda with this trait ("Treaty", "Seasons")."""
    return trait in agenda_traits(state, seat)


def named(state: GameState, source: str) -> str | None:
    """What the agenda's owner named at setup ("Before drawing your setup hand, name ...")."""
    for effect in state.effects:
        if effect["query"] == "agenda_named" and effect["subject"] == source:
            return str(effect["choice"])
    return None


def name_choice(state: GameState, ctx: Ctx | dict[str, Any], choice: str) -> None:
    """Record the named choice of an agenda for the whole game (a lasting effect on the
    agenda, which never leaves play)."""
    add_lasting(state, "agenda_named", ctx["source"], "play", ctx["source"], choice=choice)


def parse_challenge(subject: str) -> tuple[int, int, str]:
    """``"<attacker>><defender>:<type>"`` (the ``can_challenge`` subject) as its parts."""
    seats, ctype = subject.split(":")
    attacker, defender = seats.split(">")
    return int(attacker), int(defender), ctype
