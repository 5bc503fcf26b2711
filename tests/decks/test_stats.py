"""Deck statistics (pure, no database): small decks whose numbers are worked out by hand."""

from __future__ import annotations

import doctest
import json
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

import pytest

import decks.stats
from decks.stats import (
    card_field,
    deck_stats,
    effective_cost,
    house_deck_codes,
    is_in_house,
    normalize_house,
)

ROOT = Path(__file__).resolve().parents[2]


def card(code: str, card_type: str = "character", houses=("Neutral",), **fields) -> dict:
    """A fixture-shaped card with only the fields a test sets (others read as none)."""
    return {
        "code": code,
        "name": fields.pop("name", code.title()),
        "card_type": card_type,
        "houses": list(houses),
        **fields,
    }


# A Stark deck: 3 + 2 + 3 + 1 + 1 + 3 = 13 House deck cards, 2 plots, 1 agenda.
STARK_CHAR = card(
    "sc", houses=["Stark"], cost=2, strength=3, icons=["military", "power"], crests=["war"]
)
LANNISTER_CHAR = card(
    "lc",
    houses=["Lannister"],
    cost=2,
    strength=1,
    icons=["intrigue"],
    naval_icons=["intrigue"],
    crests=["noble", "war"],
)
NEUTRAL_LOCATION = card("nl", "location", cost=1, income=1, influence=1, icons=["power"])
STARK_BARATHEON_ATTACHMENT = card("sba", "attachment", houses=["Stark", "Baratheon"], cost=0)
LANNISTER_BARATHEON_EVENT = card("lbe", "event", houses=["Lannister", "Baratheon"], cost=1)
FREE_EVENT = card("fe", "event", houses=["Lannister"], cost=None, crests=["Shadow"])
PLOT_A = card("pa", "plot", name="A Noble Cause", income=5, initiative=0, claim=1)
PLOT_B = card("pb", "plot", name="Wildfire Assault", income=2, initiative=6, claim=2)
AGENDA = card("ag", "agenda", income=2, influence=2)
STARK_DECK = [
    (STARK_CHAR, 3),
    (LANNISTER_CHAR, 2),
    (NEUTRAL_LOCATION, 3),
    (STARK_BARATHEON_ATTACHMENT, 1),
    (LANNISTER_BARATHEON_EVENT, 1),
    (FREE_EVENT, 3),
    (PLOT_A, 1),
    (PLOT_B, 2),
    (AGENDA, 1),
]


def test_the_module_doctests_pass():
    result = doctest.testmod(decks.stats)
    assert result.attempted > 0
    assert result.failed == 0


def test_out_of_house_cards_cost_two_more_in_the_effective_curve():
    stats = deck_stats("Stark", STARK_DECK)
    # Printed: sba 0 (1), nl 1 (3) + lbe 1 (1), sc 2 (3) + lc 2 (2); fe has no cost (3).
    assert stats.cost_curve_printed == {"0": 1, "1": 4, "2": 5, "3": 0, "4": 0, "none": 3}
    # Effective: lbe 1 -> 3, lc 2 -> 4; Neutral and Stark/Baratheon cards keep their cost.
    assert stats.cost_curve_effective == {"0": 1, "1": 3, "2": 3, "3": 1, "4": 2, "none": 3}
    assert (stats.deck_size, stats.in_house, stats.out_of_house) == (13, 7, 6)


def test_average_costs_leave_out_cards_without_a_cost():
    stats = deck_stats("Stark", STARK_DECK)
    assert stats.average_cost == pytest.approx((0 + 1 * 4 + 2 * 5) / 10)
    assert stats.average_effective_cost == pytest.approx((0 + 1 * 3 + 2 * 3 + 3 + 4 * 2) / 10)


def test_the_same_cards_in_another_house_pay_the_penalty_elsewhere():
    stats = deck_stats("Lannister", STARK_DECK)
    # Now sc (2 -> 4) and sba (0 -> 2) are out of House; lc, lbe, fe and nl are in.
    assert stats.cost_curve_effective == {"0": 0, "1": 4, "2": 3, "3": 0, "4": 3, "none": 3}
    assert (stats.in_house, stats.out_of_house) == (9, 4)


def test_a_neutral_faction_deck_has_only_neutral_cards_in_house():
    assert normalize_house("Neutral Faction") == "Neutral"
    stats = deck_stats("Neutral Faction", STARK_DECK)
    assert (stats.house, stats.in_house, stats.out_of_house) == ("Neutral", 3, 10)


def test_a_deck_without_a_house_yet_has_only_neutral_cards_in_house():
    stats = deck_stats("", STARK_DECK)
    assert (stats.house, stats.in_house) == ("", 3)
    assert not is_in_house("", STARK_CHAR)
    assert is_in_house("", card("x", houses=[]))  # no printed House reads as Neutral


