"""The live check of a match: its version, chat version and the few fields a poll needs,
kept in the shared cache so that the every-second poll of every open board answers
"nothing new" without a database query.

Written after every save of a match (:func:`match_saved`, the receiver of the match's
``post_save`` signal, connected by ``GameplayConfig.ready``: the models do not import this
module) inside the writing transaction, under the match's row lock, so writes reach the
cache in the order they commit. A cached row can only run ahead of the database (a write
whose transaction then rolls back, or one not committed yet); a poll that sees a version
it does not have therefore asks the database before it answers. A row missing from the
cache is read from the database and added (``add`` never overwrites a newer write; only a
key that expires between a write and that ``add`` could leave an older row, once a day at
most, until the next move).

A match with a chess clock keeps, beside those fields, its ``deadline``: when the first
person who must decide runs out of time (seconds since the epoch; None while no clock
runs; the match's stored ``clock_deadline``, which the save that publishes the row has
just reckoned). Until then a poll settles "nothing new" from the cache like any other;
from then on it goes to the database, where the view lets the flag fall. A match nobody
polls is ended by the sweep of clocks instead (gameplay/services/clocks.py).

A match whose next decision is an automatic move (a bot's, or a pass the server makes for
a person by their passing preferences) keeps its ``bot_overdue`` too: when that move
counts as lost (``Match.bot_due`` plus ``BOT_GRACE_SECONDS``; None while none is due).
From then on a poll goes to the view, which queues the move again
(:func:`gameplay.services.match_bot_requeue`); until then it costs nothing more.

On only when the cache is shared by every server process (``CACHE_URL``): a cache per
process would not see the other processes' writes. Off, the poll reads the database.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Collection
from typing import Any
from urllib.parse import parse_qs

from django.conf import settings
from django.core.cache import cache

from config import push
from config.numbers import number_or_none

FIELDS = ("version", "chat_version", "status", "is_public", "clock_minutes")
# What the deadline of a clock is computed from, beside the seats' clock time, and when
# a bot's move is overdue.
CLOCK_FIELDS = ("clock_since", "waiting", "bot_due")
# A save of any of these publishes the live row again.
FIELDS_SET = frozenset((*FIELDS, *CLOCK_FIELDS))
# The row: FIELDS, then the clock's deadline and when the bot's move is overdue.
ROW = (*FIELDS, "deadline", "bot_overdue")
TIMEOUT = 24 * 3600


def enabled() -> bool:
    return bool(getattr(settings, "MATCH_LIVE_CACHE", False))


def _key(pk: int) -> str:
    return f"match-live:{len(ROW)}:{pk}"  # a row of another shape is never read back


def deadline(pk: int, row: dict[str, Any]) -> float | None:
    """When the first person who must decide at match ``pk`` runs out of time (seconds
    since the epoch), from the match's live and clock fields in ``row`` and its seats'
    clock time as stored now; None when no clock runs
    (:func:`gameplay.models.clock_deadline`, which the match stores too)."""
    from gameplay.models import clock_deadline

    at = clock_deadline(pk, row)
    return None if at is None else at.timestamp()


def _bot_overdue(fields: dict[str, Any]) -> float | None:
    """When the bot move due at ``bot_due`` counts as lost (seconds since the epoch), as
    :func:`gameplay.services.bot_overdue` counts."""
    from gameplay.models import Match

    if fields["bot_due"] is None or fields["status"] != Match.Status.ACTIVE:
        return None
    return fields["bot_due"].timestamp() + float(settings.BOT_GRACE_SECONDS)


def _row(pk: int, fields: dict[str, Any], due: float | None) -> list[Any]:
    return [*(fields[f] for f in FIELDS), due, _bot_overdue(fields)]


def publish(match: Any) -> None:
    """Store the live fields of ``match`` (called after every save of a match that
    changes one of them, inside its transaction). Its deadline is the one the save just
    stored (``Match.clock_deadline``: the seats' clock time charged by the same
    transaction counts)."""
    if enabled() and match.pk is not None:
        fields = {f: getattr(match, f) for f in (*FIELDS, *CLOCK_FIELDS)}
        due = match.clock_deadline.timestamp() if match.clock_deadline else None
        cache.set(_key(match.pk), _row(match.pk, fields, due), timeout=TIMEOUT)


def match_saved(
    instance: Any, update_fields: Collection[str] | None = None, raw: bool = False, **kwargs: Any
) -> None:
    """Publish the live row of a match just saved (``post_save`` of ``Match``) when the save
    changed one of its fields; the poll's "nothing new" check reads this copy. Pages that
    follow the match's push are told to look once the save commits (:func:`pushed`)."""
    if not raw and (update_fields is None or not FIELDS_SET.isdisjoint(update_fields)):
        publish(instance)
    if not raw and (update_fields is None or not PUSHED.isdisjoint(update_fields)):
        pushed(instance)


