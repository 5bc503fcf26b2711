"""Table actions and requests from a board (gameplay/engine/table.py): a seated player's
moves by hand, for card text the engine does not play.

Unlike a decision, a table action may come from any seat of the player at any moment of
the match (not only when that seat decides): it is checked against the match as it is
now, under the match's lock, and applied as the next action of the log (so the replay
has it). A page behind by other seats' moves may still act; one behind by a move of this
very seat (a second click on the same button) is sent to refresh, so that a click never
applies twice.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from config.numbers import number_or_none
from gameplay.engine.actions import Action, ActionParseError
from gameplay.models import Match
from gameplay.services.play import Made, MatchError, StaleMatch, _apply, _locked_seats


def is_table_action(text: str) -> bool:
    """Whether an action string is a table action (``p0:table:...``)."""
    return isinstance(text, str) and ":table:" in text.partition("=")[0]


def match_table_act(
    *, match_id: int, user: Any, action: str, version: int, made: Made | None = None
) -> Match:
    """Apply the table action ``action`` for ``user``'s seat; ``version``: the move the
    player's page showed. Raises ``MatchError`` (with what to fix) or ``PermissionDenied``.
    ``made``: as ``match_bot_move``'s."""
    with transaction.atomic():
        match, rows, seats = _locked_seats(match_id, user, made)
        try:
            parsed = Action.parse(action)
        except ActionParseError as exc:
            raise MatchError(str(exc)) from exc
        if not parsed.kind.startswith("table:"):
            raise MatchError(f"{parsed.kind} is not a table action.")
        if parsed.seat not in seats:
            raise PermissionDenied(f"Seat {parsed.seat + 1} is not yours.")
        if match.status != Match.Status.ACTIVE:
            raise MatchError(
                "This match is over." if match.result else "This match has not started."
            )
        if not match.table_actions:
            raise MatchError("Table actions are turned off at this match.")
        if version > match.version or (
            version < match.version
            and match.actions.filter(number__gt=version, seat=parsed.seat).exists()
        ):
            raise StaleMatch(
                f"The match has moved on (you saw move {version}, it is at move "
                f"{match.version}): refresh to see the new position."
            )
        bots = {s.number for s in rows if s.bot}
        # Checked against the match as it is now (any page not behind by this seat).
        return _apply(match, parsed, match.version, user, bots=bots, seats=rows)


def request_text(seat: str, target: str, verb: str, source: str) -> str:
    """The action string of a request posted from the board's Table menu: a ``verb`` on a
    ``target`` card (``kill`` ...) or about a player's totals (``gold_1``), optionally for
    a ``source`` card (the card whose text asks for it)."""
    number = number_or_none(seat)
    if number is None:
        raise MatchError("The form did not say which seat it is for; refresh.")
    if not verb:
        raise MatchError("Choose what to ask for.")
    refs = [r for r in (target.strip(), source.strip()) if r]
    return f"p{number}:table:request" + (f":{','.join(refs)}" if refs else "") + f"={verb}"
