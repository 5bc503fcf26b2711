"""Table actions where the card is (issue 32), in a real browser: at 1280×800 a player drags a
card of hers from her hand into play (and a card that cannot go where it is dropped stays,
with a word in the flash); on a 390×844 touch screen she taps a tile and picks an action
from its menu, then asks her opponent about one of his cards from that card's menu, and
the page stays 390 px wide; with the keyboard alone she focuses a tile, opens its menu
with Enter (and Space), moves with the arrow keys, picks with Enter and closes with
Escape. Every action goes through the Table panel's own form: the log says it. An update of
the board leaves the Table menu out unless the page shows it: the page fetches it when its
player opens it (and a card's menu), and keeps it drawn while it is open."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from gameplay.engine.rules import facts
from gameplay.models import Match
from gameplay.services import match_state
from gameplay.services.manual import match_table_act
from tests.browser import test_play as play
from tests.browser.test_play import inside_viewport, log_in, stark_lannister
from tests.browser.test_tournament_invitations import fits_the_phone
from tests.gameplay.test_match_table_actions import _past_setup as past_setup

# The board tests' fixtures: bots move in-process, and browser contexts close at the end.
bots_in_process = play.bots_in_process
contexts = play.contexts

pytestmark = pytest.mark.usefixtures("card_pool")

DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
MENU = "#card-menu"


def _joust(contexts, live_server, **size):
    """Ann (Stark) and Bob (Lannister) past setup, both having placed nothing; Bob has put
    a character into play by hand. Ann's page is open. Returns it, the match, the refs and
    names of a character and an event in Ann's hand, and of Bob's character."""
    page = log_in(contexts, live_server, "ann", **size)
    log_in(contexts, live_server, "bob")  # his account (his page stays closed)
    people = [User.objects.get(username="ann"), User.objects.get(username="bob")]
    match = stark_lannister(people, 5)
    match = past_setup(match, people)
    state = match_state(match)
    theirs = next(r for r in state.players[1].hand if facts(state, r).type == "character")
    match = match_table_act(
        match_id=match.pk,
        user=people[1],
        action=f"p1:table:move:{theirs}=play",
        version=match.version,
    )
    hand = state.players[0].hand
    character = next(r for r in hand if facts(state, r).type == "character")
    page.goto(f"{live_server.url}/play/{match.pk}/")
    expect(page.locator("#my-hand .gcard")).to_have_count(len(hand))
    return (
        page,
        match,
        {
            "character": (character, facts(state, character).name),
            "theirs": (theirs, facts(state, theirs).name),
            "hand": [r for r in hand if r != character],
        },
    )


def tile(page, ref: str):
    return page.locator(f'#board [data-ref="{ref}"]')


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    fits_the_phone(page)


def test_a_card_dragged_from_hand_into_play_on_a_desktop(contexts, live_server):
    page, match, cards = _joust(contexts, live_server, **DESKTOP)
    ref, name = cards["character"]
    me = page.locator("#player-0")
    expect(page.locator("#table-menu")).not_to_have_attribute("open", "")  # the panel is shut
    # Dropped back on its own row: nothing moves, and the flash says so.
    tile(page, ref).drag_to(me.locator('[data-zone="hand"]'))
    expect(page.locator("#flash")).to_contain_text(f"Nothing moved: {name} is already there.")
    expect(page.locator(".drop-note")).to_contain_text("is already there")  # where it was dropped
    # Dragged onto the characters' row: into play, as the Table panel's "Into play".
    tile(page, ref).drag_to(me.locator(".characters[data-zone=play]"))
    expect(page.locator("#log-lines")).to_contain_text(
        f"moves {name} from their hand to play by hand"
    )
    expect(me.locator(f'.characters [data-ref="{ref}"]')).to_have_count(1)
    expect(me.locator(f'#my-hand [data-ref="{ref}"]')).to_have_count(0)
    expect(page.locator("#flash")).not_to_contain_text("Nothing moved")
    # From play to the discard pile (a closed disclosure: its summary takes the drop).
    tile(page, ref).drag_to(me.locator("[data-zone=discard] > summary"))
    expect(page.locator("#log-lines")).to_contain_text(
        f"moves {name} from play to their discard pile by hand"
    )
    expect(me.locator("[data-zone=discard] > summary")).to_contain_text("Discard pile (1)")
    state = match_state(Match.objects.get(pk=match.pk))
    assert ref in state.players[0].discard
    # Dropped on her House card and plot, no place a card goes: nothing is sent, the flash
    # says so.
    version = Match.objects.get(pk=match.pk).version
    tile(page, cards["hand"][0]).drag_to(me.locator(".zone.plots"))
    expect(page.locator("#flash")).to_contain_text("Nothing moved: drop the card on a row")
    assert Match.objects.get(pk=match.pk).version == version


def test_a_tap_on_a_tile_opens_its_menu_on_a_phone(contexts, live_server):
    page, _, cards = _joust(contexts, live_server, **PHONE)
    ref, name = cards["character"]
    card = tile(page, ref)
    card.scroll_into_view_if_needed()
    card.tap()
    menu = page.locator(MENU)
    expect(menu).to_be_visible()
    expect(menu.locator(".card-menu-title")).to_have_text(name)
    # The very buttons of the Table panel for that card, and "Read the card" first.
    panel = page.locator(f"#table-card-{ref} button")
    labels = [b.text_content().strip() for b in panel.all()]
    items = menu.get_by_role("menuitem")
    expect(items).to_have_text(["Read the card", *labels])
    inside_viewport(page, menu)
    for box in [item.bounding_box() for item in items.all()]:
        assert box is not None and box["height"] >= 44, box
    no_sideways_scroll(page)
    # Its text is a tap away.
    menu.get_by_role("menuitem", name="Read the card").tap()
    expect(menu).to_have_count(0)
    expect(page.locator("#card-preview")).to_contain_text(name)
    page.locator("#board .status-bar").tap()  # a tap elsewhere closes it
    expect(page.locator("#card-preview")).to_be_hidden()
    # Picked from the menu: it happens, and the log says so.
    card.tap()
    menu.get_by_role("menuitem", name="Into play").tap()
    expect(page.locator("#log-lines")).to_contain_text(
        f"moves {name} from their hand to play by hand"
    )
    expect(page.locator(f'#player-0 .characters [data-ref="{ref}"]')).to_have_count(1)
    expect(menu).to_have_count(0)
    # An opponent's card: the requests the panel offers about it, asked from its menu.
    theirs, their_name = cards["theirs"]
    other = tile(page, theirs)
    other.scroll_into_view_if_needed()
    other.tap()
    expect(menu.locator(".card-menu-sub")).to_have_text("Ask bob (Lannister):")
    menu.get_by_role("menuitem", name="Kneel").tap()
    expect(page.locator("#table-requests")).to_contain_text(f"to kneel {their_name}")
    no_sideways_scroll(page)
    # A card back names nothing and opens no menu.
    assert page.locator("#player-1 .hand-backs [aria-haspopup]").count() == 0


def test_the_menu_by_keyboard_alone(contexts, live_server):
    page, match, cards = _joust(contexts, live_server, **DESKTOP)
    ref, name = cards["character"]
    menu = page.locator(MENU)
    card = tile(page, ref)
    card.focus()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem").first).to_be_focused()  # "Read the card"
    # Escape closes it and gives the focus back to the tile.
    page.keyboard.press("Escape")
    expect(menu).to_have_count(0)
    expect(card).to_be_focused()
    # Space opens it too, without pressing the item it focuses.
    page.keyboard.press("Space")
    expect(menu.get_by_role("menuitem").first).to_be_focused()
    expect(page.locator("#card-preview")).to_have_count(0)
    # Arrows move (End, Home and Up wrap), Tab too; Enter picks.
    page.keyboard.press("ArrowUp")
    expect(menu.get_by_role("menuitem").last).to_be_focused()
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    expect(menu.get_by_role("menuitem").nth(1)).to_be_focused()
    page.keyboard.press("Home")
    wanted = menu.get_by_role("menuitem", name="To discard pile")
    for _ in range(20):
        if wanted.evaluate("el => el === document.activeElement"):
            break
        page.keyboard.press("ArrowDown")
    expect(wanted).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#log-lines")).to_contain_text(
        f"moves {name} from their hand to their discard pile by hand"
    )
    expect(menu).to_have_count(0)
    state = match_state(Match.objects.get(pk=match.pk))
    assert ref in state.players[0].discard
    # "Read the card" by keys: the preview opens on the tile; Escape closes it.
    other = tile(page, cards["hand"][0])
    other.focus()
    page.keyboard.press("Enter")
    expect(menu.get_by_role("menuitem").first).to_be_focused()  # (once the menu is drawn)
    page.keyboard.press("Enter")
    expect(page.locator("#card-preview")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#card-preview")).to_be_hidden()
    expect(other).to_be_focused()


def _bob_moves(match: Match, ref: str, to: str) -> Match:
    bob = User.objects.get(username="bob")
    match = Match.objects.get(pk=match.pk)
    text = f"p1:table:move:{ref}={to}"
    return match_table_act(match_id=match.pk, user=bob, action=text, version=match.version)


def test_the_table_menu_is_fetched_when_opened_and_kept_while_open(contexts, live_server):
    page, match, cards = _joust(contexts, live_server, **DESKTOP)
    panel = page.locator("#table-menu")
    lazy = page.locator("#table-menu[data-lazy]")
    theirs, their_name = cards["theirs"]
    expect(lazy).to_have_count(0)  # the page as it loads: the whole menu, shut
    # Bob moves: the update of Ann's board leaves her shut menu out.
    _bob_moves(match, theirs, "hand")
    expect(page.locator("#log-lines")).to_contain_text(f"moves {their_name} from play")
    expect(lazy).to_have_count(1)
    expect(page.locator("#table-player")).to_have_count(0)
    # She opens it: drawn at once, for the position she sees.
    panel.locator("> summary").click()
    expect(lazy).to_have_count(0)
    expect(page.locator("#table-player").get_by_role("button", name="Draw 1")).to_be_visible()
    # While it is open, Bob's moves come back with it drawn, open, at their version.
    match = _bob_moves(match, theirs, "play")
    expect(panel).to_have_attribute("data-v", str(match.version))
    expect(panel).to_have_attribute("open", "")
    expect(page.locator(f"#table-target-{theirs}")).to_have_count(1)
    # Shut again, the next update leaves it out; a card's menu fetches it again.
    panel.locator("> summary").click()
    match = _bob_moves(match, theirs, "hand")
    expect(lazy).to_have_count(1)
    ref, _ = cards["character"]
    tile(page, ref).click()
    menu = page.locator(MENU)
    expect(menu.get_by_role("menuitem", name="Into play")).to_be_visible()
    expect(lazy).to_have_count(0)
    expect(panel).not_to_have_attribute("open", "")
