"""A match's push (gameplay/views.py ``live_stream``, config/push.py): each player and a
spectator hear of a move at once, and nothing they may not see travels, neither in the
pushed message nor in the view each then looks up. A player is told to look; a spectator
of a match without a clock is sent the spectators' update itself, the very answer their
page's poll gets."""

from __future__ import annotations

import html
import json
import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core.cache import cache
from django.test import AsyncClient
from django.urls import reverse

from gameplay import viewstream
from gameplay.engine.game import legal_actions, to_act
from gameplay.models import Match
from gameplay.services import match_act, match_state
from tests.config.test_push import _events, _next, _run
from tests.gameplay.test_match_table_actions import _joust, _past_setup
from tests.gameplay.test_table_hidden import leaked, shown
from tests.pages import without_tokens

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
DRAW = "?draw=1"  # as the board's page asks for its stream (its data-live)


def _ready(match: Match) -> tuple[str, str]:
    """The ``ready`` a board's stream opens with: the version and chat version it follows
    from, the match's as it stands (a page that shows them need not look)."""
    return ("ready", f'{{"v":{match.version},"c":{match.chat_version}}}')


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob", "cat")]


@pytest.fixture(autouse=True)
def _in_process(settings):
    settings.PUSH_REDIS_URL = ""  # this process's streams: the Redis path is tests/config's
    yield
    viewstream.close_reader()  # a spectator's stream draws on the streams' reader thread


def _page_place(page: str) -> dict[str, int]:
    """The version, chat version and log position a board page shows (its poller's)."""
    found = re.search(r'data-live-v="(\d+)" data-live-c="(\d+)" data-live-e="(\d+)"', page)
    assert found, "the board follows the push"
    return dict(zip("vce", map(int, found.groups()), strict=True))


def _update(message: str) -> dict:
    events = _events(message)
    assert [name for name, _ in events] == ["update"], events
    return json.loads(events[0][1])


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


def _section(text: str, tag: str, region: str) -> str:
    found = re.search(rf'<{tag} id="{region}"[^>]*>.*?</{tag}>', text, re.S)
    assert found, region
    return found.group(0)


@pytest.mark.django_db(transaction=True)  # the updates are drawn on the streams' thread
def test_a_move_reaches_both_players_and_a_spectator_with_nothing_hidden(
    people, django_capture_on_commit_callbacks
):
    """The player who moved is told of it (their page has the act's answer); the other
    player and a spectator are sent the update their poll would answer, for the page they
    had."""
    match = _past_setup(_joust(people, is_public=True), people)
    url = reverse("play:live", args=[match.pk]) + DRAW
    page_of = reverse("play:match", args=[match.pk])
    viewers = {0: AsyncClient(), 1: AsyncClient(), None: AsyncClient()}
    mover = to_act(match_state(match))[0]

    async def body():
        streams, polls, places = {}, {}, {}
        for seat, client in viewers.items():
            if seat is not None:
                await client.aforce_login(people[seat])
            page = (await client.get(page_of)).content.decode()
            assert f'data-live="{url}"' in page  # the board follows the push
            polls[seat], places[seat] = _poll_url(page), _page_place(page)
            response = await client.get(url)
            assert response.status_code == 200, seat
            streams[seat] = response.streaming_content
            assert _events(await _next(streams[seat])) == [_ready(match)]
        await sync_to_async(committed_move)(match, people, django_capture_on_commit_callbacks)
        state = await sync_to_async(match_state)(match)
        await sync_to_async(cache.clear)()  # the polls below draw their answers anew
        for seat, client in viewers.items():
            message = (await _next(streams[seat])).decode()
            # The page's poll URL, as it stood, answers the move.
            looked = await client.get(polls[seat], headers=HTMX)
            assert looked.status_code == 200, seat
            text = without_tokens(html.unescape(looked.content.decode()))
            assert f'value="{match.version}"' in text  # the new position
            refs, seen = shown(state, seat)
            unseen = set(state.cards) - refs
            if seat == mover:  # told, with the version only
                assert _events(message) == [
                    ("change", f'{{"v":{match.version},"c":{match.chat_version}}}')
                ]
                assert not leaked(message, state, unseen, seen)
                continue
            update = _update(message)
            assert update["from"] == {**places[seat], "k": None if seat is not None else ""}
            assert (update["v"], update["c"]) == (match.version, match.chat_version)
            drawn = without_tokens(html.unescape(update["html"]))
            if seat is None:  # the spectators' update: the very answer of their poll
                assert drawn == text
            else:  # the player's: their poll's regions, and their prompt
                for tag, region in (("div", "poller"), ("section", "board")):
                    assert _section(drawn, tag, region) == _section(text, tag, region)
                assert 'id="prompt"' in drawn
            for what in (message, text, drawn):
                assert not leaked(what, state, unseen, seen), (seat, what[:300])
            await streams[seat].aclose()
        await streams[mover].aclose()

    _run(body)


