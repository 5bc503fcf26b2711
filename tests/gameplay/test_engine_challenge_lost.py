"""The ``each_time:challenge_lost`` effects (challenges.challenge_responses): "until the end
of the phase, when a player loses a challenge, ..." (Arms of the Kraken, asots_105). An
effect added with ``abilities.add_each_time(state, "challenge_lost", ...)`` runs once per
challenge that has a winner, with the ``challenge_won`` event (``loser``, ``winner`` ...),
and is gone at the end of its phase."""

from __future__ import annotations

from gameplay.engine.abilities import EFFECTS, add_each_time, effect
from gameplay.engine.challenges import CHALLENGE_LOST
from tests.gameplay.cardtest import HOST, defend, joust, ref, start

SEEN: list[dict] = []
NAME = "test_engine_challenge_lost"

if NAME not in EFFECTS:

    @effect(NAME)
    def _seen(state, entry):
        SEEN.append(dict(entry["event"]))


def test_each_challenge_lost_runs_the_effect_with_the_loser():
    SEEN.clear()
    state = joust({"in_play": [HOST]}, {})
    add_each_time(state, CHALLENGE_LOST, 0, NAME, None, "phase")
    state = start(state, "military", [ref(state, 0, HOST)])
    state = defend(state, [])
    assert [(e["winner"], e["loser"], e["type"]) for e in SEEN] == [(0, 1, "military")]
    assert state.phase != "challenges"
    assert not any(e["query"] == f"each_time:{CHALLENGE_LOST}" for e in state.effects)


def test_nothing_runs_without_the_effect():
    SEEN.clear()
    state = joust({"in_play": [HOST]}, {})
    state = defend(start(state, "military", [ref(state, 0, HOST)]), [])
    assert SEEN == []
