"""Requests counted in windows of time, in the site's cache (shared by every server process
with ``CACHE_URL``): the one counter behind the site's rate limits (log-ins, sign-ups and
the like, accounts/ratelimit.py; a match's moves and chat, gameplay/services/table.py; the
API's request rates, config/throttles.py).

A count is one ``incr`` in the common case, one round trip to Redis (config/cache.py), and
atomic in Redis and in the per-process cache alike: requests at the same moment get
different counts.
"""

from __future__ import annotations

from django.core.cache import cache


def count(key: str, seconds: int) -> int:
    """Count one in ``key``'s window, opening one of ``seconds`` if none is open, and give
    the new count."""
    try:
        counted = cache.incr(key)  # the window is open: the common case
    except ValueError:  # no window yet: open one, unless another request just did
        if cache.add(key, 1, timeout=seconds):
            return 1
        counted = cache.incr(key)
    if counted <= 1:
        # Nothing else is counted in this window (all was given back), so it may start now.
        cache.touch(key, seconds)
    return counted
