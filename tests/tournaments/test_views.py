"""The event pages: organizers run the night through them; players watch and report."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.tournaments.conftest import decklist
from tournaments.models import AuditEntry, Entrant, Event, Table
from tournaments.rounds.services import result_enter, round_pair
from tournaments.services import entrant_register

pytestmark = pytest.mark.django_db

HOUSES = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]


def cells(body: str) -> list[list[str]]:
    """The text of each table row's cells (tags stripped)."""
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        found = re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        if found:
            rows.append([re.sub(r"<[^>]+>", "", c).strip() for c in found])
    return rows


def url(name, event, *args):
    return reverse(f"tournaments:{name}", args=[event.pk, *args])


@pytest.fixture
def four(event, organizer):
    players = []
    for i, name in enumerate(["ann", "bob", "cat", "dan"]):
        user = User.objects.create_user(name, password="x-long-pass-1")
        players.append(
            entrant_register(
                event=event,
                user=organizer,
                player=user,
                name=name.title(),
                deck=decklist(HOUSES[i]),
            )
        )
    return players


def test_an_organizer_creates_an_event_from_the_form(client, organizer):
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:event_new"),
        {
            "name": "Friday Joust",
            "date": "2026-12-04",
            "format": "joust",
            "deck_format": "joust",
            "round_minutes": 55,
            "points_win": 5,
            "points_modified_win": 4,
            "points_draw": 2,
            "points_modified_loss": 1,
            "points_loss": 0,
            "late_entry_losses": "on",
            "player_reports": "on",
        },
    )
    event = Event.objects.get(name="Friday Joust")
    assert response.status_code == 302
    assert response["Location"] == url("event_manage_players", event)
    assert event.organizer == organizer and event.date == datetime.date(2026, 12, 4)


def test_a_bad_event_form_names_the_problem_and_keeps_the_input(client, organizer):
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:event_new"),
        {"name": "Oops", "date": "someday", "format": "joust", "deck_format": "joust",
         "round_minutes": 55, "points_win": 2, "points_modified_win": 4, "points_draw": 2,
         "points_modified_loss": 1, "points_loss": 0, "cut_size": 6},
    )  # fmt: skip
    assert response.status_code == 400
    body = response.content.decode()
    assert "Enter a valid date" in body and 'value="Oops"' in body
    assert not Event.objects.filter(name="Oops").exists()


def test_registration_from_the_manage_page_refuses_an_illegal_deck_and_keeps_the_paste(
    client, event, organizer
):
    client.force_login(organizer)
    bad = decklist("core-stark").replace("2x Arya Stark", "9x Arya Stark")
    response = client.post(url("event_register", event), {"name": "Walk In", "decklist": bad})
    assert response.status_code == 400
    body = response.content.decode()
    assert "not legal" in body and "9x Arya Stark" in body
    response = client.post(
        url("event_register", event), {"name": "Walk In", "decklist": decklist("core-stark")}
    )
    assert response.status_code == 302
    assert Entrant.objects.get(event=event).name == "Walk In"


def test_the_night_through_the_pages(client, event, organizer, four):
    client.force_login(organizer)
    assert client.post(url("round_pair", event)).status_code == 302
    table = Table.objects.filter(round__event=event).order_by("number").first()
    response = client.post(url("table_result", event, table.pk), {"outcome": "win"})
    assert response.status_code == 302
    # pairing again while a table has no result asks first, then does it when confirmed
    response = client.post(url("round_pair", event))
    assert response.status_code == 409 and "have no result yet" in response.content.decode()
    assert event.round_set.count() == 1
    assert client.post(url("round_pair", event), {"confirm": "1"}).status_code == 302
    assert event.round_set.count() == 2
    page = client.get(url("event_manage", event)).content.decode()
    assert "Round 2" in page and "Pair round 3" in page


def test_pairings_are_sortable_by_name_and_refresh_through_a_partial(
    client, event, organizer, four
):
    round_pair(event=event, user=organizer)
    response = client.get(url("event_pairings", event) + "?sort=name")
    rows = cells(response.content.decode())
    assert [r[0] for r in rows] == ["Ann", "Bob", "Cat", "Dan"]
    tables = {r[0]: r[1] for r in rows}
    assert sorted(tables.values()) == ["1", "1", "2", "2"]
    partial = client.get(url("event_pairings", event), headers={"HX-Request": "true"})
    text = partial.content.decode()
    assert 'id="pairings"' in text and "hx-trigger" in text and "<html" not in text


def test_a_player_reports_only_their_own_table(client, event, organizer, four):
    round_ = round_pair(event=event, user=organizer)
    mine = Table.objects.filter(round=round_, seats__entrant__user__username="ann").get()
    other = Table.objects.filter(round=round_).exclude(pk=mine.pk).get()
    ann = User.objects.get(username="ann")
    client.force_login(ann)
    page = client.get(url("event_pairings", event)).content.decode()
    assert "Report your result (table" in page
    response = client.post(url("table_report", event, other.pk), {"outcome": "win"})
    assert response.status_code == 403
    assert not other.reports.exists()
    client.post(url("table_report", event, mine.pk), {"outcome": "win"})
    assert mine.reports.count() == 1
    # players cannot enter results as organizers, pair, or see the manage page
    assert client.post(url("table_result", event, mine.pk), {"outcome": "win"}).status_code == 403
    assert client.post(url("round_pair", event)).status_code == 403
    assert client.get(url("event_manage", event)).status_code == 403
    assert client.post(url("event_settings", event), {"name": "Mine"}).status_code == 403
    event.refresh_from_db()
    assert event.name == "Store Joust"


