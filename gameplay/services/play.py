"""Writes to matches: create one, submit a player's action, move a bot, replay the log.

Keyword-only functions, each the outermost transaction. An action is applied under a row
lock on the match and only against the version the player saw, so two clicks at once or
a stale page never apply twice or out of order: the loser of such a race gets
:class:`StaleMatch` ("refresh"), never a half-applied action. Input a player can get wrong
raises :class:`MatchError` with a message; acting for a seat that is not yours raises
``PermissionDenied``.
"""

from __future__ import annotations

import functools
import logging
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import orjson
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from kombu.exceptions import OperationalError

from config.compiled import CompiledRead
from config.numbers import number_or_none
from gameplay import host_offers
from gameplay.engine.actions import Action, ActionParseError
from gameplay.engine.bots import make_bots
from gameplay.engine.game import (
    ConfigError,
    GameConfig,
    IllegalAction,
    PlayerConfig,
    RulesLoop,
    apply,
    legal_actions,
    new_game,
    outcome,
    table_problem,
    to_act,
)
from gameplay.engine.observe import observe
from gameplay.engine.prompts import PICKED_TOGETHER
from gameplay.engine.replay import ReplayError, replay
from gameplay.engine.search import SearchBot
from gameplay.engine.state import GameState
from gameplay.engine.table import requests as table_requests
from gameplay.engine.table_bots import answer_request
from gameplay.models import Match, MatchAction, MatchSeat, PlayPreferences, user_pk
from gameplay.writes import save_move

logger = logging.getLogger(__name__)

# Called with a match and its seats as a committed change left them (``made=``).
Made = Callable[[Match, list[MatchSeat]], None]


class MatchError(ValueError):
    """Input a player can get wrong; the message says what and how to fix it."""


class StaleMatch(MatchError):
    """The match moved on since the page the action came from: refresh and decide again."""


class NoMatch(MatchError):
    """There is no match of that number."""


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat: a user or a bot (``search``, ``greedy``, ``random``) with the
    deck played (:class:`~gameplay.engine.game.PlayerConfig`); a user without a deck yet (invited,
    they pick it when they join); or nobody (an open seat, for the lobby or the link).
    In two-on-two, partners sit opposite (seats 1 and 3 against 2 and 4), as the engine
    seats them."""

    deck: PlayerConfig | None = None
    user: Any = None
    bot: str = ""
    deck_name: str = ""


def deck_problems(verdict: Any, most: int = 3) -> str:
    """A verdict's first problems as sentences (their messages, never the records)."""
    sentences = [p.message.strip() for p in verdict.problems[:most]]
    sentences = [s if s.endswith((".", "!", "?")) else f"{s}." for s in sentences if s]
    more = len(verdict.problems) - most
    if more > 0:
        sentences.append(f"And {more} more problem{'s' if more > 1 else ''}.")
    return " ".join(sentences)


def playable_decks(decks: Any, fmt: str = "casual") -> tuple[list[Any], list[tuple[Any, str]]]:
    """Saved decks split into those legal for ``fmt`` and the others, each with why not."""
    from decks.selectors import card_infos
    from decks.validation.rules import validate

    infos = card_infos()
    legal, illegal = [], []
    for deck in decks:
        verdict = validate(deck.to_spec(), fmt, infos)
        if verdict.valid:
            legal.append(deck)
        else:
            illegal.append((deck, deck_problems(verdict, most=1)))
    return legal, illegal


def seat_deck(deck: Any, fmt: str = "casual") -> PlayerConfig:
    """The engine deck of a saved :class:`~decks.models.Deck`, if it is legal for ``fmt``
    (casual play by default); ``MatchError`` lists its problems otherwise."""
    from decks.selectors import card_infos
    from decks.validation.rules import validate

    spec = deck.to_spec()
    verdict = validate(spec, fmt, card_infos())
    if not verdict.valid:
        raise MatchError(f"{deck.name} is not legal for {fmt} play. {deck_problems(verdict)}")
    codes = tuple(code for code, count in spec.entries.items() for _ in range(count))
    return PlayerConfig(spec.house, codes, spec.agendas[0] if spec.agendas else None)


