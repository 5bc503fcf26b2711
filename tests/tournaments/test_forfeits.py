"""A melee player who forfeits a game played on the site (out of time, or conceded while a
bot played on) loses: placed last with no points, the others placed among themselves."""

from __future__ import annotations

import datetime

import pytest

from tests.tournaments.conftest import decklist
from tournaments.models import Event
from tournaments.rounds.services import result_from_match, round_pair
from tournaments.selectors import event_standings
from tournaments.services import entrant_register, event_create, event_update
from tournaments.wording import seats_sentence

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(organizer):
    event = event_create(
        organizer=organizer,
        name="Melee Night",
        date=datetime.date(2026, 12, 5),
        format="melee",
        deck_format="melee",
    )
    for name, deck in (("Ana", "core-stark"), ("Ben", "core-lannister"), ("Cat", "core-baratheon")):
        entrant_register(event=event, user=organizer, name=name, deck=decklist(deck))
    Event.objects.filter(pk=event.pk).update(status=Event.Status.SWISS)
    event.refresh_from_db()
    return round_pair(event=event, user=organizer).tables.get()


def by_name(table):
    return {s.entrant.name: s for s in table.seats.select_related("entrant")}


def test_a_forfeit_scores_nothing_and_the_others_are_placed_among_themselves(table):
    seats = by_name(table)
    ana, ben, cat = (seats[n].entrant_id for n in ("Ana", "Ben", "Cat"))
    data = {f"place_{ana}": "1", f"forfeit_{ben}": "1", f"forfeit_{cat}": "1"}
    result_from_match(table=table, data=data, match_id=1)
    seats = by_name(table)
    for name in ("Ben", "Cat"):  # tied last, they would share 1.5 points each otherwise
        assert (seats[name].outcome, seats[name].place, float(seats[name].points)) == (
            "loss",
            3,
            0,
        )
    assert float(seats["Ana"].points) == 7.0  # she beat them both
    ordered = sorted(seats.values(), key=lambda s: s.seat)
    forfeited = " and ".join(s.entrant.name for s in ordered if s.entrant.name != "Ana")
    assert seats_sentence(ordered, melee=True) == f"1st Ana; {forfeited} forfeited"
    points = {r.id: float(r.points) for r in event_standings(table.round.event)}
    assert points == {str(ana): 7.0, str(ben): 0.0, str(cat): 0.0}
    # A change of the scoring settings recomputes the points and keeps the forfeits at 0.
    event_update(event=table.round.event, user=table.round.event.organizer, points_win=5)
    assert [float(by_name(table)[n].points) for n in ("Ben", "Cat")] == [0.0, 0.0]


def test_at_time_only_the_players_who_played_on_are_ranked_by_power(table):
    seats = by_name(table)
    ana, ben, cat = (seats[n].entrant_id for n in ("Ana", "Ben", "Cat"))
    data = {
        "at_time": "1",
        f"power_{ana}": "3",
        f"power_{ben}": "5",
        f"power_{cat}": "9",  # the most power, but out of time: still last
        f"forfeit_{cat}": "1",
    }
    result_from_match(table=table, data=data, match_id=1)
    seats = by_name(table)
    assert {n: (s.place, s.outcome) for n, s in seats.items()} == {
        "Ben": (1, ""),
        "Ana": (2, ""),
        "Cat": (3, "loss"),
    }
    assert float(seats["Cat"].points) == 0.0 and float(seats["Ben"].points) > 0
