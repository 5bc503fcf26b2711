"""A match's socket (gameplay/matchsocket.py, ``/api/matches/<id>/socket/``): views out and
decisions in over one WebSocket. Each player and a spectator are sent their own view, the
very answer of the JSON API, with nothing they may not see; a decision is answered after
its view, and the process reads nothing for it; every bad handshake and message is named
and leaves the socket open; a client that reopens from its log position misses nothing.

Driven through the site's ASGI application (config/asgi.py) as uvicorn drives it."""

from __future__ import annotations

import asyncio
import json

import pytest
from django.conf import settings
from django.db import connections
from django.test import Client

from config.asgi import application
from gameplay import matchsocket, viewstream
from gameplay.engine.game import to_act
from gameplay.models import Match
from gameplay.services import match_act, match_state
from tests.config.test_push import _run
from tests.gameplay import test_match_push as push_tests
from tests.gameplay.test_match_table_actions import _joust, _past_setup
from tests.gameplay.test_table_hidden import leaked, shown

pytestmark = pytest.mark.django_db(transaction=True)
people = push_tests.people
ORIGIN = "http://testserver"


@pytest.fixture(autouse=True)
def _in_process(settings):
    settings.PUSH_REDIS_URL = ""  # this process's sockets
    yield
    viewstream.close_reader()
    matchsocket.close_deciders()


def session_of(user) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


class Socket:
    """One client's socket, driven as the ASGI server drives the application."""

    def __init__(self, pk: int, query: str = "", *, session: str = "", origin: str = ORIGIN):
        headers = [(b"host", b"testserver")]
        if origin:
            headers.append((b"origin", origin.encode()))
        if session:
            headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode()))
        self.scope = {
            "type": "websocket",
            "scheme": "ws",
            "path": f"/api/matches/{pk}/socket/",
            "query_string": query.removeprefix("?").encode(),
            "headers": headers,
            "server": ("testserver", 80),
            "client": ("127.0.0.1", 40000),
            "root_path": "",
            "subprotocols": [],
        }
        self.incoming: asyncio.Queue[dict] = asyncio.Queue()
        self.outgoing: asyncio.Queue[dict] = asyncio.Queue()
        self.task: asyncio.Task | None = None

    async def open(self) -> str:
        """Open it: what the server did with the handshake (accept, or close)."""
        self.task = asyncio.create_task(application(self.scope, self.incoming.get, self._put))
        await self.incoming.put({"type": "websocket.connect"})
        return (await self._out())["type"]

    async def _put(self, message: dict) -> None:
        await self.outgoing.put(message)

    async def _out(self, timeout: float = 10.0) -> dict:
        return await asyncio.wait_for(self.outgoing.get(), timeout)

    async def message(self, timeout: float = 10.0) -> tuple[dict, str]:
        """The next message, as JSON and as the text that came."""
        sent = await self._out(timeout)
        assert sent["type"] == "websocket.send", sent
        return json.loads(sent["text"]), sent["text"]

    async def closed(self) -> int:
        sent = await self._out()
        assert sent["type"] == "websocket.close", sent
        return sent["code"]

    async def send(self, body: dict | str | None = None, *, data: bytes | None = None) -> None:
        text = body if isinstance(body, str) or body is None else json.dumps(body)
        await self.incoming.put({"type": "websocket.receive", "text": text, "bytes": data})

    async def close(self) -> None:
        await self.incoming.put({"type": "websocket.disconnect", "code": 1000})
        if self.task is not None:
            await asyncio.wait_for(self.task, 10)


def _api(user, match: Match, since: int) -> dict:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(f"/api/matches/{match.pk}/?since={since}").json()


async def _in_thread(function, *args, **kwargs):
    """``function`` in a worker thread of the loop, its database connection closed after
    (the test database must have no session left when it goes)."""

    def run():
        try:
            return function(*args, **kwargs)
        finally:
            connections.close_all()

    return await asyncio.to_thread(run)


