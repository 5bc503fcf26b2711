"""Limits on password guessing, sign-ups and password-reset mail, counted in the shared
cache (``CACHE_URL``), as the match pages count actions and chat.

Every log-in (the log-in page, the admin's, the API's HTTP Basic authentication: all go
through :class:`accounts.backends.CachedModelBackend`) is counted before its password is
checked, and given back if the password was right; so requests at the same moment each see
the others' counts, and no more than the limit are ever checked. Three counts:

- the account from this address: 10 failures per 15 minutes. It limits guessing from one
  address, and a stranger elsewhere cannot use it to close the account to its owner;
- the account from everywhere: 100 failures per 24 hours. It limits guessing from many
  addresses (10 per address would give a thousand addresses ten thousand guesses), and
  holds only addresses the account has not logged in from in the last 90 days
  (:class:`accounts.models.KnownAddress`): its owner still logs in from home while
  strangers fail on the account. Per day rather than per 15 minutes (36,500 guesses a year
  rather than 3.5 million), since it costs its owner little: only a new address of theirs
  is held, and only while someone keeps failing on the account; a password reset by mail
  lets them in there and makes the address known;
- this address on any accounts: 50 failures per 15 minutes, against one address trying a
  password on many accounts (a club's or a shop's players may share one address, so it is
  higher). It does not hold an account on an address it logged in from either.

A refused attempt is refused before any password is hashed (a correct password too:
otherwise the limit would not stop the guess that happens to be right), and counts for
nothing. A password reset by mail clears the account's counts from everywhere and from the
address the reset was made from, and makes that address known.

The address is ``REMOTE_ADDR``, or with ``CLIENT_IP_HEADER`` set (behind a proxy that
sets it) the last address of that header: the one the trusted proxy wrote, not one the
client may have sent. IPv6 addresses count per /64 network, the block one subscriber
usually holds.

Without a reachable cache the counts are lost and nothing is refused (config/cache.py).
"""

from __future__ import annotations

import contextlib
import hashlib
import ipaddress
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.utils import timezone
from django.utils.crypto import salted_hmac
from rest_framework.exceptions import Throttled

from accounts.selectors import known_address_exists
from accounts.services import known_address_remember
from config import counters

LOGIN_WINDOW = 15 * 60
LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS = 10
ACCOUNT_WINDOW = 24 * 60 * 60
LOGIN_FAILURES_PER_ACCOUNT = 100
LOGIN_FAILURES_PER_ADDRESS = 50  # a club's or a shop's players may share one address
KNOWN_ADDRESS_KEPT = timedelta(days=90)
# A known address's last log-in is written at most this often (the API's HTTP Basic
# authentication logs in on every request).
KNOWN_ADDRESS_REFRESH = 24 * 60 * 60
SIGNUP_WINDOW = 60 * 60
SIGNUPS_PER_ADDRESS = 5
PASSWORD_RESET_WINDOW = 60 * 60
PASSWORD_RESETS_PER_ADDRESS = 5

# The refusals. Each is said whether or not an account has the name: the counts are kept
# per name typed, not per account.
ACCOUNT_AND_ADDRESS_LIMITED = (
    "Too many failed log-ins for this account from your address: "
    "wait 15 minutes and try again, or reset your password."
)
ADDRESS_LIMITED = (
    "Too many failed log-ins from your address: "
    "wait 15 minutes and try again, or reset your password."
)
ACCOUNT_LIMITED = (
    "Too many failed log-ins for this account: for up to 24 hours it can be logged into "
    "only from an address it has logged in from before. Log in from one of those, or "
    "reset your password."
)


class LoginRateLimited(Throttled):
    """Too many failed log-ins for an account or from an address. A DRF ``Throttled``, so
    that the API answers 429 with this message; the log-in forms show it as a form error."""

    default_detail = ACCOUNT_AND_ADDRESS_LIMITED

    def __init__(self, message: str = ACCOUNT_AND_ADDRESS_LIMITED, wait: int = LOGIN_WINDOW):
        super().__init__(detail=message)  # the message says how long already
        self.message = message
        self.wait = wait  # Retry-After (at most: the window opened earlier)


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


