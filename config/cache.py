"""The Redis cache of production (``CACHE_URL``): Django's own backend, keeping one Redis
client per connection pool, and carrying on without Redis while it cannot be reached.

Django's ``RedisCacheClient`` builds a new ``redis.Redis`` object for every cache call,
which costs more than the round trip to Redis itself (its set-up of response callbacks);
the live board reads the cache on every request of every open page. A ``redis.Redis``
object is safe to share between threads (it takes a connection from its pool per call).

Everything the site keeps in this cache has its record elsewhere (sessions and users in
the database, a match's live row in its table) or may be lost (rate-limit counters), so an
unreachable Redis must not take the site down: a call that cannot reach it logs once and
answers as a miss (``get`` gives the default, ``add`` stores nothing, ``incr`` counts from
nothing) or does nothing (``set``, ``delete``). Sessions (``cached_db``) and the cached
user then come from the database, the live board's shortcut hands every poll to the view,
and rate limits let requests through. For ``RETRY_SECONDS`` after a failure no call tries
Redis at all, so that a timeout is not paid on every call.

A write that was dropped leaves Redis holding what it had: a session that was logged out,
a user whose password changed, a match that moved on. So the first call that reaches Redis
again after a dropped write first deletes every key of this cache (Django's key prefix,
never another program's keys in the same Redis database), and the site starts from the
database again.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends import redis as django_redis
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger("maester.cache")

# How long the cache stays away from a Redis it could not reach before it tries again.
RETRY_SECONDS = 5.0
# Connecting and every command give up after this long (the options of the cache's
# ``OPTIONS`` in the settings win): a Redis that does not answer costs a request at most
# this, once per RETRY_SECONDS.
SOCKET_TIMEOUT = 1.0
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)


# ``incr``: add to a counter that exists, in one round trip. Django's client asks EXISTS,
# then INCRBY: two round trips (every move of every match counts one against its rate
# limit), and a key that expires between the two is made again by INCRBY with no expiry: a
# rate-limit window that never closes. The script does both in Redis, atomically; a key
# that is not there gives nil (Django's ValueError).
INCR_EXISTING = """
if redis.call('EXISTS', KEYS[1]) == 1 then
  return redis.call('INCRBY', KEYS[1], ARGV[1])
end
return false
"""


class ReusedClientRedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}
        self._incr_script: Any = None  # on the writes' client (there is one)

    def incr(self, key, delta):
        if self._incr_script is None:  # EVALSHA, and the script loaded again if Redis lost it
            self._incr_script = self.get_client(key, write=True).register_script(INCR_EXISTING)
        value = self._incr_script(keys=[key], args=[delta])
        if value is None:
            raise ValueError(f"Key '{key}' not found.")
        return value

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = self._client(connection_pool=self._get_connection_pool(write))
            self._clients[index] = client
        return client

    def delete_pattern(self, pattern: str) -> int:
        client = self.get_client(None, write=True)
        deleted = 0
        batch: list[bytes] = []
        for key in client.scan_iter(match=pattern, count=1000):
            batch.append(key)
            if len(batch) >= 1000:
                deleted += client.unlink(*batch)
                batch = []
        if batch:
            deleted += client.unlink(*batch)
        return deleted


class RedisCache(django_redis.RedisCache):
    def __init__(self, server, params) -> None:
        options = dict(params.get("OPTIONS") or {})
        options.setdefault("socket_connect_timeout", SOCKET_TIMEOUT)
        options.setdefault("socket_timeout", SOCKET_TIMEOUT)
        super().__init__(server, {**params, "OPTIONS": options})
        self._class = ReusedClientRedisCacheClient
        self._down_until = 0.0  # no call tries Redis before this (time.monotonic())
        self._down = False  # the last call could not reach Redis
        self._dropped_writes = False  # a write was lost while Redis was away

    # The guard ----------------------------------------------------------------------------

    def _guarded(self, call: Callable[[], Any], fallback: Any, *, write: bool) -> Any:
        now = time.monotonic()
        if now < self._down_until:
            self._dropped_writes |= write
            return fallback
        try:
            if self._dropped_writes:
                self._forget_everything()
            result = call()
        except UNREACHABLE as error:
            self._dropped_writes |= write
            self._down_until = now + RETRY_SECONDS
            if not self._down:
                self._down = True
                logger.error(
                    "Cache (Redis) unreachable: serving from the database without it "
                    "(sessions, users, live board), rate limits off; next try in %ss. %s",
                    RETRY_SECONDS,
                    error,
                )
            return fallback
        if self._down:
            self._down = False
            logger.warning("Cache (Redis) reachable again.")
        return result

    def _forget_everything(self) -> None:
        """Delete every key of this cache (a write to it was lost, so anything it holds may
        be out of date)."""
        deleted = self._cache.delete_pattern(f"{self.key_prefix}:*")
        self._dropped_writes = False
        logger.warning("Cache (Redis): dropped %s keys that may have gone stale.", deleted)

    # Django's cache API, guarded ------------------------------------------------------------

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        parent = super().add
        return self._guarded(lambda: parent(key, value, timeout, version), False, write=True)

    def get(self, key, default=None, version=None):
        parent = super().get
        return self._guarded(lambda: parent(key, default, version), default, write=False)

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        parent = super().set
        return self._guarded(lambda: parent(key, value, timeout, version), None, write=True)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        parent = super().touch
        return self._guarded(lambda: parent(key, timeout, version), False, write=True)

    def delete(self, key, version=None):
        parent = super().delete
        return self._guarded(lambda: parent(key, version), False, write=True)

    def get_many(self, keys, version=None):
        parent = super().get_many
        return self._guarded(lambda: parent(keys, version), {}, write=False)

    def has_key(self, key, version=None):
        parent = super().has_key
        return self._guarded(lambda: parent(key, version), False, write=False)

    def incr(self, key, delta=1, version=None):
        # Without Redis a counter starts from nothing every time: rate limits let the
        # request through rather than refusing everyone.
        parent = super().incr
        return self._guarded(lambda: parent(key, delta, version), delta, write=True)

    def set_many(self, data, timeout=DEFAULT_TIMEOUT, version=None):
        parent = super().set_many
        return self._guarded(lambda: parent(data, timeout, version), list(data), write=True)

    def delete_many(self, keys, version=None):
        parent = super().delete_many
        return self._guarded(lambda: parent(keys, version), None, write=True)

    def clear(self):
        parent = super().clear
        return self._guarded(parent, False, write=True)
