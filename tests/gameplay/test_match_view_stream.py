"""A match's views pushed (gameplay/viewstream.py, ``/api/matches/<id>/live/``): each player
and a spectator are sent their own view when the match moves on, the very answer of the
JSON API for them, with nothing they may not see; the process reads the match once per
change for all its streams; every bad request is named."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.test import AsyncClient, Client

from gameplay import viewstream
from gameplay.models import Match
from gameplay.selectors import match_and_seats
from gameplay.services import match_chat, match_state
from tests.config.test_push import _events, _next, _run
from tests.conftest import require_service
from tests.gameplay import test_match_push as push_tests
from tests.gameplay.test_match_push import committed_move
from tests.gameplay.test_match_table_actions import _joust, _past_setup
from tests.gameplay.test_push_processes import _until
from tests.gameplay.test_table_hidden import leaked, shown

# The streams read the match on a thread of their own, with a connection of its own: the
# test's data must be committed to be seen there.
pytestmark = pytest.mark.django_db(transaction=True)
people = push_tests.people


@pytest.fixture(autouse=True)
def _in_process(settings):
    settings.PUSH_REDIS_URL = ""  # this process's streams: the Redis path is tests/config's
    yield
    viewstream.close_reader()  # no connection left open on a test database that goes


def live_url(match: Match | int, query: str = "") -> str:
    return f"/api/matches/{getattr(match, 'pk', match)}/live/{query}"


def _view(message: str | bytes) -> dict:
    events = _events(message)
    assert [name for name, _ in events] == ["view"], events
    return json.loads(events[0][1])


def test_a_move_sends_each_viewer_their_own_view_with_nothing_hidden(
    people, django_capture_on_commit_callbacks
):
    match = _past_setup(_joust(people, is_public=True), people)
    viewers = {0: AsyncClient(), 1: AsyncClient(), None: AsyncClient()}

    async def body():
        streams, since = {}, {}
        for seat, client in viewers.items():
            if seat is not None:
                await client.aforce_login(people[seat])
            response = await client.get(live_url(match, "?since=3"))
            assert response.status_code == 200, seat
            assert response["Content-Type"] == "text/event-stream"
            streams[seat] = response.streaming_content
            first = _view(await _next(streams[seat]))
            asked = await client.get(f"/api/matches/{match.pk}/?since=3")
            assert first == asked.json()  # the API's answer, byte for byte in substance
            assert first["seat"] == seat
            since[seat] = first["view"]["log_size"]
        source = viewstream._sources[asyncio.get_running_loop()][match.pk]
        reads = source.reads
        await sync_to_async(committed_move)(match, people, django_capture_on_commit_callbacks)
        state = await sync_to_async(match_state)(match)
        for seat, client in viewers.items():
            text = (await _next(streams[seat])).decode()
            view = _view(text)
            assert view["version"] == match.version
            asked = await client.get(f"/api/matches/{match.pk}/?since={since[seat]}")
            assert view == asked.json()  # its log from where the previous view ended
            refs, seen = shown(state, seat)
            assert not leaked(text, state, set(state.cards) - refs, seen), (seat, text[:300])
        assert source.reads == reads + 1  # one read of the match for the three streams
        for stream in streams.values():
            await stream.aclose()

    _run(body)


def test_a_chat_message_sends_the_new_chat_version_and_an_old_message_nothing(
    people, django_capture_on_commit_callbacks
):
    match = _past_setup(_joust(people, is_public=True), people)

    def chat():
        with django_capture_on_commit_callbacks(execute=True):
            match_chat(match_id=match.pk, user=people[0], text="Good luck")
        match.refresh_from_db()

    async def body():
        client = AsyncClient()
        await client.aforce_login(people[1])
        stream = (await client.get(live_url(match))).streaming_content
        first = _view(await _next(stream))
        await sync_to_async(chat)()
        after = _view(await _next(stream))
        assert after["chat_version"] == first["chat_version"] + 1
        assert after["version"] == first["version"]
        assert after["view"]["log"] == []  # nothing new in the game's log
        # A message for what the stream sent already sends nothing.
        from config import push

        push.publish(push.match_topic(match.pk), {"v": after["version"], "c": 0})
        with pytest.raises(TimeoutError):
            await _next(stream, timeout=0.3)
        await stream.aclose()

    _run(body)


def test_a_private_match_streams_to_its_players_only_and_bad_requests_are_named(people):
    match = _past_setup(_joust(people, is_public=False), people)

    async def body():
        stranger = AsyncClient()
        await stranger.aforce_login(people[2])
        for client in (stranger, AsyncClient()):
            refused = await client.get(live_url(match))
            assert refused.status_code == 403
            assert refused.json() == {
                "detail": "This match is private: only its players can see it."
            }
        missing = await stranger.get(live_url(match.pk + 1000))
        assert missing.status_code == 404
        player = AsyncClient()
        await player.aforce_login(people[1])
        for query, words in [
            ("?since=x", "since: 'x' is not a log position"),
            ("?since=99999", "since: 99999 is past the log's end"),
            ("?sinse=1", "Unknown query parameter 'sinse': it takes since."),
        ]:
            bad = await player.get(live_url(match, query))
            assert bad.status_code == 400, query
            assert words in bad.json()["detail"]
        allowed = await player.get(live_url(match))
        assert allowed.status_code == 200
        assert _view(await _next(allowed.streaming_content))["seat"] == 1
        await allowed.streaming_content.aclose()

    _run(body)


def test_a_server_that_cannot_hold_a_stream_answers_204(people):
    """A WSGI server (the test client's, gunicorn's sync workers): the client reads
    ``GET /api/matches/<id>/`` instead."""
    match = _past_setup(_joust(people, is_public=True), people)
    client = Client()
    client.force_login(people[0])
    # In a thread of its own, as a WSGI worker's: a worker that ran a browser test keeps
    # Playwright's loop in its main thread, where Django could not run the async view.
    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(client.get, live_url(match)).result().status_code == 204


def test_streams_that_end_leave_nothing_behind(people):
    """A stream the server closes (its client went away) leaves neither its share of the
    match's read nor its subscription behind."""
    from config import push

    match = _past_setup(_joust(people, is_public=True), people)

    async def body():
        streams = [viewstream.view_events(match.pk, seat, 0) for seat in (0, None)]
        for stream in streams:
            assert _view(await _next(stream))["id"] == match.pk
        sources = viewstream._sources[asyncio.get_running_loop()]
        assert sources[match.pk].streams == 2
        await streams[0].aclose()
        assert sources[match.pk].streams == 1
        await streams[1].aclose()
        assert match.pk not in sources
        assert push.match_topic(match.pk) not in push._hub().queues

    _run(body)


