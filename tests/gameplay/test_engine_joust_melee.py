"""The Joust and Melee keywords (A Tale of Champions FAQ), played through legal actions.

- Joust (challenges.jousting, ask_defenders): "If a character with the Joust keyword is
  attacking alone, the defending player may declare only one character to defend."
- Melee (abilities.melee_bonus, read in abilities.strength): "While participating in a
  challenge, a character with the Melee keyword gets +1 STR for each character
  participating on the opposing side of the challenge controlled by an opponent."
"""

from __future__ import annotations

import pytest

from gameplay.engine import game
from gameplay.engine.abilities import strength
from gameplay.engine.actions import Action
from gameplay.engine.challenges import side_strength
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.observe import observe
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    PLOT,
    act,
    answer,
    build,
    defend,
    events,
    finish_challenge,
    head,
    joust,
    pass_windows,
    ref,
    start,
    until_prompt,
    until_window,
    waiting_seats,
)

BRYCE = "w_41"  # Ser Bryce Caron: Joust, unique, 3 STR, military and power
LANCE = "atoc_19"  # Tourney Lance: "Attached character gains joust."
SKIRMISHER = "asots_112"  # Starfall Skirmisher: "Melee.", 2 STR, military and power
TRIDENT = "asots_110"  # Trident Guard: "Melee.", 0 STR, military
THOROS = "atoc_36"  # Thoros of Myr: Melee, unique, 3 STR, military and power
ROBERT = "atoc_27"  # Robert Baratheon: Melee, Renown, unique, 3 STR, military and power
GREATJON = "atoc_61"  # Greatjon Umber: Melee, unique, 3 STR, military and power
RANDYLL = "kotse_45"  # unique neutral, 3 STR, military and power
MILK = "Milk of the Poppy"  # blanks the attached character's text


def _selectable(state):
    return {a.cards[0] for a in legal_actions(state, head(state)["seat"]) if a.kind == "select"}


def _declare(state, refs):
    """Answer the defenders prompt with ``refs`` through the engine's own apply, with no
    automatic passes after it: the challenge stops at the next window, still going on."""
    state = pass_windows(state)
    seat = head(state)["seat"]
    for r in refs:
        state = game.apply(state, Action(seat, "select", (r,)))
    if head(state).get("purpose") == "defenders":
        state = game.apply(state, Action(seat, "done"))
    assert state.challenge is not None
    return state


def _defenders_prompt(state, ctype, attackers, defender=None):
    state = start(state, ctype, attackers, defender=defender)
    return until_prompt(state, "defenders")


# --- Joust -------------------------------------------------------------------------------


def test_joust_attacker_alone_lets_the_defender_declare_only_one():
    state = joust({"in_play": [BRYCE]}, {"in_play": [KNIGHT, KNIGHT]})
    first, second = ref(state, 1, KNIGHT), ref(state, 1, KNIGHT, 1)
    state = _defenders_prompt(state, "military", [ref(state, 0, BRYCE)])
    assert head(state)["max"] == 1
    assert _selectable(state) == {first, second}
    state = act(state, 1, "select", [first])
    assert head(state).get("purpose") != "defenders"  # full with one: it closed itself
    assert events(state, "defenders")[-1]["cards"] == [first]
    state = finish_challenge(state)
    assert state.challenge is None
    assert events(state, "challenge_resolved")[-1]["strength"] == [3, 2]


def test_joust_attacker_not_alone_keeps_the_normal_rule():
    state = joust({"in_play": [BRYCE, KNIGHT]}, {"in_play": [KNIGHT, KNIGHT]})
    first, second = ref(state, 1, KNIGHT), ref(state, 1, KNIGHT, 1)
    attackers = [ref(state, 0, BRYCE), ref(state, 0, KNIGHT)]
    state = _defenders_prompt(state, "military", attackers)
    assert head(state)["max"] is None or head(state)["max"] >= 2
    state = answer(state, "defenders", [first, second])
    assert events(state, "defenders")[-1]["cards"] == [first, second]


