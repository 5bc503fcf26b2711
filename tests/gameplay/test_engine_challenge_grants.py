"""The engine's challenge hooks of issue 28 (gameplay/engine/challenges.py, prompts.py,
legal.py, game.py): a challenge granted outside the turn order ("initiate a ... challenge as
your next player action this phase"), a defence that must satisfy a rule ("cannot defend
alone"), extra defending players and a claim against each opponent (the last two are driven
by Robert Baratheon, atoc_27, in tests/gameplay/cards/the_grand_melee/test_robert_thoros.py)."""

from __future__ import annotations

import pytest

from gameplay.engine import abilities, prompts
from gameplay.engine.actions import Action
from gameplay.engine.cards.vocabulary import grant_challenge
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.game import apply as engine_apply
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    PLOT,
    act,
    answer,
    build,
    events,
    head,
    joust,
    ref,
    waiting_seats,
)


def _challenges(state, seat):
    return {(a.kind, a.choice) for a in legal_actions(state, seat) if a.kind.startswith("chall")}


def _granted(state):
    return [e for e in state.effects if e["query"] == "granted_challenge"]


def _marshalling():
    players = [
        {"house": "Baratheon", "revealed_plot": PLOT, "in_play": [HOST], "hand": [KNIGHT]},
        {
            "house": "Stark",
            "revealed_plot": PLOT,
            "in_play": [HOST, KNIGHT],
            "gold": 5,
            "hand": [KNIGHT],
        },
    ]
    return build(phase="marshalling", players=players)


def test_a_granted_challenge_is_initiated_outside_the_challenges_phase():
    state = _marshalling()
    grant_challenge(state, 1, "military", None)
    assert head(state)["point"] == "marshal" and head(state)["turn"] == 0
    state = act(state, 0, "pass")  # seat 0's marshalling turn: seat 1 is asked next
    assert waiting_seats(state) == [1]
    assert _challenges(state, 1) == {("challenge:military", "0")}
    state = act(state, 1, "challenge:military", choice="0")
    assert state.phase == "marshalling" and state.challenge["attacker"] == 1
    state = answer(state, "attackers", [ref(state, 1, HOST)])
    for _ in range(40):
        if state.challenge is None:
            break
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], step["candidates"][: step["min"]])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert not _granted(state) and state.players[1].challenges_done == []
    # The marshalling turn goes on, from the first player.
    assert state.phase == "marshalling" and head(state)["turn"] == 0


def test_a_granted_challenge_lapses_with_another_action_not_with_a_pass():
    state = _marshalling()
    grant_challenge(state, 1, "military", None)
    state = act(state, 0, "pass")
    state = act(state, 1, "pass")  # a pass: the grant stays
    assert _granted(state)
    for _ in range(10):  # seat 1's marshalling turn: it marshals a card first
        if head(state).get("turn") == 1 and waiting_seats(state) == [1]:
            break
        state = act(state, waiting_seats(state)[0], "pass")
    knight = state.players[1].hand[0]
    state = act(state, 1, "marshal:play", [knight])
    assert not _granted(state)


def test_a_granted_challenge_without_next_action_survives_another_action():
    state = _marshalling()
    grant_challenge(state, 1, "military", None, next_action=False)
    for _ in range(10):
        if head(state).get("turn") == 1 and waiting_seats(state) == [1]:
            break
        state = act(state, waiting_seats(state)[0], "pass")
    state = act(state, 1, "marshal:play", [state.players[1].hand[0]])
    assert _granted(state)


def test_a_granted_challenge_not_while_a_challenge_is_resolved():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST, KNIGHT]},
        {"house": "Stark", "in_play": [HOST, KNIGHT]},
    )
    grant_challenge(state, 1, "military", None)
    state = act(state, 0, "challenge:power", choice="1")
    state = engine_apply(state, Action(0, "select", (ref(state, 0, KNIGHT),)))
    state = engine_apply(state, Action(0, "done"))
    seen = 0  # every seat is asked in every window (no automatic passes here)
    while state.challenge is not None:
        seat = waiting_seats(state)[0]
        assert _challenges(state, seat) == set()
        if head(state).get("name") == "window":
            seen += head(state)["kind"] == "action"
            with pytest.raises(IllegalAction):
                engine_apply(state, Action(seat, "challenge:military", (), str(1 - seat)))
            state = engine_apply(state, Action(seat, "pass"))
        else:
            state = engine_apply(state, Action(seat, "done"))
    assert seen and _granted(state)  # unused yet, it waits for the next action window


def test_a_granted_challenge_of_another_type_is_not_offered():
    state = joust(
        {"house": "Baratheon", "in_play": [HOST]},
        {"house": "Stark", "in_play": [HOST]},
    )
    grant_challenge(state, 1, "intrigue", None)  # nobody of seat 1 has the Intrigue icon
    state = act(state, 0, "pass")
    # Seat 1 had nothing to do in seat 0's turn (it passed by itself): its own turn now.
    assert head(state)["turn"] == 1 and _granted(state)
    assert ("challenge:intrigue", "0") not in _challenges(state, 1)