def address_digest(address: str) -> str:
    """An address as :class:`accounts.models.KnownAddress` stores it: keyed with
    ``SECRET_KEY``, since a plain hash of an IPv4 address is undone by trying them all."""
    return salted_hmac("accounts.known-address", address, algorithm="sha256").hexdigest()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:32]


def _account(username: str) -> str:
    # Names that differ only in case count together: "NED" guesses at "ned" too.
    return _digest(username.casefold())


def _pair_key(account: str, address: str) -> str:
    return f"login-fail:pair:{_digest(account + '|' + address)}"


def _account_key(account: str) -> str:
    return f"login-fail:account:{account}"


def _address_key(address: str) -> str:
    return f"login-fail:address:{address}"


# Counters ---------------------------------------------------------------------------------


def _give_back(keys: list[str]) -> None:
    for key in keys:
        # A window that ended meanwhile has nothing left to give back.
        with contextlib.suppress(ValueError):
            cache.decr(key)


def _count(key: str) -> int:
    return int(cache.get(key) or 0)


# Log-ins ----------------------------------------------------------------------------------


class LoginAttempt:
    """One log-in attempt, counted before its password is checked; a failure leaves it
    counted, :meth:`succeeded` (or :meth:`abandoned`) gives it back."""

    def __init__(self, keys: list[str]) -> None:
        self._keys = keys

    def succeeded(self) -> None:
        _give_back(self._keys)
        self._keys = []

    abandoned = succeeded  # the check itself failed (the database): no guess was made


def login_attempt(request: Any, username: str) -> LoginAttempt:
    """Count an attempt to log in as ``username``, or raise :class:`LoginRateLimited` (and
    count nothing) when a limit holds for it (see the module)."""
    account = _account(username)
    address = client_address(request) if request is not None else ""
    # The first holds everywhere, the other two not on an address the account logged in
    # from; a refusal's Retry-After is its window.
    limits = [
        (_pair_key(account, address), LOGIN_WINDOW, LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS),
        (_account_key(account), ACCOUNT_WINDOW, LOGIN_FAILURES_PER_ACCOUNT),
    ]
    refusals = [ACCOUNT_AND_ADDRESS_LIMITED, ACCOUNT_LIMITED, ADDRESS_LIMITED]
    if request is not None:
        limits.append((_address_key(address), LOGIN_WINDOW, LOGIN_FAILURES_PER_ADDRESS))
    counted: list[str] = []
    known: bool | None = None  # asked of the database only when a limit is reached
    for index, (key, window, limit) in enumerate(limits):
        counted.append(key)
        if counters.count(key, window) <= limit:
            continue
        if index > 0 and request is not None:
            if known is None:
                known = _known(username, address)
            if known:
                continue
        _give_back(counted)
        raise LoginRateLimited(refusals[index], window)
    return LoginAttempt(counted)


def _known(username: str, address: str) -> bool:
    since = timezone.now() - KNOWN_ADDRESS_KEPT
    return known_address_exists(username=username, address=address_digest(address), since=since)


def remember_address(request: Any, user: Any) -> None:
    """``user`` proved who they are from this request's address (a log-in, a sign-up, a
    password reset): from now on the limits for the account from everywhere and for the
    address on any accounts do not hold them there (see the module)."""
    if request is None:
        return
    digest = address_digest(client_address(request))
    # Written at most once a day per account and address (per process without a shared
    # cache): a last log-in a day old still says the address is in use.
    written = f"login-known:{user.pk}:{digest[:32]}"
    if cache.add(written, 1, timeout=KNOWN_ADDRESS_REFRESH):
        try:
            known_address_remember(
                user=user, address=digest, now=timezone.now(), keep=KNOWN_ADDRESS_KEPT
            )
        except BaseException:
            cache.delete(written)  # not written after all: the next log-in tries again
            raise


