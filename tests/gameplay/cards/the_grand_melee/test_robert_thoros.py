"""Robert Baratheon (atoc_27) and Thoros of Myr (atoc_36) of The Grand Melee
(gameplay/engine/cards/the_grand_melee/robert_thoros.py), played through legal actions."""

from __future__ import annotations

import pytest

from gameplay.engine.game import IllegalAction, legal_actions
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
    until_prompt,
    waiting_seats,
)

ROBERT = "atoc_27"  # unique, Renown, 3 STR, military and power
THOROS = "atoc_36"  # unique, Renown, 3 STR, military and power
RANDYLL = "kotse_45"  # unique neutral, 3 STR, military and power


def _melee(mine, theirs, others, power=3):
    players = [
        {"house": "Baratheon", "revealed_plot": PLOT, "in_play": mine},
        {"house": "Stark", "revealed_plot": PLOT, "in_play": theirs, "power": power},
        {"house": "Lannister", "revealed_plot": PLOT, "in_play": others, "power": power},
    ]
    return build(phase="challenges", players=players)


def _attack(state, ctype, attackers, defender=1):
    state = act(state, 0, f"challenge:{ctype}", choice=str(defender))
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", attackers)
    return state


def _play_out(state, defenders=None):
    """Play the challenge out: each ``defenders`` prompt is answered from ``defenders``
    (seat -> refs; none by default), claims with the first candidate, windows passed."""
    defenders = defenders or {}
    for _ in range(120):
        if state.challenge is None:
            return state
        step = head(state)
        if step.get("purpose") == "defenders":
            state = answer(state, "defenders", defenders.get(step["seat"], []))
        elif step.get("purpose") in ("claim_kill", "deadly_kill"):
            state = answer(state, step["purpose"], step["candidates"][:1])
        else:
            assert step.get("name") == "window", step
            state = act(state, waiting_seats(state)[0], "pass")
    raise AssertionError("the challenge never ended")


def _defender_prompts(state):
    """The seats asked for defenders in the current challenge, in order (declaring none)."""
    asked = []
    for _ in range(60):
        step = head(state)
        if state.challenge is None or step.get("purpose") in ("claim_kill",):
            return asked
        if step.get("purpose") == "defenders":
            asked.append((step["seat"], step["max"]))
            state = answer(state, "defenders", [])
            continue
        if (
            step.get("name") == "window"
            and step.get("trigger") is None
            and (step.get("point") == "after_defenders")
        ):
            return asked
        state = act(state, waiting_seats(state)[0], "pass")
    return asked


# --- atoc_27 Robert Baratheon -------------------------------------------------------------


def test_atoc_27_robert_alone_lets_each_other_opponent_declare_1_defender():
    state = _melee([ROBERT, KNIGHT], [KNIGHT], [HOST, KNIGHT])
    state = _attack(state, "power", [ref(state, 0, ROBERT)])
    assert _defender_prompts(state) == [(1, 1), (2, 1)]
    host = ref(state, 2, HOST)
    state = _play_out(state, {2: [host]})
    # Seat 2's Host defends on seat 1's side: 6 STR beat Robert's 3 (+1 Melee), seat 1 wins.
    assert state.in_play[host].knelt
    last = events(state, "challenge_resolved")[-1]
    assert last["strength"] == [4, 6] and last["winner"] == 1


def test_atoc_27_robert_other_opponent_declares_at_most_1_character():
    state = _melee([ROBERT, KNIGHT], [KNIGHT], [HOST, KNIGHT])
    state = _attack(state, "power", [ref(state, 0, ROBERT)])
    state = until_prompt(state, "defenders")
    state = answer(state, "defenders", [])
    state = until_prompt(state, "defenders")
    assert head(state)["seat"] == 2
    state = act(state, 2, "select", [ref(state, 2, KNIGHT)])
    # Full after one: the prompt finished itself, nothing more can be selected.
    assert head(state).get("purpose") != "defenders" or head(state)["seat"] != 2
    assert events(state, "defenders")[-1] == {
        **events(state, "defenders")[-1],
        "seat": 2,
        "cards": [ref(state, 2, KNIGHT)],
    }


def test_atoc_27_robert_winning_makes_each_opponent_satisfy_claim():
    state = _melee([ROBERT, KNIGHT], [KNIGHT], [KNIGHT])
    state = _attack(state, "power", [ref(state, 0, ROBERT)])
    state = _play_out(state)
    assert state.players[1].power == 2 and state.players[2].power == 2
    assert [e["target"] for e in events(state, "claim")] == [1, 2]


def test_atoc_27_robert_not_alone_is_a_normal_challenge():
    state = _melee([ROBERT, KNIGHT], [KNIGHT], [HOST])
    state = _attack(state, "power", [ref(state, 0, ROBERT), ref(state, 0, KNIGHT)])
    assert _defender_prompts(state) == [(1, 1)]
    state = _melee([ROBERT, KNIGHT], [KNIGHT], [HOST])
    state = _play_out(_attack(state, "power", [ref(state, 0, ROBERT), ref(state, 0, KNIGHT)]))
    assert state.players[1].power == 2 and state.players[2].power == 3


