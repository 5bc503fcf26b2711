"""Reads of stored decks: lists, permission-checked lookups, grouping, verdicts, diffs."""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet, Sum
from django.http import Http404

from cards.models import Card, OwnedProduct
from cards.search.language import And, Node, Or, SearchError, Term
from cards.search.sql import compile_query
from cards.selectors import (
    ProductShortfall,
    card_pool_rows,
    card_search,
    collection_of,
    collection_shortfalls,
    pool_cached,
    without_extra_copies,
)
from config.numbers import number_or_none
from decks.charts import bar_chart_svg, deck_charts
from decks.decklist import NameIndex
from decks.drawsim import RoundOdds, draw_odds, sample_setup_hand
from decks.models import ALL_HOUSES, Deck, DeckCard, DeckVersion
from decks.services import can_view
from decks.stats import DECK_TYPES, DeckStats, deck_stats, house_deck_codes
from decks.validation import CardInfo, Verdict, validate
from gameplay.engine.coverage import DeckAutomation
from gameplay.engine.coverage import deck_automation as engine_deck_automation

# The order of the House deck's groups on a deck page and a printed decklist.
GROUP_ORDER = [
    (Card.Type.CHARACTER, "Characters"),
    (Card.Type.LOCATION, "Locations"),
    (Card.Type.ATTACHMENT, "Attachments"),
    (Card.Type.EVENT, "Events"),
]


def _with_cards(decks: QuerySet[Deck]) -> QuerySet[Deck]:
    rows = DeckCard.objects.select_related("card__product").order_by("card__position")
    return decks.select_related("owner").prefetch_related(Prefetch("deck_cards", queryset=rows))


def decks_of(user: Any) -> QuerySet[Deck]:
    """The user's decks, newest change first, each with ``card_total`` (agendas included)."""
    return Deck.objects.filter(owner=user).annotate(card_total=Sum("deck_cards__count"))


def deck_for_owner_or_404(*, deck_id: int, user: Any, with_cards: bool = True) -> Deck:
    """Any deck by id, with its cards unless a write needs only the row (no permission check:
    the services check ownership)."""
    decks = Deck.objects.filter(pk=deck_id)
    deck = (_with_cards(decks) if with_cards else decks.select_related("owner")).first()
    if deck is None:
        raise Http404("No such deck.")
    return deck


def deck_for_viewer(*, deck_id: int, user: Any, with_cards: bool = True) -> Deck:
    """The deck if the user may see it (owner, or a public deck); otherwise Http404.

    A private deck answers 404 rather than 403 so that ids do not reveal which decks exist.
    """
    deck = deck_for_owner_or_404(deck_id=deck_id, user=user, with_cards=with_cards)
    if not can_view(deck, user):
        raise Http404("No such deck.")
    return deck


def deck_by_share_token(token: str) -> Deck:
    deck = _with_cards(Deck.objects.filter(share_token=token)).first()
    if deck is None:
        raise Http404("No deck has this share link.")
    return deck


def deck_verdict(deck: Deck) -> Verdict:
    return validate(deck.to_spec(), deck.format, card_infos())


def deck_automation(deck: Deck) -> DeckAutomation:
    """How much of the deck the rules engine plays by its text: every copy of the House deck,
    the plots and the agenda (not the House card), from ``gameplay.engine.coverage``."""
    spec = deck.to_spec()
    return engine_deck_automation([*spec.agendas, *Counter(spec.entries).elements()])


@dataclass
class CardGroup:
    label: str
    rows: list[DeckCard] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(row.count for row in self.rows)


@dataclass
class GroupedDeck:
    agendas: list[DeckCard]
    plots: CardGroup
    groups: list[CardGroup]  # the House deck by card type, empty groups left out

    @property
    def house_deck_total(self) -> int:
        return sum(group.total for group in self.groups)


def deck_cards_grouped(deck: Deck) -> GroupedDeck:
    """Agendas, plots, then the House deck grouped by type, in card-pool order."""
    return rows_grouped(deck.deck_cards.all())