async def _api_async(user, match: Match, since: int) -> dict:
    return await _in_thread(_api, user, match, since)


def _decision(view: dict) -> str:
    """The first decision of a view that is not a pass, where there is one."""
    actions = [d["action"] for d in view["decisions"]]
    return next((a for a in actions if "pass" not in a), actions[0])


def _mover(match: Match) -> int:
    match.refresh_from_db()
    return to_act(match_state(match))[0]


def test_a_decision_over_the_socket_reaches_every_viewer_with_nothing_hidden_and_no_read(people):
    match = _past_setup(_joust(people, is_public=True), people)
    mover = _mover(match)
    sessions = {seat: session_of(people[seat]) for seat in (0, 1)}

    async def body():
        sockets = {seat: Socket(match.pk, "?since=2", session=sessions[seat]) for seat in (0, 1)}
        sockets[None] = Socket(match.pk, "?since=2")  # an anonymous spectator
        since = {}
        for seat, socket in sockets.items():
            assert await socket.open() == "websocket.accept", seat
            first, _ = await socket.message()
            assert first["type"] == "view", first
            user = None if seat is None else people[seat]
            assert first["match"] == await _api_async(user, match, 2)  # the API's answer
            assert first["match"]["seat"] == seat
            since[seat] = first["match"]["view"]["log_size"]
        source = viewstream._sources[asyncio.get_running_loop()][match.pk]
        reads = source.reads
        action = _decision(first_of_mover := (await _api_async(people[mover], match, 0)))
        await sockets[mover].send(
            {"type": "act", "ref": 7, "version": first_of_mover["version"], "action": action}
        )
        # The mover's view comes first, then the answer that names its message.
        view, _ = await sockets[mover].message()
        assert view["type"] == "view"
        answer, _ = await sockets[mover].message()
        assert answer == {"type": "acted", "ref": 7, "version": view["match"]["version"]}
        assert view["match"]["version"] > first_of_mover["version"]
        state = await _in_thread(lambda: match_state(Match.objects.get(pk=match.pk)))
        for seat, socket in sockets.items():
            if seat == mover:
                pushed, text = view, json.dumps(view)
            else:
                pushed, text = await socket.message()
            assert pushed["type"] == "view"
            user = None if seat is None else people[seat]
            assert pushed["match"] == await _api_async(user, match, since[seat])
            refs, seen = shown(state, seat)
            assert not leaked(text, state, set(state.cards) - refs, seen), (seat, text[:300])
        # The decision was made on this process's decider: no socket read the match again.
        assert source.reads == reads
        last = await _in_thread(lambda: match.actions.order_by("-number").first().text)
        assert last == action
        for socket in sockets.values():
            await socket.close()

    _run(body)


def test_a_socket_that_reopens_from_its_log_position_misses_nothing(people):
    match = _past_setup(_joust(people, is_public=True), people)
    session = session_of(people[1])

    async def body():
        socket = Socket(match.pk, session=session)
        await socket.open()
        first, _ = await socket.message()
        await socket.close()
        # While it is away, the other player moves (through the site's forms, say).
        mover = await _in_thread(_mover, match)
        done = await _in_thread(_api, people[mover], match, 0)
        await _in_thread(
            match_act,
            match_id=match.pk,
            user=people[mover],
            action=_decision(done),
            version=done["version"],
        )
        position = first["match"]["view"]["log_size"]
        again = Socket(match.pk, f"?since={position}", session=session)
        await again.open()
        caught_up, _ = await again.message()
        assert caught_up["match"]["version"] == first["match"]["version"] + 1
        assert caught_up["match"]["view"]["log"]  # what happened while it was away
        assert caught_up["match"] == await _api_async(people[1], match, position)
        await again.close()

    _run(body)


