"""The board's cards as tiles in a real browser (issue 32, "A table layout"), at 1280×800
and on a 390×844 phone: a joust against a bot shows the hand as tiles that do not overlap,
turned ones neither, and a tap (a click, a key) on a tile opens its text; a four-player
melee with cards of the whole pool (knelt cards, power, gold, duplicates, attachments)
fits the phone, keeps every tile and strip tappable, and names none of the hidden hands.
With ``MAESTER_SCREENSHOTS=docs/img`` the melee is saved as docs/PLAY.md shows it
(docs/img/board-desktop.png, docs/img/board-phone.png)."""

from __future__ import annotations

import os
import re
from html import escape
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from gameplay.models import Match
from tests.browser import test_play as play
from tests.browser.test_play import NO_OVERLAP, create_match, log_in
from tests.browser.test_tournament_invitations import fits_the_phone
from tests.gameplay.test_card_tiles import NAMES, melee_position

# The board tests' fixtures: bots move in-process, and browser contexts close at the end.
bots_in_process = play.bots_in_process
contexts = play.contexts

SIZES = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
}
HOUSES = ["stark", "lannister", "targaryen", "martell"]

# Each element's box: where it is drawn (its turned face included) against its room.
BOXES = """(selector) => [...document.querySelectorAll(selector)].map(el => {
    const r = el.getBoundingClientRect();
    return {x: r.left, y: r.top, w: r.width, h: r.height, right: r.right, bottom: r.bottom};
})"""
# A knelt tile's face, turned, lies inside the room its tile keeps.
FACES_INSIDE = """(selector) => [...document.querySelectorAll(selector)].filter(tile => {
    const room = tile.getBoundingClientRect();
    const face = tile.firstElementChild.getBoundingClientRect();
    return face.left < room.left - 1 || face.right > room.right + 1
        || face.top < room.top - 1 || face.bottom > room.bottom + 1;
}).length"""


