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

On only when the cache is shared by every server process (``CACHE_URL``): a cache per
process would not see the other processes' writes. Off, the poll reads the database.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from django.conf import settings
from django.core.cache import cache

FIELDS = ("version", "chat_version", "status", "is_public", "clock_minutes")
FIELDS_SET = frozenset(FIELDS)
TIMEOUT = 24 * 3600


def enabled() -> bool:
    return bool(getattr(settings, "MATCH_LIVE_CACHE", False))


def _key(pk: int) -> str:
    return f"match-live:{pk}"


def publish(match: Any) -> None:
    """Store the live fields of ``match`` (called after every save of a match)."""
    if enabled() and match.pk is not None:
        cache.set(_key(match.pk), [getattr(match, f) for f in FIELDS], timeout=TIMEOUT)


def cached(pk: int) -> dict[str, Any] | None:
    """The live fields of match ``pk`` as last written, None when not in the cache."""
    if not enabled():
        return None
    row = cache.get(_key(pk))
    return dict(zip(FIELDS, row, strict=True)) if row else None


def stored(pk: int) -> dict[str, Any] | None:
    """The live fields of match ``pk`` from the database (None: no such match), added to
    the cache when it has none."""
    from gameplay.models import Match

    row = Match.objects.filter(pk=pk).values(*FIELDS).first()
    if row is not None and enabled():
        cache.add(_key(pk), [row[f] for f in FIELDS], timeout=TIMEOUT)
    return row


POLL_PATH = re.compile(r"^/play/(\d+)/poll/$")


def nothing_new_shortcut(app: Callable) -> Callable:
    """Wrap the WSGI application: a poll of a public match that the shared cache says
    has not moved on (version and chat version as the page has them) is answered 204
    here, before Django's request machinery, which costs more than the answer. Every
    other request, and any poll this cannot settle from the cache (a change, a private
    match, a chess clock, no cache), goes to Django's view, which decides as before."""

    def application(environ: dict, start_response: Callable) -> Any:
        found = POLL_PATH.match(environ.get("PATH_INFO", ""))
        if found and environ.get("REQUEST_METHOD") == "GET" and enabled():
            query = parse_qs(environ.get("QUERY_STRING", ""))
            row = cached(int(found.group(1)))
            if (
                row is not None
                and row["is_public"]
                and not row["clock_minutes"]
                and query.get("v") == [str(row["version"])]
                and query.get("c") == [str(row["chat_version"])]
            ):
                start_response("204 No Content", [("Cache-Control", "no-store")])
                return []
        return app(environ, start_response)

    return application
