"""The migrations of matches keep what was stored: seeds (a 64-bit column became one for
128-bit seeds) and matches left waiting on a bot, or on a person whose passes may now be
automatic (marked due, for the sweep)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from gameplay.models import Match

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
