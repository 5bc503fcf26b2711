"""A response for any response window (gameplay/engine/triggers.py: ``ANY_RESPONSE``) and
the permission ``can_play_responses`` (gameplay/engine/uses.py: ``HAND_RESPONSES``): a
hand card whose response has the trigger ``ANY_RESPONSE`` is offered in every response
window that opens (every seat is then asked in them), and a seat whose permission is
withdrawn uses no response from its hand."""

from __future__ import annotations

import pytest

from gameplay.engine import moves
from gameplay.engine.abilities import REGISTRY, SCRIPTS, Ability, Script, add_lasting
from gameplay.engine.steps import run
from gameplay.engine.triggers import ANY_RESPONSE, hand_triggers_in, triggers_in_use
from gameplay.engine.uses import HAND_RESPONSES
from tests.gameplay.cardtest import KNIGHT, code, hand, head, joust, ref, until_window, uses
from tests.gameplay.scenario import settle


def _noted(state, ctx):
    state.emit("test_effect", seat=ctx["seat"])


@pytest.fixture
def any_response(monkeypatch):
    """A test-only response from the hand on Knight of the Tumblestone, for any window."""
    ability = Ability("response", _noted, trigger=ANY_RESPONSE, zones=("hand",))
    monkeypatch.setitem(SCRIPTS, code(KNIGHT), Script(abilities=[ability]))
    monkeypatch.setitem(REGISTRY, "version", REGISTRY["version"] + 100_000)


def _killing():
    state = joust({"hand": [KNIGHT], "in_play": ["Robb Stark"]}, {})
    moves.kill(state, [ref(state, 0, "Robb Stark")])
    run(state)
    return until_window(settle(state), "would_be_killed")


def test_any_response_is_offered_in_a_response_window(any_response):
    state = _killing()
    assert uses(state, 0, hand(state, 0, KNIGHT)[0])
    assert ANY_RESPONSE not in triggers_in_use()  # it opens no window of its own
    assert "would_be_killed" in hand_triggers_in(state)


def test_no_response_from_a_hand_without_the_permission(any_response):
    state = _killing()
    add_lasting(state, HAND_RESPONSES, 0, "phase", value=False)
    assert head(state).get("trigger") == "would_be_killed"
    assert not uses(state, 0, hand(state, 0, KNIGHT)[0])
