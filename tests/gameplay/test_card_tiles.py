"""The board's cards as tiles (issue 32, "A table layout"): what a tile shows of a card its
viewer may see (name, cost, STR, icons, crests, traits, House, knelt, power, gold,
duplicates, attachments under it), escaped; and that a card its viewer may not see (another
player's hand, face-down setup cards) is a back that names nothing. The melee position here
is the one of the screenshots in docs/PLAY.md (tests/browser/test_card_tiles.py)."""

from __future__ import annotations

import re
from html import unescape
from html.parser import HTMLParser

import pytest

from gameplay.board import board
from gameplay.engine.actions import Action
from gameplay.engine.card_facts import load_cards
from gameplay.engine.game import apply
from gameplay.engine.state import GameState
from gameplay.templatetags.matchtags import card_html, player_html
from tests.gameplay.scenario import build, in_play

NAMES = ["ann", "bob", "cat", "dan"]


def melee_position() -> GameState:
    """A four-player melee in round 3, at the start of the marshalling turn of bob (seat 1,
    the first player), with cards of the whole pool: knelt cards, power, gold (Tywin
    Lannister), duplicates, cards of two Houses and of all six (Jaqen H'ghar), attachments,
    and hidden hands. Ann (seat 0) has nothing to decide: her board is all table."""
    state = build(
        phase="marshalling",
        round=3,
        first_player=1,
        auto_pass=False,
        players=[
            {
                "house": "Stark",
                "title": "master_of_laws",
                "gold": 6,
                "power": 4,
                "revealed_plot": "Summoning Season",
                "used_plots": ["Rains of Autumn", "Calm Over Westeros"],
                "in_play": [
                    {"card": "core_5", "knelt": True, "power": 2, "attachments": ["core_1"]},
                    {"card": "kotse_33", "power": 1, "duplicates": ["kotse_33", "kotse_33"]},
                    {"card": "acoa_43", "power": 1, "attachments": ["core_140", "dotn_55"]},
                    "core_7",
                    "low_23",
                    "core_33",
                ],
                "hand": ["core_17", "soo_35", "kr_34", "pots_45", "core_8"],
                "dead": ["kl_41"],
                "discard": ["core_121"],
            },
            {
                "house": "Lannister",
                "title": "master_of_coin",
                "gold": 2,
                "power": 5,
                "revealed_plot": "Tourney for the Hand",
                "in_play": [
                    {"card": "core_40", "power": 2},
                    {"card": "pots_9", "knelt": True, "attachments": ["kr_108"]},
                    "core_50",
                    {"card": "dotn_23", "knelt": True},
                    "lotr_24",
                    "lotr_31",
                ],
                "hand": ["core_49", "lotr_16", "lotr_17", "lotr_18"],
                "dead": ["core_50"],
            },
            {
                "house": "Targaryen",
                "title": "crown_regent",
                "power": 7,
                "revealed_plot": "Noose and Swordpoint",
                "in_play": [
                    {"card": "core_106", "power": 3, "duplicates": ["core_106"]},
                    {"card": "core_111", "knelt": True, "power": 1},
                    "core_112",
                    "core_121",
                    "core_125",
                    "core_134",
                ],
                "hand": ["qod_7", "qod_11", "core_120"],
            },
            {
                "house": "Martell",
                "title": "hand_of_the_king",
                "gold": 1,
                "power": 2,
                "revealed_plot": "Rule by Decree",
                "in_play": [
                    {"card": "pots_1", "power": 2, "attachments": ["pots_47"]},
                    {"card": "pots_3", "knelt": True},
                    "pots_16",
                    "pots_13",
                ],
                "hand": ["acoa_9", "pots_28", "atoc_34", "cad_10", "kl_75", "atoc_113"],
            },
        ],
    )
    (tywin,) = in_play(state, 1, "core_40")
    state.in_play[tywin].gold = 3
    return state


