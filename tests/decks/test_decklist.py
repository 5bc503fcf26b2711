"""Text and JSON decklists (pure, no database): messy imports, exports and round trips."""

from __future__ import annotations

import doctest
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import decks.decklist
import decks.decklist.jsonform
import decks.decklist.names
from decks.decklist import (
    DeckJSONError,
    DecklistError,
    NameIndex,
    deck_from_json,
    deck_to_json,
    parse_decklist,
    write_decklist,
)
from decks.validation import HOUSES, DeckSpec, validate
from tests.decks.test_validation import CARDS, FIXTURES, code_of, core_deck, pick, plots

INDEX = NameIndex.from_fixtures(FIXTURES)
EDDARD = code_of("Eddard Stark", "core")
CHAMBERS = code_of("Lord Eddard's Chambers", "core")
CHAMBERS_LOW = code_of("Lord Eddard's Chambers", "lords-of-winter")

REAL_DECK = """\
Winter Wolves — Stark joust deck
Author: Maester Luwin

House Stark
Agenda: Knights of the Realm (Kings of the Storm)

Plot deck (7):
1x Rains of Autumn (Core)
1x Wildfire Assault (Core)
1x Valar Morghulis (Core)
1x Counting Favors (Core)
1x Summoning Season (Core)
1x Power and Wealth
1x Calm over Westeros

Draw deck (60)

**Characters (33)**
- 3x Eddard Stark (Core)
- 3x Robb Stark (Core)
- 3x Catelyn Stark
- 2x Arya Stark
- 3x Greatjon Umber
- 3x Winterfell Honor Guard
- 3x Knight of the Tumblestone
- 3x Direwolf Pup
- 3x House Tully Recruiter
- 3x Ser Rodrik Cassel
- 2x Hodor
- 2x Jon Snow

**Locations (15)**
- 3x Lord Eddard’s Chambers (Core)
- 3x Northern Fiefdoms
- 3x Great Keep
- 3x Winterfell Kennels
- 3x Godswood

**Attachments (4)**
- 2x Ice
- 2x Nymeria

**Events (8)**
- 3x Winter is Coming
- 3x Bran the Builder’s Legacy
- 2x Kings in the North

Total: 60
"""


def parse(text: str):
    return parse_decklist(text, INDEX)


def test_a_realistic_decklist_reads_whole_and_is_legal():
    parsed = parse(REAL_DECK)
    assert parsed.problems == ()
    assert parsed.name == "Winter Wolves — Stark joust deck"
    assert [str(note) for note in parsed.notes] == [
        "line 1: read 'Winter Wolves — Stark joust deck' as the deck name.",
        "line 2: skipped (not a card).",
    ]
    deck = parsed.deck
    assert deck.house == "Stark"
    assert deck.agendas == (code_of("Knights of the Realm"),)
    assert deck.entries[CHAMBERS] == 3 and deck.entries[EDDARD] == 3
    assert deck.entries[code_of("Bran the Builder's Legacy")] == 3
    assert deck.entries[code_of("Calm Over Westeros")] == 1
    verdict = validate(deck, "joust", CARDS)
    assert verdict.valid and (verdict.plot_count, verdict.deck_count) == (7, 60)
    assert [p.code for p in validate(deck, "core", CARDS).problems] == ["not_in_card_pool"]


@pytest.mark.parametrize(
    ("line", "count"),
    [
        ("3x Eddard Stark (Core)", 3),
        ("3 Eddard Stark", 3),
        ("3 x Eddard Stark", 3),
        ("3xEddard Stark", 3),
        ("Eddard Stark x3", 3),
        ("Eddard Stark x 2", 2),
        ("Eddard Stark ×3", 3),
        ("Eddard Stark (Core) x3", 3),
        ("Eddard Stark x3 (Core)", 3),
        ("Eddard Stark", 1),
        ("- 3x Eddard Stark", 3),
        ("* 2x Eddard Stark", 2),
        ("• 2 Eddard Stark", 2),
        ("12x Eddard Stark", 12),
        ("Eddard Stark x12", 12),
        ("  3x   eddard   STARK  ", 3),
    ],
)
def test_card_line_shapes(line, count):
    parsed = parse(line)
    assert parsed.deck.entries == {EDDARD: count}
    assert parsed.problems == () and parsed.notes == ()


def test_the_same_card_on_two_lines_adds_up():
    assert parse("2x Eddard Stark\n1 Eddard Stark").deck.entries == {EDDARD: 3}


