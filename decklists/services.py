"""Writes to published decklists: publish, edit, unpublish, like, favourite, copy, comment.

Each service is the outermost ``transaction.atomic()``; errors a user can cause raise
:class:`DecklistError` with a message for them, and acting on someone else's list raises
``PermissionDenied``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from cards.models import Card, Product
from cards.selectors import products_needed
from decklists.markdown import DESCRIPTION_MAX, render
from decklists.models import (
    CommentReport,
    Decklist,
    DecklistCard,
    DecklistComment,
    DecklistCopy,
    DecklistFavourite,
    DecklistLike,
    DecklistProduct,
)
from decks.decklist import deck_to_json, write_decklist
from decks.models import Deck
from decks.selectors import card_infos, card_name_index
from decks.services import NAME_MAX, deck_create
from decks.validation import DeckSpec, validate
from gameplay.engine.coverage import deck_automation

TITLE_MAX = 120
COMMENT_MAX = 2_000
REASON_MAX = 300
# The formats a published list is judged for, shown on it and filtered by.
JUDGED_FORMATS = ("joust", "melee")


class DecklistError(ValueError):
    """Something a user asked that cannot be done, with a message for them."""


def _require_user(user: Any, doing: str) -> None:
    if user is None or not user.is_authenticated:
        raise PermissionDenied(f"Log in to {doing}.")


def _clean_title(title: str) -> str:
    title = " ".join((title or "").split())
    if not title:
        raise DecklistError("Give the decklist a title.")
    if len(title) > TITLE_MAX:
        raise DecklistError(f"The title is {len(title)} characters long; keep it to {TITLE_MAX}.")
    return title


def _clean_description(text: str) -> str:
    text = (text or "").strip()
    if len(text) > DESCRIPTION_MAX:
        raise DecklistError(
            f"The description is {len(text)} characters long; keep it to {DESCRIPTION_MAX}."
        )
    return text


def _require_live(decklist: Decklist, doing: str) -> None:
    if not decklist.is_published:
        raise DecklistError(f"This decklist was unpublished by its author: it cannot be {doing}.")


# Publishing ------------------------------------------------------------------------------


def _verdicts(spec: DeckSpec) -> dict[str, list[str]]:
    infos = card_infos()
    return {
        fmt: [problem.message for problem in validate(spec, fmt, infos).problems]
        for fmt in JUDGED_FORMATS
    }


def _store(decklist: Decklist, spec: DeckSpec) -> None:
    """The rows the list page filters on: its cards and the products it needs."""
    counts = {code: 1 for code in spec.agendas} | dict(spec.entries)
    cards = {c.code: c for c in Card.objects.filter(code__in=counts)}
    DecklistCard.objects.bulk_create(
        DecklistCard(decklist=decklist, card=cards[code], count=count)
        for code, count in counts.items()
        if code in cards
    )
    needed = products_needed(counts)
    products = {p.code: p for p in Product.objects.filter(code__in=needed)}
    DecklistProduct.objects.bulk_create(
        DecklistProduct(decklist=decklist, product=products[code], copies=copies)
        for code, copies in needed.items()
        if code in products
    )


@transaction.atomic
def decklist_publish_spec(
    *,
    author: Any,
    spec: DeckSpec,
    title: str,
    description: str = "",
    fmt: str = "joust",
    deck: Deck | None = None,
    version_number: int | None = None,
    player_name: str = "",
    origin: str = "",
    origin_url: str = "",
) -> Decklist:
    """Publish a frozen deck. The caller has checked that it is legal for ``fmt``; the list
    records its verdict for joust and for melee either way."""
    _require_user(author, "publish a decklist")
    verdicts = _verdicts(spec)
    automation = deck_automation([*spec.agendas, *Counter(spec.entries).elements()])
    names = card_name_index()
    agenda_names = ", ".join(card.name for code in spec.agendas if (card := names.card(code)))
    decklist = Decklist.objects.create(
        author=author,
        deck=deck,
        version_number=version_number,
        title=_clean_title(title),
        description=(text := _clean_description(description)),
        description_html=render(text),
        house=spec.house,
        agenda_names=agenda_names[:200],
        format=fmt,
        joust_legal=not verdicts["joust"],
        melee_legal=not verdicts["melee"],
        verdicts=verdicts,
        automated=automation.automated,
        card_total=automation.total,
        snapshot=deck_to_json(spec),
        text=write_decklist(spec, names, name=title),
        player_name=player_name[:120],
        origin=origin[:200],
        origin_url=origin_url[:200],
    )
    _store(decklist, spec)
    return decklist


@transaction.atomic
def decklist_publish(
    *, deck: Deck, user: Any, title: str, description: str | None = None
) -> Decklist:
    """Publish the deck as it is now (its latest version), if it is legal for its format.
    Without a ``description`` the list takes the deck's."""
    _require_user(user, "publish a decklist")
    if deck.owner_id != user.pk:
        raise PermissionDenied("Only the owner of a deck may publish it.")
    deck = Deck.objects.prefetch_related("deck_cards__card").get(pk=deck.pk)
    spec = deck.to_spec()
    verdict = validate(spec, deck.format, card_infos())
    if not verdict.valid:
        raise DecklistError(
            f"Only a legal deck can be published, and this one is not legal for "
            f"{deck.get_format_display()}: "
            + " ".join(problem.message for problem in verdict.problems)
        )
    latest = deck.versions.order_by("-number").values_list("number", flat=True).first()
    return decklist_publish_spec(
        author=user,
        spec=spec,
        title=title,
        description=deck.description if description is None else description,
        fmt=deck.format,
        deck=deck,
        version_number=latest,
    )


