""" "If X would be killed, instead attach him to your House card as your only agenda with the
text: '...'" (The Kindly Man, Ser Kevan Lannister, Aeron Damphair, Shireen Baratheon,
Quentyn Martell ...). :func:`agenda_character` registers such a character: the
``kill_instead`` passive sends him, as he would be killed (after the saves), to the
``agenda`` destination of ``leaving.leave_play`` (``leaving.become_agenda``: he is his
controller's only agenda, ``Player.agenda_card``; the agenda he replaces is removed from
the game); the quoted text is the given abilities, used from the ``agenda`` zone."""

from __future__ import annotations

import dataclasses
from typing import Any

from gameplay.engine.abilities import Ability, register
from gameplay.engine.state import GameState

AGENDA = "agenda"


def killed_to_agenda(state: GameState, source: str, subject: Any, base: Any) -> Any:
    """The ``kill_instead`` passive: the card itself, as it would be killed."""
    return AGENDA if subject == source and source in state.in_play else base


def agenda_character(code: str, *abilities: Ability, **options: Any) -> None:
    """Register the character ``code`` whose agenda text is ``abilities`` (each used only
    while the card is its player's agenda); ``options`` go to ``register``."""
    passives = dict(options.pop("passives", None) or {})
    passives["kill_instead"] = killed_to_agenda
    agenda = [dataclasses.replace(a, zones=(AGENDA,)) for a in abilities]
    register(code, *agenda, passives=passives, **options)
