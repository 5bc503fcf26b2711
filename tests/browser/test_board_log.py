"""The game log in a real browser (issue 32), on a 390×844 touch phone and at 1280×800:
"Mine / All" switches at once, without loading the page, and keeps filtering the lines the
poll appends as the match goes on; a tap (a click) on a card name in a line rings that
card's tile on the table and brings it into view, and a name whose card is not on the
table opens its text; the sound control beeps when a decision becomes the player's; and
nothing runs off the phone."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from gameplay.models import Match
from gameplay.services import (
    match_act,
    match_state,
    preferences_update,
)
from gameplay.services.play import bot_choice
from tests.browser.test_play import (  # noqa: F401 (the contexts fixture)
    contexts,
    log_in,
    stark_lannister,
)
from tests.browser.test_tournament_invitations import fits_the_phone

SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
# WebAudio as the page sees it, counting the tones it starts: the browser's own needs a
# sound card, and a test cannot hear.
COUNT_TONES = """
window.__tones = 0;
window.AudioContext = class {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() {
    return { type: "", frequency: { value: 0 }, connect() {}, stop() {},
             start() { window.__tones += 1; } };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} };
  }
};
"""
# The lines shown and hidden now, and whether each shown one is the viewer's.
LINES = """() => [...document.querySelectorAll('#log-lines > li')].map(li => ({
    shown: li.getClientRects().length > 0, mine: li.dataset.mine === '1'}))"""
# A card name whose tile the board shows (the newest such line first).
ON_TABLE = """() => [...document.querySelectorAll('#log-lines .log-card[data-log-ref]')].reverse()
    .map(b => b.dataset.logRef).find(ref => [...document.querySelectorAll(
        `.player .gcard[data-ref="${ref}"]`)].some(t => t.getClientRects().length > 0))"""


def tap(page, size: str, locator) -> None:
    locator.scroll_into_view_if_needed()
    locator.tap() if size == "phone" else locator.click()


def move(match: Match, people, decisions: int, *, stop_at: int | None = None) -> Match:
    """At least ``decisions`` of the greedy bot's choices for the seats (as a second tab of
    each person would make them), then on until seat ``stop_at`` (when given) decides."""
    made = 0
    while True:
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE or not match.waiting:
            return match
        if made >= decisions and (stop_at is None or match.waiting[0] == stop_at):
            return match
        seat = match.waiting[0]
        action = bot_choice("greedy", match_state(match), seat, match.version)
        match_act(match_id=match.pk, user=people[seat], action=str(action), version=match.version)
        made += 1


@pytest.fixture
def joust(transactional_db, card_pool):
    """Ann (Stark) and Bob (Lannister) in the challenges of round 1 or later; every pass
    theirs (no automatic pass races the moves made here), Bob to decide."""
    people = [User.objects.create_user(n, password="little-birds-77") for n in ("ann", "bob")]
    for person in people:
        preferences_update(user=person, windows="all", stops=[])
    match = stark_lannister(people, 7)
    return move(match, people, 70, stop_at=1), people


def lines(page) -> list[dict]:
    return page.evaluate(LINES)


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_filter_switches_at_once_and_keeps_filtering_new_lines(
    contexts,  # noqa: F811
    live_server,
    joust,
    size,
):
    match, people = joust
    page = log_in(contexts, live_server, "ann", **SIZES[size])
    page.goto(f"{live_server.url}/play/{match.pk}/")
    log = page.locator("#log")
    before = lines(page)
    assert len(before) > 20 and all(line["shown"] for line in before)
    assert any(line["mine"] for line in before) and not all(line["mine"] for line in before)
    if size == "phone":
        fits_the_phone(page)

    tap(page, size, log.get_by_role("link", name="Mine"))
    expect(log).to_have_class("game-log only-mine")
    expect(log.get_by_role("link", name="Mine")).to_have_attribute("aria-current", "true")
    assert page.url.endswith(f"/play/{match.pk}/")  # at once: no page loaded
    now = lines(page)
    assert [line["shown"] for line in now] == [line["mine"] for line in now]

    # The match goes on: the poll appends lines, and the filter holds for them too.
    count = len(now)
    match = move(match, people, 12, stop_at=1)
    page.wait_for_function(
        "n => document.querySelectorAll('#log-lines > li').length > n", arg=count
    )
    expect(page.locator("#seen")).to_have_value(str(match.version), timeout=10_000)
    now = lines(page)
    assert len(now) > count and any(not line["mine"] for line in now[count:])
    assert [line["shown"] for line in now] == [line["mine"] for line in now]
    if size == "phone":
        fits_the_phone(page)

    tap(page, size, log.get_by_role("link", name="All"))
    expect(log).to_have_class("game-log")
    assert all(line["shown"] for line in lines(page))
    # The choice is kept: the next board of this browser opens on it.
    tap(page, size, log.get_by_role("link", name="Mine"))
    page.reload()
    expect(page.locator("#log")).to_have_class("game-log only-mine")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_card_name_in_the_log_rings_its_tile_or_opens_its_text(
    contexts,  # noqa: F811
    live_server,
    joust,
    size,
):
    match, _ = joust
    page = log_in(contexts, live_server, "ann", **SIZES[size])
    page.goto(f"{live_server.url}/play/{match.pk}/")
    ref = page.evaluate(ON_TABLE)
    assert ref, "a line names a card the board shows"
    page.evaluate("window.scrollTo(0, 0)")
    name = page.locator(f"#log-lines .log-card[data-log-ref='{ref}']").last
    if size == "phone":
        tap(page, size, name)
    else:
        # The key, not the mouse: a mouse left where the name was could rest on the tile once
        # the board has scrolled it into view, and a resting mouse previews a tile's text
        # (card-preview.js), which is not what this checks.
        name.focus()
        page.keyboard.press("Enter")
    tile = page.locator(f".player .gcard[data-ref='{ref}']").first
    expect(tile).to_have_class(re.compile(r"\blog-found\b"))
    expect(tile).to_be_in_viewport()
    expect(page.locator("#card-preview")).to_have_count(0)  # the tile, not the text
    if size == "phone":
        fits_the_phone(page)
    # A name whose card is not on the table (no tile) opens the card's text instead.
    hidden = page.locator("#log-lines .log-card:not([data-log-ref])").last
    if hidden.count():
        tap(page, size, hidden)
        expect(page.locator("#card-preview")).to_be_visible()
        expect(page.locator("#card-preview")).not_to_contain_text("Loading")


def test_the_sound_beeps_when_a_decision_becomes_the_players(contexts, live_server, joust):  # noqa: F811
    match, people = joust
    page = log_in(contexts, live_server, "ann", **SIZES["desktop"])
    page.add_init_script(COUNT_TONES)
    page.goto(f"{live_server.url}/play/{match.pk}/")
    box = page.locator("#log-sound")
    expect(box).to_be_visible()
    expect(box).not_to_be_checked()  # off by default
    match = move(match, people, 1, stop_at=1)  # moves, with the sound off: no beep
    expect(page.locator("#seen")).to_have_value(str(match.version), timeout=10_000)
    assert page.evaluate("window.__tones") == 0
    box.check()
    assert page.evaluate("window.__tones") == 2  # the sound, as it is switched on
    page.reload()
    expect(page.locator("#log-sound")).to_be_checked()
    expect(page.locator("#prompt")).to_contain_text("Nothing to decide now")
    # Bob decides until Ann must: one beep (two tones) as her decision arrives.
    while match.waiting and match.waiting[0] != 0:
        match = move(match, people, 1)
    expect(page.locator("#prompt form.actions")).to_have_count(1, timeout=10_000)
    page.wait_for_function("window.__tones === 2")
