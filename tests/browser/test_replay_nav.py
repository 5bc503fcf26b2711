"""A finished match's replay, found round by round (issue 32, "Replay"): on a 390 px phone
and at 1280x800, a spectator jumps to round 2's challenges phase by tapping (clicking) it
in the list of rounds and by the keyboard through the round and phase choices, steps to
the next phase, and nothing of the navigation runs off the phone or is too small to tap."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from gameplay.services import preferences_update
from tests.browser.test_tournament_invitations import PHONE, fits_the_phone
from tests.gameplay.test_replay_nav import finished_match

DESKTOP = {"width": 1280, "height": 800}
SIZES = {
    "phone": {"viewport": PHONE, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": DESKTOP},
}
TARGETS = ".replay-nav a:visible, .replay-nav select, .replay-nav button, .replay-nav summary"


@pytest.fixture(params=sorted(SIZES))
def screen(request, browser):
    context = browser.new_context(**SIZES[request.param])
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield request.param, page
    context.close()


@pytest.fixture
def replay_url(transactional_db, live_server) -> str:
    people = [User.objects.create_user(name, password="pw") for name in ("ann", "bob")]
    for person in people:  # every decision theirs: no automatic pass races the moves below
        preferences_update(user=person, windows="all", stops=[])
    match = finished_match(people, rounds=3)
    return f"{live_server.url}/play/{match.pk}/replay/"


def says(page, text: str) -> None:
    expect(page.locator(".replay-phase-steps .replay-where")).to_have_text(text)


def small_targets(page) -> list[str]:
    """The navigation's links and controls less than 44 px high (a phone's tap target)."""
    found = []
    for target in page.locator(TARGETS).all():
        box = target.bounding_box()
        if box is not None and box["height"] < 44:
            found.append(f"{target.inner_text()[:30]!r}: {box['height']:.0f} px")
    return found


def test_jump_to_round_two_challenges_by_tap_and_by_keyboard(screen, replay_url):
    size, page = screen
    page.goto(replay_url)
    says(page, "Round 3 · Taxation phase")  # the end
    if size == "phone":
        fits_the_phone(page)

    # By tap (a click on the desktop): the list of every round and phase.
    summary = page.locator(".replay-index summary")
    summary.tap() if size == "phone" else summary.click()
    link = page.get_by_role("link", name=re.compile(r"^Round 2, Challenges phase"))
    expect(link).to_be_visible()
    if size == "phone":
        fits_the_phone(page)
        assert small_targets(page) == []
        link.tap()
    else:
        link.click()
    says(page, "Round 2 · Challenges phase")
    expect(page).to_have_url(re.compile(r"\?round=2&phase=challenges$"))
    page.locator(".replay-index summary").click()
    current = page.locator(".replay-phases a[aria-current]")
    expect(current).to_have_count(1)
    expect(current).to_have_accessible_name(re.compile(r"^Round 2, Challenges phase"))

    # Step by phase beside the step by move.
    page.get_by_role("link", name=re.compile("^Next phase")).click()
    says(page, "Round 2 · Dominance phase")
    page.get_by_role("link", name=re.compile("^Previous phase")).click()
    says(page, "Round 2 · Challenges phase")

    # By keyboard, from the end: the round, the phase, Go.
    page.goto(replay_url)
    page.focus(".replay-jump select[name=round]")
    page.keyboard.press("ArrowUp")  # round 3 to round 2
    expect(page.locator("select[name=round]")).to_have_value("2")
    page.keyboard.press("Tab")
    expect(page.locator("select[name=phase]")).to_be_focused()
    page.keyboard.type("ch")  # the select's own type-ahead: Challenges
    expect(page.locator("select[name=phase]")).to_have_value("challenges")
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Go", exact=True)).to_be_focused()
    page.keyboard.press("Enter")
    says(page, "Round 2 · Challenges phase")
    expect(page.locator(".replay-steps .replay-where")).to_contain_text(re.compile(r"Move \d+ of"))
    if size == "phone":
        fits_the_phone(page)
        assert small_targets(page) == []


def test_a_round_the_match_never_had_says_so(screen, replay_url):
    size, page = screen
    page.goto(f"{replay_url}?round=7&phase=dominance")
    expect(page.locator(".replay-problem")).to_have_text(
        "There is no round 7: the match ended in round 3. Showing its end."
    )
    says(page, "Round 3 · Taxation phase")
    if size == "phone":
        fits_the_phone(page)
