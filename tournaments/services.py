"""Writes to tournaments: events, registration with frozen decklists, check-in, drops.

Keyword-only functions, each the outermost transaction; organizer rights are checked here
(``PermissionDenied``), and input a user can get wrong raises :class:`EventError` with a message.
Rounds, results and the cut live in ``tournaments.round_services``.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction

from decks.deck_check import UnreadableDeck, deck_check
from decks.decklist import deck_to_json, write_decklist
from decks.models import Deck
from decks.selectors import card_name_index
from tournaments.models import AuditEntry, Entrant, Event
from tournaments.selectors import scoring_rules

NAME_MAX = 128


class EventError(ValueError):
    """Input an organizer or player can get wrong; the message says what and how to fix it."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


def can_manage(event: Event, user: Any) -> bool:
    """The organizer and co-organizers may change an event; nobody else."""
    if user is None or not user.is_authenticated:
        return False
    if event.organizer_id == user.pk:
        return True
    return event.co_organizers.filter(pk=user.pk).exists()


def require_manager(event: Event, user: Any) -> None:
    """Refuse anyone but an organizer, then lock the event for the rest of the transaction."""
    if not can_manage(event, user):
        raise PermissionDenied("Only the organizers of this event may change it.")
    Event.objects.select_for_update().filter(pk=event.pk).first()


def audit(event: Event, user: Any, action: str, **detail: Any) -> None:
    who = user if getattr(user, "is_authenticated", False) else None
    AuditEntry.objects.create(event=event, user=who, action=action, detail=detail)


def _clean_name(value: str, what: str) -> str:
    value = " ".join((value or "").split())
    if not value:
        raise EventError(f"Give the {what} a name.")
    if len(value) > NAME_MAX:
        raise EventError(f"A {what} name has at most {NAME_MAX} characters.")
    return value


EVENT_FIELDS = {
    "location", "format", "deck_format", "rounds", "cut_size", "round_minutes", "points_win",
    "points_modified_win", "points_draw", "points_modified_loss", "points_loss", "head_to_head",
    "late_entry_losses", "player_reports", "publish_decklists", "play_online",
}  # fmt: skip


SCORING_FIELDS = {
    "points_win", "points_modified_win", "points_draw", "points_modified_loss", "points_loss",
}  # fmt: skip


def _check_settings(values: Mapping[str, Any]) -> None:
    choices = {
        "format": Event.Format.values,
        "deck_format": Event.DeckFormat.values,
    }
    for key, allowed in choices.items():
        if key in values and values[key] not in allowed:
            raise EventError(f"Unknown {key.replace('_', ' ')} {values[key]!r}.")
    for key in ("rounds", "round_minutes", "cut_size"):
        value = values.get(key)
        if value is not None and (not isinstance(value, int) or value < 0 or value > 999):
            raise EventError(f"{key.replace('_', ' ').capitalize()} must be a whole number.")
    if values.get("rounds") == 0:
        raise EventError(
            "An event needs at least one Swiss round (leave it empty for the recommended number)."
        )
    cut = values.get("cut_size")
    if cut and (cut < 2 or cut & (cut - 1)):
        raise EventError(
            f"A top cut of {cut} cannot be a single-elimination bracket; "
            "use 2, 4, 8, 16 or 32 (0 for none)."
        )


@transaction.atomic
def event_create(*, organizer: Any, name: str, date: datetime.date, **settings: Any) -> Event:
    if organizer is None or not organizer.is_authenticated:
        raise PermissionDenied("Log in to organize an event.")
    unknown = set(settings) - EVENT_FIELDS
    if unknown:
        raise EventError(f"Unknown event setting {', '.join(sorted(unknown))}.")
    _check_settings(settings)
    event = Event(organizer=organizer, name=_clean_name(name, "event"), date=date, **settings)
    try:
        scoring_rules(event)
    except ValueError as error:
        raise EventError(f"Scoring: {error}.") from None
    event.save()
    audit(event, organizer, "event_created")
    return event


@transaction.atomic
def event_update(*, event: Event, user: Any, **settings: Any) -> Event:
    require_manager(event, user)
    unknown = set(settings) - EVENT_FIELDS - {"name", "date"}
    if unknown:
        raise EventError(f"Unknown event setting {', '.join(sorted(unknown))}.")
    _check_settings(settings)
    started = event.status != Event.Status.REGISTRATION
    locked = {"format", "deck_format"} & {k for k, v in settings.items() if getattr(event, k) != v}
    if started and locked:
        raise EventError("The format and deck format cannot change once rounds have started.")
    if "name" in settings:
        settings["name"] = _clean_name(settings["name"], "event")
    for key, value in settings.items():
        setattr(event, key, value)
    try:
        scoring_rules(event)
    except ValueError as error:
        raise EventError(f"Scoring: {error}.") from None
    event.save()
    if SCORING_FIELDS & set(settings):
        from tournaments.round_services import seats_rescore  # round_services imports us

        seats_rescore(event)
    audit(event, user, "event_updated", fields=sorted(settings))
    return event