@pytest.mark.parametrize(
    "line",
    [
        "3x Lord Eddard’s Chambers",
        "3x Lord Eddard's Chambers",
        "3x LORD EDDARD‘S CHAMBERS",
        "3x Lord Eddards Chambers",
        "3x Lord  Eddard's   Chambers",
    ],
)
def test_quotes_case_spaces_and_punctuation_do_not_matter(line):
    parsed = parse(line)
    assert parsed.deck.entries == {CHAMBERS: 3}
    assert parsed.problems == ()


def test_a_close_typo_is_read_and_noted():
    parsed = parse("House Stark\nEdard Stark x3")
    assert parsed.deck.entries == {EDDARD: 3}
    assert [str(n) for n in parsed.notes] == ["line 2: read 'Edard Stark' as 'Eddard Stark'."]
    assert parsed.problems == ()


def test_unmatched_lines_are_reported_with_line_number_and_suggestions():
    parsed = parse("House Stark\n3x Eddard Stark\n\n3x Winterfel Guard\n2x Ned")
    assert parsed.deck.entries == {EDDARD: 3}
    first, second = parsed.problems
    assert (first.line, first.text) == (4, "3x Winterfel Guard")
    assert "Winterfell Honor Guard" in first.suggestions and len(first.suggestions) <= 3
    assert str(first).startswith("line 4: no card is named 'Winterfel Guard'. Did you mean: ")
    assert (second.line, second.text) == (5, "2x Ned")


def test_an_ambiguous_typo_is_not_guessed():
    index = NameIndex(
        {"code": f"x_{i}", "name": name, "card_type": "character", "product": "x", "position": i}
        for i, name in enumerate(["Grey Wind", "Grey Wine"])
    )
    parsed = parse_decklist("1x Eddard\n2x Grey Win", index)
    assert parsed.deck.entries == {}
    assert parsed.problems[0].suggestions == ()  # nothing close to "Eddard" in this pool
    assert sorted(parsed.problems[1].suggestions) == ["Grey Wind", "Grey Wine"]


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("Lord Eddard's Chambers", CHAMBERS),
        ("Lord Eddard's Chambers (Core)", CHAMBERS),
        ("Lord Eddard's Chambers (Lords of Winter)", CHAMBERS_LOW),
        ("Lord Eddard's Chambers (lords of winter)", CHAMBERS_LOW),
        ("Lord Eddard's Chambers (lords-of-winter)", CHAMBERS_LOW),
        ("Lord Eddard's Chambers [Lords of Winter]", CHAMBERS_LOW),
        ("Lord Eddard's Chambers (Core Set)", CHAMBERS),
        (f"Lord Eddard's Chambers ({CHAMBERS_LOW})", CHAMBERS_LOW),
        ("Great Keep (core_31)", "core_31"),
    ],
)
def test_the_product_picks_the_printing(line, code):
    parsed = parse(line)
    assert parsed.deck.entries == {code: 1}
    assert parsed.notes == ()


def test_an_unknown_or_wrong_product_falls_back_to_the_first_printing_with_a_note():
    parsed = parse("Lord Eddard's Chambers (Winterfell Box)\nEddard Stark (Kings of the Storm)")
    assert parsed.deck.entries == {CHAMBERS: 1, EDDARD: 1}
    assert [n.line for n in parsed.notes] == [1, 2]
    assert "has no product 'Winterfell Box'" in parsed.notes[0].message
    assert "is not in Kings of the Storm" in parsed.notes[1].message


@pytest.mark.parametrize(
    ("line", "house"),
    [
        ("House Baratheon", "Baratheon"),
        ("Baratheon", "Baratheon"),
        ("house targaryen", "Targaryen"),
        ("House: Stark", "Stark"),
        ("Faction: Lannister", "Lannister"),
        ("Neutral Faction", "Neutral"),
        ("House: Neutral Faction", "Neutral"),
        ("- House Martell", "Martell"),
    ],
)
def test_house_lines(line, house):
    parsed = parse(f"{line}\n3x Eddard Stark")
    assert parsed.deck.house == house
    assert parsed.problems == () and parsed.notes == ()


def test_a_second_or_unknown_house_is_a_problem():
    parsed = parse("House Stark\nHouse Lannister\nHouse: Tyrell")
    assert parsed.deck.house == "Stark"
    assert [(p.line, p.text) for p in parsed.problems] == [
        (2, "House Lannister"),
        (3, "House: Tyrell"),
    ]