def core_deck(name: str) -> PlayerConfig:
    """One of the decks every match offers (``fixtures/decks``: the Core Set decks such as
    ``core-stark`` and the House expansions' starter decks)."""
    from gameplay.engine.simulate import STARTER_DECKS, load_deck

    if name not in STARTER_DECKS:
        known = ", ".join(STARTER_DECKS)
        raise MatchError(f"{name!r} is not one of the decks offered; choose one of {known}.")
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
    clock_minutes: int = 0,
    rematch_of: Match | None = None,
    table: Any = None,
    table_actions: bool = True,
    mulligan: bool = False,
) -> Match:
    """Create a match. With every seat taken it starts at once (setup is the first
    decision); otherwise it waits in the lobby until players join the open seats."""
    _check_seats(variant, seats, littlefinger, round_limit)
    if not 0 <= clock_minutes <= 240:
        raise MatchError("The clock takes 0 (off) to 240 minutes per player.")
    with transaction.atomic():
        match = Match.objects.create(
            variant=variant,
            littlefinger=littlefinger,
            round_limit=round_limit,
            seed=new_seed() if seed is None else seed,
            is_public=is_public,
            created_by=creator if getattr(creator, "is_authenticated", False) else None,
            status=Match.Status.OPEN,
            clock_minutes=clock_minutes,
            rematch_of=rematch_of,
            table=table,
            table_actions=table_actions,
            mulligan=mulligan,
        )
        MatchSeat.objects.bulk_create(
            MatchSeat(
                match=match,
                number=number,
                user=spec.user,
                bot=spec.bot,
                house=spec.deck.house if spec.deck else "",
                agenda=(spec.deck.agenda or "") if spec.deck else "",
                deck=list(spec.deck.deck) if spec.deck else [],
                deck_name=spec.deck_name,
            )
            for number, spec in enumerate(seats)
        )
        if all(spec.deck is not None for spec in seats):
            _start(match, bots={number for number, spec in enumerate(seats) if spec.bot})
    return match


# A seed has this many bits from the system's secure generator: enough that nobody can
# search the seeds for the one that deals the hand they see (48 bits could be searched).
SEED_BITS = 128


def new_seed() -> int:
    """A fresh match seed: ``SEED_BITS`` random bits above a marker bit, so that every
    seed is beyond 64 bits and the engine keys its generator with all of them
    (:mod:`gameplay.engine.rng`). Secret while the match runs (no page shows it)."""
    return (1 << SEED_BITS) | secrets.randbits(SEED_BITS)


def engine_seed(seed: int) -> int | str:
    """The seed as the engine keeps it in a state: an integer while it fits in 64 bits
    (every match before 128-bit seeds, the golden replays), else its decimal text, which
    JSON carries exactly (orjson writes no integer beyond 64 bits). The engine derives
    the same stream from either form."""
    return seed if -(1 << 63) <= seed < (1 << 64) else str(seed)


def _check_seats(
    variant: str, seats: Sequence[SeatSpec], littlefinger: bool, round_limit: int
) -> None:
    users = [spec.user.pk for spec in seats if spec.user is not None]
    if len(users) != len(set(users)):
        raise MatchError("A player can take only one seat at a match.")
    if not users and all(spec.bot for spec in seats):
        raise MatchError("At least one seat must be for a person, not a bot.")
    for number, spec in enumerate(seats):
        if spec.user is not None and spec.bot:
            raise MatchError(f"Seat {number + 1} needs either a player or a bot, not both.")
        if spec.bot and spec.bot not in MatchSeat.Bot.values:
            raise MatchError(
                f"Seat {number + 1}: {spec.bot!r} is not a bot (search, greedy, random)."
            )
        if spec.bot and spec.deck is None:
            raise MatchError(f"Seat {number + 1}: choose the deck the bot plays.")
        if spec.deck is not None and spec.user is None and not spec.bot:
            raise MatchError(f"Seat {number + 1} has a deck but nobody to play it.")
    # The engine's own rules for the table (variant, players, Littlefinger, round limit),
    # so that a bad match is refused before it is stored, even with seats still open.
    problem = table_problem(variant, len(seats), littlefinger, round_limit)
    if problem:
        raise MatchError(problem)


