"""Automatic passes (issue 16, "Few clicks"): each person's passing preferences, kept on
their account (gameplay/passing.py, PlayPreferences), let the server pass for them in the
windows where they want no say; the pass is made like a bot's move (the same task, the
same delay), logged as theirs, and nobody else can tell it from a clicked pass.

Positions are built directly (tests/gameplay/scenario.py) and put into a match of two
people through the services; the action log of such a match does not replay from its
decks, which nothing here needs."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from gameplay import passing
from gameplay.engine.actions import Action
from gameplay.engine.game import legal_actions, to_act
from gameplay.engine.observe import observe
from gameplay.models import Match, MatchAction, PlayPreferences
from gameplay.services import (
    MatchError,
    SeatSpec,
    core_deck,
    match_act,
    match_bot_move,
    match_bot_sweep,
    match_create,
    match_state,
    preferences_update,
)
from gameplay.services.play import bot_turn, state_text
from tests.gameplay.scenario import build, hand, in_play
from tests.pages import without_tokens

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}

AMBUSH = "Flame-Kissed"  # core_103: Targaryen attachment, Ambush (cost 2)
KNEEL = "The Lion's Will"  # core_162: "Any Phase: Pay 2 gold to choose a character. Kneel ..."
INFLUENCE = "Crossroads"  # core_138: a location with 1 influence
PLOT = "Summoning Season"  # its "when revealed" text does not run in build()


@pytest.fixture
def eager():
    """Tasks in-process, as without a broker: an automatic move queued when a change
    commits is made at once (inside ``commit()`` blocks)."""
    from config.celery import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob")]


def people_match(people, state=None, *, seed: int = 5) -> Match:
    """A joust of ann (seat 0) and bob (seat 1); with ``state``, at that position."""
    match = match_create(
        creator=people[0],
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-lannister"), user=people[0]),
            SeatSpec(core_deck("core-targaryen"), user=people[1]),
        ],
        seed=seed,
    )
    if state is not None:
        match.state = state_text(state)
        match.waiting = list(to_act(state))
        bot_turn(match, set(), state)
        match.save()
    return match


def ambush_position(*, influence: bool = True):
    """Ann's marshalling turn (the first player): she holds Lannisport Steward and 4 gold;
    bob holds Flame-Kissed, with two Crossroads to pay its Ambush (or none)."""
    return build(
        players=[
            {
                "house": "Lannister",
                "hand": ["Lannisport Steward", KNEEL],
                "gold": 4,
                "revealed_plot": PLOT,
            },
            {
                "house": "Targaryen",
                "hand": [AMBUSH],
                "in_play": ["Brown Ben Plumm", *([INFLUENCE] * 2 if influence else [])],
                "revealed_plot": PLOT,
            },
        ],
        auto_pass=False,
    )


def act(match: Match, user, action: Action | str) -> Match:
    match.refresh_from_db()
    return match_act(match_id=match.pk, user=user, action=str(action), version=match.version)


def made(match: Match) -> list[tuple[int, str, bool]]:
    """The match's log: (seat, action, automatic)."""
    return list(
        MatchAction.objects.filter(match=match)
        .order_by("number")
        .values_list("seat", "text", "automatic")
    )


def run_automatic(match: Match) -> int:
    """Make the automatic moves due, one task at a time, as a worker would; how many."""
    count = 0
    while True:
        match.refresh_from_db()
        if match.bot_due is None:
            return count
        if not match_bot_move(match_id=match.pk, version=match.version):
            return count
        count += 1


def steward(match: Match) -> str:
    return hand(match_state(Match.objects.get(pk=match.pk)), 0, "Lannisport Steward")[0]


def marshal_steward(match: Match, people) -> Match:
    return act(match, people[0], Action(0, "marshal:play", (steward(match),)))


# --- The rules of the preferences (gameplay/passing.py) -------------------------------------


