"""Pages of matches: the lobby, a new match, joining, the board with its prompt, the
live poll, actions, chat, concede / draw / rematch, and the replay. Thin: each parses its
input, calls one service or selector, and renders (htmx requests get the named partials
of the same template, swapped out of band)."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from functools import lru_cache
from typing import Any

import orjson
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.functional import SimpleLazyObject
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRefresh

from config import push
from config.numbers import number_or_none
from decks.models import Deck
from gameplay import live, passing, services, viewstream
from gameplay.api import log_size
from gameplay.board import board
from gameplay.engine.card_facts import load_cards
from gameplay.engine.game import PlayerConfig
from gameplay.engine.replay import ReplayError
from gameplay.engine.simulate import STARTER_DECKS
from gameplay.forms import ChatForm, JoinForm, NewMatchForm, PassingForm
from gameplay.models import Match, MatchSeat, PlayPreferences, user_pk
from gameplay.replaynav import replay_at
from gameplay.selectors import Viewer, lobby, match_and_seats_or_404, offered_decks, viewer
from gameplay.services import manual
from gameplay.services.tournament import match_for_table
from gameplay.tableview import table_view

LIVE_URLS = ("act", "chat", "concede", "draw", "poll", "passing", "live", "table")
ACTIONS_PER_WINDOW = services.table.ACTIONS_PER_WINDOW
ACTION_WINDOW = services.table.ACTION_WINDOW


@lru_cache(maxsize=4096)
def _live_urls(pk: int, prefix: str) -> dict[str, str]:
    """The board's form and poll URLs of match ``pk`` (under the script ``prefix`` they
    were reversed with): reversed once per match and process rather than on every
    update of every open board. Callers only read the dict."""
    return {name: reverse(f"play:{name}", args=[pk]) for name in LIVE_URLS}


def _match(pk: int) -> Match:
    match = Match.objects.filter(pk=pk).order_by().first()  # one row: not by the default -updated
    if match is None:
        raise Http404(f"There is no match {pk}.")
    return match


def _token(request: HttpRequest, match: Match) -> str:
    return request.session.get(f"invite:{match.pk}", "")


def _watching(request: HttpRequest, match: Match, seats: list[MatchSeat]) -> Viewer:
    who = viewer(match, request.user, _token(request, match), seats)
    if not who.can_watch and not who.can_join:
        raise PermissionDenied("This match is private: only its players can see it.")
    return who


def _deck(user: Any, choice: str) -> tuple[PlayerConfig, str]:
    """The engine deck of a deck choice ("core:<name>" or "deck:<id>", the user's own)."""
    kind, _, value = (choice or "").partition(":")
    if kind == "core":
        return services.core_deck(value), STARTER_DECKS.get(value, value)
    if kind == "deck" and (pk := number_or_none(value)) is not None:
        deck = Deck.objects.filter(pk=pk, owner_id=user_pk(user)).first()
        if deck is not None:
            return services.seat_deck(deck), deck.name
    raise services.MatchError("Choose one of your decks or one of the decks offered.")


# --- Lobby, new match, joining ---------------------------------------------------------------


@require_GET
def lobby_page(request: HttpRequest) -> HttpResponse:
    return render(request, "gameplay/lobby.html", lobby(request.user))


@login_required
@require_http_methods(["GET", "POST"])
def new_match(request: HttpRequest) -> HttpResponse:
    form = NewMatchForm(request.POST or None, user=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            seats = _seat_specs(request.user, form.cleaned_data)
            match = services.match_create(
                creator=request.user,
                variant=form.cleaned_data["variant"],
                seats=seats,
                littlefinger=form.cleaned_data["littlefinger"],
                round_limit=form.cleaned_data["round_limit"],
                is_public=form.cleaned_data["is_public"],
                clock_minutes=form.cleaned_data["clock_minutes"],
                table_actions=form.cleaned_data["table_actions"],
                mulligan=form.cleaned_data["mulligan"],
            )
        except services.MatchError as error:
            form.add_error(None, str(error))
        else:
            request.session[f"invite:{match.pk}"] = match.invite_token
            return redirect("play:match", pk=match.pk)
    offered = offered_decks(form.fields["seat0_deck"].choices, request.user)
    context = {"form": form, "offered": offered}
    return render(request, "gameplay/new.html", context, status=400 if form.errors else 200)


def _seat_specs(user: Any, data: dict[str, Any]) -> list[services.SeatSpec]:
    users = get_user_model().objects
    specs = []
    for number in data["seats"]:
        who = data[f"seat{number}_who"]
        if who == "open":
            specs.append(services.SeatSpec())
        elif who == "invite":
            name = data[f"seat{number}_user"].strip()
            invited = users.filter(username__iexact=name).first()
            if invited is None:
                raise services.MatchError(f"Seat {number + 1}: there is no player {name!r}.")
            specs.append(services.SeatSpec(user=invited))
        else:
            deck, deck_name = _deck(user, data[f"seat{number}_deck"])
            specs.append(
                services.SeatSpec(
                    deck=deck,
                    user=user if who == "me" else None,
                    bot="" if who == "me" else who,
                    deck_name=deck_name,
                )
            )
    return specs


@require_GET
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    match = Match.objects.filter(invite_token=token).first()
    if match is None:
        raise Http404("This invitation link is not valid.")
    request.session[f"invite:{match.pk}"] = token
    return redirect("play:match", pk=match.pk)


@login_required
@require_POST
def join(request: HttpRequest, pk: int) -> HttpResponse:
    match = _match(pk)
    form = JoinForm(request.POST, user=request.user)
    try:
        if not form.is_valid():
            raise services.MatchError("Choose the deck you play.")
        deck, deck_name = _deck(request.user, form.cleaned_data["deck"])
        services.match_join(
            match_id=match.pk,
            user=request.user,
            deck=deck,
            deck_name=deck_name,
            token=_token(request, match),
        )
    except services.MatchError as error:
        messages.error(request, str(error))
    return redirect("play:match", pk=match.pk)


@login_required
@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        services.match_leave(match_id=pk, user=request.user)
    except services.MatchError as error:
        messages.error(request, str(error))
        return redirect("play:match", pk=pk)
    messages.success(request, "You left the match.")
    return redirect("play:lobby")


# --- The board --------------------------------------------------------------------------------


def _context(
    request: HttpRequest,
    match: Match,
    who: Viewer,
    seats: list[MatchSeat],
    log_from: int | None = None,
    table_menu: bool = True,
) -> dict[str, Any]:
    """The board's context; ``table_menu``: draw the Table menu (for a page that shows it,
    and a page's first drawing), else only its requests (``tableview.table_view``)."""
    context: dict[str, Any] = {
        "match": match,
        "urls": _live_urls(match.pk, get_script_prefix()),
        "seats": [
            {"seat": s, "clock": services.clock_left(match, s), "is_me": s.number == who.seat}
            for s in seats
        ],
        "viewer": who,
        "chat": lambda: list(match.messages.select_related("user").order_by("-id")[:50])[::-1],
    }
    context["me_offers_draw"] = any(s.offers_draw for s in seats if s.number == who.seat)
    if match.status == Match.Status.OPEN:
        context["join_form"] = JoinForm(user=request.user)
        context["invite_url"] = request.build_absolute_uri(
            reverse("play:invitation", args=[match.invite_token])
        )
        return context
    state = services.match_state(match)
    context |= board(state, who.seat, [s.who for s in seats], log_from=log_from)
    context["key"] = (context["decisions"] or {}).get("key", "")
    context["live"] = match.status == Match.Status.ACTIVE
    if who.seat is not None and context["live"] and match.table_actions:
        names = [s.who for s in seats]
        context["table"] = table_view(state, who.seat, names, menu=table_menu)
    if who.seat is not None and context["live"]:
        # The viewer's own passing preferences (read with the seats): for the Passing
        # control, and to say in their own prompt that the server is about to pass for
        # them (no other seat's page ever shows it).
        mine = next(s for s in seats if s.number == who.seat)
        prefs = SimpleLazyObject(lambda: PlayPreferences.of(mine.user))
        decisions = context["decisions"]
        if decisions and decisions["step"] == "window" and prefs.passes_now(state, who.seat):
            decisions["auto"] = True
            context["key"] += "-auto"
        context["passing"] = SimpleLazyObject(
            lambda: _passing(prefs, _quiet_choices(passing.any_phase_cards(state, who.seat)))
        )
    return context


# How the Passing control sums up a person's preferences.
PASSING_WORDS = {
    passing.PLAYABLE: "when I have nothing playable",
    passing.STOPS_ONLY: "everywhere but at my stops",
    passing.ALL: "never",
}


def _passing(prefs: Any, quiet_choices: list[tuple[str, str]]) -> dict[str, Any]:
    stops = len(prefs.stops or ())
    summary = PASSING_WORDS.get(prefs.windows, prefs.windows)
    if prefs.windows != passing.ALL:
        summary += f" · {stops} stop{'s' if stops != 1 else ''}"
    form = PassingForm.of(prefs, quiet_choices=quiet_choices, auto_id="passing-%s")
    return {"form": form, "summary": summary}


def _save_passing(user: Any, form: PassingForm) -> None:
    """Store the preferences of a valid Passing form (the board's or the page's)."""
    data = form.cleaned_data
    services.preferences_update(
        user=user,
        windows=data["windows"],
        stops=data["stops"],
        shown=data["shown"],
        quiet=data["quiet"],
    )


def _quiet_choices(codes: Any) -> list[tuple[str, str]]:
    """(code, name) of the known card codes among ``codes``, at most QUIET_MAX, by name."""
    cards = load_cards()
    known = {code: cards[code].name for code in codes if code in cards}
    return sorted(known.items(), key=lambda item: (item[1], item[0]))[: passing.QUIET_MAX]


@require_GET
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    match, seats = match_and_seats_or_404(pk)
    who = _watching(request, match, seats)
    if services.bot_overdue(match.bot_due) and match.status == Match.Status.ACTIVE:
        services.match_bot_requeue(match_id=pk, version=match.version)  # its move was lost
    context = _context(request, match, who, seats)
    _log_filter(request, context, who)
    if match.table_id is not None:  # the round as the event's pages name it ("Final")
        from tournaments.selectors import titled

        context["table_round"] = titled(match.table.round).title
    return render(request, "gameplay/match.html", context)


def _updates(
    request: HttpRequest, match: Match, who: Viewer, seats: list[MatchSeat], **options: Any
) -> HttpResponse:
    """The changed regions of a board (:func:`_updates_context`), drawn."""
    return render(request, UPDATES, _updates_context(request, match, who, seats, **options))


UPDATES = "gameplay/match.html#updates"


def _updates_context(
    request: HttpRequest,
    match: Match,
    who: Viewer,
    seats: list[MatchSeat],
    *,
    chat: bool,
    flash: str = "",
    known_key: str | None = None,
    log_seen: str = "",
    send_passing: bool = False,
) -> dict[str, Any]:
    """The context of the changed regions of a board, swapped out of band: the poller
    (with the new version), the board, the log lines the page does not have yet
    (``log_seen``: how many it has), the prompt only if what it asks changed (so that a
    selection in progress survives another player's move; ``known_key``: the prompt the
    page shows, None when not known), the chat if it changed, and the Passing control when
    it was just saved (``send_passing``). The Table menu is drawn only when the page says
    it shows it (``table=1``: the menu or a card menu is open, static/js/match.js);
    otherwise the page fetches it when it needs it (:func:`table_panel`)."""
    log_from = number_or_none(log_seen)
    shown = (request.GET if request.method == "GET" else request.POST).get("table") == "1"
    context = _context(request, match, who, seats, log_from, table_menu=shown)
    send_prompt = known_key is None or known_key != context.get("key", "")
    context |= {"oob": True, "send_prompt": send_prompt, "send_chat": chat, "flash": flash}
    context["send_passing"] = send_passing
    return context


@require_GET
def table_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The Table menu of the viewer's seat (``gameplay/_table.html#menu``), drawn when the
    page opens it or a card's menu: updates leave it out while it is shut. Only a seated
    player of a live match with table actions on has one."""
    match, seats = match_and_seats_or_404(pk)
    who = _watching(request, match, seats)
    if who.seat is None:
        return HttpResponse("Only a player seated at this match has a Table menu.", status=403)
    if match.status != Match.Status.ACTIVE or not match.table_actions:
        return HttpResponse("This match has no Table menu now: refresh the page.", status=409)
    state = services.match_state(match)
    context = {
        "match": match,
        "urls": _live_urls(match.pk, get_script_prefix()),
        "table": table_view(state, who.seat, [s.who for s in seats]),
    }
    return render(request, "gameplay/_table.html#menu", context)


def _log_filter(request: HttpRequest, context: dict[str, Any], who: Viewer) -> None:
    """The log's "Mine / All" filter without JavaScript: ``?log=mine`` keeps only the lines
    of the viewer's own seat's doings (``gameplay.board.log_lines``); a spectator has none,
    and sees every line."""
    mine = request.GET.get("log") == "mine" and who.seat is not None
    context["log_filter"] = "mine" if mine else "all"
    if mine and "log" in context:
        context["log"] = [line for line in context["log"] if line["mine"]]


@require_GET
def poll(request: HttpRequest, pk: int) -> HttpResponse:
    """The live check, every second from every open board: "nothing new" (204, from the
    shared cache, or one small query) unless the match or its chat moved on since what
    the page shows; then the regions that changed. A bot's move seen overdue is queued
    again."""
    seen, chat_seen = request.GET.get("v", ""), request.GET.get("c", "")

    def unchanged(row: Any) -> bool:
        return seen == str(row["version"]) and chat_seen == str(row["chat_version"])

    # The row the WSGI shortcut read from the cache when it could not settle the poll.
    row = request.META[live.ENVIRON_KEY] if live.ENVIRON_KEY in request.META else live.cached(pk)
    if row is None or live.time_is_up(row):
        row = live.stored(pk)
        if row is None:
            raise Http404(f"There is no match {pk}.")
        if live.time_is_up(row):
            services.match_check_clock(match_id=pk)  # takes the lock only when time is up
            row = live.stored(pk) or row
    # The bot's move was lost (a worker or the broker restarted): queue it again. Without
    # a broker it is made at once, so the row is read again.
    if live.bot_is_late(row) and services.match_bot_requeue(match_id=pk, version=row["version"]):
        row = live.stored(pk) or row
    if unchanged(row) and row["is_public"]:
        return HttpResponse(status=204)
    match, seats = match_and_seats_or_404(pk)
    who = _watching(request, match, seats)
    # The cache can run ahead of the database (a write not committed yet): the row read
    # now decides.
    if unchanged({"version": match.version, "chat_version": match.chat_version}):
        return HttpResponse(status=204)
    if request.GET.get("s") == Match.Status.OPEN and match.status != Match.Status.OPEN:
        return HttpResponseClientRefresh()  # the match started: load the board page
    chat = chat_seen != str(match.chat_version)
    log_seen, known_key = request.GET.get("e", ""), request.GET.get("k", "")
    if _spectators_share(match, who, known_key, log_seen):
        drawn, _log_count = _spectators_update(request, match, seats, chat=chat, log_seen=log_seen)
        return HttpResponse(drawn)
    return _updates(request, match, who, seats, chat=chat, known_key=known_key, log_seen=log_seen)


# How long a spectators' update is kept for the other spectators of the match: they look
# within a moment of each change (the push), and each version has a key of its own.
SPECTATORS_UPDATE_SECONDS = 5


def _spectators_share(match: Match, who: Viewer, known_key: str, log_seen: str) -> bool:
    """Whether the update of this viewer, whose page has the prompt ``known_key`` and
    ``log_seen`` lines of the log, is one every spectator of ``match`` gets alike
    (:func:`_spectators_update`). A spectator's update is the public view of the version
    (no seat's hidden cards, no form, no token), so it is drawn once per version and what
    the page says it has (its chat and log position), however many watch: a featured table
    with fifty spectators costs one render a move, not fifty. Not shared: a seated
    player's (their own view), an open match's (the join form), and a match with a chess
    clock (the clocks are read as the update is drawn). Who may watch at all was checked
    before."""
    if who.seat is not None or match.status == Match.Status.OPEN or match.clock_minutes:
        return False
    # A spectator has no prompt key.
    return known_key == "" and number_or_none(log_seen) is not None


def spectators_key(match: Match, chat: bool, log_seen: str) -> str:
    """The cache key of :func:`_spectators_update` (its value: the HTML and the log count)."""
    return f"play:watch:2:{match.pk}:{match.version}:{match.chat_version}:{int(chat)}:{log_seen}"


def _spectators_update(
    request: HttpRequest, match: Match, seats: list[MatchSeat], *, chat: bool, log_seen: str
) -> tuple[bytes, int]:
    """The update every spectator of ``match`` whose page shows ``log_seen`` lines of the
    log gets alike (:func:`_spectators_share` holds), with the chat when ``chat``; and how
    many lines of the log the page shows after it. Drawn once per version and page, shared
    through the cache by the polls and the spectators' streams of every process."""
    key = spectators_key(match, chat, log_seen)
    kept = cache.get(key)
    if kept is not None:
        return kept
    spectator = Viewer(seat=None, can_watch=True, can_join=False)
    context = _updates_context(
        request, match, spectator, seats, chat=chat, known_key="", log_seen=log_seen
    )
    drawn = (render_to_string(UPDATES, context, request).encode(), context.get("log_count", 0))
    cache.set(key, drawn, SPECTATORS_UPDATE_SECONDS)
    return drawn


def _drawn_for(request: HttpRequest, pk: int) -> tuple[bool, int | None, Any]:
    """Refuse (404, or PermissionDenied) a viewer who may not watch match ``pk``; whether
    their stream draws their updates (:func:`live_stream`), their seat (None: a
    spectator) and who they are (their user's number)."""
    match, seats = match_and_seats_or_404(pk)
    who = _watching(request, match, seats)
    live_now = match.status == Match.Status.ACTIVE
    drawn = live_now and (who.seat is not None or not match.clock_minutes)
    return drawn, who.seat, user_pk(request.user)


@require_GET
async def live_stream(request: HttpRequest, pk: int) -> HttpResponse:
    """The board's push (config/push.py), for whoever may watch the match.

    - A viewer of a live match is sent each change's update itself (``update``): the very
      answer their page's poll would get, drawn by the server process that holds the
      stream from the match it reads once per change for all its streams
      (gameplay/viewstream.py), so that a move costs no request of the pages that follow
      it. A seated player's is drawn for their seat alone; a spectator's is drawn once for
      every spectator (:func:`_spectators_update`). Each names the page it applies to
      (``from``: the version, chat version, log position and prompt key of the page the
      previous message left); a page that does not show exactly that looks instead
      (static/js/live.js). A move the player made themselves (``s`` in the push's message)
      is not drawn: their page has the act's answer, so they are only told of it.
    - Anyone else (an open match, a spectator of a match with a chess clock, whose clocks
      are read as the update is drawn), or a page that does not ask for drawn updates
      (``?draw=1``: a page served before them, with its script of then): "look again"
      messages (``change``), each with the match's version and chat version; the page then
      polls its own view.

    What a stream may send is decided when it opens: the viewer's seat, checked as the
    board's page checks it, so nothing a viewer may not see can travel here."""
    if not push.can_stream(request):
        return HttpResponse(status=204)  # no push from this server: the page polls
    try:
        drawn, seat, me = await push.checked(_drawn_for, request, pk)
    except PermissionDenied as error:
        return HttpResponse(str(error), status=403)
    if not drawn or request.GET.get("draw") != "1":  # a page of before drawn updates: told
        return push.stream_response(request, push.match_topic(pk))
    return push.stream_response(
        request, push.match_topic(pk), stream=lambda _topic: _board_events(request, pk, seat, me)
    )


# What a page shows, as a board's stream knows it: the version, chat version, log position
# and prompt key ("k": None when the stream does not know it).
Page = dict[str, Any]


async def _board_events(
    request: HttpRequest, pk: int, seat: int | None, me: Any
) -> AsyncIterator[str]:
    """The stream of the viewer at ``seat`` (None: a spectator) of match ``pk``, the user
    ``me`` (:func:`live_stream`): ``ready`` when it opens, with the version and chat
    version (``v``, ``c``) it follows from (a page that shows less looks, as on every
    ``ready``), then for each change the update since the page the previous message left,
    as JSON: ``v`` and ``c`` (the version and chat version it shows), ``from`` (the
    :data:`Page` it applies to) and ``html``; or, for a move the player made themselves,
    ``change``. A player's stream ends, before it draws, once their session no longer
    signs them in (read again every ``RECHECK_SECONDS``): the page opens it again, as who
    it is now."""
    follower = viewstream.Follower(pk, seat, 0)
    loop = asyncio.get_running_loop()
    page: Page | None = None  # what the page shows after the last message
    checked = time.monotonic()
    async with contextlib.aclosing(viewstream.reads(follower)) as found:
        async for read in found:
            if read is viewstream.QUIET:
                yield ": keep-alive\n\n"
                continue
            if follower.sent is not None and read.moment <= follower.sent:
                continue  # a read no newer than the last (this process subscribed again)
            follower.sent = read.moment
            if page is None or _made_by(follower, seat, page, read):
                told = page is not None
                page = await loop.run_in_executor(viewstream.READER, _page_of, read, seat)
                shows = orjson.dumps({"v": page["v"], "c": page["c"]}).decode()
                if told:  # its own move: the page has it, another tab of theirs looks
                    yield push.event("change", shows)
                else:  # what the stream follows from: a page that shows it looks for nothing
                    yield f"retry: {push.RETRY_MILLISECONDS}\n" + push.event(push.READY, shows)
                continue
            if seat is not None and time.monotonic() - checked >= viewstream.RECHECK_SECONDS:
                signed_in = viewstream.still_signed_in
                if not await loop.run_in_executor(viewstream.READER, signed_in, request, me):
                    return
                checked = time.monotonic()
            drawn, after = await loop.run_in_executor(
                viewstream.READER, _board_change, request, read, seat, page
            )
            message = {"v": after["v"], "c": after["c"], "from": page, "html": drawn.decode()}
            page = after
            yield push.event("update", orjson.dumps(message).decode())


def _made_by(
    follower: viewstream.Follower, seat: int | None, page: Page, read: viewstream.Read
) -> bool:
    """Whether ``read`` is the page's own move and nothing else: the message that brought
    it names the viewer's seat, and it is the one move after what the page shows."""
    said = follower.said
    return (
        seat is not None
        and said is not None
        and said.get("s") == seat
        and said.get("v") == read.match.version == page["v"] + 1
        and said.get("c") == read.match.chat_version == page["c"]
    )


def _page_of(read: viewstream.Read, seat: int | None) -> Page:
    """What the page of the viewer at ``seat`` shows of ``read`` once it has it (by a look,
    or its own act's answer); a player's prompt key is not known (a spectator has none)."""
    match = read.match
    key = None if seat is not None else ""
    # Every seat's log is the whole log (its hidden parts hidden), as the API counts it.
    return {"v": match.version, "c": match.chat_version, "e": log_size(match), "k": key}


def _board_change(
    request: HttpRequest, read: viewstream.Read, seat: int | None, page: Page
) -> tuple[bytes, Page]:
    """The update of ``read`` for the viewer at ``seat`` whose page shows ``page``: its
    HTML, and what the page shows after it."""
    match, seats = read.match, read.seats
    chat = page["c"] != match.chat_version
    after: Page = {"v": match.version, "c": match.chat_version, "k": None}
    if seat is None:
        drawn, after["e"] = _spectators_update(
            request, match, seats, chat=chat, log_seen=str(page["e"])
        )
        after["k"] = ""  # a spectator has no prompt key
        return drawn, after
    who = Viewer(seat=seat, can_watch=True, can_join=False)
    context = _updates_context(
        request, match, who, seats, chat=chat, known_key=page["k"], log_seen=str(page["e"])
    )
    after["e"], after["k"] = context.get("log_count", 0), context.get("key", "")
    return render_to_string(UPDATES, context, request).encode(), after


@require_GET
async def lobby_stream(request: HttpRequest) -> HttpResponse:
    """The lobby's push: a match opened, started or finished."""
    return push.stream_response(request, push.LOBBY)


@require_POST
def act(request: HttpRequest, pk: int) -> HttpResponse:
    """A decision from the prompt. Nothing is read before the service, which checks the
    seat is the user's under the match's lock and returns the match with its seats."""
    me = user_pk(request.user)
    flash = ""
    try:
        if me is None:
            raise PermissionDenied("Only a player seated at this match can act in it.")
        services.rate_limit(f"act:{pk}:{me}", ACTIONS_PER_WINDOW, ACTION_WINDOW, "actions")
        if request.POST.get("kind") == "pick":  # attackers or defenders, ticked, then Done
            match = services.match_pick(
                match_id=pk,
                user=request.user,
                seat=_seat(request),
                cards=request.POST.getlist("card"),
                version=_version(request),
            )
        else:
            text = _action_text(request)
            # A table action (by hand) may come from any seat at any time: its own service.
            act_with = (
                manual.match_table_act if manual.is_table_action(text) else services.match_act
            )
            match = act_with(match_id=pk, user=request.user, action=text, version=_version(request))
    except services.MatchError as error:  # StaleMatch included: "refresh"
        flash = str(error)
    except PermissionDenied as error:
        if not request.htmx:
            raise
        return HttpResponse(str(error), status=403)
    if not request.htmx:
        if flash:
            messages.error(request, flash)
        return redirect("play:match", pk=pk)
    if flash:  # the position the player must look at again
        match, seats = match_and_seats_or_404(pk)
    else:  # those the service read under the lock, their clocks charged
        seats = list(match.seats.all())
    who = viewer(match, request.user, "", seats)
    if who.seat is None:
        return HttpResponse("Only a player seated at this match can act in it.", status=403)
    return _updates(
        request,
        match,
        who,
        seats,
        chat=False,
        flash=flash,
        log_seen=request.POST.get("log_seen", ""),
    )


def _version(request: HttpRequest) -> int:
    # "seen" is the version the live page shows (updated by every poll); "version" is the
    # one the form was rendered with (pages without JavaScript).
    raw = request.POST.get("seen") or request.POST.get("version") or ""
    version = number_or_none(raw)
    if version is None:
        raise services.MatchError("The form did not say which move it answers; refresh.")
    return version


def _seat(request: HttpRequest) -> int:
    """The seat a form of the prompt names (setup, a searchable list, a pick)."""
    seat = number_or_none(request.POST.get("seat", ""))
    if seat is None:
        raise services.MatchError("The form did not say which seat it is for; refresh.")
    return seat


def _action_text(request: HttpRequest) -> str:
    """The action posted: a whole action string from a button, the setup cards ticked,
    or an option picked from a searchable list (these two name their seat)."""
    kind = request.POST.get("kind", "")
    if kind == "table:request":  # the Table menu: a verb on a card or a player, for a card
        post = request.POST
        return manual.request_text(
            post.get("seat", ""),
            post.get("target", ""),
            post.get("verb", ""),
            post.get("source", ""),
        )
    if kind in ("setup:place", "choose"):
        seat = _seat(request)
        if kind == "choose":
            return f"p{seat}:choose={request.POST.get('choice', '').strip()}"
        cards = ",".join(request.POST.getlist("card"))
        return f"p{seat}:setup:place" + (f":{cards}" if cards else "")
    action = request.POST.get("action", "")
    if not action:
        raise services.MatchError("No action was chosen.")
    return action


# --- Passing preferences ---------------------------------------------------------------------


@login_required
@require_POST
def passing_preferences(request: HttpRequest, pk: int) -> HttpResponse:
    """The Passing control of a board: store the player's passing preferences (they are
    the account's, for every match) and apply them to the decision at hand at once. With
    htmx the board's regions come back; without, the board page again."""
    match, seats = match_and_seats_or_404(pk)
    who = _watching(request, match, seats)
    form = PassingForm(request.POST, quiet_choices=_quiet_choices(request.POST.getlist("shown")))
    flash = "Passing preferences saved."
    try:
        if not form.is_valid():
            raise services.MatchError(form.problem())
        _save_passing(request.user, form)
    except services.MatchError as error:
        flash = str(error)
        if not request.htmx:
            messages.error(request, flash)
    else:
        if not request.htmx:
            messages.success(request, flash)
    if not request.htmx:
        return redirect("play:match", pk=pk)
    match, seats = match_and_seats_or_404(pk)  # without a broker the pass now due is already made
    return _updates(
        request,
        match,
        who,
        seats,
        chat=False,
        flash=flash,
        log_seen=request.POST.get("log_seen", ""),
        send_passing=True,
    )


@login_required
@require_http_methods(["GET", "POST"])
def preferences_page(request: HttpRequest) -> HttpResponse:
    """The account's passing preferences, for every match (the board has the same
    control)."""
    prefs = services.preferences_of(request.user)
    choices = _quiet_choices(prefs.quiet_cards or ())  # here: the cards chosen so far
    if request.method == "POST":
        form = PassingForm(request.POST, quiet_choices=choices)
        if form.is_valid():
            try:
                _save_passing(request.user, form)
            except services.MatchError as error:
                form.add_error(None, str(error))
            else:
                messages.success(request, "Passing preferences saved.")
                return redirect("play:preferences")
    else:
        form = PassingForm.of(prefs, quiet_choices=choices)
    return render(
        request,
        "gameplay/preferences.html",
        {"form": form},
        status=400 if form.errors else 200,
    )


# --- Around the board -------------------------------------------------------------------------


def _table_action(request: HttpRequest, pk: int, do, done: str) -> HttpResponse:
    match, seats = match_and_seats_or_404(pk)
    who = _watching(request, match, seats)
    flash = ""
    try:
        do(match)
        if done:
            messages.success(request, done)
    except services.MatchError as error:
        flash = str(error)
        messages.error(request, flash)
    if request.htmx:
        match, seats = match_and_seats_or_404(pk)
        list(messages.get_messages(request))  # shown in the flash area instead
        return _updates(request, match, who, seats, chat=True, flash=flash or done)
    return redirect("play:match", pk=pk)


@login_required
@require_POST
def concede(request: HttpRequest, pk: int) -> HttpResponse:
    return _table_action(
        request,
        pk,
        lambda m: services.match_concede(match_id=m.pk, user=request.user),
        "You conceded.",
    )


@login_required
@require_POST
def draw(request: HttpRequest, pk: int) -> HttpResponse:
    offer = request.POST.get("offer", "1") == "1"
    return _table_action(
        request,
        pk,
        lambda m: services.match_offer_draw(match_id=m.pk, user=request.user, offer=offer),
        "Draw offered." if offer else "Draw offer withdrawn.",
    )


@login_required
@require_POST
def chat(request: HttpRequest, pk: int) -> HttpResponse:
    form = ChatForm(request.POST)

    def send(match: Match) -> None:
        # Only what the form cleaned reaches the service; an invalid message is refused
        # with the form's reason, and nothing of it is stored.
        if not form.is_valid():
            raise services.MatchError(form.problem())
        services.match_chat(match_id=match.pk, user=request.user, text=form.cleaned_data["text"])

    return _table_action(request, pk, send, "")


@login_required
@require_POST
def rematch(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        new = services.match_rematch(match_id=pk, user=request.user)
    except services.MatchError as error:
        messages.error(request, str(error))
        return redirect("play:match", pk=pk)
    return redirect("play:match", pk=new.pk)


@login_required
@require_POST
def table_match(request: HttpRequest, table_id: int) -> HttpResponse:
    """An organizer opens (or reopens) a tournament table's match on the site."""
    from tournaments.models import Table

    table = Table.objects.select_related("round__event").filter(pk=table_id).first()
    if table is None:
        raise Http404(f"There is no table {table_id}.")
    try:
        match = match_for_table(table=table, user=request.user)
    except services.MatchError as error:
        messages.error(request, str(error))
        return redirect("tournaments:event_manage", table.round.event_id)
    return redirect("play:match", pk=match.pk)


@require_GET
def replay_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A finished match step by step, as a spectator saw it (public information only)."""
    match, seats = match_and_seats_or_404(pk)
    who = _watching(request, match, seats)
    if match.status != Match.Status.FINISHED:
        messages.info(request, "The replay opens once the match is over.")
        return redirect("play:match", pk=pk)
    actions = list(match.actions.order_by("number").values_list("text", flat=True))
    # ?step=N (none, no number or past the log: the end) or ?round=R&phase=P (its start;
    # one the match never had: the nearest step, and the page says so).
    try:
        at = replay_at(
            match_id=match.pk,
            stamp=match.created.isoformat(),
            config=services.match_config(match),
            actions=actions,
            step=request.GET.get("step"),
            round_=request.GET.get("round"),
            phase=request.GET.get("phase"),
        )
    except ReplayError as error:
        raise Http404(f"Match {pk} does not replay: {error}") from error
    context = {"match": match, "viewer": who, "step": at.step, "steps": at.steps, "nav": at}
    context |= board(at.state, None, [s.who for s in seats])
    for line in context["log"]:  # public lines; "Mine" reads the seat of the player watching
        line["mine"] = who.seat is not None and who.seat in line["seats"]
    context["log_query"] = f"step={at.step}&"
    _log_filter(request, context, who)
    return render(request, "gameplay/replay.html", context)
