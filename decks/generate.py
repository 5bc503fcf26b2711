"""Random legal decks, for tests, soaks and starter decks: :func:`random_deck`.

A deck is drawn for one House from a chosen set of products: the House's cards and the
neutral ones of those products (never a card another House only may hold), every title
at most its deck limit, a curve of about 28 characters, 12 locations, 8 attachments and
the rest events, and 7 plots. Every deck returned has passed the one deck validator
(:func:`decks.validation.validate`) for the format asked; a product set that cannot make a
legal deck raises :class:`NoLegalDeck` naming what is missing.

Pure: plain card facts in, a :class:`~decks.validation.spec.DeckSpec` out.

    python -m decks.generate --house Greyjoy --products core,kings-of-the-sea --seed 3

prints the deck as a decklist (the format of ``fixtures/decks/*.txt``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from decks.validation import validate
from decks.validation.spec import (
    HOUSE_CARDS,
    HOUSE_DECK_MIN,
    PLOT_DECK_SIZE,
    CardInfo,
    DeckSpec,
    cards_from_fixtures,
    normalize_house,
)

# How many of each type a drawn deck aims at (events fill the rest up to the minimum).
SHAPE = {"character": 28, "location": 12, "attachment": 8}
DRAW_TYPES = ("character", "location", "attachment", "event")
MAX_COPIES = 3


class NoLegalDeck(ValueError):
    """The products chosen cannot make a legal deck for the House (too few cards)."""


def candidates(
    cards: Mapping[str, CardInfo], house: str, products: Collection[str], fmt: str = "joust"
) -> dict[str, list[CardInfo]]:
    """The cards of ``products`` a ``house`` deck may hold, by type (``plot`` and the draw
    types), one entry per title (the first code of a title in ``cards``' order): the
    House's own cards and the neutral ones, legal in ``fmt`` ("banned" and "restricted"
    cards are left out, so no list needs checking)."""
    house = normalize_house(house)
    legality = "legality_melee" if fmt == "melee" else "legality_joust"
    found: dict[str, list[CardInfo]] = {t: [] for t in ("plot", *DRAW_TYPES)}
    seen: set[str] = set()
    for card in cards.values():
        if card.product not in products or card.card_type not in found:
            continue
        if getattr(card, legality) != "legal" or house not in card.legal_houses:
            continue
        if card.card_type != "plot" and not ({house, "Neutral"} & set(card.houses)):
            continue
        if card.name_key in seen:
            continue
        seen.add(card.name_key)
        found[card.card_type].append(card)
    return found


def random_deck(
    cards: Mapping[str, CardInfo],
    house: str,
    products: Collection[str],
    seed: int | random.Random = 0,
    fmt: str = "joust",
    agenda: str | None = None,
    copies: int = 1,
    house_first: bool = False,
) -> DeckSpec:
    """A random legal ``fmt`` deck for ``house`` from ``products`` (see the module).

    ``copies`` is how many copies of a title go in before the next title is taken: 1 (the
    default, for soaks) spreads the deck over as many titles as it can, so that every card
    gets played; 2 or 3 make a deck like a player's (the starter decks). ``house_first``
    takes the House's own cards before the neutral ones, as a player would."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    house = normalize_house(house)
    if house not in HOUSE_CARDS:
        raise NoLegalDeck(f"{house!r} is not a House with a House card.")
    pool = candidates(cards, house, products, fmt)
    if len(pool["plot"]) < PLOT_DECK_SIZE:
        raise NoLegalDeck(
            f"{', '.join(sorted(products))} hold {len(pool['plot'])} plots legal for "
            f"{house}; a plot deck needs {PLOT_DECK_SIZE} different ones."
        )
    entries: dict[str, int] = {c.code: 1 for c in rng.sample(pool["plot"], PLOT_DECK_SIZE)}
    drawn = 0
    for card_type in DRAW_TYPES:
        want = SHAPE.get(card_type, HOUSE_DECK_MIN - drawn)
        cards_of_type = pool[card_type]
        if house_first:
            cards_of_type = rng.sample(cards_of_type, len(cards_of_type))
            cards_of_type.sort(key=lambda card: house not in card.houses)
        drawn += _fill(entries, cards_of_type, want, rng, copies, shuffle=not house_first)
    for card_type in DRAW_TYPES:  # short of a type: make it up from the others
        if drawn >= HOUSE_DECK_MIN:
            break
        drawn += _fill(entries, pool[card_type], HOUSE_DECK_MIN - drawn, rng, MAX_COPIES)
    deck = DeckSpec(HOUSE_CARDS[house], (agenda,) if agenda else (), entries)
    verdict = validate(deck, fmt, cards)
    if not verdict.valid:
        reasons = "; ".join(p.message for p in verdict.problems)
        raise NoLegalDeck(f"No legal {fmt} deck for {house} from {sorted(products)}: {reasons}")
    return deck


def _fill(
    entries: dict[str, int],
    pool: Sequence[CardInfo],
    want: int,
    rng: random.Random,
    copies: int,
    shuffle: bool = True,
) -> int:
    """Add up to ``want`` cards from ``pool`` in a random order of titles: ``copies`` of
    each title (within its deck limit) before the next, then, if the pool ran out, more
    copies of the same titles up to three; how many were added. Without ``shuffle`` the
    titles are taken in ``pool``'s order."""
    added = 0
    order = list(pool)
    if shuffle:
        rng.shuffle(order)
    for most in sorted({min(max(copies, 1), MAX_COPIES), MAX_COPIES}):
        for card in order:
            room = min(card.deck_limit, most) - entries.get(card.code, 0)
            take = max(0, min(room, want - added))
            if take:
                entries[card.code] = entries.get(card.code, 0) + take
                added += take
    return added


def load_fixtures(cards_dir: Path | None = None) -> list[dict[str, Any]]:
    """Every fixture file of ``fixtures/cards``, read."""
    folder = cards_dir or Path(__file__).resolve().parents[1] / "fixtures" / "cards"
    return [json.loads(path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.json"))]


def load_pool(cards_dir: Path | None = None) -> dict[str, CardInfo]:
    """Code -> :class:`CardInfo` for every fixture file of ``fixtures/cards``."""
    return cards_from_fixtures(load_fixtures(cards_dir))


def main(argv: Sequence[str] | None = None) -> int:
    from decks.decklist import NameIndex, write_decklist

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--house", required=True, help="Stark, Lannister, ..., Greyjoy, Martell")
    parser.add_argument("--products", default="core", help="product codes, comma-separated")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--format", default="joust", choices=("joust", "melee"))
    parser.add_argument("--copies", type=int, default=1, help="copies of a title (1 to 3)")
    parser.add_argument("--house-first", action="store_true", help="the House's cards first")
    parser.add_argument("--name", default="", help="the deck's name, on its first line")
    args = parser.parse_args(argv)
    fixtures = load_fixtures()
    cards = cards_from_fixtures(fixtures)
    products = {p.strip() for p in args.products.split(",") if p.strip()}
    unknown = products - {c.product for c in cards.values()}
    if unknown:
        parser.error(f"unknown product codes: {', '.join(sorted(unknown))}")
    try:
        deck = random_deck(
            cards,
            args.house,
            products,
            args.seed,
            args.format,
            copies=args.copies,
            house_first=args.house_first,
        )
    except NoLegalDeck as exc:
        parser.error(str(exc))
    sys.stdout.write(write_decklist(deck, NameIndex.from_fixtures(fixtures), args.name) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
