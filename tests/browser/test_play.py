"""Matches in a real browser: two people in two browser contexts play a joust from the
match's creation through setup, a plot phase, marshalling and a challenge, each seeing the
other's moves live; a melee with two people and two bots reaches the title choice; a
spectator sees the board but no hand."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from gameplay.models import Match
from gameplay.services import match_state

PASSWORD = "little-birds-77"


@pytest.fixture(autouse=True)
def bots_in_process():
    """Bots move in-process here, as on a site without a broker: the live server has no
    Celery worker beside it (the broker path has its own test)."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


@pytest.fixture
def contexts(browser):
    """Browser contexts opened by a test, closed when it ends, pass or fail: a page left
    open would go on polling the live server after the test's data is gone."""
    opened = []

    def open_context():
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        opened.append(context)
        return context

    yield open_context
    for context in opened:
        context.close()


def log_in(contexts, live_server, username: str):
    User.objects.create_user(username, password=PASSWORD)
    context = contexts()
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    expect(page.locator(".site-header")).to_contain_text(username)
    return page


def create_match(page, live_server, variant: str, seats: list[tuple[str, str, str]]) -> Match:
    page.goto(f"{live_server.url}/play/new/")
    page.select_option("#id_variant", variant)
    for number, (who, name, deck) in enumerate(seats):
        page.select_option(f"#id_seat{number}_who", who)
        if name:
            page.fill(f"#id_seat{number}_user", name)
        if deck:
            page.select_option(f"#id_seat{number}_deck", deck)
    page.click("main button[type=submit]")
    expect(page).to_have_url(re.compile(r"/play/\d+/$"))
    return Match.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))


def join(page, match: Match, deck: str) -> None:
    page.goto(page.url.split("/play/")[0] + f"/play/{match.pk}/")
    page.select_option("#id_deck", deck)
    page.click(".join-form button[type=submit]")


# The decision a test player takes: the first button of the most interesting kind.
PREFERENCE = [
    ":challenge:military",
    ":challenge:power",
    ":challenge:intrigue",
    ":select:",
    ":plot:choose:",
    ":first_player=",
    ":choose=",
    ":marshal:play:",
    ":done",
    ":pass",
]


# One read of the prompt as it is now: the live poll may replace it between two reads.
READ_PROMPT = """() => ({
    seen: document.querySelector('#seen').value,
    setup: document.querySelector('#prompt form.setup-form') !== null,
    actions: [...document.querySelectorAll('#prompt form.actions button[name=action]')]
        .map(button => button.value),
})"""


SEEN = "document.querySelector('#seen').value"


def decide(page) -> bool:
    """Take one decision on this page if it has one; True when it acted, False when there
    was nothing to decide or the prompt changed under the click (the caller looks again)."""
    now = page.evaluate(READ_PROMPT)
    seen = now["seen"]
    if now["setup"]:
        target = page.locator("#prompt form.setup-form button[type=submit]")  # empty is legal
    elif now["actions"]:
        values = now["actions"]
        choice = next(
            (v for kind in PREFERENCE for v in values if kind in v and not v.endswith("=house")),
            values[0],
        )
        target = page.locator(f"#prompt button[value='{choice}']").first
    else:
        return False
    try:
        target.click(timeout=2_000)
    except PlaywrightError:
        if page.evaluate(READ_PROMPT)["seen"] == seen:
            raise  # the page did not move on, yet its button could not be clicked
        return False
    page.wait_for_function(
        "seen => document.querySelector('#seen').value !== seen"
        " || document.querySelector('#flash').textContent.trim() !== ''",
        arg=seen,
        timeout=10_000,
    )
    flash = page.locator("#flash").text_content().strip()
    assert not flash, f"the action was refused: {flash}"
    return True


def prompt_title(page) -> str:
    """The prompt's title now ("" when this page has nothing to decide); never waits."""
    return " ".join(page.locator("#prompt h2").all_text_contents())


def play_until(pages, done, limit: int = 200) -> None:
    for _ in range(limit):
        if done():
            return
        acted = any(decide(page) for page in pages)
        if not acted:
            pages[0].wait_for_timeout(300)
    raise AssertionError("the match did not get there")