def match_join(
    *,
    match_id: int,
    user: Any,
    deck: PlayerConfig,
    deck_name: str = "",
    token: str = "",
    seat: int | None = None,
) -> Match:
    """Take a seat with a deck: the seat reserved for ``user``, else ``seat`` or the first
    open one (a private match needs its invitation ``token``). The match starts when the
    last seat is filled."""
    if not getattr(user, "is_authenticated", False):
        raise PermissionDenied("Log in to take a seat.")
    with transaction.atomic():
        match = _locked(match_id)
        if match.status != Match.Status.OPEN:
            raise MatchError("This match has already started: every seat is taken.")
        seats = list(match.seats.select_for_update().order_by("number"))
        mine = next((s for s in seats if s.user_id == user.pk), None)
        if mine is not None and mine.deck:
            raise MatchError(f"You already sit at seat {mine.number + 1} of this match.")
        if mine is None:
            if not match.is_public and not secrets.compare_digest(token, match.invite_token):
                raise PermissionDenied("This match is private: join it from its invitation link.")
            free = [s for s in seats if s.is_open and (seat is None or s.number == seat)]
            if not free:
                raise MatchError(
                    "That seat is taken." if seat is not None else "Every seat is taken."
                )
            mine = free[0]
            mine.user = user
        mine.house = deck.house
        mine.agenda = deck.agenda or ""
        mine.deck = list(deck.deck)
        mine.deck_name = deck_name
        mine.save(update_fields=["user", "house", "agenda", "deck", "deck_name"])
        match.version += 1  # open pages see the seat taken
        match.save(update_fields=["version", "updated"])
        if all(s.deck for s in seats):
            _start(match, bots={s.number for s in seats if s.bot})
    return match


def match_leave(*, match_id: int, user: Any) -> Match:
    """Give up a seat before the match starts (it opens again for someone else)."""
    with transaction.atomic():
        match = _locked(match_id)
        if match.status != Match.Status.OPEN:
            raise MatchError("The match has started: concede instead of leaving.")
        pk = user_pk(user)
        seat = match.seats.filter(user_id=pk).first() if pk is not None else None
        if seat is None:
            raise MatchError("You have no seat at this match.")
        MatchSeat.objects.filter(pk=seat.pk).update(
            user=None, house="", agenda="", deck=[], deck_name=""
        )
        match.version += 1
        match.save(update_fields=["version", "updated"])
    return match


def _start(match: Match, *, bots: set[int]) -> None:
    """Deal the match: the engine state at its first decision (setup). ``bots``: the
    numbers of the bot seats."""
    try:
        state = new_game(match_config(match))
    except ConfigError as exc:  # decks changed since they were checked
        raise MatchError(str(exc)) from exc
    match.state = state_text(state)
    match.status = Match.Status.ACTIVE
    match.waiting = list(to_act(state))
    match.clock_since = timezone.now()
    bot_turn(match, bots, state)
    match.save(update_fields=["state", "status", "waiting", "clock_since", "bot_due", "updated"])
    after_change(match, bots=bots)


def match_config(match: Match) -> GameConfig:
    """The engine configuration the match was created with (from its seats)."""
    seats = list(match.seats.order_by("number"))
    return GameConfig(
        players=tuple(PlayerConfig(s.house, tuple(s.deck), s.agenda or None) for s in seats),
        seed=engine_seed(match.seed),
        variant=match.variant,
        round_limit=match.round_limit,
        littlefinger=match.littlefinger,
        table_actions=match.table_actions,
        mulligan=match.mulligan,
    )


def match_act(
    *, match_id: int, user: Any, action: str, version: int, made: Made | None = None
) -> Match:
    """Apply ``action`` (``p<seat>:<kind>...``) for ``user``'s seat, if the match is still
    at ``version`` (what the player saw). ``made``: as :func:`match_bot_move`'s."""
    with transaction.atomic():
        match, rows, seats = _locked_seats(match_id, user, made)
        try:
            parsed = Action.parse(action)
        except ActionParseError as exc:
            raise MatchError(str(exc)) from exc
        if parsed.seat not in seats:
            raise PermissionDenied(f"Seat {parsed.seat + 1} is not yours.")
        if parsed.kind == "pass" and _passed_for(match, version, parsed):
            return match  # the server made this very pass a moment before: done
        bots = {s.number for s in rows if s.bot}
        return _apply(match, parsed, version, user, bots=bots, seats=rows)


