"""Writes to stored decks: create, edit cards and settings, import, clone, delete, restore.

Every function is keyword-only, the outermost ``transaction.atomic()``, checks that the user
owns the deck (``PermissionDenied`` otherwise) and raises :class:`DeckError` with a message for
input a user can get wrong. Every change of content (name, House, agendas, cards) records a new
:class:`~decks.models.DeckVersion`, so any earlier state can be compared and restored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import timedelta
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from cards.models import Card
from config.numbers import SHOWN, NumberError, number_or_none, read_number
from decks.decklist import DeckJSONError, deck_from_json, deck_to_json
from decks.models import Deck, DeckCard, DeckVersion
from decks.validation import ALL_HOUSES, FORMATS, DeckSpec, house_label, normalize_house

MAX_COUNT = 99
NAME_MAX = 128
_UNSET: Any = object()  # "leave this setting alone" in deck_update


class DeckError(ValueError):
    """Input a user can get wrong; the message says what and how to fix it."""


# Checks ---------------------------------------------------------------------------------


def can_view(deck: Deck, user: Any) -> bool:
    if deck.is_public:
        return True
    return user is not None and user.is_authenticated and deck.owner_id == user.pk


def _require_owner(deck: Deck, user: Any) -> None:
    """Refuse anyone but the owner, then lock the deck's row for the rest of the transaction.

    The lock serializes two writes to one deck (two clicks at once): each reads counts and the
    latest version number only after the other has committed (a no-op on SQLite, which
    serializes writers anyway).
    """
    if user is None or not user.is_authenticated or deck.owner_id != user.pk:
        raise PermissionDenied("Only the owner of this deck may change it.")
    Deck.objects.select_for_update().filter(pk=deck.pk).first()


def parse_count(value: object) -> int:
    """A count from form input: a whole number from 0 to 99, else a DeckError."""
    try:
        return read_number(value, "The count", high=MAX_COUNT)
    except NumberError as error:
        raise DeckError(str(error)) from None


def _clean_name(name: str) -> str:
    name = (name or "").strip()
    if not name:
        raise DeckError("Give the deck a name.")
    if len(name) > NAME_MAX:
        raise DeckError(f"A deck name has at most {NAME_MAX} characters.")
    return name


def _clean_house(house: str) -> str:
    value = normalize_house(house or "")
    if value not in ALL_HOUSES:
        choices = ", ".join(house_label(h) for h in sorted(ALL_HOUSES))
        raise DeckError(f"{house!r} is not a House; choose one of {choices}.")
    return value


def _clean_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise DeckError(f"Unknown format {fmt!r}; choose one of {', '.join(FORMATS)}.")
    return fmt


def _cards_by_code(codes: Iterable[str]) -> dict[str, Card]:
    codes = set(codes)
    cards = {card.code: card for card in Card.objects.filter(code__in=codes)}
    unknown = sorted(codes - cards.keys())
    if unknown:
        raise DeckError(f"No card has the code {', '.join(repr(c) for c in unknown)}.")
    return cards


def _rows_for(agenda_codes: Iterable[str], entries: Mapping[str, int]) -> list[tuple[Card, int]]:
    """Checked (card, count) rows for agendas and entries; the House card is never a row."""
    agenda_codes = list(dict.fromkeys(agenda_codes))
    cards = _cards_by_code([*agenda_codes, *entries])
    rows: list[tuple[Card, int]] = []
    for code in agenda_codes:
        if cards[code].card_type != Card.Type.AGENDA:
            raise DeckError(f"{cards[code].name} is not an agenda.")
        rows.append((cards[code], 1))
    for code, count in entries.items():
        card = cards[code]
        if card.card_type == Card.Type.HOUSE:
            raise DeckError(f"{card.name} is a House card: choose it as the deck's House instead.")
        count = parse_count(count)
        if count:
            rows.append((card, count))
    return rows


# Versions -------------------------------------------------------------------------------


def _snapshot(deck: Deck) -> dict[str, Any]:
    """The deck's content as stored in a version; reads codes and counts only (every click in
    the builder takes one)."""
    agendas: list[str] = []
    entries: dict[str, int] = {}
    rows = DeckCard.objects.filter(deck=deck).values_list("card__code", "card__card_type", "count")
    for code, card_type, count in rows:
        if card_type == Card.Type.AGENDA:
            agendas.append(code)
        else:
            entries[code] = count
    name, house = Deck.objects.filter(pk=deck.pk).values_list("name", "house").get()
    spec = DeckSpec(house, tuple(sorted(agendas)), dict(sorted(entries.items())))
    return {**deck_to_json(spec), "name": name}


# Clicks in the builder within this time of the last one amend that version rather than
# adding one per click: a version is an editing session, which is what a player restores.
EDIT_NOTE = "Edited in the builder"
EDIT_SESSION = timedelta(minutes=10)


def _record_version(deck: Deck, note: str, *, amend_edits: bool = False) -> DeckVersion | None:
    """A new version when the content differs from the latest one; also touches ``updated``.

    With ``amend_edits``, a change made within :data:`EDIT_SESSION` of a latest version that is
    itself a builder edit updates that version instead.
    """
    snapshot = _snapshot(deck)
    latest = deck.versions.order_by("-number").first()
    if latest is not None and latest.snapshot == snapshot:
        return None
    if (
        amend_edits
        and latest is not None
        and latest.note == EDIT_NOTE
        and timezone.now() - latest.created < EDIT_SESSION
    ):
        latest.snapshot = snapshot
        latest.save(update_fields=["snapshot"])
        deck.save(update_fields=["updated"])
        return latest
    number = (deck.versions.aggregate(n=Max("number"))["n"] or 0) + 1
    deck.save(update_fields=["updated"])
    return DeckVersion.objects.create(deck=deck, number=number, snapshot=snapshot, note=note)


def _write_rows(deck: Deck, rows: list[tuple[Card, int]]) -> None:
    deck.deck_cards.all().delete()
    DeckCard.objects.bulk_create(DeckCard(deck=deck, card=card, count=n) for card, n in rows)


# Services -------------------------------------------------------------------------------


@transaction.atomic
def deck_create(
    *,
    owner: Any,
    name: str,
    house: str,
    agenda_codes: Iterable[str] = (),
    format: str = "joust",
    entries: Mapping[str, int] | None = None,
    description: str = "",
    note: str = "Created",
    source_title: str = "",
    source_url: str = "",
) -> Deck:
    if owner is None or not owner.is_authenticated:
        raise PermissionDenied("Log in to save decks.")
    deck = Deck.objects.create(
        owner=owner,
        name=_clean_name(name),
        house=_clean_house(house),
        format=_clean_format(format),
        description=description or "",
        source_title=source_title[:200],
        source_url=source_url[:200],
    )
    _write_rows(deck, _rows_for(agenda_codes, entries or {}))
    _record_version(deck, note)
    return deck


@transaction.atomic
def deck_set_count(*, deck: Deck, user: Any, card_code: str, count: int | str) -> Deck:
    """Set how many copies of a card the deck holds; 0 removes it. Agendas count 0 or 1."""
    _require_owner(deck, user)
    _write_count(deck, _countable_card(card_code), parse_count(count))
    return deck


@transaction.atomic
def deck_change_count(*, deck: Deck, user: Any, card_code: str, delta: int | str) -> Deck:
    """Add (or with a negative ``delta`` remove) copies of a card: the builder's +/- buttons.

    The current count is read under the deck's lock, so two clicks at once add two copies.
    """
    _require_owner(deck, user)
    try:
        delta = read_number(delta, "The change", low=-MAX_COUNT, high=MAX_COUNT)
    except NumberError as error:
        raise DeckError(str(error)) from None
    card = _countable_card(card_code)
    row = DeckCard.objects.filter(deck=deck, card=card).first()
    current = row.count if row else 0
    _write_count(deck, card, min(MAX_COUNT, max(0, current + delta)))
    return deck


def _countable_card(card_code: str) -> Card:
    card = Card.objects.filter(code=(card_code or "").strip()).first()
    if card is None:
        raise DeckError(f"No card has the code {card_code!r}.")
    if card.card_type == Card.Type.HOUSE:
        raise DeckError(
            f"{card.name} is a House card: choose the House in the deck settings instead."
        )
    return card


def _write_count(deck: Deck, card: Card, count: int) -> None:
    if card.card_type == Card.Type.AGENDA and count > 1:
        raise DeckError(f"{card.name} is an agenda: a deck holds it once or not at all.")
    if count == 0:
        DeckCard.objects.filter(deck=deck, card=card).delete()
    else:
        DeckCard.objects.update_or_create(deck=deck, card=card, defaults={"count": count})
    _record_version(deck, EDIT_NOTE, amend_edits=True)


@transaction.atomic
def deck_update(
    *,
    deck: Deck,
    user: Any,
    name: str = _UNSET,
    house: str = _UNSET,
    format: str = _UNSET,
    description: str = _UNSET,
    is_public: bool = _UNSET,
) -> Deck:
    """Change the deck's settings; arguments left out stay as they are."""
    _require_owner(deck, user)
    if name is not _UNSET:
        deck.name = _clean_name(name)
    if house is not _UNSET:
        deck.house = _clean_house(house)
    if format is not _UNSET:
        deck.format = _clean_format(format)
    if description is not _UNSET:
        deck.description = description or ""
    if is_public is not _UNSET:
        deck.is_public = bool(is_public)
    deck.save()
    _record_version(deck, "Settings changed")
    return deck