def test_stop_points_read_only_public_facts_of_the_decision():
    state = build(
        phase="challenges",
        players=[
            {"in_play": ["Wolf Pack"], "revealed_plot": PLOT},
            {"house": "Lannister", "hand": [KNEEL], "gold": 2, "revealed_plot": PLOT},
        ],
        first_player=1,
        auto_pass=False,
    )
    # Seat 1's own challenges turn first: not an opponent's challenge for seat 1.
    assert passing.stop_at(state, 1, passing.STOP_KEYS) == "my_turn"
    assert passing.stop_at(state, 1, ["opponent_challenge"]) is None
    assert passing.stop_at(state, 0, ["opponent_challenge"]) == "opponent_challenge"
    state = passing_all(state, 2)
    # Seat 0's turn: seat 1 is asked first, before any challenge of its opponent.
    assert to_act(state) == [1]
    assert passing.stop_at(state, 1, ["opponent_challenge"]) == "opponent_challenge"
    assert passing.stop_at(state, 1, ["dominance", "round_end", "opponent_marshal"]) is None
    # Seat 1 kneels the would-be attacker: "a card of mine is chosen" for seat 0.
    pack = in_play(state, 0, "Wolf Pack")[0]
    from gameplay.engine.game import apply

    state = apply(state, Action(1, "use", (hand(state, 1, KNEEL)[0], pack)))
    assert to_act(state) == [0]
    assert passing.stop_at(state, 0, ["my_card"]) == "my_card"
    assert passing.stop_at(state, 1, ["my_card"]) is None  # its own action


def passing_all(state, count: int):
    from gameplay.engine.game import apply

    for _ in range(count):
        state = apply(state, Action(to_act(state)[0], "pass"))
    return state


def test_only_windows_pass_by_themselves_and_never_a_turn_with_something_to_do():
    state = ambush_position()
    # Ann's own marshalling turn, with cards to marshal: asked in every mode.
    for windows in (passing.PLAYABLE, passing.STOPS_ONLY, passing.ALL):
        assert not passing.passes_now(state, 0, windows, ())
    # Setup is not a window: never automatic.
    setup = build(phase="setup", players=[{}, {}], auto_pass=False)
    assert not passing.passes_now(setup, to_act(setup)[0], passing.STOPS_ONLY, ())
    # Bob, asked after ann's action with an Ambush he can pay: asked, unless "stops".
    from gameplay.engine.game import apply

    state = apply(state, Action(0, "marshal:play", (hand(state, 0, "Lannisport Steward")[0],)))
    state = pass_responses_until(state, 1)
    assert not passing.passes_now(state, 1, passing.PLAYABLE, ())
    assert passing.passes_now(state, 1, passing.STOPS_ONLY, ())
    assert not passing.passes_now(state, 1, passing.STOPS_ONLY, ["opponent_marshal"])
    assert not passing.passes_now(state, 1, passing.ALL, ())


def pass_responses_until(state, seat: int):
    """Pass the response windows at the head until ``seat`` is asked in the turn window."""
    from gameplay.engine.game import apply

    while to_act(state) != [seat] or state.queue[0].get("kind") == "response":
        state = apply(state, Action(to_act(state)[0], "pass"))
    return state


# --- The server passes, like a bot's move ---------------------------------------------------


def test_a_window_with_something_playable_is_asked_not_passed(people):
    match = people_match(people, ambush_position())
    marshal_steward(match, people)
    run_automatic(match)  # the response windows of the Steward's entering play
    match.refresh_from_db()
    state = match_state(match)
    assert match.waiting == [1] and state.queue[0]["point"] == "marshal"
    # Bob holds an Ambush he can pay for: his default preferences ask him.
    assert any(a.choice == "ambush" for a in legal_actions(state, 1))
    assert match.bot_due is None
    assert not match_bot_move(match_id=match.pk, version=match.version)
    assert not any(auto for seat, _, auto in made(match) if seat == 1 and "pass" not in _)