def match_pick(
    *,
    match_id: int,
    user: Any,
    seat: int,
    cards: Sequence[str],
    version: int,
    made: Made | None = None,
) -> Match:
    """Make ``seat``'s choice of attackers or defenders at once: a select of each of
    ``cards`` not yet selected, then done unless the last select finished the choice (a
    full selection does). Every step is tried on the position first, so a refused card
    changes nothing; each is then recorded as the decision it is (the replay shows
    them). ``made``: as :func:`match_bot_move`'s."""
    with transaction.atomic():
        match, rows, seats = _locked_seats(match_id, user, made)
        if seat not in seats:
            raise PermissionDenied(f"Seat {seat + 1} is not yours.")
        if match.status != Match.Status.ACTIVE:
            raise MatchError(
                "This match is over." if match.result else "This match has not started."
            )
        if version != match.version:
            raise StaleMatch(
                f"The match has moved on (you saw move {version}, it is at move "
                f"{match.version}): refresh to see the new position."
            )
        state = match_state(match)
        actions = pick_actions(state, seat, cards)
        bots = {s.number for s in rows if s.bot}
        for action in actions:
            match = _apply(match, action, match.version, user, bots=bots, state=state, seats=rows)
            state = match._parsed[1]
        return match


def pick_actions(state: GameState, seat: int, cards: Sequence[str]) -> list[Action]:
    """The decisions that make ``seat``'s pick of ``cards`` in its head prompt (of
    :data:`PICKED_TOGETHER`), tried in turn on ``state``; :class:`MatchError` names the
    first one the rules refuse. A card that cannot be picked alone (Thoros of Myr) goes
    after the others."""
    head = state.queue[0] if state.queue else {}
    purpose = head.get("purpose")
    if head.get("name") != "prompt" or head.get("seat") != seat or purpose not in PICKED_TOGETHER:
        raise MatchError("You are not choosing attackers or defenders now; refresh.")
    if len(set(cards)) != len(cards):
        raise MatchError("A card was picked twice.")
    alone = set(head.get("not_alone", ()))
    ordered = sorted(cards, key=lambda ref: ref in alone)  # stable: else as ticked
    trial = state
    try:
        actions = [Action(seat, "select", (r,)) for r in ordered if r not in head["selected"]]
        for action in actions:
            trial = apply(trial, action)
        now = trial.queue[0] if trial.queue and trial.result is None else {}
        if (
            now.get("name") == "prompt"
            and now.get("seat") == seat
            and now.get("purpose") == head["purpose"]
            and set(cards) <= set(now["selected"])
        ):
            actions.append(Action(seat, "done"))
            apply(trial, actions[-1])
    except ActionParseError as exc:
        raise MatchError(str(exc)) from exc
    except IllegalAction as exc:
        raise MatchError(str(exc)) from exc
    except RulesLoop as exc:
        raise MatchError(_loop_message(None, exc)) from exc
    return actions


def _passed_for(match: Match, version: int, action: Action) -> bool:
    """True when the pass ``action``, clicked on a page at ``version``, was made for its
    seat automatically (its passing preferences) right after that version: the click
    and the automatic pass are one decision, and the click is not refused as stale."""
    return (
        version < match.version
        and match.actions.filter(
            number=version + 1, seat=action.seat, text=str(action), automatic=True
        ).exists()
    )


def match_bot_move(
    *,
    match_id: int,
    version: int,
    search: bool | None = None,
    made: Made | None = None,
) -> bool:
    """Make the automatic move due at the match, if it is still at ``version``: the move
    of the bot whose turn it is, or the pass of a person whose passing preferences pass
    there (:mod:`gameplay.passing`, read now, under the lock); True when a move was made.
    Running it twice for one version moves once (the second finds a new version, or
    nobody to move for). Finding nobody, it clears the match's ``bot_due`` mark.

    The search bot thinks for up to a second: it decides before the lock is taken (the
    match read as it stands), and its choice is applied under the lock only if the match
    is still at ``version``; the other bots decide under the lock, at once. ``search``:
    whether a search bot sits at the match, as the change that queued the move read its
    seats under the lock (None: not known, asked here; False: nothing is read before the
    lock). ``made``: called with the match and its seats as the move left them once it
    has committed, before the change is published (the match host hands them to its
    process's view streams, which then need not read the match again)."""
    planned = None if search is False else _search_ahead(match_id, version, ask=search is None)
    with transaction.atomic():
        try:
            match, rows = _locked_with_seats(match_id, made)
        except MatchError:
            return False  # deleted since the move was queued
        if match.version != version or match.status != Match.Status.ACTIVE:
            return False
        bots = {s.number: s.bot for s in rows if s.bot}
        state = match_state(match)
        found = automatic_seat(match, set(bots), state, rows)
        if found is None:
            if match.bot_due is not None:  # a preference changed since, say: nothing due
                match.bot_due = None
                match.save(update_fields=["bot_due"])
            return False
        seat, person = found
        # A request waiting for the bot (table actions): answered before anything else.
        answer = answer_request(observe(state, seat)) if person is None else None
        if answer is not None:
            _apply(match, answer, version, None, state=state, bots=set(bots), seats=rows)
            return True
        if person is not None:  # the person's pass, by their preferences
            _apply(
                match,
                Action(seat, "pass"),
                version,
                None,
                state=state,
                bots=set(bots),
                seats=rows,
                automatic_for=person,
            )
            return True
        if planned is None or planned.seat != seat:
            planned = bot_choice(bots[seat], state, seat, match.seed + match.version)
        _apply(match, planned, version, None, state=state, bots=set(bots), seats=rows)
        return True


