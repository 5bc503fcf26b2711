"""Around the board (gameplay/services/table.py and tournament.py): concede and draws in
each variant, the chess clock, rematches, bot moves queued as changes commit (in-process
and through the real broker), and tournament tables whose results report themselves."""

from __future__ import annotations

import datetime
import time

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from gameplay.engine.game import legal_actions
from gameplay.models import Match, MatchSeat
from gameplay.services import (
    MatchError,
    SeatSpec,
    core_deck,
    match_act,
    match_check_clock,
    match_concede,
    match_create,
    match_join,
    match_offer_draw,
    match_state,
)
from gameplay.services.table import clock_left
from gameplay.services.tournament import match_for_table
from tests.conftest import real_worker, require_service
from tests.tournaments.conftest import decklist

pytestmark = pytest.mark.django_db
DECKS = ("core-stark", "core-lannister", "core-baratheon", "core-targaryen")


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(f"p{i}") for i in range(4)]


def seats(people, bots=()):
    return [
        SeatSpec(core_deck(DECKS[n]), bot=bots[n - len(people)])
        if n >= len(people)
        else SeatSpec(core_deck(DECKS[n]), user=people[n])
        for n in range(len(people) + len(bots))
    ]


def test_a_two_on_two_concession_gives_the_other_team_the_win(people):
    match = match_create(creator=people[0], variant="teams", seats=seats(people))
    match_concede(match_id=match.pk, user=people[1])  # seat 2: team of seats 2 and 4
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["team"] == 0 and match.result["winners"] == [0, 2]
    assert len(match.result["final_power"]) == 4
    with pytest.raises(MatchError, match="in play"):
        match_concede(match_id=match.pk, user=people[0])


def test_in_a_melee_a_bot_plays_on_for_who_concedes_until_no_person_is_left(people):
    match = match_create(
        creator=people[0], variant="melee", seats=seats(people[:2], bots=("greedy",))
    )
    match_concede(match_id=match.pk, user=people[1])
    seat = MatchSeat.objects.get(match=match, number=1)
    assert seat.conceded and seat.bot == "greedy" and seat.user == people[1]
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    with pytest.raises(PermissionDenied):  # no longer theirs to play
        match_act(match_id=match.pk, user=people[1], action="p1:pass", version=match.version)
    with pytest.raises(MatchError, match="already conceded"):
        match_concede(match_id=match.pk, user=people[1])
    match_concede(match_id=match.pk, user=people[0])
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result["reason"] == "abandoned"


def test_a_team_offers_a_draw_through_either_partner(people):
    match = match_create(creator=people[0], variant="teams", seats=seats(people))
    match_offer_draw(match_id=match.pk, user=people[2])  # team 1 (seats 1 and 3)
    match_offer_draw(match_id=match.pk, user=people[0])  # the same team: not yet
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE
    match_offer_draw(match_id=match.pk, user=people[3])  # team 2 agrees
    match.refresh_from_db()
    assert match.result["reason"] == "agreed_draw"


def test_a_withdrawn_offer_does_not_count_and_outsiders_cannot_offer(people, django_user_model):
    match = match_create(creator=people[0], variant="joust", seats=seats(people[:2]))
    match_offer_draw(match_id=match.pk, user=people[0])
    match_offer_draw(match_id=match.pk, user=people[0], offer=False)
    match_offer_draw(match_id=match.pk, user=people[1])
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE
    with pytest.raises(PermissionDenied):
        match_offer_draw(match_id=match.pk, user=django_user_model.objects.create_user("x"))


def test_the_clock_runs_for_who_must_decide_and_flags_them(people):
    match = match_create(
        creator=people[0], variant="joust", seats=seats(people[:2]), clock_minutes=1
    )
    # Setup is placed in turn: ten seconds pass while the first player must place their
    # setup cards (the other's clock stands); they place them.
    (first,) = match.waiting
    second = 1 - first
    Match.objects.filter(pk=match.pk).update(
        clock_since=timezone.now() - datetime.timedelta(seconds=10)
    )
    match.refresh_from_db()
    state = match_state(match)
    acted = match_act(
        match_id=match.pk,
        user=people[first],
        action=str(legal_actions(state, first)[0]),
        version=0,
    )
    match.refresh_from_db()
    used = {s.number: s.clock_used for s in match.seats.all()}
    assert 9.5 < used[first] < 12 and used[second] == 0
    # The seats the page is drawn from after the action show the time as stored.
    assert {s.number: s.clock_used for s in acted.seats.all()} == used
    # Now only the second player decides: their clock runs, the first player's stands.
    assert match.waiting == [second]
    Match.objects.filter(pk=match.pk).update(
        clock_since=timezone.now() - datetime.timedelta(seconds=30)
    )
    match.refresh_from_db()
    rows = {s.number: s for s in match.seats.all()}
    assert 48 < clock_left(match, rows[first]) < 51
    assert 29 < clock_left(match, rows[second]) < 31
    assert match_check_clock(match_id=match.pk) is None  # time left
    Match.objects.filter(pk=match.pk).update(
        clock_since=timezone.now() - datetime.timedelta(seconds=60)
    )
    match_check_clock(match_id=match.pk)
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.result["winner"] == first and match.result["reason"] == "time"