def test_effective_cost_of_single_cards():
    assert effective_cost("Stark", STARK_CHAR) == 2
    assert effective_cost("Stark", LANNISTER_CHAR) == 4
    assert effective_cost("Baratheon", STARK_BARATHEON_ATTACHMENT) == 0
    assert effective_cost("Martell", FREE_EVENT) is None


@pytest.mark.parametrize(
    ("text", "house"),
    [("Stark", "Stark"), ("house  lannister", "Lannister"), ("MARTELL", "Martell"), (None, "")],
)
def test_house_names_are_normalized(text, house):
    assert deck_stats(text, []).house == house


def test_an_unknown_house_is_refused():
    with pytest.raises(ValueError, match="unknown House 'Tyrell'"):
        deck_stats("Tyrell", STARK_DECK)


def test_counts_by_type_include_plots_and_agendas_but_the_deck_size_does_not():
    stats = deck_stats("Stark", STARK_DECK)
    assert stats.by_type == {
        "character": 5,
        "location": 3,
        "attachment": 1,
        "event": 4,
        "plot": 3,
        "agenda": 1,
    }
    assert list(stats.by_type) == ["character", "location", "attachment", "event", "plot", "agenda"]
    assert stats.plot_count == 3


def test_unknown_types_are_appended_to_the_counts_but_stay_out_of_the_deck():
    stats = deck_stats("Stark", [(card("h", "house", houses=["Stark"]), 1), (STARK_CHAR, 1)])
    assert stats.by_type["house"] == 1
    assert list(stats.by_type)[-1] == "house"
    assert stats.deck_size == 1


def test_icons_count_character_copies_and_naval_icons_apart():
    stats = deck_stats("Stark", STARK_DECK)
    # The location's power icon is not a character's.
    assert stats.icons == {"military": 3, "intrigue": 2, "power": 3}
    assert stats.naval_icons == {"military": 0, "intrigue": 2, "power": 0}


def test_strength_distribution_runs_from_zero_without_gaps():
    stats = deck_stats("Stark", STARK_DECK)
    assert stats.strength == {"0": 0, "1": 2, "2": 0, "3": 3}


def test_crests_count_copies_of_every_house_deck_card_case_insensitively():
    stats = deck_stats("Stark", STARK_DECK)
    assert stats.crests == {"war": 5, "noble": 2, "learned": 0, "holy": 0, "shadow": 3}


def test_plot_deck_lines_totals_and_averages():
    plots = deck_stats("Stark", STARK_DECK).plots
    assert [(p.name, p.count, p.income, p.initiative, p.claim) for p in plots.plots] == [
        ("A Noble Cause", 1, 5, 0, 1),
        ("Wildfire Assault", 2, 2, 6, 2),
    ]
    assert (plots.count, plots.income_total, plots.initiative_total, plots.claim_total) == (
        3,
        9,
        12,
        5,
    )
    assert plots.income_average == pytest.approx(3.0)
    assert plots.initiative_average == pytest.approx(4.0)
    assert plots.claim_average == pytest.approx(5 / 3)


def test_a_plot_without_a_number_is_left_out_of_that_average():
    odd = card("po", "plot", name="Odd", income=None, initiative=2, claim=None)
    plots = deck_stats("Stark", [(PLOT_A, 1), (odd, 1)]).plots
    assert (plots.income_total, plots.income_average) == (5, 5.0)
    assert plots.initiative_average == pytest.approx(1.0)
    assert deck_stats("Stark", [(odd, 1)]).plots.claim_average is None


def test_income_and_influence_sources_count_copies_and_totals():
    stats = deck_stats("Stark", STARK_DECK)
    # Plot income is the plot's gold, not a bonus: only the location (3 x 1) and agenda (2).
    assert [(s.code, s.count, s.value, s.total) for s in stats.income.sources] == [
        ("nl", 3, 1, 3),
        ("ag", 1, 2, 2),
    ]
    assert (stats.income.cards, stats.income.total) == (4, 5)
    assert (stats.influence.cards, stats.influence.total) == (4, 5)
    assert str(stats.influence) == "4 cards provide, 5 total"


def test_a_printed_zero_is_a_source_and_a_negative_bonus_is_not():
    inn = card("inn", "location", cost=2, income=0)  # "+X gold"
    burned = card("bp", "attachment", cost=1, income=-1)
    stats = deck_stats("Stark", [(inn, 2), (burned, 3)])
    assert [s.code for s in stats.income.sources] == ["inn"]
    assert (stats.income.cards, stats.income.total) == (2, 0)
    assert str(deck_stats("Stark", [(inn, 1)]).income) == "1 card provides, 0 total"