def test_a_match_handed_over_is_taken_when_newer_and_where_streams_follow_it(
    people, django_capture_on_commit_callbacks
):
    """A change this process made (the match host's move) hands the match to its streams
    (viewstream.feeder): the newer read is taken and sent without a read; an older one (a
    read that lost the race) or a match nobody follows here changes nothing."""
    match = _past_setup(_joust(people, is_public=True), people)
    other = _past_setup(_joust(people, is_public=True), people)

    async def body():
        loop = asyncio.get_running_loop()
        feed = viewstream.feeder(loop)
        stream = viewstream.view_events(match.pk, None, 0)
        await _next(stream)
        source = viewstream._sources[loop][match.pk]
        before, reads = source.read, source.reads
        stale = await sync_to_async(match_and_seats)(match.pk)  # the version it has
        await sync_to_async(committed_move)(match, people, django_capture_on_commit_callbacks)
        newer = await sync_to_async(match_and_seats)(match.pk)
        feed(*stale)
        feed(*await sync_to_async(match_and_seats)(other.pk))  # nobody follows it here
        await asyncio.sleep(0)  # the loop runs what the feeds asked of it
        assert source.read is before and other.pk not in viewstream._sources[loop]
        feed(*newer)
        await asyncio.sleep(0)
        view = _view(await _next(stream))  # the move's message came meanwhile
        assert view["version"] == match.version and source.read.match is newer[0]
        assert source.reads == reads
        await stream.aclose()
        await sync_to_async(connections.close_all)()  # the reads' thread's, as the test ends

    _run(body)


def test_many_streams_read_through_one_database_connection(people):
    """Under an ASGI server each stream runs in a thread of its own: were each to read the
    match there, every open stream would hold a database connection (the load test ran
    PostgreSQL out of connections). They read on the process's one reader thread instead."""
    import threading

    import aiohttp
    from django.conf import settings
    from django.db import connection
    from django.test import Client

    from tests.asgi_server import AsgiServer

    if not require_service("DATABASE_URL").startswith("postgres"):
        pytest.fail("this counts PostgreSQL's connections: DATABASE_URL must name PostgreSQL")
    matches = [_past_setup(_joust(people, is_public=True), people) for _ in range(3)]
    viewer = Client()
    viewer.force_login(people[2])
    cookie = {settings.SESSION_COOKIE_NAME: viewer.cookies[settings.SESSION_COOKIE_NAME].value}
    open_, done = threading.Event(), threading.Event()

    async def follow(url: str) -> None:
        async with aiohttp.ClientSession(cookies=cookie) as http:
            streams = [await http.get(f"{url}{live_url(m)}") for m in matches * 3]
            for stream, match in zip(streams, matches * 3, strict=True):
                assert stream.status == 200
                assert json.loads(await _until(stream, "view"))["id"] == match.pk
            open_.set()  # nine streams open, each sent its first view: count now
            await asyncio.to_thread(done.wait, 30)
            for stream in streams:
                stream.close()

    def connections_now() -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            )
            return cursor.fetchone()[0]

    before = connections_now()
    server = AsgiServer().start()
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(follow(server.url))
        except BaseException as error:  # reported below
            failed.append(error)
            open_.set()

    clients = threading.Thread(target=run)
    clients.start()
    try:
        assert open_.wait(30), "the streams did not open"
        held = connections_now()
    finally:
        done.set()
        clients.join(30)
        server.stop()
    assert not failed, failed
    assert held <= before + 1, f"{held - before} connections for 9 streams"
