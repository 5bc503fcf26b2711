"""The Celery application: tasks from every app, configured from Django's settings
(``CELERY_*``), the worker's behaviour when the broker goes away, and the periodic tasks
that ``celery beat`` sends."""

from __future__ import annotations

import logging
import os
from typing import Any

from celery import Celery
from celery.signals import task_postrun, task_prerun

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("maester")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

# A worker outlives its broker: when Redis restarts (or is not up yet when the worker
# starts) the worker waits and reconnects, however long it takes, instead of exiting.
# Tasks the broker lost meanwhile are not its business: bot moves are queued again by
# the sweep below (gameplay/services/bots.py).
app.conf.update(
    broker_connection_retry=True,
    broker_connection_retry_on_startup=True,
    broker_connection_max_retries=None,
    # A bot move under way when the connection drops finishes (it is applied once, under
    # the match's lock and version check); its message may come again and do nothing.
    worker_cancel_long_running_tasks_on_connection_loss=False,
    worker_consumer="config.celery:ResilientConsumer",
)


@task_prerun.connect
@task_postrun.connect
def _connections_as_a_request(**kwargs: Any) -> None:
    """Around each task, the worker's database connections are kept or dropped as around a
    request: one older than ``CONN_MAX_AGE`` or broken by an error is closed, the others are
    kept (``CELERY_DB_REUSE_MAX`` stops Celery closing them all). A task run in-process
    (eagerly, inside a request or a test's transaction) leaves them alone."""
    task = kwargs.get("task")
    if task is not None and getattr(task.request, "is_eager", False):
        return
    from django.db import close_old_connections

    close_old_connections()


@app.on_after_configure.connect
def schedule(sender: Celery, **kwargs: Any) -> None:
    """The periodic tasks, sent by ``celery beat`` (one beat for the whole site). Each
    expires after its interval: while no worker runs, the sends do not pile up. Without
    a broker (``make serve``) the in-process scheduler runs the same entries
    (gameplay/scheduler.py)."""
    from django.conf import settings

    sweep = float(settings.BOT_SWEEP_SECONDS)
    clocks = float(settings.CLOCK_SWEEP_SECONDS)
    sender.conf.beat_schedule = {
        # Bot moves lost with a worker or a broker are queued again (gameplay/tasks.py).
        "sweep-bot-moves": {
            "task": "gameplay.sweep_bot_moves",
            "schedule": sweep,
            "options": {"expires": sweep},
        },
        # Chess clocks that ran out with no page of their match open: the flag falls.
        "sweep-match-clocks": {
            "task": "gameplay.sweep_match_clocks",
            "schedule": clocks,
            "options": {"expires": clocks},
        },
    }


def __getattr__(name: str) -> Any:
    """``ResilientConsumer``, built when a worker asks for it: the worker's consumer
    module takes a fifth of a second to import, which a web process never needs."""
    if name != "ResilientConsumer":
        raise AttributeError(name)
    from celery.worker.consumer import Consumer

    class ResilientConsumer(Consumer):
        """Celery's consumer, surviving the loss of a Redis broker while it holds tasks.

        Celery 5.7 with kombu 5.7 closes the lost connection after collecting it; the
        Redis channel then tries to give back the tasks it holds (a bot move waiting for
        its time) on a transport already taken apart, and the AttributeError that comes
        out stops the worker ("Unrecoverable error"). Those tasks cannot be given back
        to a broker that is down anyway: skip that and reconnect as usual."""

        def on_connection_error_after_connected(self, exc: Exception) -> None:
            try:
                super().on_connection_error_after_connected(exc)
            except AttributeError:
                logging.getLogger(__name__).warning(
                    "Broker connection lost with tasks in hand; reconnecting without "
                    "giving them back (they are queued again when overdue)",
                    exc_info=True,
                )

    globals()[name] = ResilientConsumer
    return ResilientConsumer