def test_a_window_with_nothing_playable_is_passed_after_the_bot_delay(people, settings):
    settings.BOT_DELAY_SECONDS = 0.6
    match = people_match(people, ambush_position(influence=False))
    marshal_steward(match, people)
    match.refresh_from_db()
    # Bob cannot pay for the Ambush: his pass is due, as a bot's move would be.
    assert match.bot_due is not None
    assert (match.bot_due - match.updated).total_seconds() == pytest.approx(0.6, abs=0.3)
    before = match.version
    run_automatic(match)
    match.refresh_from_db()
    passes = [row for row in made(match)[before:] if row[0] == 1]
    assert passes and all(text == "p1:pass" and auto for _, text, auto in passes)
    # Logged as bob's, marked automatic for his own record only.
    assert MatchAction.objects.filter(match=match, automatic=True).first().user == people[1]
    assert match.waiting == [0]  # ann's turn goes on


def test_stops_mode_passes_even_with_something_playable_except_at_a_stop(people):
    preferences_update(user=people[1], windows="stops", stops=[])
    match = people_match(people, ambush_position())
    marshal_steward(match, people)
    run_automatic(match)
    match.refresh_from_db()
    # Bob held a payable Ambush, and still passed: whether he is asked tells nothing.
    assert match.waiting == [0]
    assert [row for row in made(match) if row[0] == 1 and not row[2]] == []
    assert hand(match_state(match), 1, AMBUSH)  # never used
    # With the stop "in my opponents' marshalling" he is asked there.
    preferences_update(user=people[1], windows="stops", stops=["opponent_marshal"])
    again = people_match(people, ambush_position())
    marshal_steward(again, people)
    run_automatic(again)
    again.refresh_from_db()
    assert again.waiting == [1] and match_state(again).queue[0]["point"] == "marshal"


def test_all_mode_asks_in_every_window(people):
    preferences_update(user=people[1], windows="all", stops=[])
    match = people_match(people, ambush_position(influence=False))
    marshal_steward(match, people)
    match.refresh_from_db()
    assert match.bot_due is None and match.waiting == [1]  # a response window: asked
    assert legal_actions(match_state(match), 1) == [Action(1, "pass")]


def test_changing_preferences_mid_match_queues_the_pending_pass(
    people, django_capture_on_commit_callbacks
):
    preferences_update(user=people[1], windows="all", stops=[])
    match = people_match(people, ambush_position(influence=False))
    marshal_steward(match, people)
    match.refresh_from_db()
    version = match.version
    assert match.waiting == [1] and match.bot_due is None
    # Bob switches to "pass when I have nothing playable": the pass is queued at once,
    # for the version he is deciding at; nobody else sees a new version.
    with django_capture_on_commit_callbacks() as queued:
        preferences_update(user=people[1], windows="playable", stops=[])
    match.refresh_from_db()
    assert len(queued) == 1 and match.bot_due is not None and match.version == version
    # He changes his mind before the task runs: it finds nothing to do, and the mark goes.
    preferences_update(user=people[1], windows="all", stops=[])
    match.refresh_from_db()
    assert match.bot_due is None
    assert not match_bot_move(match_id=match.pk, version=version)
    assert Match.objects.get(pk=match.pk).version == version
    # Back to "playable": the pass is made, as bob's.
    preferences_update(user=people[1], windows="playable", stops=[])
    assert match_bot_move(match_id=match.pk, version=version)
    assert made(Match.objects.get(pk=match.pk))[version] == (1, "p1:pass", True)


def test_a_click_while_the_automatic_pass_is_pending_applies_and_the_task_then_does_nothing(
    people,
):
    match = people_match(people, ambush_position(influence=False))
    marshal_steward(match, people)
    match.refresh_from_db()
    version = match.version
    assert match.waiting == [1] and match.bot_due is not None  # bob's pass is due
    # Bob's page still offers Pass, and his click comes first.
    act(match, people[1], "p1:pass")
    assert not match_bot_move(match_id=match.pk, version=version)  # the task, too late
    assert made(Match.objects.get(pk=match.pk))[version] == (1, "p1:pass", False)