def rows_grouped(rows: Iterable[Any]) -> GroupedDeck:
    """:func:`deck_cards_grouped` of any rows with a ``card`` and a ``count`` (a published
    decklist's rows too), taken in the order given."""
    agendas: list[DeckCard] = []
    plots = CardGroup("Plots")
    by_type = {kind: CardGroup(label) for kind, label in GROUP_ORDER}
    other = CardGroup("Other")
    for row in rows:
        kind = row.card.card_type
        if kind == Card.Type.AGENDA:
            agendas.append(row)
        elif kind == Card.Type.PLOT:
            plots.rows.append(row)
        else:
            by_type.get(kind, other).rows.append(row)
    groups = [g for g in [*by_type.values(), other] if g.rows]
    return GroupedDeck(agendas, plots, groups)


@dataclass
class VersionDiff:
    added: list[tuple[str, int]] = field(default_factory=list)  # (card name, count)
    removed: list[tuple[str, int]] = field(default_factory=list)
    changed: list[tuple[str, int, int]] = field(default_factory=list)  # (name, old, new)
    other: list[str] = field(default_factory=list)  # name and House changes

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed or self.other)


def _counts(snapshot: dict[str, Any]) -> dict[str, int]:
    counts = dict(snapshot.get("cards") or {})
    counts.update({code: 1 for code in snapshot.get("agendas") or ()})
    return counts


def _diff(old: dict[str, Any], new: dict[str, Any], names: dict[str, str]) -> VersionDiff:
    diff = VersionDiff()
    if old.get("name") != new.get("name"):
        diff.other.append(f"Renamed from {old.get('name')!r} to {new.get('name')!r}")
    if old.get("house") != new.get("house"):
        diff.other.append(f"House changed from {old.get('house')} to {new.get('house')}")
    a, b = _counts(old), _counts(new)
    for code in sorted(a.keys() | b.keys(), key=lambda c: names.get(c, c)):
        name = names.get(code, code)
        if code not in a:
            diff.added.append((name, b[code]))
        elif code not in b:
            diff.removed.append((name, a[code]))
        elif a[code] != b[code]:
            diff.changed.append((name, a[code], b[code]))
    return diff


def _names_for(snapshots: list[dict[str, Any]]) -> dict[str, str]:
    codes = set().union(*(_counts(s).keys() for s in snapshots)) if snapshots else set()
    return dict(Card.objects.filter(code__in=codes).values_list("code", "name"))


def version_diff(deck: Deck, a: int, b: int) -> VersionDiff:
    """What changed from version ``a`` to ``b`` of the deck (Http404 if either is missing)."""
    versions = {v.number: v for v in deck.versions.filter(number__in=[a, b])}
    if a not in versions or b not in versions:
        raise Http404("No such version.")
    old, new = versions[a].snapshot, versions[b].snapshot
    return _diff(old, new, _names_for([old, new]))


@dataclass
class VersionRow:
    version: DeckVersion
    diff: VersionDiff | None  # None for the first version


def versions_with_diffs(deck: Deck) -> list[VersionRow]:
    """Every version, newest first, each with its difference to the one before."""
    versions = list(deck.versions.order_by("number"))
    names = _names_for([v.snapshot for v in versions])
    rows = [
        VersionRow(v, _diff(versions[i - 1].snapshot, v.snapshot, names) if i else None)
        for i, v in enumerate(versions)
    ]
    return rows[::-1]


@dataclass
class DeckInsight:
    """What the deck page shows beside the list: charts, a sample hand, draw odds."""

    charts: dict[str, str]
    stats: DeckStats
    sample_hand: list[Card]
    hand_seed: int
    odds_card: Card | None
    odds: list[RoundOdds]
    odds_choices: list[Card]


