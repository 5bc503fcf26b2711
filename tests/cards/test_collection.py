"""Packs I own, the pure part (cards.collection): copies of each product a deck needs (ceil
rounding, the most demanding card, reprints) and what a collection lacks. No database."""

from __future__ import annotations

import doctest

import pytest

from cards import collection
from cards.collection import cards_short, copies_needed, shortfalls

CORE = "core"
LOW = "lords-of-winter"
PRINTINGS = {
    "core_29": [(CORE, 3)],  # Great Keep: three in one Core Set
    "core_26": [(CORE, 2)],  # Northern Fiefdoms: two
    "core_4": [(CORE, 1)],  # a card the Core Set holds once
    "low_30": [(LOW, 3)],  # Great Keep reprinted in Lords of Winter
    "low_1": [(LOW, 3)],
}


@pytest.mark.parametrize(
    ("count", "quantity", "copies"),
    [(1, 1, 1), (2, 1, 2), (3, 1, 3), (1, 3, 1), (3, 3, 1), (4, 3, 2), (3, 2, 2), (2, 2, 1),
     (6, 5, 2), (5, 5, 1)],
)  # fmt: skip
def test_a_card_needs_ceil_of_its_count_over_the_copies_one_product_holds(count, quantity, copies):
    assert copies_needed({"x_1": count}, {"x_1": [("x", quantity)]}) == {"x": copies}


def test_a_product_is_needed_as_often_as_its_most_demanding_card():
    # 3 Great Keep fit one Core Set; 3 of a card it holds once need three; 3 of one it holds
    # twice need two: the three copies of the Core Set hold all of them at once.
    counts = {"core_29": 3, "core_4": 3, "core_26": 3}
    assert copies_needed(counts, PRINTINGS) == {CORE: 3}
    assert copies_needed({"core_29": 3, "core_26": 3}, PRINTINGS) == {CORE: 2}


def test_each_product_separately():
    counts = {"core_4": 2, "low_1": 3, "low_30": 1}
    assert copies_needed(counts, PRINTINGS) == {CORE: 2, LOW: 1}


def test_a_reprint_counts_against_its_own_product():
    # The same card (Great Keep) from two printings: each against the product of its code.
    assert copies_needed({"low_30": 3}, PRINTINGS) == {LOW: 1}
    assert copies_needed({"core_29": 3}, PRINTINGS) == {CORE: 1}
    assert copies_needed({"core_29": 2, "low_30": 1}, PRINTINGS) == {CORE: 1, LOW: 1}


def test_a_card_listed_with_several_printings_comes_from_the_one_needing_fewest_copies():
    printings = {"a": [(CORE, 1), (LOW, 3)], "b": [(CORE, 3), (LOW, 3)]}
    assert copies_needed({"a": 3}, printings) == {LOW: 1}
    assert copies_needed({"b": 2}, printings) == {CORE: 1}  # a tie: the first listed


def test_zero_counts_and_cards_no_product_has_need_nothing():
    assert copies_needed({"core_4": 0, "nowhere_1": 3}, PRINTINGS) == {}
    assert copies_needed({"x": 2}, {"x": [("p", 0)]}) == {}
    assert copies_needed({}, PRINTINGS) == {}


def test_an_agenda_counts_one():
    assert copies_needed({"agenda_1": 1}, {"agenda_1": [("pack", 3)]}) == {"pack": 1}


def test_shortfalls_are_the_products_owned_fewer_times_than_needed():
    needed = {CORE: 3, LOW: 1, "pack": 2}
    owned = {CORE: 2, LOW: 5, "other": 1}
    assert shortfalls(needed, owned) == {CORE: (3, 2), "pack": (2, 0)}
    assert shortfalls(needed, {CORE: 3, LOW: 1, "pack": 2}) == {}
    assert shortfalls({}, owned) == {}


def test_cards_short_names_the_cards_that_need_more_copies_than_owned():
    counts = {"core_29": 3, "core_4": 2, "core_26": 3, "low_1": 1}
    owned = {CORE: 1}
    assert cards_short(counts, PRINTINGS, owned) == {
        CORE: [("core_4", 2), ("core_26", 3)],
        LOW: [("low_1", 1)],
    }
    assert cards_short(counts, PRINTINGS, {CORE: 2, LOW: 1}) == {}


def test_the_docstrings_examples_hold():
    failed, attempted = doctest.testmod(collection)
    assert attempted >= 5 and failed == 0