def test_a_click_on_pass_just_after_the_automatic_pass_is_the_same_decision(people):
    match = people_match(people, ambush_position(influence=False))
    marshal_steward(match, people)
    match.refresh_from_db()
    version = match.version
    assert match_bot_move(match_id=match.pk, version=version)  # made for bob
    # Bob's page, still at that version, sends his own click on Pass: already done, not
    # refused as stale, and nothing is applied twice.
    after = match_act(match_id=match.pk, user=people[1], action="p1:pass", version=version)
    assert after.version == version + 1
    assert made(after)[version:] == [(1, "p1:pass", True)]
    # A second click of that page is refused as stale, as always: it is not his turn.
    with pytest.raises(MatchError):
        match_act(match_id=match.pk, user=people[1], action="p1:pass", version=version + 1)
    assert Match.objects.get(pk=match.pk).version == version + 1


def test_a_lost_automatic_pass_is_queued_again_by_the_sweep(people, eager):
    import datetime

    from django.utils import timezone

    match = people_match(people, ambush_position(influence=False))
    marshal_steward(match, people)  # the task queued on commit never runs here: lost
    match.refresh_from_db()
    version = match.version
    Match.objects.filter(pk=match.pk).update(
        bot_due=timezone.now() - datetime.timedelta(seconds=60)
    )
    assert match_bot_sweep() == 1
    match.refresh_from_db()
    assert match.version > version and made(match)[version] == (1, "p1:pass", True)


def test_a_person_with_default_preferences_reaches_the_challenges_with_few_clicks(
    people, eager, django_capture_on_commit_callbacks
):
    """A joust against a greedy bot from the start: the person places, chooses plots and
    passes in every window (the simplest play); with the defaults the server passes for
    them where they have nothing playable. The same game with ``all`` (asked in every
    window) gives the same log; only who made the passes differs."""

    def play(windows: str) -> tuple[list[tuple[int, str, bool]], int]:
        person = people[0]
        preferences_update(user=person, windows=windows, stops=list(passing.DEFAULT_STOPS))
        with django_capture_on_commit_callbacks(execute=True):
            match = match_create(
                creator=person,
                variant="joust",
                seats=[
                    SeatSpec(core_deck("core-stark"), user=person),
                    SeatSpec(core_deck("core-targaryen"), bot="greedy"),
                ],
                seed=9,
            )
        clicks = 0
        while True:
            match.refresh_from_db()
            state = match_state(match)
            if state.phase == "challenges" and state.queue[0]["name"] == "window":
                return made(match), clicks
            assert match.waiting == [0]
            legal = legal_actions(state, 0)
            choice = Action(0, "pass") if Action(0, "pass") in legal else legal[0]
            with django_capture_on_commit_callbacks(execute=True):
                act(match, person, choice)
            clicks += 1

    by_default, clicks = play(passing.PLAYABLE)
    asked_everywhere, clicks_all = play(passing.ALL)
    assert [row[:2] for row in by_default] == [row[:2] for row in asked_everywhere]
    windows = sum(1 for seat, text, _ in by_default if seat == 0 and text == "p0:pass")
    automatic = sum(1 for seat, _, auto in by_default if seat == 0 and auto)
    assert clicks_all == clicks + automatic and not any(auto for *_, auto in asked_everywhere)
    # Most windows were passed for the person: far fewer clicks than windows (seed 9:
    # 3 clicks, setup and plots included, for 10 windows, 9 of them passed for them).
    assert windows >= 8 and automatic >= 3 * (windows - automatic)
    assert clicks * 3 <= clicks_all


# --- Nobody else can tell ------------------------------------------------------------------


def normalized(html: str, match: Match) -> str:
    """A page of ``match`` without what differs between two matches or two requests
    (its id in URLs and title, CSRF tokens, times)."""
    html = html.replace(f"/play/{match.pk}/", "/play/N/").replace(f"match {match.pk}", "match N")
    html = html.replace(f'data-match="{match.pk}"', 'data-match="N"')
    return without_tokens(html)