def bot_choice(bot: str, state: GameState, seat: int, seed: int) -> Action:
    """The move of the bot ``bot`` (a ``MatchSeat.Bot`` value) at ``seat``, seeded by
    ``seed`` (the match's seed plus its version): the search bot searches the state
    (it reads it only through its determinization, gameplay/engine/search.py) with the
    budget of ``SEARCH_BOT_PLAYOUTS`` and ``SEARCH_BOT_SECONDS``; the others see the view."""
    actions = legal_actions(state, seat)
    if bot == MatchSeat.Bot.SEARCH:
        searcher = SearchBot(
            seed * 31 + seat,
            playouts=settings.SEARCH_BOT_PLAYOUTS,
            max_seconds=settings.SEARCH_BOT_SECONDS,
        )
        return searcher.choose_in(state, seat, actions)
    return make_bots(bot, len(state.players), seed)[seat].choose(observe(state, seat), actions)


def _search_ahead(match_id: int, version: int, ask: bool = True) -> Action | None:
    """The search bot's move at ``match_id`` if one is due at ``version``, decided without
    a lock (None otherwise, and for anything the lock must decide: a table request). Most
    automatic moves are people's passes and the other bots' moves: unless the task was
    told a search bot sits there (``ask`` False), one small query finds that none does
    before the match and its state are read."""
    if ask and not MatchSeat.objects.filter(match_id=match_id, bot=MatchSeat.Bot.SEARCH).exists():
        return None
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.version != version or match.status != Match.Status.ACTIVE:
        return None
    bots = {s.number: s.bot for s in match.seats.all() if s.bot}
    state = match_state(match)
    found = automatic_seat(match, set(bots), state)
    if found is None or found[1] is not None or bots[found[0]] != MatchSeat.Bot.SEARCH:
        return None
    seat = found[0]
    if answer_request(observe(state, seat)) is not None:
        return None
    return bot_choice(bots[seat], state, seat, match.seed + match.version)


def automatic_seat(
    match: Match,
    bots: Collection[int],
    state: GameState | None = None,
    seats: Sequence[MatchSeat] = (),
) -> tuple[int, int | None] | None:
    """The seat whose decision the server makes now at ``match`` (its fields as they will
    be saved), with the person it passes for (None: a bot); None when every seat that
    must decide is a person who decides. A bot first; then a person whose preferences
    pass at this window (``state``: the match's state, read when needed; ``seats``: its
    seats read under the lock with their people's preferences,
    :func:`_locked_with_seats`, else the preferences are read now)."""
    if match.status != Match.Status.ACTIVE:
        return None
    if bots:  # a bot answers the requests made to it (table actions) whenever they come
        state = state if state is not None else match_state(match)
        asked = sorted({r["to"] for r in table_requests(state)} & set(bots))
        if asked:
            return asked[0], None
    for seat in match.waiting:
        if seat in bots:
            return seat, None
    people = [seat for seat in match.waiting if seat not in bots]
    if not people:
        return None
    state = state if state is not None else match_state(match)
    if not state.queue or state.queue[0]["name"] != "window":
        return None  # only windows pass by themselves: no query for anything else
    if not seats:
        seats = MatchSeat.with_people(match.pk).filter(number__in=people)
    for row in seats:
        if row.number not in people or row.bot or row.conceded or row.user_id is None:
            continue
        if PlayPreferences.of(row.user).passes_now(state, row.number):
            return row.number, row.user_id
    return None


def match_replay(match: Match) -> GameState:
    """The match rebuilt from its seed, decks and action log (after a restart, or to check
    the stored state): raises ``MatchError`` if the log does not replay."""
    actions = list(match.actions.order_by("number").values_list("text", flat=True))
    try:
        return replay(match_config(match), actions)
    except ReplayError as exc:
        raise MatchError(f"Match {match.pk} does not replay: {exc}") from exc


