"""The Redis cache's ``incr`` (config/cache.py): a counter that exists grows in one round
trip and keeps its expiry; one that does not is not made (Django's ValueError), so that a
rate-limit window always closes."""

from __future__ import annotations

import pytest

from gameplay.services.table import RateLimited, rate_limit

pytestmark = pytest.mark.parametrize("shared_cache", ["redis"], indirect=True)


def test_a_counter_grows_in_one_round_trip_and_keeps_its_expiry(shared_cache, monkeypatch):
    from redis.connection import AbstractConnection

    client = shared_cache._cache.get_client(write=True)
    shared_cache.add("moves", 1, timeout=60)
    assert shared_cache.incr("moves") == 2  # the script is loaded by its first use
    sent: list[object] = []
    send = AbstractConnection.send_packed_command

    def counted(self, command, check_health=True):
        sent.append(command)
        return send(self, command, check_health)

    monkeypatch.setattr(AbstractConnection, "send_packed_command", counted)
    assert shared_cache.incr("moves", 5) == 7
    assert len(sent) == 1  # one round trip (Django's client: EXISTS, then INCRBY)
    monkeypatch.undo()
    assert shared_cache.decr("moves", 3) == 4
    assert shared_cache.get("moves") == 4
    assert 0 < client.ttl(shared_cache.make_and_validate_key("moves")) <= 60  # it closes


def test_a_missing_counter_is_not_made(shared_cache):
    client = shared_cache._cache.get_client(write=True)
    with pytest.raises(ValueError, match="not found"):
        shared_cache.incr("nothing")
    assert client.exists(shared_cache.make_and_validate_key("nothing")) == 0


def test_the_counter_works_after_redis_forgets_its_scripts(shared_cache):
    client = shared_cache._cache.get_client(write=True)
    shared_cache.add("moves", 1, timeout=60)
    assert shared_cache.incr("moves") == 2
    client.script_flush()  # a restarted Redis knows no script
    assert shared_cache.incr("moves") == 3


def test_the_rate_limit_opens_a_window_then_refuses_past_its_limit(shared_cache):
    for _ in range(3):
        rate_limit("act:1:0", 3, 60, "moves")
    key = shared_cache.make_and_validate_key("act:1:0")
    assert 0 < shared_cache._cache.get_client(write=True).ttl(key) <= 60
    with pytest.raises(RateLimited, match="Too many moves"):
        rate_limit("act:1:0", 3, 60, "moves")
