"""Match services (gameplay/services.py): creating a match, acting for your seat under a
lock and a version check, bot moves, and replaying the stored log after a restart."""

from __future__ import annotations

import threading

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection

from config import push
from gameplay.engine.game import legal_actions
from gameplay.engine.state import GameState
from gameplay.models import Match, MatchAction
from gameplay.services import (
    MatchError,
    SeatSpec,
    StaleMatch,
    core_deck,
    match_act,
    match_bot_move,
    match_create,
    match_replay,
    match_state,
)
from tests.conftest import require_service

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(django_user_model):
    return [django_user_model.objects.create_user(f"player{i}") for i in range(3)]


def _joust(players, *, bot: str = "") -> Match:
    second = SeatSpec(core_deck("core-lannister"), bot=bot) if bot else None
    return match_create(
        creator=players[0],
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=players[0]),
            second or SeatSpec(core_deck("core-lannister"), user=players[1]),
        ],
        seed=7,
    )


def _state(match: Match) -> GameState:
    match.refresh_from_db()
    return match_state(match)


def _first_legal(match: Match, seat: int) -> str:
    return str(legal_actions(_state(match), seat)[0])


def test_a_created_match_starts_at_setup_with_its_seats(players):
    match = _joust(players)
    assert match.status == Match.Status.ACTIVE and match.version == 0
    state = _state(match)
    assert state.phase == "setup" and [p.house for p in state.players] == ["Stark", "Lannister"]
    assert [s.user for s in match.seats.all()] == players[:2]


def test_a_seat_needs_a_player_or_a_bot(players):
    stark = core_deck("core-stark")
    with pytest.raises(MatchError, match="nobody to play it"):
        match_create(creator=None, variant="joust", seats=[SeatSpec(stark)] * 2)
    with pytest.raises(MatchError, match="either a player or a bot"):
        match_create(
            creator=None,
            variant="joust",
            seats=[SeatSpec(stark, user=players[0], bot="random"), SeatSpec(stark, bot="random")],
        )
    with pytest.raises(MatchError, match="for a person"):
        match_create(creator=None, variant="joust", seats=[SeatSpec(stark, bot="random")] * 2)
    with pytest.raises(MatchError, match="not one of the decks offered"):
        core_deck("core-greyjoy")


def _deciding(match: Match) -> int:
    """The one seat that must decide now (setup is placed in turn, the first player
    first: with seed 7 that is seat 1)."""
    match.refresh_from_db()
    (seat,) = match.waiting
    return seat


def test_a_player_acts_for_their_seat_and_the_action_is_logged(players):
    match = _joust(players)
    seat = _deciding(match)
    action = _first_legal(match, seat)
    match = match_act(match_id=match.pk, user=players[seat], action=action, version=0)
    assert match.version == 1
    assert list(match.actions.values_list("number", "seat", "text")) == [(1, seat, action)]
    assert _state(match).players[seat].setup_done
    assert not match.actions.get().automatic and match.actions.get().user == players[seat]


def test_a_stale_version_is_refused_and_changes_nothing(players):
    match = _joust(players)
    seat = _deciding(match)
    first = _first_legal(match, seat)
    match_act(match_id=match.pk, user=players[seat], action=first, version=0)
    # The same page again (a double click): this seat has acted since version 0.
    with pytest.raises(StaleMatch, match="refresh"):
        match_act(match_id=match.pk, user=players[seat], action=first, version=0)
    # A version from the future is no better.
    other = 1 - seat
    with pytest.raises(StaleMatch, match="refresh"):
        match_act(
            match_id=match.pk, user=players[other], action=_first_legal(match, other), version=5
        )
    match.refresh_from_db()
    assert match.version == 1 and MatchAction.objects.filter(match=match).count() == 1


def test_choosing_at_the_same_time_as_the_other_player_is_not_stale(players):
    """Plots are chosen at the same time: bob's page from before ann chose her plot still
    asks him the same question, so his answer applies; once he has answered, that page
    is stale. (Setup is placed in turn: the second player's page moves on when the
    first places.)"""
    match = _joust(players)
    for _ in range(2):
        seat = _deciding(match)
        match_act(
            match_id=match.pk,
            user=players[seat],
            action=_first_legal(match, seat),
            version=match.version,
        )
    match.refresh_from_db()
    assert sorted(match.waiting) == [0, 1] and _state(match).queue[0]["name"] == "choose_plots"
    seen = match.version
    match_act(match_id=match.pk, user=players[0], action=_first_legal(match, 0), version=seen)
    bob = _first_legal(match, 1)
    match = match_act(match_id=match.pk, user=players[1], action=bob, version=seen)
    assert match.version == seen + 2
    assert list(match.actions.values_list("seat", flat=True))[-2:] == [0, 1]
    # Both plots chosen: ann's page of that version is stale (she acted since).
    with pytest.raises(StaleMatch):
        match_act(match_id=match.pk, user=players[0], action="p0:pass", version=seen)


