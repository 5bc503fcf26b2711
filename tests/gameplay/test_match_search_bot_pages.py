"""The search bot in the site: offered on the new-match page with a sentence on each bot's
strength, seated from the form, moved by the bot task like the other bots, and shown as
"thinking" on the board while its move is pending."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from gameplay.engine.game import legal_actions
from gameplay.forms import BOT_LEVELS
from gameplay.models import Match, MatchSeat
from gameplay.services import SeatSpec, core_deck, match_act, match_create, match_state

pytestmark = pytest.mark.django_db
THINKING = "thinking…"


@pytest.fixture
def bots_in_process(django_capture_on_commit_callbacks):
    """Bot moves run in-process once the block "commits", as on a site without a broker."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield lambda: django_capture_on_commit_callbacks(execute=True)
    app.conf.task_always_eager = saved


@pytest.fixture(autouse=True)
def small_budget(settings):
    settings.SEARCH_BOT_PLAYOUTS = 1


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user("ann", password="pw")


def _form(**seats: str) -> dict[str, str]:
    data = {
        "variant": "joust",
        "round_limit": "10",
        "clock_minutes": "0",
        "is_public": "on",
        "seat0_who": "me",
        "seat0_deck": "core:core-stark",
        "seat1_who": "search",
        "seat1_deck": "core:core-lannister",
        "seat2_who": "none",
        "seat3_who": "none",
    }
    return data | seats


def _player_header(page: str, seat: int) -> str:
    found = re.search(rf'<article class="[^"]*" id="player-{seat}"><header>(.*?)</header>', page)
    assert found, f"no player {seat} on the page"
    return found.group(1)


def test_the_new_match_page_offers_the_search_bot_and_says_how_strong_each_bot_is(client, ann):
    client.force_login(ann)
    page = client.get(reverse("play:new")).content.decode()
    assert '<option value="search">Search bot (strongest)</option>' in page
    assert '<option value="greedy">Greedy bot</option>' in page
    levels = page.split('id="bot-levels"', 1)[1].split("</dl>", 1)[0]
    for name, sentence in BOT_LEVELS:
        assert f"<dt>{name}</dt>" in levels
        assert sentence.replace("'", "&#x27;") in levels
    assert [name for name, _ in BOT_LEVELS] == ["Search bot", "Greedy bot", "Random bot"]


def test_a_match_against_the_search_bot_from_the_form_is_played_by_the_bot_task(
    client, ann, bots_in_process
):
    client.force_login(ann)
    with bots_in_process():
        response = client.post(reverse("play:new"), _form())
    match = Match.objects.get()
    assert response.status_code == 302
    assert match.seats.get(number=1).bot == MatchSeat.Bot.SEARCH
    assert match.status == Match.Status.ACTIVE
    # Whoever places first, the bot has moved when it had to: only the person waits.
    assert match.waiting == [0]
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert "Search bot (Lannister)" in page
    assert THINKING not in page
    # A few of the person's decisions, each answered by the bot through its task.
    for _ in range(6):
        match.refresh_from_db()
        if match.waiting != [0]:
            break
        state = match_state(match)
        action = legal_actions(state, 0)[0]
        with bots_in_process():
            match_act(match_id=match.pk, user=ann, action=str(action), version=match.version)
    match.refresh_from_db()
    bot_moves = match.actions.filter(seat=1)
    assert bot_moves.count() >= 2
    assert match.waiting == [0] or match.status != Match.Status.ACTIVE


def test_the_board_shows_thinking_for_a_bot_seat_whose_move_is_pending(ann):
    """A bot move queued when a change commits has not run yet (the test's transaction
    never commits, like a worker that has not taken the task): its seat thinks."""
    match = match_create(
        creator=ann,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=ann),
            SeatSpec(core_deck("core-lannister"), bot="search"),
        ],
        seed=5,
    )
    client = Client()
    client.force_login(ann)
    state = match_state(match)
    # Setup is placed in turn from the first player: whoever it is, play until the bot
    # must decide (without a worker, its move stays pending).
    if 1 not in match.waiting:
        match_act(
            match_id=match.pk,
            user=ann,
            action=str(legal_actions(state, 0)[0]),
            version=match.version,
        )
        match.refresh_from_db()
    assert match.waiting == [1] and match.bot_due is not None
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert THINKING in _player_header(page, 1)
    assert THINKING not in _player_header(page, 0)
    # The move is made (the task runs): nothing is pending, nobody thinks.
    from gameplay.services import match_bot_move

    for _ in range(3):  # its setup, then its plot (chosen with the person's)
        assert match_bot_move(match_id=match.pk, version=match.version)
        match.refresh_from_db()
        if 1 not in match.waiting:
            break
    assert match.waiting == [0]
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert THINKING not in page


def test_a_person_waiting_is_never_shown_thinking(ann, django_user_model):
    bob = django_user_model.objects.create_user("bob", password="pw")
    match = match_create(
        creator=ann,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=ann),
            SeatSpec(core_deck("core-lannister"), user=bob),
        ],
        seed=5,
    )
    client = Client()
    client.force_login(ann)
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert match.waiting and THINKING not in page


def _search_bot_to_move(ann) -> Match:
    """A joust of ann against the search bot, played until the bot must move."""
    match = match_create(
        creator=ann,
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=ann),
            SeatSpec(core_deck("core-lannister"), bot="search"),
        ],
        seed=5,
    )
    if 1 not in match.waiting:
        state = match_state(match)
        match_act(
            match_id=match.pk,
            user=ann,
            action=str(legal_actions(state, 0)[0]),
            version=match.version,
        )
        match.refresh_from_db()
    return match


def test_the_search_bot_moves_once_and_only_at_its_version(ann):
    """Its choice is made on the match as read, then applied under the lock only if the
    match is still at the version its task was queued for."""
    from gameplay.services import match_bot_move

    match = _search_bot_to_move(ann)
    assert not match_bot_move(match_id=match.pk, version=match.version - 1)
    before = match.version
    assert match_bot_move(match_id=match.pk, version=before)
    match.refresh_from_db()
    assert match.version == before + 1
    assert match.actions.get(number=before + 1).seat == 1


def test_told_a_search_bot_is_seated_its_task_reads_the_match_to_think_at_once(ann):
    """The change that queued the move saw the search bot (``search=True``): the task asks
    nothing first and reads the match without a lock, to think outside it."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from gameplay.services import match_bot_move

    match = _search_bot_to_move(ann)
    with CaptureQueriesContext(connection) as captured:
        assert match_bot_move(match_id=match.pk, version=match.version, search=True)
    reads = [q["sql"] for q in captured.captured_queries if q["sql"].startswith("SELECT")]
    assert 'FROM "gameplay_match"' in reads[0] and "FOR UPDATE" not in reads[0], reads
    assert any("FOR UPDATE" in sql for sql in reads[1:]) or connection.vendor != "postgresql"
