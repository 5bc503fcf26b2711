"""The draw simulator (pure): exact odds checked against enumeration, seeded sample hands."""

from __future__ import annotations

import doctest
from collections import Counter
from fractions import Fraction
from itertools import combinations, pairwise

import pytest

import decks.drawsim
from decks.drawsim import (
    RoundOdds,
    cards_seen,
    draw_odds,
    p_at_least,
    p_at_least_exact,
    p_at_least_one,
    sample_draws,
    sample_setup_hand,
)

DECK = [f"card{i}" for i in range(20)] + ["target"] * 3  # 23 cards, 3 copies of the target


def enumerated(deck_size: int, copies: int, draws: int, k: int) -> Fraction:
    """The share of all hands of ``draws`` cards holding at least ``k`` copies, by counting."""
    hands = list(combinations(range(deck_size), draws))
    good = sum(1 for hand in hands if sum(1 for c in hand if c < copies) >= k)
    return Fraction(good, len(hands))


def test_the_module_doctests_pass():
    result = doctest.testmod(decks.drawsim)
    assert result.attempted > 0
    assert result.failed == 0


def test_three_copies_in_a_60_card_setup_hand():
    # 1 - C(57,7)/C(60,7) = 1 - (53*52*51)/(60*59*58) = 64764/205320, by hand.
    assert p_at_least_exact(60, 3, 7) == Fraction(64764, 205320)
    assert p_at_least_one(60, 3, 7) == pytest.approx(0.31543, abs=1e-5)


@pytest.mark.parametrize("deck_size", range(9))
def test_exact_odds_match_counting_every_hand(deck_size):
    for copies in range(deck_size + 1):
        for draws in range(deck_size + 1):
            for k in range(4):
                expected = enumerated(deck_size, copies, draws, k)
                assert p_at_least_exact(deck_size, copies, draws, k) == expected
                assert p_at_least(deck_size, copies, draws, k) == float(expected)
            assert p_at_least_one(deck_size, copies, draws) == float(
                enumerated(deck_size, copies, draws, 1)
            )


def test_seeded_sample_hands_agree_with_the_exact_odds():
    hits = sum("target" in sample_setup_hand(DECK, seed) for seed in range(4000))
    expected = p_at_least_one(len(DECK), 3, 7)  # 1 - C(20,7)/C(23,7) ~ 0.6858
    assert expected == pytest.approx(1 - 77520 / 245157)
    assert hits / 4000 == pytest.approx(expected, abs=0.025)


def test_edge_values():
    assert p_at_least(60, 3, 7, 0) == 1.0
    assert p_at_least(60, 3, 7, 4) == 0.0  # more than there are copies
    assert p_at_least(60, 3, 2, 3) == 0.0  # more than the cards drawn
    assert p_at_least(60, 3, 60, 3) == 1.0
    assert p_at_least_one(60, 3, 0) == 0.0
    assert p_at_least_one(0, 0, 0) == 0.0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((-1, 0, 0, 1), "deck_size must not be negative"),
        ((60, -2, 7, 1), "copies must not be negative"),
        ((60, 61, 7, 1), r"copies \(61\) exceeds the deck size \(60\)"),
        ((60, 3, -7, 1), "draws must not be negative"),
        ((60, 3, 61, 1), r"draws \(61\) exceeds the deck size \(60\)"),
        ((60, 3, 7, -1), "k must not be negative"),
        ((60.0, 3, 7, 1), "deck_size must be an integer"),
        ((60, True, 7, 1), "copies must be an integer"),
    ],
)
def test_bad_inputs_are_refused_by_name(args, message):
    with pytest.raises(ValueError, match=message):
        p_at_least(*args)


def test_p_at_least_one_checks_its_inputs_too():
    with pytest.raises(ValueError, match="copies"):
        p_at_least_one(10, 11, 3)


def test_cards_seen_by_round():
    assert [cards_seen(60, n) for n in range(5)] == [7, 9, 11, 13, 15]
    assert [cards_seen(60, n, setup_placed=4) for n in range(3)] == [7, 13, 15]
    assert [cards_seen(10, n) for n in range(4)] == [7, 9, 10, 10]
    assert cards_seen(60, 2, setup_hand=5, per_round=1) == 7