def test_only_a_seated_player_acts_and_only_for_their_own_seat(players):
    match = _joust(players)
    seat = _deciding(match)
    other = 1 - seat
    with pytest.raises(PermissionDenied, match="Only a player seated"):
        match_act(match_id=match.pk, user=players[2], action=_first_legal(match, seat), version=0)
    with pytest.raises(PermissionDenied, match=f"Seat {seat + 1} is not yours"):
        match_act(
            match_id=match.pk, user=players[other], action=_first_legal(match, seat), version=0
        )
    assert Match.objects.get(pk=match.pk).version == 0


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("p{seat}:marshal:play:c1", "not allowed at step setup_place"),
        ("p{other}:setup:place", "no decision now"),
        ("p{seat}:fly", "unknown kind"),
        ("hello", "must start with the seat"),
    ],
)
def test_illegal_or_unreadable_actions_get_a_message(players, action, message):
    match = _joust(players)
    seat = _deciding(match)
    text = action.format(seat=seat, other=1 - seat)
    user = players[1 - seat] if "{other}" in action else players[seat]
    with pytest.raises(MatchError, match=message):
        match_act(match_id=match.pk, user=user, action=text, version=0)
    assert Match.objects.get(pk=match.pk).version == 0


def test_no_action_on_a_missing_match(players):
    with pytest.raises(MatchError, match="There is no match 999"):
        match_act(match_id=999, user=players[0], action="p0:pass", version=0)


def test_a_bot_moves_once_per_version(players):
    match = _joust(players, bot="greedy")
    assert _deciding(match) == 1  # the bot is the first player: it places first
    assert match_bot_move(match_id=match.pk, version=0)
    assert not match_bot_move(match_id=match.pk, version=0)  # a second run of the same task
    match.refresh_from_db()
    assert match.version == 1 and match.actions.get().seat == 1
    assert not match_bot_move(match_id=match.pk, version=1)  # now only the person decides


def test_a_move_queues_a_bot_task_only_when_a_bot_must_decide(
    players, django_capture_on_commit_callbacks
):
    people = _joust(players)
    seat = _deciding(people)
    with django_capture_on_commit_callbacks() as queued:
        match_act(match_id=people.pk, user=players[seat], action=f"p{seat}:setup:place", version=0)
    queued = [c for c in queued if not push.is_message(c)]  # the pages' push: no task
    assert queued == []  # only people: nothing for a bot to do, no task
    against_bot = _joust(players, bot="greedy")
    assert match_bot_move(match_id=against_bot.pk, version=0)  # the bot places first
    with django_capture_on_commit_callbacks() as queued:
        match_act(match_id=against_bot.pk, user=players[0], action="p0:setup:place", version=1)
    queued = [c for c in queued if not push.is_message(c)]
    assert len(queued) == 1  # the bot has its plot to choose


def test_the_log_replays_to_the_stored_state_after_a_restart(players):
    match = match_create(
        creator=players[0],
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-baratheon"), user=players[0]),
            SeatSpec(core_deck("core-targaryen"), bot="greedy"),
        ],
        seed=11,
    )
    while match.version < 60:
        if 0 in match.waiting:  # the person plays their first legal action
            match_act(
                match_id=match.pk,
                user=players[0],
                action=_first_legal(match, 0),
                version=match.version,
            )
        else:
            assert match_bot_move(match_id=match.pk, version=match.version)
        match.refresh_from_db()
    stored = Match.objects.get(pk=match.pk)  # as a new process would load it
    assert match_replay(stored).digest() == match_state(stored).digest()
    # A log that no longer replays is reported, not silently accepted.
    MatchAction.objects.filter(match=match, number=1).update(text="p0:pass")
    with pytest.raises(MatchError, match="does not replay"):
        match_replay(stored)


@pytest.mark.django_db(transaction=True)
def test_two_submissions_at_once_with_the_same_version_apply_exactly_once(players):
    if connection.vendor != "postgresql":
        require_service("DATABASE_URL")  # row locks need the real database
        pytest.skip("DATABASE_URL does not point at PostgreSQL")
    match = _joust(players)
    seat = _deciding(match)
    action = _first_legal(match, seat)
    barrier, outcomes = threading.Barrier(2), []

    def submit():
        try:
            barrier.wait()
            match_act(match_id=match.pk, user=players[seat], action=action, version=0)
            outcomes.append("applied")
        except StaleMatch:
            outcomes.append("stale")
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["applied", "stale"]
    assert Match.objects.get(pk=match.pk).version == 1
    assert MatchAction.objects.filter(match=match).count() == 1
