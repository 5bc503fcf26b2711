"""The "Two on Two" variant: partners sit across (seats 0 and 2 play seats 1 and 3), never
challenge each other, and win together at 30 power."""

from __future__ import annotations

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.game import GameConfig, IllegalAction, legal_actions, new_game, outcome
from gameplay.engine.simulate import load_deck
from gameplay.engine.steps import waiting_seats
from tests.gameplay.scenario import build
from tests.gameplay.test_challenges import (
    DECK,
    PLOT,
    act,
    answer,
    challenge,
    end_turn,
    events,
    head,
    pass_windows,
    ref,
    resolved,
    turn,
)


def _teams(*players, phase="challenges", **options):
    specs = [
        {"revealed_plot": PLOT, "deck": DECK, "team": seat % 2, **spec}
        for seat, spec in enumerate(players)
    ]
    return build(phase=phase, players=specs, **options)


def test_a_teams_game_seats_partners_across_and_uses_no_titles():
    decks = ("core-stark", "core-lannister", "core-baratheon", "core-targaryen")
    state = new_game(GameConfig(players=tuple(load_deck(d) for d in decks), variant="teams"))
    assert [p.team for p in state.players] == [0, 1, 0, 1]
    assert state.title_pool == []
    assert {seat: state.opponents(seat) for seat in range(4)} == {
        0: [1, 3],
        1: [2, 0],
        2: [3, 1],
        3: [0, 2],
    }


def test_no_challenge_against_a_partner():
    state = _teams({"in_play": ["Wolf Pack"]}, {}, {"in_play": ["Wolf Pack"]}, {})
    assert state.variant == "teams" and turn(state) == ("before_challenge", 0)
    targets = {a.choice for a in legal_actions(state, 0) if a.kind.startswith("challenge")}
    assert targets == {"1", "3"}
    with pytest.raises(IllegalAction, match="Seat 2 is not an opponent"):
        act(state, 0, "challenge:military", choice="2")


def test_an_opponent_is_a_player_of_the_other_team():
    state = _teams(
        {"in_play": ["Wolf Pack"]},
        {"in_play": ["Knight of the Tumblestone", "Brown Ben Plumm"]},
        {"in_play": ["Knight of the Tumblestone"]},
        {"in_play": ["Lady"]},
    )
    state = challenge(state, "military", [ref(state, 0, "Wolf Pack")], defender=3)
    # Seat 3 is the defender and satisfies claim; seat 1 (the other opponent) is untouched.
    assert resolved(state)["defender"] == 3 and resolved(state)["unopposed"]
    assert [c["code"] for c in events(state, "killed")] == [state.code(state.players[3].dead[0])]
    assert len(state.players[1].in_play) == 2 and len(state.players[2].in_play) == 1


def test_the_partners_turns_follow_in_clockwise_order():
    state = _teams(
        {"in_play": ["Wolf Pack"]},
        {"in_play": ["Wolf Pack"]},
        {"in_play": ["Wolf Pack"]},
        {"in_play": ["Wolf Pack"]},
        first_player=2,
    )
    order = []
    while state.phase == "challenges" and head(state).get("point") == "before_challenge":
        seat = head(state)["turn"]
        order.append(seat)
        state = end_turn(state)
    assert order == [2, 3, 0, 1]


def _dominance(*powers, first_player=0):
    specs = [
        {"in_play": [{"card": "Wolf Pack", "knelt": seat != 0}], "power": power}
        for seat, power in enumerate(powers)
    ]
    return _teams(*specs, phase="dominance", first_player=first_player)


def test_the_team_wins_with_thirty_power_together():
    state = _dominance(28, 0, 1, 0)  # seat 0 wins dominance: 28 + 1 + 1 = 30
    result = outcome(state)
    assert result["team"] == 0 and result["winners"] == [0, 2]
    assert result["reason"] == "power"


def test_fifteen_power_for_one_player_is_not_a_win_in_two_on_two():
    state = _dominance(20, 0, 0, 9)
    assert outcome(state) is None and state.total_power(0) == 21
    assert state.phase == "plot"  # the game goes on


def test_both_teams_at_thirty_the_first_player_chooses():
    state = _dominance(20, 15, 10, 15, first_player=3)
    assert outcome(state) is None and waiting_seats(state) == [3]
    assert legal_actions(state, 3) == [
        Action(3, "choose", choice="0"),
        Action(3, "choose", choice="1"),
    ]
    state = act(state, 3, "choose", choice="0")
    assert outcome(state)["team"] == 0 and outcome(state)["winners"] == [0, 2]


def test_claim_power_moves_only_between_the_two_houses_in_the_challenge():
    state = _teams(
        {"in_play": ["Knight of the Tumblestone"]},
        {"in_play": [], "power": 2},
        {"in_play": [], "power": 5},
        {"in_play": [], "power": 3},
    )
    state = challenge(state, "power", [ref(state, 0, "Knight of the Tumblestone")], defender=1)
    assert [p.power for p in state.players] == [2, 1, 5, 3]  # claim 1 + unopposed 1


def test_a_prompt_for_the_defender_goes_to_the_challenged_opponent():
    state = _teams(
        {"in_play": ["Wolf Pack"]},
        {"in_play": ["Knight of the Tumblestone"]},
        {"in_play": []},
        {"in_play": ["Knight of the Tumblestone"]},
    )
    state = act(state, 0, "challenge:military", choice="3")
    state = pass_windows(state)
    assert head(state)["purpose"] == "defenders" and head(state)["seat"] == 3
    state = answer(state, "defenders", [ref(state, 3, "Knight of the Tumblestone")])
    assert resolved(state)["strength"] == [3, 2]


def test_dominance_is_won_by_a_player_not_by_a_team():
    # Ruling: partners do not add their totals; the highest single player wins dominance.
    state = _teams(
        {"in_play": ["Wolf Pack"]},
        {"in_play": ["Knight of the Tumblestone"]},
        {"in_play": []},
        {"in_play": ["Knight of the Tumblestone"]},
        phase="dominance",
    )
    (dominance,) = events(state, "dominance")
    assert dominance["totals"] == [3, 2, 0, 2] and dominance["seat"] == 0
    assert [p.power for p in state.players] == [1, 0, 0, 0]


def test_a_simultaneous_win_offers_the_teams_by_name():
    from gameplay.board import board

    state = _teams({}, {}, {}, {})
    state.queue[:] = [{"name": "choose_winner", "seat": 0, "sides": [0, 1]}]
    names = ["Ann", "Bob", "Cat", "Dan"]
    buttons = [
        a["label"] for g in board(state, 0, names)["decisions"]["groups"] for a in g["actions"]
    ]
    assert buttons == [
        "Team 1, partners Ann (Stark) and Cat (Stark)",
        "Team 2, partners Bob (Stark) and Dan (Stark)",
    ]
