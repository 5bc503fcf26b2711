"""Players' reports on the pairings page, disputes settled in one click, refused input kept."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from tests.tournaments.conftest import decklist
from tournaments.models import AuditEntry, Seat, Table
from tournaments.rounds.services import (
    report_accept,
    report_fingerprint,
    result_enter,
    result_report,
    round_pair,
)
from tournaments.services import EventError, entrant_register, event_create

pytestmark = pytest.mark.django_db
HOUSES = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]


def url(name, event, *args):
    return reverse(f"tournaments:{name}", args=[event.pk, *args])


@pytest.fixture
def night(organizer):
    """Four players with accounts, round 1 paired; ``table``: Ann's table, Ann in seat 1."""
    event = event_create(organizer=organizer, name="Friday", date=datetime.date(2026, 12, 4))
    for index, name in enumerate(["ann", "bob", "cat", "dan"]):
        user = User.objects.create_user(name, password="x-long-pass-1")
        entrant_register(
            event=event,
            user=organizer,
            player=user,
            name=name.title(),
            deck=decklist(HOUSES[index]),
        )
    round_ = round_pair(event=event, user=organizer)
    table = Table.objects.get(round=round_, seats__entrant__name="Ann")
    first, second = table.seats.order_by("seat")
    if first.entrant.name != "Ann":  # Ann in seat 1 makes the sentences easy to read
        Seat.objects.filter(pk=first.pk).update(seat=9)
        Seat.objects.filter(pk=second.pk).update(seat=1)
        Seat.objects.filter(pk=first.pk).update(seat=2)
    other = table.seats.get(seat=2).entrant
    return event, table, other


def test_a_player_sees_what_they_reported_until_the_others_report(client, night):
    event, table, other = night
    client.force_login(User.objects.get(username="ann"))
    response = client.post(url("table_report", event, table.pk), {"outcome": "win"})
    assert response.status_code == 302
    page = client.get(url("event_pairings", event)).content.decode()
    assert f"You reported: <strong>Ann beat {other.name}</strong>." in page
    assert f"Waiting for {other.name}." in page
    # it lasts: the next refresh of the page says it again
    again = client.get(url("event_pairings", event), headers={"HX-Request": "true"}).content
    assert f"Waiting for {other.name}.".encode() in again
    assert b"Change your report" in client.get(url("event_pairings", event)).content

    client.force_login(other.user)
    page = client.get(url("event_pairings", event)).content.decode()
    assert f"Ann reported: <strong>Ann beat {other.name}</strong>" in page
    client.post(url("table_report", event, table.pk), {"outcome": "win"})
    client.force_login(User.objects.get(username="ann"))
    page = client.get(url("event_pairings", event)).content.decode()
    assert f"Result recorded: <strong>Ann beat {other.name}</strong>" in page
    assert "Report your result" not in page and "Change your report" not in page


def test_a_dispute_shows_each_claim_and_the_organizer_accepts_one(client, night, organizer):
    event, table, other = night
    ann = User.objects.get(username="ann")
    result_report(table=table, user=ann, data={"outcome": "win", "power_1": "15", "power_2": "9"})
    result_report(table=table, user=other.user, data={"outcome": "modified_loss"})
    table.refresh_from_db()
    assert table.disputed and not table.reported

    client.force_login(other.user)
    page = client.get(url("event_pairings", event)).content.decode()
    assert f"You reported: <strong>{other.name} beat Ann at time</strong>" in page
    assert f"Ann reported: <strong>Ann beat {other.name} (15–9 power)</strong>" in page
    assert "The reports disagree" in page

    client.force_login(organizer)
    manage = client.get(url("event_manage", event)).content.decode()
    article = manage.split(f'id="table-{table.number}"')[1].split("</article>")[0]
    claims = re.findall(
        r'claim-who">(\w+) reported:</span> <strong class="claim-text">([^<]+)</strong>', article
    )
    assert claims == [
        ("Ann", f"Ann beat {other.name} (15–9 power)"),
        (other.name, f"{other.name} beat Ann at time"),
    ]
    assert article.count("Accept this one") == 2
    report = table.reports.get(entrant=other)
    response = client.post(url("report_accept", event, table.pk, report.pk))
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.reported and not table.disputed
    outcomes = [s.outcome for s in table.seats.order_by("seat")]
    assert outcomes == ["modified_loss", "modified_win"]
    entry = AuditEntry.objects.filter(event=event, action="report_accepted").get()
    assert entry.detail["reporter"] == other.name
    audit = client.get(url("event_manage_audit", event)).content.decode()
    assert (
        f"varys accepted {other.name}&#x27;s report for table {table.number} of round 1: "
        f"{other.name} beat Ann at time." in audit
    )
    # a second click (or another organizer) changes nothing and says why
    again = client.post(url("report_accept", event, table.pk, report.pk), follow=True)
    assert again.status_code == 200 and "already has its result" in again.content.decode()