def forget_login_failures(request: Any, user: Any) -> None:
    """The account's owner proved who they are (a password reset by mail, from this
    request's address): the account's failures no longer hold it, here or elsewhere (those
    were guesses at a password it no longer has), and this address becomes known."""
    account = _account(user.get_username())
    address = client_address(request)
    cache.delete_many([_account_key(account), _pair_key(account, address)])
    cache.delete(f"login-known:{user.pk}:{address_digest(address)[:32]}")  # write it now
    remember_address(request, user)


# Sign-ups and password-reset mail ---------------------------------------------------------


def signup_allowed(request: Any) -> bool:
    return _count(f"signup:{client_address(request)}") < SIGNUPS_PER_ADDRESS


def signed_up(request: Any) -> None:
    counters.count(f"signup:{client_address(request)}", SIGNUP_WINDOW)


def password_reset_allowed(request: Any) -> bool:
    """Count one request for a password-reset mail; False once the address has asked for
    too many (each sends a mail to someone)."""
    return counters.count(f"password-reset:{client_address(request)}", PASSWORD_RESET_WINDOW) <= (
        PASSWORD_RESETS_PER_ADDRESS
    )


# Seat codes -------------------------------------------------------------------------------

SEAT_CODE_WINDOW = 15 * 60
# Wrong seat codes per event: per address (a store's players share one) and from
# everywhere (a code is one of about 890 million: this many guesses find none).
SEAT_CODE_FAILURES_PER_ADDRESS = 20
SEAT_CODE_FAILURES_PER_EVENT = 200
SEAT_CODE_LIMITED = (
    "Too many wrong seat codes for this event: wait 15 minutes and try again, "
    "or ask the organizer to enter your result."
)


def _seat_code_keys(request: Any, event_id: int) -> list[str]:
    address = client_address(request)
    return [f"seat-code:{event_id}:{address}", f"seat-code:{event_id}"]


def seat_code_allowed(request: Any, event_id: int) -> bool:
    """Whether a seat code may be tried for this event from this request's address."""
    mine, everyone = _seat_code_keys(request, event_id)
    return (
        _count(mine) < SEAT_CODE_FAILURES_PER_ADDRESS
        and _count(everyone) < SEAT_CODE_FAILURES_PER_EVENT
    )


def seat_code_failed(request: Any, event_id: int) -> None:
    for key in _seat_code_keys(request, event_id):
        counters.count(key, SEAT_CODE_WINDOW)


# Joining an event from its link -----------------------------------------------------------

# Everyone at a store shares its address: an event's join link (live only while its
# registration is open, shown by its organizer) creates up to this many light accounts per
# address and per event in an hour, on top of the sign-up page's five; it is still a bound.
EVENT_JOINS_PER_ADDRESS = 60
EVENT_JOIN_WINDOW = 60 * 60
EVENT_JOIN_LIMITED = (
    "Too many accounts have joined this event from your address in the last hour: "
    "ask the organizer to register you."
)


def event_join_allowed(request: Any, event_id: int) -> bool:
    return _count(f"event-join:{event_id}:{client_address(request)}") < EVENT_JOINS_PER_ADDRESS


def event_joined(request: Any, event_id: int) -> None:
    counters.count(f"event-join:{event_id}:{client_address(request)}", EVENT_JOIN_WINDOW)


# Comments on decklists --------------------------------------------------------------------

# Like sign-ups, counted per address (and per account, which may move between addresses).
COMMENT_WINDOW = 15 * 60
COMMENTS_PER_ADDRESS = 30
COMMENTS_PER_ACCOUNT = 10
COMMENT_LIMITED = "Too many comments in a short time: wait 15 minutes and try again."


def _comment_keys(request: Any) -> list[str]:
    return [f"comment:{client_address(request)}", f"comment-user:{request.user.pk}"]


def comment_allowed(request: Any) -> bool:
    by_address, by_account = (_count(key) for key in _comment_keys(request))
    return by_address < COMMENTS_PER_ADDRESS and by_account < COMMENTS_PER_ACCOUNT


def commented(request: Any) -> None:
    for key in _comment_keys(request):
        counters.count(key, COMMENT_WINDOW)
