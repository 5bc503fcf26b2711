"""The match pages through HTTP: creating and joining, the board, the live poll, actions,
chat, concede, draw, rematch and replay, with the permission and hidden-information checks
of every endpoint (the other seat's responses never name the cards in my hand)."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from gameplay.engine.abilities import facts
from gameplay.engine.game import legal_actions
from gameplay.models import Match, MatchMessage, MatchSeat
from gameplay.services import (
    SeatSpec,
    core_deck,
    match_act,
    match_concede,
    match_create,
    match_state,
)
from gameplay.services.table import CHAT_PER_MINUTE

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def bots_in_process(django_capture_on_commit_callbacks):
    """Bot moves are queued when a change commits: run them in-process, as the site does
    without a broker, once the test's block "commits"."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield lambda: django_capture_on_commit_callbacks(execute=True)
    app.conf.task_always_eager = saved


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob", "cat")]


def joust(people, **kwargs) -> Match:
    return match_create(
        creator=people[0],
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=people[0]),
            SeatSpec(core_deck("core-lannister"), user=people[1]),
        ],
        seed=5,
        **kwargs,
    )


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def url(name: str, match: Match) -> str:
    return reverse(f"play:{name}", args=[match.pk])


def secret_names(match: Match, seat: int) -> set[str]:
    """Names of the cards only ``seat`` may see now (hand, face-down setup, plot deck),
    without names that are also public or in the viewer's own cards (decks share
    neutral cards)."""
    state = match_state(Match.objects.get(pk=match.pk))
    me = state.players[seat]
    hidden = {facts(state, r).name for r in [*me.hand, *me.setup_cards, *me.plot_deck]}
    seen = set()
    for player in state.players:
        refs = [*player.in_play, *player.discard, *player.dead, *player.used_plots]
        if player.revealed_plot:
            refs.append(player.revealed_plot)
        if player.seat != seat:
            refs += [*player.hand, *player.setup_cards, *player.plot_deck, *player.deck]
        seen |= {facts(state, r).name for r in refs}
    # Cards revealed by a card's text ("search ..., reveal it") are public once logged.
    for event in state.log:
        for key in ("card", "cards"):
            value = event.get(key)
            for ref in value if isinstance(value, list) else [value]:
                if isinstance(ref, str) and ref in state.cards:
                    seen.add(facts(state, ref).name)
    return hidden - seen


def secret_refs(match: Match, seat: int) -> set[str]:
    state = match_state(Match.objects.get(pk=match.pk))
    me = state.players[seat]
    return {*me.hand, *me.setup_cards, *me.plot_deck, *me.deck}


def assert_hides(response, names: set[str], refs: set[str]) -> None:
    text = response.content.decode()
    for name in names:
        assert name not in text, f"{name} (hidden) is in the response"
    for ref in refs:
        assert not re.search(rf"\b{ref}\b", text), f"{ref} (a hidden card's id) is in the response"