def test_accepting_a_report_is_for_organizers_of_this_table_only(client, night, organizer):
    event, table, other = night
    result_report(table=table, user=other.user, data={"outcome": "draw"})
    report = table.reports.get()
    client.force_login(other.user)
    assert client.post(url("report_accept", event, table.pk, report.pk)).status_code == 403
    stranger = event_create(organizer=organizer, name="Other", date=datetime.date(2026, 12, 5))
    client.force_login(organizer)
    assert client.post(url("report_accept", stranger, table.pk, report.pk)).status_code == 404
    with pytest.raises(EventError, match="no longer there"):
        report_accept(table=table, report_id=report.pk + 100, user=organizer)
    # the organizer read a draw; the player has changed it to a win since
    seen = report_fingerprint(report.result)
    result_report(table=table, user=other.user, data={"outcome": "win"})
    with pytest.raises(EventError, match="has changed"):
        report_accept(table=table, report_id=report.pk, user=organizer, seen=seen)
    table.refresh_from_db()
    assert not table.reported
    result_enter(table=table, user=organizer, data={"outcome": "win"})
    with pytest.raises(EventError, match="already has its result"):
        report_accept(table=table, report_id=report.pk, user=organizer)


def test_a_refused_report_keeps_the_players_choices(client, night):
    event, table, _ = night
    client.force_login(User.objects.get(username="ann"))
    response = client.post(
        url("table_report", event, table.pk),
        {"at_time": "1", "power_1": "16", "power_2": "3", "cannot_win_2": "1"},
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert 'role="alert"' in body and "Result at time" in body
    assert 'name="power_1" value="16"' in body and 'name="power_2" value="3"' in body
    assert re.search(r'name="cannot_win_2" value="1" checked', body)
    assert re.search(r'name="at_time" value="1" checked', body)
    assert not table.reports.exists()


def test_a_refused_result_on_the_manage_page_keeps_what_was_entered(client, night, organizer):
    event, table, _ = night
    client.force_login(organizer)
    response = client.post(
        url("table_result", event, table.pk), {"at_time": "1", "power_1": "abc", "power_2": "7"}
    )
    assert response.status_code == 400
    body = response.content.decode()
    article = body.split(f'id="table-{table.number}"')[1].split("</article>")[0]
    assert "must be a whole number" in article and 'role="alert"' in article
    assert 'name="power_1" value="abc"' in article and 'name="power_2" value="7"' in article
    assert '<details class="at-time" open>' in article
    # an earlier round's page keeps it too
    result_enter(table=table, user=organizer, data={"outcome": "win"})
    client.post(url("round_pair", event))
    back = url("round_tables", event, 1)
    response = client.post(
        url("table_result", event, table.pk), {"outcome": "sideways", "next": back}
    )
    assert response.status_code == 400
    assert "Choose the result of the first seat" in response.content.decode()


def test_the_refresh_never_carries_the_report_form(client, night):
    """The page polls the tables (and the clock and status, out of band); the report form is
    outside both, so a refresh cannot replace what a player is typing."""
    event, table, _ = night
    client.force_login(User.objects.get(username="ann"))
    page = client.get(url("event_pairings", event)).content.decode()
    polled = page.split('<div id="pairings"')[1]
    assert 'hx-trigger="every 20s, maester:look"' in polled.split(">")[0]
    assert "<form" not in polled.split("</main>")[0]
    status = page.split('<section id="round-status"')[1].split("</section>")[0]
    assert "<form" not in status
    assert page.index('id="my-table"') < page.index('<div id="pairings"')
    partial = client.get(
        url("event_pairings", event) + "?live=1", headers={"HX-Request": "true"}
    ).content.decode()
    assert "<form" not in partial and 'hx-swap-oob="true"' in partial
    assert "is paired" not in partial
    # once the next round is paired, the polled page says so
    table.reported = True
    table.save()
    organizer = event.organizer
    round_pair(event=event, user=organizer, confirm=True)
    partial = client.get(
        url("event_pairings", event) + "?live=1", headers={"HX-Request": "true"}
    ).content.decode()
    assert "Round 2 is paired" in partial


def test_the_clock_counts_down_from_the_time_the_server_gives(client, night, organizer):
    event, _, _ = night
    page = client.get(url("event_pairings", event)).content.decode()
    assert "The clock has not started yet." in page
    assert 'src="/static/js/tournament_live.js"' in page and "<script>" not in page
    round_ = event.round_set.get()
    round_.started_at = timezone.now() - datetime.timedelta(minutes=10, seconds=30)
    round_.save()
    page = client.get(url("event_pairings", event)).content.decode()
    timer = re.search(r'<p class="timer" data-ends="([^"]+)" data-left="(\d+)">', page)
    assert timer is not None
    assert 44 * 60 + 25 <= int(timer.group(2)) <= 44 * 60 + 30
    assert re.search(r'role="timer"[^>]*>44:(2\d|30)</strong>', page)
    assert 'aria-live="polite" data-clock-announce' in page
    round_.started_at = timezone.now() - datetime.timedelta(minutes=60)
    round_.save()
    page = client.get(url("event_pairings", event)).content.decode()
    assert 'class="timer over"' in page and 'data-left="0"' in page and ">Time!</strong>" in page
