"""Background jobs of matches: bot moves, the sweep that queues lost ones again, and the
sweep that lets the flag fall on clocks that ran out with no page of the match open."""

from __future__ import annotations

from celery import shared_task

from gameplay.queue import BOT_MOVE
from gameplay.services import match_bot_move, match_bot_sweep, match_clock_sweep


@shared_task(name=BOT_MOVE, ignore_result=True)
def bot_move_task(match_id: int, version: int, search: bool | None = None) -> bool:
    """One bot move, if the match is still at ``version``. Safe to run twice: the second
    run finds the match moved on and does nothing. The move queues the next one itself.
    ``search``: whether a search bot sits at the match, when the change that queued the
    move knew (a task queued without it asks)."""
    return match_bot_move(match_id=match_id, version=version, search=search)


@shared_task(name="gameplay.sweep_bot_moves", ignore_result=True)
def sweep_bot_moves() -> int:
    """Queue again every bot move that is overdue (lost with a worker or a broker); celery
    beat runs it every ``BOT_SWEEP_SECONDS`` (config/celery.py). Safe to run at any time
    and twice: a move queued again applies only at the version it was queued for."""
    return match_bot_sweep()


@shared_task(name="gameplay.sweep_match_clocks", ignore_result=True)
def sweep_match_clocks() -> int:
    """End every match whose chess clock ran out, as the poll of an open board would; celery
    beat runs it every ``CLOCK_SWEEP_SECONDS`` (config/celery.py). Safe to run at any time
    and twice: each match is ended once, under its row lock."""
    return match_clock_sweep()