def state_text(state: GameState) -> str:
    """The stored form of an engine state (JSON text that keeps its key order). orjson
    writes and reads it several times faster than the standard library, and the state
    is written on every action and read on every update of every open board. orjson
    writes the state's dataclasses itself, field by field in their order: the text of
    ``state.to_plain()``, without building those dicts first (four times faster)."""
    return orjson.dumps(state).decode()


def match_state(match: Match) -> GameState:
    """The engine state stored on a match, parsed once per stored text (a request that
    applies an action and then renders the board reads the state it just wrote), and not
    parsed again while this process keeps it (:func:`_keep_state`). Never changed in
    place: the engine's ``apply`` makes a new state and leaves the one given alone."""
    text = match.state
    cached = getattr(match, "_parsed", None)
    if cached is not None and cached[0] is text:
        return cached[1]
    with _kept_lock:
        kept = _kept.get(match.pk)
    if kept is not None and kept[0] == text:  # the very text (unequal texts differ early)
        state = kept[1]
    else:
        state = GameState.from_json(orjson.loads(text), owned=True)
        _keep_state(match.pk, text, state)
    match._parsed = (text, state)
    return state


# The states this process read or wrote last, by match (``MATCH_STATES_KEPT``, LRU): the
# next decision, automatic move or view of a match in the same process (a match's socket,
# its host, its streams) finds it here instead of parsing the text again: a parse costs
# about as much as the rest of a move's work together (docs/PERFORMANCE.md).
_kept: OrderedDict[int, tuple[str, GameState]] = OrderedDict()
_kept_lock = threading.Lock()


def _keep_state(pk: int | None, text: str, state: GameState) -> None:
    most = settings.MATCH_STATES_KEPT
    if pk is None or most <= 0:
        return
    with _kept_lock:
        _kept[pk] = (text, state)
        _kept.move_to_end(pk)
        while len(_kept) > most:
            _kept.popitem(last=False)


# The read every action and automatic pass makes, its SQL built once (config/compiled.py).
_LOCKED_READ = CompiledRead(
    lambda pk: MatchSeat.with_people(pk).select_related("match").select_for_update(of=("match",))
)


def _locked_with_seats(match_id: int, made: Made | None = None) -> tuple[Match, list[MatchSeat]]:
    """The match, locked for this transaction, and its seats with their people and their
    passing preferences, all in one query (``FOR UPDATE OF`` the match's row only: the lock
    every write of a match takes). The seats are kept on the match: its ``seats.all()``
    answers from them, for the page drawn after the action. ``MatchError`` when there is
    no such match (every match has its seats from its creation on). ``made`` is called
    with the match and its seats as the transaction leaves them, once it has committed
    and before the change is published: registered here, first, so before the publish
    that the save asks for (a commit that changed nothing hands over a read no newer)."""
    rows = _LOCKED_READ(number_or_none(match_id) or 0)
    if not rows:
        raise NoMatch(f"There is no match {match_id}.")
    match = rows[0].match
    for row in rows[1:]:
        row.match = match
    _keep_seats(match, rows)
    if made is not None:
        transaction.on_commit(functools.partial(made, match, rows))
    return match, rows


def _search_bot_seated(match: Match) -> bool | None:
    """Whether a search bot sits at ``match``, from the seats :func:`_keep_seats` left on
    it (read under its lock); None when it has none kept (the task asks)."""
    kept = getattr(match, "_prefetched_objects_cache", {}).get("seats")
    if kept is None:
        return None
    return any(row.bot == MatchSeat.Bot.SEARCH for row in kept)


def _keep_seats(match: Match, rows: list[MatchSeat]) -> None:
    """Leave ``rows`` on ``match`` as ``prefetch_related("seats")`` would have (Django's
    prefetch does the same: a queryset of the relation with its results filled in), so
    that ``match.seats.all()`` answers from the rows read under the lock, and a filtered
    or ordered ``match.seats`` still queries."""
    kept = match.seats.get_queryset()
    kept._result_cache = rows
    kept._prefetch_done = True
    match._prefetched_objects_cache = {"seats": kept}


