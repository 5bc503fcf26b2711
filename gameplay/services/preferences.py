"""A person's passing preferences (gameplay/passing.py): kept on their account, changed
from the preferences page or the board of a match in play, and applied at once: a
change looks again at every match in play where the person must decide now, and queues
the automatic pass that is now due there (the same task as a bot's move), or drops the
one that no longer is."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from gameplay import passing
from gameplay.engine.card_facts import load_cards
from gameplay.models import Match, MatchSeat, PlayPreferences, user_pk
from gameplay.services.play import MatchError, _locked, after_change, bot_turn


def _quiet_cards(
    stored: Collection[str], shown: Collection[str], quiet: Collection[str]
) -> list[str]:
    """The card codes asked about only at the stops once a form that offered ``shown``
    said ``quiet``: the choice for the cards it showed, the stored one for the others."""
    known = load_cards()
    unknown = sorted({*shown, *quiet} - set(known))
    if unknown:
        raise MatchError(f"Unknown card codes: {', '.join(unknown)}.")
    if not set(quiet) <= set(shown):
        raise MatchError("Choose only among the cards the form showed.")
    kept = [code for code in stored if code not in set(shown)]
    found = list(dict.fromkeys([*kept, *quiet]))
    if len(found) > passing.QUIET_MAX:
        raise MatchError(
            f"At most {passing.QUIET_MAX} cards can be asked about only at your stops."
        )
    return found


def preferences_update(
    *,
    user: Any,
    windows: str,
    stops: Collection[str],
    shown: Collection[str] = (),
    quiet: Collection[str] = (),
) -> PlayPreferences:
    """Store ``user``'s passing preferences (created on first use) and apply them to the
    decisions they have now in their matches in play. ``shown`` are the cards the form
    offered to ask about only at the stops, ``quiet`` the ones ticked among them."""
    pk = user_pk(user)
    if pk is None:
        raise PermissionDenied("Log in to keep passing preferences.")
    if windows not in PlayPreferences.Windows.values:
        raise MatchError(f"{windows!r} is not a way of passing; choose one of the list.")
    unknown = set(stops) - set(passing.STOP_KEYS)
    if unknown:
        raise MatchError(f"Unknown stop points: {', '.join(sorted(unknown))}.")
    with transaction.atomic():
        prefs, _ = PlayPreferences.objects.select_for_update().get_or_create(user_id=pk)
        prefs.windows = windows
        prefs.stops = passing.clean_stops(stops)
        prefs.quiet_cards = _quiet_cards(prefs.quiet_cards or (), shown, quiet)
        prefs.save(update_fields=["windows", "stops", "quiet_cards", "updated"])
    deciding = (
        MatchSeat.objects.filter(
            user_id=pk, conceded=False, bot="", match__status=Match.Status.ACTIVE
        )
        .order_by("match_id")
        .values_list("match_id", "number", "match__waiting")
    )
    for match_id, number, waiting in deciding:
        if number in (waiting or ()):
            match_look_again(match_id=match_id)
    return prefs


def match_look_again(*, match_id: int) -> bool:
    """Note and queue the automatic move due now at match ``match_id`` (after a change of
    someone's passing preferences); True when one is due. A move already due keeps its
    time; one no longer due is dropped (its task, if queued, finds nothing to do). The
    match's version does not change: nobody else sees that anything happened."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.status != Match.Status.ACTIVE:
            return False
        bots = set(match.seats.exclude(bot="").values_list("number", flat=True))
        was = match.bot_due
        bot_turn(match, bots)
        if match.bot_due is not None and was is not None:
            match.bot_due = min(was, match.bot_due)
        if match.bot_due != was:
            match.save(update_fields=["bot_due"])
        if match.bot_due is None:
            return False
        after_change(match, bots=bots)
        return True


def preferences_of(user: Any) -> PlayPreferences:
    """``user``'s passing preferences: stored, or the defaults (not stored)."""
    return PlayPreferences.for_user(user_pk(user))
