"""Writes to matches: create one, submit a player's action, move a bot, replay the log.

Keyword-only functions, each the outermost transaction. An action is applied under a row
lock on the match and only against the version the player saw, so two clicks at once or
a stale page never apply twice or out of order: the loser of such a race gets
:class:`StaleMatch` ("refresh"), never a half-applied action. Input a player can get wrong
raises :class:`MatchError` with a message; acting for a seat that is not yours raises
``PermissionDenied``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction

from gameplay.engine.actions import Action, ActionParseError
from gameplay.engine.bots import make_bots
from gameplay.engine.game import (
    ConfigError,
    GameConfig,
    IllegalAction,
    PlayerConfig,
    apply,
    legal_actions,
    new_game,
    outcome,
    to_act,
)
from gameplay.engine.observe import observe
from gameplay.engine.replay import ReplayError, replay
from gameplay.engine.state import GameState
from gameplay.models import Match, MatchAction, MatchSeat


class MatchError(ValueError):
    """Input a player can get wrong; the message says what and how to fix it."""


class StaleMatch(MatchError):
    """The match moved on since the page the action came from: refresh and decide again."""


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat: a user or a bot (``random``/``greedy``), and the deck played
    (:class:`~gameplay.engine.game.PlayerConfig`). In two-on-two, partners sit opposite
    (seats 1 and 3 against 2 and 4), as the engine seats them."""

    deck: PlayerConfig
    user: Any = None
    bot: str = ""
    deck_name: str = ""


def seat_deck(deck: Any, fmt: str = "casual") -> PlayerConfig:
    """The engine deck of a saved :class:`~decks.models.Deck`, if it is legal for ``fmt``
    (casual play by default); ``MatchError`` lists its problems otherwise."""
    from decks.selectors import card_infos
    from decks.validation.rules import validate

    spec = deck.to_spec()
    verdict = validate(spec, fmt, card_infos())
    if not verdict.valid:
        problems = "; ".join(str(p) for p in verdict.problems[:3])
        raise MatchError(f"{deck.name} is not legal for {fmt} play: {problems}")
    codes = tuple(code for code, count in spec.entries.items() for _ in range(count))
    return PlayerConfig(spec.house, codes, spec.agendas[0] if spec.agendas else None)


def core_deck(name: str) -> PlayerConfig:
    """One of the Core Set decks of ``fixtures/decks`` (``core-stark`` ...)."""
    from gameplay.engine.simulate import CORE_DECKS, load_deck

    if name not in CORE_DECKS:
        raise MatchError(f"{name!r} is not a Core deck; choose one of {', '.join(CORE_DECKS)}.")
    return load_deck(name)


def match_create(
    *,
    creator: Any,
    variant: str,
    seats: Sequence[SeatSpec],
    littlefinger: bool = False,
    round_limit: int = 10,
    is_public: bool = True,
    seed: int | None = None,
) -> Match:
    """Create a match with every seat taken and start it (setup is the first decision)."""
    for number, spec in enumerate(seats):
        if (spec.user is None) == (not spec.bot):
            raise MatchError(f"Seat {number + 1} needs either a player or a bot, not both.")
        if spec.bot and spec.bot not in MatchSeat.Bot.values:
            raise MatchError(f"Seat {number + 1}: {spec.bot!r} is not a bot (random, greedy).")
    seed = secrets.randbits(48) if seed is None else seed
    config = GameConfig(
        players=tuple(spec.deck for spec in seats),
        seed=seed,
        variant=variant,
        round_limit=round_limit,
        littlefinger=littlefinger,
    )
    try:
        state = new_game(config)
    except ConfigError as exc:
        raise MatchError(str(exc)) from exc
    with transaction.atomic():
        match = Match.objects.create(
            variant=variant,
            littlefinger=littlefinger,
            round_limit=round_limit,
            seed=seed,
            is_public=is_public,
            created_by=creator if getattr(creator, "is_authenticated", False) else None,
            state=state_text(state),
        )
        MatchSeat.objects.bulk_create(
            MatchSeat(
                match=match,
                number=number,
                user=spec.user,
                bot=spec.bot,
                house=spec.deck.house,
                agenda=spec.deck.agenda or "",
                deck=list(spec.deck.deck),
                deck_name=spec.deck_name,
            )
            for number, spec in enumerate(seats)
        )
    return match


