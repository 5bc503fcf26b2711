"""The background job of the cut odds.

Registered by ``TournamentsConfig.ready`` (Celery's autodiscovery looks at ``tournaments.tasks``
only) under the name it had there, so that messages queued before a deploy still find it.
"""

from __future__ import annotations

from celery import shared_task

from tournaments.cut_odds.jobs import cut_odds_run


@shared_task(name="tournaments.tasks.cut_odds_task")
def cut_odds_task(job_id: int) -> str:
    """Estimate a cut odds job's chances. Safe to run twice: a finished job is left alone."""
    job = cut_odds_run(job_id=job_id)
    return job.status if job is not None else "missing"