def deck_insight(deck: Deck, *, odds_code: str = "", hand_seed: int | None = None) -> DeckInsight:
    """Statistics, a seeded sample setup hand, and the odds of drawing one chosen card."""
    rows = [(row.card, row.count) for row in deck.deck_cards.all()]
    stats = deck_stats(deck.house, rows)
    seed = hand_seed if hand_seed is not None else secrets.randbelow(10**6)
    house_deck = house_deck_codes(rows)
    by_code = {card.code: card for card, _ in rows}
    hand = [by_code[code] for code in sample_setup_hand(house_deck, seed=seed)]
    choices = sorted(
        {card.code: card for card, _ in rows if card.card_type in DECK_TYPES}.values(),
        key=lambda card: card.name,
    )
    odds_card = by_code.get(odds_code) if odds_code else None
    odds: list[RoundOdds] = []
    if odds_card is not None and odds_card.card_type in DECK_TYPES and house_deck:
        copies = sum(count for card, count in rows if card.code == odds_card.code)
        odds = draw_odds(len(house_deck), copies, rounds=5)
    return DeckInsight(
        charts=deck_charts(stats, id_prefix=f"deck{deck.pk}"),
        stats=stats,
        sample_hand=hand,
        hand_seed=seed,
        odds_card=odds_card if odds else None,
        odds=odds,
        odds_choices=choices,
    )


# The builder -----------------------------------------------------------------------------

# The House deck's card types as the builder's statistics strip labels them, then plots.
STRIP_TYPES = [(kind, label) for kind, label in GROUP_ORDER] + [(Card.Type.PLOT, "Plots")]


def deck_counts(deck: Deck) -> dict[str, int]:
    """Copies of each card code in the deck (from the prefetched rows: no extra query)."""
    return {row.card.code: row.count for row in deck.deck_cards.all()}


@dataclass(frozen=True)
class SearchRow:
    """One card of the builder's search results, seen from the deck being built."""

    card: Card
    count: int  # copies the deck holds
    playable: bool  # the deck's House may hold it

    @property
    def house_note(self) -> str:
        """Why the card is not playable here, e.g. "House Lannister only"; "" if it is."""
        if self.playable:
            return ""
        return f"House {' or '.join(self.card.legal_houses) or 'none'} only"


def builder_search_rows(deck: Deck, cards: Iterable[Card]) -> list[SearchRow]:
    """The search results with the deck's count of each card and its playability."""
    counts = deck_counts(deck)
    return [
        SearchRow(card, counts.get(card.code, 0), card.playable_in(deck.house)) for card in cards
    ]


@dataclass(frozen=True)
class BuilderStrip:
    """The builder's compact statistics: totals by type and the cost curve, nothing more."""

    totals: list[tuple[str, int]]  # (label, copies), House deck types then plots
    deck_size: int
    out_of_house: int
    cost_curve: str  # SVG


def builder_strip(deck: Deck) -> BuilderStrip:
    """What the builder shows after each change: cheap (one chart, no sample hand)."""
    stats = deck_stats(deck.house, [(row.card, row.count) for row in deck.deck_cards.all()])
    costs = list(stats.cost_curve_effective)
    chart = bar_chart_svg(
        "Cost curve",
        costs,
        {
            "Printed": [stats.cost_curve_printed.get(c, 0) for c in costs],
            "Effective": [stats.cost_curve_effective[c] for c in costs],
        },
        width=280,
        height=120,
        chart_id=f"builder{deck.pk}-cost-curve",
    )
    return BuilderStrip(
        totals=[(label, stats.by_type.get(str(kind), 0)) for kind, label in STRIP_TYPES],
        deck_size=stats.deck_size,
        out_of_house=stats.out_of_house,
        cost_curve=chart,
    )


@dataclass(frozen=True)
class DeckCollectionCheck:
    """The deck against its owner's collection of products ("Packs I own")."""

    recorded: bool  # the owner has recorded a collection (at least one product)
    shortfalls: list[ProductShortfall]  # empty when nothing is short or nothing is recorded


