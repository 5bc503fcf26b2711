"""The search language against the real card pool.

Every expectation is computed here in plain Python from the committed fixtures
(``fixtures/cards/*.json``), then compared with the cards the database query returns.
"""

from __future__ import annotations

import json
import operator
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from urllib.parse import unquote_plus

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from cards.models import Card
from cards.search.language import SPECS, And, Node, Not, Or, Term
from cards.search.sql import COMPILED_KEYS, compile_query
from cards.selectors import card_search

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "cards"
pytestmark = pytest.mark.django_db

CardData = dict
Predicate = Callable[[CardData], bool]


@cache
def pool() -> tuple[CardData, ...]:
    """Every fixture card, with its product under "product"."""
    cards = []
    for path in sorted(FIXTURES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for card in data["cards"]:
            cards.append({**card, "product": data["product"]})
    return tuple(cards)


def expected(predicate: Predicate) -> set[str]:
    return {card["code"] for card in pool() if predicate(card)}


def found(query: str) -> set[str]:
    return set(card_search(query).values_list("code", flat=True))


def codes_of(node: Node) -> set[str]:
    return set(Card.objects.filter(compile_query(node)).values_list("code", flat=True))


def check(query: str, predicate: Predicate) -> set[str]:
    """Assert the query finds exactly the cards of the predicate, and that there are some."""
    want = expected(predicate)
    assert want, f"the predicate for {query!r} matches no fixture card: a useless test"
    assert found(query) == want
    return want


def plain(text: str) -> str:
    return text.replace("\u2019", "'").lower()


# --- everything, names ----------------------------------------------------------------------


def test_the_pool_is_the_fixture_pool():
    counts = {card["product"]["code"]: card["product"]["card_count"] for card in pool()}
    assert len(pool()) == sum(counts.values())
    assert card_search("").count() == len(pool())


def test_an_empty_query_finds_every_card():
    assert found("") == expected(lambda c: True)


def test_a_word_finds_names_containing_it_whatever_the_case():
    check("STARK", lambda c: "stark" in c["name"].lower())


def test_several_words_must_all_be_in_the_name():
    want = check("KNIGHT of", lambda c: "knight" in c["name"].lower() and "of" in c["name"].lower())
    assert want < found("knight")


def test_a_phrase_matches_as_a_phrase():
    want = check('"the red viper"', lambda c: "the red viper" in c["name"].lower())
    words = expected(lambda c: all(w in c["name"].lower() for w in ("the", "red", "viper")))
    assert want <= words


def test_a_typographic_apostrophe_finds_the_same_names():
    want = check("stannis's", lambda c: "stannis's" in plain(c["name"]))
    assert found("Stannis\u2019s") == want


def test_name_equals_is_the_whole_name():
    check("n=ice", lambda c: c["name"].lower() == "ice")
    assert len(found("n:ice")) > len(found("n=ice"))


# --- text keys ----------------------------------------------------------------------------


def test_rules_text_contains_a_phrase():
    check('x:"draw a card"', lambda c: "draw a card" in c["rules_text"].lower())


def test_rules_text_matches_both_apostrophes():
    want = check("x:opponent's", lambda c: "opponent's" in plain(c["rules_text"]))
    curly = expected(lambda c: "opponent\u2019s" in c["rules_text"].lower())
    straight = expected(lambda c: "opponent's" in c["rules_text"].lower())
    assert curly and straight and curly | straight == want
    assert found("x:opponent\u2019s") == want


def test_flavor_text_and_illustrator():
    check("f:winter", lambda c: "winter" in c["flavor_text"].lower())
    check("a:lofgren", lambda c: "lofgren" in c["illustrator"].lower())


# --- choices --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "card_type"),
    [
        ("t:char", "character"),
        ("t:loc", "location"),
        ("t:att", "attachment"),
        ("t:event", "event"),
        ("t:plot", "plot"),
        ("t:agenda", "agenda"),
        ("t:house", "house"),
    ],
)
def test_type(query, card_type):
    check(query, lambda c: c["card_type"] == card_type)


@pytest.mark.parametrize(
    "house", ["Stark", "Lannister", "Baratheon", "Targaryen", "Greyjoy", "Martell", "Neutral"]
)
def test_printed_house_includes_multi_house_cards(house):
    check(f"h:{house.lower()}", lambda c: house in c["houses"])


def test_a_multi_house_card_is_found_under_each_house():
    both = expected(lambda c: {"Stark", "Baratheon"} <= set(c["houses"]))
    assert both
    assert both <= found("h:stark") & found("h:baratheon")