@pytest.mark.parametrize(
    ("query", "origin", "who", "private", "status", "words"),
    [
        ("", "https://elsewhere.example", 0, False, 403, "Origin header is not the site's"),
        ("", "", 0, False, 403, "Origin header is not the site's"),
        ("", ORIGIN, None, True, 403, "only its players can see it"),
        ("", ORIGIN, 2, True, 403, "only its players can see it"),
        ("?since=x", ORIGIN, 0, False, 400, "since: 'x' is not a log position"),
        ("?since=99999", ORIGIN, 0, False, 400, "past the log's end"),
        ("?seat=1", ORIGIN, 0, False, 400, "Unknown query parameter 'seat'"),
        ("", ORIGIN, 0, None, 404, "There is no such match"),
    ],
)
def test_a_refused_socket_says_why_and_closes(people, query, origin, who, private, status, words):
    match = _past_setup(_joust(people, is_public=not private), people)
    pk = 10**9 if private is None else match.pk
    session = "" if who is None else session_of(people[who])

    async def body():
        socket = Socket(pk, query, session=session, origin=origin)
        assert await socket.open() == "websocket.accept"  # so that a browser can read why
        said, _ = await socket.message()
        assert said["type"] == "refused" and said["status"] == status, said
        assert words in said["detail"], said
        assert await socket.closed() == 4000 + status
        await socket.task

    _run(body)


def test_a_socket_refuses_a_connection_to_another_path():
    async def body():
        socket = Socket(1)
        socket.scope["path"] = "/api/matches/1/live/"
        await socket.incoming.put({"type": "websocket.connect"})
        await application(socket.scope, socket.incoming.get, socket._put)
        assert (await socket._out())["type"] == "websocket.close"  # 403 to the browser

    _run(body)


def test_every_bad_message_is_named_and_leaves_the_socket_open(people, monkeypatch):
    match = _past_setup(_joust(people, is_public=True), people)
    mover = _mover(match)
    other = 1 - mover
    sessions = {p.username: session_of(p) for p in people}

    async def refused(socket, body=None, *, data=None) -> dict:
        await socket.send(body, data=data)
        said, _ = await socket.message()
        assert said["type"] == "refused", said
        return said

    async def body():
        socket = Socket(match.pk, session=sessions[people[mover].username])
        await socket.open()
        view = (await socket.message())[0]["match"]
        version = view["version"]
        cases = [
            ("not json", 400, "Not JSON"),
            ("[1, 2]", 400, "A message is a JSON object"),
            ({"type": "chat", "ref": 1}, 400, "type: 'chat' is not a message this socket takes"),
            ({"type": "act", "ref": [1]}, 400, "ref: a number or a text"),
            ({"type": "act", "ref": "r" * 65}, 400, "ref: a number or a text"),
            (
                {"type": "act", "ref": 2, "action": "p0:pass"},
                400,
                "version: This field is required",
            ),
            (
                {"type": "act", "ref": 3, "version": version, "action": "p0:pass", "pick": ["a"]},
                400,
                'Send exactly one of "action"',
            ),
            (
                {"type": "act", "ref": 4, "version": version + 1, "action": _decision(view)},
                409,
                "The match has moved on",
            ),
            (
                {"type": "act", "ref": 5, "version": version, "action": f"p{other}:pass"},
                403,
                f"Seat {other + 1} is not yours",
            ),
            (
                {"type": "act", "ref": 6, "version": version, "action": "p9:nonsense"},
                400,
                "",
            ),
            ("x" * (matchsocket.MOST_CHARACTERS + 1), 400, "A message is at most 8,192"),
        ]
        for message, status, words in cases:
            said = await refused(socket, message)
            assert said["status"] == status and words in said["detail"], (message, said)
            assert said["problems"], said
            if isinstance(message, dict) and isinstance(message.get("ref"), int):
                assert said["ref"] == message["ref"]
        said = await refused(socket, data=b"\x00\x01")
        assert said["status"] == 400 and "Send text" in said["detail"]
        # Still open, and still deciding.
        await socket.send(
            {"type": "act", "ref": "last", "version": version, "action": _decision(view)}
        )
        assert (await socket.message())[0]["type"] == "view"
        assert (await socket.message())[0] == {
            "type": "acted",
            "ref": "last",
            "version": version + 1,
        }
        await socket.close()

        # A spectator, and a person who plays no seat, may watch but not decide.
        for session, words in [("", "Log in to act"), (sessions["cat"], "Only a player seated")]:
            watcher = Socket(match.pk, session=session)
            await watcher.open()
            await watcher.message()
            said = await refused(
                watcher, {"type": "act", "version": version + 1, "action": "p0:pass"}
            )
            assert said["status"] == 403 and words in said["detail"], said
            await watcher.close()

        # Too many messages: refused without work, the count kept per socket.
        monkeypatch.setattr(matchsocket, "MESSAGES_PER_WINDOW", 3)
        flood = Socket(match.pk, session=sessions[people[other].username])
        await flood.open()
        await flood.message()
        for _ in range(3):
            assert (await refused(flood, "{}"))["status"] == 400
        assert (await refused(flood, "{}"))["status"] == 429
        await flood.close()

    _run(body)