def deck_collection_check(deck: Deck, user: Any) -> DeckCollectionCheck | None:
    """What the user's collection lacks to build the deck, one entry per product short
    (``cards.selectors.collection_shortfalls``); None for anyone but the deck's owner (a
    collection is seen by its owner only). From the prefetched rows: two queries, one for an
    owner who has recorded no collection."""
    if user is None or not user.is_authenticated or deck.owner_id != user.pk:
        return None
    owned = collection_of(user)
    if not owned:
        return DeckCollectionCheck(False, [])
    return DeckCollectionCheck(True, collection_shortfalls(owned, deck_counts(deck)))


# Comparing versions ----------------------------------------------------------------------


@dataclass
class VersionComparison:
    """Two versions side by side, or why they cannot be compared (``error``)."""

    numbers: list[int]  # every version of the deck, oldest first
    a: int | None = None
    b: int | None = None
    diff: VersionDiff | None = None
    error: str = ""


def compare_versions(deck: Deck, a: str | None, b: str | None) -> VersionComparison:
    """The difference from version ``a`` to ``b`` (raw query values); bad input gives an error."""
    numbers = list(deck.versions.order_by("number").values_list("number", flat=True))
    result = VersionComparison(numbers, number_or_none(a), number_or_none(b))
    if result.a is None or result.b is None:
        result.error = "Choose two versions to compare: a and b must be version numbers."
    elif result.a not in numbers or result.b not in numbers:
        missing = result.a if result.a not in numbers else result.b
        span = f"versions {numbers[0]} to {numbers[-1]}" if numbers else "no versions"
        result.error = f"This deck has no version {missing}; it has {span}."
    else:
        result.diff = version_diff(deck, result.a, result.b)
    return result


# The builder's filters: one click each. ``house`` is "mine" (the deck's House and neutral
# cards it may hold: where a deck starts), "all", or a House as stored ("Stark", "Neutral").
BUILDER_HOUSE_DEFAULT = "mine"
BUILDER_TYPES = [
    (Card.Type.CHARACTER, "Characters"),
    (Card.Type.LOCATION, "Locations"),
    (Card.Type.ATTACHMENT, "Attachments"),
    (Card.Type.EVENT, "Events"),
    (Card.Type.PLOT, "Plots"),
    (Card.Type.AGENDA, "Agendas"),
]
BUILDER_SORTS = [("name", "Name"), ("cost", "Cost"), ("str", "STR"), ("product", "Product")]
BUILDER_SORT_DEFAULT = "name"


@dataclass
class BuilderSearch:
    """A page of the builder's card search, each card with the deck's count of it."""

    query: str
    only: bool  # only cards the deck's House may hold
    page_number: int
    house: str = BUILDER_HOUSE_DEFAULT
    card_type: str = ""  # "" for every type
    sort: str = BUILDER_SORT_DEFAULT
    deck_house: str = ""
    problems: list[str] = field(default_factory=list)
    page: Page | None = None
    rows: list[SearchRow] = field(default_factory=list)
    owned: bool = False  # only cards of the products the deck's owner owns

    @property
    def filter_label(self) -> str:
        """What the filters keep, in words: "Stark and neutral, characters"."""
        if self.house == "mine":
            parts = [
                "neutral" if self.deck_house == "Neutral" else f"{self.deck_house} and neutral"
            ]
        elif self.house == "all":
            parts = ["every House"]
        else:
            parts = ["neutral" if self.house == "Neutral" else self.house]
        if self.only and self.house != "mine":
            parts.append(f"playable in {self.deck_house}")
        if self.card_type:
            parts.append(dict(BUILDER_TYPES)[self.card_type].lower())
        if self.owned:
            parts.append("in my collection")
        return ", ".join(parts)


