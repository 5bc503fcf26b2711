"""What players do around the board: concede, offer a draw, ask for a rematch, chat, and
lose on time when the chess clock runs out. Each is the outermost transaction and takes
the match's row lock, like an action, so none of them races a move."""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from config import counters
from gameplay.engine.abilities import total_power
from gameplay.engine.game import PlayerConfig
from gameplay.models import Match, MatchMessage, MatchSeat, runs_out_at, user_pk
from gameplay.services.play import (
    MatchError,
    SeatSpec,
    _locked,
    after_change,
    bot_turn,
    match_create,
    match_state,
    spend_clock,
)

CHAT_MAX = 500
# At most this many chat lines per person per minute, and actions per match seat per
# ``ACTION_WINDOW`` seconds (a person clicks at most a few times a second; a script that
# floods the match is cut off).
CHAT_PER_MINUTE = 20
ACTIONS_PER_WINDOW = 30
ACTION_WINDOW = 10

logger = logging.getLogger(__name__)


class RateLimited(MatchError):
    """Too many requests in a short time; the message says when to try again."""


def rate_limit(key: str, limit: int, seconds: int, what: str) -> None:
    """Count one request under ``key``; refuse once ``limit`` are counted in the window.
    The count lives in the cache (shared by workers when the cache is shared)."""
    count = counters.count(key, seconds)
    if count > limit:
        raise RateLimited(f"Too many {what}: wait a few seconds and try again.")


def _my_seats(match: Match, user: Any) -> list[MatchSeat]:
    pk = user_pk(user)
    seats = [
        s
        for s in match.seats.select_for_update().order_by("number")
        if pk is not None and s.user_id == pk
    ]
    if not seats:
        raise PermissionDenied("Only a player seated at this match can do that.")
    return seats


def _sides(match: Match) -> dict[int, list[int]]:
    """Seats by side: a team in two-on-two (partners opposite), else one seat each."""
    numbers = list(match.seats.values_list("number", flat=True))
    if match.variant == Match.Variant.TEAMS:
        return {team: [n for n in numbers if n % 2 == team] for team in (0, 1)}
    return {n: [n] for n in numbers}


def _finish(match: Match, result: dict[str, Any], seats: list[MatchSeat] | None = None) -> None:
    if match.state:
        state = match_state(match)
        result["final_power"] = [total_power(state, p.seat) for p in state.players]
    match.result = result
    match.status = Match.Status.FINISHED
    match.waiting = []
    match.bot_due = None
    match.version += 1  # every viewer's poll sees the end
    match.save(update_fields=["result", "status", "waiting", "bot_due", "version", "updated"])
    after_change(match)


def _side_result(match: Match, losing_side: int, reason: str) -> dict[str, Any]:
    sides = _sides(match)
    other = next(side for side in sides if side != losing_side)
    if match.variant == Match.Variant.TEAMS:
        return {"team": other, "winners": sides[other], "reason": reason}
    return {"winner": other, "reason": reason}


def match_concede(*, match_id: int, user: Any) -> Match:
    """Concede: in a joust or two-on-two the other side wins; in a melee the seat is
    played on by the greedy bot so that the others can finish, and the match ends only
    when no person is left playing."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.status != Match.Status.ACTIVE:
            raise MatchError("Only a match in play can be conceded.")
        seat = next((s for s in _my_seats(match, user) if not s.conceded), None)
        if seat is None:
            raise MatchError("You have already conceded this match.")
        seat.conceded = True
        seat.save(update_fields=["conceded"])
        if match.variant != Match.Variant.MELEE:
            side = seat.number % 2 if match.variant == Match.Variant.TEAMS else seat.number
            result = _side_result(match, side, "concession")
            result["conceded"] = [seat.number]
            _finish(match, result)
            return match
        people = match.seats.filter(bot="", conceded=False, user__isnull=False)
        if not people.exists():
            _finish(match, {"winner": None, "reason": "abandoned", "conceded": [seat.number]})
            return match
        seat.bot = MatchSeat.Bot.GREEDY
        seat.save(update_fields=["bot"])
        match.version += 1  # the seat changed hands: viewers refresh, the bot moves
        spend_clock(match)
        bots = set(match.seats.exclude(bot="").values_list("number", flat=True))
        bot_turn(match, bots)
        match.save(update_fields=["version", "clock_since", "bot_due", "updated"])
        after_change(match, bots=bots)
    return match


def match_offer_draw(*, match_id: int, user: Any, offer: bool = True) -> Match:
    """Offer (or withdraw) a draw; it is agreed when every side still playing offers it.
    In two-on-two a partner's offer speaks for the team; in a melee every person must
    agree (bots always accept)."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.status != Match.Status.ACTIVE:
            raise MatchError("A draw can be offered only while the match is in play.")
        mine = _my_seats(match, user)
        for seat in mine:
            seat.offers_draw = offer
            seat.save(update_fields=["offers_draw"])
        seats = {s.number: s for s in match.seats.all()}
        agreed = all(
            any(seats[n].offers_draw or seats[n].bot for n in numbers)
            for numbers in _sides(match).values()
        )
        if offer and agreed:
            _finish(match, {"winner": None, "reason": "agreed_draw"})
            return match
        match.version += 1  # the offer shows on every board
        match.save(update_fields=["version", "updated"])
    return match


