"""Packs I own: how many copies of each product a deck needs, and what a collection lacks.

Plain data in, plain data out (``cards.selectors`` reads the card data and the collection):

- a deck's *counts*: card code -> copies in the deck (an agenda counts 1);
- a card's *printings*: the products it can come from, each as (product code, copies of the
  card that one copy of the product holds: ``Card.quantity``);
- a *collection*: product code -> copies owned.

A card counts against the product of its own code: ``core_29`` (Great Keep) against the Core
Set, ``low_30`` (the same card reprinted in Lords of Winter) against Lords of Winter, and one
does not stand in for the other (docs/RULINGS.md, "Collection"). ``cards.selectors`` gives
each card that one printing; the functions below take several too, for a caller that chooses
otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Printing = tuple[str, int]  # (product code, copies of the card in one copy of the product)


def _copies_for(count: int, quantity: int) -> int:
    return -(-count // quantity)  # ceil(count / quantity), in integers


def _sources(
    counts: Mapping[str, int], printings: Mapping[str, Sequence[Printing]]
) -> dict[str, Printing]:
    """Card code -> (product, copies of it needed) for each card the deck holds that some
    product has: the printing that needs the fewest copies of its product, the first listed on
    a tie. A card without a printing (a code no product has) needs nothing."""
    sources: dict[str, Printing] = {}
    for code, count in counts.items():
        if count <= 0:
            continue
        options = [
            (product, _copies_for(count, quantity))
            for product, quantity in printings.get(code, ())
            if quantity > 0
        ]
        if options:
            sources[code] = min(options, key=lambda option: option[1])
    return sources


def copies_needed(
    counts: Mapping[str, int], printings: Mapping[str, Sequence[Printing]]
) -> dict[str, int]:
    """Product code -> copies of that product a deck needs, from the deck's ``counts`` (card
    code -> copies) and each card's ``printings`` ((product code, copies of the card in one
    copy of the product), ...).

    A card of which the deck holds n, and one copy of its product q, needs ceil(n / q) copies
    of the product; a product is needed as many times as its most demanding card needs it
    (the copies of one product hold all its cards at once). A card listed with several
    printings comes from the one needing the fewest copies, the first listed on a tie;
    ``cards.selectors.products_needed`` lists only the printing of the card's own code, so a
    reprint never stands in for another printing. Give each card once: the copies a product
    lists as entries of their own (the Core Set's three Great Keeps, ``core_29`` to
    ``core_31``) are one card there, their counts added (``products_needed`` does that).
    Cards with no printing, and counts of 0, need nothing.

    >>> printings = {
    ...     "core_29": [("core", 3)],  # Great Keep: three in a Core Set
    ...     "core_4": [("core", 1)],  # one in a Core Set
    ...     "low_30": [("lords-of-winter", 3)],  # Great Keep reprinted
    ... }
    >>> copies_needed({"core_29": 3, "core_4": 2, "low_30": 1}, printings)
    {'core': 2, 'lords-of-winter': 1}
    >>> copies_needed({"core_29": 3, "low_30": 0, "unknown_1": 3}, printings)
    {'core': 1}
    """
    needed: dict[str, int] = {}
    for product, copies in _sources(counts, printings).values():
        needed[product] = max(needed.get(product, 0), copies)
    return needed


def shortfalls(needed: Mapping[str, int], owned: Mapping[str, int]) -> dict[str, tuple[int, int]]:
    """Product code -> (copies needed, copies owned) for each product of which the collection
    ``owned`` holds fewer copies than ``needed``; a product missing from ``owned`` is owned 0
    times.

    >>> shortfalls({"core": 2, "lords-of-winter": 1}, {"core": 1, "lords-of-winter": 1})
    {'core': (2, 1)}
    >>> shortfalls({"kings-of-the-sea": 1}, {})
    {'kings-of-the-sea': (1, 0)}
    """
    return {
        product: (copies, owned.get(product, 0))
        for product, copies in needed.items()
        if owned.get(product, 0) < copies
    }


def cards_short(
    counts: Mapping[str, int],
    printings: Mapping[str, Sequence[Printing]],
    owned: Mapping[str, int],
) -> dict[str, list[tuple[str, int]]]:
    """Product code -> [(card code, copies in the deck), ...]: the deck's cards that need more
    copies of their product than the collection ``owned`` holds (what a warning names), in
    the order of ``counts``; products the collection covers are left out.

    >>> cards_short(
    ...     {"core_29": 3, "core_4": 2, "core_5": 1},
    ...     {"core_29": [("core", 3)], "core_4": [("core", 1)], "core_5": [("core", 1)]},
    ...     {"core": 1},
    ... )
    {'core': [('core_4', 2)]}
    """
    short: dict[str, list[tuple[str, int]]] = {}
    for code, (product, copies) in _sources(counts, printings).items():
        if copies > owned.get(product, 0):
            short.setdefault(product, []).append((code, counts[code]))
    return short
