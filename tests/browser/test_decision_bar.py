"""The decision bar (issue 32): at 1280×800, as on a phone, the decision a player must take
is on screen at every decision (setup, plots, marshalling, a challenge) while the board
scrolls under it, even with the page scrolled to its top and the Table panel open; and the
tab's title tells a player that a table request waits for their answer."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from gameplay.models import Match
from gameplay.services.play import match_state
from tests.browser import test_play as play
from tests.browser.test_play import (
    create_match,
    decide,
    join,
    log_in,
    stark_lannister,
)

# The board tests' fixtures: bots move in-process, and browser contexts close at the end.
bots_in_process = play.bots_in_process
contexts = play.contexts

DESKTOP = {"viewport": {"width": 1280, "height": 800}}


# The boxes of the prompt and its heading, read at one instant: None when the page shows no
# decision then (a poll may redraw the prompt between two reads of Playwright's).
PROMPT_BOXES = """() => {
  const prompt = document.querySelector('#prompt');
  if (prompt === null || prompt.querySelector('form') === null) return null;
  const boxes = [prompt, prompt.querySelector('h2')].map(el => el && el.getBoundingClientRect());
  if (boxes.some(box => !box || box.width === 0)) return null;
  return boxes.map(box => ({x: box.x, y: box.y, width: box.width, height: box.height}));
}"""


def decide_in_sight(page, picks: bool = True) -> bool:
    """Check the decision is in sight from the top of the page, then take it."""
    if page.evaluate("document.querySelector('#prompt form') === null"):
        return False
    page.evaluate("window.scrollTo(0, 0)")
    for details in page.locator("#table-panel details").all()[:1]:
        details.evaluate("el => el.open = true")  # the open Table panel pushes nothing away
    boxes = page.evaluate(PROMPT_BOXES)
    if boxes is None:
        return False  # the decision went as the page was read: look again
    size = page.viewport_size
    for box in boxes:
        assert box["x"] >= 0 and box["y"] >= 0, box
        assert box["x"] + box["width"] <= size["width"] + 1, box
        assert box["y"] + box["height"] <= size["height"] + 1, box
    return decide(page, picks)


@pytest.mark.usefixtures("card_pool")
def test_the_decision_is_in_sight_at_every_decision_on_a_desktop(contexts, live_server):
    ann = log_in(contexts, live_server, "ann", **DESKTOP)
    bob = log_in(contexts, live_server, "bob", **DESKTOP)
    match = create_match(
        ann, live_server, "joust", [("me", "", "core:core-stark"), ("invite", "bob", "")]
    )
    join(bob, match, "core:core-lannister")
    expect(ann.locator("#my-hand .gcard")).to_have_count(7, timeout=10_000)
    seen_phases: set[str] = set()

    def challenged() -> bool:
        state = match_state(Match.objects.get(pk=match.pk))
        seen_phases.add(state.phase)
        return state.challenge is not None and bool(state.challenge["attackers"])

    decisions = 0
    for _ in range(300):
        if challenged():
            break
        acted = [decide_in_sight(page) for page in (ann, bob)]
        decisions += sum(acted)
        if not any(acted):
            ann.wait_for_timeout(300)
    else:
        raise AssertionError("the match did not reach a challenge")
    assert {"setup", "plot", "marshalling", "challenges"} <= seen_phases, seen_phases
    assert decisions >= 6
    # The board is long enough at 800 px high for the bar to have had to stick.
    assert ann.evaluate("document.documentElement.scrollHeight") > 800


@pytest.mark.usefixtures("card_pool")
def test_the_title_tells_of_a_request_waiting_for_an_answer(contexts, live_server):
    from django.contrib.auth.models import User

    from gameplay.engine.game import legal_actions
    from gameplay.engine.rules import facts
    from gameplay.services import match_act
    from gameplay.services.manual import match_table_act
    from tests.gameplay.test_match_table_actions import _past_setup as past_setup

    ann = log_in(contexts, live_server, "ann", **DESKTOP)
    bob = log_in(contexts, live_server, "bob", **DESKTOP)
    people = {0: User.objects.get(username="ann"), 1: User.objects.get(username="bob")}
    match = stark_lannister(people, 5)
    match = past_setup(match, people)  # both place nothing (the Table menu opens after setup)
    state = match_state(match)
    # Bob puts a character into play by hand: something Ann may ask him about.
    target = next(r for r in state.players[1].hand if facts(state, r).type == "character")
    match = match_table_act(
        match_id=match.pk,
        user=people[1],
        action=f"p1:table:move:{target}=play",
        version=match.version,
    )
    # Bob chooses his plot: only Ann has a decision to take, Bob none.
    state = match_state(match)
    choose = next(a for a in legal_actions(state, 1) if a.kind.startswith("plot"))
    match = match_act(match_id=match.pk, user=people[1], action=str(choose), version=match.version)
    for page in (ann, bob):
        page.goto(f"{live_server.url}/play/{match.pk}/")
    expect(bob.locator("#prompt")).to_contain_text("Nothing to decide now")
    expect(bob).not_to_have_title(re.compile(r"^●"))
    # Ann asks Bob to kneel it through the Table menu (a request needs the other's yes).
    ann.locator("#table-menu > summary").click()
    card = ann.locator(f"#table-target-{target}")
    card.locator("summary").click()
    card.locator("button").first.click()
    expect(bob.locator("#table-requests")).to_contain_text("asks", timeout=10_000)
    # Bob's tab says a request waits for him; Ann's, whose own request waits for Bob,
    # says her move (her plot) and nothing of the request.
    expect(bob).to_have_title(re.compile(r"^● A request for you · "))
    expect(ann).to_have_title(re.compile(r"^● Your move · "))
    bob.locator("#table-requests button", has_text="Refuse").first.click()
    expect(bob.locator("#table-requests")).to_have_count(0, timeout=10_000)
    expect(bob).not_to_have_title(re.compile(r"^● A request for you"))
