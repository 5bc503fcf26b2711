"""A top cut reads the same everywhere: the audit log, the organizer's messages and the match
page name cut rounds by their stage ("the semifinals", "the final"), never "round 5"; the
plan's rounds agree in number ("1 round")."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from tests.tournaments.test_round_services import register, tables, win_first_seat
from tournaments.audit_log import audit_log
from tournaments.rounds.services import cut_start, result_enter, round_pair, round_timer_start
from tournaments.services import event_create

pytestmark = pytest.mark.django_db


def url(name, event):
    return reverse(f"tournaments:{name}", args=[event.pk])


def test_the_audit_log_and_the_messages_name_cut_rounds_by_their_stage(client, organizer):
    event = event_create(
        organizer=organizer, name="Cut", date=datetime.date(2026, 12, 1), rounds=2, cut_size=4
    )
    register(event, organizer, [f"P{i}" for i in range(6)])
    for _ in range(2):
        win_first_seat(round_pair(event=event, user=organizer, confirm=True), organizer)
    semis = cut_start(event=event, user=organizer)  # round 3
    round_timer_start(round_=semis, user=organizer)
    for table in tables(semis):
        result_enter(table=table, user=organizer, data={"outcome": "win"})
    client.force_login(organizer)
    moved = client.post(url("cut_advance", event), follow=True).content.decode()
    assert "The bracket moves on to the final." in moved
    final = event.round_set.order_by("-number").first()
    result_enter(table=tables(final)[0], user=organizer, data={"outcome": "win"})
    done = client.post(url("cut_advance", event), follow=True).content.decode()
    assert "The event is finished: the final standings are up." in done
    assert "The bracket moves on" not in done

    texts = [row["text"] for row in audit_log(event)]
    assert "varys drew the final." in texts
    assert "varys started the clock of the semifinals." in texts
    assert any(t.startswith("varys recorded table 1 of the semifinals: ") for t in texts)
    assert any(t.startswith("varys recorded table 1 of the final: ") for t in texts)
    # Swiss rounds keep their numbers; no cut round is named by one.
    assert any(t.startswith("varys recorded table 1 of round 2: ") for t in texts)
    assert not [t for t in texts if re.search(r"round [345]\b", t)]


def test_the_plan_says_round_in_the_singular_for_one_round(client, organizer):
    event = event_create(
        organizer=organizer, name="Short", date=datetime.date(2026, 12, 1), rounds=1, cut_size=0
    )
    register(event, organizer, ["A", "B"])
    client.force_login(organizer)
    page = client.get(url("event_manage", event)).content.decode()
    assert "Plan: 1 round, no cut." in page
    assert "1 rounds" not in page
