"""Writes to tournaments: events, registration with frozen decklists, check-in, drops.

Keyword-only functions, each the outermost transaction; organizer rights are checked here
(``PermissionDenied``), and input a user can get wrong raises :class:`EventError` with a message.
Rounds, results and the cut live in ``tournaments.rounds.services``.
"""

from __future__ import annotations

import datetime
import secrets
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from accounts.services import light_account_create
from config.numbers import number_or_none
from decks.check import UnreadableDeck, deck_check
from decks.decklist import deck_to_json, write_decklist
from decks.models import Deck
from decks.selectors import card_name_index
from tournaments.decklinks import DeckLinkError, is_link, linked_deck
from tournaments.models import AuditEntry, Entrant, Event, Invitation, Round, Seat, Table
from tournaments.scoring import melee_points
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


def points_decimal(value: Fraction) -> Decimal:
    """A score as a seat stores it: two decimals."""
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"))


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


def _as_json(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime.date) else value


@transaction.atomic
def event_update(*, event: Event, user: Any, **settings: Any) -> Event:
    """Change an event's settings; the audit log keeps only what changed, before and after
    (saving the form unchanged changes and logs nothing)."""
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
    changes = {
        key: [_as_json(getattr(event, key)), _as_json(value)]
        for key, value in settings.items()
        if getattr(event, key) != value
    }
    if not changes:
        return event
    for key, value in settings.items():
        setattr(event, key, value)
    try:
        scoring_rules(event)
    except ValueError as error:
        raise EventError(f"Scoring: {error}.") from None
    event.save()
    if SCORING_FIELDS & set(changes):
        _seats_rescore(event)
    audit(event, user, "event_updated", changes=changes)
    return event


@transaction.atomic
def event_delete(*, event: Event, user: Any, confirm_name: str) -> dict[str, Any]:
    """Delete an event and everything in it (players, decklists, rounds, results, its audit
    log). Only its organizer may, typing the event's name to confirm. One audit entry,
    without an event, keeps who deleted what and when; it is returned."""
    if user is None or not user.is_authenticated or event.organizer_id != user.pk:
        raise PermissionDenied(
            f"Only the organizer of {event.name} ({event.organizer.username}) may delete it."
        )
    Event.objects.select_for_update().filter(pk=event.pk).first()
    if " ".join((confirm_name or "").split()).casefold() != event.name.casefold():
        raise EventError(
            f"To delete the event, type its name exactly as it is: {event.name}. "
            "Nothing was deleted."
        )
    detail = {
        "event": event.pk,
        "name": event.name,
        "date": event.date.isoformat(),
        "status": event.status,
        "entrants": event.entrants.count(),
        "rounds": event.round_set.count(),
    }
    event.delete()
    AuditEntry.objects.create(event=None, user=user, action="event_deleted", detail=detail)
    return detail


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
    """Check a deck for the event's deck format and freeze it; refuse an illegal one.

    ``content`` is a saved :class:`Deck`, a pasted list (text or JSON), or a pasted link of a
    published decklist or of a deck's share link (:mod:`tournaments.decklinks`), read now: the
    event keeps its own copy either way."""
    if isinstance(content, Deck):
        name = content.name
        content = deck_to_json(content.to_spec())
    elif is_link(content):
        try:
            linked = linked_deck(content)
        except DeckLinkError as error:
            raise EventError(str(error)) from None
        name, content = linked.name, linked.content
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


# One message for a deck id that does not exist and for one that is somebody else's: the
# answer must not tell whether a private deck exists. Forms and services both use it.
DECK_NOT_YOURS = (
    "That deck is not one of your saved decks: choose one of yours from the list, "
    "or paste a decklist."
)


CONSENT_NOT_YOURS = (
    "Only the player may agree to have their decklist published: they tick it when they "
    "register themselves, or later from their entry on the event page."
)


