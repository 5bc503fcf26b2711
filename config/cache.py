"""The Redis cache of production (``CACHE_URL``): Django's own backend, keeping one Redis
client per connection pool.

Django's ``RedisCacheClient`` builds a new ``redis.Redis`` object for every cache call,
which costs more than the round trip to Redis itself (its set-up of response callbacks);
the live board reads the cache on every request of every open page. A ``redis.Redis``
object is safe to share between threads (it takes a connection from its pool per call).
"""

from __future__ import annotations

from django.core.cache.backends import redis as django_redis


class ReusedClientRedisCacheClient(django_redis.RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = self._client(connection_pool=self._get_connection_pool(write))
            self._clients[index] = client
        return client


class RedisCache(django_redis.RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = ReusedClientRedisCacheClient
