"""The plain data of deck validation: Houses, card facts, decks, formats, problems, verdicts."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from cards.cardpool import fold_name

HOUSES = ("Stark", "Lannister", "Baratheon", "Targaryen", "Greyjoy", "Martell", "Neutral")
ALL_HOUSES = frozenset(HOUSES)
# The House card of each House ("Neutral" is the Neutral Faction House card).
HOUSE_CARDS = {
    "Stark": "core_209",
    "Lannister": "core_210",
    "Baratheon": "core_211",
    "Targaryen": "core_212",
    "Martell": "core_213",
    "Greyjoy": "core_214",
    "Neutral": "bwb_18",
}
DECK_TYPES = frozenset({"character", "location", "attachment", "event"})
PLOT_DECK_SIZE = 7
HOUSE_DECK_MIN = 60

_HOUSE_ALIASES = {fold_name(house): house for house in HOUSES}
_HOUSE_ALIASES |= {fold_name(f"House {house}"): house for house in HOUSES}
_HOUSE_ALIASES |= {code: house for house, code in HOUSE_CARDS.items()}
_HOUSE_ALIASES["neutral faction"] = "Neutral"
_NORTH_KIN = re.compile(r"any number of the north agendas that have the words? (.+?) in their text")


def house_label(house: str) -> str:
    """How a House is named to players: ``"House Stark"``, ``"Neutral Faction"``."""
    return "Neutral Faction" if house == "Neutral" else f"House {house}"


def normalize_house(value: str) -> str:
    """A House name from a name, ``"House X"``, a House card code or ``"Neutral Faction"``.

    Unrecognized text comes back stripped but otherwise unchanged (validation reports it).

    >>> [normalize_house(v) for v in ("stark", "House Baratheon", "bwb_18", "Tyrell")]
    ['Stark', 'Baratheon', 'Neutral', 'Tyrell']
    """
    text = value.strip()
    return _HOUSE_ALIASES.get(fold_name(text).removeprefix("house:").strip(), text)


@dataclass(frozen=True, slots=True)
class CardInfo:
    """The facts about one card that deck construction needs, precomputed once.

    ``legal_houses`` are the Houses whose decks may hold the card (all seven unless it is
    "House X only"); ``agenda_kin`` is, for The North agendas, the word another agenda's text
    must hold to be run beside it ("Night's Watch", "Wildling").
    """

    code: str
    name: str
    card_type: str
    product: str = ""
    legal_houses: Iterable[str] = ALL_HOUSES
    houses: Iterable[str] = ("Neutral",)
    crests: Iterable[str] = ()
    traits: Iterable[str] = ()
    deck_limit: int = 3
    legality_joust: str = "legal"
    legality_melee: str = "legal"
    agenda_kin: str = ""
    name_key: str = ""

    def __post_init__(self) -> None:
        for name in ("legal_houses", "crests", "traits"):
            object.__setattr__(self, name, frozenset(getattr(self, name)))
        object.__setattr__(self, "houses", tuple(self.houses))
        if not self.name_key:
            object.__setattr__(self, "name_key", fold_name(self.name))

    @property
    def house_only(self) -> bool:
        """True when some House may not hold this card ("House X only")."""
        return self.legal_houses != ALL_HOUSES

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], product: str | None = None) -> CardInfo:
        """Build from a fixture card or a card model's values.

        The product code is taken from ``product`` (argument), else ``data["product"]`` (a
        code, or a dict with a ``code``), else ``data["product_code"]``.
        """
        if product is None:
            raw = data.get("product", data.get("product_code", ""))
            product = raw.get("code", "") if isinstance(raw, Mapping) else str(raw or "")
        kin = ""
        if data["card_type"] == "agenda":
            match = _NORTH_KIN.search(fold_name(data.get("rules_text") or ""))
            kin = match.group(1) if match else ""
        return cls(
            code=data["code"],
            name=data["name"],
            card_type=data["card_type"],
            product=product,
            legal_houses=data.get("legal_houses") or ALL_HOUSES,
            houses=data.get("houses") or ("Neutral",),
            crests=data.get("crests") or (),
            traits=data.get("traits") or (),
            deck_limit=int(data.get("deck_limit") or 3),
            legality_joust=data.get("legality_joust") or "legal",
            legality_melee=data.get("legality_melee") or "legal",
            agenda_kin=kin,
        )


def cards_from_fixtures(fixtures: Iterable[Mapping[str, Any]]) -> dict[str, CardInfo]:
    """Code -> :class:`CardInfo` for loaded fixture files (``{"product": ..., "cards": [...]}``)."""
    return {
        card["code"]: CardInfo.from_dict(card, product=fixture["product"]["code"])
        for fixture in fixtures
        for card in fixture["cards"]
    }


@dataclass(frozen=True)
class DeckSpec:
    """A deck as players declare it: House, agendas (codes) and card code -> count.

    ``house`` is normalized to a House name ("Stark", ..., "Neutral" for Neutral Faction);
    ``entries`` holds plots and House deck cards alike.

    >>> DeckSpec("core_209", ["dotn_19"], {"core_2": 3})
    DeckSpec(house='Stark', agendas=('dotn_19',), entries={'core_2': 3})
    """

    house: str = ""
    agendas: tuple[str, ...] = ()
    entries: Mapping[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "house", normalize_house(self.house or ""))
        object.__setattr__(self, "agendas", tuple(self.agendas))
        object.__setattr__(self, "entries", dict(self.entries))


@dataclass(frozen=True)
class Format:
    """A way to play: which legality list applies and, optionally, which products are allowed."""

    name: str
    label: str
    legality: Literal["joust", "melee"] | None
    products: frozenset[str] | None = None


FORMATS: dict[str, Format] = {
    "joust": Format("joust", "Joust", "joust"),
    "melee": Format("melee", "Melee", "melee"),
    "casual": Format("casual", "Casual", None),
    "core": Format("core", "Core Set only", "joust", frozenset({"core"})),
}


@dataclass(frozen=True)
class Problem:
    """One broken rule (or, among warnings, one thing to check by hand).

    ``cards`` are the codes involved; ``count`` is what the deck holds; ``expected`` is the
    size the rule asks for (exact or minimum) and ``limit`` the most copies allowed.
    """

    code: str
    message: str
    cards: tuple[str, ...] = ()
    count: int | None = None
    expected: int | None = None
    limit: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "message": self.message,
            "cards": list(self.cards),
            "count": self.count,
            "expected": self.expected,
            "limit": self.limit,
        }


@dataclass(frozen=True)
class Verdict:
    """The outcome of :func:`validate`; ``valid`` when there is no problem (warnings allowed)."""

    problems: tuple[Problem, ...]
    warnings: tuple[Problem, ...]
    plot_count: int = 0
    deck_count: int = 0

    @property
    def valid(self) -> bool:
        return not self.problems

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "problems": [p.to_dict() for p in self.problems],
            "warnings": [p.to_dict() for p in self.warnings],
            "plot_count": self.plot_count,
            "deck_count": self.deck_count,
        }


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def houses_text(houses: Iterable[str]) -> str:
    return " or ".join(house_label(h) for h in sorted(houses, key=HOUSES.index))


def names(cards: Iterable[CardInfo]) -> str:
    return ", ".join(sorted({c.name for c in cards}))