def _locked_seats(
    match_id: int, user: Any, made: Made | None = None
) -> tuple[Match, list[MatchSeat], list[int]]:
    """The match, locked for this transaction, its seats and their people
    (:func:`_locked_with_seats`), and the numbers of the seats ``user`` plays (not
    conceded). ``PermissionDenied`` when it plays none. ``made``: as
    :func:`_locked_with_seats`'s."""
    match, rows = _locked_with_seats(match_id, made)
    pk = user_pk(user)
    seats = [s.number for s in rows if pk is not None and s.user_id == pk and not s.conceded]
    if not seats:
        raise PermissionDenied("Only a player seated at this match can act in it.")
    return match, rows, seats


LOOP_MESSAGE = (
    "The rules engine could not finish that move: two card effects answer each other "
    "without end. Nothing was changed. Play the position on by hand with the Table actions, "
    "and please report the match."
)


def _loop_message(match: Match | None, exc: RulesLoop) -> str:
    """Log the loop for the maintainers (the match, where it looped) and give the player
    the words of :data:`LOOP_MESSAGE`, which name no card."""
    logger.error("Match %s: %s", match.pk if match is not None else "(a pick tried)", exc)
    return LOOP_MESSAGE


def _locked(match_id: int) -> Match:
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        raise NoMatch(f"There is no match {match_id}.")
    return match


def _apply(
    match: Match,
    action: Action,
    version: int,
    user: Any,
    *,
    bots: set[int],
    state: GameState | None = None,
    seats: Sequence[MatchSeat] = (),
    automatic_for: int | None = None,
) -> Match:
    """Apply ``action`` to ``match`` (locked by the caller); ``seats`` are its seats as
    the caller read them under the lock, kept up to date for the page drawn next.
    ``automatic_for``: the user whose pass the server makes by their preferences (logged
    as theirs, marked automatic)."""
    if match.status != Match.Status.ACTIVE:
        raise MatchError("This match is over." if match.result else "This match has not started.")
    if version != match.version and not _others_only_since(match, version, action.seat):
        raise StaleMatch(
            f"The match has moved on (you saw move {version}, it is at move {match.version}): "
            "refresh to see the new position."
        )
    try:
        state = apply(state or match_state(match), action)
    except IllegalAction as exc:
        raise MatchError(str(exc)) from exc
    except RulesLoop as exc:
        raise MatchError(_loop_message(match, exc)) from exc
    spend_clock(match, seats)
    match.version += 1
    # The seat whose person made this move themselves, for the push (gameplay/live.py): the
    # board that made it has its answer, and its stream need not draw it again.
    match.moved_by = action.seat if automatic_for is None and action.seat not in bots else None
    record = MatchAction(
        match=match,
        number=match.version,
        seat=action.seat,
        text=str(action),
        user_id=automatic_for if automatic_for is not None else user_pk(user),
        automatic=automatic_for is not None,
    )
    match.state = state_text(state)
    match._parsed = (match.state, state)
    _keep_state(match.pk, match.state, state)
    match.waiting = list(to_act(state))
    result = outcome(state)
    if result is not None:
        match.result = result
        match.status = Match.Status.FINISHED
        match.waiting = []
    bot_turn(match, bots, state, seats)
    changed = ["state", "version", "result", "status", "waiting", "clock_since", "bot_due"]
    save_move(match, record, changed)  # the action, then the match (one statement)
    after_change(match, bots=bots)
    return match


def _others_only_since(match: Match, version: int, seat: int) -> bool:
    """True when a page at ``version`` is still good for ``seat``: it must decide now and
    nobody acted for it since (only other seats did). That happens in the simultaneous
    steps (setup, choosing plots): the other player's choice changes nothing this seat
    sees, so the second of two players choosing at once is not sent to refresh."""
    if version > match.version or seat not in match.waiting:
        return False
    return not match.actions.filter(number__gt=version, seat=seat).exists()


def spend_clock(match: Match, seats: Sequence[MatchSeat] = ()) -> None:
    """Charge the time since the last decision to the people who had to decide (a clock
    runs only for people; bots decide at once). ``seats`` read under the lock are charged
    too, so that they show what was stored without being read again."""
    now = timezone.now()
    if match.clock_minutes and match.clock_since is not None:
        elapsed = (now - match.clock_since).total_seconds()
        MatchSeat.objects.filter(
            match=match, number__in=match.waiting, bot="", user__isnull=False
        ).update(clock_used=F("clock_used") + elapsed)
        for seat in seats:
            if seat.number in match.waiting and not seat.bot and seat.user_id is not None:
                seat.clock_used += elapsed
    match.clock_since = now