def _check_saved_deck(deck: Any, requester: Any, player: Any) -> None:
    """A saved deck is frozen into an event only by its owner registering themselves."""
    if not isinstance(deck, Deck):
        return
    own = (
        requester is not None
        and requester.is_authenticated
        and player is not None
        and player.pk == requester.pk
        and deck.owner_id == requester.pk
    )
    if not own:
        raise EventError(DECK_NOT_YOURS)


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
    publish_consent: bool = False,
) -> Entrant:
    """Register a player (an account, or a walk-in by name) with a deck legal for the event.

    ``deck`` is a pasted decklist, a JSON deck, the pasted link of a published decklist or of
    a deck's share link, or one of the requester's own saved decks when they register
    themselves; it is validated for the event's deck format and frozen: later edits to a saved
    deck, or unpublishing a list, change nothing. ``publish_consent`` (the player's own, when
    they register themselves: an organizer cannot give it for them) lets the organizer publish
    the deck if it finishes in the top decks (:mod:`tournaments.top_decks`). Organizers
    register anyone with a pasted list (to have an account's saved deck, they invite the
    account: :func:`invitation_create`); a logged-in player may register themselves while
    registration is open. After round 1 a late entrant joins the next round.
    """
    managing = can_manage(event, user)
    if not managing and (player is None or player != user or not user.is_authenticated):
        raise PermissionDenied("Only the organizers may register other players.")
    return _entrant_create(
        event=event,
        user=user,
        name=name,
        player=player,
        deck=deck,
        partner=partner,
        partner_deck=partner_deck,
        admitted=managing,
        publish_consent=publish_consent,
    )


def _entrant_create(
    *,
    event: Event,
    user: Any,
    name: str,
    player: Any,
    deck: Any,
    partner: Any,
    partner_deck: Any,
    admitted: bool,
    publish_consent: bool = False,
) -> Entrant:
    """Create the entry, the event locked and read again (a round may have been paired since
    the page was loaded). ``admitted``: an organizer registers it or invited the player, so it
    may come late (then the player is present: checked in).

    Two-on-two: a partner's account named by a player is asked (:func:`partner_accept`), never
    put on the team; the team waits for it. An organizer who pastes the partner's list links
    the account at once, as they link a player's account with a pasted list.
    """
    Event.objects.select_for_update().filter(pk=event.pk).first()
    event.refresh_from_db()
    if event.status in (Event.Status.CUT, Event.Status.FINISHED):
        raise EventError("The Swiss rounds are over: nobody can join now.")
    if not admitted and event.status != Event.Status.REGISTRATION:
        raise EventError("Registration is closed; ask an organizer to add you.")
    if player is not None:
        _check_free(event, player, you=player == user)
    if publish_consent and (player is None or player != user):
        raise EventError(CONSENT_NOT_YOURS)
    if deck is None:
        if player is not None and player != user:
            raise EventError(
                f"Paste {player.username}'s decklist, or invite the account instead: they then "
                "register one of their own saved decks."
            )
        raise EventError("Register a deck: choose one of your decks or paste a decklist.")
    _check_saved_deck(deck, user, player)
    _check_saved_deck(partner_deck, user, user)  # a partner's saved deck needs their own request
    teams = event.format == Event.Format.TEAMS
    if not teams:
        partner = partner_deck = None
    ask = partner is not None and (partner_deck is None or not can_manage(event, user))
    if ask and partner_deck is not None:
        raise EventError(PARTNER_NAMED_AND_PASTED)
    if teams and partner_deck is None and partner is None:
        raise EventError(
            "A two-on-two team registers two decks: paste the partner's decklist, or name the "
            "partner's account (they choose their own deck when they accept)."
        )
    if partner is not None and player is not None and partner.pk == player.pk:
        raise EventError("A team is two different players: choose another partner.")
    display = name or (player.username if player else "")
    if partner is not None and not ask and not name:
        display = f"{display} & {partner.username}"
    display = _clean_name(display, "player")
    if event.entrants.filter(name__iexact=display).exists():
        raise EventError(f"{display} is already registered.")
    if partner is not None:
        _check_free(event, partner, you=False)
    frozen = _frozen_deck(event, deck)
    partner_frozen = _frozen_deck(event, partner_deck) if partner_deck is not None else {}
    joined = event.round_set.filter(kind="swiss").count() + 1
    entrant = Entrant(
        event=event,
        user=player,
        partner=None if ask else partner,
        partner_invited=partner if ask else None,
        partner_request=Entrant.PartnerRequest.PENDING if ask else "",
        name=display,
        deck_name=frozen["name"],
        house=frozen["house"],
        decklist=frozen["json"],
        decklist_text=frozen["text"],
        partner_decklist=partner_frozen.get("json", {}),
        joined_round=joined,
        checked_in=admitted and joined > 1,
        publish_consent=publish_consent,
    )
    _save_seated(entrant)
    for account in (player, None if ask else partner):
        _seated(event, account, entrant)  # registered by any route: nothing is left to answer
    audit(event, user, "entrant_registered", entrant=entrant.pk, name=display, round=joined)
    if ask:
        audit(
            event,
            user,
            "partner_asked",
            entrant=entrant.pk,
            name=display,
            username=partner.username,
        )
    return entrant


# --- The join link ------------------------------------------------------------------------


