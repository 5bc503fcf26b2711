"""The site under faults of its services.

Redis (the shared cache) down: the cache backend (config/cache.py) answers as a miss, so
sessions (cached_db) and the logged-in user come from the database, and the live board's
WSGI shortcut hands its polls to the view; log-in, logged-in pages, a board and its poll
all work. When Redis comes back after writes were dropped, the cache forgets its keys
(they may be stale: a session logged out meanwhile), and only its own.

PostgreSQL down: a 503 page (JSON under /api/) that says the last action was not saved,
from a real server process whose database does not answer.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core import signals
from django.db import OperationalError, close_old_connections
from django.test import Client, RequestFactory

from config import cache as cache_backend
from config import errors
from gameplay.services import SeatSpec, core_deck, match_create

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "winter-is-coming"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_down(settings):
    """Production's cache settings (CACHE_URL), pointed at a port where nothing listens."""
    settings.CACHES = {
        "default": {
            "BACKEND": "config.cache.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/8",
        }
    }
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    settings.AUTH_USER_CACHE = True
    settings.MATCH_LIVE_CACHE = True


@pytest.fixture
def match(db):
    ned = User.objects.create_user("ned", password=PASSWORD)
    robb = User.objects.create_user("robb", password="young-wolf-77")
    return match_create(
        creator=ned,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=ned),
            SeatSpec(core_deck("core-lannister"), user=robb),
        ],
        seed=5,
    )


def wsgi_get(path: str, query: str, cookies: dict[str, str]) -> tuple[str, bytes]:
    """A GET through config.wsgi.application (the live shortcut, then Django), as the
    application server calls it."""
    from config.wsgi import application

    environ = RequestFactory()._base_environ(
        PATH_INFO=path,
        QUERY_STRING=query,
        REQUEST_METHOD="GET",
        HTTP_COOKIE="; ".join(f"{k}={v}" for k, v in cookies.items()),
    )
    status: list[str] = []
    # As the test client does: the test's transaction must survive the request's end.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        body = b"".join(application(environ, lambda s, headers, exc=None: status.append(s)))
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)
    return status[0], body


@pytest.mark.django_db
def test_with_redis_down_log_in_pages_the_board_and_its_poll_work(redis_down, match, caplog):
    client = Client(raise_request_exception=False)
    response = client.post("/accounts/login/", {"username": "ned", "password": PASSWORD})
    assert response.status_code == 302, response.status_code
    assert client.get("/play/new/").status_code == 200  # logged in: a page for players
    assert client.get("/decks/").status_code == 200
    board = client.get(f"/play/{match.pk}/")
    assert board.status_code == 200 and "ned" in board.content.decode()
    match.refresh_from_db()
    seen = f"v={match.version}&c={match.chat_version}"
    assert client.get(f"/play/{match.pk}/poll/?{seen}").status_code == 204
    assert client.get(f"/play/{match.pk}/poll/?v=999&c=999").status_code == 200
    status, _ = wsgi_get(
        f"/play/{match.pk}/poll/", seen, {"sessionid": client.cookies["sessionid"].value}
    )
    assert status.startswith("204")
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/play/new/").status_code == 302  # logged out for real
    # Said once (when the match was created), not on every call.
    records = caplog.get_records("setup") + caplog.records
    assert len([r for r in records if r.name == "maester.cache"]) == 1


@pytest.mark.django_db
def test_with_redis_down_a_cache_call_does_not_wait_for_it(redis_down):
    from django.core.cache import cache

    started = time.monotonic()
    for _ in range(100):
        assert cache.get("anything") is None
        cache.set("anything", 1)
        assert cache.incr("counter") == 1  # rate limits let requests through
        assert cache.add("lock", 1) is False  # nothing was stored
    assert time.monotonic() - started < 1


# A real Redis that goes away and comes back --------------------------------------------