# A save of any of these tells the pages that follow the match to look again.
PUSHED = frozenset(("version", "chat_version", "status"))


def pushed(match: Any) -> None:
    """Tell the match's pages its version and chat version (numbers only: each page then
    asks for its own view, or its stream draws it), with the seat whose person made the
    move themselves (``s``, as the log names who acted: that seat's board has its answer
    already), and the lobby when the match is open or finished (a seat taken or freed, a
    match started or ended)."""
    from gameplay.models import Match

    data = {"v": match.version, "c": match.chat_version}
    if (by := getattr(match, "moved_by", None)) is not None:
        data["s"] = by
    push.publish_on_commit(push.match_topic(match.pk), data)
    if match.is_public and match.status != Match.Status.ACTIVE:
        push.publish_on_commit(push.LOBBY)


def _fields(row: list[Any]) -> dict[str, Any]:
    return dict(zip(ROW, row, strict=True))


def cached(pk: int) -> dict[str, Any] | None:
    """The live fields of match ``pk`` as last written, None when not in the cache."""
    if not enabled():
        return None
    row = cache.get(_key(pk))
    return _fields(row) if row else None


def stored(pk: int) -> dict[str, Any] | None:
    """The live fields of match ``pk`` from the database (None: no such match), added to
    the cache when it has none. The deadline is reckoned again from the match and its
    seats as stored, not taken from the match's stored copy: a change written around
    ``save()`` (an ``update()`` in a shell) cannot keep a flag from falling here."""
    from gameplay.models import Match

    fields = Match.objects.filter(pk=pk).values(*FIELDS, *CLOCK_FIELDS).first()
    if fields is None:
        return None
    row = _row(pk, fields, deadline(pk, fields))
    if enabled():
        cache.add(_key(pk), row, timeout=TIMEOUT)
    return _fields(row)


def time_is_up(row: dict[str, Any]) -> bool:
    """True once the clock of someone who must decide has run out (the flag can fall)."""
    return row["deadline"] is not None and time.time() >= row["deadline"]


def bot_is_late(row: dict[str, Any]) -> bool:
    """True once the move of the bot that must decide is overdue (its task was lost)."""
    return row["bot_overdue"] is not None and time.time() >= row["bot_overdue"]


POLL_PATH = re.compile(r"^/play/([0-9]+)/poll/$")
# Where the shortcut leaves the cached row it read for the view (``request.META``).
ENVIRON_KEY = "maester.live_row"


def nothing_new_shortcut(app: Callable) -> Callable:
    """Wrap the WSGI application: a poll of a public match that the shared cache says
    has not moved on (version and chat version as the page has them) is answered 204
    here, before Django's request machinery, which costs more than the answer. Every
    other request, and any poll this cannot settle from the cache (a change, a private
    match, a clock that ran out, a bot's move overdue, no cache), goes to Django's view,
    which decides as before."""

    def application(environ: dict, start_response: Callable) -> Any:
        pk = _poll_of(environ.get("REQUEST_METHOD", ""), environ.get("PATH_INFO", ""))
        if pk is not None:
            row = cached(pk)
            environ[ENVIRON_KEY] = row  # the view reads it again otherwise
            if _nothing_new(row, environ.get("QUERY_STRING", "")):
                start_response("204 No Content", [("Cache-Control", "no-store")])
                return []
        return app(environ, start_response)

    return application


def _poll_of(method: str, path: str) -> int | None:
    """The match whose poll this request is, when the shared cache may settle it."""
    found = POLL_PATH.match(path)
    # A match number too long to be one goes to Django's view (a 404), not int().
    pk = number_or_none(found.group(1)) if found else None
    return pk if pk is not None and method == "GET" and enabled() else None


def _nothing_new(row: dict[str, Any] | None, query_string: str) -> bool:
    query = parse_qs(query_string)
    return (
        row is not None
        and row["is_public"]
        and not time_is_up(row)
        and not bot_is_late(row)
        and query.get("v") == [str(row["version"])]
        and query.get("c") == [str(row["chat_version"])]
    )


def nothing_new_asgi(app: Callable) -> Callable:
    """:func:`nothing_new_shortcut` for the ASGI server: the same answers, the cache read in
    a worker thread (the Redis client is synchronous) rather than on the server's loop."""
    from asgiref.sync import sync_to_async

    read = sync_to_async(cached, thread_sensitive=False)

    async def application(scope: dict, receive: Callable, send: Callable) -> Any:
        if scope["type"] == "http":
            pk = _poll_of(scope.get("method", ""), scope.get("path", ""))
            if pk is not None:
                row = await read(pk)
                if _nothing_new(row, scope.get("query_string", b"").decode("latin-1")):
                    await send(
                        {
                            "type": "http.response.start",
                            "status": 204,
                            "headers": [(b"cache-control", b"no-store")],
                        }
                    )
                    await send({"type": "http.response.body", "body": b""})
                    return None
        return await app(scope, receive, send)

    return application