def join_code_matches(event: Event, code: str) -> bool:
    return secrets.compare_digest(str(code), event.join_code)


@transaction.atomic
def event_join_by_link(
    *,
    event: Event,
    code: str,
    name: str = "",
    deck: Any = None,
    claim: Any = None,
    publish_consent: bool = False,
) -> tuple[User, Entrant]:
    """Someone at the store joins from the event's link (its QR code on the organizer's
    screen), with no account yet: a light account is made (:func:`light_account_create`)
    and either registered with ``name`` and a pasted ``deck`` (a list or its link), or bound
    to the entry the organizer already typed in for them (``claim``: the pk of an entry
    without an account). ``publish_consent``: the player's own consent to publishing their
    deck if it finishes in the top decks (kept on a claimed entry too: the player now gives
    it). Only while registration is open; nothing is made when it is refused."""
    if not join_code_matches(event, code):
        raise PermissionDenied("This is not the event's join link.")
    Event.objects.select_for_update().filter(pk=event.pk).first()
    event.refresh_from_db()
    if event.status != Event.Status.REGISTRATION:
        raise EventError("Registration is closed: ask an organizer to add you.")
    if claim not in (None, ""):
        entrant = (
            event.entrants.filter(pk=number_or_none(claim) or 0, user__isnull=True)
            .filter(dropped_after_round__isnull=True)
            .first()
        )
        if entrant is None:
            raise EventError("That entry is not free to claim any more: ask an organizer.")
        user = light_account_create(name=entrant.name)
        entrant.user = user
        entrant.publish_consent = bool(publish_consent)
        entrant.save(update_fields=["user", "publish_consent"])
        audit(event, user, "entrant_claimed", entrant=entrant.pk, name=entrant.name)
        return user, entrant
    if not (name or "").strip():
        raise EventError("Give your name, as the other players will see it.")
    if deck is None or not str(deck).strip():
        raise EventError("Paste your decklist: the deck you play tonight.")
    user = light_account_create(name=name)
    entrant = _entrant_create(
        event=event,
        user=user,
        name=name,
        player=user,
        deck=deck,
        partner=None,
        partner_deck=None,
        admitted=False,
        publish_consent=bool(publish_consent),
    )
    return user, entrant


def claimable_entries(event: Event) -> list[Entrant]:
    """The entries an organizer typed in without an account: someone joining from the
    link may claim theirs."""
    return list(
        event.entrants.filter(user__isnull=True, dropped_after_round__isnull=True).order_by("name")
    )


# --- Two-on-two partners -----------------------------------------------------------------

PARTNER_NAMED_AND_PASTED = (
    "Name your partner's account or paste your partner's decklist, not both: a partner with an "
    "account chooses their own deck when they accept."
)


def _entry_of(event: Event, account: Any) -> Entrant | None:
    """The entry ``account`` sits on in ``event``, as its player or as a partner."""
    return event.entrants.filter(Q(user=account) | Q(partner=account)).first()


def _check_free(event: Event, account: Any, *, you: bool) -> None:
    """An account sits on one entry per event: refuse a second (the event must be locked)."""
    entry = _entry_of(event, account)
    if entry is None:
        return
    if you:
        raise EventError(
            f"You are already registered in this event, on {entry.name}: an account sits on "
            "one team per event."
        )
    raise EventError(
        f"{account.username} is already registered in this event, on {entry.name}: an account "
        "sits on one team per event."
    )


def _save_seated(entrant: Entrant) -> None:
    """Save an entry that puts an account on it. The event lock makes the checks before it
    hold; should anything write past them, the database's constraints answer, as a message."""
    try:
        with transaction.atomic():
            entrant.save()
    except IntegrityError:
        raise EventError(
            "One of these players is already registered in this event: an account sits on one "
            "team per event. Reload the page to see the players."
        ) from None


def _seated(event: Event, account: Any, entry: Entrant) -> None:
    """``account`` now sits on ``entry``: its organizer's invitation is answered, and other
    teams' requests to it are closed (it can accept none of them now)."""
    if account is None:
        return
    now = timezone.now()
    Invitation.objects.filter(event=event, user=account, status=Invitation.Status.PENDING).update(
        status=Invitation.Status.ACCEPTED, answered=now
    )
    event.entrants.filter(
        partner_invited=account, partner_request=Entrant.PartnerRequest.PENDING
    ).exclude(pk=entry.pk).update(partner_request=Entrant.PartnerRequest.DECLINED)