def match_rematch(*, match_id: int, user: Any) -> Match:
    """A new match with the same seats, decks and settings (a new shuffle), created by a
    player of the finished one; the others are seated already and simply play on."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise MatchError(f"There is no match {match_id}.")
    if match.status != Match.Status.FINISHED:
        raise MatchError("A rematch can be started once the match is over.")
    seats = list(match.seats.order_by("number"))
    if user_pk(user) is None or not any(s.user_id == user_pk(user) for s in seats):
        raise PermissionDenied("Only a player of the match can ask for a rematch.")
    earlier = match.rematches.first()
    if earlier is not None:
        return earlier  # both players clicking "rematch" meet at one table
    specs = [
        SeatSpec(
            deck=PlayerConfig(s.house, tuple(s.deck), s.agenda or None),
            user=s.user if s.user_id else None,
            bot="" if s.user_id else s.bot,
            deck_name=s.deck_name,
        )
        for s in seats
    ]
    with transaction.atomic():
        _locked(match_id)  # two rematch clicks at once create one match
        earlier = match.rematches.first()
        if earlier is not None:
            return earlier
        return match_create(
            creator=user,
            variant=match.variant,
            seats=specs,
            littlefinger=match.littlefinger,
            round_limit=match.round_limit,
            is_public=match.is_public,
            clock_minutes=match.clock_minutes,
            rematch_of=match,
            mulligan=match.mulligan,
        )


def match_chat(*, match_id: int, user: Any, text: str) -> MatchMessage:
    """A chat line from a player of the match (stored as typed; pages escape it)."""
    text = (text or "").strip()
    if not text:
        raise MatchError("Type a message first.")
    if len(text) > CHAT_MAX:
        raise MatchError(f"A message holds at most {CHAT_MAX} characters ({len(text)} typed).")
    if "\x00" in text:  # PostgreSQL refuses it in text: never let it reach the database
        raise MatchError("A message cannot hold a NUL character; type it again without it.")
    if user_pk(user) is None:
        raise PermissionDenied("Log in to chat.")
    rate_limit(f"chat:{user_pk(user)}", CHAT_PER_MINUTE, 60, "messages")
    with transaction.atomic():
        match = _locked(match_id)
        if not match.seats.filter(user_id=user_pk(user)).exists():
            raise PermissionDenied("Only the players of a match can chat in it.")
        message = MatchMessage.objects.create(match=match, user=user, text=text)
        match.chat_version += 1
        match.save(update_fields=["chat_version"])
    return message


def clock_left(match: Match, seat: MatchSeat) -> float | None:
    """Seconds left on ``seat``'s clock now (None without a clock)."""
    if not match.clock_minutes:
        return None
    used = seat.clock_used
    if (
        match.status == Match.Status.ACTIVE
        and seat.number in match.waiting
        and match.clock_since is not None
    ):
        used += (timezone.now() - match.clock_since).total_seconds()
    return max(0.0, match.clock_minutes * 60 - used)


def match_check_clock(*, match_id: int) -> Match | None:
    """End the match if a person who must decide has run out of time: they lose (in a
    melee, a bot plays on for them as if they had conceded). The poll of an open board
    calls it once the deadline has passed, and so does the sweep for the matches nobody
    watches (:func:`gameplay.services.match_clock_sweep`): the same result either way,
    once (under the row lock a second call finds the flag fallen). When nobody has run
    out, the stored deadline is put right if a change written around ``save()`` left
    it early, so that the sweep does not come back for it."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.status != Match.Status.ACTIVE or not match.clock_minutes:
            return None
        now = timezone.now()
        late = [
            s
            for s in match.seats.filter(bot="", user__isnull=False, conceded=False)
            if s.number in match.waiting
            and match.clock_since is not None
            and runs_out_at(match.clock_since, match.clock_minutes, s.clock_used) <= now
        ]
        if not late:
            due = match.reckon_clock_deadline()
            if due != match.clock_deadline:
                match.save(update_fields=["clock_since"])  # stores the deadline again
            return None
        seat = late[0]
        logger.info("Match %s: seat %s ran out of time", match.pk, seat.number + 1)
        if match.variant == Match.Variant.MELEE:
            return match_concede(match_id=match.pk, user=seat.user)
        side = seat.number % 2 if match.variant == Match.Variant.TEAMS else seat.number
        _finish(match, _side_result(match, side, "time") | {"out_of_time": [seat.number]})
        return match
