"""The live check of a match: its version, chat version and the few fields a poll needs,
kept in the shared cache so that the every-second poll of every open board answers
"nothing new" without a database query.

Written by :meth:`gameplay.models.Match.save` inside the writing transaction, under the
match's row lock, so writes reach the cache in the order they commit. A cached row can
only run ahead of the database (a write whose transaction then rolls back, or one not
committed yet); a poll that sees a version it does not have therefore asks the database
before it answers. A row missing from the cache is read from the database and added
(``add`` never overwrites a newer write; only a key that expires between a write and that
``add`` could leave an older row, once a day at most, until the next move).

A match with a chess clock keeps, beside those fields, its ``deadline``: when the first
person who must decide runs out of time (seconds since the epoch; None while no clock
runs). Until then a poll settles "nothing new" from the cache like any other; from then
on it goes to the database, where the view lets the flag fall.

On only when the cache is shared by every server process (``CACHE_URL``): a cache per
process would not see the other processes' writes. Off, the poll reads the database.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from django.conf import settings
from django.core.cache import cache

FIELDS = ("version", "chat_version", "status", "is_public", "clock_minutes")
# What the deadline of a clock is computed from, beside the seats' clock time.
CLOCK_FIELDS = ("clock_since", "waiting")
# A save of any of these publishes the live row again.
FIELDS_SET = frozenset((*FIELDS, *CLOCK_FIELDS))
TIMEOUT = 24 * 3600


def enabled() -> bool:
    return bool(getattr(settings, "MATCH_LIVE_CACHE", False))


def _key(pk: int) -> str:
    return f"match-live:{pk}"


def deadline(pk: int, row: dict[str, Any]) -> float | None:
    """When the first person who must decide at match ``pk`` runs out of time (seconds
    since the epoch), from the match's live and clock fields in ``row`` and its seats'
    clock time as stored now; None when no clock runs. As ``match_check_clock`` counts:
    people only (bots and conceded seats have no clock)."""
    from gameplay.models import Match, MatchSeat

    if (
        not row["clock_minutes"]
        or row["status"] != Match.Status.ACTIVE
        or row["clock_since"] is None
        or not row["waiting"]
    ):
        return None
    used = (
        MatchSeat.objects.filter(
            match_id=pk, number__in=row["waiting"], bot="", user__isnull=False, conceded=False
        )
        .order_by("-clock_used")
        .values_list("clock_used", flat=True)
        .first()
    )
    if used is None:
        return None
    return row["clock_since"].timestamp() + row["clock_minutes"] * 60 - used


def _row(pk: int, fields: dict[str, Any]) -> list[Any]:
    return [*(fields[f] for f in FIELDS), deadline(pk, fields)]


def publish(match: Any) -> None:
    """Store the live fields of ``match`` (called after every save of a match that
    changes one of them, inside its transaction: the seats' clock time charged by the
    same transaction counts)."""
    if enabled() and match.pk is not None:
        fields = {f: getattr(match, f) for f in (*FIELDS, *CLOCK_FIELDS)}
        cache.set(_key(match.pk), _row(match.pk, fields), timeout=TIMEOUT)


def _fields(row: list[Any]) -> dict[str, Any]:
    return dict(zip((*FIELDS, "deadline"), row, strict=True))


def cached(pk: int) -> dict[str, Any] | None:
    """The live fields of match ``pk`` as last written, None when not in the cache."""
    if not enabled():
        return None
    row = cache.get(_key(pk))
    return _fields(row) if row else None


def stored(pk: int) -> dict[str, Any] | None:
    """The live fields of match ``pk`` from the database (None: no such match), added to
    the cache when it has none."""
    from gameplay.models import Match

    fields = Match.objects.filter(pk=pk).values(*FIELDS, *CLOCK_FIELDS).first()
    if fields is None:
        return None
    row = _row(pk, fields)
    if enabled():
        cache.add(_key(pk), row, timeout=TIMEOUT)
    return _fields(row)


def time_is_up(row: dict[str, Any]) -> bool:
    """True once the clock of someone who must decide has run out (the flag can fall)."""
    return row["deadline"] is not None and time.time() >= row["deadline"]


POLL_PATH = re.compile(r"^/play/(\d+)/poll/$")
# Where the shortcut leaves the cached row it read for the view (``request.META``).
ENVIRON_KEY = "maester.live_row"


def nothing_new_shortcut(app: Callable) -> Callable:
    """Wrap the WSGI application: a poll of a public match that the shared cache says
    has not moved on (version and chat version as the page has them) is answered 204
    here, before Django's request machinery, which costs more than the answer. Every
    other request, and any poll this cannot settle from the cache (a change, a private
    match, a clock that ran out, no cache), goes to Django's view, which decides as
    before."""

    def application(environ: dict, start_response: Callable) -> Any:
        found = POLL_PATH.match(environ.get("PATH_INFO", ""))
        if found and environ.get("REQUEST_METHOD") == "GET" and enabled():
            query = parse_qs(environ.get("QUERY_STRING", ""))
            row = cached(int(found.group(1)))
            environ[ENVIRON_KEY] = row  # the view reads it again otherwise
            if (
                row is not None
                and row["is_public"]
                and not time_is_up(row)
                and query.get("v") == [str(row["version"])]
                and query.get("c") == [str(row["chat_version"])]
            ):
                start_response("204 No Content", [("Cache-Control", "no-store")])
                return []
        return app(environ, start_response)

    return application