def match_config(match: Match) -> GameConfig:
    """The engine configuration the match was created with (from its seats)."""
    seats = list(match.seats.order_by("number"))
    return GameConfig(
        players=tuple(PlayerConfig(s.house, tuple(s.deck), s.agenda or None) for s in seats),
        seed=match.seed,
        variant=match.variant,
        round_limit=match.round_limit,
        littlefinger=match.littlefinger,
    )


def match_act(*, match_id: int, user: Any, action: str, version: int) -> Match:
    """Apply ``action`` (``p<seat>:<kind>...``) for ``user``'s seat, if the match is still
    at ``version`` (what the player saw)."""
    with transaction.atomic():
        match = _locked(match_id)
        seats = [s.number for s in match.seats.all() if user is not None and s.user_id == user.pk]
        if not seats:
            raise PermissionDenied("Only a player seated at this match can act in it.")
        try:
            parsed = Action.parse(action)
        except ActionParseError as exc:
            raise MatchError(str(exc)) from exc
        if parsed.seat not in seats:
            raise PermissionDenied(f"Seat {parsed.seat + 1} is not yours.")
        return _apply(match, parsed, version, user)


def match_bot_move(*, match_id: int, version: int) -> bool:
    """Let the bot whose turn it is move, if the match is still at ``version``; True when
    it moved. Running it twice for one version moves once (the second finds a new
    version, or a person to act)."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.version != version or match.status != Match.Status.ACTIVE:
            return False
        state = match_state(match)
        waiting = to_act(state)
        bots = {s.number: s.bot for s in match.seats.all() if s.bot}
        seat = next((s for s in waiting if s in bots), None)
        if seat is None:
            return False
        bot = make_bots(bots[seat], len(state.players), match.seed + match.version)[seat]
        choice = bot.choose(observe(state, seat), legal_actions(state, seat))
        _apply(match, choice, version, None)
        return True


def match_replay(match: Match) -> GameState:
    """The match rebuilt from its seed, decks and action log (after a restart, or to check
    the stored state): raises ``MatchError`` if the log does not replay."""
    actions = list(match.actions.order_by("number").values_list("text", flat=True))
    try:
        return replay(match_config(match), actions)
    except ReplayError as exc:
        raise MatchError(f"Match {match.pk} does not replay: {exc}") from exc


def state_text(state: GameState) -> str:
    """The stored form of an engine state (JSON text that keeps its key order)."""
    return json.dumps(state.to_json(), separators=(",", ":"))


def match_state(match: Match) -> GameState:
    """The engine state stored on a match."""
    return GameState.from_json(json.loads(match.state))


def _locked(match_id: int) -> Match:
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        raise MatchError(f"There is no match {match_id}.")
    return match


def _apply(match: Match, action: Action, version: int, user: Any) -> Match:
    if match.status != Match.Status.ACTIVE:
        raise MatchError("This match is over.")
    if version != match.version:
        raise StaleMatch(
            f"The match has moved on (you saw move {version}, it is at move {match.version}): "
            "refresh to see the new position."
        )
    try:
        state = apply(match_state(match), action)
    except IllegalAction as exc:
        raise MatchError(str(exc)) from exc
    match.version += 1
    MatchAction.objects.create(
        match=match, number=match.version, seat=action.seat, text=str(action), user=user
    )
    match.state = state_text(state)
    result = outcome(state)
    if result is not None:
        match.result = result
        match.status = Match.Status.FINISHED
    match.save(update_fields=["state", "version", "result", "status", "updated"])
    return match