def test_a_socket_whose_session_logged_out_stops_deciding(people, monkeypatch):
    match = _past_setup(_joust(people, is_public=True), people)
    mover = _mover(match)
    client = Client()
    client.force_login(people[mover])
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    monkeypatch.setattr(matchsocket, "RECHECK_SECONDS", 0.0)

    async def body():
        socket = Socket(match.pk, session=session)
        await socket.open()
        view = (await socket.message())[0]["match"]
        await _in_thread(client.post, "/accounts/logout/")
        await socket.send({"type": "act", "version": view["version"], "action": _decision(view)})
        said = (await socket.message())[0]
        assert said["status"] == 403 and "no longer logged in" in said["detail"], said
        await socket.close()
        assert await _in_thread(lambda: Match.objects.get(pk=match.pk).version) == (view["version"])

    _run(body)


def test_a_socket_whose_match_is_deleted_says_so_and_closes(people):
    from config import push

    match = _past_setup(_joust(people, is_public=True), people)
    session = session_of(people[0])

    async def body():
        socket = Socket(match.pk, session=session)
        await socket.open()
        first, _ = await socket.message()
        await _in_thread(lambda: Match.objects.filter(pk=match.pk).delete())
        push.publish(push.match_topic(match.pk), {"v": first["match"]["version"] + 1, "c": 0})
        said, _ = await socket.message()
        assert said == {"type": "refused", "status": 404, "detail": "This match is gone."}
        assert await socket.closed() == 4404
        await socket.close()

    _run(body)


def test_a_table_action_over_the_socket_is_made_and_handed_over_unread(people):
    """A table action (the Table menu's, any moment) goes through the same socket: made,
    answered, and handed to the process's sockets, which read nothing for it."""
    match = _past_setup(_joust(people, is_public=True), people)
    idle = 1 - _mover(match)
    session = session_of(people[idle])

    async def body():
        socket, watcher = Socket(match.pk, session=session), Socket(match.pk)
        await socket.open()
        first = (await socket.message())[0]["match"]
        await watcher.open()
        await watcher.message()
        source = viewstream._sources[asyncio.get_running_loop()][match.pk]
        reads = source.reads
        action = f"p{idle}:table:draw=1"
        await socket.send({"type": "act", "ref": 1, "version": first["version"], "action": action})
        view = (await socket.message())[0]
        assert view["type"] == "view" and view["match"]["version"] == first["version"] + 1
        assert (await socket.message())[0] == {
            "type": "acted",
            "ref": 1,
            "version": first["version"] + 1,
        }
        seen = (await watcher.message())[0]["match"]  # a spectator's view of it
        assert seen["version"] == first["version"] + 1 and seen["seat"] is None
        assert source.reads == reads
        last = await _in_thread(lambda: match.actions.order_by("-number").first().text)
        assert last == action
        await socket.close()
        await watcher.close()

    _run(body)