def test_a_lone_attacker_without_joust_keeps_the_normal_rule():
    state = joust({"in_play": [KNIGHT]}, {"in_play": [KNIGHT, KNIGHT]})
    first, second = ref(state, 1, KNIGHT), ref(state, 1, KNIGHT, 1)
    state = _defenders_prompt(state, "military", [ref(state, 0, KNIGHT)])
    state = answer(state, "defenders", [first, second])
    assert events(state, "defenders")[-1]["cards"] == [first, second]


def test_gained_joust_counts_tourney_lance():
    lanced = {"card": KNIGHT, "attachments": [LANCE]}
    state = joust({"in_play": [lanced]}, {"in_play": [KNIGHT, KNIGHT]})
    state = _defenders_prompt(state, "military", [ref(state, 0, KNIGHT)])
    assert head(state)["max"] == 1
    state = act(state, 1, "select", [ref(state, 1, KNIGHT)])
    assert len(events(state, "defenders")[-1]["cards"]) == 1


def test_a_blank_jouster_loses_its_printed_joust():
    blanked = {"card": BRYCE, "attachments": [MILK]}
    state = joust({"in_play": [blanked]}, {"in_play": [KNIGHT, KNIGHT]})
    first, second = ref(state, 1, KNIGHT), ref(state, 1, KNIGHT, 1)
    state = _defenders_prompt(state, "military", [ref(state, 0, BRYCE)])
    state = answer(state, "defenders", [first, second])
    assert events(state, "defenders")[-1]["cards"] == [first, second]


def _melee3(mine, theirs, others, auto_pass=True):
    players = [
        {"house": "Baratheon", "revealed_plot": PLOT, "in_play": mine},
        {"house": "Stark", "revealed_plot": PLOT, "in_play": theirs, "power": 3},
        {"house": "Lannister", "revealed_plot": PLOT, "in_play": others, "power": 3},
    ]
    return build(phase="challenges", players=players, auto_pass=auto_pass)


def test_joust_and_thoros_compose_in_a_melee():
    # Thoros (more than 1 opponent: non-unique characters cannot defend alone) attacks alone
    # with a Tourney Lance (joust: only one defender): only a unique character may defend.
    thoros = {"card": THOROS, "attachments": [LANCE]}
    state = _melee3([thoros, KNIGHT], [KNIGHT, HOST, RANDYLL], [KNIGHT], auto_pass=False)
    thoros_ref = ref(state, 0, THOROS)
    state = _defenders_prompt(state, "military", [thoros_ref], defender=1)
    randyll = ref(state, 1, RANDYLL)
    assert head(state)["max"] == 1
    assert _selectable(state) == {randyll}
    with pytest.raises(IllegalAction):
        act(state, 1, "select", [ref(state, 1, HOST)])
    state = act(state, 1, "select", [randyll])
    assert events(state, "defenders")[-1]["cards"] == [randyll]
    assert strength(state, thoros_ref) == 4  # Thoros's Melee: +1 for the one defender
    state = finish_challenge(state)
    assert state.challenge is None and strength(state, thoros_ref) == 3


def test_joust_and_thoros_leave_nobody_to_defend_with_only_non_unique_characters():
    thoros = {"card": THOROS, "attachments": [LANCE]}
    state = _melee3([thoros, KNIGHT], [KNIGHT, HOST], [KNIGHT])
    state = start(state, "military", [ref(state, 0, THOROS)], defender=1)
    state = defend(state, [])  # no defenders prompt can be answered with anyone
    assert head(state).get("purpose") != "defenders"
    state = finish_challenge(state)
    assert events(state, "defenders")[-1]["cards"] == []


# --- Melee -------------------------------------------------------------------------------


