"""The offers of automatic moves to the match hosts (gameplay/host.py): whether a host runs
(its heartbeat in the push's Redis), and the offer itself. The services offer each automatic
move here first (``gameplay.services.play``), and queue a Celery task when no host takes it.
Apart from the host so that the services, which the host calls to make a move, do not import
it back.

An offer goes first to the hosts of this process (:func:`host_here`): one whose process
follows the match (a stream or socket of its event loop) takes it without Redis, and no
other host hears of it. That is the common case under the README's proxy, which sends a
match's streams and sockets to one process: the decisions made over a socket, and the moves
the host makes, are made in the process that follows the match. Otherwise the offer is a
message on the push's ``host`` topic, which every host hears.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from django.conf import settings

from config import push

TOPIC = "host"
# A web process asks Redis whether a host runs at most this often.
SEEN_SECONDS = 1.0


def enabled() -> bool:
    """Hosting is on (``MATCH_HOST``) and the push goes through Redis (the hosts hear the
    offers there)."""
    return bool(getattr(settings, "MATCH_HOST", True)) and push.enabled() and bool(push.redis_url())


def heartbeat_key() -> str:
    """The key a running host keeps in the push's Redis (gameplay/host.py)."""
    return push.channel_prefix() + "host-alive"


class _Seen:
    """What this process last learnt of the heartbeat, and when."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.at = float("-inf")
        self.key = ""
        self.alive = False


_seen = _Seen()


def available() -> bool:
    """Whether a host runs (its heartbeat, read from Redis at most once in SEEN_SECONDS by
    this process)."""
    if not enabled():
        return False
    key, now = heartbeat_key(), time.monotonic()
    with _seen.lock:
        if key == _seen.key and now - _seen.at < SEEN_SECONDS:
            return _seen.alive
    # A Redis that does not answer: no host (Celery), and not asked again for a while.
    alive = bool(push.with_redis(lambda client: client.exists(key), "read the host heartbeat"))
    with _seen.lock:
        _seen.at, _seen.key, _seen.alive = now, key, alive
    return alive


def forget() -> None:
    """Forget what this process learnt of the heartbeat (tests)."""
    with _seen.lock:
        _seen.at = float("-inf")


# A host of this process takes an offer (match, version, delay, search) when its process
# follows the match: True when it took it.
Take = Callable[[int, int, float, bool | None], bool]
# The hosts running in this process, each under a key of its own (its event loop): one in a
# server process; tests run several.
_here: dict[object, Take] = {}


def host_here(key: object, take: Take | None) -> None:
    """Register the host of this process under ``key`` (``take``: what it takes), or take it
    away (None)."""
    if take is None:
        _here.pop(key, None)
    else:
        _here[key] = take


def offer(match_id: int, version: int, delay: float, search: bool | None) -> bool:
    """Offer the automatic move of ``match_id`` at ``version``, due in ``delay`` seconds, to
    the hosts: a host of this process whose process follows the match, else every host
    through Redis; False when none took it (the caller queues the Celery task)."""
    if not enabled():
        return False
    if any(take(match_id, version, delay, search) for take in list(_here.values())):
        return True
    if not available():
        return False
    data = {"m": match_id, "v": version, "d": round(delay, 3), "s": search}
    heard = push.publish(TOPIC, data)
    return bool(heard)
