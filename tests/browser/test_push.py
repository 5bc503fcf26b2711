"""The board over the push (config/push.py, static/js/live.js), in a real browser against the
site under its ASGI server: a joust played through it, a spectator sent each move's update
itself, the board falling back to polling when the stream is blocked, and catching up after
the server restarts."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from gameplay.engine.game import legal_actions, to_act
from gameplay.models import Match
from gameplay.services import match_act, match_state
from tests.browser import test_play as play
from tests.browser.test_play import (
    PASSWORD,
    SEEN,
    create_match,
    decide,
    log_in,
    play_until,
    prompt_title,
)

bots_in_process = play.bots_in_process
contexts = play.contexts

POLL = re.compile(r"/play/\d+/poll/")
QUIET_MS = 5_000


def _polls(page) -> list[str]:
    """The poll requests ``page`` makes from now on (a look or a tick of the poll)."""
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url) if POLL.search(request.url) else 0)
    return seen


def _move(match: Match) -> int:
    """The seat that must decide makes its first legal move (a pass only where it must),
    through the service as another player's page would: the new version."""
    match.refresh_from_db()
    state = match_state(match)
    seat = to_act(state)[0]
    actions = [str(a) for a in legal_actions(state, seat)]
    action = next((a for a in actions if "pass" not in a), actions[0])
    user = match.seats.get(number=seat).user
    return match_act(match_id=match.pk, user=user, action=action, version=match.version).version


def _join(page, server, match: Match) -> None:
    page.goto(f"{server.url}/play/{match.pk}/")
    page.select_option("#id_deck", "core:core-lannister")
    page.click(".join-form button[type=submit]")


def _start(contexts, server):
    ann = log_in(contexts, server, "ann")
    bob = log_in(contexts, server, "bob")
    match = create_match(
        ann, server, "joust", [("me", "", "core:core-stark"), ("invite", "bob", "")]
    )
    _join(bob, server, match)
    expect(ann.locator("#my-hand .gcard")).to_have_count(7, timeout=10_000)
    return ann, bob, match


def _shows(page, version: int, timeout: int) -> None:
    page.wait_for_function(f"v => Number({SEEN}) >= v", arg=version, timeout=timeout)


@pytest.mark.usefixtures("card_pool")
def test_a_joust_plays_through_the_push(contexts, asgi_server):
    ann, bob, match = _start(contexts, asgi_server)
    for page in (ann, bob):
        expect(page.locator("html")).to_have_attribute("data-push", "open")
    play_until([ann, bob], lambda: "Plot" in prompt_title(ann) or "Plot" in prompt_title(bob))
    play_until(
        [ann, bob], lambda: match_state(Match.objects.get(pk=match.pk)).phase == "marshalling"
    )
    # A pushed board asks only when told of a change (its safety poll is 30 s away): none
    # while nothing changes, one a change at most (a pass the server makes for a player by
    # their passing preferences may come meanwhile); polling, it would ask every second...
    before = Match.objects.get(pk=match.pk).version
    _shows(ann, before, timeout=5_000)
    ann.wait_for_timeout(1_000)  # the looks of the last moves are over
    before = Match.objects.get(pk=match.pk).version
    polls = _polls(ann)
    ann.wait_for_timeout(QUIET_MS)
    assert len(polls) <= Match.objects.get(pk=match.pk).version - before < QUIET_MS // 1000 - 1
    # ...and a move reaches both at once all the same. The other player's board is sent
    # it drawn, and swaps it in without a request; the mover's (moved here by the service,
    # as another tab of theirs would) is told of it, and looks once at most.
    match = Match.objects.get(pk=match.pk)
    mover = to_act(match_state(match))[0]
    pages = {
        match.seats.get(user__username=name).number: page
        for name, page in (("ann", ann), ("bob", bob))
    }
    polls = {seat: _polls(page) for seat, page in pages.items()}
    version = _move(match)
    _shows(ann, version, timeout=3_000)
    _shows(bob, version, timeout=3_000)
    ann.wait_for_timeout(500)
    (other,) = set(pages) - {mover}
    assert polls[other] == [] and len(polls[mover]) <= 1, polls
    expect(ann.locator("html")).to_have_attribute("data-push", "open")


@pytest.mark.usefixtures("card_pool")
def test_with_the_push_blocked_the_board_polls_more_slowly_and_plays_on(contexts, asgi_server):
    """A proxy that cuts the stream: the browser keeps trying it, and the board polls every
    2 s meanwhile (live.js FALLBACK_MS) rather than every second."""
    ann = log_in(contexts, asgi_server, "ann")
    ann.route(re.compile(r"/live/(\?.*)?$"), lambda route: route.abort())
    bob = log_in(contexts, asgi_server, "bob")
    match = create_match(
        ann, asgi_server, "joust", [("me", "", "core:core-stark"), ("invite", "bob", "")]
    )
    _join(bob, asgi_server, match)
    expect(ann.locator("#my-hand .gcard")).to_have_count(7, timeout=10_000)
    expect(ann.locator("html")).to_have_attribute("data-push", "polling")
    expect(bob.locator("html")).to_have_attribute("data-push", "open")
    play_until([ann, bob], lambda: "Plot" in prompt_title(ann) or "Plot" in prompt_title(bob))
    polls = _polls(ann)
    ann.wait_for_timeout(QUIET_MS)
    assert 1 <= len(polls) <= QUIET_MS // 2000 + 1, polls  # every 2 s, not every second
    version = _move(Match.objects.get(pk=match.pk))
    _shows(ann, version, timeout=5_000)
    expect(ann.locator("html")).to_have_attribute("data-push", "polling")


