"""A loop of rules (two effects answering each other without end) ends in ``RulesLoop``
instead of hanging the process: the engine keeps the caller's state as it was, and a match
refuses the move with a message, changing nothing. No card of the pool loops since the
"may leave" checks (test_checks_cannot_leave.py), so the loop is made here by replacing
setup's reveal step with one that schedules itself again."""

from __future__ import annotations

import pytest

from gameplay.engine import steps
from gameplay.engine.actions import Action
from gameplay.engine.game import RulesLoop, apply, new_game, to_act
from gameplay.engine.simulate import game_config
from gameplay.models import Match
from gameplay.services import LOOP_MESSAGE, MatchError, match_act, match_state
from tests.deadline import fail_after
from tests.gameplay.test_match_pages import joust


@pytest.fixture
def looping_reveal(monkeypatch):
    """Setup's reveal step schedules itself again, forever; the cap is lowered for speed."""

    def again(state, step):
        state.queue.insert(0, {"name": "setup_reveal"})

    monkeypatch.setitem(steps.AUTOMATIC, "setup_reveal", again)
    monkeypatch.setattr(steps, "MAX_AUTOMATIC_STEPS", 2_000)
    with fail_after(30, "a loop without the cap"):
        yield


def _place_until_the_last(state):
    while True:
        seat = to_act(state)[0]
        action = Action(seat, "setup:place")
        if [s for s in range(len(state.players)) if not state.players[s].setup_done] == [seat]:
            return state, action
        state = apply(state, action)


def test_a_loop_of_rules_raises_and_leaves_the_callers_state(looping_reveal):
    state, last = _place_until_the_last(new_game(game_config(("core-stark", "core-lannister"), 3)))
    before = state.digest()
    with pytest.raises(RulesLoop, match="2000 automatic steps without reaching a decision"):
        apply(state, last)
    assert state.digest() == before


def test_without_the_loop_the_same_move_is_played(monkeypatch):
    monkeypatch.setattr(steps, "MAX_AUTOMATIC_STEPS", 2_000)  # a real setup takes far fewer
    state, last = _place_until_the_last(new_game(game_config(("core-stark", "core-lannister"), 3)))
    assert apply(state, last).phase != "setup"


@pytest.mark.django_db
def test_a_match_refuses_a_looping_move_and_changes_nothing(
    looping_reveal, django_user_model, caplog
):
    users = [django_user_model.objects.create_user(f"p{i}") for i in range(2)]
    match = joust(users)
    for _ in range(2):
        match.refresh_from_db()
        seat = to_act(match_state(match))[0]
        action = f"p{seat}:setup:place"
        try:
            match = match_act(
                match_id=match.pk, user=users[seat], action=action, version=match.version
            )
        except MatchError as error:
            assert str(error) == LOOP_MESSAGE
            break
    else:
        pytest.fail("the looping move was played")
    stored = Match.objects.get(pk=match.pk)
    assert stored.version == 1 and stored.actions.count() == 1  # the first placement only
    assert f"Match {match.pk}: The rules engine took 2000" in caplog.text