def test_the_opponent_cannot_tell_an_automatic_pass_from_a_clicked_one(people):
    """Two identical matches, one after the other: bob (nothing playable) has his pass
    made for him in the first (his defaults), and is asked and clicks it in the second
    (he asked to be asked everywhere). Ann's board, poll, view and log are the same in
    both, while bob's pass is pending and after it."""
    ann = Client()
    ann.force_login(people[0])

    def seen(match: Match, version: int) -> dict[str, str]:
        match.refresh_from_db()
        page = ann.get(reverse("play:match", args=[match.pk])).content.decode()
        poll = ann.get(
            reverse("play:poll", args=[match.pk]), {"v": version, "c": 0, "k": "x"}, **HTMX
        ).content.decode()
        return {
            "page": normalized(page, match),
            "poll": normalized(poll, match),
            "view": repr(observe(match_state(match), 0)),
            "log": repr([(seat, text) for seat, text, _ in made(match)]),
            "waiting": repr(match.waiting),
        }

    def play(windows: str) -> tuple[dict, dict, list]:
        preferences_update(user=people[1], windows=windows, stops=[])
        match = people_match(people, ambush_position(influence=False))
        marshal_steward(match, people)
        match.refresh_from_db()
        version = match.version
        assert match.waiting == [1] and legal_actions(match_state(match), 1) == [Action(1, "pass")]
        assert (match.bot_due is not None) == (windows == passing.PLAYABLE)
        pending = seen(match, version - 1)
        bob = Client()
        bob.force_login(people[1])
        own = bob.get(reverse("play:match", args=[match.pk])).content.decode()
        # Only bob's own page says that the pass is coming.
        assert ("Passing for you" in own) == (windows == passing.PLAYABLE)
        assert "Passing for you" not in pending["page"] and "data-auto" not in pending["page"]
        if windows == passing.PLAYABLE:
            assert match_bot_move(match_id=match.pk, version=version)  # made for him
        else:
            act(match, people[1], "p1:pass")  # clicked
        after = seen(match, version)
        return pending, after, made(Match.objects.get(pk=match.pk))

    pending_auto, after_auto, log_auto = play(passing.PLAYABLE)
    pending_click, after_click, log_click = play(passing.ALL)
    assert pending_auto == pending_click
    assert after_auto == after_click
    # The log differs only in bob's own mark.
    assert [row[:2] for row in log_auto] == [row[:2] for row in log_click]
    assert log_auto[-1] == (1, "p1:pass", True) and log_click[-1] == (1, "p1:pass", False)


# --- The pages ------------------------------------------------------------------------------


