"""Automatic moves that went missing: queued again when they are overdue.

An automatic move (a bot's move, or a pass the server makes for a person by their passing
preferences) is a Celery task queued when its turn comes (``Match.bot_due`` notes when it
should run). A task can be lost: a worker killed with it in hand (Redis gives the
message back only after its visibility timeout, an hour), a broker restarted without the
queue on disk. A move overdue by more than ``BOT_GRACE_SECONDS`` is queued again, at once,
by whatever notices first: a page or a poll of the match (the poll knows from the live
row, without a query) or the periodic sweep (``gameplay.sweep_bot_moves``, run by celery
beat). Queuing again is safe: the task moves only if the match is still at the version it
was queued for, under the match's lock, so a move is never applied twice.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from gameplay.models import Match
from gameplay.services.play import _queue_bot

logger = logging.getLogger(__name__)


def grace() -> float:
    """Seconds past its time after which a bot's move counts as lost."""
    return float(settings.BOT_GRACE_SECONDS)


def bot_overdue(due: datetime | None, now: datetime | None = None) -> bool:
    """True when a bot move due at ``due`` (``Match.bot_due``) is overdue: lost."""
    if due is None:
        return False
    return (now or timezone.now()) >= due + timedelta(seconds=grace())


def match_bot_requeue(*, match_id: int, version: int) -> bool:
    """Queue the overdue bot move of match ``match_id`` at ``version`` again, at once;
    False when it was queued again less than ``BOT_GRACE_SECONDS`` ago (the pages and
    polls of every viewer, and the sweep, ask together; one of them queues it). The
    task itself finds out whether a bot still must move."""
    if not cache.add(f"bot-requeue:{match_id}:{version}", 1, timeout=max(1, round(grace()))):
        return False
    logger.warning("Bot move of match %s at move %s was overdue: queued again", match_id, version)
    try:
        _queue_bot(match_id, version, countdown=0)
    except Exception:  # a page or a poll must not fail because the bot could not be queued
        # (the broker is down, say): the next try comes after the grace period again.
        logger.exception("Could not queue the bot move of match %s again", match_id)
        return False
    return True


def match_bot_sweep() -> int:
    """Queue again the move of every bot overdue at any match (celery beat runs this every
    ``BOT_SWEEP_SECONDS``); returns how many were queued."""
    late = timezone.now() - timedelta(seconds=grace())
    overdue = (
        Match.objects.filter(bot_due__lte=late, status=Match.Status.ACTIVE)
        .order_by()
        .values_list("pk", "version")
    )
    return sum(match_bot_requeue(match_id=pk, version=version) for pk, version in overdue)
