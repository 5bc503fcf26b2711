""" "If you are running a non-character agenda" (Ser Archibald Yronwood, Ser Gerris
Drinkwater and the other Quentyn's companions): an agenda card whose type is agenda, not a
character made its player's agenda (vocabulary/character_agendas.py: "attach him to your
House Card as your only agenda")."""

from __future__ import annotations

from gameplay.engine.abilities import agenda_of, facts
from gameplay.engine.state import GameState


def non_character_agenda(state: GameState, seat: int) -> bool:
    """``seat`` runs an agenda that is not a character."""
    ref = agenda_of(state, seat)
    return ref is not None and facts(state, ref).type != "character"
