"""Background jobs of tournaments."""

from __future__ import annotations

from celery import shared_task

from tournaments.cut_odds_services import cut_odds_run


@shared_task
def cut_odds_task(job_id: int) -> str:
    """Estimate a cut odds job's chances. Safe to run twice: a finished job is left alone."""
    job = cut_odds_run(job_id=job_id)
    return job.status if job is not None else "missing"