def _require_author(decklist: Decklist, user: Any) -> None:
    _require_user(user, "change a decklist")
    if decklist.author_id != user.pk:
        raise PermissionDenied("Only the author of this decklist may change it.")


@transaction.atomic
def decklist_update(*, decklist: Decklist, user: Any, title: str, description: str) -> Decklist:
    """A new title or description; the cards of a published list never change."""
    _require_author(decklist, user)
    _require_live(decklist, "edited")
    decklist.title = _clean_title(title)
    decklist.description = _clean_description(description)
    decklist.description_html = render(decklist.description)
    decklist.save(update_fields=["title", "description", "description_html"])
    return decklist


@transaction.atomic
def decklist_unpublish(*, decklist: Decklist, user: Any) -> Decklist:
    """Take the list off the lists. Its address keeps answering, with a note."""
    _require_author(decklist, user)
    if decklist.is_published:
        decklist.unpublished = timezone.now()
        decklist.save(update_fields=["unpublished"])
    return decklist


# Likes, favourites, copies ----------------------------------------------------------------


def _toggle(model: type, counter: str, *, decklist: Decklist, user: Any, on: bool) -> bool:
    """One row per account; the counter follows the rows. Returns whether it is now on."""
    _require_user(user, "do that")
    rows = model.objects.filter(user=user, decklist=decklist)
    if on:
        _require_live(decklist, "liked or favourited")
        if not rows.exists():
            try:
                with transaction.atomic():
                    model.objects.create(user=user, decklist=decklist)
            except IntegrityError:  # the same click twice at once: the other one counted it
                return True
            Decklist.objects.filter(pk=decklist.pk).update(**{counter: F(counter) + 1})
        return True
    if rows.delete()[0]:
        Decklist.objects.filter(pk=decklist.pk).update(**{counter: F(counter) - 1})
    return False


@transaction.atomic
def decklist_like(*, decklist: Decklist, user: Any, on: bool = True) -> bool:
    return _toggle(DecklistLike, "like_count", decklist=decklist, user=user, on=on)


@transaction.atomic
def decklist_favourite(*, decklist: Decklist, user: Any, on: bool = True) -> bool:
    return _toggle(DecklistFavourite, "favourite_count", decklist=decklist, user=user, on=on)


@transaction.atomic
def decklist_copy(*, decklist: Decklist, user: Any) -> Deck:
    """A new private deck of the user's with the list's cards and a link back to it."""
    _require_user(user, "copy a decklist to your decks")
    _require_live(decklist, "copied")
    snapshot = decklist.snapshot
    deck = deck_create(
        owner=user,
        name=decklist.title[:NAME_MAX],
        house=decklist.house,
        agenda_codes=snapshot.get("agendas", []),
        format=decklist.format,
        entries={code: int(count) for code, count in snapshot.get("cards", {}).items()},
        note=f"Copied from the decklist {decklist.title}",
        source_title=decklist.title,
        source_url=decklist.get_absolute_url(),
    )
    first = not DecklistCopy.objects.filter(user=user, decklist=decklist).exists()
    DecklistCopy.objects.create(user=user, decklist=decklist, deck=deck)
    if first:
        Decklist.objects.filter(pk=decklist.pk).update(copy_count=F("copy_count") + 1)
    return deck


# Comments ---------------------------------------------------------------------------------


@transaction.atomic
def comment_add(*, decklist: Decklist, user: Any, body: str) -> DecklistComment:
    _require_user(user, "comment")
    _require_live(decklist, "commented on")
    body = (body or "").strip()
    if not body:
        raise DecklistError("Write something before posting a comment.")
    if len(body) > COMMENT_MAX:
        raise DecklistError(
            f"The comment is {len(body)} characters long; keep it to {COMMENT_MAX}."
        )
    comment = DecklistComment.objects.create(decklist=decklist, author=user, body=body)
    Decklist.objects.filter(pk=decklist.pk).update(comment_count=F("comment_count") + 1)
    return comment


@transaction.atomic
def comment_remove(*, comment: DecklistComment, user: Any) -> DecklistComment:
    """The list's author, the comment's own author or staff may remove a comment."""
    _require_user(user, "remove a comment")
    allowed = user.is_staff or user.pk in (comment.author_id, comment.decklist.author_id)
    if not allowed:
        raise PermissionDenied("Only the decklist's author or the comment's may remove it.")
    if comment.removed is None:
        comment.removed, comment.removed_by = timezone.now(), user
        comment.save(update_fields=["removed", "removed_by"])
        Decklist.objects.filter(pk=comment.decklist_id).update(comment_count=F("comment_count") - 1)
    return comment


@transaction.atomic
def comment_report(*, comment: DecklistComment, user: Any, reason: str = "") -> CommentReport:
    """Report a comment to the site's staff (the admin lists reports); once per account."""
    _require_user(user, "report a comment")
    reason = " ".join((reason or "").split())
    if len(reason) > REASON_MAX:
        raise DecklistError(f"Keep the reason to {REASON_MAX} characters.")
    report, _created = CommentReport.objects.get_or_create(
        comment=comment, reporter=user, defaults={"reason": reason}
    )
    return report
