"""The engine states a process keeps (gameplay/services/play.py, ``MATCH_STATES_KEPT``): a
match read again finds the state its last move left instead of parsing the stored text;
a text written elsewhere is parsed; the states kept are never changed by the moves and
views made from them; the oldest go first."""

from __future__ import annotations

import orjson
import pytest

from gameplay.engine.game import legal_actions, to_act
from gameplay.engine.observe import observe
from gameplay.engine.state import GameState
from gameplay.models import Match
from gameplay.services import match_act, match_bot_move, match_state, state_text
from gameplay.services import play as services_play
from tests.gameplay import test_match_push as push_tests
from tests.gameplay.test_match_table_actions import _joust, _past_setup

pytestmark = pytest.mark.django_db
people = push_tests.people


def _fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def _parsed(text: str) -> dict:
    return GameState.from_json(orjson.loads(text), owned=True).to_json()


def test_a_match_read_again_finds_the_state_its_move_left(people):
    match = _past_setup(_joust(people, bot="random"), people)
    state = match_state(_fresh(match))
    seat = to_act(state)[0]
    action = str(legal_actions(state, seat)[0])
    if match.seats.get(number=seat).bot:
        match_bot_move(match_id=match.pk, version=match.version)
    else:
        match_act(match_id=match.pk, user=people[0], action=action, version=match.version)
    stored = _fresh(match)
    again = match_state(stored)
    assert match_state(_fresh(match)) is again  # not parsed a second time
    assert again.to_json() == _parsed(stored.state)


def test_a_text_written_elsewhere_is_parsed_and_kept_states_stay_as_stored(people, settings):
    match = _past_setup(_joust(people, bot="random"), people)
    kept = match_state(_fresh(match))
    # Another process wrote the match: the text is not the one kept.
    other = kept.copy()
    other.round += 5
    Match.objects.filter(pk=match.pk).update(state=state_text(other))
    read = match_state(_fresh(match))
    assert read is not kept and read.round == kept.round + 5
    Match.objects.filter(pk=match.pk).update(state=state_text(kept))

    # Forty moves, each made from the state kept (and viewed by both seats): after each,
    # every state kept equals a fresh parse of the text kept with it.
    for _ in range(40):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        state = match_state(match)
        for seat in (0, 1, None):
            observe(state, seat)
        seat = to_act(state)[0]
        if match.seats.get(number=seat).bot:
            match_bot_move(match_id=match.pk, version=match.version)
        else:
            actions = [str(a) for a in legal_actions(state, seat)]
            action = next((a for a in actions if "pass" not in a), actions[0])
            match_act(match_id=match.pk, user=people[0], action=action, version=match.version)
        for text, kept_state in list(services_play._kept.values()):
            assert kept_state.to_json() == _parsed(text)
            # The stored text is orjson's of the dataclasses: to_plain's, key for key.
            assert text == orjson.dumps(kept_state.to_plain()).decode()
    assert _fresh(match).version > 10


def test_the_oldest_states_go_first_and_none_are_kept_at_zero(people, settings):
    settings.MATCH_STATES_KEPT = 2
    matches = [_past_setup(_joust(people, bot="random"), people) for _ in range(3)]
    for match in matches:
        match_state(_fresh(match))
    assert list(services_play._kept)[-2:] == [matches[1].pk, matches[2].pk]
    assert matches[0].pk not in services_play._kept
    assert len(services_play._kept) == 2
    settings.MATCH_STATES_KEPT = 0
    services_play._kept.clear()
    first = match_state(_fresh(matches[0]))
    assert match_state(_fresh(matches[0])) is not first
    assert not services_play._kept