@transaction.atomic
def deck_replace_cards(*, deck: Deck, user: Any, spec: DeckSpec, note: str = "Imported") -> Deck:
    """Replace every card (and the House, when the spec names one) with the spec's."""
    _require_owner(deck, user)
    if spec.house:
        deck.house = _clean_house(spec.house)
        deck.save(update_fields=["house"])
    _write_rows(deck, _rows_for(spec.agendas, spec.entries))
    _record_version(deck, note)
    return deck


@transaction.atomic
def deck_clone(*, deck: Deck, user: Any) -> Deck:
    """A copy of a deck the user may see, owned by the user."""
    if not can_view(deck, user):
        raise PermissionDenied("You cannot see this deck.")
    spec = Deck.objects.prefetch_related("deck_cards__card").get(pk=deck.pk).to_spec()
    return deck_create(
        owner=user,
        name=f"Copy of {deck.name}"[:NAME_MAX],
        house=deck.house,
        agenda_codes=spec.agendas,
        format=deck.format,
        entries=spec.entries,
        description=deck.description,
        note=f"Cloned from {deck.name}",
    )


@transaction.atomic
def deck_delete(*, deck: Deck, user: Any) -> None:
    _require_owner(deck, user)
    deck.delete()


@transaction.atomic
def deck_restore_version(*, deck: Deck, user: Any, number: int | str) -> Deck:
    """Bring back the name, House and cards of an earlier version (as a new version)."""
    _require_owner(deck, user)
    found = number_or_none(number, low=1)
    version = None if found is None else deck.versions.filter(number=found).first()
    if version is None:
        raise DeckError(f"This deck has no version {str(number)[:SHOWN]}.")
    data = dict(version.snapshot)
    name = data.pop("name", deck.name)
    try:
        spec = deck_from_json(data)
    except DeckJSONError as error:
        raise DeckError(f"Version {version.number} cannot be read: {error}") from None
    deck.name = _clean_name(name)
    deck.house = _clean_house(spec.house)
    deck.save(update_fields=["name", "house"])
    _write_rows(deck, _rows_for(spec.agendas, spec.entries))
    _record_version(deck, f"Restored version {version.number}")
    return deck
