"""Card names of the pool, folded for matching: :class:`NameIndex`."""

from __future__ import annotations

import difflib
import heapq
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cards.cardpool import fold_name, slugify

_LOOSE = re.compile(r"[^a-z0-9]+")
CUTOFF = 0.6  # the least similarity (0..1) of a suggested name
FUZZY_CANDIDATES = 40  # names compared in full, of those sharing the most trigrams


def _trigrams(key: str) -> set[str]:
    """The three-letter pieces of a folded name, its start and end marked by spaces.

    >>> sorted(_trigrams("ice"))
    ['  i', ' ic', 'ce ', 'ice']
    """
    padded = f"  {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


@dataclass(frozen=True, slots=True)
class CardName:
    """One card of the pool as decklists name it."""

    code: str
    name: str
    card_type: str
    product: str
    product_name: str
    position: int
    houses: tuple[str, ...] = ()


class NameIndex:
    """Card names of the pool, folded for matching; built once, then shared.

    ``records`` are plain dicts with ``code``, ``name``, ``card_type``, ``product`` (code),
    ``product_name``, ``position`` and, for House cards, ``houses``.

    Every lookup costs little whatever it is given: exact and loose names are dict keys, and
    :meth:`close_names` compares a name in full with at most :data:`FUZZY_CANDIDATES` card
    names, picked from a trigram index, never with the whole pool.
    """

    def __init__(self, records: Iterable[Mapping[str, Any]]) -> None:
        self._by_code: dict[str, CardName] = {}
        self._by_key: dict[str, list[CardName]] = {}
        self._by_loose: dict[str, list[CardName]] = {}
        self._products: dict[str, str] = {}
        self._product_names: dict[str, str] = {}
        for record in records:
            card = CardName(
                code=record["code"],
                name=record["name"],
                card_type=record["card_type"],
                product=record["product"],
                product_name=record.get("product_name") or record["product"],
                position=int(record.get("position") or 0),
                houses=tuple(record.get("houses") or ()),
            )
            self._by_code[card.code] = card
            key = fold_name(card.name)
            self._by_key.setdefault(key, []).append(card)
            self._by_loose.setdefault(_LOOSE.sub("", key), []).append(card)
            self._product_names[card.product] = card.product_name
            for alias in (card.product, card.product_name, slugify(card.product_name)):
                self._products[fold_name(alias)] = card.product
        for cards in (*self._by_key.values(), *self._by_loose.values()):
            cards.sort(key=lambda c: c.position)
        self._keys = list(self._by_key)
        self._by_trigram: dict[str, list[int]] = {}
        for number, key in enumerate(self._keys):
            for gram in _trigrams(key):
                self._by_trigram.setdefault(gram, []).append(number)
        # A name longer than this is less than CUTOFF similar to every card name.
        longest = max(map(len, self._keys), default=0)
        self._fuzzy_length = int(longest * (2 / CUTOFF - 1))
        self._products.setdefault("core set", self._products.get("core", "core"))

    @classmethod
    def from_fixtures(cls, fixtures: Iterable[Mapping[str, Any]]) -> NameIndex:
        """Build from loaded fixture files (``{"product": {...}, "cards": [...]}``)."""
        return cls(
            {
                **card,
                "product": fixture["product"]["code"],
                "product_name": fixture["product"]["name"],
            }
            for fixture in fixtures
            for card in fixture["cards"]
        )

    def card(self, code: str) -> CardName | None:
        return self._by_code.get(code)

    def product(self, text: str) -> str | None:
        """A product code from its name or code, any case (``"core"``, ``"Lords of Winter"``)."""
        return self._products.get(fold_name(text))

    def product_name(self, code: str) -> str:
        return self._product_names.get(code, code)

    def printings(self, name: str) -> list[CardName]:
        """Every card of that name (case, quotes and punctuation ignored), first printing first."""
        key = fold_name(name)
        return self._by_key.get(key) or self._by_loose.get(_LOOSE.sub("", key)) or []

    def close_names(self, name: str, n: int = 3) -> list[tuple[str, float]]:
        """Up to ``n`` card names close to ``name``, with their similarity (0..1), best first.

        The similarity is :mod:`difflib`'s ratio (as ``difflib.get_close_matches``), computed
        only for the card names sharing the most three-letter pieces with ``name``.
        """
        key = fold_name(name)
        if not key or len(key) > self._fuzzy_length:
            return []
        shared: Counter[int] = Counter()
        for gram in _trigrams(key):
            shared.update(self._by_trigram.get(gram, ()))
        keys = self._keys
        # Most pieces in common first; among equals, the names nearest in length.
        candidates = heapq.nlargest(
            FUZZY_CANDIDATES, shared, key=lambda i: (shared[i], -abs(len(keys[i]) - len(key)), -i)
        )
        # Ranked as difflib.get_close_matches ranks, and scored as it was before the index.
        matcher = difflib.SequenceMatcher()
        matcher.set_seq2(key)
        scored = []
        for number in candidates:
            matcher.set_seq1(keys[number])
            if (
                matcher.real_quick_ratio() >= CUTOFF
                and matcher.quick_ratio() >= CUTOFF
                and (ratio := matcher.ratio()) >= CUTOFF
            ):
                scored.append((ratio, keys[number]))
        return [
            (self._by_key[match][0].name, difflib.SequenceMatcher(None, key, match).ratio())
            for _, match in heapq.nlargest(n, scored)
        ]
