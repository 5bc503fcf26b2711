"""Two server processes serve one match (the README's several web machines behind a load
balancer): a chat line posted to one reaches a stream held by the other through Redis, and
the other serves the line to the page that looks. Nothing to configure but the shared
PostgreSQL and Redis."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.db import connection
from django.test import Client

from tests.browser.test_play import stark_lannister
from tests.config.test_push import _run
from tests.conftest import SHARED_CACHE_DATABASE, WORKER, redis_database, require_service

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "t" * 32  # a CSRF secret: the cookie and the header agree


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _serve(port: int, env: dict[str, str]) -> subprocess.Popen:
    command = [sys.executable, "-m", "uvicorn", "config.asgi:application", "--port", str(port)]
    server = subprocess.Popen(
        [*command, "--host", "127.0.0.1", "--log-level", "warning", "--lifespan", "off"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the server on {port} ended: {server.stderr.read().decode()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    pytest.fail(f"the server on {port} did not start")


async def _until(stream, event: str, timeout: float = 10.0) -> str:
    """The data of the next ``event`` of a server-sent event stream."""

    async def read() -> str:
        name = ""
        async for raw in stream.content:
            line = raw.decode().rstrip("\n")
            if line.startswith("event: "):
                name = line.removeprefix("event: ")
            elif line.startswith("data: ") and name == event:
                return line.removeprefix("data: ")
        raise AssertionError("the stream ended")

    return await asyncio.wait_for(read(), timeout)


def _two_servers_env() -> dict[str, str]:
    """The environment of server processes that share the test's PostgreSQL database and
    a Redis (required: in CI a test fails when they are missing)."""
    database = require_service("DATABASE_URL")
    broker = require_service("CELERY_BROKER_URL")
    if not database.startswith("postgres"):
        pytest.fail("two server processes need a database server (PostgreSQL), not SQLite")
    push_redis = redis_database(broker, SHARED_CACHE_DATABASE - WORKER)
    channel = f"maester:test{WORKER}:processes:"
    test_database = urlsplit(database)._replace(path=f"/{connection.settings_dict['NAME']}")
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "DATABASE_URL": test_database.geturl(),
        "PUSH_REDIS_URL": push_redis,
        "PUSH_CHANNEL": channel,
        "CELERY_BROKER_URL": "",
        "CACHE_URL": "",
    }


def test_two_server_processes_serve_one_match(transactional_db, django_user_model, settings):
    import aiohttp

    env = _two_servers_env()
    ann, bob = (django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob"))
    match = stark_lannister([ann, bob], seed=3)
    sessions = {}
    for person in (ann, bob):
        client = Client()
        client.force_login(person)
        sessions[person.username] = client.cookies["sessionid"].value
    ports = [_free_port(), _free_port()]
    servers = [_serve(port, env) for port in ports]
    first, second = (f"http://127.0.0.1:{port}" for port in ports)

    async def scenario() -> str:
        bobs = {"sessionid": sessions["bob"]}
        anns = {"sessionid": sessions["ann"], "csrftoken": TOKEN}
        async with (
            aiohttp.ClientSession(cookies=bobs) as bob_http,
            aiohttp.ClientSession(cookies=anns) as ann_http,
        ):
            async with bob_http.get(f"{second}/play/{match.pk}/live/?draw=1") as stream:
                assert stream.status == 200
                await _until(stream, "ready")
                said = await ann_http.post(
                    f"{first}/play/{match.pk}/chat/",
                    data={"text": "Hodor, from the first server"},
                    headers={"X-CSRFToken": TOKEN, "HX-Request": "true"},
                )
                assert said.status == 200, await said.text()
                update = json.loads(await _until(stream, "update"))  # bob's board, drawn
            poll = f"{second}/play/{match.pk}/poll/?v={match.version}&c=0"
            async with bob_http.get(poll, headers={"HX-Request": "true"}) as looked:
                assert looked.status == 200
                return update, await looked.text()

    try:
        update, text = _run(scenario)
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)
    assert (update["v"], update["c"]) == (match.version, 1)
    assert "Hodor, from the first server" in update["html"]
    assert "Hodor, from the first server" in text


def test_a_decision_over_one_servers_socket_reaches_a_socket_of_the_other(
    transactional_db, django_user_model, settings
):
    """Two ASGI server processes: a decision sent over a socket of the first reaches, as
    the other player's view, a socket held by the second (through Redis)."""
    from websockets.asyncio.client import connect

    from gameplay.engine.game import to_act
    from gameplay.services import match_state

    env = _two_servers_env()
    ann, bob = (django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob"))
    match = stark_lannister([ann, bob], seed=3)
    mover = to_act(match_state(match))[0]
    people = [ann, bob]
    sessions = []
    for person in people:
        client = Client()
        client.force_login(person)
        sessions.append(client.cookies["sessionid"].value)
    ports = [_free_port(), _free_port()]
    servers = [_serve(port, env) for port in ports]

    def opened(seat: int, port: int):
        headers = {"Cookie": f"sessionid={sessions[seat]}", "Origin": f"http://127.0.0.1:{port}"}
        url = f"ws://127.0.0.1:{port}/api/matches/{match.pk}/socket/"
        return connect(url, additional_headers=headers, open_timeout=10)

    async def next_of(socket, kind: str) -> dict:
        while True:
            said = json.loads(await asyncio.wait_for(socket.recv(), 10))
            if said["type"] == kind:
                return said

    async def scenario() -> tuple[dict, dict]:
        async with opened(mover, ports[0]) as acting, opened(1 - mover, ports[1]) as watching:
            first = (await next_of(acting, "view"))["match"]
            await next_of(watching, "view")
            action = first["decisions"][0]["action"]
            body = {"type": "act", "ref": 1, "version": first["version"], "action": action}
            await acting.send(json.dumps(body))
            acted = await next_of(acting, "acted")
            seen = (await next_of(watching, "view"))["match"]
            return acted, seen

    try:
        acted, seen = _run(scenario)
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)
    match.refresh_from_db()
    assert acted == {"type": "acted", "ref": 1, "version": match.version}
    assert seen["version"] == match.version and seen["seat"] == 1 - mover
