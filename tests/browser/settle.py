"""Let the live server finish what closed pages asked of it before the test's data goes.

Closing a browser context does not wait for the requests its pages had sent: a move still
being applied on the live server (and the automatic passes it makes due, in-process in the
tests) writes while the test's teardown empties the database, and PostgreSQL may then end
the flush as a deadlock. After its pages are closed a fixture waits here until no other
connection to the test database is busy for a moment."""

from __future__ import annotations

import time

QUIET_SECONDS = 0.3  # no other busy connection for this long: the requests have ended
MOST_SECONDS = 15.0


def wait_for_the_server() -> None:
    from django.db import connection

    if connection.vendor != "postgresql":  # SQLite: one writer at a time, no deadlock
        return
    busy = (
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
        "AND pid <> pg_backend_pid() AND state IS NOT NULL AND state <> 'idle'"
    )
    quiet_since = None
    deadline = time.monotonic() + MOST_SECONDS
    with connection.cursor() as cursor:
        while time.monotonic() < deadline:
            cursor.execute(busy)
            now = time.monotonic()
            if cursor.fetchone()[0]:
                quiet_since = None
            elif quiet_since is None:
                quiet_since = now
            elif now - quiet_since >= QUIET_SECONDS:
                return
            time.sleep(0.05)