# --- "cannot defend alone": the prompt's ``not_alone`` ------------------------------------


def _prompt(candidates, not_alone, high=None):
    step = {
        "candidates": candidates,
        "selected": [],
        "min": 0,
        "max": len(candidates) if high is None else high,
        "not_alone": not_alone,
    }
    return step


def test_not_alone_candidate_needs_another_selected():
    step = _prompt(["a", "b"], ["a"])
    assert prompts.remaining(step) == ["a", "b"] and prompts.can_finish(step)
    step["selected"] = ["a"]
    assert not prompts.can_finish(step) and prompts.remaining(step) == ["b"]
    step["selected"] = ["a", "b"]
    assert prompts.can_finish(step)
    step["selected"] = ["b"]
    assert prompts.can_finish(step)


def test_not_alone_candidate_is_not_offered_when_none_can_follow():
    assert prompts.remaining(_prompt(["a"], ["a"])) == []
    assert prompts.remaining(_prompt(["a", "b"], ["a"], high=1)) == ["b"]
    assert prompts.remaining(_prompt(["a", "b"], ["a", "b"], high=1)) == []


# --- extra defending players, claim against each opponent, "cannot defend alone" ----------

HOLDER = "core_52"  # Lannisport Steward: the card given a test passive (seat 0 only)


def _with_passives(monkeypatch, passives):
    monkeypatch.setitem(abilities.SCRIPTS, HOLDER, abilities.Script())
    for query in passives:
        monkeypatch.setitem(abilities.PASSIVE_CODES, query, {HOLDER})
    abilities.register(HOLDER, passives=passives)


def _three(attacker=(HOST,), theirs=(KNIGHT,), others=(HOST, KNIGHT)):
    players = [
        {"house": "Lannister", "revealed_plot": PLOT, "in_play": [HOLDER, *attacker]},
        {"house": "Stark", "revealed_plot": PLOT, "in_play": list(theirs), "power": 3},
        {"house": "Baratheon", "revealed_plot": PLOT, "in_play": list(others), "power": 3},
    ]
    return build(phase="challenges", players=players)


def _to_defenders(state, ctype="military", attackers=None):
    state = act(state, 0, f"challenge:{ctype}", choice="1")
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", attackers or [])
    for _ in range(20):
        if head(state).get("purpose") == "defenders":
            return state
        state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("no defenders prompt")


def test_extra_defenders_are_asked_after_the_defending_player(monkeypatch):
    _with_passives(monkeypatch, {"extra_defenders": lambda s, src, seat, base: {2: 2}})
    state = _to_defenders(_three())
    assert head(state)["seat"] == 1
    state = answer(state, "defenders", [])
    for _ in range(20):
        if head(state).get("purpose") == "defenders":
            break
        state = act(state, waiting_seats(state)[0], "pass")
    step = head(state)
    assert step["seat"] == 2 and step["max"] == 2 and step["then"] == "extra_defenders"
    host, knight = ref(state, 2, HOST), ref(state, 2, KNIGHT)
    state = answer(state, "defenders", [host, knight])
    assert state.in_play[host].knelt and events(state, "defenders")[-1]["seat"] == 2
    assert events(state, "defenders")[-1]["cards"] == [host, knight]
    resolved = events(state, "challenge_resolved")[-1]
    # Their STR counts for the defending side; the challenged player wins.
    assert resolved["strength"] == [6, 8] and resolved["defender"] == 1
    assert resolved["winner"] == 1


def test_claim_each_opponent_makes_every_opponent_satisfy_it(monkeypatch):
    _with_passives(monkeypatch, {"claim_each_opponent": lambda s, src, seat, base: True})
    state = _three()
    state = act(state, 0, "challenge:power", choice="1")
    for _ in range(40):
        if state.challenge is None:
            break
        step = head(state)
        if step.get("name") == "prompt":
            state = answer(state, step["purpose"], [])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    assert [e["target"] for e in events(state, "claim")] == [1, 2]
    assert events(state, "claim_each_opponent")
    assert state.players[1].power == 2 and state.players[2].power == 2
    assert state.players[0].power == 2 + 1  # 2 claimed, 1 for the unopposed win


def test_cannot_defend_alone_is_asked_of_each_candidate(monkeypatch):
    _with_passives(
        monkeypatch,
        {"can_defend_alone": lambda s, src, ref_, base: False if ref_ != src else base},
    )
    state = _to_defenders(_three(theirs=(KNIGHT, HOST)))
    assert set(head(state)["not_alone"]) == set(state.players[1].in_play)
    state = act(state, 1, "select", [ref(state, 1, KNIGHT)])
    assert "done" not in {a.kind for a in legal_actions(state, 1)}