@pytest.mark.usefixtures("card_pool")
def test_after_a_server_restart_the_board_reconnects_and_catches_up(contexts, asgi_server):
    ann, _, match = _start(contexts, asgi_server)
    expect(ann.locator("html")).to_have_attribute("data-push", "open")
    asgi_server.stop()
    expect(ann.locator("html")).to_have_attribute("data-push", "polling", timeout=5_000)
    version = _move(Match.objects.get(pk=match.pk))  # made while the page cannot hear
    asgi_server.start()  # on the same port
    expect(ann.locator("html")).to_have_attribute("data-push", "open", timeout=10_000)
    _shows(ann, version, timeout=5_000)
    # Once open again, it is the push that brings the next move.
    polls = _polls(ann)
    version = _move(Match.objects.get(pk=match.pk))
    _shows(ann, version, timeout=3_000)
    assert len(polls) <= 2, polls


@pytest.mark.usefixtures("card_pool")
def test_a_spectator_is_sent_each_move_and_asks_for_none(contexts, asgi_server):
    """A spectator's board is sent each move's update over the push and swaps it in: it
    makes no request for it (nor when its stream opens on the page just loaded), and ends
    where a page loaded afresh is."""
    _ann, _bob, match = _start(contexts, asgi_server)
    Match.objects.filter(pk=match.pk).update(is_public=True)
    cat = contexts().new_page()  # not logged in
    polls = _polls(cat)
    cat.goto(f"{asgi_server.url}/play/{match.pk}/")
    expect(cat.locator("html")).to_have_attribute("data-push", "open")
    cat.wait_for_timeout(1_500)  # its stream said where it follows from: the page shows it
    assert polls == []
    for _ in range(4):
        version = _move(Match.objects.get(pk=match.pk))
        _shows(cat, version, timeout=3_000)
    assert polls == []
    fresh = contexts().new_page()
    fresh.goto(f"{asgi_server.url}/play/{match.pk}/")
    version = Match.objects.get(pk=match.pk).version
    _shows(cat, version, timeout=3_000)
    for selector in ("#poller", "#log-lines li:last-child", "#board .phase"):
        if fresh.locator(selector).count():
            expect(cat.locator(selector)).to_have_text(fresh.locator(selector).inner_text())
    assert cat.locator("#poller").get_attribute("data-live-e") == fresh.locator(
        "#poller"
    ).get_attribute("data-live-e")


def _version_beyond(version: int, match: Match, page) -> int:
    """The match's version once past ``version`` (within 5 s), else ``version``."""
    for _ in range(50):
        now = Match.objects.get(pk=match.pk).version
        if now > version:
            return now
        page.wait_for_timeout(100)
    return version


@pytest.mark.usefixtures("card_pool")
def test_a_board_still_acts_after_its_person_logs_in_again_in_another_tab(
    contexts, asgi_server, monkeypatch
):
    """Logging in replaces the CSRF cookie. The board's forms were drawn with a token of the
    old one: the prompt its stream sent it after the log-in, here. It sends the cookie's
    token instead (static/js/site.js), so its act is made, not refused with 403."""
    from gameplay import viewstream

    # The stream opened before the log-in draws until it reads the session again: not
    # before this test ends, however slow the machine (the server runs in this process).
    monkeypatch.setattr(viewstream, "RECHECK_SECONDS", 600.0)
    ann, _bob, match = _start(contexts, asgi_server)
    seat = match.seats.get(user__username="ann").number
    version = Match.objects.get(pk=match.pk).version
    if to_act(match_state(Match.objects.get(pk=match.pk)))[0] == seat:  # ann places first
        assert decide(ann)
        version = _version_beyond(version, match, ann)
        _shows(ann, version, timeout=3_000)
    cookie = {c["name"]: c["value"] for c in ann.context.cookies()}["csrftoken"]
    tab = ann.context.new_page()
    tab.goto(f"{asgi_server.url}/accounts/login/")
    tab.fill("#id_username", "ann")
    tab.fill("#id_password", PASSWORD)
    tab.click("main button[type=submit]")
    expect(tab.locator(".site-header")).to_contain_text("ann")
    assert {c["name"]: c["value"] for c in ann.context.cookies()}["csrftoken"] != cookie
    polls = _polls(ann)
    version = _move(Match.objects.get(pk=match.pk))  # bob's setup: ann's turn comes
    _shows(ann, version, timeout=3_000)
    assert polls == []  # her prompt came drawn by the stream opened before the log-in
    assert decide(ann)
    assert _version_beyond(version, match, ann) > version