def test_agenda_lines():
    realm, rangers = code_of("Knights of the Realm"), code_of("The Rangers")
    builders = code_of("The Builders")
    text = "Agenda: Knights of the Realm (Kings of the Storm)\nThe Rangers\nAgendas: The Builders"
    parsed = parse(text)
    assert parsed.deck.agendas == (realm, rangers, builders)
    assert parsed.deck.entries == {} and parsed.problems == ()


def test_a_name_shared_by_a_plot_and_an_agenda_follows_the_section():
    plot, agenda = code_of("Alliance", card_type="plot"), code_of("Alliance", card_type="agenda")
    parsed = parse("Agenda: Alliance\nPlots\n1x Alliance")
    assert parsed.deck.agendas == (agenda,) and parsed.deck.entries == {plot: 1}
    assert parsed.notes == ()
    bare = parse("Alliance")
    assert bare.deck.entries == {plot: 1}
    assert "names a plot and an agenda" in bare.notes[0].message


@pytest.mark.parametrize(
    "header",
    [
        "Draw deck",
        "House deck (60)",
        "Deck",
        "Characters (20)",
        "Characters: 20",
        "Locations:",
        "Events",
        "Attachments",
        "**Events (8)**",
        "### Characters",
        "Agenda",
    ],
)
def test_section_headers_are_read_as_headers(header):
    parsed = parse(f"{header}\n3x Eddard Stark")
    assert parsed.deck.entries == {EDDARD: 3}
    assert parsed.problems == () and parsed.notes == () and parsed.name == ""


@pytest.mark.parametrize(
    "header", ["Plots", "Plot deck", "Plot deck (7):", "## Plots (7)", "Plot cards"]
)
def test_plot_section_headers(header):
    parsed = parse(f"{header}\n1x Wildfire Assault")
    assert parsed.deck.entries == {code_of("Wildfire Assault"): 1}
    assert parsed.problems == () and parsed.notes == () and parsed.name == ""


def test_placement_follows_the_card_type_not_the_section():
    assault = code_of("Wildfire Assault")
    parsed = parse("Characters\n1x Wildfire Assault\nPlots\n3x Eddard Stark")
    assert parsed.deck.entries == {assault: 1, EDDARD: 3}
    assert [str(n) for n in parsed.notes] == [
        "line 2: Wildfire Assault is a plot; it goes in the plot deck.",
        "line 4: Eddard Stark is a character; it goes in the House deck.",
    ]


def test_metadata_lines_are_noted_never_dropped():
    text = (
        "# Ned's Honour\nby Someone\nFormat: Joust\n// sideboard ideas\nTotal: 5\n3x Eddard Stark"
    )
    parsed = parse(text)
    assert parsed.name == "Ned's Honour"
    assert [n.line for n in parsed.notes] == [1, 2, 3, 4, 5]
    assert parsed.notes[-1].message == "the list says 5 cards; 3 were read."
    assert parse("Deck: Ned's Honour\n60 cards").name == "Ned's Honour"
    assert parse("Total: 4\n3x Eddard Stark\n1x Wildfire Assault").notes == ()  # plots counted


def test_misplaced_agendas_and_house_cards_are_written_not_dropped():
    rangers = code_of("The Rangers")
    deck = DeckSpec("", (), {rangers: 1, "core_209": 1, EDDARD: 2})
    text = write_decklist(deck, INDEX)
    assert text.endswith(
        "Other cards (2)\n1x House Stark (Core)\n1x The Rangers (Wolves of the North)"
    )
    assert parse(text).deck == DeckSpec("Stark", (rangers,), {EDDARD: 2})


def test_an_unknown_line_after_the_cards_began_is_a_problem_not_a_name():
    parsed = parse("3x Eddard Stark\nMy great deck")
    assert parsed.name == "" and [p.line for p in parsed.problems] == [2]


# --- writing and round trips -------------------------------------------------------------


def test_write_decklist_format():
    deck = DeckSpec(
        "Stark",
        (code_of("The Rangers"),),
        {code_of("Wildfire Assault"): 1, EDDARD: 3, code_of("Ice"): 2, CHAMBERS_LOW: 1},
    )
    assert write_decklist(deck, INDEX) == (
        "House Stark\n"
        "Agenda: The Rangers (Wolves of the North)\n"
        "\n"
        "Plots (1)\n"
        "1x Wildfire Assault (Core)\n"
        "\n"
        "Draw deck (6)\n"
        "Characters (3)\n"
        "3x Eddard Stark (Core)\n"
        "Locations (1)\n"
        "1x Lord Eddard's Chambers (Lords of Winter)\n"
        "Attachments (2)\n"
        "2x Ice (Core)"
    )


