"""An event's live pages (pairings, standings) are told at once of a result or a new round
(tournaments/push.py, config/push.py), and then look their own pages up again."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.contrib.auth.models import User
from django.test import AsyncClient, Client
from django.urls import reverse

from tests.config.test_push import _events, _next
from tests.tournaments import test_disputes
from tournaments.rounds.services import round_pair

pytestmark = pytest.mark.django_db
night = test_disputes.night  # a fixture: four players, round 1 paired


def url(name, event, *args):
    return reverse(f"tournaments:{name}", args=[event.pk, *args])


@pytest.fixture(autouse=True)
def _in_process(settings):
    settings.PUSH_REDIS_URL = ""


def test_both_reports_reach_the_pairings_page_at_once(night, django_capture_on_commit_callbacks):
    event, table, other = night
    live, opponent = url("event_live", event), other.user.username
    for page in ("event_pairings", "event_standings"):
        assert f'data-live="{live}"' in Client().get(url(page, event)).content.decode(), page

    def report(username: str) -> None:
        client = Client()
        client.force_login(User.objects.get(username=username))
        with django_capture_on_commit_callbacks(execute=True):  # as the request's commit
            answer = client.post(url("table_report", event, table.pk), {"outcome": "win"})
        assert answer.status_code == 302

    async def body():
        response = await AsyncClient().get(live)
        assert response.status_code == 200
        stream = response.streaming_content
        assert _events(await _next(stream)) == [("ready", "")]
        await sync_to_async(report)("ann")
        assert _events(await _next(stream)) == [("change", "{}")]
        await sync_to_async(report)(opponent)
        assert _events(await _next(stream)) == [("change", "{}")]
        await stream.aclose()

    async_to_sync(body)()
    # The look: the pairings' refresh now shows the result.
    refresh = Client().get(url("event_pairings", event), headers={"HX-Request": "true"})
    assert f"Ann beat {other.name}" in refresh.content.decode()


def test_a_new_round_is_pushed_and_an_unknown_event_has_no_stream(
    night, organizer, django_capture_on_commit_callbacks
):
    from tournaments.rounds.services import result_enter

    event = night[0]

    def next_round():
        with django_capture_on_commit_callbacks(execute=True):
            for each in event.round_set.get().tables.all():
                result_enter(table=each, user=organizer, data={"outcome": "win"})
            round_pair(event=event, user=organizer)

    async def body():
        response = await AsyncClient().get(url("event_live", event))
        stream = response.streaming_content
        await _next(stream)
        await sync_to_async(next_round)()
        assert _events(await _next(stream)) == [("change", "{}")]
        await stream.aclose()
        missing = await AsyncClient().get(reverse("tournaments:event_live", args=[event.pk + 99]))
        assert missing.status_code == 404

    async_to_sync(body)()
    assert event.round_set.count() == 2
