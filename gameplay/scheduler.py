"""The periodic tasks without celery beat: a thread of the process runs them.

In production one ``celery beat`` sends the periodic tasks of ``config/celery.py`` (the
sweep of lost bot moves, the sweep of chess clocks that ran out) to the workers.
``make serve`` has no broker, no worker and no beat: tasks run in-process. There
``INPROCESS_SCHEDULER`` is on, and :meth:`GameplayConfig.ready
<gameplay.apps.GameplayConfig.ready>` starts this scheduler once per process: a daemon
thread that runs the entries of celery's ``beat_schedule`` (the same tasks, at the same
intervals) in the process itself, each as ``task.apply()``.

Every task it runs is safe to run at any time and twice (each sweep acts under the row
lock of each match), so a second process that runs it too does no harm; but one process
is what it is for. Off in tests unless a test starts it.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
from typing import Any

from django.db import close_old_connections, connections

logger = logging.getLogger(__name__)

# The longest the thread sleeps between looks at its schedule (and at a stop request).
MAX_SLEEP = 5.0


class InProcessScheduler:
    """Runs the entries of a celery ``beat_schedule`` (``{name: {"task": ..., "schedule":
    seconds or a celery schedule}}``) in a daemon thread until :meth:`stop`. An entry
    first runs one interval after the start, as with beat."""

    def __init__(self, app: Any, entries: dict[str, dict[str, Any]]) -> None:
        from celery.schedules import maybe_schedule

        self.app = app
        self.entries = {
            name: (entry["task"], maybe_schedule(entry["schedule"], app=app))
            for name, entry in entries.items()
        }
        self.runs: dict[str, int] = dict.fromkeys(self.entries, 0)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="maester-scheduler", daemon=True)

    def start(self) -> InProcessScheduler:
        self._thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        """Ask the thread to stop and wait for it (the task under way finishes)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def is_alive(self) -> bool:
        return self._thread.is_alive()

    def _loop(self) -> None:
        try:
            self.app.loader.import_default_modules()  # every app's tasks are known by name
            last = dict.fromkeys(self.entries, self.app.now())
            while not self._stop.is_set():
                sleep = MAX_SLEEP
                for name, (task, schedule) in self.entries.items():
                    due, next_check = schedule.is_due(last[name])
                    if due and not self._stop.is_set():
                        last[name] = self.app.now()
                        self._run(name, task)
                    sleep = min(sleep, next_check)
                self._stop.wait(max(sleep, 0.01))
        finally:
            connections.close_all()  # this thread's own connections

    def _run(self, name: str, task: str) -> None:
        close_old_connections()  # as around a request: a connection gone stale is dropped
        try:
            self.app.tasks[task].apply(throw=True)
        except Exception:  # the next run comes all the same
            logger.exception("Periodic task %s (%s) failed", name, task)
        finally:
            self.runs[name] += 1
            close_old_connections()


_lock = threading.Lock()
_running: InProcessScheduler | None = None


def start_once(app: Any = None) -> InProcessScheduler:
    """Start this process's scheduler over celery's ``beat_schedule``, unless it runs
    already; returns the one that runs."""
    global _running
    with _lock:
        if _running is None or not _running.is_alive():
            from config.celery import app as celery_app

            app = app or celery_app
            _running = InProcessScheduler(app, dict(app.conf.beat_schedule)).start()
            logger.info("In-process scheduler started: %s", ", ".join(_running.entries))
        return _running


def running() -> InProcessScheduler | None:
    """The scheduler this process runs, if any."""
    return _running if _running is not None and _running.is_alive() else None


def stop() -> None:
    """Stop this process's scheduler (tests)."""
    global _running
    with _lock:
        if _running is not None:
            _running.stop()
            _running = None


def reloader_parent() -> bool:
    """True in the watching process of ``runserver``'s autoreloader, which serves nothing
    (its child, which serves, runs with ``RUN_MAIN`` set): no scheduler there."""
    from django.utils import autoreload

    return (
        len(sys.argv) > 1
        and sys.argv[1] == "runserver"
        and "--noreload" not in sys.argv
        and os.environ.get(autoreload.DJANGO_AUTORELOAD_ENV) != "true"
    )
