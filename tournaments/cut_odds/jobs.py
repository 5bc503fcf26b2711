"""The work of a cut odds job, run by the Celery task (``tournaments.cut_odds.tasks``).

``cut_odds_run`` plays out the rest of the Swiss with
:func:`tournaments.cut_odds.simulation.simulate_cut_odds` and stores the odds; the request that
queues it is ``tournaments.cut_odds.services.cut_odds_request``.
"""

from __future__ import annotations

import logging
import math
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from tournaments.cut_odds.simulation import simulate_cut_odds
from tournaments.models import CutOddsJob, Event
from tournaments.selectors import event_record, event_structure
from tournaments.services import EventError
from tournaments.standings import Structure

logger = logging.getLogger(__name__)

PROGRESS_SHARE = 0.02
"""The job's progress is saved each time this share of the playouts more is done."""


def planned_cut(event: Event) -> Structure:
    """The planned rounds and cut, or the reason there are no odds to estimate."""
    if event.status in (Event.Status.CUT, Event.Status.FINISHED):
        raise EventError("The top cut has started: who made it is known, there are no odds.")
    _, planned = event_structure(event)
    if planned is None or not planned.cut:
        raise EventError(
            "This event has no top cut, so there are no cut odds to estimate. "
            "Set a cut size in the event settings first."
        )
    return planned


def _simulation_input(job: CutOddsJob) -> dict[str, Any]:
    """The event as it stood after ``job.after_round``, for ``simulate_cut_odds``."""
    event = job.event
    planned = planned_cut(event)
    record = event_record(event)
    after = job.after_round
    return {
        "fmt": event.format,
        "entrants": list(record.entrants),
        "results": [game for game in record.results if game.round <= after],
        "byes": [bye for bye in record.byes if bye.round <= after],
        "missed": record.missed,
        "dropped": record.dropped,
        "rules": record.rules,
        "event_seed": event.seed,
        "rounds_played": after,
        # An organizer may add a round beyond the plan: then none is left to simulate.
        "rounds_total": max(planned.rounds, after),
        "cut_size": planned.cut,
        "joined": {key: e.joined_round for key, e in record.entrants.items()},
        "tiebreak_names": {key: e.name for key, e in record.entrants.items()},
    }


def _save_progress(job_id: int, every: int, state: dict[str, int], done: int, total: int) -> None:
    if done - state["saved"] >= every or done == total:
        state["saved"] = done
        CutOddsJob.objects.filter(pk=job_id).update(done=done, updated=timezone.now())


def cut_odds_run(*, job_id: int) -> CutOddsJob | None:
    """Run a queued job: simulate, save the progress as it goes, store the odds or the error.

    Safe to run twice: a finished job is left alone, and the playouts are seeded by the job,
    so a second run computes the same odds. Not one transaction: the progress must be
    committed while the simulation runs for the page to see it, so the job is marked
    running, updated, and finished in short writes of their own. ``None`` for a job that
    no longer exists.
    """
    with transaction.atomic():
        job = (
            CutOddsJob.objects.select_for_update().select_related("event").filter(pk=job_id).first()
        )
        if job is None or job.status == CutOddsJob.Status.DONE:
            return job
        job.status = CutOddsJob.Status.RUNNING
        job.done = 0
        job.error = ""
        job.save(update_fields=["status", "done", "error", "updated"])
    every = max(1, math.ceil(job.total * PROGRESS_SHARE))
    state = {"saved": 0}
    try:
        odds = simulate_cut_odds(
            **_simulation_input(job),
            simulations=job.simulations,
            seed=job.seed,
            progress=partial(_save_progress, job.pk, every, state),
        )
    except ValueError as error:  # EventError, PairingError: a message for the organizer
        return _finish(job, status=CutOddsJob.Status.FAILED, error=str(error))
    except Exception:
        logger.exception("cut odds job %s failed", job.pk)
        return _finish(
            job,
            status=CutOddsJob.Status.FAILED,
            error="The simulation failed unexpectedly; the details are in the server log.",
        )
    return _finish(job, status=CutOddsJob.Status.DONE, result=odds, done=job.total)


@transaction.atomic
def _finish(job: CutOddsJob, **fields: Any) -> CutOddsJob:
    for name, value in fields.items():
        setattr(job, name, value)
    if "done" not in fields:
        job.refresh_from_db(fields=["done"])
    job.save(update_fields=[*fields, "updated"])
    return job
