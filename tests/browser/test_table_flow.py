"""Issue 32's whole flow, as its "Done when" states it: two people play a joust in real
browsers, at 1280×800 and on a 390×844 phone, through setup, plots and marshalling (where
Ann marshals a card by hand: by drag and drop on the desktop, by the card's menu on the
phone), to a challenge whose attackers she picks, changes and declares, to its claim. At
every decision the decision bar is on screen, and the picked attackers are shown as picked
(count and STR) before Done."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from gameplay.engine.rules import facts
from gameplay.models import Match
from gameplay.services.play import match_state
from tests.browser import test_play as play
from tests.browser.test_decision_bar import decide_in_sight
from tests.browser.test_play import create_match, inside_viewport, join, log_in

bots_in_process = play.bots_in_process
contexts = play.contexts

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}


def _current(page, match: Match) -> None:
    """Wait for the page to show the match as it is now (the poll has caught up), as a
    player sees it before acting."""
    version = Match.objects.get(pk=match.pk).version  # or later: a pass the server makes
    page.wait_for_function("v => Number(document.querySelector('#seen').value) >= v", arg=version)


def _by_hand(page, size: str, match: Match) -> bool:
    """In Ann's marshalling turn, marshal (or put into play) a character of her hand by
    hand: dragged onto her characters' row, or from its menu. True once done."""
    me = page.locator("#player-0")
    state = match_state(Match.objects.get(pk=match.pk))
    characters = [r for r in state.players[0].hand if facts(state, r).type == "character"]
    if not characters:
        return False
    ref = characters[0]
    # The page shows the match as it is now (the poll has caught up), as a player sees it.
    page.wait_for_function(
        "v => document.querySelector('#seen').value === v",
        arg=str(Match.objects.get(pk=match.pk).version),
    )
    card = page.locator(f'#my-hand [data-ref="{ref}"]')
    if size == "desktop":
        card.drag_to(me.locator(".characters[data-zone=play]"))
    else:
        card.scroll_into_view_if_needed()
        card.tap()
        menu = page.locator("#card-menu")
        expect(menu).to_be_visible()
        items = menu.get_by_role("menuitem")
        paying = items.filter(has_text="Marshal")
        (paying if paying.count() else items.filter(has_text="Into play")).first.tap()
    in_play = me.locator(f'[data-zone=play] [data-ref="{ref}"]')
    expect(in_play).to_have_count(1, timeout=10_000)
    expect(page.locator("#log-lines")).to_contain_text("by hand")
    if size == "desktop":
        page.mouse.move(0, 0)  # the pointer moves on: no card under it keeps its preview open
    return True


def _pick_and_change(page, match: Match) -> bool:
    """Tick two attackers, untick one and tick another (or the same again), check the
    running total each time, then declare. False when Ann has no character that can
    attack this time (every one knelt or gone): the generic decider answers that form."""
    _current(page, match)
    form = page.locator("#prompt form.pick-form")
    expect(form).to_be_visible()
    boxes = form.locator("input[name=card]")
    total = form.locator(".pick-total")
    count = boxes.count()
    if count == 0:
        return False
    strengths = [int(boxes.nth(i).get_attribute("data-strength") or 0) for i in range(count)]

    touch = page.evaluate("'ontouchstart' in window")

    def tap(i: int) -> None:
        tile = boxes.nth(i).locator("xpath=..")
        if touch:
            tile.tap()  # a finger: no hover, no preview left open over the next decision
        else:
            tile.click()

    page.evaluate("window.scrollTo(0, 0)")
    inside_viewport(page, page.locator("#prompt"))
    first, second = 0, 1 if count > 1 else 0
    tap(first)
    expect(total).to_have_text(f"Attackers: 1, STR {strengths[first]}.")
    if count > 1:
        tap(second)
        expect(total).to_have_text(f"Attackers: 2, STR {strengths[first] + strengths[second]}.")
        tap(second)  # changed: unpicked
        expect(total).to_have_text(f"Attackers: 1, STR {strengths[first]}.")
        third = 2 if count > 2 else 1
        tap(third)
        want = strengths[first] + strengths[third]
        expect(total).to_have_text(f"Attackers: 2, STR {want}.")
        expect(form.locator("label.pick-card.picked")).to_have_count(2)
    button = form.locator("button[type=submit]")
    button.scroll_into_view_if_needed()
    inside_viewport(page, button)
    if touch:
        button.tap()
    else:
        button.click()
        page.mouse.move(0, 0)  # the pointer moves on: no card under it keeps its preview open
    return True


