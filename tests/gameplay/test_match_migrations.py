"""The migrations of matches keep what was stored: seeds (a 64-bit column became one for
128-bit seeds) and matches left waiting on a bot, or on a person whose passes may now be
automatic (marked due, for the sweep)."""

from __future__ import annotations

import importlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from gameplay.models import Match
from tests.conftest import require_service
from tests.gameplay import test_match_host
from tests.gameplay.test_match_passing import ambush_position, marshal_steward, people_match

people = test_match_host.people

BEFORE = [("gameplay", "0002_open_seats_chat_clock_and_tables")]


@pytest.mark.django_db(transaction=True)
def test_seeds_and_waiting_bots_come_through_the_migrations():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    OldMatch = apps.get_model("gameplay", "Match")
    OldSeat = apps.get_model("gameplay", "MatchSeat")

    def old_match(seed: int, status: str, waiting: list[int]):
        match = OldMatch.objects.create(
            variant="joust", seed=seed, status=status, waiting=waiting, state="{}"
        )
        OldSeat.objects.create(match=match, number=0)
        OldSeat.objects.create(match=match, number=1, bot="greedy")
        return match

    bot_waits = old_match(2**47 + 12345, "active", [0, 1])
    person_waits = old_match(2**63 - 1, "active", [0])
    over = old_match(0, "finished", [])
    try:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    finally:  # the database is left at the latest migration whatever happens
        MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())
    stored = {m.pk: m for m in Match.objects.all()}
    assert [stored[m.pk].seed for m in (bot_waits, person_waits, over)] == [
        2**47 + 12345,
        2**63 - 1,
        0,
    ]
    assert stored[bot_waits.pk].bot_due == stored[bot_waits.pk].updated  # due: late already
    # Every match in play is due for a look (0006): the sweep passes for a person whose
    # default passing preferences pass there, and otherwise clears the mark.
    assert stored[person_waits.pk].bot_due == stored[person_waits.pk].updated
    assert stored[over.pk].bot_due is None
    big = (1 << 128) | 99
    Match.objects.filter(pk=over.pk).update(seed=big)
    assert Match.objects.get(pk=over.pk).seed == big


def _compression() -> str:
    """How PostgreSQL compresses the match's state column ('' : the server's default)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attcompression FROM pg_attribute "
            "WHERE attrelid = 'gameplay_match'::regclass AND attname = 'state'"
        )
        return {"l": "lz4", "p": "pglz"}.get(cursor.fetchone()[0], "")


@pytest.mark.django_db(transaction=True)
def test_a_moves_state_is_written_with_lz4_and_its_action_indexed_once_by_its_match(people):
    """PostgreSQL (issue 31's cheaper writes, 0011): the state a move writes is compressed
    with lz4 where the server has it; the action's only index by match is the unique one;
    the migration goes back to the server's default and forward again."""
    migration = importlib.import_module("gameplay.migrations.0011_match_writes")
    if not require_service("DATABASE_URL").startswith("postgres"):
        pytest.fail("this reads PostgreSQL's catalog: DATABASE_URL must name PostgreSQL")
    lz4 = migration._has_lz4(connection)
    match = people_match(people, ambush_position(influence=False))
    marshal_steward(match, people)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_column_compression(state) FROM gameplay_match WHERE id = %s", [match.pk]
        )
        assert cursor.fetchone()[0] == ("lz4" if lz4 else "pglz")
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = 'gameplay_matchaction'")
        by_match = [d for (d,) in cursor.fetchall() if "(match_id" in d]
    assert len(by_match) == 1 and "UNIQUE" in by_match[0] and "(match_id, number)" in by_match[0]
    assert _compression() == ("lz4" if lz4 else "")
    executor = MigrationExecutor(connection)
    try:
        executor.migrate([("gameplay", "0010_play_preferences_quiet_cards")])
        assert _compression() == ""
    finally:
        MigrationExecutor(connection).migrate(executor.loader.graph.leaf_nodes())
    assert _compression() == ("lz4" if lz4 else "")