def test_standings_page_shows_points_and_tiebreakers(client, event, organizer, four):
    round_ = round_pair(event=event, user=organizer)
    for table in round_.tables.all():
        result_enter(table=table, user=organizer, data={"outcome": "win"})
    body = client.get(url("event_standings", event)).content.decode()
    rows = cells(body)
    # rank, name, points, W-D-L, byes, SoS, ESoS: winners first, each beat a 0-point player
    assert [(r[0], r[2], r[3]) for r in rows] == [
        ("1", "5", "1-0-0"),
        ("2", "5", "1-0-0"),
        ("3", "0", "0-0-1"),
        ("4", "0", "0-0-1"),
    ]
    assert [r[5] for r in rows] == ["0", "0", "5", "5"]


def test_decklists_are_private_until_published(client, event, organizer, four):
    deck_url = url("entrant_deck", event, four[0].pk)
    client.force_login(User.objects.get(username="bob"))
    assert client.get(deck_url).status_code == 403
    client.force_login(User.objects.get(username="ann"))
    assert client.get(deck_url).status_code == 200  # her own
    event.publish_decklists = True
    event.save()
    client.logout()
    body = client.get(deck_url).content.decode()
    assert "Winter Is Coming" in body or "Stark" in body


def test_a_player_joins_with_a_pasted_list_and_drops(client, event):
    user = User.objects.create_user("eve", password="x-long-pass-1")
    client.force_login(user)
    response = client.post(url("event_join", event), {"decklist": "nonsense 3x"})
    assert response.status_code == 400 and "not legal" in response.content.decode()
    assert "nonsense 3x" in response.content.decode()
    client.post(url("event_join", event), {"decklist": decklist("core-targaryen")})
    entrant = Entrant.objects.get(event=event, user=user)
    client.post(url("entrant_action", event, entrant.pk, "drop"))
    entrant.refresh_from_db()
    assert entrant.dropped


def test_cut_bracket_and_printable_pages(client, organizer):
    from tournaments.services import event_create

    event = event_create(
        organizer=organizer, name="Cut Night", date=datetime.date(2026, 12, 1), rounds=1
    )
    for i in range(4):
        entrant_register(event=event, user=organizer, name=f"P{i}", deck=decklist(HOUSES[i]))
    client.force_login(organizer)
    client.post(url("round_pair", event))
    for table in Table.objects.filter(round__event=event):
        client.post(url("table_result", event, table.pk), {"outcome": "win"})
    client.post(url("cut_start", event), {"size": "4"})
    event.refresh_from_db()
    assert event.status == "cut"
    bracket = client.get(url("event_bracket", event)).content.decode()
    assert bracket.count('class="match"') == 2
    slips = client.get(url("match_slips", event, 2)).content.decode()
    assert slips.count('class="slip"') == 2
    results = client.get(url("event_results", event)).content.decode()
    assert "Round 1" in results and "Semifinals" in results and "Round 2" not in results
    assert client.post(url("cut_start", event), {"size": "four"}).status_code == 302
    assert AuditEntry.objects.filter(event=event, action="cut_started").count() == 1


def test_melee_and_team_events_render_their_own_result_forms(client, organizer):
    from tournaments.services import event_create

    melee = event_create(
        organizer=organizer,
        name="Melee Night",
        date=datetime.date(2026, 12, 1),
        format="melee",
        deck_format="melee",
    )
    for i in range(7):
        entrant_register(event=melee, user=organizer, name=f"M{i}", deck=decklist(HOUSES[i % 4]))
    round_pair(event=melee, user=organizer)
    client.force_login(organizer)
    page = client.get(url("event_manage", melee)).content.decode()
    assert page.count('name="place_') == 7 and 'name="outcome"' not in page
    four = next(t for t in Table.objects.filter(round__event=melee) if t.seats.count() == 4)
    seats = list(four.seats.order_by("seat"))
    data = {f"place_{s.entrant_id}": n for n, s in enumerate(seats, start=1)}
    client.post(url("table_result", melee, four.pk), data)
    four.refresh_from_db()
    assert four.reported
    standings = cells(client.get(url("event_standings", melee)).content.decode())
    assert standings[0][2] == "10"

    teams = event_create(
        organizer=organizer, name="Pairs Night", date=datetime.date(2026, 12, 2), format="teams"
    )
    page = client.get(url("event_manage_players", teams)).content.decode()
    assert "Partner&#x27;s decklist" in page or "Partner's decklist" in page
    response = client.post(
        url("event_register", teams), {"name": "Team A", "decklist": decklist("core-stark")}
    )
    assert response.status_code == 400 and "two decks" in response.content.decode()