def test_draw_odds_round_by_round():
    odds = draw_odds(60, 3, 4)
    assert [o.round for o in odds] == [0, 1, 2, 3, 4]
    assert [o.cards_seen for o in odds] == [7, 9, 11, 13, 15]
    assert [o.probability for o in odds] == [p_at_least_one(60, 3, n) for n in (7, 9, 11, 13, 15)]
    assert all(a.probability < b.probability for a, b in pairwise(odds))
    # 1 - C(57,9)/C(60,9) = 1 - (51*50*49)/(60*59*58), by hand.
    assert odds[1].probability == pytest.approx(1 - 124950 / 205320)


def test_draw_odds_with_refill_after_setup_and_at_least_two():
    odds = draw_odds(60, 3, 2, setup_placed=3, at_least=2)
    assert [o.cards_seen for o in odds] == [7, 12, 14]
    assert [o.probability for o in odds] == [p_at_least(60, 3, n, 2) for n in (7, 12, 14)]


def test_a_small_deck_is_drawn_out():
    odds = draw_odds(9, 1, 3)
    assert [o.cards_seen for o in odds] == [7, 9, 9, 9]
    assert [o.probability for o in odds[1:]] == [1.0, 1.0, 1.0]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"deck_size": 60, "copies": 3, "rounds": -1}, "rounds must not be negative"),
        ({"deck_size": 2, "copies": 3, "rounds": 1}, r"copies \(3\) exceeds the deck size \(2\)"),
        ({"deck_size": 60, "copies": 3, "rounds": 1, "per_round": -2}, "per_round"),
        ({"deck_size": 60, "copies": 3, "rounds": 1, "setup_placed": -1}, "setup_placed"),
        ({"deck_size": 60, "copies": 3, "rounds": 1, "at_least": -1}, "at_least"),
    ],
)
def test_draw_odds_refuses_bad_inputs(kwargs, message):
    with pytest.raises(ValueError, match=message):
        draw_odds(**kwargs)


def test_round_odds_labels_and_plain_data():
    setup, first = draw_odds(60, 3, 1)
    assert (setup.label, first.label) == ("Setup hand", "Round 1")
    assert setup.percent == "31.5%"
    assert first.to_dict() == {
        "round": 1,
        "cards_seen": 9,
        "probability": first.probability,
        "label": "Round 1",
        "percent": "39.1%",
    }
    assert RoundOdds(2, 11, 0.5).percent == "50.0%"


def test_a_seed_gives_the_same_hand_every_time():
    assert sample_setup_hand(DECK, seed=42) == sample_setup_hand(DECK, seed=42)
    hands = {tuple(sample_setup_hand(DECK, seed=s)) for s in range(20)}
    assert len(hands) > 15


def test_a_hand_is_drawn_from_the_deck_without_replacement():
    for seed in range(50):
        hand = sample_setup_hand(DECK, seed)
        assert len(hand) == 7
        assert not Counter(hand) - Counter(DECK)


def test_the_deck_given_is_not_shuffled_in_place():
    deck = list(DECK)
    sample_setup_hand(deck, seed=3)
    assert deck == DECK


def test_hand_size_and_small_decks():
    assert len(sample_setup_hand(DECK, seed=1, size=5)) == 5
    assert sample_setup_hand(DECK, seed=1, size=0) == []
    assert sorted(sample_setup_hand(["a", "b", "c"], seed=1)) == ["a", "b", "c"]
    assert sample_setup_hand([], seed=1) == []
    assert len(sample_setup_hand(DECK, None)) == 7


def test_sample_hand_refuses_bad_inputs():
    with pytest.raises(ValueError, match="size must not be negative"):
        sample_setup_hand(DECK, seed=1, size=-1)
    with pytest.raises(ValueError, match="not a string"):
        sample_setup_hand("core_1", seed=1)


def test_sample_draws_deal_one_shuffle_in_order():
    draws = sample_draws(DECK, seed=9, rounds=4)
    assert [len(d) for d in draws] == [7, 2, 2, 2, 2]
    assert draws[0] == sample_setup_hand(DECK, seed=9)
    dealt = [code for d in draws for code in d]
    assert not Counter(dealt) - Counter(DECK)
    assert len(dealt) == 15


def test_sample_draws_run_dry_on_a_small_deck():
    draws = sample_draws(list("abcdefghi"), seed=2, rounds=3)
    assert [len(d) for d in draws] == [7, 2, 0, 0]
    assert sorted(draws[0] + draws[1]) == list("abcdefghi")


def test_sample_draws_refuse_negative_rounds():
    with pytest.raises(ValueError, match="rounds must not be negative"):
        sample_draws(DECK, seed=1, rounds=-1)
