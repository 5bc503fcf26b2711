"""A match's push (gameplay/views.py ``live_stream``, config/push.py): each player and a
spectator hear of a move at once, and nothing they may not see travels, neither in the
pushed message nor in the view each then looks up."""

from __future__ import annotations

import html
import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient
from django.urls import reverse

from gameplay.engine.game import legal_actions, to_act
from gameplay.models import Match
from gameplay.services import match_act, match_state
from tests.config.test_push import _events, _next
from tests.gameplay.test_match_table_actions import _joust, _past_setup
from tests.gameplay.test_table_hidden import leaked, shown
from tests.pages import without_tokens

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob", "cat")]


@pytest.fixture(autouse=True)
def _in_process(settings):
    settings.PUSH_REDIS_URL = ""  # this process's streams: the Redis path is tests/config's


def _poll_url(page: str) -> str:
    found = re.search(r'id="poller"[^>]* hx-get="([^"]+)"', page)
    assert found, "the board polls"
    return html.unescape(found.group(1))


def _move(match: Match, people) -> None:
    """The seat that must decide makes its first legal move (not a pass where it can)."""
    match.refresh_from_db()
    state = match_state(match)
    seat = to_act(state)[0]
    actions = [str(a) for a in legal_actions(state, seat)]
    action = next((a for a in actions if "pass" not in a), actions[0])
    match_act(match_id=match.pk, user=people[seat], action=action, version=match.version)


def committed_move(match: Match, people, capture) -> None:
    """:func:`_move`, its messages published as its commit would publish them (``capture``:
    pytest-django's ``django_capture_on_commit_callbacks``)."""
    with capture(execute=True):
        _move(match, people)
    match.refresh_from_db()


def test_a_move_reaches_both_players_and_a_spectator_with_nothing_hidden(
    people, django_capture_on_commit_callbacks
):
    match = _past_setup(_joust(people, is_public=True), people)
    url = reverse("play:live", args=[match.pk])
    page_of = reverse("play:match", args=[match.pk])
    viewers = {0: AsyncClient(), 1: AsyncClient(), None: AsyncClient()}

    async def body():
        streams, polls = {}, {}
        for seat, client in viewers.items():
            if seat is not None:
                await client.aforce_login(people[seat])
            page = (await client.get(page_of)).content.decode()
            assert f'data-live="{url}"' in page  # the board follows the push
            polls[seat] = _poll_url(page)
            response = await client.get(url)
            assert response.status_code == 200, seat
            streams[seat] = response.streaming_content
            assert _events(await _next(streams[seat])) == [("ready", "")]
        await sync_to_async(committed_move)(match, people, django_capture_on_commit_callbacks)
        state = await sync_to_async(match_state)(match)
        for seat, client in viewers.items():
            message = (await _next(streams[seat])).decode()
            assert _events(message) == [
                ("change", f'{{"v":{match.version},"c":{match.chat_version}}}')
            ]
            # The page looks: its poll URL, as it stood, answers the move.
            looked = await client.get(polls[seat], headers=HTMX)
            assert looked.status_code == 200, seat
            text = without_tokens(html.unescape(looked.content.decode()))
            assert f'value="{match.version}"' in text  # the new position
            refs, seen = shown(state, seat)
            unseen = set(state.cards) - refs
            for what in (message, text):
                assert not leaked(what, state, unseen, seen), (seat, what[:300])
            await streams[seat].aclose()

    async_to_sync(body)()


def test_a_private_match_streams_only_to_whom_may_watch_it(people):
    match = _past_setup(_joust(people, is_public=False), people)
    url = reverse("play:live", args=[match.pk])

    async def body():
        stranger = AsyncClient()
        await stranger.aforce_login(people[2])
        refused = await stranger.get(url)
        assert refused.status_code == 403
        assert b"private" in refused.content
        assert (await AsyncClient().get(url)).status_code == 403  # not logged in either
        missing = await stranger.get(reverse("play:live", args=[match.pk + 1000]))
        assert missing.status_code == 404
        player = AsyncClient()
        await player.aforce_login(people[1])
        allowed = await player.get(url)
        assert allowed.status_code == 200
        await allowed.streaming_content.aclose()

    async_to_sync(body)()


def test_a_chat_message_is_pushed_too(people, django_capture_on_commit_callbacks):
    from gameplay.services import match_chat

    match = _past_setup(_joust(people, is_public=True), people)

    def say():
        with django_capture_on_commit_callbacks(execute=True):
            match_chat(match_id=match.pk, user=people[1], text="Winter is coming")
        match.refresh_from_db()

    async def body():
        response = await AsyncClient().get(reverse("play:live", args=[match.pk]))
        stream = response.streaming_content
        await _next(stream)
        await sync_to_async(say)()
        message = (await _next(stream)).decode()
        assert _events(message) == [("change", f'{{"v":{match.version},"c":1}}')]
        assert "Winter" not in message  # the chat is looked up, as the board's
        await stream.aclose()

    async_to_sync(body)()


def test_a_finished_board_follows_no_stream(people):
    from gameplay.services import match_concede

    match = _past_setup(_joust(people, is_public=True), people)
    match_concede(match_id=match.pk, user=people[0])
    page = AsyncClient()

    async def body():
        text = (await page.get(reverse("play:match", args=[match.pk]))).content.decode()
        assert "data-live=" not in text and 'id="poller"' in text

    async_to_sync(body)()


def test_under_asgi_a_poll_with_nothing_new_is_answered_from_the_cache(people, settings):
    """The ASGI server's shortcut (gameplay.live.nothing_new_asgi), as the WSGI one: a
    poll of a public match at the version and chat version the cache holds gets 204 before
    Django; anything else (a newer version, a private match, a number of 5,000 digits, a
    POST) goes on to Django."""
    from gameplay.live import nothing_new_asgi

    settings.MATCH_LIVE_CACHE = True  # the shared cache's row (a cache per process here)
    public = _past_setup(_joust(people, is_public=True), people)
    private = _past_setup(_joust(people, is_public=False), people)
    passed_on: list[str] = []

    async def django(scope, receive, send):
        passed_on.append(scope["path"])
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"Django's answer"})

    shortcut = nothing_new_asgi(django)

    async def get(path: str, query: str, method: str = "GET") -> int:
        sent: list[dict] = []

        async def receive():
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message):
            sent.append(message)

        scope = {"type": "http", "method": method, "path": path, "query_string": query.encode()}
        await shortcut(scope, receive, send)
        return sent[0]["status"]

    def poll(match: Match) -> str:
        return reverse("play:poll", args=[match.pk])

    seen = f"v={public.version}&c={public.chat_version}"
    assert async_to_sync(get)(poll(public), seen) == 204
    assert passed_on == []
    for path, query, method in [
        (poll(public), f"v={public.version - 1}&c=0", "GET"),
        (poll(public), seen, "POST"),
        (poll(private), f"v={private.version}&c=0", "GET"),
        (f"/play/{'9' * 5000}/poll/", "v=1&c=0", "GET"),
    ]:
        assert async_to_sync(get)(path, query, method) == 200
        assert passed_on[-1] == path