def test_the_board_has_a_passing_control_that_saves_and_applies_at_once(
    people, eager, django_capture_on_commit_callbacks
):
    match = people_match(people, ambush_position(influence=False))
    preferences_update(user=people[1], windows="all", stops=[])
    marshal_steward(match, people)
    match.refresh_from_db()
    version = match.version
    assert match.waiting == [1]
    bob = Client()
    bob.force_login(people[1])
    page = bob.get(reverse("play:match", args=[match.pk])).content.decode()
    assert 'id="passing"' in page and f'action="/play/{match.pk}/passing/"' in page
    assert 'value="all" name="windows"' in page or 'name="windows" value="all"' in page
    # Saved with htmx: the control comes back open, and the pass now due is made (at
    # once, without a broker); the board and prompt follow.
    with django_capture_on_commit_callbacks(execute=True):
        response = bob.post(
            reverse("play:passing", args=[match.pk]),
            {"windows": "playable", "stops": ["opponent_challenge", "dominance"]},
            **HTMX,
        )
    text = response.content.decode()
    assert response.status_code == 200
    assert 'id="passing" class="passing" hx-swap-oob="true" open' in text
    assert "Passing preferences saved." in text and 'id="board" hx-swap-oob="true"' in text
    prefs = PlayPreferences.objects.get(user=people[1])
    assert prefs.windows == "playable" and prefs.stops == ["opponent_challenge", "dominance"]
    match.refresh_from_db()
    assert match.version > version and made(match)[version] == (1, "p1:pass", True)
    # Without JavaScript: a plain form post, back to the board.
    response = bob.post(reverse("play:passing", args=[match.pk]), {"windows": "stops"})
    assert response.status_code == 302 and response.url == reverse("play:match", args=[match.pk])
    assert PlayPreferences.objects.get(user=people[1]).stops == []
    # A choice that is not offered changes nothing.
    response = bob.post(reverse("play:passing", args=[match.pk]), {"windows": "x"}, **HTMX)
    assert "Choose when to pass for you." in response.content.decode()
    assert PlayPreferences.objects.get(user=people[1]).windows == "stops"
    # A spectator has no control; nobody logged out can post.
    watcher = Client().get(reverse("play:match", args=[match.pk])).content.decode()
    assert 'id="passing"' not in watcher
    anonymous = Client().post(reverse("play:passing", args=[match.pk]), {"windows": "all"})
    assert anonymous.status_code == 302 and "/login/" in anonymous.url


def test_the_preferences_page_keeps_them_on_the_account(people):
    client = Client()
    client.force_login(people[0])
    page = client.get(reverse("play:preferences")).content.decode()
    # Defaults before anything is stored: pass when nothing is playable, three stops.
    assert not PlayPreferences.objects.exists()
    assert re.search(r'<input[^>]*value="playable"[^>]*checked', page)
    for key in passing.DEFAULT_STOPS:
        assert re.search(rf'<input[^>]*value="{key}"[^>]*checked', page)
    for _, words in passing.STOPS:
        assert words.replace("'", "&#x27;") in page
    response = client.post(
        reverse("play:preferences"), {"windows": "stops", "stops": ["dominance"]}
    )
    assert response.status_code == 302
    prefs = PlayPreferences.objects.get(user=people[0])
    assert (prefs.windows, prefs.stops) == ("stops", ["dominance"])
    page = client.get(reverse("play:preferences")).content.decode()
    assert re.search(r'<input[^>]*value="stops"[^>]*checked', page)
    bad = client.post(reverse("play:preferences"), {"windows": "often", "stops": ["nowhere"]})
    assert bad.status_code == 400
    assert PlayPreferences.objects.get(user=people[0]).stops == ["dominance"]
    # The lobby links to it.
    assert reverse("play:preferences") in client.get(reverse("play:lobby")).content.decode()
    assert Client().get(reverse("play:preferences")).status_code == 302  # log in first


@pytest.mark.django_db(transaction=True)
def test_an_automatic_pass_travels_through_the_real_broker_after_the_bot_delay(people, settings):
    import time

    from config.celery import app
    from tests.conftest import real_worker, require_service

    require_service("CELERY_BROKER_URL")
    assert not app.conf.task_always_eager
    settings.BOT_DELAY_SECONDS, settings.BOT_JITTER_SECONDS = 0.6, 0.4
    app.connection_for_write().ensure_connection(max_retries=2)
    match = people_match(people, ambush_position(influence=False))
    with real_worker(app):
        started = time.monotonic()
        marshal_steward(match, people)  # commits: bob's pass is queued, to run in 0.6-1 s
        version = Match.objects.get(pk=match.pk).version
        deadline = started + 30
        while Match.objects.get(pk=match.pk).version == version and time.monotonic() < deadline:
            time.sleep(0.05)
        waited = time.monotonic() - started
    assert made(Match.objects.get(pk=match.pk))[version] == (1, "p1:pass", True)
    assert 0.55 <= waited < 10


# --- Cards asked about only at the stops (issue 32) ------------------------------------------

KENNELS = "Winterfell Kennels"  # core_24: "Any Phase: Kneel ... and pay 1 gold to search ..."


