"""Joust, melee and two-on-two scoring (tournaments.scoring): pure Python, no database."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

from tournaments import scoring
from tournaments.scoring import (
    DEFAULT_RULES,
    JoustResult,
    Outcome,
    ScoringRules,
    melee_places_by_power,
    melee_points,
    propose_time_result,
)

MW, ML, D = Outcome.MODIFIED_WIN, Outcome.MODIFIED_LOSS, Outcome.DRAW


def test_doctests_pass():
    result = doctest.testmod(scoring)
    assert result.attempted > 0
    assert result.failed == 0


# --- Joust points -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("outcome", "points"),
    [
        (Outcome.WIN, 5),
        (Outcome.MODIFIED_WIN, 4),
        (Outcome.DRAW, 2),
        (Outcome.MODIFIED_LOSS, 1),
        (Outcome.LOSS, 0),
    ],
)
def test_default_joust_points(outcome, points):
    assert DEFAULT_RULES.joust_points(outcome) == points
    assert isinstance(DEFAULT_RULES.joust_points(outcome), Fraction)


def test_a_bye_is_worth_a_win():
    assert DEFAULT_RULES.bye_points == DEFAULT_RULES.joust_points(Outcome.WIN) == 5


def test_an_organizer_can_change_every_value():
    rules = ScoringRules(win=3, modified_win=2, draw=1, modified_loss=1, loss=0, bye=3)
    assert [rules.joust_points(o) for o in Outcome] == [3, 2, 1, 1, 0]
    assert rules.bye_points == 3


def test_joust_points_must_not_increase_towards_a_loss():
    with pytest.raises(ValueError, match="must not increase"):
        ScoringRules(draw=5)
    with pytest.raises(ValueError, match="must not be negative"):
        ScoringRules(melee_winner_bonus=-1)
    with pytest.raises(ValueError, match="melee_ties"):
        ScoringRules(melee_ties="random")  # type: ignore[arg-type]


def test_outcomes_pair_with_their_opposites():
    assert [o.opposite for o in Outcome] == [
        Outcome.LOSS,
        Outcome.MODIFIED_LOSS,
        Outcome.DRAW,
        Outcome.MODIFIED_WIN,
        Outcome.WIN,
    ]
    assert JoustResult.from_outcome_a("loss") == JoustResult(Outcome.LOSS, Outcome.WIN)
    assert JoustResult.from_outcome_a(MW).points() == (4, 1)
    with pytest.raises(ValueError, match="inconsistent"):
        JoustResult(Outcome.WIN, Outcome.MODIFIED_LOSS)


# --- Results at time --------------------------------------------------------------------------


def test_the_closer_player_takes_the_modified_win():
    assert propose_time_result(12, 9) == JoustResult(MW, ML)
    assert propose_time_result(3, 14) == JoustResult(ML, MW)


def test_equally_close_is_a_draw():
    assert propose_time_result(11, 11) == JoustResult(D, D)
    assert propose_time_result(0, 0) == JoustResult(D, D)


def test_distance_is_measured_to_each_players_own_target():
    # a needs 17 (an agenda): 13 power is 4 away; b needs 15: 12 power is 3 away. b is closer
    # although a has more power.
    assert propose_time_result(13, 12, target_a=17) == JoustResult(ML, MW)
    # 13 of 17 and 11 of 15: both 4 away.
    assert propose_time_result(13, 11, target_a=17) == JoustResult(D, D)
    # a Treaty lowers b's target to 12: b at 10 is 2 away, a at 12 (of 15) is 3 away.
    assert propose_time_result(12, 10, target_b=12) == JoustResult(ML, MW)


def test_a_player_who_cannot_win_at_best_draws():
    # a is closer (1 away against 6) but cannot win: a draw.
    assert propose_time_result(14, 9, a_cannot_win=True) == JoustResult(D, D)
    assert propose_time_result(9, 14, b_cannot_win=True) == JoustResult(D, D)
    # the effect does not help the other player lose less: b closer, a cannot win: unchanged.
    assert propose_time_result(9, 14, a_cannot_win=True) == JoustResult(ML, MW)
    # a player who cannot win may be at or past the target at time: still at best a draw.
    assert propose_time_result(16, 3, a_cannot_win=True) == JoustResult(D, D)
    assert propose_time_result(16, 3, a_cannot_win=True, b_cannot_win=True) == JoustResult(D, D)


def test_two_on_two_uses_the_team_total():
    assert propose_time_result(26, 25, target_a=30, target_b=30) == JoustResult(MW, ML)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((15, 3), "that is a win"),
        ((3, 17), "that is a win"),
        ((-1, 3), "cannot be negative"),
        ((1, 3, 0), "must be positive"),
    ],
)
def test_impossible_totals_at_time_are_refused(args, message):
    with pytest.raises(ValueError, match=message):
        propose_time_result(*args)


# --- Melee ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("size", "expected"),
    [(3, [7, 3, 0]), (4, [10, 6, 3, 0]), (5, [13, 9, 6, 3, 0]), (6, [16, 12, 9, 6, 3, 0])],
)
def test_melee_points_by_table_size(size, expected):
    players = [f"p{i}" for i in range(size)]
    points = melee_points({p: i + 1 for i, p in enumerate(players)})
    assert [points[p] for p in players] == expected


def test_tied_melee_places_share_the_average_points():
    # four players, b and c share 2nd: positions 2 and 3 are worth 6 and 3 -> 9/2 each.
    assert melee_points({"a": 1, "b": 2, "c": 2, "d": 4}) == {
        "a": 10,
        "b": Fraction(9, 2),
        "c": Fraction(9, 2),
        "d": 0,
    }
    # two share 1st at four players: (10 + 6) / 2 = 8; three share last at five: (6+3+0)/3 = 3.
    assert melee_points({"a": 1, "b": 1, "c": 3, "d": 4}) == {"a": 8, "b": 8, "c": 3, "d": 0}
    five = melee_points({"a": 1, "b": 2, "c": 3, "d": 3, "e": 3})
    assert five == {"a": 13, "b": 9, "c": 3, "d": 3, "e": 3}
    # all tied at three: (7 + 3 + 0) / 3 = 10/3 each; the table total is always kept.
    assert melee_points({"a": 1, "b": 1, "c": 1}) == dict.fromkeys("abc", Fraction(10, 3))


def test_dense_and_competition_place_numbers_mean_the_same():
    assert melee_points({"a": 1, "b": 2, "c": 2, "d": 3}) == melee_points(
        {"a": 1, "b": 2, "c": 2, "d": 4}
    )


def test_strict_ties_apply_the_formula_literally():
    rules = ScoringRules(melee_ties="strict")
    # 3 per player strictly below; the +1 only for a sole winner.
    assert melee_points({"a": 1, "b": 2, "c": 2, "d": 4}, rules) == {
        "a": 10,
        "b": 3,
        "c": 3,
        "d": 0,
    }
    assert melee_points({"a": 1, "b": 1, "c": 3, "d": 4}, rules) == {
        "a": 6,
        "b": 6,
        "c": 3,
        "d": 0,
    }


def test_melee_values_follow_the_rules():
    rules = ScoringRules(melee_per_player_beaten=2, melee_winner_bonus=2)
    assert list(melee_points({"a": 1, "b": 2, "c": 3, "d": 4}, rules).values()) == [8, 4, 2, 0]


def test_a_melee_table_needs_two_players():
    with pytest.raises(ValueError, match="at least two"):
        melee_points({"a": 1})
    with pytest.raises(ValueError, match="not at a table"):
        DEFAULT_RULES.melee_position_points(4, 5)


def test_melee_places_at_time_follow_power_with_shared_places():
    assert melee_places_by_power({"a": 9, "b": 12, "c": 4, "d": 7}) == {
        "a": 2,
        "b": 1,
        "c": 4,
        "d": 3,
    }
    assert melee_places_by_power({"a": 5, "b": 8, "c": 5, "d": 5}) == {
        "a": 2,
        "b": 1,
        "c": 2,
        "d": 2,
    }
    places = melee_places_by_power({"a": 10, "b": 10, "c": 2})
    assert places == {"a": 1, "b": 1, "c": 3}
    # places at time then score as shared places: (7 + 3) / 2 = 5 each.
    assert melee_points(places) == {"a": 5, "b": 5, "c": 0}
