"""Background jobs of matches: bot moves."""

from __future__ import annotations

from celery import shared_task

from gameplay.services import match_bot_move


@shared_task(ignore_result=True)
def bot_move_task(match_id: int, version: int) -> bool:
    """One bot move, if the match is still at ``version``. Safe to run twice: the second
    run finds the match moved on and does nothing. The move queues the next one itself."""
    return match_bot_move(match_id=match_id, version=version)