def kennels_position():
    """Ann's marshalling turn; bob has Winterfell Kennels standing and gold to use it in any
    window, and nothing else to play."""
    return build(
        players=[
            {
                "house": "Lannister",
                "hand": ["Lannisport Steward"],
                "gold": 4,
                "revealed_plot": PLOT,
            },
            {"house": "Stark", "in_play": [KENNELS], "gold": 2, "revealed_plot": PLOT},
        ],
        auto_pass=False,
    )


def test_an_any_phase_card_asked_about_only_at_the_stops(people):
    state = kennels_position()
    assert passing.any_phase_cards(state, 1) == ["core_24"]
    assert passing.any_phase_cards(state, 0) == []
    # By default the Kennels open every window of bob's: he is asked.
    match = people_match(people, state)
    marshal_steward(match, people)
    match.refresh_from_db()
    assert match.waiting == [1] and match.bot_due is None
    assert match_state(match).queue[0]["turn"] == 0  # in ann's turn
    # Asked about them only at his stops, his pass is made for him there...
    preferences_update(
        user=people[1], windows="playable", stops=[], shown=["core_24"], quiet=["core_24"]
    )
    assert PlayPreferences.objects.get(user=people[1]).quiet_cards == ["core_24"]
    match = people_match(people, kennels_position())
    marshal_steward(match, people)
    run_automatic(match)
    match.refresh_from_db()
    assert (1, "p1:pass", True) in made(match)  # passed for him in ann's turn
    # (His own marshalling turn, with the Kennels to use, is his to play: asked.)
    assert match.waiting == [1] and match_state(match).queue[0]["turn"] == 1
    # ... and at a stop he is asked again.
    preferences_update(
        user=people[1], windows="playable", stops=["opponent_marshal"], shown=[], quiet=[]
    )
    assert PlayPreferences.objects.get(user=people[1]).quiet_cards == ["core_24"]  # kept
    match = people_match(people, kennels_position())
    marshal_steward(match, people)
    match.refresh_from_db()
    assert match.waiting == [1] and match.bot_due is None
    assert match_state(match).queue[0]["turn"] == 0


def test_a_quiet_card_does_not_quiet_another_playable_card(people):
    """Bob has two Any Phase cards; only the Kennels are asked about at his stops only:
    the window where Arya's action is playable too is still asked."""
    match = people_match(people, kennels_position())
    marshal_steward(match, people)
    match.refresh_from_db()
    state = match_state(match)
    arya = build(players=[{}, {"house": "Stark", "in_play": ["Arya Stark"]}])
    assert passing.any_phase_cards(arya, 1) == ["core_7"]
    assert match.waiting == [1]
    others = [a for a in legal_actions(state, 1) if a.kind != "pass"]
    assert others and all(state.code(a.cards[0]) == "core_24" for a in others)
    assert passing.passes_now(state, 1, "playable", [], ["core_24"])
    assert not passing.passes_now(state, 1, "playable", [], ["core_7"])  # not the Kennels
    assert not passing.passes_now(state, 1, "playable", [], [])
    assert not passing.passes_now(state, 1, "all", [], ["core_24"])  # "all" asks anyway


def test_quiet_cards_are_checked_and_scoped_to_what_the_form_showed(people):
    with pytest.raises(MatchError, match="Unknown card codes: nope"):
        preferences_update(user=people[0], windows="playable", stops=[], shown=["nope"], quiet=[])
    with pytest.raises(MatchError, match="only among the cards the form showed"):
        preferences_update(
            user=people[0], windows="playable", stops=[], shown=["core_24"], quiet=["core_44"]
        )
    preferences_update(
        user=people[0],
        windows="playable",
        stops=[],
        shown=["core_24", "core_44"],
        quiet=["core_24", "core_44"],
    )
    preferences_update(user=people[0], windows="playable", stops=[], shown=["core_44"], quiet=[])
    assert PlayPreferences.objects.get(user=people[0]).quiet_cards == ["core_24"]