def test_playable_in_a_house_is_its_legal_houses():
    want = check("p:stark", lambda c: "Stark" in c["legal_houses"])
    neutral = expected(lambda c: c["houses"] == ["Neutral"] and "Stark" in c["legal_houses"])
    lannister_only = expected(lambda c: c["legal_houses"] == ["Lannister"])
    assert neutral and neutral <= want
    assert lannister_only and not lannister_only & want
    assert want - found("h:stark")


@pytest.mark.parametrize("icon", ["military", "intrigue", "power"])
def test_icon(icon):
    check(f"i:{icon[0]}", lambda c: icon in c["icons"])


def test_naval_means_any_naval_icon():
    check("i:naval", lambda c: bool(c["naval_icons"]))


@pytest.mark.parametrize("crest", ["war", "noble", "learned", "holy", "shadow"])
def test_crest(crest):
    check(f"cr:{crest}", lambda c: crest in c["crests"])


def test_unique():
    check("u:yes", lambda c: c["unique"])
    check("u:no", lambda c: not c["unique"])


@pytest.mark.parametrize(("key", "field"), [("j", "legality_joust"), ("m", "legality_melee")])
@pytest.mark.parametrize("legality", ["legal", "restricted", "banned"])
def test_legality(key, field, legality):
    check(f"{key}:{legality[0]}", lambda c: c[field] == legality)


# --- lists: traits, keywords -------------------------------------------------------------


def test_a_trait_is_a_whole_trait_in_any_case():
    check("k:KNIGHT", lambda c: "Knight" in c["traits"])
    king = check("k:king", lambda c: "King" in c["traits"])
    assert not king & expected(lambda c: c["traits"] == ["Kingsguard"])


def test_a_trait_with_spaces_or_an_apostrophe_is_quoted():
    check('k:"House Tully"', lambda c: "House Tully" in c["traits"])
    check(
        'k:"Night\u2019s Watch"|"king\'s landing"',
        lambda c: bool({"Night's Watch", "King's Landing"} & set(c["traits"])),
    )
    assert not found("k:night")


@pytest.mark.parametrize(
    ("query", "start"),
    [
        ("kw:stealth", "stealth"),
        ("kw:prized", "prized"),
        ('kw:"prized 2"', "prized 2"),
        ("kw:immune", "immune"),
        ("kw:immunity", "immune"),
        ('kw:"no attachments"', "no attachments"),
        ("kw:ren", "renown"),
    ],
)
def test_a_keyword_matches_the_start_of_a_keyword(query, start):
    check(query, lambda c: any(k.startswith(start) for k in c["keywords"]))


def test_keyword_equals_is_the_whole_keyword():
    want = check('kw="no attachments"', lambda c: "no attachments" in c["keywords"])
    assert want < found('kw:"no attachments"')


# --- numbers --------------------------------------------------------------------------------

NUMBER_KEYS = [
    ("c", "cost"),
    ("s", "strength"),
    ("inc", "income"),
    ("ini", "initiative"),
    ("cl", "claim"),
    ("inf", "influence"),
]
OPS = {
    ":": operator.eq,
    "=": operator.eq,
    "<": operator.lt,
    ">": operator.gt,
    "<=": operator.le,
    ">=": operator.ge,
    "!": operator.ne,
    "!=": operator.ne,
}


@pytest.mark.parametrize(("key", "field"), NUMBER_KEYS)
@pytest.mark.parametrize("op", list(OPS))
def test_numbers_compare_and_never_match_a_missing_number(key, field, op):
    values = sorted({c[field] for c in pool() if c[field] is not None})
    middle = values[len(values) // 2]
    compare = OPS[op]
    check(f"{key}{op}{middle}", lambda c: c[field] is not None and compare(c[field], middle))


def test_a_negative_number():
    check("inc<0", lambda c: c["income"] is not None and c["income"] < 0)


def test_several_numbers():
    check("c:0|5", lambda c: c["cost"] in (0, 5))
    check("c!1|2", lambda c: c["cost"] is not None and c["cost"] not in (1, 2))


def test_negating_a_number_term_keeps_cards_without_the_number():
    want = check("-c:2", lambda c: c["cost"] != 2)
    assert expected(lambda c: c["cost"] is None) <= want
    assert not expected(lambda c: c["cost"] is None) & found("c!2")


# --- products -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "test"),
    [
        ("e:core", lambda p: p["code"] == "core"),
        ("e:kings-of-the-sea", lambda p: p["code"] == "kings-of-the-sea"),
        ('e:"kings of the sea"', lambda p: p["name"] == "Kings of the Sea"),
        ('e:"The Raven\'s Song"', lambda p: p["name"] == "The Raven's Song"),
        ("e:\u201cthe raven\u2019s song\u201d", lambda p: p["name"] == "The Raven's Song"),
        ("e:soo", lambda p: p["cycle_code"] == "soo"),
        ("e:KOTSE", lambda p: p["cycle_code"] == "kotse"),
    ],
)
def test_product_by_code_name_or_cycle(query, test):
    check(query, lambda c: test(c["product"]))