def _team_for_update(entrant: Entrant) -> Entrant:
    """The event locked, then the team read again under the lock."""
    Event.objects.select_for_update().filter(pk=entrant.event_id).first()
    team = (
        Entrant.objects.select_for_update(of=("self",))
        .select_related("event", "user", "partner_invited")
        .filter(pk=entrant.pk)
        .first()
    )
    if team is None:
        raise EventError("That team is no longer registered.")
    return team


def _request_to(entrant: Entrant, user: Any) -> Entrant:
    """The team whose open partner request goes to ``user``, locked; or a clear refusal."""
    if user is None or not user.is_authenticated:
        raise PermissionDenied("Log in to answer a partner's request.")
    team = _team_for_update(entrant)
    if team.partner_invited_id != user.pk or team.partner_request != Entrant.PartnerRequest.PENDING:
        raise EventError("You have no open request to join that team.")
    return team


@transaction.atomic
def partner_accept(*, entrant: Entrant, user: Any, deck: Any) -> Entrant:
    """The account asked to be a team's partner joins it with a deck of its own: one of its
    saved decks or a pasted list, checked and frozen now, as at any registration.

    Refused while the account sits on another entry of the event. Accepted after rounds were
    paired, the team joins the next round (it was never paired while incomplete).
    """
    team = _request_to(entrant, user)
    event = team.event
    _open_for_entries(event)
    _check_free(event, user, you=True)
    if deck is None:
        raise EventError("Choose one of your decks or paste a decklist.")
    _check_saved_deck(deck, user, user)
    frozen = _frozen_deck(event, deck)
    team.partner = user
    team.partner_invited = None
    team.partner_request = ""
    team.partner_decklist = frozen["json"]
    played = event.round_set.filter(kind=Round.Kind.SWISS).count()
    team.joined_round = max(team.joined_round, played + 1)
    asked_by = team.name
    if team.user is not None and team.name == team.user.username:
        named = f"{team.name} & {user.username}"
        taken = event.entrants.filter(name__iexact=named).exclude(pk=team.pk).exists()
        if len(named) <= NAME_MAX and not taken:
            team.name = named
    _save_seated(team)
    _seated(event, user, team)
    audit(event, user, "partner_accepted", entrant=team.pk, name=asked_by, round=team.joined_round)
    return team


@transaction.atomic
def partner_decline(*, entrant: Entrant, user: Any) -> Entrant:
    """The account asked declines: the team stays incomplete until it asks someone else."""
    team = _request_to(entrant, user)
    team.partner_request = Entrant.PartnerRequest.DECLINED
    team.save(update_fields=["partner_request"])
    audit(team.event, user, "partner_declined", entrant=team.pk, name=team.name)
    return team


@transaction.atomic
def partner_ask(*, entrant: Entrant, user: Any, username: str) -> Entrant:
    """The team's player (or an organizer) asks another account to be the partner of a team
    that has none yet: after a decline, or instead of the account asked first."""
    event = entrant.event
    own = user is not None and user.is_authenticated and entrant.user_id == user.pk
    if not own and not can_manage(event, user):
        raise PermissionDenied("Only the team's player or an organizer may ask a partner.")
    team = _team_for_update(entrant)
    event = team.event
    _open_for_entries(event)
    if not team.awaiting_partner:
        raise EventError(f"{team.name} is complete: it has its two decks.")
    username = (username or "").strip()
    if not username:
        raise EventError("Give the username of the partner's account.")
    other = User.objects.filter(username=username).first()
    if other is None:
        raise EventError(f"No account is named {username!r}: check the spelling.")
    if other.pk == team.user_id:
        raise EventError("A team is two different players: choose another partner.")
    _check_free(event, other, you=other == user)
    team.partner_invited = other
    team.partner_request = Entrant.PartnerRequest.PENDING
    team.save(update_fields=["partner_invited", "partner_request"])
    audit(event, user, "partner_asked", entrant=team.pk, name=team.name, username=other.username)
    return team


# --- Invitations --------------------------------------------------------------------------


def _open_for_entries(event: Event) -> None:
    if event.status in (Event.Status.CUT, Event.Status.FINISHED):
        raise EventError("The Swiss rounds are over: nobody can join now.")