def builder_filters(params, deck_house: str) -> tuple[dict[str, Any], list[str]]:
    """The builder's filters from request parameters (``house``, ``type``, ``sort``, and
    ``owned=1``: only cards I own), and a sentence for each value that is not one of the
    choices (the default is used instead)."""
    notices: list[str] = []
    houses = {h.lower(): h for h in ALL_HOUSES}
    house = params.get("house", "").strip() or BUILDER_HOUSE_DEFAULT
    if house not in ("mine", "all"):
        if house.lower() in houses:
            house = houses[house.lower()]
        else:
            notices.append(
                f"There is no House {house!r} to filter by; showing {deck_house} and neutral cards."
            )
            house = BUILDER_HOUSE_DEFAULT
    card_type = params.get("type", "").strip().lower()
    if card_type and card_type not in dict(BUILDER_TYPES):
        notices.append(f"There is no card type {card_type!r} to filter by; showing every type.")
        card_type = ""
    sort = params.get("sort", "").strip().lower() or BUILDER_SORT_DEFAULT
    if sort not in dict(BUILDER_SORTS):
        notices.append(f"Cards cannot be sorted by {sort!r}; sorted by name.")
        sort = BUILDER_SORT_DEFAULT
    owned = params.get("owned", "") == "1"
    return {"house": house, "card_type": card_type, "sort": sort, "owned": owned}, notices


def _builder_filter(deck_house: str, house: str, card_type: str, only: bool) -> Q:
    """The filters as one condition, written in the search language's own terms."""
    terms: list[Node] = []
    if house == "mine":
        printed = [Term("house", ":", h) for h in dict.fromkeys([deck_house, "Neutral"])]
        terms += [Or(tuple(printed)) if len(printed) > 1 else printed[0]]
        terms.append(Term("playable", ":", deck_house))
    elif house != "all":
        terms.append(Term("house", ":", house))
    if only:
        terms.append(Term("playable", ":", deck_house))
    if card_type:
        terms.append(Term("type", ":", card_type))
    return compile_query(And(tuple(terms)))


def builder_search(
    deck: Deck,
    query: str,
    *,
    house: str = BUILDER_HOUSE_DEFAULT,
    card_type: str = "",
    sort: str = BUILDER_SORT_DEFAULT,
    only: bool = False,
    owned: bool = False,
    page_number: int = 1,
    page_size: int = 20,
) -> BuilderSearch:
    """Search the cards a deck can hold: House cards and a product's extra copies left out
    (so an empty search of every House counts the search page's cards less the 7 House
    cards), narrowed by the filters (:func:`builder_filters`); ``only`` keeps the cards the
    House may hold, ``owned`` the cards of the products the deck's owner (the one who builds
    it) owns. Best name matches first, then in the ``sort`` order."""
    result = BuilderSearch(query, only, page_number, house, card_type, sort, deck.house)
    result.owned = owned
    try:
        cards = card_search(query, sort=sort)
    except SearchError as error:
        result.problems = list(getattr(error, "problems", None) or [str(error)])
        return result
    cards = without_extra_copies(cards.exclude(card_type=Card.Type.HOUSE))
    cards = cards.filter(_builder_filter(deck.house, house, card_type, only))
    if owned:
        cards = cards.filter(
            Exists(
                OwnedProduct.objects.filter(
                    user_id=deck.owner_id, product_id=OuterRef("product_id"), copies__gt=0
                )
            )
        )
    result.page = Paginator(cards, page_size).get_page(page_number)
    result.rows = builder_search_rows(deck, result.page.object_list)
    return result


# The pool as decks read it: built from ``cards.selectors.card_pool_rows`` once per loaded pool.


def card_infos() -> dict[str, CardInfo]:
    """Code -> ``CardInfo`` for the whole pool: what ``decks.validation.validate`` needs."""
    return pool_cached(
        "infos",
        lambda: {
            row["code"]: CardInfo.from_dict(row, product=row["product__code"])
            for row in card_pool_rows()
        },
    )


def card_name_index() -> NameIndex:
    """The pool's names for reading and writing plain text decklists."""
    return pool_cached(
        "names",
        lambda: NameIndex(
            {
                "code": row["code"],
                "name": row["name"],
                "card_type": row["card_type"],
                "product": row["product__code"],
                "product_name": row["product__name"],
                "position": row["position"],
                "houses": row["houses"],
            }
            for row in card_pool_rows()
        ),
    )
