"""The search bot from a 390 px phone, in a real browser: the new-match page offers it with
a sentence on each bot's strength, and the board says the bot is thinking while its move
waits in the queue (an in-memory broker that no worker reads), then shows its move."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from gameplay.engine.game import legal_actions
from gameplay.models import Match

PASSWORD = "little-birds-77"
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.fixture
def queued_not_run(settings):
    """Tasks go to an in-memory broker and stay there: a bot move is pending until the
    test runs it, as when the worker has not taken it yet."""
    from config.celery import app

    saved = app.conf.task_always_eager, app.conf.broker_url
    app.conf.task_always_eager = False
    app.conf.broker_url = "memory://"
    settings.SEARCH_BOT_PLAYOUTS = 1
    yield
    app.conf.task_always_eager, app.conf.broker_url = saved


def fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 391, f"the page is {width} px wide on a 390 px phone"


@pytest.mark.usefixtures("card_pool", "queued_not_run")
def test_a_match_against_the_search_bot_from_a_phone(browser, live_server):
    from gameplay.services import match_act, match_bot_move, match_state

    ann = User.objects.create_user("ann", password=PASSWORD)
    context = browser.new_context(**PHONE)
    try:
        context.set_default_timeout(15_000)
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", "ann")
        page.fill("#id_password", PASSWORD)
        page.click("main button[type=submit]")
        page.goto(f"{live_server.url}/play/new/")
        expect(page.locator("#bot-levels")).to_contain_text("Search bot")
        expect(page.locator("#bot-levels")).to_contain_text("Random bot")
        fits(page)
        page.select_option("#id_seat0_deck", "core:core-stark")
        page.select_option("#id_seat1_who", "search")
        page.select_option("#id_seat1_deck", "core:core-lannister")
        page.click("main button[type=submit]")
        expect(page).to_have_url(re.compile(r"/play/\d+/$"))
        match = Match.objects.get()
        if match.waiting == [0]:  # ann places first (the first player is drawn at random)
            state = match_state(match)
            action = str(legal_actions(state, 0)[0])
            match_act(match_id=match.pk, user=ann, action=action, version=match.version)
            match.refresh_from_db()
        assert 1 in match.waiting
        bot_header = page.locator("#player-1 header")
        expect(bot_header.locator(".thinking")).to_be_visible()
        expect(page.locator("#player-0 header .thinking")).to_have_count(0)
        fits(page)
        # The worker takes the task: the bot moves, and the live board drops "thinking".
        for _ in range(3):
            match.refresh_from_db()
            if 1 not in match.waiting:
                break
            assert match_bot_move(match_id=match.pk, version=match.version)
        expect(bot_header.locator(".thinking")).to_have_count(0, timeout=10_000)
        fits(page)
    finally:
        context.close()