class Tiles(HTMLParser):
    """The tiles of some board HTML: each card's attributes and the text of its name, as a
    browser parses them (escaped values come back as they were)."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[dict[str, str]] = []
        self.labels: list[str] = []
        self._name: dict[str, str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if "aria-label" in attrs:
            self.labels.append(attrs["aria-label"])
        if "gcard" in classes:
            self.cards.append({**attrs, "name": ""})
        elif "gname" in classes and self.cards:
            self._name = self.cards[-1]

    def handle_data(self, data):
        if self._name is not None:
            self._name["name"] += data

    def handle_endtag(self, tag):
        self._name = None


def parse(html: str) -> Tiles:
    tiles = Tiles()
    tiles.feed(str(html))
    return tiles


def test_a_tile_shows_the_cards_printed_facts_and_its_state():
    state = melee_position()
    me = board(state, 0, NAMES)["me"]
    eddard = next(c for c in me["characters"] if c["code"] == "core_5")
    html = str(card_html(eddard))
    tiles = parse(html)
    host, ice = tiles.cards
    assert host["name"] == "Eddard Stark" and ice["name"] == "Ice"
    # The preview's hooks, and the classes that colour and turn it.
    assert host["data-card"] == "core_5" and host["tabindex"] == "0" and host["role"] == "button"
    assert host["data-ref"] == eddard["id"]
    assert host["class"].split()[:2] == ["gcard", "gtile"]
    assert {"type-character", "house-stark", "knelt", "unique"} <= set(host["class"].split())
    # Cost, STR, icons and crest, with words for a screen reader; traits; knelt in words.
    assert "Cost 4" in tiles.labels and '<span class="str">3 STR</span>' in html
    assert "Military and Power icons" in tiles.labels and "Noble crest" in tiles.labels
    assert '<span class="gtraits">Lord.</span>' in html
    assert '<span class="knelt-tag">knelt</span>' in html
    assert "2 power" in tiles.labels and "♦2" in html
    # Its attachment is a strip under it, a card of its own (its text a tap away).
    assert ice["class"].split()[:2] == ["gcard", "gatt"] and ice["data-card"] == "core_1"
    assert "Attached to Eddard Stark" in tiles.labels
    assert html.index('class="gunder"') > html.index('data-card="core_5"')


def test_counters_gold_duplicates_and_a_standing_card():
    state = melee_position()
    view = board(state, 0, NAMES)
    bob = next(p for p in view["players"] if p["seat"] == 1)
    tywin = next(c for c in bob["characters"] if c["code"] == "core_40")
    html = str(card_html(tywin))
    assert "3 gold" in parse(html).labels and "●3" in html
    assert "knelt" not in html
    me = view["me"]
    robb = next(c for c in me["characters"] if c["code"] == "kotse_33")
    html = str(card_html(robb))
    assert "2 duplicates" in parse(html).labels and ">+2<" in html
    assert "stacked" in parse(html).cards[0]["class"].split()
    # A duplicate lying face down (Ser Davos Seaworth) is counted, never named.
    hidden = dict(robb, duplicates=[{"id": None, "code": None, "face_down": True, "name": "?"}])
    html = str(card_html(hidden))
    assert "1 duplicate, 1 face down" in parse(html).labels and "None" not in html


def test_houses_colour_the_band_and_a_plot_shows_its_values():
    state = melee_position()
    view = board(state, 0, NAMES)
    me = view["me"]
    jaqen = next(c for c in me["characters"] if c["code"] == "acoa_43")
    assert "houses-many" in parse(card_html(jaqen)).cards[0]["class"].split()
    sea = next(c for c in me["locations"] if c["code"] == "core_33")  # Narrow Sea
    classes = parse(card_html(sea)).cards[0]["class"].split()
    assert {"house-stark", "second-baratheon", "type-location"} <= set(classes)
    assert ">Location<" in str(card_html(sea))
    html = str(player_html(me, [], True, "melee"))
    plot = html.split('class="caption">Plot: </span>', 1)[1].split("</span></span></span>")[0]
    assert "Summoning Season" in plot
    assert all(word in plot for word in ("Income", "Initiative", "Claim"))
    # The House card: its power and the gold pool, as counters.
    assert "4 power on the House card" in parse(html).labels
    assert "6 gold in the gold pool" in parse(html).labels
    # Out of play, a character shows its printed STR and icons.
    guard = next(c for c in me["hand"] if c["code"] == "core_17")
    assert parse(card_html(guard)).cards[0]["name"] == "Winterfell Honor Guard"
    assert " STR</span>" in str(card_html(guard)) and "icons" in str(card_html(guard))


@pytest.mark.parametrize(
    "name",
    ["Jaqen H'ghar", 'The "Mad" King', "<b>Bold</b> & 'quoted'"],
)
def test_names_are_escaped_and_read_back_as_printed(name):
    card = {
        "id": "c1",
        "code": "acoa_43",
        "name": name,
        "type": "character",
        "strength": 3,
        "icons": ["military"],
        "traits": [name],
        "houses": ("Neutral",),
        "attachments": [{"id": "c2", "code": "core_1", "name": name, "type": "attachment"}],
    }
    html = str(card_html(card))
    assert "<b>" not in html
    assert name not in html  # every quote, apostrophe and bracket of it is an entity
    tiles = parse(html)
    assert [c["name"] for c in tiles.cards] == [name, name]  # as a browser reads it
    assert f"Attached to {name}" in tiles.labels
    assert unescape(re.search(r'class="gtraits">([^<]*)<', html).group(1)) == f"{name}."


def test_jaqen_keeps_his_apostrophe_on_the_real_board():
    state = melee_position()
    html = str(player_html(board(state, 0, NAMES)["me"], [], True, "melee"))
    assert "Jaqen H&#x27;ghar" in html and "Jaqen Hghar" not in html
    assert "Jaqen H'ghar" in [c["name"] for c in parse(html).cards]


def _setup_with_hidden_cards() -> tuple[GameState, set[str], set[str]]:
    """Setup of a joust: bob (seat 1, first player) has placed two cards face down and
    holds five more; ann (seat 0) is to place. Returns the state and bob's hidden cards'
    names and codes (none of them among ann's cards or anything public)."""
    cards = load_cards()
    bob_cards = ["core_40", "core_49", "lotr_16", "lotr_17", "lotr_18", "lotr_24", "lotr_31"]
    state = build(
        phase="setup",
        first_player=1,
        auto_pass=False,
        players=[
            {"house": "Stark", "hand": ["core_5", "core_7", "core_17", "low_23"]},
            {"house": "Lannister", "hand": bob_cards},
        ],
    )
    hand = state.players[1].hand
    placed = [r for r in hand if state.code(r) in ("lotr_24", "lotr_17")]
    state = apply(state, Action(1, "setup:place", tuple(placed)))
    assert len(state.players[1].setup_cards) == 2 and len(state.players[1].hand) == 5
    codes = set(bob_cards)
    return state, {cards[c].name for c in codes}, codes


def test_another_players_hand_and_face_down_setup_cards_are_backs():
    state, names, codes = _setup_with_hidden_cards()
    refs = {*state.players[1].hand, *state.players[1].setup_cards, *state.players[1].plot_deck}
    for seat in (0, None):  # ann, and a spectator
        view = board(state, seat, NAMES[:2])
        html = "".join(str(player_html(p, [], True, "joust")) for p in view["players"])
        for name in names:
            assert name not in html and escape_name(name) not in html, name
        for code in codes:
            assert code not in html, code
        for ref in refs:
            assert not re.search(rf'"{ref}"', html), ref
        labels = parse(html).labels
        assert "5 cards in hand, face down" in labels
        assert "2 cards placed for setup, face down" in labels
        assert "2 cards placed face down for setup" in html
    # Bob sees his own: tiles, marked face down, with their names.
    mine = board(state, 1, NAMES[:2])["me"]
    html = str(player_html(mine, [], True, "joust"))
    placed = [c for c in parse(html).cards if "face-down" in c["class"].split()]
    assert sorted(c["name"] for c in placed) == ["Bronn's Hireling", "Casterly Rock"]
    assert len(re.findall(r'class="gcard gtile', html.split('id="my-hand"')[1])) == 5


def escape_name(name: str) -> str:
    from html import escape

    return escape(name)


def test_every_other_players_hand_in_the_melee_is_a_count_of_backs():
    state = melee_position()
    view = board(state, 0, NAMES)
    html = "".join(str(player_html(p, [], True, "melee")) for p in view["players"])
    labels = parse(html).labels
    for seat in (1, 2, 3):
        count = len(state.players[seat].hand)
        assert f"{count} cards in hand, face down" in labels
        for ref in state.players[seat].hand:
            assert f'"{ref}"' not in html
            name = load_cards()[state.code(ref)].name
            public = {load_cards()[state.code(r)].name for p in state.players for r in p.in_play}
            if name not in public and name not in {c["name"] for c in view["me"]["hand"]}:
                assert escape_name(name) not in html, name
    # Ann's own hand: tiles at the bottom of her area, after everything else.
    mine = str(player_html(view["me"], [], True, "melee"))
    assert mine.rindex('id="my-hand"') > mine.rindex('class="piles"')
    assert len(re.findall(r'class="gcard gtile', mine.split('id="my-hand"')[1])) == 5


@pytest.mark.django_db
def test_the_replay_draws_the_same_tiles(django_user_model):
    from django.test import Client
    from django.urls import reverse

    from tests.gameplay.test_replay_nav import finished_match

    people = [django_user_model.objects.create_user(n, password="pw") for n in NAMES[:2]]
    match = finished_match(people, rounds=1)
    page = Client().get(reverse("play:replay", args=[match.pk]), {"step": 20}).content.decode()
    assert "css/board.css" in page
    assert 'id="player-0"' in page and 'id="player-1"' in page
    assert 'class="gtile ghouse house-stark"' in page and "cards in hand, face down" in page
    live = Client().get(reverse("play:match", args=[match.pk])).content.decode()
    assert "css/board.css" in live and 'class="gtile ghouse house-stark"' in live


def test_the_agenda_is_a_tile_beside_the_house_card_for_everyone():
    """An agenda is public from setup on: every player's board, and a spectator's, draws
    it as a tile captioned "Agenda" beside the House card, its text a tap away."""
    from dataclasses import replace

    from gameplay.engine.game import GameConfig, new_game
    from gameplay.engine.simulate import load_deck

    stark = replace(load_deck("core-stark"), agenda="kotst_39")  # Knights of the Realm
    config = GameConfig(players=(stark, load_deck("core-lannister")), seed=3)
    state = new_game(config)
    for seat in (0, 1, None):
        view = board(state, seat, NAMES[:2])
        ann = next(p for p in view["players"] if p["seat"] == 0)
        html = str(player_html(ann, [], True, "joust"))
        slot = html[html.index("agenda-slot") :]
        assert "Agenda: " in slot and "Knights of the Realm" in slot
        assert 'data-card="kotst_39"' in slot
        bob = next(p for p in view["players"] if p["seat"] == 1)
        assert "agenda-slot" not in str(player_html(bob, [], True, "joust"))  # he has none
