"""Reading a decklist costs little whatever the input (issue 15): caps, the name index, and
JSON decks too deep or too large. Pure, no database; work is counted, never timed."""

from __future__ import annotations

import difflib
import itertools
import random

import pytest

from decks.decklist import (
    DeckJSONError,
    DecklistTooLarge,
    NameIndex,
    deck_from_json,
    json_depth,
    load_json,
    parse_decklist,
)
from decks.decklist.names import FUZZY_CANDIDATES
from decks.decklist.text import MAX_LINE_LENGTH, MAX_LINES, MAX_SUGGESTED, MAX_UNKNOWN_NAMES
from tests.decks.test_validation import FIXTURES, code_of

INDEX = NameIndex.from_fixtures(FIXTURES)
EDDARD = code_of("Eddard Stark", "core")


def unknown_lines(count: int) -> list[str]:
    """``count`` distinct names that are no card's (as in the issue's 10,000-line body)."""
    rng = random.Random(15)
    syllables = (
        "ka",
        "lo",
        "ve",
        "mi",
        "dra",
        "zu",
        "th",
        "qo",
        "rin",
        "el",
        "wy",
        "fen",
        "gor",
        "bac",
        "ul",
    )
    return [
        "".join(rng.choice(syllables) for _ in range(3)).capitalize() + f" {n:05d}"
        for n in range(count)
    ]


def near_names(count: int) -> list[str]:
    """Distinct names close to a card's (each gets suggestions) but not close enough to be
    read as a typo."""
    pool = sorted({card["name"] for fixture in FIXTURES for card in fixture["cards"]})
    names = [f"{name} Qqqq" for name in pool if 8 <= len(name) <= 15]
    assert len(names) >= count
    return names[:count]


@pytest.fixture
def comparisons(monkeypatch) -> itertools.count:
    """Counts fuzzy comparisons: each name ``difflib`` compares ``name`` with."""
    counter = itertools.count()

    class Counting(difflib.SequenceMatcher):
        def set_seq1(self, a):
            next(counter)
            super().set_seq1(a)

    monkeypatch.setattr(difflib, "SequenceMatcher", Counting)
    return counter


def test_the_issue_body_of_10000_unknown_lines_is_refused_whole_naming_the_cap(comparisons):
    text = "\n".join(unknown_lines(10_000))
    assert 130_000 < len(text.encode()) < 150_000
    with pytest.raises(DecklistTooLarge) as refused:
        parse_decklist(text, INDEX)
    assert refused.value.problems == [
        f"A decklist has at most {MAX_LINES} lines; this one has 10,000 (blank lines aside)."
    ]
    assert next(comparisons) == 0  # refused before any name was looked up


def test_blank_lines_do_not_count_towards_the_line_cap():
    text = "House Stark\n" + "\n" * 5_000 + "3x Eddard Stark (Core)"
    assert parse_decklist(text, INDEX).deck.entries == {EDDARD: 3}


def test_only_the_first_unknown_names_are_compared_and_get_suggestions(comparisons):
    names = near_names(MAX_UNKNOWN_NAMES)
    parsed = parse_decklist("House Stark\n" + "\n".join(names), INDEX)

    assert [p.text for p in parsed.problems] == names  # every line reported, none dropped
    suggested = [p for p in parsed.problems if p.suggestions]
    assert suggested == list(parsed.problems[:MAX_SUGGESTED])
    # At most FUZZY_CANDIDATES names (and a few for scoring) per looked-up name; the whole
    # pool (1,754 names) was compared for every unknown line before.
    assert next(comparisons) <= MAX_SUGGESTED * (FUZZY_CANDIDATES + 4)
    assert any("first 10 names" in str(note) for note in parsed.notes)


def test_reading_stops_one_name_past_the_unknown_name_cap_and_says_so():
    names = unknown_lines(MAX_LINES - 1)
    parsed = parse_decklist("House Stark\n" + "\n".join(names), INDEX)
    assert len(parsed.problems) == MAX_UNKNOWN_NAMES + 1
    last = parsed.problems[-1]
    assert last.line == MAX_UNKNOWN_NAMES + 2
    assert f"at most {MAX_UNKNOWN_NAMES} different cards that do not exist" in last.message
    assert f"lines {MAX_UNKNOWN_NAMES + 3} to {MAX_LINES} were not read" in last.message