def test_joining_checks_the_seat_and_the_start(people):
    match = match_create(
        creator=people[0],
        variant="melee",
        seats=[SeatSpec(core_deck("core-stark"), user=people[0]), SeatSpec(), SeatSpec()],
    )
    with pytest.raises(MatchError, match="already sit"):
        match_join(match_id=match.pk, user=people[0], deck=core_deck("core-stark"))
    match_join(match_id=match.pk, user=people[1], deck=core_deck("core-lannister"), seat=2)
    with pytest.raises(MatchError, match="taken"):
        match_join(match_id=match.pk, user=people[2], deck=core_deck("core-stark"), seat=2)
    match_join(match_id=match.pk, user=people[2], deck=core_deck("core-baratheon"))
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE
    assert [s.user for s in match.seats.order_by("number")] == [people[0], people[2], people[1]]
    assert [p.house for p in match_state(match).players] == ["Stark", "Baratheon", "Lannister"]
    with pytest.raises(MatchError, match="started"):
        match_join(match_id=match.pk, user=people[3], deck=core_deck("core-stark"))


def test_bot_moves_run_in_process_without_recursing_through_the_game(
    people, django_capture_on_commit_callbacks
):
    """Three bots and a person in a melee: after the person's setup the bots move until
    the person must decide again, one move per task, in a loop rather than nested. With
    seed 3 the first player is the first bot (engine seat 1): the bots place first, in turn."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        with django_capture_on_commit_callbacks(execute=True):
            match = match_create(
                creator=people[0],
                variant="melee",
                seats=seats(people[:1], bots=("greedy", "random", "greedy")),
                seed=3,
            )
        match.refresh_from_db()
        assert match.version == 3 and match.waiting == [0]  # three bot setups
        assert list(match.actions.values_list("seat", flat=True)) == [1, 2, 3]
        state = match_state(match)
        with django_capture_on_commit_callbacks(execute=True):
            match_act(
                match_id=match.pk,
                user=people[0],
                action=str(legal_actions(state, 0)[0]),
                version=3,
            )
        match.refresh_from_db()
        assert match.version > 4 and 0 in match.waiting
        assert list(match.actions.values_list("number", flat=True)) == list(
            range(1, match.version + 1)
        )
    finally:
        app.conf.task_always_eager = saved


@pytest.mark.django_db(transaction=True)
def test_a_bot_move_travels_through_the_real_broker_to_a_worker(django_user_model):
    require_service("CELERY_BROKER_URL")

    from config.celery import app

    assert not app.conf.task_always_eager
    person = django_user_model.objects.create_user("broker-player")
    app.connection_for_write().ensure_connection(max_retries=2)
    with real_worker(app):
        match = match_create(  # seed 3: the bot is the first player, it places first
            creator=person, variant="joust", seats=seats([person], bots=("greedy",)), seed=3
        )
        deadline = time.monotonic() + 30
        while Match.objects.get(pk=match.pk).version == 0 and time.monotonic() < deadline:
            time.sleep(0.2)
    match.refresh_from_db()
    assert match.version == 1 and match.waiting == [0]
    assert match.actions.get().seat == 1


# --- Tournament tables -------------------------------------------------------------------------


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("varys")


@pytest.fixture
def paired_table(organizer, django_user_model):
    from tournaments.models import Event
    from tournaments.rounds.services import round_pair
    from tournaments.services import entrant_register, event_create

    event = event_create(
        organizer=organizer, name="Online Joust", date=datetime.date(2026, 12, 5), play_online=True
    )
    for name, deck in (("ann", "core-stark"), ("bob", "core-lannister")):
        user = django_user_model.objects.create_user(name)
        entrant_register(event=event, user=organizer, name=name, player=user, deck=decklist(deck))
    Event.objects.filter(pk=event.pk).update(status=Event.Status.SWISS)
    event.refresh_from_db()
    round_ = round_pair(event=event, user=organizer)
    return round_.tables.get()


def test_a_tournament_table_plays_on_the_site_and_reports_its_result(
    paired_table, organizer, django_capture_on_commit_callbacks
):
    table = paired_table
    entrants = [s.entrant for s in table.seats.order_by("seat")]
    with pytest.raises(PermissionDenied):
        match_for_table(table=table, user=entrants[0].user)
    match = match_for_table(table=table, user=organizer)
    assert match_for_table(table=table, user=organizer) == match  # opened once
    # The round's 55 minutes shared out: the match ends within the round.
    assert match.clock_minutes == 27 and match.clock_deadline is not None
    assert [s.user for s in match.seats.order_by("number")] == [e.user for e in entrants]
    assert [p.house for p in match_state(match).players] == [e.house for e in entrants]
    with django_capture_on_commit_callbacks(execute=True):
        match_concede(match_id=match.pk, user=entrants[0].user)
    table.refresh_from_db()
    assert table.reported
    outcomes = {s.entrant.name: s.outcome for s in table.seats.select_related("entrant")}
    assert outcomes == {entrants[0].name: "loss", entrants[1].name: "win"}
    assert table.round.event.audit.filter(action="result_from_match").exists()
    # The organizer can still correct it.
    from tournaments.rounds.services import result_enter

    result_enter(table=table, user=organizer, data={"outcome": "draw"})
    assert {s.outcome for s in table.seats.all()} == {"draw"}
    with pytest.raises(MatchError, match="no game left"):
        match_for_table(table=table, user=organizer)


def test_a_table_needs_the_event_to_play_online_and_accounts(paired_table, organizer):
    from tournaments.models import Entrant, Event

    event = paired_table.round.event
    Event.objects.filter(pk=event.pk).update(play_online=False)
    paired_table.round.event.refresh_from_db()
    with pytest.raises(MatchError, match="does not play on the site"):
        match_for_table(table=paired_table, user=organizer)
    Event.objects.filter(pk=event.pk).update(play_online=True)
    paired_table.round.event.refresh_from_db()
    Entrant.objects.filter(event=event, name="bob").update(user=None)
    with pytest.raises(MatchError, match="bob registered without an account"):
        match_for_table(table=paired_table, user=organizer)


def test_a_table_clock_shares_out_the_round():
    import doctest

    from gameplay.services import tournament

    failed, attempted = doctest.testmod(tournament)
    assert attempted and not failed
