"""The game log's filter and card names (issue 32): each line says whose doing it is
(``data-seats``, and ``data-mine`` for the viewer's own seat) for the "Mine / All" filter,
which ``?log=mine`` applies without JavaScript; a card name in a line is a button naming
that card only (its code, and the id of its tile only when the viewer's board shows it);
and no page, poll or replay names a card its reader may not see.

The match is real: a joust played by the greedy bot's choices through the same services as
a browser (``match_act``), with a card moved from play to a hand by hand (a table action)
so that a line names a card that is hidden now."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.urls import reverse

from gameplay.board import board, visible_codes
from gameplay.engine.card_facts import load_cards
from gameplay.engine.observe import observe
from gameplay.engine.state import GameState
from gameplay.eventlog import acting_seats, ref_codes
from gameplay.models import Match
from gameplay.replaynav import replay_at
from gameplay.services import (
    SeatSpec,
    core_deck,
    match_act,
    match_config,
    match_create,
    match_state,
)
from gameplay.services.manual import match_table_act
from gameplay.services.play import bot_choice
from tests.gameplay.test_replay_nav import finished_match
from tests.gameplay.test_table_hidden import leaked, shown
from tests.pages import without_tokens

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
LINE = re.compile(r'<li data-seats="([\d ]*)"( data-mine="1")?>(.*?)</li>', re.S)
BUTTON = re.compile(
    r'<button type="button" class="log-card" data-card="([^"]+)"([^>]*)>(.*?)</button>'
)
LABELS = ("ann (Stark)", "bob (Lannister)")


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob")]


def client_for(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def played(people, decisions: int, *, seed: int = 7) -> Match:
    """A joust of ``people`` after ``decisions`` of the greedy bot's choices."""
    match = match_create(
        creator=people[0],
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=people[0]),
            SeatSpec(core_deck("core-lannister"), user=people[1]),
        ],
        seed=seed,
    )
    return advanced(match, people, decisions)


def advanced(match: Match, people, decisions: int) -> Match:
    for _ in range(decisions):
        if match.status != Match.Status.ACTIVE or not match.waiting:
            break
        seat = match.waiting[0]
        action = bot_choice("greedy", match_state(match), seat, match.version)
        match = match_act(
            match_id=match.pk, user=people[seat], action=str(action), version=match.version
        )
    return match


def page_of(client: Client, match: Match, query: str = "") -> str:
    return client.get(reverse("play:match", args=[match.pk]) + query).content.decode()


def lines(page: str) -> list[tuple[list[int], bool, str]]:
    """The log's lines: (their seats, whether marked mine, their inner HTML)."""
    log = page.split('<ol id="log-lines"', 1)[1].split("</ol>", 1)[0]
    return [
        (sorted(int(s) for s in seats.split()), bool(mine), inner)
        for seats, mine, inner in LINE.findall(log)
    ]


def words(inner: str) -> str:
    """A line as its reader reads it: the round, then the sentence."""
    return html.unescape(re.sub(r"<[^>]+>", "", inner))


def test_each_line_says_whose_doing_it_is(people):
    match = played(people, 60)
    state = match_state(match)
    assert state.phase != "setup"
    for seat, user in enumerate(people):
        found = lines(page_of(client_for(user), match))
        assert len(found) > 20
        for seats, mine, inner in found:
            text = words(inner)
            assert mine == (seat in seats), text
            # "ann (Stark) marshals ..." is ann's doing; a new phase is nobody's.
            for number, label in enumerate(LABELS):
                if re.match(rf"R\d+ {re.escape(label)} ", text):
                    assert seats == [number], text
            if "phase begins" in text or re.match(r"R\d+ Round \d+ begins", text):
                assert seats == [], text
        assert any(mine for _, mine, _ in found) and not all(mine for _, mine, _ in found)
    # A spectator's lines carry the seats, none of them marked as the reader's.
    watcher = lines(page_of(client_for(), match))
    assert watcher and not any(mine for _, mine, _ in watcher)
    assert {tuple(seats) for seats, _, _ in watcher} >= {(0,), (1,), ()}