def test_the_board_offers_the_switch_for_its_any_phase_cards_and_saves_it(people):
    match = people_match(people, kennels_position())
    client = Client()
    client.force_login(people[1])
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert "Ask me about these cards only at my stops" in page
    assert re.search(
        r'<input type="checkbox" name="quiet" value="core_24"[^>]*>\s*Winterfell Kennels', page
    )
    response = client.post(
        reverse("play:passing", args=[match.pk]),
        {"windows": "playable", "stops": ["attacked"], "shown": ["core_24"], "quiet": ["core_24"]},
    )
    assert response.status_code == 302
    assert PlayPreferences.objects.get(user=people[1]).quiet_cards == ["core_24"]
    # The preferences page lists it, to take it back.
    page = client.get(reverse("play:preferences")).content.decode()
    assert 'value="core_24" checked' in page or re.search(r'value="core_24"[^>]*checked', page)
    client.post(
        reverse("play:preferences"),
        {"windows": "playable", "stops": ["attacked"], "shown": ["core_24"]},
    )
    assert PlayPreferences.objects.get(user=people[1]).quiet_cards == []
    # A forged code is refused with its reason, nothing saved.
    response = client.post(
        reverse("play:passing", args=[match.pk]),
        {"windows": "playable", "shown": ["core_24"], "quiet": ["core_24", "x_1"]},
        follow=True,
    )
    assert PlayPreferences.objects.get(user=people[1]).quiet_cards == []


# --- What an automatic pass asks the database (issue 31) --------------------------------------


def gameplay_reads(captured) -> list[str]:
    """The statements of ``captured`` that read the match's tables."""
    return [
        q["sql"]
        for q in captured.captured_queries
        if q["sql"].startswith("SELECT") and '"gameplay_' in q["sql"]
    ]


def test_an_automatic_pass_reads_the_match_once_under_its_lock(people, settings):
    """The worker's pass for a person reads the match, its seats and their preferences in
    the one locked read, after one small question outside the lock (is a search bot
    seated? it reads no match); it reads no preferences again after the pass, when it
    decides whether the next decision is automatic too."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.BOT_DELAY_SECONDS = 0.6
    match = people_match(people, ambush_position(influence=False))
    marshal_steward(match, people)
    match.refresh_from_db()
    assert match.bot_due is not None  # bob cannot pay for the Ambush: his pass is due
    with CaptureQueriesContext(connection) as captured:
        assert match_bot_move(match_id=match.pk, version=match.version)
    reads = gameplay_reads(captured)
    assert len(reads) == 2, reads
    search_bot, locked = reads
    assert '"gameplay_match"' not in search_bot
    assert all(f'"gameplay_{t}"' in locked for t in ("match", "matchseat", "playpreferences"))
    if connection.vendor == "postgresql":  # SQLite has no row locks
        assert locked.endswith('FOR UPDATE OF "gameplay_match"')
    assert made(match)[-1] == (1, "p1:pass", True)


def test_the_move_that_makes_a_pass_due_tells_its_task_no_search_bot_sits_there(
    people, settings, eager, django_capture_on_commit_callbacks
):
    """The act read the seats under its lock: the task it queues is told no search bot
    sits at the match, so that the pass reads nothing before its lock (the question
    above is for a task queued without it)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    settings.BOT_DELAY_SECONDS = 0.6
    match = people_match(people, ambush_position(influence=False))
    with django_capture_on_commit_callbacks() as callbacks:
        marshal_steward(match, people)
    with CaptureQueriesContext(connection) as captured:
        for callback in callbacks:  # the commit: the pass is queued (tasks run in-process)
            callback()
    reads = gameplay_reads(captured)
    assert made(match)[-1] == (1, "p1:pass", True)
    assert len(reads) == 1, reads  # the locked read alone
    assert '"gameplay_matchseat"' in reads[0] and '"gameplay_match"' in reads[0]