def test_atoc_27_robert_only_in_a_power_challenge():
    state = _melee([ROBERT, KNIGHT], [KNIGHT], [HOST])
    state = _attack(state, "military", [ref(state, 0, ROBERT)])
    assert _defender_prompts(state) == [(1, 1)]
    state = _melee([ROBERT, KNIGHT], [KNIGHT, HOST], [KNIGHT])
    state = _play_out(_attack(state, "military", [ref(state, 0, ROBERT)]))
    assert [e["target"] for e in events(state, "claim")] == [1]


def test_atoc_27_robert_extra_defender_must_be_eligible():
    # Seat 2's Host is kneeling: nothing to declare, seat 2 is not asked.
    players = [
        {"house": "Baratheon", "revealed_plot": PLOT, "in_play": [ROBERT, KNIGHT]},
        {"house": "Stark", "revealed_plot": PLOT, "in_play": [KNIGHT], "power": 3},
        {
            "house": "Lannister",
            "revealed_plot": PLOT,
            "in_play": [{"card": HOST, "knelt": True}],
            "power": 3,
        },
    ]
    state = build(phase="challenges", players=players)
    state = _attack(state, "power", [ref(state, 0, ROBERT)])
    assert _defender_prompts(state) == [(1, 1)]


# --- atoc_36 Thoros of Myr ----------------------------------------------------------------


def _defenders_prompt(state, attackers, ctype="military"):
    state = _attack(state, ctype, attackers)
    return until_prompt(state, "defenders")


def _selectable(state):
    return {a.cards[0] for a in legal_actions(state, head(state)["seat"]) if a.kind == "select"}


def test_atoc_36_thoros_non_unique_character_cannot_defend_alone():
    state = _melee([THOROS, KNIGHT], [KNIGHT, HOST], [KNIGHT])
    state = _defenders_prompt(state, [ref(state, 0, THOROS)])
    knight, host = ref(state, 1, KNIGHT), ref(state, 1, HOST)
    assert _selectable(state) == {knight, host}  # one may be chosen: another can follow
    state = act(state, 1, "select", [knight])
    assert {a.kind for a in legal_actions(state, 1)} == {"select"}  # no done with 1 alone
    with pytest.raises(IllegalAction):
        act(state, 1, "done")
    state = act(state, 1, "select", [host])  # both together may defend
    assert events(state, "defenders")[-1]["cards"] == [knight, host]


def test_atoc_36_thoros_a_lone_non_unique_character_is_never_offered():
    state = _melee([THOROS, KNIGHT], [KNIGHT], [KNIGHT])
    state = _attack(state, "military", [ref(state, 0, THOROS)])
    # The only candidate cannot defend alone: no defenders prompt is asked at all.
    for _ in range(20):
        step = head(state)
        assert step.get("purpose") != "defenders"
        if step.get("point") == "after_defenders" or state.challenge is None:
            break
        state = act(state, waiting_seats(state)[0], "pass")
    assert events(state, "defenders")[-1]["cards"] == []


def test_atoc_36_thoros_a_unique_character_may_defend_alone():
    state = _melee([THOROS, KNIGHT], [RANDYLL, KNIGHT], [KNIGHT])
    state = _defenders_prompt(state, [ref(state, 0, THOROS)])
    randyll, knight = ref(state, 1, RANDYLL), ref(state, 1, KNIGHT)
    assert _selectable(state) == {randyll, knight}
    state = answer(state, "defenders", [randyll])
    assert events(state, "defenders")[-1]["cards"] == [randyll]


def test_atoc_36_thoros_only_with_more_than_1_opponent():
    state = joust(
        {"house": "Baratheon", "in_play": [THOROS, KNIGHT]},
        {"house": "Stark", "in_play": [KNIGHT, HOST]},
    )
    state = _defenders_prompt(state, [ref(state, 0, THOROS)])
    knight = ref(state, 1, KNIGHT)
    state = answer(state, "defenders", [knight])
    assert events(state, "defenders")[-1]["cards"] == [knight]


def test_atoc_36_thoros_only_while_he_is_attacking():
    state = _melee([THOROS, KNIGHT], [KNIGHT, HOST], [KNIGHT])
    state = _defenders_prompt(state, [ref(state, 0, KNIGHT)])
    knight = ref(state, 1, KNIGHT)
    state = answer(state, "defenders", [knight])
    assert events(state, "defenders")[-1]["cards"] == [knight]


def test_atoc_27_robert_extra_defenders_do_not_win_renown_for_their_player():
    # Both defending Thoros have Renown: only the defending player's claims power.
    state = _melee([ROBERT, KNIGHT], [THOROS], [THOROS])
    state = _attack(state, "power", [ref(state, 0, ROBERT)])
    mine, other = ref(state, 1, THOROS), ref(state, 2, THOROS)
    state = _play_out(state, {1: [mine], 2: [other]})
    assert events(state, "challenge_resolved")[-1]["winner"] == 1
    assert state.in_play[mine].power == 1 and state.in_play[other].power == 0
