"""A chess clock's flag falls with no page of the match open: the stored deadline of every
match (``Match.clock_deadline``, kept by every save), the sweep that celery beat runs
(``gameplay.sweep_match_clocks``) and the in-process scheduler of ``make serve`` that runs
beat's tasks without a broker (gameplay/scheduler.py)."""

from __future__ import annotations

import datetime
import random
import re
import time

import pytest
from django.utils import timezone

from gameplay import live, scheduler
from gameplay.engine.game import legal_actions
from gameplay.models import Match, MatchSeat
from gameplay.services import (
    SeatSpec,
    core_deck,
    match_act,
    match_concede,
    match_create,
    match_offer_draw,
    match_state,
)
from gameplay.services import play as play_services
from tests.tournaments.conftest import decklist

pytestmark = pytest.mark.django_db
DECKS = ("core-stark", "core-lannister", "core-baratheon", "core-targaryen")
MICROSECOND = datetime.timedelta(microseconds=1)


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(f"clock{i}") for i in range(4)]


@pytest.fixture
def in_process_queue(settings):
    """Tasks run in-process, as without a broker, whatever this run has."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


@pytest.fixture
def frozen_now(monkeypatch):
    """The services' clock (``timezone.now``), moved on by hand: ``frozen_now[0]``."""
    now = [timezone.now()]
    monkeypatch.setattr(timezone, "now", lambda: now[0])
    return now


def sweep() -> int:
    """The task celery beat sends, run as a worker runs it."""
    from config.celery import app

    app.loader.import_default_modules()
    return app.tasks[app.conf.beat_schedule["sweep-match-clocks"]["task"]].apply().get()


def expected_deadline(match: Match) -> datetime.datetime | None:
    """The deadline from first principles: the clock started at ``clock_since`` for the
    people who must decide, and the one with the least time left runs out first."""
    match.refresh_from_db()
    if match.status != Match.Status.ACTIVE or not match.clock_minutes:
        return None
    used = [
        s.clock_used
        for s in match.seats.all()
        if s.number in match.waiting and not s.bot and s.user_id and not s.conceded
    ]
    if not used:
        return None
    return match.clock_since + datetime.timedelta(seconds=match.clock_minutes * 60 - max(used))


def assert_deadline_right(match: Match) -> None:
    expected = expected_deadline(match)  # reads the match again
    stored = match.clock_deadline
    if expected is None:
        assert stored is None
    else:
        assert stored is not None and abs(stored - expected) <= MICROSECOND
    # The live row of the poll reckons it the same way.
    row = live.stored(match.pk)
    assert row["deadline"] == (None if stored is None else stored.timestamp())


# --- A tournament table nobody watches ----------------------------------------------------------


@pytest.fixture
def organizer(django_user_model):
    return django_user_model.objects.create_user("clock-organizer")


@pytest.fixture
def paired_table(organizer, django_user_model):
    from tournaments.models import Event
    from tournaments.rounds.services import round_pair
    from tournaments.services import entrant_register, event_create

    event = event_create(
        organizer=organizer, name="Clocked Joust", date=datetime.date(2026, 12, 5), play_online=True
    )
    for name, deck in (("ann", "core-stark"), ("bob", "core-lannister")):
        user = django_user_model.objects.create_user(name)
        entrant_register(event=event, user=organizer, name=name, player=user, deck=decklist(deck))
    Event.objects.filter(pk=event.pk).update(status=Event.Status.SWISS)
    event.refresh_from_db()
    return round_pair(event=event, user=organizer).tables.get()


