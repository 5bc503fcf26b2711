"""Chess clocks that run out with no page of the match open.

The poll of an open board lets the flag fall within a second of the deadline. A match
nobody watches (a tournament table whose players closed their tabs) has no poll: the
sweep, run by celery beat every ``CLOCK_SWEEP_SECONDS`` (``gameplay.sweep_match_clocks``,
config/celery.py), or by the in-process scheduler of the development server
(gameplay/scheduler.py), ends it instead. It finds the matches by their stored deadline
(``Match.clock_deadline``, indexed, kept by every save that changes who must decide or
the clock) and ends each exactly as the poll does (:func:`match_check_clock`): the same
result, the same log line, the same report to the tournament table once the match's
transaction commits. Each match is its own transaction under its row lock, so the
sweep, a poll and a move racing for one match end it once.
"""

from __future__ import annotations

import logging

from django.utils import timezone

from gameplay.models import Match
from gameplay.services.table import match_check_clock

logger = logging.getLogger(__name__)


def match_flag_overdue(*, match_id: int) -> bool:
    """Let the flag fall at match ``match_id`` if someone who must decide has run out of
    time; True when it fell. Safe to call at any time and twice."""
    return match_check_clock(match_id=match_id) is not None


def match_clock_sweep() -> int:
    """End every match in play whose clock's deadline has passed (celery beat runs this
    every ``CLOCK_SWEEP_SECONDS``); returns how many flags fell. One match that cannot be
    ended (logged) does not keep the others from it."""
    overdue = (
        Match.objects.filter(clock_deadline__lte=timezone.now(), status=Match.Status.ACTIVE)
        .order_by("clock_deadline")
        .values_list("pk", flat=True)
    )
    fell = 0
    for pk in list(overdue):
        try:
            fell += match_flag_overdue(match_id=pk)
        except Exception:
            logger.exception("Could not let the flag fall at match %s", pk)
    return fell