def test_a_repeated_unknown_line_is_looked_up_once(comparisons):
    once = parse_decklist("House Stark\nEddard Starq Qqqq", INDEX)
    one_lookup = next(comparisons)
    parsed = parse_decklist("House Stark\n" + "\n".join(["Eddard Starq Qqqq"] * 400), INDEX)
    assert next(comparisons) - one_lookup - 1 == one_lookup
    assert len(parsed.problems) == 400
    assert all(p.suggestions == once.problems[0].suggestions for p in parsed.problems)


def test_real_decklists_keep_their_typo_corrections_within_the_caps():
    parsed = parse_decklist("House Stark\n2x Edard Stark (Core)\n1x Hodr", INDEX)
    assert parsed.problems == ()
    assert [str(n) for n in parsed.notes] == [
        "line 2: read 'Edard Stark' as 'Eddard Stark'.",
        "line 3: read 'Hodr' as 'Hodor'.",
    ]


def test_a_line_too_long_for_a_card_is_a_problem_and_never_matched():
    # A run of spaces made the header pattern backtrack with the cube of its length: this
    # line took two seconds to read, and one of 3,000 characters a minute.
    line = "3x Eddard" + " " * 1_000 + "Stark"
    parsed = parse_decklist(f"House Stark\n{line}\n1x Hodor", INDEX)
    (problem,) = parsed.problems
    assert problem.line == 2
    assert f"at most {MAX_LINE_LENGTH} characters; this one has 1,014" in problem.message
    assert len(problem.text) < 100  # the line is not echoed back whole
    assert parsed.deck.entries == {code_of("Hodor", "core"): 1}


def test_runs_of_spaces_inside_a_line_are_one_space():
    line = "3x Eddard" + " " * 250 + "Stark\t\t(Core)"
    assert parse_decklist(f"House Stark\n{line}", INDEX).deck.entries == {EDDARD: 3}


def test_close_names_compares_a_bounded_number_of_names(comparisons):
    assert INDEX.close_names("Edard Stark")[0][0] == "Eddard Stark"
    assert next(comparisons) <= FUZZY_CANDIDATES + 4
    assert INDEX.close_names("x" * 1_000) == []  # too long to be close to any card's name


# JSON decks ---------------------------------------------------------------------------------


def deep_list(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def test_json_nested_100000_levels_is_an_error_not_a_recursion_error():
    with pytest.raises(DeckJSONError, match="nested too deeply"):
        load_json("[" * 100_000)
    with pytest.raises(DeckJSONError, match="nested too deeply"):
        deck_from_json('{"cards": ' * 100_000)


def test_json_deeper_than_a_deck_is_refused_even_when_python_could_read_it():
    with pytest.raises(DeckJSONError, match="nested too deeply"):
        load_json("[" * 50 + "]" * 50)
    assert json_depth(deep_list(100_000)) == 100_001  # no recursion


def test_deck_json_problems_never_print_a_whole_deep_value():
    deep = deep_list(50_000)  # repr() of this raises RecursionError
    with pytest.raises(DeckJSONError) as error:
        deck_from_json({"version": deep, "house": "Stark", "cards": {"core_2": deep}})
    assert error.value.problems == [
        "Unsupported version a list; expected 1.",
        "cards['core_2'] must be a whole number of at least 1, not a list.",
    ]


def test_a_json_deck_with_too_many_cards_or_keys_is_refused_in_few_words():
    cards = {f"x_{n}": 1 for n in range(10_000)}
    extra = {f"key{n}": 1 for n in range(10_000)}
    with pytest.raises(DeckJSONError) as error:
        deck_from_json({"cards": cards, "agendas": ["a"] * 50, **extra})
    problems = error.value.problems
    assert "A deck has at most 300 different cards; this one has 10000." in problems
    assert "A deck has at most 10 agendas; this one has 50." in problems
    assert "And 9990 more unknown keys." in problems
    assert len(problems) < 20
