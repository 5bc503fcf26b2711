"""Table actions where the card is (issue 32): on the board page of a seated player, each tile
of a card of the player's, and of another's in play, opens a card menu of exactly the actions
the Table panel offers on it (static/js/match.js presses the panel's own buttons, found by
the tile's ref), and no other tile does; the player's own rows name the ``table:move`` word a
card dropped there moves to; nothing of it names a card the player may not see; a spectator's and a
replay's tiles open no menu; the Table panel is shut until its player opens it, and an
update draws its menu only for a page that shows it (the page fetches it otherwise).

The position is the full-pool melee of the board's screenshots (tests/gameplay/
test_card_tiles.py), with the top card of Ann's deck looked at (the panel lists it; it has
no tile)."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User

from gameplay.engine.table import DESTINATIONS, table_actions
from gameplay.models import Match
from gameplay.services import match_state
from gameplay.services.manual import match_table_act, request_text
from gameplay.tableview import menu_refs
from gameplay.templatetags.matchtags import player_html
from tests.browser.test_card_tiles import melee_match
from tests.gameplay.test_table_hidden import leaked, shown
from tests.pages import without_tokens

pytestmark = pytest.mark.django_db


class Board(HTMLParser):
    """What a board page offers by hand: each tile's ref and attributes, the Table panel's
    actions by the ref of its card (an own card's buttons are whole action strings; a
    request's are verbs of a form naming its seat and target), and the drop rows."""

    def __init__(self) -> None:
        super().__init__()
        self.tiles: dict[str, list[dict[str, str]]] = {}
        self.panel: dict[str, set[str]] = {}
        self.zones: dict[str, list[str]] = {}  # player's area id -> data-zone words
        self.panel_open: bool | None = None
        self._form: dict[str, str] | None = None
        self._ref = ""
        self._player = ""

    def handle_starttag(self, tag, attrs):
        a = {k: v or "" for k, v in attrs}
        if tag == "article" and "player" in a.get("class", "").split():
            self._player = a["id"]
        if "gcard" in a.get("class", "").split() and a.get("data-ref"):
            self.tiles.setdefault(a["data-ref"], []).append(a | {"player": self._player})
        if "data-zone" in a:
            self.zones.setdefault(self._player, []).append(a["data-zone"])
        if tag == "details" and a.get("id") == "table-menu":
            self.panel_open = "open" in a
        if tag == "details" and a.get("id", "").startswith(("table-card-", "table-target-")):
            self._ref = a["id"].removeprefix("table-card-").removeprefix("table-target-")
            self.panel.setdefault(self._ref, set())
        if tag == "form":
            self._form = {}
        if tag == "input" and self._form is not None and a.get("type") == "hidden":
            self._form[a.get("name", "")] = a.get("value", "")
        if tag == "button" and self._ref and self._form is not None:
            if a.get("name") == "action":
                self.panel[self._ref].add(a["value"])
            elif a.get("name") == "verb":  # what the act view makes of the request form
                form = self._form
                self.panel[self._ref].add(
                    request_text(form["seat"], form["target"], a["value"], "")
                )

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        if tag == "details":
            self._ref = ""


def _board(text: str) -> Board:
    board = Board()
    board.feed(text)
    return board


@pytest.fixture
def melee(client):
    """The melee, Ann logged in, with a card of her hand put on her (empty) deck and
    looked at there, by hand."""
    match = melee_match()
    ann = User.objects.get(username="ann")
    card = match_state(match).players[0].hand[-1]
    for action in (f"p0:table:move:{card}=deck_top", "p0:table:look=1"):
        match = match_table_act(match_id=match.pk, user=ann, action=action, version=match.version)
    client.force_login(ann)
    return match


def _page(client, match: Match) -> str:
    return client.get(f"/play/{match.pk}/").content.decode()


def _menus(board: Board) -> set[str]:
    """The refs of the tiles that open a card menu."""
    return {ref for ref, tiles in board.tiles.items() if "aria-haspopup" in tiles[0]}


def test_each_tile_lists_the_table_actions_on_its_card(client, melee):
    state = match_state(melee)
    offered: dict[str, set[str]] = {}
    for action in table_actions(state, 0):
        if action.cards:
            offered.setdefault(action.cards[0], set()).add(str(action))
    board = _board(_page(client, melee))
    with_menu = _menus(board)
    # Every card shown as a tile with something to do by hand opens a menu, and only these.
    looked = set(state.table["looks"]["0"])
    assert looked and not looked & set(board.tiles)  # on the deck: in the panel, no tile
    # Every card shown as a tile that is the viewer's own, or another's in play, opens a
    # menu (tableview.menu_refs: known without drawing the menu), so every card with
    # something to do by hand does.
    assert with_menu == menu_refs(state, 0) & set(board.tiles)
    assert set(offered) - looked <= with_menu
    assert len(with_menu) > 20  # her cards in play, hand and piles; the others' in play
    assert any(ref in state.players[0].hand for ref in with_menu)
    assert any(state.in_play[r].controller != 0 for r in with_menu if r in state.in_play)
    for ref in with_menu:
        # The menu is the panel's buttons for that card: the same actions, no more.
        assert board.panel.get(ref, set()) == offered.get(ref, set()), ref
        for tile in board.tiles[ref]:
            assert tile["aria-haspopup"] == "dialog" and tile["data-card-click"] == "off"
    # A tile that opens no menu keeps its tap for the preview.
    for ref in set(board.tiles) - with_menu:
        assert all("data-card-click" not in t for t in board.tiles[ref]), ref
    # Her own rows take a card dropped on them, as the words of table:move; nobody else's.
    assert sorted(board.zones) == ["player-0"]
    assert sorted(board.zones["player-0"]) == [
        "dead",
        "deck_top",
        "discard",
        "hand",
        "play",
        "play",
    ]
    assert set(board.zones["player-0"]) <= set(DESTINATIONS)


def test_a_move_onto_a_house_card_is_named_in_words(client, melee):
    """Its button (in the panel and the menu) names the House card, not the choice."""
    page = _page(client, melee)
    words = re.findall(r'value="p0:table:move:[^"]*=house(?:_\d)?">([^<]*)<', page)
    assert "Onto your House card" in words and "Onto House Lannister" in words
    assert all(w.startswith(("Onto your House card", "Onto House ")) for w in words), words


def test_no_menu_names_a_card_its_player_may_not_see(client, melee):
    state = match_state(melee)
    refs, names = shown(state, 0)
    unseen = set(state.cards) - refs
    page = without_tokens(html.unescape(_page(client, melee)))
    board = _board(page)
    # Menus on her cards and on the others' cards in play, each a card she sees.
    others = {r for r in _menus(board) if r in state.in_play and state.in_play[r].controller}
    assert others and _menus(board) - others
    assert _menus(board) <= refs
    assert not leaked(page, state, unseen, names)
    # The others' hands are backs: no ref, no menu, nothing in the panel.
    for seat in (1, 2, 3):
        assert not set(state.players[seat].hand) & (set(board.tiles) | set(board.panel))


def test_the_table_panel_is_shut_until_opened(client, melee):
    """(The panel was a closed disclosure before the card menus; it stays one.)"""
    board = _board(_page(client, melee))
    assert board.panel_open is False
    # It stays shut on an update of the board (the page opens it again if its player had).
    update = client.get(
        f"/play/{melee.pk}/poll/?v=0&c=0&k=&s=active&e=0", HTTP_HX_REQUEST="true"
    ).content.decode()
    assert _board(update).panel_open is False


def test_a_spectator_gets_no_menu_and_no_drop_rows(client, melee):
    seated = _board(_page(client, melee))
    assert _menus(seated) and seated.zones
    client.logout()
    watched = _board(_page(client, melee))
    assert set(watched.tiles) and not _menus(watched)
    assert not watched.zones and not watched.panel
    # The same areas drawn without the viewer's table actions (the replay's).
    from gameplay.board import board as board_view

    state = match_state(melee)
    for p in board_view(state, 0, ["ann", "bob", "cat", "dan"])["players"]:
        drawn = str(player_html(p, [], True, "melee"))
        assert 'data-ref="' in drawn and "aria-haspopup" not in drawn and "data-zone" not in drawn


def test_a_tile_opens_no_menu_once_table_actions_are_off(client, melee):
    assert _menus(_board(_page(client, melee)))
    Match.objects.filter(pk=melee.pk).update(table_actions=False)
    text = _page(client, melee)
    assert 'data-ref="' in text and "aria-haspopup" not in text and "data-zone" not in text


def _poll(client, match: Match, **extra: str) -> str:
    query = {"v": "0", "c": "0", "k": "", "s": "active", "e": "0", **extra}
    return client.get(f"/play/{match.pk}/poll/", query, HTTP_HX_REQUEST="true").content.decode()


def _asked(match: Match) -> Match:
    """Bob asks Ann something about a card of hers: a request on her board."""
    bob = User.objects.get(username="bob")
    state = match_state(match)
    asked = next(
        a
        for a in table_actions(state, 1)
        if a.kind == "table:request" and a.cards and a.cards[0] in state.players[0].in_play
    )
    return match_table_act(match_id=match.pk, user=bob, action=str(asked), version=match.version)


def test_an_update_draws_the_table_menu_only_for_a_page_that_shows_it(client, melee):
    melee = _asked(melee)
    state = match_state(melee)
    offered = {str(a) for a in table_actions(state, 0)}
    drawn, left_out = _poll(client, melee, table="1"), _poll(client, melee)
    for text in (drawn, left_out):  # the request and the tiles' menus either way
        assert 'id="table-requests"' in text and "asks ann (Stark)" in text
        assert _menus(_board(text)) == menu_refs(state, 0) & set(_board(text).tiles)
    assert set().union(*_board(drawn).panel.values()) <= offered
    assert 'id="table-player"' in drawn and "data-lazy" not in drawn
    assert not _board(left_out).panel and 'id="table-player"' not in left_out
    assert f'data-lazy="/play/{melee.pk}/table/"' in left_out
    # An action posted from a page that shows it gets it back too.
    act = client.post(
        f"/play/{melee.pk}/act/",
        {"action": "p0:table:look=1", "seen": melee.version, "table": "1"},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert 'id="table-player"' in act and "Stop looking at the deck" in act


def test_the_table_menu_alone_is_the_pages_menu(client, melee):
    page = _board(_page(client, melee))
    response = client.get(f"/play/{melee.pk}/table/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    text = response.content.decode()
    assert text.lstrip().startswith('<details class="table-menu" id="table-menu"')
    alone = _board(text)
    assert alone.panel == page.panel and alone.panel
    assert f'data-v="{melee.version}"' in text and "csrfmiddlewaretoken" in text
    state = match_state(melee)
    refs, names = shown(state, 0)
    assert not leaked(without_tokens(html.unescape(text)), state, set(state.cards) - refs, names)


def test_the_table_menu_is_refused_to_whoever_has_none(client, melee):
    url = f"/play/{melee.pk}/table/"
    client.logout()
    spectator = client.get(url)
    assert spectator.status_code == 403 and b"seated" in spectator.content
    assert b"table-card" not in spectator.content
    client.force_login(User.objects.get(username="ann"))
    Match.objects.filter(pk=melee.pk).update(table_actions=False)
    off = client.get(url)
    assert off.status_code == 409 and b"refresh" in off.content
    assert client.post(url).status_code == 405
    assert client.get("/play/999999/table/").status_code == 404