def test_a_cycle_holds_six_chapter_packs():
    products = {c["product"]["code"] for c in pool() if c["product"]["cycle_code"] == "soo"}
    assert len(products) == 6
    assert {c.product.code for c in card_search("e:soo")} == products


def test_an_unknown_product_matches_no_card():
    assert found("e:nowhere") == set()


# --- combining ------------------------------------------------------------------------------


def test_or_within_a_key():
    check("h:stark|lannister", lambda c: {"Stark", "Lannister"} & set(c["houses"]))
    assert found("h:stark,lannister") == found("h:stark|lannister")


def test_negation():
    check("-kw:stealth t:char", lambda c: c["card_type"] == "character" and not any(
        k.startswith("stealth") for k in c["keywords"]
    ))  # fmt: skip
    check("h!neutral", lambda c: "Neutral" not in c["houses"])


def test_or_parentheses_and_negation_together():
    def wanted(c: CardData) -> bool:
        stark_or_plot = "Stark" in c["houses"] or c["card_type"] == "plot"
        return stark_or_plot and not (c["cost"] is not None and c["cost"] >= 3)

    check("(h:stark or t:plot) -c>=3", wanted)


def test_or_between_terms():
    check(
        "h:martell c:0 or i:n",
        lambda c: ("Martell" in c["houses"] and c["cost"] == 0) or bool(c["naval_icons"]),
    )


# --- the compiler ---------------------------------------------------------------------------


def test_every_parser_key_has_a_compiler():
    assert {spec.name for spec in SPECS} == COMPILED_KEYS


def test_compiling_a_term_that_is_not_a_node_fails():
    with pytest.raises(TypeError):
        compile_query("h:stark")  # type: ignore[arg-type]


def test_hand_built_trees_with_empty_parts_keep_their_meaning():
    everything = expected(lambda c: True)
    martell = found("h:martell")
    assert codes_of(And(())) == everything
    assert codes_of(Not(And(()))) == set()
    assert codes_of(Or(())) == set()
    assert codes_of(Or((And(()), Term("house", ":", "Martell")))) == everything
    assert codes_of(And((And(()), Term("house", ":", "Martell")))) == martell


def test_a_term_built_by_hand_compiles():
    assert codes_of(Term("house", ":", "Martell")) == found("h:martell")


COMPLEX = 'h:stark|lannister c<=3 -kw:stealth x:"draw a card" or (t:plot inc>=4) k:lord e:core'


def test_a_search_is_one_sql_query(django_assert_num_queries):
    with django_assert_num_queries(1):
        cards = list(card_search(COMPLEX))
    assert cards
    with django_assert_num_queries(1):
        assert [c.product.name for c in card_search("x:power")]


# --- the help page and docs/SEARCH.md -------------------------------------------------------

DOCS = Path(__file__).resolve().parents[2] / "docs" / "SEARCH.md"


def docs_examples() -> list[str]:
    section = DOCS.read_text(encoding="utf-8").split("## Examples")[1]
    return re.findall(r"^- `(.+?)` — ", section, re.M)


def help_examples() -> list[str]:
    html = render_to_string("cards/search_help_body.html")
    section = html.split('id="examples"')[1]
    return [unquote_plus(q) for q in re.findall(r'href="[^"?]*\?q=([^"]+)"', section)]


def test_every_docs_example_finds_cards():
    examples = docs_examples()
    assert len(examples) >= 20
    empty = [query for query in examples if not card_search(query).exists()]
    assert empty == []


def test_the_help_page_shows_the_same_examples_as_the_docs():
    assert help_examples() == docs_examples()


def test_the_help_page_links_search_the_card_page():
    html = render_to_string("cards/search_help_body.html")
    links = re.findall(r'href="([^"?]*)\?q=', html)
    assert links and set(links) == {reverse("decks:card_search")}


def test_the_help_page_key_table_matches_the_keys():
    html = render_to_string("cards/search_help_body.html")
    table = html.split('class="card-table search-keys"')[1].split("</table>")[0]
    rows = re.findall(r"<tr><td><code>(\w+)</code></td><td>(.*?)</td>", table)
    documented = {short: tuple(re.findall(r"<code>(\w+)</code>", longs)) for short, longs in rows}
    assert documented == {spec.short: spec.spellings[1:] for spec in SPECS}