@transaction.atomic
def invitation_create(*, event: Event, user: Any, username: str) -> Invitation:
    """An organizer invites an account to register; it answers from the event page.

    Open while players can still join (a late entrant joins the next round). Inviting again an
    account that declined asks it again.
    """
    require_manager(event, user)
    event.refresh_from_db()
    _open_for_entries(event)
    username = (username or "").strip()
    if not username:
        raise EventError("Give the username of the account to invite.")
    invitee = User.objects.filter(username=username).first()
    if invitee is None:
        raise EventError(f"No account is named {username!r}: check the spelling.")
    if event.entrants.filter(Q(user=invitee) | Q(partner=invitee)).exists():
        raise EventError(f"{invitee.username} is already registered.")
    invitation, created = Invitation.objects.select_for_update().get_or_create(
        event=event, user=invitee, defaults={"invited_by": user}
    )
    if not created:
        if invitation.status == Invitation.Status.PENDING:
            raise EventError(f"{invitee.username} is already invited and has not answered yet.")
        invitation.status = Invitation.Status.PENDING
        invitation.invited_by = user
        invitation.answered = None
        invitation.save(update_fields=["status", "invited_by", "answered"])
    audit(event, user, "player_invited", username=invitee.username)
    return invitation


def _pending_invitation(event: Event, user: Any) -> Invitation:
    if user is None or not user.is_authenticated:
        raise PermissionDenied("Log in to answer an invitation.")
    invitation = (
        Invitation.objects.select_for_update()
        .filter(event=event, user=user, status=Invitation.Status.PENDING)
        .first()
    )
    if invitation is None:
        raise EventError("You have no open invitation to this event.")
    return invitation


@transaction.atomic
def invitation_accept(
    *,
    event: Event,
    user: Any,
    deck: Any,
    partner: Any = None,
    partner_deck: Any = None,
    publish_consent: bool = False,
) -> Entrant:
    """The invited player registers with one of their own saved decks or a pasted list.

    The organizer's invitation lets them in after round 1 too (joining the next round).
    """
    Event.objects.select_for_update().filter(pk=event.pk).first()
    _pending_invitation(event, user)  # _entrant_create marks it accepted
    entrant = _entrant_create(
        event=event,
        user=user,
        name="",
        player=user,
        deck=deck,
        partner=partner,
        partner_deck=partner_deck,
        admitted=True,  # the organizer asked them in, late or not
        publish_consent=publish_consent,
    )
    audit(event, user, "invitation_accepted", entrant=entrant.pk, name=entrant.name)
    return entrant


@transaction.atomic
def invitation_decline(*, event: Event, user: Any) -> Invitation:
    Event.objects.select_for_update().filter(pk=event.pk).first()
    invitation = _pending_invitation(event, user)
    invitation.status = Invitation.Status.DECLINED
    invitation.answered = timezone.now()
    invitation.save(update_fields=["status", "answered"])
    audit(event, user, "invitation_declined", username=user.username)
    return invitation


@transaction.atomic
def invitation_withdraw(*, invitation: Invitation, user: Any) -> None:
    """An organizer takes back an invitation not accepted (or clears a declined one)."""
    event = invitation.event
    require_manager(event, user)
    current = Invitation.objects.filter(pk=invitation.pk).first()
    if current is None:
        return  # withdrawn already (two organizers, or a second click)
    if current.status == Invitation.Status.ACCEPTED:
        raise EventError(
            f"{current.user.username} has accepted and is registered: remove or drop the "
            "player instead."
        )
    current.delete()
    audit(event, user, "invitation_withdrawn", username=current.user.username)


@transaction.atomic
def entrant_check_in(*, entrant: Entrant, user: Any, checked_in: bool = True) -> Entrant:
    require_manager(entrant.event, user)
    entrant.refresh_from_db(fields=["partner_request"])
    if checked_in and entrant.awaiting_partner:
        raise EventError(
            f"{entrant.name} has no partner yet: check the team in once its partner accepts."
        )
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
        event,
        user,
        "entrant_dropped",
        entrant=entrant.pk,
        name=entrant.name,
        after_round=entrant.dropped_after_round,
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


def _seats_rescore(event: Event) -> None:
    """Recompute the stored points of every reported seat (after the scoring settings change)."""
    rules = scoring_rules(event)
    tables = Table.objects.filter(
        round__event=event, round__kind=Round.Kind.SWISS, reported=True
    ).prefetch_related("seats")
    changed = []
    for table in tables:
        seats = list(table.seats.all())
        if table.is_bye:
            values = {s.entrant_id: rules.bye_points for s in seats}
        elif event.format == Event.Format.MELEE:
            values = melee_points(
                {s.entrant_id: s.place for s in seats},
                rules,
                forfeits={s.entrant_id for s in seats if s.outcome == Seat.Outcome.LOSS},
            )
        else:
            values = {s.entrant_id: rules.joust_points(s.outcome) for s in seats}
        for seat in seats:
            seat.points = points_decimal(values[seat.entrant_id])
            changed.append(seat)
    Seat.objects.bulk_update(changed, ["points"])