# --- Creating and joining --------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 3], ids=["person-first", "bot-first"])
def test_a_new_match_against_a_bot_from_the_form(
    client, people, bots_in_process, monkeypatch, seed
):
    monkeypatch.setattr("gameplay.services.play.new_seed", lambda: seed)
    client.force_login(people[0])
    with bots_in_process():
        response = client.post(
            reverse("play:new"),
            {
                "variant": "joust",
                "round_limit": 10,
                "clock_minutes": 0,
                "is_public": "on",
                "seat0_who": "me",
                "seat0_deck": "core:core-stark",
                "seat1_who": "greedy",
                "seat1_deck": "core:core-targaryen",
                "seat2_who": "none",
                "seat3_who": "none",
            },
        )
    match = Match.objects.get()
    assert response.status_code == 302 and response.url == url("match", match)
    assert match.status == Match.Status.ACTIVE
    # Setup is placed in turn, the first player (drawn at random) first: a bot placing
    # first placed at once; either way the person is the one to decide now.
    bot_first = match_state(match).first_player == 1
    assert match.version == (1 if bot_first else 0) and match.waiting == [0]
    page = client.get(url("match", match)).content.decode()
    assert 'id="my-hand"' in page and "Place these cards" in page
    assert "Greedy bot (Targaryen)" in page
    if not bot_first:  # the person places; the bot's placement follows at once
        with bots_in_process():
            client.post(url("act", match), {"action": "p0:setup:place", "version": 0})
        match.refresh_from_db()
        assert list(match.actions.values_list("seat", flat=True))[:2] == [0, 1]
        assert match.waiting == [0]  # the plots: the bot chose its own at once


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"variant": "melee"}, "needs 3 or 4 seats"),
        ({"seat1_who": "invite", "seat1_user": "nobody-here"}, "no player"),
        ({"seat1_deck": ""}, "Choose the deck"),
        ({"seat0_deck": "deck:99999"}, "Select a valid choice"),
        ({"littlefinger": "on"}, "played in melee"),
        ({"seat1_who": "none"}, "needs 2 seats"),
        ({"clock_minutes": "-3"}, "greater than or equal to 0"),
    ],
)
def test_a_bad_new_match_form_names_the_problem(client, people, change, message):
    client.force_login(people[0])
    data = {
        "variant": "joust",
        "round_limit": 10,
        "clock_minutes": 0,
        "seat0_who": "me",
        "seat0_deck": "core:core-stark",
        "seat1_who": "greedy",
        "seat1_deck": "core:core-lannister",
        "seat2_who": "none",
        "seat3_who": "none",
    } | change
    response = client.post(reverse("play:new"), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Match.objects.exists()


def test_creating_a_match_needs_an_account(client):
    response = client.get(reverse("play:new"))
    assert response.status_code == 302 and "/accounts/login/" in response.url


def test_an_open_seat_is_taken_from_the_lobby_and_the_match_starts(client, people):
    match = match_create(
        creator=people[0],
        variant="joust",
        seats=[SeatSpec(core_deck("core-stark"), user=people[0]), SeatSpec()],
    )
    assert match.status == Match.Status.OPEN and match.state == ""
    lobby = client.get(reverse("play:lobby")).content.decode()
    assert url("match", match) in lobby
    client.force_login(people[1])
    page = client.get(url("match", match)).content.decode()
    assert "Take a seat" in page
    poll = client.get(url("poll", match), {"v": match.version, "c": 0, "s": "open"}, **HTMX)
    assert poll.status_code == 204
    client.post(url("join", match), {"deck": "core:core-baratheon"})
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert [s.house for s in match.seats.all()] == ["Stark", "Baratheon"]
    # An open page learns of the start on its next poll and reloads itself.
    poll = client.get(url("poll", match), {"v": 0, "c": 0, "s": "open"}, **HTMX)
    assert poll.headers.get("HX-Refresh") == "true"
    # Nobody else can join a full match.
    client.force_login(people[2])
    client.post(url("join", match), {"deck": "core:core-stark"}, follow=True)
    assert not match.seats.filter(user=people[2]).exists()


def test_a_private_match_is_joined_only_through_its_invitation_link(client, people):
    match = match_create(
        creator=people[0],
        variant="joust",
        seats=[SeatSpec(core_deck("core-stark"), user=people[0]), SeatSpec()],
        is_public=False,
    )
    assert url("match", match) not in client.get(reverse("play:lobby")).content.decode()
    client.force_login(people[1])
    assert client.get(url("match", match)).status_code == 403
    response = client.post(url("join", match), {"deck": "core:core-stark"})
    assert response.status_code == 403 and "invitation link" in response.content.decode()
    assert match.seats.filter(user=people[1]).count() == 0
    invitation = reverse("play:invitation", args=[match.invite_token])
    assert client.get(invitation).url == url("match", match)
    client.post(url("join", match), {"deck": "core:core-stark"})
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert client.get(reverse("play:invitation", args=["not-a-token"])).status_code == 404


def test_an_invited_player_picks_their_deck_and_may_leave_before_the_start(client, people):
    match = match_create(
        creator=people[0],
        variant="joust",
        seats=[SeatSpec(core_deck("core-stark"), user=people[0]), SeatSpec(user=people[1])],
        is_public=False,
    )
    client.force_login(people[1])
    page = client.get(url("match", match)).content.decode()  # no link needed: invited
    assert "Take a seat" in page
    client.post(url("leave", match))
    seat = match.seats.get(number=1)
    assert seat.user is None and seat.is_open
    match.refresh_from_db()
    assert match.status == Match.Status.OPEN


# --- The board, the poll and actions ---------------------------------------------------------


def test_every_endpoint_hides_the_other_seats_cards(people):
    match = joust(people)
    ann, bob = (client_for(p) for p in people[:2])
    for _ in range(12):  # play into the plot phase and marshalling with first legal actions
        match.refresh_from_db()  # a draw offer below moves the version on too
        state = match_state(match)
        seat = match.waiting[0]
        match = match_act(
            match_id=match.pk,
            user=people[seat],
            action=str(legal_actions(state, seat)[-1 if seat else 0]),
            version=match.version,
        )
        names, refs = secret_names(match, 0), secret_refs(match, 0)
        assert names  # there is something to hide
        responses = [
            bob.get(url("match", match)),
            bob.get(url("poll", match), {"v": 0, "c": 0, "k": ""}, **HTMX),
            bob.post(url("act", match), {"action": "p1:pass", "version": 0}, **HTMX),
            bob.post(url("chat", match), {"text": "hello"}, **HTMX),
            bob.post(url("draw", match), {"offer": "0"}, **HTMX),
            bob.get(reverse("play:lobby")),
            Client().get(url("match", match)),  # a spectator
        ]
        for response in responses:
            assert response.status_code in (200, 204), response.content[:300]
            assert_hides(response, names, refs)
        # My own page shows my hand (the check can fail).
        mine = ann.get(url("match", match)).content.decode()
        assert all(name in mine for name in names)


def test_the_poll_answers_nothing_new_cheaply_and_sends_what_changed(
    client, people, django_assert_max_num_queries
):
    match = joust(people)
    client.force_login(people[1])
    query = {"v": match.version, "c": match.chat_version, "k": "x"}
    with django_assert_max_num_queries(4):  # session, user, one row of the match
        response = client.get(url("poll", match), query, **HTMX)
    assert response.status_code == 204 and response.content == b""
    state = match_state(match)
    match_act(match_id=match.pk, user=people[0], action=str(legal_actions(state, 0)[0]), version=0)
    page = client.get(url("match", match)).content.decode()
    key = re.search(r'data-key="([0-9a-f]*)"', page).group(1)
    response = client.get(url("poll", match), {"v": 0, "c": 0, "k": key}, **HTMX)
    text = response.content.decode()
    assert response.status_code == 200
    assert 'id="board" hx-swap-oob="true"' in text and "v=1&amp;" in text
    assert "ann (Stark) places" in text  # the log in words
    # Bob's setup question did not change: his prompt (and any ticked boxes) stays put.
    assert 'id="prompt"' not in text
    # With an old key the prompt is sent again.
    response = client.get(url("poll", match), {"v": 0, "c": 0, "k": "old"}, **HTMX)
    assert 'id="prompt" hx-swap-oob="true"' in response.content.decode()


def test_an_act_and_a_look_each_read_the_match_and_its_seats_once(client, people):
    """The act reads the match, its seats, their people and preferences in its one locked
    read (issue 31: each round trip is a share of a move's cost), and the other seat's look
    reads them in one query too, the viewer's passing preferences included: they are the
    ones his page shows."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from gameplay.services import preferences_update

    preferences_update(user=people[1], windows="all", stops=[])
    match = joust(people)
    ann, bob = Client(), Client()
    ann.force_login(people[0])
    bob.force_login(people[1])
    setup = legal_actions(match_state(match), 0)[0]

    def reads(captured) -> list[str]:
        """The reads of seats or preferences (the live row is the shared cache's in
        production, and a query here, where the cache is off)."""
        return [
            q["sql"]
            for q in captured.captured_queries
            if q["sql"].startswith("SELECT")
            and ('"gameplay_matchseat"' in q["sql"] or '"gameplay_playpreferences"' in q["sql"])
        ]

    with CaptureQueriesContext(connection) as acted:
        response = ann.post(url("act", match), {"action": str(setup), "version": 0}, **HTMX)
    assert response.status_code == 200 and "v=1&amp;" in response.content.decode()
    (locked,) = reads(acted)
    assert '"gameplay_playpreferences"' in locked and '"gameplay_match"' in locked
    if connection.vendor == "postgresql":  # SQLite has no row locks
        assert locked.endswith('FOR UPDATE OF "gameplay_match"')
    with CaptureQueriesContext(connection) as looked:
        response = bob.get(url("poll", match), {"v": 0, "c": 0, "k": "old"}, **HTMX)
    assert response.status_code == 200 and "v=1&amp;" in response.content.decode()
    (seats,) = reads(looked)
    assert '"gameplay_playpreferences"' in seats and '"gameplay_match"' in seats
    # The preferences read with the seats are bob's own, as his page sums them up.
    assert "Passing for me: never" in bob.get(url("match", match)).content.decode()


@pytest.fixture
def live_cache(shared_cache, settings):
    """The poll's cached version check on, as in production (see ``shared_cache``)."""
    settings.MATCH_LIVE_CACHE = True


def test_with_the_live_cache_nothing_new_costs_no_query_and_every_move_is_seen(
    client, people, live_cache, django_assert_num_queries
):
    match = joust(people)  # its creation wrote the cache
    client.force_login(people[1])
    query = {"v": match.version, "c": match.chat_version, "k": "x"}
    client.get(url("poll", match), query, **HTMX)  # the session is read once
    with django_assert_num_queries(0):
        assert client.get(url("poll", match), query, **HTMX).status_code == 204
    state = match_state(match)
    match_act(match_id=match.pk, user=people[0], action=str(legal_actions(state, 0)[0]), version=0)
    response = client.get(url("poll", match), query, **HTMX)
    assert response.status_code == 200 and "ann (Stark) places" in response.content.decode()
    with django_assert_num_queries(0):
        response = client.get(url("poll", match), {**query, "v": 1}, **HTMX)
    assert response.status_code == 204


def test_the_server_answers_nothing_new_before_django_and_sends_changes_through_it(
    people, live_cache, django_assert_num_queries
):
    from urllib.parse import urlencode
    from wsgiref.util import setup_testing_defaults

    from django.core.signals import request_finished, request_started
    from django.db import close_old_connections

    from config.wsgi import application

    def call(match: Match, query: dict) -> tuple[str, bytes]:
        environ = {"PATH_INFO": f"/play/{match.pk}/poll/", "QUERY_STRING": urlencode(query)}
        setup_testing_defaults(environ)
        status = []
        body = b"".join(application(environ, lambda s, headers, exc=None: status.append(s)))
        return status[0], body

    match = joust(people)
    started = []

    def seen_by_django(**kwargs) -> None:
        started.append(kwargs)

    # As Django's test client does: the test's transaction must outlive each request.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    request_started.connect(seen_by_django)
    try:
        with django_assert_num_queries(0):
            assert call(match, {"v": 0, "c": 0})[0].startswith("204")
        assert started == []  # Django never saw that request
        state = match_state(match)
        match_act(
            match_id=match.pk, user=people[0], action=str(legal_actions(state, 0)[0]), version=0
        )
        status, body = call(match, {"v": 0, "c": 0})
        assert status.startswith("200") and b'id="board"' in body
        assert len(started) == 1
        assert call(match, {"v": 1, "c": 0})[0].startswith("204")
        assert call(match, {"v": 1})[0].startswith("200")  # no chat version: the view decides
        # A private match is never answered from the cache: the view asks who is looking.
        private = joust(people, is_public=False)
        assert call(private, {"v": 0, "c": 0})[0].startswith("403")
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
        request_started.disconnect(seen_by_django)


def test_a_cached_version_ahead_of_the_database_is_checked_there(client, people, live_cache):
    from django.core.cache import cache
    from django.db import transaction

    from gameplay import live

    match = joust(people)
    client.force_login(people[1])
    with pytest.raises(RuntimeError), transaction.atomic():
        match.version += 1
        match.save(update_fields=["version"])  # the cache now says version 1 ...
        raise RuntimeError("... and the write rolls back")
    query = {"v": 0, "c": 0, "k": "x"}
    assert client.get(url("poll", match), query, **HTMX).status_code == 204
    # A match missing from the cache is read from the database and cached again.
    cache.clear()
    assert client.get(url("poll", match), {**query, "v": 7}, **HTMX).status_code == 200
    assert cache.get(live._key(match.pk))[0] == 0


def test_an_update_sends_only_the_log_lines_the_page_lacks(client, people):
    match = joust(people)
    client.force_login(people[1])

    def log_of(page: str) -> list[str]:
        lines = re.search(r'<ol id="log-lines" data-keep="\d+">(.*?)</ol>', page, re.S).group(1)
        return re.findall(r"<li[ >].*?</li>", lines)

    page = client.get(url("match", match)).content.decode()
    shown = re.search(r'name="log_seen" value="(\d+)"', page).group(1)
    state = match_state(match)
    match_act(match_id=match.pk, user=people[0], action=str(legal_actions(state, 0)[0]), version=0)
    query = {"v": 0, "c": 0, "k": "x", "e": shown}
    text = client.get(url("poll", match), query, **HTMX).content.decode()
    added = re.search(r'<ol id="log-lines" hx-swap-oob="beforeend">(.*?)</ol>', text, re.S)
    assert added and "ann (Stark) places" in added.group(1)
    assert 'id="log"' not in text  # not the whole log again
    # What the page had plus what was added is the log a fresh page shows.
    after = log_of(client.get(url("match", match)).content.decode())
    assert log_of(page) + re.findall(r"<li[ >].*?</li>", added.group(1)) == after
    # A page that says nothing (or nonsense) about its log gets the whole log.
    for bad in ("", "x", "100000"):
        text = client.get(url("poll", match), {**query, "e": bad}, **HTMX).content.decode()
        assert 'id="log" hx-swap-oob="true"' in text


def test_actions_are_checked_and_explained_never_a_500(client, people):
    match = joust(people)
    client.force_login(people[0])
    state = match_state(match)
    setup = legal_actions(state, 0)[0]
    cases = [
        ({"action": "p0:fly", "version": 0}, "unknown kind"),
        ({"action": "p1:pass", "version": 0}, "not yours"),
        ({"action": str(setup), "version": "x"}, "which move"),
        ({"action": "", "version": 0}, "No action was chosen"),
        ({"kind": "choose", "seat": 0, "choice": "<b>", "version": 0}, "not a valid choice"),
        ({"action": "p0:pass", "version": 0}, "not allowed at step"),
        ({"kind": "setup:place", "seat": 0, "card": ["c999"], "version": 0}, "c999"),
        ({"kind": "setup:place", "card": ["c999"], "version": 0}, "which seat"),
        ({"kind": "setup:place", "seat": 1, "version": 0}, "not yours"),
    ]
    for data, message in cases:
        response = client.post(url("act", match), data, **HTMX)
        assert response.status_code in (200, 403), data
        assert message in response.content.decode(), (data, response.content[:400])
    match.refresh_from_db()
    assert match.version == 0
    ok = client.post(url("act", match), {"action": str(setup), "version": 0}, **HTMX)
    assert ok.status_code == 200 and Match.objects.get(pk=match.pk).version == 1
    # The same click again, from the page that is now stale: told to refresh, applied once.
    again = client.post(url("act", match), {"action": str(setup), "version": 0}, **HTMX)
    assert "moved on" in again.content.decode() and "refresh" in again.content.decode()
    assert Match.objects.get(pk=match.pk).version == 1
    # Without htmx the page redirects back with the message.
    plain = client.post(url("act", match), {"action": "p0:fly", "version": 1})
    assert plain.status_code == 302
    assert client.get(url("act", match)).status_code == 405


def test_setup_cards_are_ticked_and_placed(client, people):
    match = joust(people)
    client.force_login(people[0])
    state = match_state(match)
    place = next(a for a in legal_actions(state, 0) if len(a.cards) == 2)
    client.post(
        url("act", match),
        {"kind": "setup:place", "seat": 0, "card": list(place.cards), "seen": 0},
        **HTMX,
    )
    match.refresh_from_db()
    assert list(match.actions.values_list("text", flat=True)) == [str(place)]


def test_setup_says_its_gold_limit_and_each_cards_setup_cost(client, people):
    from gameplay.engine.rules import SETUP_GOLD, gold_cost

    assert SETUP_GOLD == 5
    match = joust(people)
    client.force_login(people[0])
    page = client.get(url("match", match)).content.decode()
    assert (
        "Place up to 5 gold of cards, with at most one Limited card and one copy of each "
        "unique card." in page
    )
    assert "Chosen: 0 of 5 gold." in page
    state = match_state(match)
    boxes = re.findall(r'<input type="checkbox" name="card" value="([^"]+)"([^>]*)>', page)
    assert boxes
    for ref, attrs in boxes:
        cost = gold_cost(state, 0, ref)
        if cost is not None:
            assert f'data-gold="{cost}"' in attrs
        assert ('data-limited="1"' in attrs) == facts(state, ref).limited
        unique = f'data-unique="{facts(state, ref).name}"'.replace("'", "&#x27;")
        assert (unique in attrs) == facts(state, ref).unique
    docs = (settings.BASE_DIR / "docs" / "PLAY.md").read_text()
    assert "over 8 gold" not in docs and "up to 5 gold" in docs


def test_only_seated_players_act_and_spectators_of_private_matches_are_refused(client, people):
    match = joust(people, is_public=False)
    client.force_login(people[2])
    assert client.get(url("match", match)).status_code == 403
    assert client.get(url("poll", match), {"v": 9, "c": 0}).status_code == 403
    assert client.get(url("poll", match), {"v": 0, "c": 0}).status_code == 403
    assert client.post(url("act", match), {"action": "p0:pass", "version": 0}).status_code == 403
    assert client.post(url("chat", match), {"text": "hi"}).status_code == 403
    public = joust(people)
    response = client.post(url("act", public), {"action": "p0:pass", "version": 0}, **HTMX)
    assert response.status_code == 403 and "seated" in response.content.decode()
    client.logout()
    response = client.post(url("act", public), {"action": "p0:pass", "version": 0}, **HTMX)
    assert response.status_code == 403  # an anonymous visitor is nobody's seat, not a bot's


# --- Around the board ------------------------------------------------------------------------


def test_chat_is_escaped_limited_and_for_players_only(client, people):
    match = joust(people)
    client.force_login(people[0])
    client.post(url("chat", match), {"text": "<script>alert(1)</script>"}, **HTMX)
    page = client.get(url("match", match)).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert(1)" not in page
    response = client.post(url("chat", match), {"text": "x" * 501}, **HTMX)
    assert "at most 500" in response.content.decode()
    response = client.post(url("chat", match), {"text": "   "}, **HTMX)
    assert "Type a message" in response.content.decode()
    for n in range(CHAT_PER_MINUTE - 1):
        client.post(url("chat", match), {"text": f"line {n}"}, **HTMX)
    response = client.post(url("chat", match), {"text": "one too many"}, **HTMX)
    assert "Too many messages" in response.content.decode()
    assert MatchMessage.objects.filter(match=match).count() == CHAT_PER_MINUTE
    client.force_login(people[2])
    assert client.post(url("chat", match), {"text": "hi"}).status_code == 403


def test_an_invalid_chat_message_gets_its_reason_and_nothing_of_it_is_stored(
    client, people, settings
):
    from gameplay.services import MatchError, match_chat

    # The chat path itself, behind Django's middleware only (a site-wide guard of the
    # site's own may refuse such a request before it ever reaches the view).
    settings.MIDDLEWARE = [m for m in settings.MIDDLEWARE if not m.startswith("config.")]
    match = joust(people)
    client.force_login(people[0])
    response = client.post(url("chat", match), {"text": "hi\x00there"}, **HTMX)
    assert response.status_code == 200
    assert "cannot hold a NUL character" in response.content.decode()
    response = client.post(url("chat", match), {"text": "\x00" * 600}, follow=True)
    page = response.content.decode()
    assert "at most 500 characters (600 typed)" in page and "NUL character" in page
    assert not MatchMessage.objects.exists()
    assert Match.objects.get(pk=match.pk).chat_version == 0
    with pytest.raises(MatchError, match="NUL character"):
        match_chat(match_id=match.pk, user=people[0], text="hi\x00there")


def test_actions_are_rate_limited(client, people):
    match = joust(people)
    client.force_login(people[0])
    for _ in range(30):
        client.post(url("act", match), {"action": "p0:pass", "version": 0}, **HTMX)
    response = client.post(url("act", match), {"action": "p0:pass", "version": 0}, **HTMX)
    assert "Too many actions" in response.content.decode()


def test_concede_ends_a_joust_and_a_rematch_keeps_the_seats_and_decks(client, people):
    match = joust(people)
    client.force_login(people[1])
    client.post(url("concede", match))
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["winner"] == 0 and match.result["reason"] == "concession"
    page = client.get(url("match", match)).content.decode()
    assert "ann (Stark) wins by concession" in page and "Rematch" in page
    assert 'hx-trigger="every 1s"' not in page  # a finished board stops polling
    # A banner says it at the top of the board: the winner, the final power, what next.
    banner = page.split('id="result-banner"')[1].split("</section>")[0]
    assert "ann (Stark) wins by concession" in banner and "Final power:" in banner
    assert "bob (Lannister) <strong>0</strong>" in banner
    assert url("replay", match) in banner and url("rematch", match) in banner
    spectator = Client().get(url("match", match)).content.decode()
    assert 'id="result-banner"' in spectator and url("rematch", match) not in spectator
    response = client.post(url("rematch", match))
    again = Match.objects.exclude(pk=match.pk).get()
    assert response.url == url("match", again)
    assert [(s.user, s.house, s.deck) for s in again.seats.all()] == [
        (s.user, s.house, s.deck) for s in match.seats.all()
    ]
    assert again.seed != match.seed and again.rematch_of == match
    client.force_login(people[0])
    assert client.post(url("rematch", match)).url == url("match", again)  # one table
    assert Match.objects.count() == 2
    client.force_login(people[2])
    assert client.post(url("rematch", match)).status_code == 403


def test_a_draw_needs_every_side(client, people):
    match = joust(people)
    client.force_login(people[0])
    client.post(url("draw", match), {"offer": "1"})
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert "offers a draw" in client.get(url("match", match)).content.decode()
    client.force_login(people[1])
    client.post(url("draw", match), {"offer": "1"})
    match.refresh_from_db()
    assert match.result["reason"] == "agreed_draw" and match.result["winner"] is None


def test_a_finished_match_replays_step_by_step_for_spectators(client, people):
    match = joust(people)
    placed = []
    for _ in range(2):  # setup, placed in turn: whoever must place does
        (seat,) = match.waiting
        placed.append(seat)
        match = match_act(
            match_id=match.pk,
            user=people[seat],
            action=str(legal_actions(match_state(match), seat)[0]),
            version=match.version,
        )
    assert sorted(placed) == [0, 1]
    assert client.get(url("replay", match)).status_code == 302  # not before the end
    match_concede(match_id=match.pk, user=people[1])
    page = client.get(url("replay", match), {"step": 1}).content.decode()
    first = ("ann (Stark)", "bob (Lannister)")[placed[0]]
    assert "Move 1 of 2" in page and f"{first} places" in page
    assert "Greedy" not in page and "Bob" not in page
    last = client.get(url("replay", match), {"step": 99}).content.decode()
    assert "Move 2 of 2" in last
    # Its navigation is text any font has (no ⏮/⏭ emoji, boxes without an emoji font).
    assert "« Start" in last and "End »" in last
    assert not re.search("[\u2300-\u23ff\U0001f300-\U0001faff]", last)
    # Its cards open the shared preview, public cards only.
    assert "card-preview.js" in last
    state = match_state(Match.objects.get(pk=match.pk))
    hidden = {state.code(r) for p in state.players for r in [*p.hand, *p.deck, *p.plot_deck]}
    public = {state.code(r) for p in state.players for r in [*p.in_play, *p.used_plots]}
    assert not _preview_codes(last) & (hidden - public)
    names = secret_names(match, 0) | secret_names(match, 1)
    assert_hides(client.get(url("replay", match), {"step": 2}), names, set())
    assert client.get(url("replay", match), {"step": "x"}).status_code == 200
    assert client.get(url("replay", match), {"step": "9" * 5000}).status_code == 200


def test_every_form_needs_its_csrf_token(people):
    match = joust(people)
    client = Client(enforce_csrf_checks=True)
    client.force_login(people[0])
    state = match_state(match)
    posts = {
        "act": {"action": str(legal_actions(state, 0)[0]), "version": 0},
        "chat": {"text": "hello"},
        "draw": {"offer": "1"},
        "concede": {},
        "leave": {},
    }
    for name, data in posts.items():
        assert client.post(url(name, match), data, **HTMX).status_code == 403, name
    assert client.post(reverse("play:new"), {"variant": "joust"}).status_code == 403
    match.refresh_from_db()
    assert match.version == 0 and match.status == Match.Status.ACTIVE
    assert not MatchMessage.objects.exists()


def test_a_poll_ends_a_match_whose_clock_ran_out(client, people):
    import datetime

    from django.utils import timezone

    match = joust(people, clock_minutes=1)
    client.force_login(people[1])
    response = client.get(url("poll", match), {"v": 0, "c": 0}, **HTMX)
    assert response.status_code == 204  # time left: nothing new, no lock taken
    Match.objects.filter(pk=match.pk).update(
        clock_since=timezone.now() - datetime.timedelta(seconds=61)
    )
    response = client.get(url("poll", match), {"v": 0, "c": 0}, **HTMX)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result["reason"] == "time"
    assert "Game over" in response.content.decode()


def test_a_clock_match_is_settled_from_the_cache_until_the_first_flag_can_fall(
    client, people, live_cache, django_assert_num_queries
):
    import datetime

    from django.utils import timezone

    from gameplay import live

    match = joust(people, clock_minutes=1)
    client.force_login(people[1])
    query = {"v": match.version, "c": 0}
    client.get(url("poll", match), query, **HTMX)  # the session is read once
    with django_assert_num_queries(0):
        assert client.get(url("poll", match), query, **HTMX).status_code == 204
    # The deadline counts the time the person who must decide has already used.
    (deciding,) = match.waiting  # setup is placed in turn: the first player first
    MatchSeat.objects.filter(match=match, number=deciding).update(clock_used=50)
    match.save(update_fields=["clock_since"])
    deadline = live.cached(match.pk)["deadline"]
    assert deadline == pytest.approx(match.clock_since.timestamp() + 10)
    # Once it has passed, the poll goes to the database and the flag falls.
    match.clock_since = timezone.now() - datetime.timedelta(seconds=11)
    match.save(update_fields=["clock_since"])
    response = client.get(url("poll", match), query, **HTMX)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result["out_of_time"] == [deciding]
    assert "Game over" in response.content.decode()
    assert live.cached(match.pk)["deadline"] is None


def test_a_card_on_the_board_is_escaped_with_its_attachments():
    from gameplay.templatetags.matchtags import card_html

    card = {
        "name": "<b>Bold</b>",
        "type": "character",
        "code": "x",
        "text": 'Say "hi" & <i>go</i>',
        "strength": 3,
        "icons": ["military"],
        "knelt": True,
        "power": 2,
        "attachments": [{"name": "Milk & Honey", "type": "attachment", "code": "y"}],
    }
    html = str(card_html(card))
    assert "<b>" not in html and "&lt;b&gt;Bold&lt;/b&gt;" in html
    # The text is read in the shared card preview (data-card), not a desktop-only tooltip.
    assert "title=" not in html.split('class="str"')[0] and "go" not in html
    assert 'data-card="x" tabindex="0" role="button"' in html and 'data-card="y"' in html
    assert "3 STR" in html and "♦2" in html and "knelt" in html
    assert "Milk &amp; Honey" in html and html.count('class="gcard') == 2
    assert str(card_html(None)) == ""


def _preview_codes(html: str) -> set[str]:
    """The cards the board and the prompt open previews of. The game log's card names are
    left out: a line names what the log told (a card searched for and taken into hand),
    checked in tests/gameplay/test_board_log_filter.py."""
    html = re.sub(r'<section id="log".*?</section>', "", html, flags=re.S)
    return set(re.findall(r'data-card="([^"]*)"', html))


def test_previews_name_only_cards_the_viewer_may_see(people):
    """Every card named on the board or in a prompt opens its preview (data-card), and a
    preview trigger never names a card its viewer may not see (observe)."""
    from gameplay.board import visible_codes
    from gameplay.engine.observe import observe

    match = joust(people)
    ann, bob, watcher = client_for(people[0]), client_for(people[1]), Client()
    plot_buttons: list[str] = []
    for step in range(10):
        match.refresh_from_db()
        state = match_state(match)
        pages = {0: ann, 1: bob, None: watcher}
        for seat, client in pages.items():
            html = client.get(url("match", match)).content.decode()
            codes = _preview_codes(html)
            allowed = set(visible_codes(observe(state, seat)).values())
            if seat is not None:  # a card named by its code (name a card) is printed, public
                allowed |= {a.choice for a in legal_actions(state, seat) if a.choice}
                # the card asking, which observe names to the deciding seat
                allowed |= {(observe(state, seat).get("prompt") or {}).get("source")}
            assert codes <= allowed, (seat, codes - allowed)
            assert "" not in codes
            if seat is not None and state.players[seat].hand:
                hand = {state.code(r) for r in state.players[seat].hand}
                assert hand & codes, "the viewer's own hand opens previews"
            if seat == 0 and step == 0:
                # The setup choices: hover on the choice, a separate tap/keyboard control.
                assert 'data-card-click="off"' in html and 'class="card-info"' in html
            if seat is not None and any(
                a.kind == "plot:choose" for a in legal_actions(state, seat)
            ):
                buttons = re.findall(r'<button type="submit" name="action"[^>]*>', html)
                plot_buttons += [b for b in buttons if 'data-card-click="off"' in b]
        seat = match.waiting[0]
        match = match_act(
            match_id=match.pk,
            user=people[seat],
            action=str(legal_actions(state, seat)[-1 if seat else 0]),
            version=match.version,
        )
    assert plot_buttons, "plot choices name their card for the preview too"


def test_only_legal_saved_decks_are_offered_and_problems_are_sentences(client, people):
    from decks import services as deck_services
    from decks.check import read_deck
    from gameplay.services import MatchError, seat_deck

    text = (settings.BASE_DIR / "fixtures" / "decks" / "core-lannister.txt").read_text()
    spec = read_deck(text)[0]
    good = deck_services.deck_create(
        owner=people[0], name="Lions", house="Lannister", entries=dict(spec.entries)
    )
    bad = deck_services.deck_create(
        owner=people[0], name="Broken Lions", house="Lannister", entries={}
    )
    client.force_login(people[0])
    page = client.get(reverse("play:new")).content.decode()
    assert f'value="deck:{good.pk}"' in page
    assert f'value="deck:{bad.pk}"' not in page
    assert "Not offered, as not legal for casual play: Broken Lions (" in page
    assert "Problem(" not in page
    # A deck refused anyway (by a crafted request) is refused in sentences.
    with pytest.raises(MatchError) as refused:
        seat_deck(bad)
    message = str(refused.value)
    assert message.startswith("Broken Lions is not legal for casual play. ")
    assert "Problem(" not in message and "code=" not in message and message.endswith(".")
    response = client.post(
        reverse("play:new"),
        {
            "variant": "joust",
            "round_limit": 10,
            "clock_minutes": 0,
            "is_public": "on",
            "seat0_who": "me",
            "seat0_deck": f"deck:{bad.pk}",
            "seat1_who": "greedy",
            "seat1_deck": "core:core-stark",
            "seat2_who": "none",
            "seat3_who": "none",
        },
    )
    body = response.content.decode()
    assert "Problem(" not in body and "Select a valid choice" in body


def test_a_match_ended_during_a_challenge_shows_the_banner_not_the_challenge(client, people):
    match = joust(people)
    for _ in range(300):  # play with a taste for challenges until one is under way
        match.refresh_from_db()
        state = match_state(match)
        if state.challenge is not None:
            break
        seat = match.waiting[0]
        legal = legal_actions(state, seat)
        action = next((a for a in legal if a.kind.startswith("challenge:")), None)
        action = action or next((a for a in legal if a.kind == "select"), None) or legal[0]
        match = match_act(
            match_id=match.pk, user=people[seat], action=str(action), version=match.version
        )
    assert state.challenge is not None, "no challenge was reached"
    client.force_login(people[0])
    assert 'id="challenge"' in client.get(url("match", match)).content.decode()
    match_concede(match_id=match.pk, user=people[1])
    page = client.get(url("match", match)).content.decode()
    assert 'id="result-banner"' in page and 'id="challenge"' not in page
    assert 'class="prompt over"' in page


def test_the_card_asking_in_a_prompt_has_its_text_control():
    """A prompt titled by the card asking ("Winterfell Honor Guard: choose an opponent")
    offers that card's text; the seats not deciding are not shown it."""
    from django.template.loader import render_to_string

    from gameplay.board import board
    from tests.gameplay.cardtest import build, hand, use

    knight = "Knight of the Tumblestone"
    players = [{"in_play": [knight], "hand": ["core_17"]}, {"in_play": [knight]}, {}]
    state = build(phase="challenges", players=players)
    state = use(state, 0, hand(state, 0, "core_17")[0])
    names = ["ann", "bob", "cat"]
    mine = board(state, 0, names)["decisions"]
    assert mine["source"] == {"code": "core_17", "name": "Winterfell Honor Guard"}
    assert mine["title"].startswith("Winterfell Honor Guard: ")
    assert board(state, 1, names)["decisions"] is None or not board(state, 1, names)[
        "decisions"
    ].get("source")
    html = render_to_string("gameplay/_card_info.html", mine["source"])
    assert 'data-card="core_17"' in html and 'type="button"' in html
    assert "Read the card: Winterfell Honor Guard" in html


def test_the_chess_clock_reads_minutes_and_seconds_for_players_and_spectators(people):
    """Every seat's clock reads "29:40" for everyone, running or not (the page counts a
    running one down in the same words), never "1787 s"."""
    match = joust(people, clock_minutes=30)
    MatchSeat.objects.filter(match=match, number=1).update(clock_used=20.2)
    pages = {
        "player": client_for(people[0]).get(url("match", match)).content.decode(),
        "spectator": Client().get(url("match", match)).content.decode(),
    }
    for who, page in pages.items():
        clocks = re.findall(r'class="stat clock[^"]*" data-left="(\d+)"[^>]*>([^<]*)<', page)
        assert len(clocks) == 2, who
        for left, shown in clocks:
            assert shown == f"{int(left) // 60}:{int(left) % 60:02d}", (who, shown)
            assert not shown.endswith(" s"), who
        assert all(shown.startswith(("29:", "30:")) for _, shown in clocks), (who, clocks)