def test_the_acting_seat_is_read_from_the_event():
    assert acting_seats({"event": "marshalled", "seat": 1, "card": "c4"}) == [1]
    # An answered request is the answering seat's doing; a withdrawn one the asker's.
    answer = {"event": "table_answer", "seat": 0, "to": 1, "answer": "accepted"}
    assert acting_seats(answer) == [1]
    assert acting_seats({**answer, "answer": "withdrawn"}) == [0]
    # Honor Guard: the seat whose ability put the card into play under another's control.
    assert acting_seats({"event": "put_into_play", "seat": 1, "by": 0, "card": "c9"}) == [0]
    assert acting_seats({"event": "challenge_resolved", "attacker": 1, "defender": 0}) == [1]
    assert acting_seats({"event": "lasting_effect", "subject": "1>0:power"}) == [1]
    assert acting_seats({"event": "lasting_effect", "subject": 0}) == [0]
    assert acting_seats({"event": "phase", "phase": "draw"}) == []
    assert acting_seats({"event": "dominance", "seat": None}) == []
    assert acting_seats({"event": "killed", "card": "c3"}) == []  # the board: its owner's


def test_without_javascript_mine_shows_only_the_viewers_lines(people):
    match = played(people, 60)
    ann = client_for(people[0])
    every = lines(page_of(ann, match))
    page = page_of(ann, match, "?log=mine")
    mine = lines(page)
    assert mine == [line for line in every if line[1]]
    assert 0 < len(mine) < len(every)
    assert all(words(inner).startswith("R") and 0 in seats for seats, _, inner in mine)
    head = page.split('<section id="log"', 1)[1].split("<ol", 1)[0]
    assert 'class="game-log only-mine"' in head and 'data-filtered="mine"' in head
    assert '<a href="?log=mine" data-log-show="mine" aria-current="true">Mine</a>' in head
    assert '<a href="?log=all" data-log-show="all">All</a>' in head
    # "All" again, and a spectator (no seat of their own) sees every line and no filter.
    assert lines(page_of(ann, match, "?log=all")) == every
    watching = page_of(client_for(), match, "?log=mine")
    assert len(lines(watching)) == len(every) and "data-log-show" not in watching


def test_the_replay_filters_the_lines_of_the_player_watching_it(people):
    match = finished_match(people, rounds=2)
    url = reverse("play:replay", args=[match.pk])
    ann = client_for(people[0])
    every = lines(ann.get(url).content.decode())
    page = ann.get(url, {"log": "mine"}).content.decode()
    assert lines(page) == [line for line in every if line[1]] and lines(page)
    step = re.search(r"Move (\d+) of", page).group(1)
    assert f'href="?step={step}&amp;log=all" data-log-show="all">All</a>' in page
    assert 'class="log-card"' in page  # the same card names as the board's log


def _told(state: GameState, seat: int | None) -> set[str]:
    """The names the log this seat reads gave by printed code (a card searched for, taken
    into hand, moved by hand): a line may name them again wherever the card is now."""
    cards, logged = load_cards(), ref_codes(state.log)
    found: set[str] = set()
    for event in observe(state, seat)["log"]:
        for value in event.values():
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, str) and item in cards:
                    found.add(cards[item].name)
                elif isinstance(item, str) and logged.get(item) in cards:
                    found.add(cards[logged[item]].name)
    return found


def check_page(page: str, state: GameState, seat: int | None) -> int:
    """Nothing on ``page`` names a card ``seat`` may not see, except what its log told; each
    card name in the log names only the card its line names, with the id of its tile only
    where the board shows that card. Returns how many card names the log has."""
    # A visible tile's traits are words, not names ("Lady." is a trait and a direwolf).
    text = without_tokens(html.unescape(re.sub(r'<span class="gtraits">[^<]*</span>', "", page)))
    refs, names = shown(state, seat)
    told = _told(state, seat)
    found = leaked(text, state, set(state.cards) - refs, names | told)
    assert not found, [text[max(0, text.find(n) - 200) :][:300] for n in found]
    cards, seen = load_cards(), visible_codes(observe(state, seat))
    count = 0
    for _, _, inner in lines(page):
        sentence = words(inner)
        for printed, rest, name in BUTTON.findall(inner):
            name = html.unescape(name)
            assert cards[printed].name == name and name in sentence, (printed, sentence)
            assert name in names | told, sentence
            ref = re.search(r'data-log-ref="(c\d+)"', rest)
            if ref:  # only a card the board shows, with that tile on the page
                assert seen.get(ref.group(1)) == printed, sentence
                assert f'data-ref="{ref.group(1)}"' in page
            count += 1
    return count


