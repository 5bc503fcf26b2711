"""Cut odds: the simulation (pure), the job services, the Celery task and the page."""

from __future__ import annotations

import datetime
import doctest
import random
from collections import Counter

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import include, path, reverse

from config import urls as site_urls
from tests.conftest import real_worker, require_service
from tournaments import urls as tournaments_urls
from tournaments.cut_odds import selectors as cut_odds_selectors
from tournaments.cut_odds import simulation as cut_odds
from tournaments.cut_odds import urls as cut_odds_urls
from tournaments.cut_odds.jobs import cut_odds_run
from tournaments.cut_odds.services import cut_odds_request
from tournaments.cut_odds.simulation import (
    DEFAULT_SIMULATIONS,
    SwissSoFar,
    play_out,
    simulate_cut_odds,
)
from tournaments.cut_odds.tasks import cut_odds_task
from tournaments.models import AuditEntry, CutOddsJob, Entrant, Event, Round, Seat, Table
from tournaments.pairing import Entrant as PairingEntrant
from tournaments.pairing import pair_round
from tournaments.services import EventError, entrant_register, event_create
from tournaments.standings import GameResult, replace_dropped_cut, standings

from .conftest import decklist

# Eight players, three of four rounds played, a top 4 (the first named won each game):
# after round 3, a 15; e, b, f 10; c, g, d 5; h 0. Only e, b and f can still reach 15, so a
# makes the cut whatever happens; h can reach 5 at most, below the four on 10 or more.
PLAYERS = "abcdefgh"
ROUNDS = [
    [("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")],
    [("a", "c"), ("e", "g"), ("b", "d"), ("f", "h")],
    [("a", "e"), ("b", "c"), ("f", "g"), ("d", "h")],
]
NAMES = dict(
    zip(PLAYERS, ["Arya", "Bran", "Cersei", "Davos", "Edd", "Faye", "Gilly", "Hodor"], strict=True)
)


def known_results() -> list[GameResult]:
    return [
        GameResult.joust(number, winner, loser, "win")
        for number, tables in enumerate(ROUNDS, 1)
        for winner, loser in tables
    ]


def eight_player_odds(**overrides) -> dict[str, float]:
    kwargs = {
        "fmt": "joust",
        "entrants": list(PLAYERS),
        "results": known_results(),
        "rounds_played": 3,
        "rounds_total": 4,
        "cut_size": 4,
        "seed": 11,
        "simulations": 300,
    } | overrides
    return simulate_cut_odds(**kwargs)


def random_history(ids: list[str], rounds: int, fmt: str = "joust", seed: int = 5):
    """The first ``rounds`` rounds of an event with random results (paired by the pairer)."""
    start = SwissSoFar(
        fmt=fmt, entrants=tuple(ids), results=(), rounds_played=0, rounds_total=rounds
    )
    return play_out(start, random.Random(seed))


# --- The simulation (pure) ------------------------------------------------------------------


def test_the_doctests_pass():
    for module in (cut_odds, cut_odds_selectors):
        failed, attempted = doctest.testmod(module)
        assert attempted and not failed, module.__name__


def test_a_leader_who_cannot_miss_is_certain_and_a_player_who_cannot_reach_it_has_no_chance():
    odds = eight_player_odds()
    assert odds["a"] == 1.0
    assert odds["h"] == 0.0
    # The others are open (round 4: a-f, e-b, c-h, g-d); the three on 10 are likelier than
    # the three on 5.
    assert all(0 < odds[p] < 1 for p in "bfc")
    assert min(odds[p] for p in "ebf") > max(odds[p] for p in "cgd")
    assert list(odds) == list(PLAYERS)


def test_the_chances_add_up_to_the_cut_size():
    assert sum(eight_player_odds().values()) == pytest.approx(4)
    ids = [f"p{i:02}" for i in range(16)]
    history = random_history(ids, 2)
    odds = simulate_cut_odds(
        fmt="joust",
        entrants=ids,
        results=history.results,
        byes=history.byes,
        rounds_played=2,
        rounds_total=5,
        cut_size=8,
        seed=3,
        simulations=40,
    )
    assert sum(odds.values()) == pytest.approx(8)
    assert all(0 <= p <= 1 for p in odds.values())


def test_the_same_seed_gives_the_same_odds_and_another_seed_others():
    assert eight_player_odds(seed=4) == eight_player_odds(seed=4)
    assert eight_player_odds(seed=4) != eight_player_odds(seed=5)


