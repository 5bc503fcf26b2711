"""The matches' Celery tasks, found by name: the services queue them through here without
importing ``gameplay.tasks``, which calls the services (tasks -> services -> queue, one way).

``GameplayConfig.ready`` imports ``gameplay.tasks``, so the tasks are registered with the
Celery app in every process that runs Django (web, worker, shell, tests)."""

from __future__ import annotations

from typing import Any

from celery import current_app

BOT_MOVE = "gameplay.tasks.bot_move_task"
"""One automatic move (:func:`gameplay.tasks.bot_move_task`)."""


def task(name: str) -> Any:
    """The task registered with the Celery app as ``name`` (``apply_async`` sends it to the
    broker, ``apply`` runs it here)."""
    return current_app.tasks[name]