def shot(page, name: str) -> None:
    """With MAESTER_SCREENSHOTS=<folder>, save the screen as docs/PLAY.md shows it."""
    folder = os.environ.get("MAESTER_SCREENSHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=False)


def tap(page, size: str, locator) -> None:
    locator.scroll_into_view_if_needed()
    locator.tap() if size == "phone" else locator.click()


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.usefixtures("card_pool")
def test_the_hand_is_tiles_that_open_their_text(contexts, live_server, size):
    page = log_in(contexts, live_server, "ann", **SIZES[size])
    create_match(
        page,
        live_server,
        "joust",
        [("me", "", "core:core-stark"), ("greedy", "", "core:core-lannister")],
    )
    hand = page.locator("#my-hand .gcard")
    expect(hand).to_have_count(7, timeout=10_000)
    # Ann's turn to place her setup: the board stays as it is until she does.
    expect(page.locator("#prompt form.setup-form")).to_be_visible(timeout=10_000)
    # Laid out (an update may be landing as the page opens: it overlapped once in ten runs
    # for an instant): wait for what the page promises, then measure.
    page.wait_for_function(f"sel => ({NO_OVERLAP})(sel) === null", arg="#my-hand .gcard")
    assert page.evaluate(NO_OVERLAP, "#my-hand .gcard") is None
    width = SIZES[size]["viewport"]["width"]
    for box in page.evaluate(BOXES, "#my-hand .gcard"):
        assert box["h"] >= 44 and box["x"] >= 0 and box["right"] <= width + 1, box
    if size == "phone":
        fits_the_phone(page)
    # The other player's hand is a count of backs, without a name.
    backs = page.locator("#player-1 .hand-backs .backs")
    # (the bot may have placed its setup already)
    expect(backs).to_have_attribute("aria-label", re.compile(r"^[1-7] cards? in hand, face down$"))
    assert page.locator("#player-1 .hand-backs [data-card]").count() == 0

    # A tap (a click) on a tile opens its text; so does Enter on it.
    preview = page.locator("#card-preview")
    tile = hand.last
    name = tile.locator(".gname").text_content()
    tap(page, size, tile)
    expect(preview).to_be_visible()
    expect(preview).to_contain_text(name)
    page.keyboard.press("Escape")
    expect(preview).to_be_hidden()
    first = hand.first
    first.focus()
    page.keyboard.press("Enter")
    expect(preview).to_contain_text(first.locator(".gname").text_content())
    page.keyboard.press("Escape")

    # Turned (as the board draws a knelt card), the tiles keep their room: no overlap,
    # each face inside its tile, and still inside the screen.
    page.evaluate(
        "document.querySelectorAll('#my-hand .gcard').forEach(el => el.classList.add('knelt'))"
    )
    assert page.evaluate(NO_OVERLAP, "#my-hand .gcard") is None
    assert page.evaluate(FACES_INSIDE, "#my-hand .gcard") == 0
    for box in page.evaluate(BOXES, "#my-hand .gcard"):
        assert box["h"] > box["w"] and box["right"] <= width + 1, box
    if size == "phone":
        fits_the_phone(page)


def melee_match() -> Match:
    """:func:`melee_position` stored as a match of four people (ann, bob, cat, dan) with
    whole-pool decks, at bob's marshalling turn; everyone is asked at every window (no
    pass is made for them), so that nothing moves on while the pages look."""
    from gameplay.engine.game import to_act
    from gameplay.engine.simulate import load_deck
    from gameplay.services import SeatSpec, match_create, preferences_update
    from gameplay.services.play import bot_turn, state_text

    people = []
    for name in NAMES:
        person = User.objects.filter(username=name).first()
        people.append(person or User.objects.create_user(name, password=play.PASSWORD))
    for person in people:
        preferences_update(user=person, windows="all", stops=[])
    match = match_create(
        creator=people[0],
        variant="melee",
        seats=[
            SeatSpec(load_deck(f"whole-pool-{house}"), user=person)
            for house, person in zip(HOUSES, people, strict=True)
        ],
        seed=5,
    )
    state = melee_position()
    match.state = state_text(state)
    match.waiting = list(to_act(state))
    bot_turn(match, set(), state)
    match.save()
    return match


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.usefixtures("card_pool")
def test_a_full_pool_melee_on_the_table(contexts, live_server, size):
    page = log_in(contexts, live_server, "ann", **SIZES[size])
    match = melee_match()
    page.goto(f"{live_server.url}/play/{match.pk}/")
    expect(page.locator("#board .status-bar")).to_contain_text("Marshalling")
    expect(page.locator("#prompt")).to_contain_text("Nothing to decide now")
    width = SIZES[size]["viewport"]["width"]
    # Opponents above, ann at the bottom with her hand last.
    order = page.evaluate("[...document.querySelectorAll('#board .player')].map(p => p.id)")
    assert order == ["player-1", "player-2", "player-3", "player-0"]
    expect(page.locator("#my-hand .gcard")).to_have_count(5)
    # Nothing overlaps: the cards in play with what is attached under them, the tiles of
    # every zone; a turned face stays in its tile's room; all inside the screen.
    assert page.evaluate(NO_OVERLAP, "#board .zone .gslot, #my-hand .gcard") is None
    assert page.evaluate(FACES_INSIDE, "#board .gtile.knelt") == 0
    knelt = page.locator("#player-0 .gcard.knelt", has_text="Eddard Stark")
    expect(knelt).to_have_count(1)
    box = knelt.bounding_box()
    assert box is not None and box["height"] > box["width"]
    for box in page.evaluate(BOXES, "#board .gcard"):
        assert box["h"] >= (44 if size == "phone" else 36), box
        assert box["x"] >= 0 and box["right"] <= width + 1, box
    if size == "phone":
        fits_the_phone(page)
    # Counters and stacks, read as words.
    me = page.locator("#player-0")
    expect(me.locator("[aria-label='2 duplicates']")).to_have_count(1)
    expect(page.locator("#player-1 [aria-label='3 gold']")).to_have_count(1)
    expect(me.locator(".gunder[aria-label='Attached to Eddard Stark'] .gcard")).to_have_count(1)
    expect(me.locator(".characters .gtile", has_text="Jaqen H'ghar")).to_have_count(1)
    # No hidden hand is named on the page (a name or code also seen in play, a pile or
    # ann's own cards is not a secret), nor its cards' ids; each is a count of backs.
    from gameplay.engine.card_facts import load_cards

    cards, state, html = load_cards(), melee_position(), page.content()
    shown = [*state.players[0].hand, *state.players[0].plot_deck]
    for p in state.players:
        shown += [*p.in_play, *p.discard, *p.dead, *p.used_plots, p.revealed_plot]
    public = {state.code(r) for r in shown} | {cards[state.code(r)].name for r in shown}
    for seat in (1, 2, 3):
        for ref in state.players[seat].hand:
            code = state.code(ref)
            assert f'"{ref}"' not in html and (code in public or code not in html), ref
            name = cards[code].name
            assert name in public or escape(name) not in html, name
        expect(page.locator(f"#player-{seat} .hand-backs .backs")).to_have_attribute(
            "aria-label", f"{len(state.players[seat].hand)} cards in hand, face down"
        )
    # A tap on an attachment under its card opens its card menu (ann may act on it by
    # hand), whose "Read the card" opens the attachment's text.
    strip = me.locator(".gatt", has_text="Ice")
    tap(page, size, strip)
    tap(page, size, page.locator("#card-menu").get_by_role("menuitem", name="Read the card"))
    expect(page.locator("#card-preview")).to_contain_text("Ice")
    page.keyboard.press("Escape")
    expect(page.locator("#card-preview")).to_be_hidden()

    # The screenshots of docs/PLAY.md: on a desktop ann's own area (her cards in play and
    # her hand, the bottom of the player above her); on a phone bob's area, an opponent's.
    where = "{block: 'end'}" if size == "desktop" else "{block: 'start'}"
    seat = 0 if size == "desktop" else 1
    page.evaluate("document.activeElement.blur()")
    page.mouse.move(1, 1)
    page.evaluate(f"document.getElementById('player-{seat}').scrollIntoView({where})")
    shot(page, f"board-{size}")