class RedisServer:
    """A redis-server of this test's own, in a temporary folder, on a free port."""

    def __init__(self) -> None:
        self.binary = shutil.which("redis-server")
        if self.binary is None:
            pytest.skip("redis-server is not installed")
        self.folder = tempfile.mkdtemp(prefix="maester-redis-")
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *(self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""),
                *("--appendonly", "no", "--dir", self.folder, "--dbfilename", "dump.rdb"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None

    def client(self):
        import redis

        return redis.Redis.from_url(self.url)


@pytest.fixture
def own_redis():
    server = RedisServer()
    server.start()
    yield server
    server.stop()
    shutil.rmtree(server.folder, ignore_errors=True)


def test_after_an_outage_with_dropped_writes_the_cache_forgets_its_keys(
    own_redis, settings, monkeypatch, caplog
):
    from django.core.cache import cache

    monkeypatch.setattr(cache_backend, "RETRY_SECONDS", 0.0)
    settings.CACHES = {"default": {"BACKEND": "config.cache.RedisCache", "LOCATION": own_redis.url}}
    cache.set("session:abc", "logged in", timeout=600)
    own_redis.client().set("celery", "another program's key")
    own_redis.client().save()  # the snapshot a restarted Redis will load
    own_redis.stop()

    with caplog.at_level(logging.WARNING, logger="maester.cache"):
        assert cache.delete("session:abc") is False  # a log-out while Redis is away: lost
        assert cache.get("session:abc") is None
        own_redis.start()  # back, with the session the log-out should have deleted
        assert own_redis.client().get(":1:session:abc") is not None
        assert cache.get("session:abc") is None  # forgotten at the first contact
    assert own_redis.client().get("celery") == b"another program's key"  # not ours: kept
    messages = [r.getMessage() for r in caplog.records]
    assert any("unreachable" in m for m in messages)
    assert any("reachable again" in m for m in messages)
    cache.set("session:abc", "new", timeout=600)  # and it is a cache again
    assert cache.get("session:abc") == "new"


def test_reads_alone_during_an_outage_keep_the_cache(own_redis, settings, monkeypatch):
    from django.core.cache import cache

    monkeypatch.setattr(cache_backend, "RETRY_SECONDS", 0.0)
    settings.CACHES = {"default": {"BACKEND": "config.cache.RedisCache", "LOCATION": own_redis.url}}
    cache.set("kept", 1, timeout=600)
    own_redis.client().save()
    own_redis.stop()
    assert cache.get("kept") is None
    own_redis.start()
    assert cache.get("kept") == 1


# PostgreSQL down ---------------------------------------------------------------------------

SERVER = """
import json, os
import django
django.setup()
from django.test import Client

client = Client(raise_request_exception=False)
answers = {}
for method, path, data in [
    ("get", "/cards/?q=stark", None),
    ("post", "/accounts/login/", {"username": "ned", "password": "x"}),
    ("post", "/accounts/signup/", {"username": "arya", "password1": "a", "password2": "a"}),
    ("get", "/api/cards/?q=stark", None),
]:
    response = getattr(client, method)(path, data)
    answers[f"{method} {path}"] = {
        "status": response.status_code,
        "type": response["Content-Type"],
        "retry": response.get("Retry-After"),
        "csp": "Content-Security-Policy" in response,
        "body": response.content.decode(),
    }
print(json.dumps(answers))
"""


def test_with_the_database_down_the_answer_says_the_action_was_not_saved():
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "CACHE_URL"}}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings_test",
        DATABASE_URL=f"postgres://postgres@127.0.0.1:{free_port()}/maester",
        DB_CONN_MAX_AGE="0",
    )
    result = subprocess.run(
        [sys.executable, "-c", SERVER], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-3000:]
    answers = json.loads(result.stdout.strip().splitlines()[-1])
    for name, answer in answers.items():
        assert answer["status"] == 503, (name, answer["status"])
        assert answer["retry"] == str(errors.RETRY_AFTER_SECONDS)
        assert answer["csp"]
        if "/api/" in name:
            assert answer["type"] == "application/json"
            assert json.loads(answer["body"]) == {"detail": errors.NOT_SAVED}
        else:
            assert answer["type"].startswith("text/html")
            assert errors.NOT_SAVED in answer["body"]


def test_other_server_errors_get_a_plain_500_page():
    request = RequestFactory().get("/cards/")
    try:
        raise RuntimeError("a bug")
    except RuntimeError:
        response = errors.server_error(request)
    assert response.status_code == 500
    assert "Something went wrong" in response.content.decode()
    assert "not saved" not in response.content.decode()
    try:
        raise OperationalError("server closed the connection unexpectedly")
    except OperationalError:
        assert errors.server_error(request).status_code == 503
