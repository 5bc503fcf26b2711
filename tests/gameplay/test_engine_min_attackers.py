"""The query ``min_attackers`` (gameplay/engine/challenges.py: ``min_attackers``): "Players
must declare 2 or more characters to attack" — a challenge cannot be initiated without that
many characters able to attack it, and the attackers prompt asks for at least that many.
Asked only while a card registers it (PASSIVE_CODES)."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import PASSIVE_CODES, SCRIPTS, Script
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import HOST, KNIGHT, act, code, head, joust, pass_windows


def _two(state, source, subject, base):
    return max(base, 2) if isinstance(subject, int) else base


@pytest.fixture
def two_attackers(monkeypatch):
    """A test-only passive on Lannisport Steward (in play: every seat needs 2 attackers)."""
    steward = code("Lannisport Steward")
    monkeypatch.setitem(SCRIPTS, steward, Script(passives={"min_attackers": [_two]}))
    monkeypatch.setitem(PASSIVE_CODES, "min_attackers", {steward})
    return "Lannisport Steward"


def _military(state):
    return [a for a in legal_actions(pass_windows(state), 0) if a.kind == "challenge:military"]


def test_min_attackers_forbids_a_challenge_without_enough_attackers(two_attackers):
    assert not _military(joust({"in_play": [KNIGHT, two_attackers]}, {}))
    assert _military(joust({"in_play": [KNIGHT]}, {}))  # without the passive


def test_min_attackers_sets_the_prompts_minimum(two_attackers):
    state = joust({"in_play": [KNIGHT, KNIGHT, HOST, two_attackers]}, {})
    state = act(pass_windows(state), 0, "challenge:military", choice="1")
    assert head(state)["purpose"] == "attackers" and head(state)["min"] == 2