def test_entries_of_one_card_are_merged_and_zero_counts_dropped():
    stats = deck_stats("Stark", [(STARK_CHAR, 1), (STARK_CHAR, 2), (LANNISTER_CHAR, 0)])
    assert stats.deck_size == 3
    assert stats.cost_curve_printed == {"0": 0, "1": 0, "2": 3}
    assert stats.naval_icons["intrigue"] == 0


def test_distinct_objects_of_one_code_are_one_card():
    stats = deck_stats("Stark", [(dict(PLOT_B), 1), (dict(PLOT_B), 1), (dict(AGENDA), 1)])
    assert [(p.code, p.count) for p in stats.plots.plots] == [("pb", 2)]
    assert [(s.code, s.count) for s in stats.income.sources] == [("ag", 1)]


@pytest.mark.parametrize(("count", "problem"), [(-1, "negative"), (1.5, "not an integer")])
def test_bad_counts_are_refused(count, problem):
    with pytest.raises(ValueError, match=f"count of 'sc' is {problem}"):
        deck_stats("Stark", [(STARK_CHAR, count)])


def test_an_empty_deck_has_empty_statistics():
    stats = deck_stats("Stark", [])
    assert stats.cost_curve_printed == stats.cost_curve_effective == stats.strength == {}
    assert stats.average_cost is stats.average_effective_cost is None
    assert stats.plots.count == 0 and stats.plots.income_average is None
    assert (stats.income.cards, stats.influence.total) == (0, 0)


def test_a_deck_of_costless_cards_has_only_the_none_bucket():
    stats = deck_stats("Stark", [(FREE_EVENT, 2)])
    assert stats.cost_curve_printed == stats.cost_curve_effective == {"none": 2}


@dataclass(frozen=True)
class CardObject:
    """A card read through attributes (like CardInfo or a model), lacking most fields."""

    code: str
    name: str
    card_type: str
    houses: tuple[str, ...] = ("Neutral",)
    cost: int | None = None
    icons: tuple[str, ...] = field(default=())


def test_cards_may_be_objects_and_missing_fields_read_as_none():
    entries = [
        (CardObject("o1", "Object", "character", ("Greyjoy",), 3, ("military",)), 2),
        (SimpleNamespace(code="o2", name="Bare", card_type="event"), 1),
    ]
    stats = deck_stats("Stark", entries)
    assert stats.cost_curve_effective == {**{str(c): 0 for c in range(5)}, "5": 2, "none": 1}
    assert stats.icons["military"] == 2
    assert stats.strength == {"none": 2}
    assert stats.crests == dict.fromkeys(("war", "noble", "learned", "holy", "shadow"), 0)


def test_list_fields_stored_as_delimited_text_are_split():
    assert card_field({"houses": "|Stark|Baratheon|"}, "houses") == ["Stark", "Baratheon"]
    assert card_field({"icons": None}, "icons") == []
    assert card_field({"cost": 0}, "cost") == 0


def test_real_fixture_cards_are_read():
    data = json.loads((ROOT / "fixtures/cards/01-core.json").read_text(encoding="utf-8"))
    cards = {c["code"]: c for c in data["cards"]}
    ice = cards["core_1"]  # a Stark attachment of cost 2
    stats = deck_stats("Lannister", [(ice, 3)])
    assert stats.cost_curve_printed["2"] == 3
    assert stats.cost_curve_effective["4"] == 3
    assert stats.by_type["attachment"] == 3


def test_house_deck_codes_repeat_copies_and_leave_out_plots_and_agendas():
    assert house_deck_codes(STARK_DECK) == [
        "sc",
        "sc",
        "sc",
        "lc",
        "lc",
        "nl",
        "nl",
        "nl",
        "sba",
        "lbe",
        "fe",
        "fe",
        "fe",
    ]


def test_to_dict_is_json_ready_plain_data():
    stats = deck_stats("Stark", STARK_DECK)
    data = json.loads(json.dumps(stats.to_dict()))
    assert data["cost_curve_effective"] == stats.cost_curve_effective
    assert data["plots"]["plots"][1] == {
        "code": "pb",
        "name": "Wildfire Assault",
        "count": 2,
        "income": 2,
        "initiative": 6,
        "claim": 2,
    }
    assert data["influence"]["sources"][0]["code"] == "nl"
    assert (data["plot_count"], data["deck_size"], data["out_of_house"]) == (3, 13, 6)


def test_stats_is_frozen():
    stats = deck_stats("Stark", STARK_DECK)
    with pytest.raises(AttributeError):
        stats.deck_size = 0


@pytest.mark.parametrize("module", ["decks.stats", "decks.charts", "decks.drawsim"])
def test_the_module_loads_without_django(module):
    code = f"import sys, {module}; print(sorted(m for m in sys.modules if m.startswith('django')))"
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