@pytest.mark.usefixtures("card_pool")
def test_two_people_play_a_joust_through_a_challenge(contexts, live_server):
    ann = log_in(contexts, live_server, "ann")
    bob = log_in(contexts, live_server, "bob")
    match = create_match(
        ann, live_server, "joust", [("me", "", "core:core-stark"), ("invite", "bob", "")]
    )
    expect(ann.locator("#seats")).to_contain_text("Waiting for players")
    join(bob, match, "core:core-lannister")
    # Ann's open page notices the start by itself and loads the board.
    expect(ann.locator("#prompt h2")).to_contain_text("Setup", timeout=10_000)
    expect(bob.locator("#prompt h2")).to_contain_text("Setup")
    expect(ann.locator("#my-hand .gcard")).to_have_count(7)
    # A board in a background tab shows in its title that its player must decide.
    expect(ann).to_have_title(re.compile(r"^● Your move · "))

    play_until([ann, bob], lambda: "Plot" in prompt_title(ann))
    play_until(
        [ann, bob], lambda: match_state(Match.objects.get(pk=match.pk)).phase == "marshalling"
    )
    # Both boards show the other player's revealed plot without a reload.
    from gameplay.engine.abilities import facts

    state = match_state(Match.objects.get(pk=match.pk))
    for page, other in ((ann, 1), (bob, 0)):
        plot = facts(state, state.players[other].revealed_plot).name
        expect(page.locator(f"#player-{other} .plots")).to_contain_text(f"Plot: {plot}")

    def challenged() -> bool:
        state = match_state(Match.objects.get(pk=match.pk))
        return state.challenge is not None and bool(state.challenge["attackers"])

    play_until([ann, bob], challenged)
    # The challenge in progress is on both boards, with both sides' strength.
    for page in (ann, bob):
        expect(page.locator("#challenge")).to_contain_text("challenge", timeout=5_000)
        expect(page.locator("#challenge")).to_contain_text("STR")
    state = match_state(Match.objects.get(pk=match.pk))
    assert state.phase == "challenges"
    # The log in words is the same for both players.
    expect(bob.locator("#log")).to_contain_text("initiates")
    expect(ann.locator("#log")).to_contain_text("initiates")
    # A long match does not grow the page without end: the log keeps its newest lines.
    ann.evaluate("document.getElementById('log-lines').dataset.keep = '3'")
    seen = ann.evaluate(SEEN)
    play_until([ann, bob], lambda: ann.evaluate(SEEN) != seen)
    expect(ann.locator("#log-lines li")).to_have_count(3)
    # The title marks a decision exactly when the page has one to take.
    for page in (ann, bob):
        marked, deciding = page.evaluate(
            "[document.title.startsWith('● Your move'), !!document.querySelector('#prompt form')]"
        )
        assert marked == deciding


@pytest.mark.usefixtures("card_pool")
def test_a_melee_of_two_people_and_two_bots_reaches_the_title_choice(contexts, live_server):
    ann = log_in(contexts, live_server, "ann")
    bob = log_in(contexts, live_server, "bob")
    match = create_match(
        ann,
        live_server,
        "melee",
        [
            ("me", "", "core:core-stark"),
            ("invite", "bob", ""),
            ("greedy", "", "core:core-baratheon"),
            ("random", "", "core:core-targaryen"),
        ],
    )
    join(bob, match, "core:core-lannister")
    expect(ann.locator("#prompt h2")).to_contain_text("Setup", timeout=10_000)

    def title_choice() -> bool:
        return any("title" in prompt_title(p).lower() for p in (ann, bob))

    play_until([ann, bob], title_choice)
    chooser = ann if "title" in prompt_title(ann).lower() else bob
    buttons = chooser.locator("#prompt form.actions button[name=action]")
    from gameplay.engine.titles import TITLE

    labels = {t.label for t in TITLE.values()}
    offered = [buttons.nth(i).text_content() for i in range(buttons.count())]
    # The titles not yet taken, by name: six to the first chooser, fewer after bots chose.
    assert 2 <= len(offered) <= 6 and set(offered) <= labels


@pytest.mark.usefixtures("card_pool")
def test_a_spectator_sees_the_board_but_no_hand(contexts, live_server):
    ann = log_in(contexts, live_server, "ann")
    match = create_match(
        ann,
        live_server,
        "joust",
        [("me", "", "core:core-stark"), ("greedy", "", "core:core-lannister")],
    )
    expect(ann.locator("#my-hand .gcard")).to_have_count(7)
    hand = [c.name for c in _hand_cards(match)]
    public = _public_names(match)

    watcher = contexts().new_page()
    watcher.goto(f"{live_server.url}/play/{match.pk}/")
    expect(watcher.locator("#board")).to_contain_text("ann (Stark)")
    expect(watcher.locator("#prompt")).to_contain_text("You are watching")
    assert watcher.locator("#my-hand").count() == 0
    assert watcher.locator("#prompt button").count() == 0
    text = watcher.content()
    for name in set(hand) - public:
        assert name not in text, f"the spectator's page shows {name}, a card in ann's hand"
    # Ann's setup decision appears for the spectator live.
    ann.locator("#prompt form.setup-form button[type=submit]").click()
    expect(watcher.locator("#log")).to_contain_text("ann (Stark) places", timeout=10_000)


def _hand_cards(match: Match):
    from gameplay.engine.abilities import facts

    state = match_state(Match.objects.get(pk=match.pk))
    return [facts(state, ref) for ref in state.players[0].hand]


def _public_names(match: Match) -> set[str]:
    """Names a spectator may legitimately see (the same card can be in both decks)."""
    from gameplay.engine.abilities import facts

    state = match_state(Match.objects.get(pk=match.pk))
    names = set()
    for player in state.players:
        for ref in [*player.in_play, *player.discard, *player.dead, *player.used_plots]:
            names.add(facts(state, ref).name)
    return names
