"""Engine card facts: the printed values the rules need, read from the fixture JSON files.

Pure and cached per process: :func:`load_cards` reads a folder of ``fixtures/cards/*.json``
files once per folder. Card text that needs code is not read here (see DESIGN.md, "Cards"):
the card scripts (``gameplay/engine/cards/``) sit above the rules, these facts below them,
so every engine module may read a card's printed values without importing any script.

>>> pool = load_cards()
>>> pool["core_209"].type, pool["core_209"].houses
('house', ('Stark',))
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

ICONS = ("military", "intrigue", "power")
MARSHAL_TYPES = frozenset({"character", "location", "attachment"})


@lru_cache(maxsize=1)
def default_cards_dir() -> Path:
    """The repository's ``fixtures/cards`` folder (found relative to this file)."""
    return Path(__file__).resolve().parents[2] / "fixtures" / "cards"


@dataclass(frozen=True, slots=True)
class CardFacts:
    """What the engine knows about a printed card.

    For plots, ``income``/``initiative``/``claim`` are the printed plot values; for other
    cards they are the income and initiative bonuses (the large coin and diamond) and
    ``influence`` the scroll value. The first edition has no plot reserve value, so there is
    none here.
    """

    code: str
    name: str
    type: str
    houses: tuple[str, ...] = ("Neutral",)
    cost: int | None = None
    strength: int | None = None
    icons: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    traits: frozenset[str] = frozenset()
    crests: frozenset[str] = frozenset()
    unique: bool = False
    income: int | None = None
    initiative: int | None = None
    claim: int | None = None
    influence: int | None = None
    text: str = ""
    # Icons with a [Naval] enhancement (Reach of the Kraken): a "[Naval] attacker" in a
    # challenge of that type (Black Sails).
    naval: frozenset[str] = frozenset()
    # The product the card is printed in (its fixture's product code: "core",
    # "valar-morghulis") and how many copies a deck may hold: the search bot's guesses of
    # an opponent's hidden cards come from the products it has seen (search._prior).
    product: str = ""
    deck_limit: int = 3

    @property
    def limited(self) -> bool:
        """True for a card with the Limited keyword (one per round, one in setup)."""
        return "limited" in self.keywords

    @property
    def setup(self) -> bool:
        """True for a card with the Setup keyword."""
        return "setup" in self.keywords

    @property
    def neutral(self) -> bool:
        """True when the card is affiliated with no Great House (no gold penalty)."""
        return all(h == "Neutral" for h in self.houses)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], product: str = "") -> CardFacts:
        """Build from one card of a fixture file (``product``: the fixture's product code)."""
        return cls(
            code=data["code"],
            name=data["name"],
            type=data["card_type"],
            houses=tuple(data.get("houses") or ("Neutral",)),
            cost=data.get("cost"),
            strength=data.get("strength"),
            icons=frozenset(i for i in data.get("icons") or () if i in ICONS),
            keywords=frozenset(k.lower() for k in data.get("keywords") or ()),
            traits=frozenset(data.get("traits") or ()),
            crests=frozenset(data.get("crests") or ()),
            unique=bool(data.get("unique")),
            income=data.get("income"),
            initiative=data.get("initiative"),
            claim=data.get("claim"),
            influence=data.get("influence"),
            text=data.get("rules_text") or "",
            naval=frozenset(i for i in data.get("naval_icons") or () if i in ICONS),
            product=product,
            deck_limit=data.get("deck_limit") or 3,
        )


@lru_cache(maxsize=8)
def _load(folder: str) -> dict[str, CardFacts]:
    pool: dict[str, CardFacts] = {}
    for path in sorted(Path(folder).glob("*.json")):
        fixture = json.loads(path.read_text(encoding="utf-8"))
        product = (fixture.get("product") or {}).get("code", "")
        for card in fixture["cards"]:
            pool[card["code"]] = CardFacts.from_dict(card, product)
    if not pool:
        raise FileNotFoundError(f"No card fixtures (*.json) found in {folder}.")
    return pool


def load_cards(folder: str | Path | None = None) -> Mapping[str, CardFacts]:
    """Code -> :class:`CardFacts` for every card in ``folder`` (default: the repo fixtures).

    Cached per folder for the life of the process; treat the result as read-only.
    """
    if not folder:
        return _load(str(default_cards_dir()))
    return _load(_resolved(str(folder)))


@lru_cache(maxsize=8)
def _resolved(folder: str) -> str:
    return str(Path(folder).resolve())
