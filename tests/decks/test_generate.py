"""The deck generator: every deck it draws passes the one deck validator, from the chosen
products only, for the House asked; the same seed gives the same deck."""

from __future__ import annotations

import pytest

from decks.generate import NoLegalDeck, candidates, load_pool, main, random_deck
from decks.validation import validate
from decks.validation.spec import HOUSE_CARDS

POOL = load_pool()
EXPANSIONS = (
    "kings-of-the-sea",
    "princes-of-the-sun",
    "lords-of-winter",
    "kings-of-the-storm",
    "queen-of-dragons",
    "lions-of-the-rock",
)


CASES = [
    *((house, ("core",)) for house in ("Stark", "Lannister", "Baratheon", "Targaryen")),
    *((house, ("core", *EXPANSIONS)) for house in ("Stark", "Lannister", "Greyjoy", "Martell")),
]


@pytest.mark.parametrize(("house", "products"), CASES)
def test_every_drawn_deck_is_legal_and_holds_only_the_chosen_products(house, products):
    for seed in range(5):
        deck = random_deck(POOL, house, set(products), seed)
        assert validate(deck, "joust", POOL).valid
        assert deck.house == house
        assert {POOL[code].product for code in deck.entries} <= set(products)
        held = [POOL[code] for code in deck.entries if POOL[code].card_type != "plot"]
        assert all({house, "Neutral"} & set(card.houses) for card in held)
        assert sum(1 for c in deck.entries if POOL[c].card_type == "plot") == 7


def test_greyjoy_and_martell_decks_come_from_the_core_set_and_their_expansion():
    for house, product in (("Greyjoy", "kings-of-the-sea"), ("Martell", "princes-of-the-sun")):
        deck = random_deck(POOL, house, {"core", product}, seed=2, copies=2)
        assert validate(deck, "joust", POOL).valid
        own = [c for c in deck.entries if house in POOL[c].houses]
        assert own and all(POOL[c].product == product for c in own)
        assert max(deck.entries.values()) >= 2


def test_the_same_seed_gives_the_same_deck_and_another_seed_another():
    first = random_deck(POOL, "Stark", {"core"}, seed=7)
    assert random_deck(POOL, "Stark", {"core"}, seed=7) == first
    assert random_deck(POOL, "Stark", {"core"}, seed=8) != first


def test_one_copy_a_title_spreads_the_deck_over_every_title_it_can():
    pool = candidates(POOL, "Stark", {"core"})
    deck = random_deck(POOL, "Stark", {"core"}, seed=1, copies=1)
    characters = {c: n for c, n in deck.entries.items() if POOL[c].card_type == "character"}
    # The Core Set holds 29 Stark and neutral characters, more than the 28 asked for: 28
    # titles, one copy each; the 12 events that fill the deck to 60 are 12 titles too.
    assert len(pool["character"]) > 28 and len(pool["event"]) > 12
    assert len(characters) == 28 and set(characters.values()) == {1}
    events = {c: n for c, n in deck.entries.items() if POOL[c].card_type == "event"}
    assert len(events) == 12 and set(events.values()) == {1}


def test_melee_decks_follow_the_melee_list():
    deck = random_deck(POOL, "Lannister", {"core", *EXPANSIONS}, seed=3, fmt="melee")
    assert validate(deck, "melee", POOL).valid


def test_too_few_cards_say_what_is_missing():
    with pytest.raises(NoLegalDeck, match="plot deck needs 7"):
        random_deck(POOL, "Stark", {"the-war-of-five-kings"}, seed=1)
    with pytest.raises(NoLegalDeck, match="not a House"):
        random_deck(POOL, "Tyrell", {"core"}, seed=1)


def test_the_command_prints_a_decklist_that_reads_back(capsys):
    from decks.decklist import NameIndex, parse_decklist
    from decks.generate import load_fixtures

    assert main(["--house", "Martell", "--products", "core,princes-of-the-sun", "--seed", "4"]) == 0
    text = capsys.readouterr().out
    parsed = parse_decklist(text, NameIndex.from_fixtures(load_fixtures()))
    assert not parsed.problems
    assert parsed.deck.house == "Martell" and HOUSE_CARDS["Martell"]
    assert validate(parsed.deck, "joust", POOL).valid


def test_the_command_names_an_unknown_product(capsys):
    with pytest.raises(SystemExit):
        main(["--house", "Stark", "--products", "core,nope"])
    assert "unknown product codes: nope" in capsys.readouterr().err


STARTERS = {
    "kings-of-the-sea-greyjoy": ("Greyjoy", "kings-of-the-sea"),
    "princes-of-the-sun-martell": ("Martell", "princes-of-the-sun"),
    "lords-of-winter-stark": ("Stark", "lords-of-winter"),
    "kings-of-the-storm-baratheon": ("Baratheon", "kings-of-the-storm"),
    "queen-of-dragons-targaryen": ("Targaryen", "queen-of-dragons"),
    "lions-of-the-rock-lannister": ("Lannister", "lions-of-the-rock"),
}


@pytest.mark.parametrize("name", sorted(STARTERS))
def test_each_expansion_has_a_legal_starter_deck_of_the_core_set_and_that_expansion(name):
    from pathlib import Path

    from decks.decklist import NameIndex, parse_decklist
    from decks.generate import load_fixtures

    house, product = STARTERS[name]
    path = Path(__file__).resolve().parents[2] / "fixtures" / "decks" / f"{name}.txt"
    parsed = parse_decklist(
        path.read_text(encoding="utf-8"), NameIndex.from_fixtures(load_fixtures())
    )
    assert not parsed.problems
    deck = parsed.deck
    assert deck.house == house
    assert validate(deck, "joust", POOL).valid
    assert {POOL[code].product for code in deck.entries} <= {"core", product}
    own = sum(n for code, n in deck.entries.items() if POOL[code].product == product)
    assert own >= 30, f"{name} holds only {own} cards of {product}"
