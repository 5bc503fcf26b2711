"""Limits on password guessing, sign-ups and password-reset mail, counted in the shared
cache (``CACHE_URL``), as the match pages count actions and chat.

Every failed log-in (the log-in page, the admin's, the API's HTTP Basic authentication:
all go through :class:`accounts.backends.CachedModelBackend`) counts against the account
it named and against the address it came from. Once either count reaches its limit, the
backend refuses further attempts for that account or from that address before any
password is hashed, until the window ends (a correct password too: otherwise the limit
would not stop a guess that happens to be right). A password reset by mail clears the
account's count, so that its owner is never locked out for longer than it takes to read
the mail.

The address is ``REMOTE_ADDR``, or with ``CLIENT_IP_HEADER`` set (behind a proxy that
sets it) the last address of that header: the one the trusted proxy wrote, not one the
client may have sent. IPv6 addresses count per /64 network, the block one subscriber
usually holds.

Without a reachable cache the counts are lost and nothing is refused (config/cache.py).
"""

from __future__ import annotations

import hashlib
import ipaddress
from typing import Any

from django.conf import settings
from django.core.cache import cache
from rest_framework.exceptions import Throttled

LOGIN_WINDOW = 15 * 60
LOGIN_FAILURES_PER_ACCOUNT = 10
LOGIN_FAILURES_PER_ADDRESS = 50  # a club's or a shop's players may share one address
SIGNUP_WINDOW = 60 * 60
SIGNUPS_PER_ADDRESS = 5
PASSWORD_RESET_WINDOW = 60 * 60
PASSWORD_RESETS_PER_ADDRESS = 5


class LoginRateLimited(Throttled):
    """Too many failed log-ins for an account or from an address. A DRF ``Throttled``, so
    that the API answers 429 with this message; the log-in forms show it as a form error."""

    default_detail = (
        "Too many failed log-ins for this account or from your address: "
        "wait 15 minutes and try again, or reset your password."
    )

    def __init__(self) -> None:
        super().__init__(detail=self.default_detail)  # the message says how long already
        self.wait = LOGIN_WINDOW  # Retry-After (at most: the window opened earlier)


SIGNUP_LIMITED = (
    "Too many accounts have been created from your address in the last hour: "
    "please try again later."
)
PASSWORD_RESET_LIMITED = (
    "Too many password resets have been asked from your address in the last hour: "
    "please try again later."
)


def client_address(request: Any) -> str:
    """The address a request came from, as rate limits count it (see the module)."""
    address = request.META.get("REMOTE_ADDR", "") or ""
    header = getattr(settings, "CLIENT_IP_HEADER", "")
    if header:
        value = request.META.get("HTTP_" + header.upper().replace("-", "_"), "")
        proxied = [part.strip() for part in value.split(",") if part.strip()]
        if proxied:
            address = proxied[-1]
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:100]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _account(username: str) -> str:
    digest = hashlib.sha256(username.casefold().encode("utf-8", "replace")).hexdigest()
    return f"login-fail:account:{digest[:32]}"


def _address(request: Any) -> str:
    return f"login-fail:address:{client_address(request)}"


def _count(key: str) -> int:
    return int(cache.get(key) or 0)


def _add(key: str, seconds: int) -> int:
    try:
        return cache.incr(key)  # the window is open: the common case
    except ValueError:  # no window yet: open one, unless another request just did
        return 1 if cache.add(key, 1, timeout=seconds) else cache.incr(key)


def check_login(request: Any, username: str) -> None:
    """Raise :class:`LoginRateLimited` when this account or this address has failed too
    often in the window."""
    keys = [(_account(username), LOGIN_FAILURES_PER_ACCOUNT)]
    if request is not None:
        keys.append((_address(request), LOGIN_FAILURES_PER_ADDRESS))
    counts = cache.get_many([key for key, _ in keys])
    if any(int(counts.get(key) or 0) >= limit for key, limit in keys):
        raise LoginRateLimited()


def login_failed(request: Any, username: str) -> None:
    _add(_account(username), LOGIN_WINDOW)
    if request is not None:
        _add(_address(request), LOGIN_WINDOW)


def forget_login_failures(username: str) -> None:
    """The account's owner proved who they are (a password reset by mail)."""
    cache.delete(_account(username))


def signup_allowed(request: Any) -> bool:
    return _count(f"signup:{client_address(request)}") < SIGNUPS_PER_ADDRESS


def signed_up(request: Any) -> None:
    _add(f"signup:{client_address(request)}", SIGNUP_WINDOW)


def password_reset_allowed(request: Any) -> bool:
    """Count one request for a password-reset mail; False once the address has asked for
    too many (each sends a mail to someone)."""
    return _add(f"password-reset:{client_address(request)}", PASSWORD_RESET_WINDOW) <= (
        PASSWORD_RESETS_PER_ADDRESS
    )
