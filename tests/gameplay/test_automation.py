"""Saying what is automated: a card whose text the engine does not play is marked on the board
(a word, with the hover text and preview note "Text not automated: use table actions"), a
hidden card carries nothing, and the new-match page says how much of each deck it offers
plays automatically."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from gameplay.board import board
from gameplay.engine.abilities import SCRIPTS, only_scripts
from gameplay.engine.game import PlayerConfig
from gameplay.engine.simulate import load_deck
from gameplay.models import Match
from gameplay.services import SeatSpec, core_deck, match_create, match_state
from gameplay.templatetags.matchtags import player_html
from tests.gameplay.scenario import build

# Cards of The Blue is Calling (the last chapter pack), played here as cards whose text the
# engine does not play (their scripts are left out by the fixture below: every pack is
# scripted now), and a Core Set card it does.
GUYARD, STAG, SHIPWRIGHT = "w_101", "w_103", "w_105"
KNIGHT = "core_17"  # Winterfell Honor Guard: its text has a script
TITLE = 'title="Text not automated: use table actions"'
NOTE = 'data-card-note="Text not automated: use table actions"'


@pytest.fixture(autouse=True)
def _not_scripted():
    """The example cards without their scripts, as cards the engine does not play."""
    with only_scripts(lambda code: code not in {GUYARD, STAG, SHIPWRIGHT}):
        yield


def test_the_cards_are_not_scripted() -> None:
    assert not {GUYARD, STAG, SHIPWRIGHT} & set(SCRIPTS)


def _cards(html: str) -> dict[str, tuple[str, str]]:
    """Each previewable card of a player's area by code: its opening tag, and what it shows
    up to the next card or the end of its zone."""
    found = {}
    for part in re.split(r'(?=<span class="gcard)', html)[1:]:
        tag = part[: part.index(">") + 1]
        code = re.search(r'data-card="([^"]+)"', tag)
        if code:
            found[code.group(1)] = (tag, part.split("</div>")[0])
    return found


def test_a_card_not_automated_is_marked_and_an_automated_one_is_not() -> None:
    players = [
        {"house": "Baratheon", "in_play": [GUYARD, KNIGHT], "hand": [STAG]},
        {"house": "Greyjoy", "hand": [SHIPWRIGHT], "in_play": [KNIGHT]},
    ]
    state = build(phase="marshalling", players=players)
    mine = board(state, 0, ["ann", "bob"])
    me = mine["me"]
    knight = me["characters"][1]["code"]
    assert knight == KNIGHT and knight in SCRIPTS
    assert [(c["code"], c["manual"]) for c in me["characters"]] == [(GUYARD, True), (knight, False)]
    assert [(c["code"], c["manual"]) for c in me["hand"]] == [(STAG, True)]
    html = str(player_html(me, [], True, "joust"))
    cards = _cards(html)
    tag, shown = cards[GUYARD]
    # A word on the card itself (no hover needed, not a colour only), and the hover text and
    # preview note.
    assert '<span class="manual-tag">manual</span>' in shown
    assert TITLE in tag and NOTE in tag
    assert '<span class="manual-tag">manual</span>' in cards[STAG][1]
    tag, shown = cards[knight]
    assert "manual" not in shown and "title=" not in tag and "data-card-note" not in tag
    assert html.count('class="manual-tag"') == 2


def test_a_hidden_card_carries_no_mark() -> None:
    """Bob's hand holds a card not automated: Ann's board shows it nowhere, marked or not."""
    players = [
        {"house": "Baratheon", "in_play": [KNIGHT]},
        {"house": "Greyjoy", "hand": [SHIPWRIGHT, STAG], "in_play": [KNIGHT]},
    ]
    state = build(phase="marshalling", players=players)
    view = board(state, 0, ["ann", "bob"])
    html = "".join(str(player_html(p, [], True, "joust")) for p in view["players"])
    assert "manual" not in html and "Not automated" not in html.lower()
    assert SHIPWRIGHT not in html and STAG not in html
    bob = next(p for p in view["players"] if not p["is_me"])
    assert bob["hand"] == [] and bob["hand_count"] == 2
    # Bob sees his own hand marked.
    his = board(state, 1, ["ann", "bob"])
    assert {c["code"]: c["manual"] for c in his["me"]["hand"]} == {SHIPWRIGHT: True, STAG: True}


def _manual_deck() -> PlayerConfig:
    """The Greyjoy starter deck's plots and a draw deck of a card the engine does not play
    (The Blue is Calling's Ser Guyard Morrigen): Ann's hand is sure to hold one."""
    greyjoy = load_deck("kings-of-the-sea-greyjoy")
    plots = [code for code in greyjoy.deck if _is_plot(code)]
    return PlayerConfig("Greyjoy", (GUYARD,) * 60 + tuple(plots))


def _is_plot(code: str) -> bool:
    from gameplay.engine.card_facts import load_cards

    return load_cards()[code].type == "plot"


@pytest.mark.django_db
def test_the_match_page_marks_the_players_own_cards_and_hides_the_others(django_user_model):
    ann, bob = (django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob"))
    match = match_create(
        creator=ann,
        variant="joust",
        seats=[
            SeatSpec(_manual_deck(), user=ann),
            SeatSpec(core_deck("core-lannister"), user=bob),
        ],
        seed=5,
    )
    state = match_state(Match.objects.get(pk=match.pk))
    manual_in_hand = [
        r for r in state.players[0].hand if state.code(r) not in SCRIPTS and state.code(r)
    ]
    assert manual_in_hand, "the seed deals Ann a card the engine does not play"
    pages = {}
    for user in (ann, bob):
        client = Client()
        client.force_login(user)
        pages[user.username] = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert 'class="manual-tag"' in pages["ann"] and NOTE in pages["ann"]
    # Bob's Core Set cards all play automatically, and Ann's hand is hidden from him.
    assert 'class="manual-tag"' not in pages["bob"] and "data-card-note" not in pages["bob"]


@pytest.mark.django_db
def test_the_new_match_page_says_how_much_of_each_deck_plays_automatically(
    client, django_user_model
):
    from decks import services as deck_services
    from decks.check import read_deck

    ann = django_user_model.objects.create_user("ann", password="pw")
    text = (settings.BASE_DIR / "fixtures" / "decks" / "core-baratheon.txt").read_text()
    entries = dict(read_deck(text)[0].entries)
    swapped = next(code for code in entries if code.startswith("core_") and entries[code] >= 2)
    entries[swapped] -= 2
    entries[GUYARD] = 2
    deck = deck_services.deck_create(owner=ann, name="Rainbow", house="Baratheon", entries=entries)
    client.force_login(ann)
    response = client.get(reverse("play:new"))
    assert response.status_code == 200
    page = response.content.decode()
    assert f'value="deck:{deck.pk}"' in page  # offered: legal for casual play
    section = page[page.index('id="automation"') :]
    rows = dict(re.findall(r'<li data-deck="([^"]+)">(.*?)</li>', section, re.S))

    def words(value: str) -> str:
        return " ".join(re.sub(r"<[^>]+>", "", rows[value]).split())

    assert (
        words("core:core-stark") == "Core Set: Stark: All 67 cards play automatically in a match."
    )
    assert words(f"deck:{deck.pk}") == (
        "Rainbow (Baratheon): 65 of 67 cards play automatically in a match; not yet (played "
        "with table actions): Ser Guyard Morrigen ×2."
    )
    assert f'data-card="{GUYARD}"' in rows[f"deck:{deck.pk}"]
    assert "card-preview.js" in page