def test_dropped_players_never_make_the_cut_and_are_replaced():
    odds = eight_player_odds(dropped=["a", "e"])
    assert odds["a"] == odds["e"] == 0.0
    assert sum(odds.values()) == pytest.approx(4)
    # Two rivals fewer: the others on 10 are likelier to make it than before.
    before = eight_player_odds()
    assert odds["b"] > before["b"] and odds["f"] > before["f"]


def test_with_no_round_left_the_odds_are_the_current_cut():
    calls = []
    odds = eight_player_odds(rounds_total=3, progress=lambda done, total: calls.append(done))
    rows = standings(list(PLAYERS), known_results())
    cut = replace_dropped_cut(rows, 4)
    assert {p for p, chance in odds.items() if chance == 1.0} == set(cut)
    assert {p for p, chance in odds.items() if chance == 0.0} == set(PLAYERS) - set(cut)
    assert cut[0] == "a" and "h" not in cut
    assert calls == [300]


def test_progress_is_reported_every_percent_up_to_the_total():
    calls = []
    eight_player_odds(simulations=250, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(done, 250) for done in range(2, 251, 2)]


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"cut_size": 0}, "cut size must be at least 1"),
        ({"cut_size": -2}, "cut size must be at least 1"),
        ({"simulations": 0}, "simulations must be at least 1"),
        ({"rounds_total": 2}, "3 rounds are played but the event has only 2"),
        ({"fmt": "chess"}, "unknown format 'chess'"),
    ],
)
def test_bad_input_is_refused_with_a_message(overrides, message):
    with pytest.raises(ValueError, match=message):
        eight_player_odds(**overrides)


def test_simulated_rounds_are_paired_by_the_real_pairer_from_the_standings_of_the_moment():
    """No rematch (always avoidable here), everyone active seated once a round, one bye
    each at most, the dropped player never seated, and each simulated round exactly what the
    site's pairing (standings-ranked pairer entrants) gives for the playout's results."""
    ids = [f"p{i:02}" for i in range(16)]
    history = random_history(ids, 2, seed=8)
    swiss = SwissSoFar(
        fmt="joust",
        entrants=tuple(ids),
        results=history.results,
        byes=history.byes,
        rounds_played=2,
        rounds_total=5,
        dropped=frozenset({"p07"}),
    )
    active = set(ids) - {"p07"}
    for number in range(15):
        playout = play_out(swiss, random.Random(number))
        assert len(playout.pairings) == 3
        met = Counter(frozenset(game.players) for game in playout.results)
        assert max(met.values()) == 1, "a rematch"
        assert max(Counter(bye.player for bye in playout.byes).values()) == 1
        for round_number, pairing in enumerate(playout.pairings, 3):
            seated = [p for table in pairing.tables for p in table] + list(pairing.byes)
            assert sorted(seated) == sorted(active)
            before = [g for g in playout.results if g.round < round_number]
            rows = standings(
                ids,
                before,
                [b for b in playout.byes if b.round < round_number],
                dropped={"p07"},
            )
            site = pair_round(
                "joust",
                round_number,
                [
                    PairingEntrant(r.id, r.points, r.opponents, r.byes, r.dropped, r.rank)
                    for r in rows
                ],
                seed=0,
            )
            assert (site.tables, site.byes) == (pairing.tables, pairing.byes)
        final = standings(ids, playout.results, playout.byes, dropped={"p07"})
        assert [r.id for r in final] == [r.id for r in playout.standings]


def test_a_late_entrant_is_paired_from_the_round_they_joined():
    ids = [f"p{i}" for i in range(8)]
    history = random_history(ids[:7], 2)
    swiss = SwissSoFar(
        fmt="joust",
        entrants=tuple(ids),
        results=history.results,
        byes=history.byes,
        rounds_played=2,
        rounds_total=4,
        joined={"p7": 4},
    )
    playout = play_out(swiss, random.Random(1))
    third, fourth = playout.pairings
    assert "p7" not in {p for t in third.tables for p in t} | set(third.byes)
    assert "p7" in {p for t in fourth.tables for p in t}