def test_a_table_whose_players_closed_their_tabs_ends_when_its_clock_runs_out(
    paired_table, organizer, frozen_now, django_capture_on_commit_callbacks
):
    from gameplay.services.tournament import match_for_table

    table = paired_table
    match = match_for_table(table=table, user=organizer)
    match.clock_minutes = 1  # a minute each, whatever the event gives its tables
    match.save(update_fields=["clock_minutes"])
    assert match.clock_deadline == match.clock_since + datetime.timedelta(minutes=1)
    (late,) = match.waiting  # setup: the first player places first
    assert sweep() == 0  # time left: nothing happens
    # Nobody opens a page of the match again; a minute passes.
    frozen_now[0] += datetime.timedelta(seconds=59)
    assert sweep() == 0
    frozen_now[0] += datetime.timedelta(seconds=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep() == 1
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.clock_deadline is None
    assert match.result["reason"] == "time" and match.result["out_of_time"] == [late]
    assert match.result["winner"] == 1 - late and len(match.result["final_power"]) == 2
    # Its result went to the round, as when a poll lets the flag fall.
    table.refresh_from_db()
    assert table.reported
    entrants = [s.entrant for s in table.seats.select_related("entrant").order_by("seat")]
    outcomes = {s.entrant.name: s.outcome for s in table.seats.select_related("entrant")}
    assert outcomes == {entrants[late].name: "loss", entrants[1 - late].name: "win"}
    assert table.round.event.audit.filter(action="result_from_match").exists()
    # Swept again, it stays as it is.
    version = match.version
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep() == 0
    match.refresh_from_db()
    assert match.version == version


def test_in_a_melee_the_flag_hands_the_seat_to_a_bot_and_the_clock_runs_on(
    people, frozen_now, in_process_queue, django_capture_on_commit_callbacks
):
    match = match_create(
        creator=people[0],
        variant="melee",
        seats=[SeatSpec(core_deck(DECKS[n]), user=people[n]) for n in range(3)],
        clock_minutes=1,
        seed=7,
    )
    (late,) = match.waiting
    frozen_now[0] += datetime.timedelta(minutes=1)
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep() == 1
    match.refresh_from_db()
    seat = match.seats.get(number=late)
    assert match.status == Match.Status.ACTIVE and seat.conceded and seat.bot == "greedy"
    # The bot placed the seat's setup at once; the next person's clock runs, from now.
    assert late not in match.waiting and match.waiting
    assert_deadline_right(match)
    assert match.clock_deadline > frozen_now[0]
    assert sweep() == 0


def test_a_deadline_written_around_save_is_put_right_by_the_sweep(people):
    match = match_create(
        creator=people[0],
        variant="joust",
        seats=[SeatSpec(core_deck(DECKS[n]), user=people[n]) for n in range(2)],
        clock_minutes=5,
    )
    right = match.clock_deadline
    Match.objects.filter(pk=match.pk).update(clock_deadline=timezone.now())  # a shell's update
    assert sweep() == 0
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.clock_deadline == right


def test_beat_sends_both_sweeps():
    from django.conf import settings

    from config.celery import app

    schedule = app.conf.beat_schedule
    assert schedule["sweep-match-clocks"]["task"] == "gameplay.sweep_match_clocks"
    assert schedule["sweep-match-clocks"]["schedule"] == settings.CLOCK_SWEEP_SECONDS
    assert schedule["sweep-bot-moves"]["task"] == "gameplay.sweep_bot_moves"
    app.loader.import_default_modules()
    assert {entry["task"] for entry in schedule.values()} <= set(app.tasks)


# --- The stored deadline after every change -----------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "humans", "bots", "seed"),
    [
        ("joust", 2, (), 1),
        ("joust", 2, (), 2),
        ("melee", 3, (), 3),
        ("melee", 2, ("greedy",), 4),
        ("teams", 4, (), 5),
    ],
)
def test_the_stored_deadline_stays_right_through_a_match(
    people,
    variant,
    humans,
    bots,
    seed,
    frozen_now,
    in_process_queue,
    django_capture_on_commit_callbacks,
):
    """A random walk through a match with a clock, time passing between moves: after
    every action, concession and draw offer the stored deadline is the one reckoned from
    the match and its seats; the flag falls exactly at it, and not a microsecond before."""
    rng = random.Random(seed)
    specs = [SeatSpec(core_deck(DECKS[n]), user=people[n]) for n in range(humans)]
    specs += [SeatSpec(core_deck(DECKS[humans + n]), bot=b) for n, b in enumerate(bots)]
    with django_capture_on_commit_callbacks(execute=True):
        match = match_create(
            creator=people[0], variant=variant, seats=specs, clock_minutes=30, seed=seed
        )
    assert_deadline_right(match)
    users = {s.number: s.user for s in match.seats.all() if s.user_id}
    for step in range(40):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        frozen_now[0] += datetime.timedelta(seconds=rng.uniform(0, 20))
        movers = [n for n in match.waiting if n in users and not _conceded(match, n)]
        with django_capture_on_commit_callbacks(execute=True):
            if variant == "melee" and step == 20:
                match_concede(match_id=match.pk, user=users[rng.choice(movers or list(users))])
            elif step == 10:
                match_offer_draw(match_id=match.pk, user=users[rng.choice(list(users))])
            elif movers:
                seat = rng.choice(movers)
                choices = legal_actions(match_state(match), seat)
                if not choices:
                    break
                match_act(
                    match_id=match.pk,
                    user=users[seat],
                    action=str(rng.choice(choices)),
                    version=match.version,
                )
            else:
                break
        match.refresh_from_db()
        assert_deadline_right(match)
        assert (
            match.clock_deadline is None or match.clock_deadline > frozen_now[0]
        )  # 30 minutes do not run out in 40 moves
    if match.clock_deadline is not None:
        frozen_now[0] = match.clock_deadline - MICROSECOND
        assert sweep() == 0
        frozen_now[0] = match.clock_deadline
        with django_capture_on_commit_callbacks(execute=True):
            assert sweep() == 1