@pytest.mark.django_db(transaction=True)
def test_after_a_players_own_move_the_next_update_follows_the_acts_answer(
    people, django_capture_on_commit_callbacks
):
    """The stream does not draw the player's own move, and the next move's update applies
    to the page the act's answer left (its version and log position)."""
    match = _past_setup(_joust(people, is_public=True), people)
    mover = to_act(match_state(match))[0]
    client = AsyncClient()

    async def body():
        await client.aforce_login(people[mover])
        page = (await client.get(reverse("play:match", args=[match.pk]))).content.decode()
        stream = (await client.get(reverse("play:live", args=[match.pk]) + DRAW)).streaming_content
        assert _events(await _next(stream)) == [_ready(match)]
        state = await sync_to_async(match_state)(match)
        action = next(str(a) for a in legal_actions(state, mover) if "pass" not in str(a))
        csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        answer = await client.post(
            reverse("play:act", args=[match.pk]),
            {"action": action, "seen": match.version, "csrfmiddlewaretoken": csrf},
            headers=HTMX,
        )
        assert answer.status_code == 200
        place = _page_place(answer.content.decode())
        told = _events(await _next(stream))
        assert told == [("change", f'{{"v":{place["v"]},"c":{place["c"]}}}')]
        await sync_to_async(match.refresh_from_db)()
        assert to_act(await sync_to_async(match_state)(match))[0] != mover  # the other's turn
        await sync_to_async(committed_move)(match, people, django_capture_on_commit_callbacks)
        update = _update(await _next(stream))
        assert update["from"] == {**place, "k": None}
        assert update["v"] == match.version
        await stream.aclose()

    _run(body)


@pytest.mark.django_db(transaction=True)
def test_a_spectator_is_sent_each_move_drawn_once_for_all_spectators(
    people, django_capture_on_commit_callbacks, monkeypatch
):
    """Two spectators get the same update, drawn once (the second finds it drawn); each
    update follows the one before it (its ``from`` is the previous one's place), and its
    log lines are those after the page's, so a page that applies them in turn has the
    whole log."""
    from gameplay import views

    match = _past_setup(_joust(people, is_public=True), people)
    url = reverse("play:live", args=[match.pk]) + DRAW
    drawn: list[str] = []
    draw = views.render_to_string  # Django's, counted

    def counted(name, *args, **kwargs):
        drawn.append(name)
        return draw(name, *args, **kwargs)

    async def body():
        streams = []
        for _ in range(2):
            response = await AsyncClient().get(url)
            streams.append(response.streaming_content)
            assert _events(await _next(streams[-1])) == [_ready(match)]
        looked = await AsyncClient().get(reverse("play:match", args=[match.pk]))
        page = {**_page_place(looked.content.decode()), "k": ""}  # a spectator has no key
        for _ in range(3):
            drawn.clear()
            await sync_to_async(committed_move)(match, people, django_capture_on_commit_callbacks)
            first, second = [_update((await _next(s)).decode()) for s in streams]
            assert first == second
            assert first["from"] == page
            assert len(drawn) == 1  # one drawing for both
            lines = re.findall(r'<ol id="log-lines" hx-swap-oob="beforeend">', first["html"])
            assert len(lines) <= 1
            state = await sync_to_async(match_state)(match)
            page = {"v": match.version, "c": match.chat_version, "e": len(state.log), "k": ""}
            assert f'data-live-e="{page["e"]}"' in first["html"]  # where the page now is
        for stream in streams:
            await stream.aclose()

    monkeypatch.setattr(views, "render_to_string", counted)
    _run(body)


@pytest.mark.django_db(transaction=True)
def test_a_spectator_of_a_match_with_a_clock_is_told_to_look(
    people, django_capture_on_commit_callbacks
):
    """With a chess clock the update is not shared (the clocks are read as it is drawn):
    the spectator is told to look, as a player is."""
    match = _past_setup(_joust(people, is_public=True), people)
    Match.objects.filter(pk=match.pk).update(clock_minutes=30)

    async def body():
        response = await AsyncClient().get(reverse("play:live", args=[match.pk]) + DRAW)
        stream = response.streaming_content
        assert _events(await _next(stream)) == [("ready", "")]
        mover = to_act(await sync_to_async(match_state)(match))[0]
        await sync_to_async(committed_move)(match, people, django_capture_on_commit_callbacks)
        message = (await _next(stream)).decode()
        assert _events(message) == [("change", f'{{"v":{match.version},"c":0,"s":{mover}}}')]
        await stream.aclose()

    _run(body)