def test_melee_tables_get_random_places_and_the_chances_still_add_up():
    ids = [f"m{i}" for i in range(9)]
    history = random_history(ids, 2, fmt="melee")
    swiss = SwissSoFar(
        fmt="melee", entrants=tuple(ids), results=history.results, rounds_played=2, rounds_total=3
    )
    playout = play_out(swiss, random.Random(2))
    (pairing,) = playout.pairings
    assert sorted(len(t) for t in pairing.tables) == [3, 3, 3]
    last = [g for g in playout.results if g.round == 3]
    assert sorted(sorted(g.points.values()) for g in last) == [[0, 3, 7]] * 3
    odds = simulate_cut_odds(
        fmt="melee",
        entrants=ids,
        results=history.results,
        rounds_played=2,
        rounds_total=3,
        cut_size=4,
        seed=9,
        simulations=100,
    )
    assert sum(odds.values()) == pytest.approx(4)


def test_joust_results_are_mostly_wins_and_losses_with_some_modified_results_and_draws():
    ids = [f"p{i:02}" for i in range(16)]
    swiss = SwissSoFar(
        fmt="joust", entrants=tuple(ids), results=(), rounds_played=0, rounds_total=1
    )
    outcomes = Counter()
    for number in range(200):
        (game,) = play_out(swiss, random.Random(number)).results[:1]
        outcomes[game.outcomes[game.players[0]].value] += 1
    assert outcomes["win"] + outcomes["loss"] > 0.7 * 200
    assert outcomes["modified_win"] + outcomes["modified_loss"] > 0
    assert 0 < outcomes["draw"] < outcomes["modified_win"] + outcomes["modified_loss"]


# --- Services, task and page ----------------------------------------------------------------