@pytest.mark.parametrize(
    "deck",
    [
        core_deck("Stark"),
        core_deck("Targaryen", agendas=(code_of("Defiance"),)),
        DeckSpec(
            "Neutral",
            tuple(code_of(n) for n in ("The Rangers", "The Builders", "The Stewards")),
            {**plots("Neutral", products=None), **pick("Neutral", size=60, products=None)},
        ),
        DeckSpec("Stark", (), {"core_29": 1, "core_30": 2, "core_31": 3, "low_30": 1}),
        DeckSpec("", (code_of("Alliance", card_type="agenda"),), {"pots_59": 1}),
        DeckSpec(),
    ],
)
def test_text_round_trip(deck):
    parsed = parse(write_decklist(deck, INDEX))
    assert parsed.deck == deck
    assert parsed.problems == ()


ROUND_TRIP_CODES = sorted(
    code for code, c in CARDS.items() if c.card_type not in ("house", "agenda")
)
AGENDA_CODES = sorted(code for code, c in CARDS.items() if c.card_type == "agenda")


@settings(max_examples=150, deadline=None)
@given(
    house=st.sampled_from(["", *HOUSES]),
    agendas=st.lists(st.sampled_from(AGENDA_CODES), max_size=3),
    entries=st.dictionaries(st.sampled_from(ROUND_TRIP_CODES), st.integers(1, 30), max_size=40),
)
def test_any_deck_of_known_cards_round_trips(house, agendas, entries):
    deck = DeckSpec(house, tuple(agendas), entries)
    parsed = parse(write_decklist(deck, INDEX))
    assert parsed.deck == deck
    assert parsed.problems == ()


def test_writing_unknown_cards_or_houses_is_refused():
    with pytest.raises(DecklistError) as raised:
        write_decklist(DeckSpec("Tyrell", ("nope_1",), {"nope_2": 1}), INDEX)
    assert raised.value.problems == [
        "Unknown card code 'nope_1'.",
        "Unknown card code 'nope_2'.",
        "Unknown House 'Tyrell'.",
    ]


def test_json_round_trip():
    deck = core_deck(agendas=(code_of("The Rangers"),))
    assert deck_from_json(deck_to_json(deck)) == deck
    assert deck_from_json(json.dumps(deck_to_json(deck))) == deck
    assert deck_from_json(json.dumps(deck_to_json(deck)).encode()) == deck


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{not json", "Not valid JSON"),
        ("[1, 2]", "must be a JSON object, not list"),
        ({"house": 3}, "house must be a string, not int"),
        ({"agendas": "dotn_19"}, "agendas must be a list of card codes"),
        ({"agendas": [1]}, "agendas must be a list of card codes"),
        ({"cards": ["core_5"]}, "cards must be an object of card code -> count"),
        ({"cards": {"core_5": 0}}, "cards['core_5'] must be a whole number of at least 1, not 0"),
        ({"cards": {"core_5": "3"}}, "not '3'"),
        ({"cards": {"core_5": True}}, "not True"),
        ({"cards": {"core_5": 1.5}}, "not 1.5"),
        ({"version": 2}, "Unsupported version 2"),
        ({"colour": "grey"}, "Unknown key 'colour'"),
    ],
)
def test_bad_json_shapes_name_the_problem(data, message):
    with pytest.raises(DeckJSONError, match=re.escape(message)) as raised:
        deck_from_json(data)
    assert isinstance(raised.value, ValueError)


def test_parsed_deck_to_dict_is_json_ready():
    data = json.loads(json.dumps(parse("House Stark\nEdard Stark x3\n2x Ned").to_dict()))
    assert data["deck"] == {"version": 1, "house": "Stark", "agendas": [], "cards": {EDDARD: 3}}
    assert data["problems"][0]["line"] == 3
    assert data["notes"][0]["message"] == "read 'Edard Stark' as 'Eddard Stark'."


@pytest.mark.parametrize("module", [decks.decklist, decks.decklist.jsonform, decks.decklist.names])
def test_doctests(module):
    failed, attempted = doctest.testmod(module)
    assert failed == 0 and attempted > 0


def test_a_deck_named_like_a_card_reads_back_without_that_card():
    deck = DeckSpec("Stark", (), {"core_5": 3, "core_181": 1})
    text = write_decklist(deck, INDEX, name="Winter is Coming")
    assert text.splitlines()[0] == "Deck: Winter is Coming"
    parsed = parse_decklist(text, INDEX)
    assert parsed.deck == deck
    assert parsed.name == "Winter is Coming"