@pytest.mark.django_db(transaction=True)  # the body runs on a thread of its own
def test_a_private_match_streams_only_to_whom_may_watch_it(people):
    match = _past_setup(_joust(people, is_public=False), people)
    url = reverse("play:live", args=[match.pk]) + DRAW

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

    _run(body)


@pytest.mark.django_db(transaction=True)
def test_a_chat_message_is_pushed_too(people, django_capture_on_commit_callbacks):
    from gameplay.services import match_chat

    match = _past_setup(_joust(people, is_public=True), people)

    def say():
        with django_capture_on_commit_callbacks(execute=True):
            match_chat(match_id=match.pk, user=people[1], text="Winter is coming")
        match.refresh_from_db()

    async def body():
        player = AsyncClient()
        await player.aforce_login(people[0])
        streams = []
        for client in (player, AsyncClient()):  # a player, then a spectator
            response = await client.get(reverse("play:live", args=[match.pk]) + DRAW)
            streams.append(response.streaming_content)
            await _next(streams[-1])
        await sync_to_async(say)()
        for stream in streams:  # each board is sent the chat, as their poll would be
            update = _update((await _next(stream)).decode())
            assert (update["v"], update["c"]) == (match.version, 1)
            assert update["from"]["c"] == 0 and "Winter is coming" in update["html"]
        for stream in streams:
            await stream.aclose()

    _run(body)


@pytest.mark.django_db(transaction=True)  # the body runs on a thread of its own
def test_a_finished_board_follows_no_stream(people):
    from gameplay.services import match_concede

    match = _past_setup(_joust(people, is_public=True), people)
    match_concede(match_id=match.pk, user=people[0])
    page = AsyncClient()

    async def body():
        text = (await page.get(reverse("play:match", args=[match.pk]))).content.decode()
        assert "data-live=" not in text and 'id="poller"' in text

    _run(body)


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


@pytest.mark.django_db(transaction=True)
def test_a_players_stream_ends_once_they_are_logged_out(
    people, django_capture_on_commit_callbacks, monkeypatch
):
    """A player's stream draws their own view: once their session no longer signs them in
    (read again every RECHECK_SECONDS), it ends instead, and the page opens it again as
    who it is now."""
    match = _past_setup(_joust(people, is_public=False), people)
    monkeypatch.setattr(viewstream, "RECHECK_SECONDS", 0.0)
    mover = to_act(match_state(match))[0]
    watcher = 1 - mover  # the player whose stream draws the move

    async def body():
        client = AsyncClient()
        await client.aforce_login(people[watcher])
        stream = (await client.get(reverse("play:live", args=[match.pk]) + DRAW)).streaming_content
        assert _events(await _next(stream)) == [_ready(match)]
        await sync_to_async(committed_move)(match, people, django_capture_on_commit_callbacks)
        assert _update((await _next(stream)).decode())["v"] == match.version  # signed in
        await client.alogout()
        told = []  # a move of the watcher's seat is only told (numbers), then the stream ends
        with pytest.raises(StopAsyncIteration):
            for _ in range(6):
                await sync_to_async(committed_move)(
                    match, people, django_capture_on_commit_callbacks
                )
                told += _events(await _next(stream))
        assert all(name == "change" for name, _data in told), told
        assert (await client.get(reverse("play:live", args=[match.pk]) + DRAW)).status_code == 403

    _run(body)


@pytest.mark.django_db(transaction=True)
def test_a_page_that_does_not_ask_for_drawn_updates_is_told_to_look(
    people, django_capture_on_commit_callbacks
):
    """A page served before drawn updates (its script handles nudges only) opens its
    stream without ``?draw=1``: it is told to look, as it was."""
    match = _past_setup(_joust(people, is_public=True), people)
    mover = to_act(match_state(match))[0]

    async def body():
        client = AsyncClient()
        await client.aforce_login(people[1 - mover])
        stream = (await client.get(reverse("play:live", args=[match.pk]))).streaming_content
        assert _events(await _next(stream)) == [("ready", "")]
        await sync_to_async(committed_move)(match, people, django_capture_on_commit_callbacks)
        message = f'{{"v":{match.version},"c":0,"s":{mover}}}'
        assert _events(await _next(stream)) == [("change", message)]
        await stream.aclose()

    _run(body)