def bot_turn(
    match: Match,
    bots: Collection[int],
    state: GameState | None = None,
    seats: Sequence[MatchSeat] = (),
) -> None:
    """Note on ``match`` (saved next, ``bot_due`` with it) when its next automatic move is
    due (:func:`automatic_seat`: a bot's move, or a person's pass by their preferences):
    when its task is queued to run; None while only people who decide must decide.
    ``bots``: the numbers of the bot seats; ``state``: the match's state, if at hand;
    ``seats``: its seats with their people's preferences, if read under the lock."""
    due = automatic_seat(match, bots, state, seats) is not None
    delay = timedelta(seconds=settings.BOT_DELAY_SECONDS)
    match.bot_due = timezone.now() + delay if due else None


def after_change(match: Match, bots: set[int] | None = None) -> None:
    """Once the change commits: queue the automatic move if one is due (a bot's, or a
    person's pass), and report a finished tournament match to its round. ``bots`` are
    the bot seats when the caller read them under the lock and noted the due move
    (:func:`bot_turn`): then no task is queued while only people decide; without them
    the task is queued and finds out itself."""
    match_id, version = match.pk, match.version
    bot_waits = bots is None or match.bot_due is not None
    if match.status == Match.Status.ACTIVE and bot_waits:
        search = _search_bot_seated(match)
        transaction.on_commit(lambda: _queue_bot(match_id, version, search=search))
    elif match.status == Match.Status.FINISHED and match.table_id is not None:
        from gameplay.services.results import match_report_result

        transaction.on_commit(lambda: match_report_result(match_id=match_id))


# Tasks run in-process without a broker: a bot move queued by a bot move would then run
# inside it, one stack frame deeper per move. Instead the outermost call drains the moves
# in a loop, and calls made while it drains only leave the next move to it.
_draining = threading.local()


def answer_delay() -> float:
    """How long an automatic move (a bot's, or a person's pass) waits before it is made:
    ``BOT_DELAY_SECONDS`` and a random part of up to ``BOT_JITTER_SECONDS``, the same for
    both, so that nobody can tell them apart by a regular beat."""
    jitter = float(getattr(settings, "BOT_JITTER_SECONDS", 0.4))
    return float(settings.BOT_DELAY_SECONDS) + (_jitter.uniform(0, jitter) if jitter > 0 else 0.0)


_jitter = secrets.SystemRandom()


def _queue_bot(
    match_id: int, version: int, countdown: float | None = None, search: bool | None = None
) -> None:
    """Queue the automatic move of ``match_id`` at ``version`` (a bot's, or a person's
    pass), to run in ``countdown`` seconds (:func:`answer_delay` by default): on a match
    host's timer when one runs (gameplay/host.py) and no search bot sits there, else as a
    Celery task; ``search``: whether a search bot sits there, if known
    (:func:`match_bot_move`)."""
    from celery import current_app

    from gameplay.queue import BOT_MOVE, task

    if not current_app.conf.task_always_eager:
        delay = answer_delay() if countdown is None else countdown
        # The search bot thinks for up to a second: its moves (and those of a match not
        # known to have none) stay with Celery's processes, off the host's one thread.
        if search is not False or not host_offers.offer(match_id, version, delay, search):
            queue_task(match_id, version, delay, search)
        return
    bot_move_task = task(BOT_MOVE)
    args = (match_id, version) if search is None else (match_id, version, search)
    if getattr(_draining, "active", False):
        _draining.next = args
        return
    _draining.active = True
    try:
        pending: tuple[Any, ...] | None = args
        while pending is not None:
            _draining.next = None
            bot_move_task.apply(pending)
            pending = _draining.next
    finally:
        _draining.active = False


def queue_task(match_id: int, version: int, delay: float, search: bool | None = None) -> None:
    """Queue the Celery task of the automatic move of ``match_id`` at ``version``, to run in
    ``delay`` seconds (no match host took it, or one stopped before making it)."""
    from gameplay.queue import BOT_MOVE, task

    args = (match_id, version) if search is None else (match_id, version, search)
    try:
        task(BOT_MOVE).apply_async(args, countdown=delay)
    except OperationalError:
        # The broker is down: the change that gave the bot its turn is committed, and
        # its move is queued again once overdue (gameplay/services/bots.py).
        logger.warning("Broker unavailable: bot move of match %s waits for the sweep", match_id)
