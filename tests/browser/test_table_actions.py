"""Table actions in a real browser: Ann puts Rainbow Guard Squire (played here as a card
whose text the engine does not play: its script is taken away) into play from her Table menu,
on a phone-sized screen, then asks Bob to kneel one of his characters for it; Bob accepts on
his own page with one click; both logs say so in words, and the match replays."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from gameplay.engine.abilities import only_scripts
from gameplay.engine.game import PlayerConfig
from gameplay.engine.rules import facts
from gameplay.services import (
    SeatSpec,
    core_deck,
    match_act,
    match_create,
    match_replay,
    match_state,
)
from gameplay.services.manual import match_table_act
from tests.browser.test_play import bots_in_process, contexts, log_in  # noqa: F401 - fixtures
from tests.gameplay.manual_example import MANUAL

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _not_scripted():
    """The example card without its script (the live server runs in this process): every
    card of the pool has a script now (tests/gameplay/manual_example.py)."""
    with only_scripts(lambda code: code != MANUAL):
        yield


NAME = __import__("gameplay.engine.card_facts", fromlist=["load_cards"]).load_cards()[MANUAL].name


def _setup(ann, bob):
    stark = core_deck("core-stark")
    match = match_create(
        creator=ann,
        variant="joust",
        seats=[
            SeatSpec(PlayerConfig(stark.house, (MANUAL, *stark.deck), stark.agenda), user=ann),
            SeatSpec(core_deck("core-lannister"), user=bob),
        ],
        seed=5,
    )
    people = {0: ann, 1: bob}
    state = match_state(match)
    while state.phase == "setup":  # both place nothing, through the services
        seat = next(s for s in state.turn_order() if not state.players[s].setup_done)
        match = match_act(
            match_id=match.pk,
            user=people[seat],
            action=f"p{seat}:setup:place",
            version=match.version,
        )
        state = match_state(match)
    while MANUAL not in [state.code(r) for r in state.players[0].hand]:  # Ann draws by hand
        match = match_table_act(
            match_id=match.pk, user=ann, action="p0:table:draw=10", version=match.version
        )
        state = match_state(match)
    target = next(r for r in state.players[1].hand if facts(state, r).type == "character")
    match = match_table_act(
        match_id=match.pk, user=bob, action=f"p1:table:move:{target}=play", version=match.version
    )
    return match, target, facts(state, target).name


def test_a_card_played_by_hand_and_a_request_accepted(contexts, live_server):  # noqa: F811
    ann_page = log_in(contexts, live_server, "ann", viewport={"width": 390, "height": 844})
    bob_page = log_in(contexts, live_server, "bob")
    from django.contrib.auth.models import User

    match, target, target_name = _setup(
        User.objects.get(username="ann"), User.objects.get(username="bob")
    )
    url = f"{live_server.url}/play/{match.pk}/"
    ann_page.goto(url)
    bob_page.goto(url)
    menu = ann_page.locator("#table-menu > summary")
    menu.focus()
    ann_page.keyboard.press("Enter")  # the disclosure opens by keyboard
    card = ann_page.locator("#table-panel details.table-card", has_text=f"{NAME} (in hand)")
    card.locator("summary").click()  # and by tap
    card.get_by_role("button", name="Into play").click()
    expect(ann_page.locator("#log-lines")).to_contain_text(
        f"moves {NAME} from their hand to play by hand"
    )
    expect(bob_page.locator("#log-lines")).to_contain_text(
        f"moves {NAME} from their hand to play by hand"
    )
    expect(ann_page.locator("#table-menu")).to_have_attribute("open", "")  # stays open
    ask = ann_page.locator("#table-panel details.table-target", has_text=target_name)
    ask.locator("summary").click()
    ask.locator("select[name=source]").select_option(label=NAME)
    ask.get_by_role("button", name="Kneel").click()
    expect(bob_page.locator("#table-requests")).to_contain_text(f"to kneel {target_name}")
    bob_page.locator("#table-requests").get_by_role("button", name="Accept").click()
    expect(ann_page.locator("#log-lines")).to_contain_text(
        f"accepts ann (Stark)'s request to kneel {target_name}"
    )
    match.refresh_from_db()
    state = match_state(match)
    assert state.in_play[target].knelt
    assert match_replay(match).digest() == state.digest()