@transaction.atomic
def co_organizer_add(*, event: Event, user: Any, username: str) -> User:
    require_manager(event, user)
    other = User.objects.filter(username=(username or "").strip()).first()
    if other is None:
        raise EventError(f"No account is named {username!r}.")
    event.co_organizers.add(other)
    audit(event, user, "co_organizer_added", username=other.username)
    return other


def _frozen_deck(event: Event, content: Any) -> dict[str, Any]:
    """Check a deck for the event's deck format and freeze it; refuse an illegal one."""
    if isinstance(content, Deck):
        name = content.name
        content = deck_to_json(content.to_spec())
    else:
        name = ""
    try:
        result = deck_check(content, event.deck_format)
    except UnreadableDeck as error:
        raise EventError(f"The decklist cannot be read: {error}", error.problems) from None
    if not result.valid:
        messages = [p["message"] for p in result.problems]
        raise EventError(
            f"The deck is not legal for {event.get_deck_format_display()}: " + " ".join(messages),
            messages,
        )
    return {
        "name": name or result.name,
        "house": result.deck.house,
        "json": deck_to_json(result.deck),
        "text": write_decklist(result.deck, card_name_index(), name=name or result.name),
    }


@transaction.atomic
def entrant_register(
    *,
    event: Event,
    user: Any,
    name: str = "",
    player: Any = None,
    deck: Any = None,
    partner: Any = None,
    partner_deck: Any = None,
) -> Entrant:
    """Register a player (an account, or a walk-in by name) with a deck legal for the event.

    ``deck`` is one of the player's own saved decks, a pasted decklist, or a JSON deck; it is
    validated for the event's deck format and frozen: later edits to a saved deck change nothing.
    Organizers register anyone; a logged-in player may register themselves while registration
    is open. After round 1 a late entrant joins the next round.
    """
    managing = can_manage(event, user)
    if not managing:
        if player is None or player != user or not user.is_authenticated:
            raise PermissionDenied("Only the organizers may register other players.")
        if event.status != Event.Status.REGISTRATION:
            raise EventError("Registration is closed; ask an organizer to add you.")
    Event.objects.select_for_update().filter(pk=event.pk).first()
    if event.status in (Event.Status.CUT, Event.Status.FINISHED):
        raise EventError("The Swiss rounds are over: nobody can join now.")
    if deck is None:
        raise EventError("Register a deck: choose one of your decks or paste a decklist.")
    if isinstance(deck, Deck) and (player is None or deck.owner_id != player.pk):
        raise EventError("A saved deck can only be registered by its owner.")
    if event.format == Event.Format.TEAMS and partner_deck is None:
        raise EventError("A two-on-two team registers two decks.")
    display = name or (player.username if player else "")
    if event.format == Event.Format.TEAMS and partner is not None and not name:
        display = f"{display} & {partner.username}"
    display = _clean_name(display, "player")
    if event.entrants.filter(name__iexact=display).exists():
        raise EventError(f"{display} is already registered.")
    if player is not None and event.entrants.filter(user=player).exists():
        raise EventError(f"{player.username} is already registered.")
    frozen = _frozen_deck(event, deck)
    partner_frozen = _frozen_deck(event, partner_deck) if partner_deck is not None else {}
    joined = event.round_set.filter(kind="swiss").count() + 1
    entrant = Entrant.objects.create(
        event=event,
        user=player,
        partner=partner,
        name=display,
        deck_name=frozen["name"],
        house=frozen["house"],
        decklist=frozen["json"],
        decklist_text=frozen["text"],
        partner_decklist=partner_frozen.get("json", {}),
        joined_round=joined,
        checked_in=managing and joined > 1,
    )
    audit(event, user, "entrant_registered", entrant=entrant.pk, name=display, round=joined)
    return entrant


@transaction.atomic
def entrant_check_in(*, entrant: Entrant, user: Any, checked_in: bool = True) -> Entrant:
    require_manager(entrant.event, user)
    entrant.checked_in = checked_in
    entrant.save(update_fields=["checked_in"])
    return entrant


@transaction.atomic
def entrant_drop(*, entrant: Entrant, user: Any) -> Entrant:
    """Drop an entrant after the last paired round: never paired again, results kept.

    An organizer may drop anyone; a player may drop themselves.
    """
    event = entrant.event
    own = user is not None and user.is_authenticated and entrant.user_id == user.pk
    if not own:
        require_manager(event, user)
    if entrant.dropped:
        raise EventError(f"{entrant.name} has already dropped.")
    entrant.dropped_after_round = event.round_set.count()
    entrant.save(update_fields=["dropped_after_round"])
    audit(
        event, user, "entrant_dropped", entrant=entrant.pk, after_round=entrant.dropped_after_round
    )
    return entrant


@transaction.atomic
def entrant_remove(*, entrant: Entrant, user: Any) -> None:
    """Remove a registration before round 1 (afterwards, drop instead: results stay)."""
    event = entrant.event
    require_manager(event, user)
    if entrant.seats.exists():
        raise EventError(f"{entrant.name} has played: drop them instead.")
    audit(event, user, "entrant_removed", name=entrant.name)
    entrant.delete()