def _conceded(match: Match, number: int) -> bool:
    return MatchSeat.objects.filter(match=match, number=number, conceded=True).exists()


# --- make serve: beat's tasks in a thread of the process ----------------------------------------


def _wait(condition, seconds: float = 20.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.mark.django_db(transaction=True)
def test_the_in_process_scheduler_runs_both_sweeps(people, settings, monkeypatch, in_process_queue):
    from django.apps import apps

    from config.celery import app, schedule

    settings.BOT_SWEEP_SECONDS = 0.2
    settings.CLOCK_SWEEP_SECONDS = 0.2
    settings.BOT_GRACE_SECONDS = 10
    settings.INPROCESS_SCHEDULER = True
    configured = app.conf.beat_schedule
    schedule(app)  # beat's entries, at the intervals set above
    try:
        # A clocked match nobody watches, whose first player's minute ran out.
        clocked = match_create(
            creator=people[0],
            variant="joust",
            seats=[SeatSpec(core_deck(DECKS[n]), user=people[n]) for n in range(2)],
            clock_minutes=1,
        )
        clocked.clock_since = timezone.now() - datetime.timedelta(seconds=61)
        clocked.save(update_fields=["clock_since"])
        # A match against a bot whose move was lost (queued, never run).
        monkeypatch.setattr(play_services, "_queue_bot", lambda *args, **kwargs: None)
        against_bot = match_create(
            creator=people[2],
            variant="joust",
            seats=[
                SeatSpec(core_deck("core-stark"), user=people[2]),
                SeatSpec(core_deck("core-lannister"), bot="greedy"),
            ],
            seed=3,
        )
        if against_bot.waiting == [0]:  # the person places first; then the bot must
            state = match_state(against_bot)
            match_act(
                match_id=against_bot.pk,
                user=people[2],
                action=str(legal_actions(state, 0)[0]),
                version=0,
            )
        monkeypatch.undo()
        against_bot.refresh_from_db()
        assert against_bot.waiting == [1]
        moved_at = against_bot.version
        against_bot.bot_due = timezone.now() - datetime.timedelta(seconds=11)
        against_bot.save(update_fields=["bot_due"])

        apps.get_app_config("gameplay").ready()  # as when the process starts
        running = scheduler.running()
        assert running is not None and running.is_alive()
        apps.get_app_config("gameplay").ready()
        assert scheduler.running() is running  # once per process

        def flag_fell() -> bool:
            return Match.objects.get(pk=clocked.pk).status == Match.Status.FINISHED

        def bot_moved() -> bool:
            return Match.objects.get(pk=against_bot.pk).version > moved_at

        assert _wait(flag_fell) and _wait(bot_moved)
        clocked.refresh_from_db()
        assert clocked.result["reason"] == "time"
        assert running.runs["sweep-match-clocks"] >= 1 and running.runs["sweep-bot-moves"] >= 1
    finally:
        scheduler.stop()
        app.conf.beat_schedule = configured
    assert not running.is_alive() and scheduler.running() is None


def test_the_scheduler_is_off_unless_the_setting_is_on(settings):
    from django.apps import apps

    settings.INPROCESS_SCHEDULER = False
    apps.get_app_config("gameplay").ready()
    assert scheduler.running() is None


def test_runserver_runs_the_scheduler_in_its_serving_process_only(monkeypatch):
    monkeypatch.setattr("sys.argv", ["manage.py", "runserver"])
    monkeypatch.delenv("RUN_MAIN", raising=False)
    assert scheduler.reloader_parent()  # the autoreloader's watcher
    monkeypatch.setenv("RUN_MAIN", "true")
    assert not scheduler.reloader_parent()  # its child, which serves
    monkeypatch.setattr("sys.argv", ["manage.py", "runserver", "--noreload"])
    monkeypatch.delenv("RUN_MAIN")
    assert not scheduler.reloader_parent()


# --- Matches stored before the deadline was -----------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_clock_running_when_the_deadline_came_in_is_checked_by_the_first_sweep(people):
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = [("gameplay", "0004_match_bot_due")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    try:
        apps = executor.loader.project_state(before).apps
        OldMatch, OldSeat = (
            apps.get_model("gameplay", "Match"),
            apps.get_model("gameplay", "MatchSeat"),
        )
        since = timezone.now() - datetime.timedelta(seconds=30)

        def old_match(status: str, clock: int):
            match = OldMatch.objects.create(
                variant="joust",
                seed=1,
                status=status,
                waiting=[0],
                state="{}",
                clock_minutes=clock,
                clock_since=since,
            )
            for number in (0, 1):
                OldSeat.objects.create(match=match, number=number, user_id=people[number].pk)
            return match

        running, unclocked, over = (
            old_match("active", 1),
            old_match("active", 0),
            old_match("finished", 1),
        )
    finally:  # the database is left at the latest migration whatever happens
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
    stored = {m.pk: m.clock_deadline for m in Match.objects.all()}
    assert stored == {running.pk: since, unclocked.pk: None, over.pk: None}  # due: check it
    assert sweep() == 0  # half a minute left: the sweep stores the true deadline
    assert Match.objects.get(pk=running.pk).clock_deadline == since + datetime.timedelta(minutes=1)


@pytest.fixture
def melee_table(organizer, django_user_model):
    from tournaments.models import Event
    from tournaments.rounds.services import round_pair
    from tournaments.services import entrant_register, event_create

    event = event_create(
        organizer=organizer,
        name="Clocked Melee",
        date=datetime.date(2026, 12, 5),
        play_online=True,
        format="melee",
        deck_format="melee",
    )
    for name, deck in zip(("ana", "ben", "cat"), DECKS, strict=False):
        user = django_user_model.objects.create_user(name)
        entrant_register(event=event, user=organizer, name=name, player=user, deck=decklist(deck))
    Event.objects.filter(pk=event.pk).update(status=Event.Status.SWISS)
    event.refresh_from_db()
    return round_pair(event=event, user=organizer).tables.get()


def test_a_melee_table_nobody_plays_gives_nobody_a_win(
    melee_table,
    organizer,
    client,
    frozen_now,
    in_process_queue,
    django_capture_on_commit_callbacks,
):
    """Every clock runs out with no page open: each player in turn forfeits (a bot plays on
    for them) and the match ends abandoned. Players out of time lose: every seat records a
    loss with 0 points, nobody is 1st, and the organizer sees the table flagged."""
    from django.urls import reverse

    from gameplay.services.tournament import match_for_table
    from tournaments.selectors import event_standings

    table = melee_table
    match = match_for_table(table=table, user=organizer)
    for _ in range(12):
        frozen_now[0] += datetime.timedelta(minutes=match.clock_minutes or 1)
        with django_capture_on_commit_callbacks(execute=True):
            sweep()
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
    assert match.status == Match.Status.FINISHED and match.result["reason"] == "abandoned"
    assert set(match.seats.values_list("conceded", flat=True)) == {True}
    table.refresh_from_db()
    assert table.reported
    seats = list(table.seats.select_related("entrant"))
    assert {s.outcome for s in seats} == {"loss"} and {float(s.points) for s in seats} == {0.0}
    assert 1 not in {s.place for s in seats}
    rows = event_standings(table.round.event)
    assert {float(r.points) for r in rows} == {0.0}
    client.force_login(organizer)
    page = client.get(reverse("tournaments:event_manage", args=[table.round.event_id]))
    html = page.content.decode()
    assert "nobody played it out" in html
    said = re.search(r"Result: <strong>(.*?)</strong>", html).group(1)
    names = [s.entrant.name for s in sorted(seats, key=lambda s: s.seat)]
    assert said == f"{names[0]}, {names[1]} and {names[2]} forfeited: nobody scored"
    audit = table.round.event.audit.get(action="result_from_match")
    assert all(v["outcome"] == "loss" for v in audit.detail["result"].values())