def _where(match: Match, ann, bob) -> str:
    """Where the match stands and what each page shows: what a loop that ran out reports
    (a long random game, or a page or a pass that stopped)."""
    match = Match.objects.get(pk=match.pk)
    state = match_state(match)
    head = state.queue[0] if state.queue else {}
    claims = sum(e["event"] == "claim" for e in state.log)
    ann_challenges = sum(e["event"] == "challenge" and e.get("seat") == 0 for e in state.log)
    pages = {
        name: page.evaluate(
            "() => ({seen: document.querySelector('#seen').value,"
            " prompt: (document.querySelector('#prompt h2') || {}).textContent || ''})"
        )
        for name, page in (("ann", ann), ("bob", bob))
    }
    return (
        f"match {match.status} at version {match.version}, round {state.round},"
        f" phase {state.phase}, {claims} claims, {ann_challenges} of them Ann's challenges;"
        f" queue head {head}; pages {pages}"
    )


@pytest.mark.parametrize("size", ["desktop", "phone"])
@pytest.mark.usefixtures("card_pool")
def test_a_joust_through_a_challenge_and_its_claim_with_a_table_action(contexts, live_server, size):
    ann = log_in(contexts, live_server, "ann", **SIZES[size])
    bob = log_in(contexts, live_server, "bob", **SIZES[size])
    match = create_match(
        ann, live_server, "joust", [("me", "", "core:core-stark"), ("invite", "bob", "")]
    )
    join(bob, match, "core:core-lannister")
    expect(ann.locator("#my-hand .gcard")).to_have_count(7, timeout=10_000)
    phases: set[str] = set()
    done = {"by_hand": False, "picked": False}
    picked_at = 0  # the log's length when Ann declared her attackers
    trail: list[tuple] = []  # the steps the loop saw, each once: what a failure reports
    idle, version = 0, -1  # turns of the loop with no decision taken and no new version
    for _ in range(900):  # the deal is random: Ann may attack late
        now = Match.objects.get(pk=match.pk)
        idle, version = (idle + 1 if now.version == version else 0), now.version
        # A match that stands still this long (a minute or so) has stopped: say where.
        assert idle < 150, f"the match stopped: {done}; {_where(match, ann, bob)}; {trail[-40:]}"
        state = match_state(now)
        phases.add(state.phase)
        if done["picked"] and any(e["event"] == "claim" for e in state.log[picked_at:]):
            break  # the claim of (or after) Ann's challenge
        assert now.status == Match.Status.ACTIVE, (
            f"it ended first: {done}; {_where(match, ann, bob)}; {trail[-40:]}"
        )
        head = state.queue[0] if state.queue else {}
        step = (state.phase, head.get("name"), head.get("purpose"), head.get("seat"))
        if not trail or trail[-1][1:] != step:
            trail.append((now.version, *step))
        mine = state.phase == "marshalling" and head.get("turn") == 0
        if mine and not done["by_hand"]:  # likewise (_by_hand waits for the page)
            done["by_hand"] = _by_hand(ann, size, match)
            continue
        empty = False  # Ann's attackers form with no character that can attack
        if (
            head.get("name") == "prompt"
            and head.get("purpose") == "attackers"
            and head.get("seat") == 0
            and not done["picked"]
        ):  # Ann's page may still be a poll behind: _pick_and_change waits for it
            if _pick_and_change(ann, match):
                done["picked"], picked_at = True, len(state.log)
                continue
            empty = True
            trail.append((now.version, "no character could attack"))
        # Ann's attackers are picked above, never by the generic decider (her page may show
        # the form a moment before the state read at the top of this turn of the loop); her
        # defenders, when bob attacks first, by it.
        picks = done["picked"] or empty or head.get("purpose") == "defenders"
        acted = [decide_in_sight(ann, picks=picks), decide_in_sight(bob)]
        for page in (ann, bob):  # decide clicks with the mouse: it moves on, leaving no
            page.mouse.move(0, 0)  # hover preview open over the next decision
        if not any(acted):
            ann.wait_for_timeout(300)
    else:
        raise AssertionError(
            f"no claim after Ann's attackers: {done}; {_where(match, ann, bob)}; {trail[-40:]}"
        )
    assert {"setup", "plot", "marshalling", "challenges"} <= phases
    assert done["by_hand"] and done["picked"]
    expect(ann.locator("#log-lines")).to_contain_text("claim")
    if size == "phone":
        assert ann.evaluate("document.documentElement.scrollWidth") <= 390