def test_melee_counts_each_opposing_participant():
    state = joust(
        {"in_play": [SKIRMISHER, KNIGHT]}, {"in_play": [KNIGHT, KNIGHT, KNIGHT]}, auto_pass=False
    )
    skirmisher = ref(state, 0, SKIRMISHER)
    assert strength(state, skirmisher) == 2
    state = start(state, "military", [skirmisher, ref(state, 0, KNIGHT)])
    assert strength(state, skirmisher) == 2  # no defender yet; its own side is not counted
    defenders = [ref(state, 1, KNIGHT), ref(state, 1, KNIGHT, 1)]
    state = _declare(state, defenders)
    assert strength(state, skirmisher) == 4
    assert side_strength(state, "attackers") == 6
    board = observe(state, 0)
    seen = {c["id"]: c for c in board["players"][0]["in_play"]}
    assert seen[skirmisher]["strength"] == 4
    assert board["challenge"]["attacker_strength"] == 6
    # A character not participating on either side is not counted.
    assert strength(state, ref(state, 1, KNIGHT, 2)) == 2
    state = finish_challenge(state)
    assert events(state, "challenge_resolved")[-1]["strength"] == [6, 4]
    assert strength(state, skirmisher) == 2  # the bonus ends with the challenge


def test_melee_defender_counts_the_attackers():
    state = joust({"in_play": [KNIGHT, KNIGHT, KNIGHT]}, {"in_play": [TRIDENT]}, auto_pass=False)
    trident = ref(state, 1, TRIDENT)
    attackers = [ref(state, 0, KNIGHT, i) for i in range(3)]
    state = start(state, "military", attackers)
    state = _declare(state, [trident])
    assert strength(state, trident) == 3  # STR 0 printed, +3 while defending
    state = finish_challenge(state)
    assert events(state, "challenge_resolved")[-1]["strength"] == [6, 3]
    assert strength(state, trident) == 0


def test_melee_counts_robert_baratheons_extra_defenders_once_each():
    state = _melee3([ROBERT, KNIGHT], [KNIGHT], [KNIGHT], auto_pass=False)
    robert = ref(state, 0, ROBERT)
    state = start(state, "power", [robert], defender=1)
    state = answer(state, "defenders", [ref(state, 1, KNIGHT)])
    state = pass_windows(state)
    assert head(state).get("purpose") == "defenders" and head(state)["seat"] == 2
    state = _declare(state, [ref(state, 2, KNIGHT)])
    assert strength(state, robert) == 5  # 3 + 1 defender of each opponent
    assert side_strength(state, "attackers") - strength(state, robert) in (0, 1)  # a Title
    state = finish_challenge(state)
    assert events(state, "challenge_resolved")[-1]["strength"][0] in (5, 6)
    assert strength(state, robert) == 3


def test_melee_in_two_on_two_does_not_count_a_partners_character():
    # Seats 0 and 2 are partners; seat 2's Greatjon joins the defenders of seat 0's
    # challenge against seat 1.
    players = [
        {"team": 0, "revealed_plot": PLOT, "in_play": [SKIRMISHER]},
        {"team": 1, "revealed_plot": PLOT, "in_play": [KNIGHT]},
        {"team": 0, "revealed_plot": PLOT, "in_play": [GREATJON]},
        {"team": 1, "revealed_plot": PLOT, "in_play": [KNIGHT]},
    ]
    state = build(phase="challenges", players=players, auto_pass=False)
    skirmisher, greatjon = ref(state, 0, SKIRMISHER), ref(state, 2, GREATJON)
    state = start(state, "power", [skirmisher], defender=1)
    state = defend(state, [ref(state, 1, KNIGHT)])
    if head(state).get("purpose") == "support_defenders":
        state = answer(state, "support_defenders", [])
    state = until_window(state)
    uses_ = [a for a in legal_actions(state, 2) if a.kind == "use" and a.cards[0] == greatjon]
    assert len(uses_) == 1
    state = game.apply(state, uses_[0])
    while not events(state, "joined_challenge"):  # pass any window before it resolves
        state = game.apply(state, Action(waiting_seats(state)[0], "pass"))
    assert greatjon in state.challenge["defenders"]
    assert strength(state, skirmisher) == 3  # seat 1's Knight only, not the partner's Greatjon
    assert strength(state, greatjon) == 3  # the attacker is his partner: no bonus
    state = finish_challenge(state)
    assert events(state, "challenge_resolved")[-1]["strength"] == [3, 5]
    assert strength(state, skirmisher) == 2
