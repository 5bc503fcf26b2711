"""Cut odds jobs: an organizer asks, a background task plays out the rest of the Swiss.

``cut_odds_request`` checks and queues the task (``tournaments.cut_odds.tasks``), whose one
call, ``tournaments.cut_odds.jobs.cut_odds_run``, does the work with
:func:`tournaments.cut_odds.simulation.simulate_cut_odds`. The task module imports the jobs
module and never this one, so no two of them import each other. Errors an organizer can cause
raise :class:`~tournaments.services.EventError` with a message; anyone but an organizer gets
``PermissionDenied``.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments.cut_odds.jobs import planned_cut
from tournaments.cut_odds.simulation import simulations_for
from tournaments.cut_odds.tasks import cut_odds_task
from tournaments.models import CutOddsJob, Event
from tournaments.selectors import EventRecord, event_record
from tournaments.services import EventError, audit, require_manager
from tournaments.standings import Structure

logger = logging.getLogger(__name__)

STALE_AFTER = timedelta(minutes=10)
"""A queued or running job untouched this long is taken as lost (a worker died): a new
request starts another instead of waiting for it."""

ACTIVE = (CutOddsJob.Status.QUEUED, CutOddsJob.Status.RUNNING)


def _check_event(event: Event, record: EventRecord) -> tuple[int, Structure]:
    """The Swiss rounds played and the planned structure, or the reason there are no odds."""
    planned = planned_cut(event)
    played = len(record.swiss_rounds)
    if played == 0:
        raise EventError(
            "No round has been played yet: the cut odds start from real results. "
            "Pair round 1 and enter its results first."
        )
    if record.unreported:
        tables = f"{record.unreported} table{'s' if record.unreported != 1 else ''}"
        raise EventError(
            f"Round {played} still has {tables} without a result: "
            "enter them, then ask for the cut odds."
        )
    return played, planned


@transaction.atomic
def cut_odds_request(*, event: Event, user: Any) -> CutOddsJob:
    """Start estimating the cut odds after the last round played (organizers only).

    A job for the same round still queued or running is returned instead of a second one.
    The task is queued when the transaction commits.
    """
    require_manager(event, user)
    played, _ = _check_event(event, event_record(event))
    running = CutOddsJob.objects.filter(
        event=event,
        after_round=played,
        status__in=ACTIVE,
        updated__gte=timezone.now() - STALE_AFTER,
    ).first()
    if running is not None:
        return running
    simulations = simulations_for(event.entrants.filter(dropped_after_round__isnull=True).count())
    job = CutOddsJob.objects.create(
        event=event,
        requested_by=user,
        after_round=played,
        simulations=simulations,
        total=simulations,
    )
    audit(event, user, "cut_odds_requested", job=job.pk, after_round=played)
    transaction.on_commit(partial(_queue, job.pk))
    return job


def _queue(job_id: int) -> None:
    try:
        cut_odds_task.delay(job_id)
    except Exception:  # the broker is unreachable: say so rather than wait forever
        logger.exception("cut odds job %s could not be queued", job_id)
        CutOddsJob.objects.filter(pk=job_id, status=CutOddsJob.Status.QUEUED).update(
            status=CutOddsJob.Status.FAILED,
            error="The background worker could not be reached; try again in a moment.",
            updated=timezone.now(),
        )
