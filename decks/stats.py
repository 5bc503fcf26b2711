"""Deck statistics: cost curves, card types, icons, strength, crests, plots, gold and influence.

Pure: plain data in, plain data out (no Django). A deck is its House and an iterable of
``(card, count)`` entries, where a card is a mapping (a fixture card), or any object with the
same attributes (a :class:`decks.validation.spec.CardInfo`, a ``Card`` model instance). A field
the card lacks reads as "none" (``None`` or an empty list).

The out-of-House rule: a card is *in-House* when the deck's House is among its printed Houses or
the card is Neutral; any other card costs 2 more gold to bring out, which the *effective* cost
curve counts. Cards without a printed cost (most events, Shadow cards) go to the ``"none"``
bucket of both curves and are left out of the average costs.

>>> stark = {"code": "a", "name": "A", "card_type": "character", "houses": ["Stark"], "cost": 2}
>>> stats = deck_stats("Lannister", [(stark, 3)])
>>> stats.cost_curve_printed["2"], stats.cost_curve_effective["4"], stats.out_of_house
(3, 3, 3)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any

HOUSES = ("Stark", "Lannister", "Baratheon", "Targaryen", "Greyjoy", "Martell", "Neutral")
DECK_TYPES = ("character", "location", "attachment", "event")
TYPE_ORDER = (*DECK_TYPES, "plot", "agenda")
ICONS = ("military", "intrigue", "power")
CRESTS = ("war", "noble", "learned", "holy", "shadow")
OUT_OF_HOUSE_PENALTY = 2
NO_VALUE = "none"  # the histogram bucket of cards without a printed cost (or strength)

_LIST_FIELDS = frozenset({"houses", "icons", "naval_icons", "crests", "traits", "keywords"})


def card_field(card: Any, name: str) -> Any:
    """A card's field, whether the card is a mapping or an object; ``None`` (or ``[]``) if absent.

    List fields (houses, icons, crests...) always come back as a list; a ``"|a|b|"`` string (as
    the database stores them) is split.

    >>> card_field({"icons": ("power",)}, "icons"), card_field(object(), "cost")
    (['power'], None)
    """
    value = card.get(name) if isinstance(card, Mapping) else getattr(card, name, None)
    if name not in _LIST_FIELDS:
        return value
    if not value:
        return []
    if isinstance(value, str):
        return [item for item in value.split("|") if item]
    return list(value)


def normalize_house(house: str | None) -> str:
    """A House name from ``"stark"``, ``"House Stark"`` or ``"Neutral Faction"``; ``""`` if none.

    Raises :class:`ValueError` for text that names no House.

    >>> normalize_house("house greyjoy"), normalize_house("Neutral Faction"), normalize_house("")
    ('Greyjoy', 'Neutral', '')
    """
    text = " ".join((house or "").split()).casefold()
    text = text.removeprefix("house ").removesuffix(" faction")
    if not text:
        return ""
    for name in HOUSES:
        if name.casefold() == text:
            return name
    raise ValueError(f"unknown House {house!r}: expected one of {', '.join(HOUSES)}")


def is_neutral(card: Any) -> bool:
    """True for a Neutral card (printed House "Neutral", or no House printed at all)."""
    houses = card_field(card, "houses")
    return not houses or "Neutral" in houses


def is_in_house(house: str, card: Any) -> bool:
    """True when ``card`` is in-House for a deck of ``house`` (no out-of-House gold penalty).

    >>> card = {"houses": ["Stark", "Baratheon"]}
    >>> is_in_house("Baratheon", card), is_in_house("Martell", card), is_in_house("", card)
    (True, False, False)
    """
    return is_neutral(card) or (bool(house) and house in card_field(card, "houses"))


def effective_cost(house: str, card: Any) -> int | None:
    """The printed cost, plus the out-of-House penalty when it applies; ``None`` if no cost."""
    cost = card_field(card, "cost")
    if cost is None:
        return None
    return cost if is_in_house(house, card) else cost + OUT_OF_HOUSE_PENALTY


def house_deck_codes(entries: Iterable[tuple[Any, int]]) -> list[str]:
    """The House deck as a list of card codes, one per copy (plots and agendas left out).

    This is the input of :func:`decks.drawsim.sample_setup_hand`.

    >>> event, plot = {"code": "e", "card_type": "event"}, {"code": "p", "card_type": "plot"}
    >>> house_deck_codes([(event, 2), (plot, 1)])
    ['e', 'e']
    """
    return [
        card_field(card, "code")
        for card, count in _checked(entries)
        if card_field(card, "card_type") in DECK_TYPES
        for _ in range(count)
    ]


@dataclass(frozen=True)
class PlotLine:
    """One plot of the plot deck with its printed numbers (``None`` where none is printed)."""

    code: str
    name: str
    count: int
    income: int | None
    initiative: int | None
    claim: int | None


@dataclass(frozen=True)
class PlotStats:
    """The plot deck: each plot, and totals and averages per plot card (copies counted).

    An average is ``None`` when no plot prints that number.
    """

    plots: tuple[PlotLine, ...]
    count: int
    income_total: int
    initiative_total: int
    claim_total: int
    income_average: float | None
    initiative_average: float | None
    claim_average: float | None


@dataclass(frozen=True)
class Source:
    """A card that provides gold (income) or influence, with the bonus per copy and in all."""

    code: str
    name: str
    card_type: str
    count: int
    value: int
    total: int


@dataclass(frozen=True)
class SourceStats:
    """The cards providing one resource: ``cards`` copies giving ``total`` in all.

    A printed bonus of 0 (the data's "+X") counts as a source; negative values (penalties such
    as Burned and Pillaged's -1 gold) do not.
    """

    sources: tuple[Source, ...]
    cards: int
    total: int

    def __str__(self) -> str:
        verb = "card provides" if self.cards == 1 else "cards provide"
        return f"{self.cards} {verb}, {self.total} total"


@dataclass(frozen=True)
class DeckStats:
    """Everything :func:`deck_stats` measures. Treat the dicts as read-only.

    Histograms (``cost_curve_*``, ``strength``) map a label to copies: ``"0"`` to the highest
    value, contiguous, then ``"none"`` if any card has no printed value. Both cost curves have
    the same labels. ``by_type``, ``icons``, ``naval_icons`` and ``crests`` always hold every key
    of their fixed order (``TYPE_ORDER``, ``ICONS``, ``CRESTS``), unknown types appended.
    """

    house: str
    deck_size: int
    by_type: dict[str, int]
    cost_curve_printed: dict[str, int]
    cost_curve_effective: dict[str, int]
    in_house: int
    out_of_house: int
    average_cost: float | None
    average_effective_cost: float | None
    icons: dict[str, int]
    naval_icons: dict[str, int]
    strength: dict[str, int]
    crests: dict[str, int]
    plots: PlotStats
    income: SourceStats
    influence: SourceStats

    @property
    def plot_count(self) -> int:
        return self.plots.count

    def to_dict(self) -> dict[str, Any]:
        """The statistics as JSON-ready plain data (nested dataclasses become dicts)."""
        data = asdict(self)
        data["plot_count"] = self.plot_count
        data["plots"]["plots"] = list(data["plots"]["plots"])
        for name in ("income", "influence"):
            data[name]["sources"] = list(data[name]["sources"])
        return data


def deck_stats(house: str | None, entries: Iterable[tuple[Any, int]]) -> DeckStats:
    """Measure a deck of ``house`` holding ``entries`` (``(card, count)`` pairs).

    ``house`` may be ``"Stark"``, ``"House Stark"``, ``"Neutral Faction"``..., or empty while
    no House is chosen (then only Neutral cards are in-House). Entries for the same card code
    are merged. Raises :class:`ValueError` for an unknown House or a negative or non-integer
    count.
    """
    house = normalize_house(house)
    entries = _checked(entries)
    deck = [(card, n) for card, n in entries if card_field(card, "card_type") in DECK_TYPES]
    characters = [(card, n) for card, n in deck if card_field(card, "card_type") == "character"]
    plots = [(card, n) for card, n in entries if card_field(card, "card_type") == "plot"]
    not_plots = [(card, n) for card, n in entries if card_field(card, "card_type") != "plot"]

    by_type: Counter[str] = Counter()
    for card, n in entries:
        by_type[card_field(card, "card_type") or "unknown"] += n
    extra = sorted(t for t in by_type if t not in TYPE_ORDER)

    printed: Counter[int | None] = Counter()
    effective: Counter[int | None] = Counter()
    in_house = 0
    for card, n in deck:
        printed[card_field(card, "cost")] += n
        effective[effective_cost(house, card)] += n
        in_house += n if is_in_house(house, card) else 0
    top = max((c for c in effective if c is not None), default=-1)
    size = sum(n for _, n in deck)
    return DeckStats(
        house=house,
        deck_size=size,
        by_type={t: by_type[t] for t in (*TYPE_ORDER, *extra)},
        cost_curve_printed=_histogram(printed, top),
        cost_curve_effective=_histogram(effective, top),
        in_house=in_house,
        out_of_house=size - in_house,
        average_cost=_average(printed),
        average_effective_cost=_average(effective),
        icons=_count_lists(characters, "icons", ICONS),
        naval_icons=_count_lists(characters, "naval_icons", ICONS),
        strength=_strength(characters),
        crests=_count_lists(deck, "crests", CRESTS),
        plots=_plot_stats(plots),
        income=_sources(not_plots, "income"),  # a plot's income is its base gold, not a bonus
        influence=_sources(entries, "influence"),
    )


def _checked(entries: Iterable[tuple[Any, int]]) -> list[tuple[Any, int]]:
    """The entries as a list, counts checked, entries of the same code merged, zeros dropped."""
    merged: dict[Any, list[Any]] = {}
    for card, count in entries:
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"count of {card_field(card, 'code')!r} is not an integer: {count!r}")
        if count < 0:
            raise ValueError(f"count of {card_field(card, 'code')!r} is negative: {count}")
        key = card_field(card, "code") or id(card)
        if key in merged:
            merged[key][1] += count
        else:
            merged[key] = [card, count]
    return [(card, count) for card, count in merged.values() if count]


def _histogram(counts: Counter[int | None], top: int = -1) -> dict[str, int]:
    """Labels ``"0"`` to the highest value (at least ``top``), then ``"none"`` if any card has none.

    Negative values (no card prints one) are counted in the ``"0"`` bucket.
    """
    clamped: Counter[int | None] = Counter()
    for value, n in counts.items():
        clamped[value if value is None else max(value, 0)] += n
    top = max([top, *(v for v in clamped if v is not None)])
    histogram = {str(v): clamped[v] for v in range(top + 1)}
    if clamped[None]:
        histogram[NO_VALUE] = clamped[None]
    return histogram


def _average(counts: Counter[int | None]) -> float | None:
    copies = sum(n for v, n in counts.items() if v is not None)
    if not copies:
        return None
    return sum(v * n for v, n in counts.items() if v is not None) / copies


def _count_lists(
    entries: list[tuple[Any, int]], name: str, keys: tuple[str, ...]
) -> dict[str, int]:
    """Copies of cards showing each of ``keys`` in their list field ``name`` (case-insensitive)."""
    counts = dict.fromkeys(keys, 0)
    for card, n in entries:
        for value in {str(v).casefold() for v in card_field(card, name)}:
            if value in counts:
                counts[value] += n
    return counts


def _strength(characters: list[tuple[Any, int]]) -> dict[str, int]:
    counts: Counter[int | None] = Counter()
    for card, n in characters:
        counts[card_field(card, "strength")] += n
    return _histogram(counts)


def _plot_stats(plots: list[tuple[Any, int]]) -> PlotStats:
    lines = tuple(
        sorted(
            (
                PlotLine(
                    code=card_field(card, "code") or "",
                    name=card_field(card, "name") or "",
                    count=n,
                    income=card_field(card, "income"),
                    initiative=card_field(card, "initiative"),
                    claim=card_field(card, "claim"),
                )
                for card, n in plots
            ),
            key=lambda line: (line.name.casefold(), line.code),
        )
    )

    def total(name: str) -> int:
        return sum((getattr(line, name) or 0) * line.count for line in lines)

    def average(name: str) -> float | None:
        copies = sum(line.count for line in lines if getattr(line, name) is not None)
        return total(name) / copies if copies else None

    return PlotStats(
        plots=lines,
        count=sum(line.count for line in lines),
        income_total=total("income"),
        initiative_total=total("initiative"),
        claim_total=total("claim"),
        income_average=average("income"),
        initiative_average=average("initiative"),
        claim_average=average("claim"),
    )


def _sources(entries: list[tuple[Any, int]], name: str) -> SourceStats:
    sources = []
    for card, n in entries:
        value = card_field(card, name)
        if value is not None and value >= 0:
            sources.append(
                Source(
                    code=card_field(card, "code") or "",
                    name=card_field(card, "name") or "",
                    card_type=card_field(card, "card_type") or "",
                    count=n,
                    value=value,
                    total=value * n,
                )
            )
    sources.sort(key=lambda s: (-s.total, s.name.casefold(), s.code))
    return SourceStats(
        sources=tuple(sources),
        cards=sum(s.count for s in sources),
        total=sum(s.total for s in sources),
    )
