"""A move's two writes, the action's row and the match's update, in one statement whose SQL
is built once per process (issue 31; the read's counterpart is config/compiled.py).

Every move (an act, an automatic pass, a bot's move) inserts its action and updates its
match. Through the ORM that is two round trips, each query built anew, and together they
took the largest part of a move's own CPU (docs/PERFORMANCE.md). On PostgreSQL,
:func:`save_move` sends both as one statement (the insert in a ``WITH``), with exactly what
``action.save()`` and ``match.save(update_fields=...)`` would store: the same values through
the fields' own conversions, ``auto_now`` and ``auto_now_add`` stamped, the clock's deadline
reckoned as ``Match.save`` reckons it, and the same ``pre_save`` and ``post_save`` signals
sent (the live row and the push hang on the match's ``post_save``), the two ``pre_save``
before the statement and the two ``post_save`` after it. Other databases take the ORM's two
saves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db import DatabaseError, connections, router
from django.db.models.signals import post_save, pre_save
from django.utils import timezone

from gameplay.models import Match, MatchAction

# The columns of an action's insert: every concrete field but its id.
_ACTION_FIELDS = [f for f in MatchAction._meta.concrete_fields if not f.primary_key]

# SQL by the tuple of the match's fields updated (a move updates the same few each time).
_statements: dict[tuple[str, ...], str] = {}


def _statement(connection: Any, names: tuple[str, ...]) -> str:
    sql = _statements.get(names)
    if sql is None:
        quote = connection.ops.quote_name
        columns = ", ".join(quote(f.column) for f in _ACTION_FIELDS)
        values = ", ".join(["%s"] * len(_ACTION_FIELDS))
        sets = ", ".join(f"{quote(Match._meta.get_field(n).column)} = %s" for n in names)
        sql = _statements[names] = (
            f"WITH action AS (INSERT INTO {quote(MatchAction._meta.db_table)} ({columns}) "
            f"VALUES ({values}) RETURNING {quote(MatchAction._meta.pk.column)}) "
            f"UPDATE {quote(Match._meta.db_table)} SET {sets} "
            f"WHERE {quote(Match._meta.pk.column)} = %s "
            "RETURNING (SELECT * FROM action)"
        )
    return sql


def save_move(match: Match, action: MatchAction, fields: Sequence[str]) -> None:
    """``action.save()`` then ``match.save(update_fields=fields)`` (``updated`` is always
    stamped), in one statement on PostgreSQL."""
    using = router.db_for_write(Match, instance=match)
    connection = connections[using]
    if connection.vendor != "postgresql":
        action.save(using=using)
        match.save(using=using, update_fields=[*fields, "updated"])
        return
    names = match.with_deadline([*fields, "updated"])  # as Match.save does
    updates = frozenset(names)  # as the ORM hands them to its signals
    for sender, instance, updated in ((MatchAction, action, None), (Match, match, updates)):
        pre_save.send(
            sender=sender, instance=instance, raw=False, using=using, update_fields=updated
        )
    now = timezone.now()
    match.updated = now
    action.created = now
    ordered = tuple(sorted(names))
    params = [f.get_db_prep_save(getattr(action, f.attname), connection) for f in _ACTION_FIELDS]
    for name in ordered:
        field = Match._meta.get_field(name)
        params.append(field.get_db_prep_save(getattr(match, field.attname), connection))
    params.append(match.pk)
    with connection.cursor() as cursor:
        cursor.execute(_statement(connection, ordered), params)
        row = cursor.fetchone()
    if row is None:  # as the ORM says it
        raise DatabaseError("Save with update_fields did not affect any rows.")
    action.pk = row[0]
    for instance in (action, match):
        instance._state.adding = False
        instance._state.db = using
    # As the ORM's saves: the action's (created), then the match's (its fields updated).
    for sender, instance, created, updated in (
        (MatchAction, action, True, None),
        (Match, match, False, updates),
    ):
        post_save.send(
            sender=sender,
            instance=instance,
            created=created,
            update_fields=updated,
            raw=False,
            using=using,
        )
