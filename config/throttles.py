"""Request rates of the API: anonymous callers by address, logged-in users by account.

The rates are ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (``anon`` and ``user``, from the
environment: ``API_ANON_RATE``, ``API_USER_RATE``), read on each request so that a changed
setting applies at once. Each is counted in windows of its period (``60/minute``: each
minute by the clock), one ``incr`` a request (config/counters.py), in Django's cache: per
process locally, shared in Redis with ``CACHE_URL`` (production). A caller may so make up
to twice the rate across the turn of a window, never more. Over the rate, the answer is a
429 whose message names the limit and the wait, with a ``Retry-After`` header.

An address is counted as the log-in limits count it (``accounts.ratelimit.client_address``:
``REMOTE_ADDR``, or the last address of ``CLIENT_IP_HEADER`` behind a proxy), never from a
header the client may forge.
"""

from __future__ import annotations

import math

from rest_framework import throttling
from rest_framework.exceptions import APIException, Throttled
from rest_framework.settings import api_settings

from accounts.ratelimit import client_address
from config import counters

_PERIODS = {"s": "second", "m": "minute", "h": "hour", "d": "day"}


class RateLimited(Throttled):
    """A 429 whose message says the limit and the wait once: DRF's own ``Throttled`` would
    add "Expected available in N seconds." after ours ("Try again in N s"). ``wait`` still
    gives the ``Retry-After`` header."""

    def __init__(self, wait: float | None, detail: str) -> None:
        APIException.__init__(self, detail)
        self.wait = math.ceil(wait) if wait is not None else None


class _SettingsRateThrottle(throttling.SimpleRateThrottle):
    limited = "use of the API"  # "... is limited to 60 requests a minute"
    per = ""
    advice = ""

    def get_rate(self) -> str | None:
        # DRF's own reads the rates once, at import: tests and settings changes would not apply.
        rates = api_settings.DEFAULT_THROTTLE_RATES
        if self.scope not in rates:
            return super().get_rate()
        return rates[self.scope]

    def get_ident(self, request) -> str:
        return client_address(request)

    def allow_request(self, request, view) -> bool:
        """Count the request in its window of the rate's period (a minute: this minute by
        the clock) with one ``incr``, and refuse it past the rate. DRF's own keeps the list
        of the caller's request times in the cache, read and written back whole on every
        request: two round trips and a list that grows with the rate."""
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        now = self.timer()
        window = int(now // self.duration)
        if counters.count(f"{self.key}:{window}", self.duration) <= self.num_requests:
            return True
        wait = (window + 1) * self.duration - now
        seconds = max(1, math.ceil(wait))
        count, period = str(self.rate).split("/")
        rate = f"{count} requests a {_PERIODS.get(period[:1], period)}"
        raise RateLimited(
            wait=wait,
            detail=f"Too many requests: {self.limited} is limited to {rate} {self.per}. "
            f"Try again in {seconds} s{self.advice}.",
        )


class AnonThrottle(_SettingsRateThrottle, throttling.AnonRateThrottle):
    """Anonymous callers, counted by address (``anon`` rate)."""

    limited = "anonymous use of the API"
    per = "from one address"
    advice = ", or log in (HTTP Basic or a session) for a higher limit"


class UserThrottle(_SettingsRateThrottle, throttling.UserRateThrottle):
    """Logged-in users, counted by account (``user`` rate); anonymous callers are left to
    :class:`AnonThrottle`."""

    per = "for one account"

    def get_cache_key(self, request, view) -> str | None:
        if not (request.user and request.user.is_authenticated):
            return None
        return super().get_cache_key(request, view)