@pytest.fixture
def in_process_tasks():
    """Tasks run in-process, as the site runs them without CELERY_BROKER_URL."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


def play_rounds(event: Event, people: dict[str, Entrant], rounds=ROUNDS) -> None:
    """The rounds as the site stores them: tables of two reported seats, winner first."""
    for number, tables in enumerate(rounds, 1):
        round_ = Round.objects.create(event=event, number=number)
        for index, (winner, loser) in enumerate(tables, 1):
            table = Table.objects.create(round=round_, number=index, reported=True)
            Seat.objects.create(table=table, entrant=people[winner], seat=1, outcome="win")
            Seat.objects.create(table=table, entrant=people[loser], seat=2, outcome="loss")


def eight_player_event(event: Event, organizer: User, *, register: bool = True):
    Event.objects.filter(pk=event.pk).update(rounds=4, cut_size=4)
    event.refresh_from_db()
    people = {}
    for key, name in NAMES.items():
        if register:
            people[key] = entrant_register(
                event=event, user=organizer, name=name, deck=decklist("core-stark")
            )
        else:  # no card pool needed (a transactional test may run after the pool is flushed)
            people[key] = Entrant.objects.create(event=event, name=name)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.SWISS)
    event.refresh_from_db()
    return people


@pytest.fixture
def field(event, organizer):
    people = eight_player_event(event, organizer)
    play_rounds(event, people)
    return people


def expect_the_eight_player_odds(job: CutOddsJob, people: dict[str, Entrant]) -> None:
    assert job.status == CutOddsJob.Status.DONE, job.error
    assert job.done == job.total == job.simulations == DEFAULT_SIMULATIONS
    assert set(job.result) == {str(e.pk) for e in people.values()}
    assert job.result[str(people["a"].pk)] == 1.0
    assert job.result[str(people["h"].pk)] == 0.0
    assert sum(job.result.values()) == pytest.approx(4)


@pytest.mark.django_db
def test_an_organizer_gets_the_odds_with_the_progress_complete(
    field, event, organizer, in_process_tasks, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = cut_odds_request(event=event, user=organizer)
    assert job.after_round == 3
    job.refresh_from_db()
    expect_the_eight_player_odds(job, field)
    assert job.requested_by == organizer
    assert AuditEntry.objects.filter(event=event, action="cut_odds_requested").exists()


@pytest.mark.django_db
def test_the_progress_is_saved_about_every_two_percent(field, event, organizer):
    job = cut_odds_request(event=event, user=organizer)  # not queued: its callback never runs
    with CaptureQueriesContext(connection) as queries:
        cut_odds_run(job_id=job.pk)
    progress = [q["sql"] for q in queries if q["sql"].startswith("UPDATE") and '"done"' in q["sql"]]
    # 1,000 playouts report every 10; a save every 20, then the finished job.
    assert 45 <= len(progress) <= 52
    job.refresh_from_db()
    expect_the_eight_player_odds(job, field)


@pytest.mark.django_db
def test_running_a_job_twice_leaves_the_finished_job_alone(field, event, organizer):
    job = cut_odds_request(event=event, user=organizer)
    cut_odds_run(job_id=job.pk)
    job.refresh_from_db()
    CutOddsJob.objects.filter(pk=job.pk).update(result={"sentinel": 1})
    again = cut_odds_run(job_id=job.pk)
    assert again.status == CutOddsJob.Status.DONE
    job.refresh_from_db()
    assert job.result == {"sentinel": 1}
    assert cut_odds_run(job_id=job.pk + 1000) is None


@pytest.mark.django_db
def test_a_second_request_while_one_is_queued_gets_the_same_job(field, event, organizer):
    first = cut_odds_request(event=event, user=organizer)
    assert cut_odds_request(event=event, user=organizer) == first
    CutOddsJob.objects.filter(pk=first.pk).update(status=CutOddsJob.Status.DONE)
    assert cut_odds_request(event=event, user=organizer) != first


@pytest.mark.django_db
def test_only_organizers_may_ask(field, event, player):
    for user in (player, AnonymousUser()):
        with pytest.raises(PermissionDenied):
            cut_odds_request(event=event, user=user)
    assert not CutOddsJob.objects.exists()


@pytest.mark.django_db
def test_no_round_played_is_refused_with_a_message(event, organizer):
    eight_player_event(event, organizer)
    with pytest.raises(EventError, match="No round has been played yet"):
        cut_odds_request(event=event, user=organizer)


@pytest.mark.django_db
def test_no_cut_is_refused_with_a_message(field, event, organizer):
    Event.objects.filter(pk=event.pk).update(cut_size=0)
    event.refresh_from_db()
    with pytest.raises(EventError, match="This event has no top cut"):
        cut_odds_request(event=event, user=organizer)
    assert not CutOddsJob.objects.exists()


@pytest.mark.django_db
def test_a_round_without_all_its_results_is_refused_with_a_message(field, event, organizer):
    Table.objects.filter(round__event=event, round__number=3, number=2).update(reported=False)
    with pytest.raises(EventError, match="Round 3 still has 1 table without a result"):
        cut_odds_request(event=event, user=organizer)


@pytest.mark.django_db
def test_a_started_cut_is_refused_with_a_message(field, event, organizer):
    Event.objects.filter(pk=event.pk).update(status=Event.Status.CUT)
    event.refresh_from_db()
    with pytest.raises(EventError, match="top cut has started"):
        cut_odds_request(event=event, user=organizer)


@pytest.mark.django_db
def test_a_job_that_cannot_run_fails_with_the_reason(field, event, organizer):
    job = cut_odds_request(event=event, user=organizer)
    Event.objects.filter(pk=event.pk).update(cut_size=0)  # changed before the task ran
    cut_odds_run(job_id=job.pk)
    job.refresh_from_db()
    assert job.status == CutOddsJob.Status.FAILED
    assert "no top cut" in job.error
    assert job.result == {}


@pytest.mark.django_db(transaction=True)
def test_the_task_travels_through_the_real_broker_to_a_worker(organizer):
    require_service("CELERY_BROKER_URL")

    from config.celery import app

    assert not app.conf.task_always_eager
    event = event_create(organizer=organizer, name="Broker Joust", date=datetime.date(2026, 12, 1))
    people = eight_player_event(event, organizer, register=False)
    play_rounds(event, people)
    app.connection_for_write().ensure_connection(max_retries=2)
    with real_worker(app):
        job = cut_odds_request(event=event, user=organizer)  # queued as it commits
        # The same job queued again behind it: the second run finds it done, or does it.
        assert cut_odds_task.delay(job.pk).get(timeout=120) == "done"
    job.refresh_from_db()
    expect_the_eight_player_odds(job, people)


# --- The page ---------------------------------------------------------------------------------

# The site's URLs with the cut odds pages in the "tournaments" namespace, whether or not
# tournaments.urls includes them yet (including them twice changes nothing).
urlpatterns = [
    path("", include((tournaments_urls.urlpatterns + cut_odds_urls.urlpatterns, "tournaments"))),
    *(p for p in site_urls.urlpatterns if getattr(p, "namespace", None) != "tournaments"),
]
pages = pytest.mark.urls(__name__)


def page(event: Event) -> str:
    return reverse("tournaments:cut_odds", args=[event.pk])


def run_url(event: Event) -> str:
    return reverse("tournaments:cut_odds_run", args=[event.pk])


@pages
@pytest.mark.django_db
def test_everyone_reads_the_odds_but_only_organizers_ask_for_them(
    client, field, event, organizer, player
):
    CutOddsJob.objects.create(
        event=event,
        after_round=3,
        simulations=200,
        total=200,
        done=200,
        status="done",
        result={str(e.pk): (1.0 if key == "a" else 0.0) for key, e in field.items()},
    )
    standings = client.get(reverse("tournaments:event_standings", args=[event.pk]))
    assert f'href="{page(event)}"' in standings.content.decode()  # linked for players
    for who in (player, None):
        if who is None:
            client.logout()
        else:
            client.force_login(who)
        html = client.get(page(event)).content.decode()
        assert 'data-chance="1.0"' in html and field["a"].name in html
        assert run_url(event) not in html  # no button to ask
    client.force_login(player)
    assert client.post(run_url(event)).status_code == 403
    assert CutOddsJob.objects.count() == 1
    client.logout()
    response = client.post(run_url(event))
    assert response.status_code == 302 and "login" in response["Location"]


@pages
@pytest.mark.django_db
def test_the_page_before_any_estimate(client, field, event, organizer):
    client.force_login(organizer)
    response = client.get(page(event))
    assert response.status_code == 200
    html = response.content.decode()
    assert "No estimate yet" in html
    assert f'action="{run_url(event)}"' in html and f'hx-post="{run_url(event)}"' in html
    assert 'hx-trigger="every 1s"' not in html


@pages
@pytest.mark.django_db
def test_a_running_job_shows_a_progress_bar_that_polls_itself(client, field, event, organizer):
    CutOddsJob.objects.create(
        event=event, after_round=3, simulations=1000, total=1000, done=240, status="running"
    )
    client.force_login(organizer)
    response = client.get(page(event), headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and "<h1>" not in html  # the partial only
    assert '<progress id="cut-odds-progress" max="1000" value="240">24%</progress>' in html
    assert f'hx-get="{page(event)}" hx-trigger="every 1s"' in html
    assert f'<a href="{page(event)}">Refresh</a>' in html
    assert "disabled" in html
    assert "<html" in client.get(page(event)).content.decode()  # and the page without htmx


@pages
@pytest.mark.django_db
def test_asking_from_the_page_runs_the_job_and_shows_the_odds_best_first(
    client, field, event, organizer, in_process_tasks, django_capture_on_commit_callbacks
):
    client.force_login(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(run_url(event))
    assert response.status_code == 302 and response["Location"] == page(event)
    html = client.get(page(event)).content.decode()
    assert 'hx-trigger="every 1s"' not in html
    assert "<progress" not in html
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    names = [name for name in NAMES.values() if name in body]
    order = sorted(names, key=body.index)
    assert order[0] == NAMES["a"] and order[-1] == NAMES["h"]
    assert 'data-chance="1.0">100%</td>' in body and 'data-chance="0.0">0%</td>' in body
    assert "After round 3 of 4, for a top 4: 1000 playouts" in html


@pages
@pytest.mark.django_db
def test_asking_with_htmx_gets_the_partial_back(
    client, field, event, organizer, in_process_tasks, django_capture_on_commit_callbacks
):
    client.force_login(organizer)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(run_url(event), headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="cut-odds"')
    assert "<progress" in html  # rendered before the job ran, as the task runs on commit
    assert CutOddsJob.objects.get().status == CutOddsJob.Status.DONE


@pages
@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_a_refused_request_shows_the_reason_with_a_400(client, event, organizer, htmx):
    eight_player_event(event, organizer)  # no round played yet
    client.force_login(organizer)
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(run_url(event), headers=headers)
    assert response.status_code == 400
    html = response.content.decode()
    assert "No round has been played yet" in html
    assert ("<html" in html) is not htmx
    assert not CutOddsJob.objects.exists()


@pages
@pytest.mark.django_db
def test_a_failed_job_shows_its_error(client, field, event, organizer):
    CutOddsJob.objects.create(
        event=event, after_round=3, simulations=10, total=10, status="failed", error="Boom."
    )
    client.force_login(organizer)
    html = client.get(page(event)).content.decode()
    assert "The estimate after round 3 failed: Boom." in html