def test_card_names_in_the_log_name_only_what_each_reader_may_see(people):
    match = played(people, 30)
    ann, bob, watcher = client_for(people[0]), client_for(people[1]), client_for()
    readers = {0: ann, 1: bob, None: watcher}
    named = 0
    for _ in range(4):
        state = match_state(match)
        for seat, client in readers.items():
            for query in ("", "?log=mine"):
                named += check_page(page_of(client, match, query), state, seat)
        match = advanced(match, people, 25)
    assert named > 50
    replay_match = finished_match(people, rounds=2, seed=3)
    for step in (40, 120, None):
        query = {"step": step} if step is not None else {}
        page = watcher.get(reverse("play:replay", args=[replay_match.pk]), query)
        actions = list(replay_match.actions.order_by("number").values_list("text", flat=True))
        at = replay_at(
            match_id=replay_match.pk,
            stamp=replay_match.created.isoformat(),
            config=match_config(replay_match),
            actions=actions,
            step=None if step is None else str(step),
            round_=None,
            phase=None,
        )
        assert check_page(page.content.decode(), at.state, None) > 0


def test_a_card_moved_into_a_hand_by_hand_keeps_its_name_but_not_its_tile(people):
    """Ann moves a character of hers from play to her hand by hand: the line names it (the
    log tells it), to Bob without the id of a tile (her hand is hidden from him), to Ann
    with it (her hand is on her board); the poll appends the same."""
    match = played(people, 60)
    state = match_state(match)
    mine = [r for r in state.players[0].in_play if state.in_play[r].attached_to is None]
    ref = next(r for r in mine if not any(a.attached_to == r for a in state.in_play.values()))
    name = load_cards()[state.code(ref)].name
    bob, ann = client_for(people[1]), client_for(people[0])
    seen = re.search(r'name="log_seen" value="(\d+)"', page_of(bob, match)).group(1)
    match = match_table_act(
        match_id=match.pk, user=people[0], action=f"p0:table:move:{ref}=hand", version=match.version
    )
    state = match_state(match)
    assert ref in state.players[0].hand
    poll = reverse("play:poll", args=[match.pk])
    for reader, client in ((1, bob), (0, ann)):
        query = {"v": 0, "c": 0, "k": "x", "e": seen}
        text = client.get(poll, query, **HTMX).content.decode()
        added = text.split('<ol id="log-lines" hx-swap-oob="beforeend">', 1)[1].split("</ol>")[0]
        line = next(inner for _, _, inner in LINE.findall(added) if "by hand" in inner)
        assert f'data-card="{state.code(ref)}"' in line and f">{html.escape(name)}</button>" in line
        assert (f'data-log-ref="{ref}"' in line) == (reader == 0), (reader, line)
        check_page(page_of(client, match), state, reader)
        assert (ref in page_of(client, match)) == (reader == 0)


def test_a_line_links_each_name_it_shows_once_per_time_it_shows_it():
    """Two cards of one name in one line: two buttons, each its own card."""
    from tests.gameplay.scenario import build

    state = build(
        phase="challenges",
        players=[
            {"in_play": ["Direwolf Pup", "Direwolf Pup"], "revealed_plot": "Summoning Season"},
            {"house": "Lannister", "revealed_plot": "Summoning Season"},
        ],
    )
    pups = list(state.players[0].in_play)
    state.log.append({"event": "stood_all", "round": 1, "cards": pups})
    line = board(state, 0, ["ann", "bob"])["log"][-1]
    assert line["text"] == "Direwolf Pup and Direwolf Pup stand."
    assert [(p["text"], p["ref"]) for p in line["parts"] if p["code"]] == [
        ("Direwolf Pup", pups[0]),
        ("Direwolf Pup", pups[1]),
    ]
    assert line["seats"] == [0] and line["mine"]  # no seat in the event: the cards' owner


def test_visible_codes_finds_every_shown_card_and_nothing_else():
    from types import MappingProxyType

    view = {
        "players": [
            {
                "hand": [{"id": "c1", "code": "core_1"}],
                "in_play": ({"id": "c2", "code": "core_2"},),
            },
            {"hand_count": 7, "deck_count": 40},
        ],
        "log": [{"event": "draw", "seat": 0, "count": 2}, {"event": "x", "card": "c9"}],
        "extra": MappingProxyType({"nested": [{"id": "c3", "code": "core_3"}]}),
        "odd": [{"id": 4, "code": "core_4"}, {"id": "c5", "code": None}],
        "prompt": {"cards": {"c6": "core_6", "c7": 7}},
    }
    assert visible_codes(view) == {"c1": "core_1", "c2": "core_2", "c3": "core_3", "c6": "core_6"}
    assert visible_codes([]) == {} and visible_codes("text") == {}
