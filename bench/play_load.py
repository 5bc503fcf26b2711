"""Load test: many matches played at once through the real HTTP endpoints.

Each match has two seated players whose clients behave as the board page does in a browser:
they poll ``/play/<id>/poll/`` every second with the version, chat version and prompt key
they have, and when their prompt offers decisions they wait a "think time", pick one at
random (the empty setup, or a random button) and post it to ``/play/<id>/act/`` with the
CSRF token and the version they saw, then read the partial that comes back. Spectators
poll public matches the same way. A finished match is followed by a rematch.

With ``--celery-worker`` (and ``CELERY_BROKER_URL``) a Celery worker makes the automatic
moves, as in the README's production, each after ``BOT_DELAY_SECONDS``; its CPU counts as
the server's. Without it tasks run eagerly inside the request that made them due.

With ``--push`` the clients behave as the board does when its push is open
(static/js/live.js): each follows its match's stream ``/play/<id>/live/?draw=1``, swaps in an
update it is sent when the update follows what it shows (its prompt too, even while it
thinks: it then decides on what it sees), looks (the same poll request) when told of a
version it does not show (a ``ready`` names the one its stream follows from) and when an
update does not follow, and polls on its own only every 30 s. The ASGI server (``--server
uvicorn``) holds the streams; under gunicorn the stream is refused and the clients poll as
the board does then.

With ``--client json`` (and ``--push``) the clients play through the match's JSON API
instead (gameplay/api.py), as a board drawn in the browser would: on each nudge they read
their view as JSON from the log position they have, and post a decision as JSON. With
``--client json-views`` they are sent their views instead (gameplay/viewstream.py), and
ask for one only at the safety pace. With ``--client json-socket`` their views come and
their decisions go over the match's socket (gameplay/matchsocket.py): no request a move.

Beside the round trips, it measures "action to update": from the moment a player sends
an action to the moment each other client of the match (the opponent, the spectators)
has the position it led to, whatever brought it (a poll, a look after a push).

The server is the production configuration (gunicorn, PostgreSQL, Redis for the cache);
by default this script starts it itself (``--start-server``) on the database of
``DATABASE_URL`` and stops it afterwards; the set-up (users, sessions, matches) is done
through the ORM and is not measured.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/maester_bench \\
    CACHE_URL=redis://127.0.0.1:6379/1 \\
    .venv/bin/python bench/play_load.py --matches 50,100,200 --duration 60
    # the same with the push: uvicorn beside gunicorn holds the streams
    .venv/bin/python bench/play_load.py --matches 50,100,200 --duration 60 --push

It prints, for each number of concurrent matches, the round trip of an action (the POST
and its response) and of a poll, at the median and the 95th percentile, the request
rates, and errors; ``--json`` writes them to a file. It also counts the moves the server
applied in the measured window (the decisions recorded in the database, the clients' and
the automatic passes) and the server's CPU per move: a click on a pass the server has made
already is an action but no move, and the board's clients make many, the JSON clients few.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench._setup import machine

ROOT = Path(__file__).resolve().parents[1]
ACTION = re.compile(r'name="action" value="([^"]+)"')
POLL = re.compile(r'hx-get="(/play/\d+/poll/\?[^"]+)"')
SEEN = re.compile(r'id="seen" name="seen" value="(\d+)"')
SEAT = re.compile(r'name="seat" value="(\d+)"')
LOG_SEEN = re.compile(r'id="log-seen" name="log_seen" value="(\d+)"')
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
PROMPT = re.compile(r'<section id="prompt"[^>]*>(.*?)</section>', re.S)
FINISHED = "Game over"
# A pushed board polls on its own only this often (static/js/live.js SAFETY_MS).
SAFETY_POLL = 30.0
# The attackers or defenders form (board._pick): its tiles, ticked, then Done.
PICK = re.compile(r'<form[^>]*class="pick-form"[^>]*data-max="(\d+)"(.*?)</form>', re.S)
PICK_CARD = re.compile(r'name="card" value="([^"]+)"')


@dataclass
class Stats:
    act: list[float] = field(default_factory=list)
    poll: list[float] = field(default_factory=list)
    changed_polls: int = 0
    # Updates sent over the push and swapped in, with no look (live.js).
    swapped: int = 0
    stale: int = 0
    refused: int = 0
    errors: list[str] = field(default_factory=list)
    # Off during the warm-up (every tab loading its page at once): samples are kept from
    # then on only, errors always.
    recording: bool = False
    rematches: int = 0
    # Action to update (see the module's doc): when each action was sent, by (match, the
    # version it answered), and the delays measured from there.
    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    update: list[float] = field(default_factory=list)
    looks: int = 0
    # Moves the server applied in the measured window (every decision recorded, the
    # clients' and the automatic passes): a client's click on a pass the server had made
    # already is an action but no move.
    moves: int = 0


def applied_moves() -> int:
    """How many decisions the database holds (of every match)."""
    from gameplay.models import MatchAction

    return MatchAction.objects.count()


def setup_django() -> None:
    os.environ.setdefault("SECRET_KEY", "maester-benchmark-key")
    os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database for the load test.")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def create_matches(
    count: int, spectators: int, clock: int = 0
) -> tuple[list[dict], list[dict], str]:
    """``count`` jousts of two users each (Core decks; a chess clock of ``clock`` minutes
    each when not 0), and logged-in session cookies for every player and spectator."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    from gameplay.services import SeatSpec, core_deck, match_create

    def session(user: User) -> str:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "accounts.backends.CachedModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        return store.session_key

    stamp = int(time.time() * 1000)
    decks = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]
    players, matches = [], []
    for n in range(count):
        users = [User.objects.create_user(f"load{stamp}-{n}-{s}") for s in (0, 1)]
        match = match_create(
            creator=users[0],
            variant="joust",
            seats=[
                SeatSpec(core_deck(decks[n % 4]), user=users[0]),
                SeatSpec(core_deck(decks[(n + 1) % 4]), user=users[1]),
            ],
            clock_minutes=clock,
        )
        matches.append({"id": match.pk})
        for user in users:
            players.append({"match": match.pk, "cookie": session(user)})
    viewers = []
    for n in range(spectators):
        user = User.objects.create_user(f"load{stamp}-watch-{n}")
        viewers.append({"match": matches[n % count]["id"], "cookie": session(user)})
    return players, viewers, settings.SESSION_COOKIE_NAME


def analyze() -> None:
    """Refresh PostgreSQL's planner statistics after the set-up, as autovacuum does in
    production. Some machines run PostgreSQL with autovacuum off: there a database that
    grew by thousands of users and matches keeps the plans of a nearly empty one (a seat
    read then scanned every user, 5 ms a query)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


class Player:
    """One browser tab on one match."""

    def __init__(
        self,
        http,
        base: str,
        match: int,
        stats: Stats,
        think: float,
        rng,
        push: list[str] | None = None,
    ):
        self.http, self.base, self.match = http, base, match
        self.stats, self.think, self.rng = stats, think, rng
        # The streams' base URLs (the ASGI servers), or [""]: match m's are on the (m mod
        # N)-th, as the README's proxy sends a match to one process.
        self.pushes = push or [""]
        self.told = asyncio.Event()  # the stream said something: look, or an update came
        self.asked = False  # the stream (or a held message) said: look
        self.busy = False  # a request of this tab's own is under way (live.js holds messages)
        self.held = 0  # the newest version heard meanwhile
        self.held_update: dict[str, Any] | None = None  # the newest update sent meanwhile
        self.follower: asyncio.Task | None = None
        self.last_poll = 0.0
        self.actions: list[str] = []
        self.setup = False
        self.pick: tuple[int, list[str]] | None = None  # (most, cards) of a pick form
        self.poll_url = ""
        self.seen = "0"
        self.log_seen = ""
        self.seat = ""
        self.csrf = ""
        self.finished = False
        self.until = 0.0

    @property
    def push(self) -> str:
        return self.pushes[self.match % len(self.pushes)]

    def read(self, text: str, own: bool = False) -> None:
        if found := POLL.search(text):
            self.poll_url = html.unescape(found.group(1))
        elif 'id="poller"' in text:
            self.poll_url = ""  # a finished board stops polling
        if found := SEEN.search(text):
            before, self.seen = int(self.seen), found.group(1)
            if self.stats.recording and not own:  # others' actions this client now shows
                now = time.perf_counter()
                for version in range(before, int(self.seen)):
                    if (sent := self.stats.sent.get((self.match, version))) is not None:
                        self.stats.update.append((now - sent) * 1000)
        if found := LOG_SEEN.search(text):
            self.log_seen = found.group(1)
        if found := CSRF.search(text):
            self.csrf = found.group(1)
        if prompt := PROMPT.search(text):
            body = prompt.group(1)
            self.actions = [html.unescape(a) for a in ACTION.findall(body)]
            self.setup = "setup-form" in body
            form = PICK.search(body)
            self.pick = (int(form.group(1)), PICK_CARD.findall(form.group(2))) if form else None
            if found := SEAT.search(body):
                self.seat = found.group(1)
        self.finished = self.finished or FINISHED in text

    async def load(self) -> None:
        async with self.http.get(f"{self.base}/play/{self.match}/") as response:
            self.read(await response.text())

    async def act(self) -> None:
        if not (self.setup or self.pick is not None or self.actions):
            return  # an update swapped in while it thought took the decision away
        picked: list[str] = []
        if self.setup:
            data = {"kind": "setup:place", "seat": self.seat, "seen": self.seen}
        elif self.pick is not None:  # one to all it may take, at random, as a player ticks
            most, cards = self.pick
            count = self.rng.randint(1, min(most, len(cards))) if cards else 0
            picked = self.rng.sample(cards, count)
            data = {"kind": "pick", "seat": self.seat, "seen": self.seen}
        else:
            data = {"action": self.rng.choice(self.actions), "seen": self.seen}
        data["csrfmiddlewaretoken"] = self.csrf
        data["log_seen"] = self.log_seen
        form = [*data.items(), *(("card", ref) for ref in picked)]  # a field once per card
        headers = {"HX-Request": "true", "X-CSRFToken": self.csrf, "Referer": self.base + "/"}
        self.stats.sent[(self.match, int(self.seen))] = time.perf_counter()
        response, text, elapsed = await self.timed_post(
            f"{self.base}/play/{self.match}/act/", data=form, headers=headers
        )
        if response.status != 200:
            self.stats.errors.append(f"act {response.status}: {text[:120]}")
            return
        if self.stats.recording:
            self.stats.act.append(elapsed)
        flash = re.search(r'<p class="flash">(.*?)</p>', text, re.S)
        if flash:
            if "moved on" in flash.group(1):
                self.stats.stale += 1
            else:
                self.stats.refused += 1
        self.actions, self.setup, self.pick = [], False, None
        self.read(text, own=True)
        self.release()

    async def timed_post(self, url: str, **kwargs) -> tuple[Any, str, float]:
        """POST ``url`` as this tab's own request (the stream's messages wait meanwhile:
        ``busy``): the response, its text and the round trip in ms."""
        start = time.perf_counter()
        self.busy = True
        try:
            async with self.http.post(url, **kwargs) as response:
                text = await response.text()
                return response, text, (time.perf_counter() - start) * 1000
        finally:
            self.busy = False

    def release(self) -> None:
        """Compare the version heard during this tab's own request with what it shows."""
        update, self.held_update = self.held_update, None
        if update is not None:
            self.take(update)
        elif self.held > int(self.seen):
            self.ask()
        self.held = 0

    async def poll(self) -> None:
        start = self.last_poll = time.perf_counter()
        self.busy = True
        try:
            async with self.http.get(
                self.base + self.poll_url, headers={"HX-Request": "true"}
            ) as r:
                text = await r.text()
                elapsed = (time.perf_counter() - start) * 1000
        finally:
            self.busy = False
        if r.status not in (200, 204):
            self.stats.errors.append(f"poll {r.status}: {text[:120]}")
            return
        if self.stats.recording:
            self.stats.poll.append(elapsed)
        if r.status == 200:  # read in the warm-up too: a pushed tab may not poll again soon
            self.stats.changed_polls += self.stats.recording
            self.read(text)
        self.release()

    async def rematch(self) -> None:
        headers = {"X-CSRFToken": self.csrf, "Referer": self.base + "/"}
        async with self.http.post(
            f"{self.base}/play/{self.match}/rematch/",
            data={"csrfmiddlewaretoken": self.csrf},
            headers=headers,
            allow_redirects=False,
        ) as response:
            location = response.headers.get("Location", "")
        if found := re.search(r"/play/(\d+)/", location):
            self.match = int(found.group(1))
            self.finished = False
            self.stats.rematches += 1
            await self.load()
            self.refollow()

    async def thought(self) -> bool:
        """Think (uniform between 0.5 and 1.5 times ``--think``); False when the run ended
        meanwhile (a think time longer than the run: idle players)."""
        seconds = self.think * (0.5 + self.rng.random())
        await asyncio.sleep(min(seconds, max(0.0, self.until - time.monotonic())))
        return time.monotonic() < self.until

    async def run(self, until: float, seated: bool) -> None:
        import aiohttp

        self.until = until
        await self.load()
        await asyncio.sleep(self.rng.random())  # tabs do not open in the same instant
        self.refollow()
        while time.monotonic() < until:
            try:
                await self.step(seated)
            except (TimeoutError, aiohttp.ClientError) as error:
                self.stats.errors.append(f"connection: {error!r}"[:160])
                await asyncio.sleep(1.0)
        if self.follower is not None:
            self.follower.cancel()

    def refollow(self) -> None:
        """Follow the stream of the match this tab shows now (a new page: a new stream)."""
        if self.follower is not None:
            self.follower.cancel()
        self.follower = asyncio.create_task(self.follow()) if self.push else None

    async def follow(self) -> None:
        """Hold the stream of the match this tab shows (again after a drop), and set
        ``told`` when it says to look (live.js)."""
        import aiohttp

        while True:
            try:
                # As the board's page asks (its data-live): drawn updates.
                url = f"{self.push}/play/{self.match}/live/?draw=1"
                async with self.http.get(url) as stream:
                    if stream.status != 200:
                        return  # refused: the tab polls at its own pace
                    event = ""
                    async for raw in stream.content:
                        line = raw.decode().rstrip("\n")
                        if line.startswith("event: "):
                            event = line.removeprefix("event: ")
                        elif line.startswith("data: ") and event == "ready":
                            # It names the version it follows from: a tab that shows it
                            # need not look (live.js).
                            data = line.removeprefix("data: ")
                            if not data or json.loads(data).get("v", 0) > int(self.seen):
                                self.ask()
                        elif line.startswith("data: ") and event == "change":
                            version = json.loads(line.removeprefix("data: ")).get("v", 0)
                            if self.busy:
                                self.held = max(self.held, version)
                            elif version > int(self.seen):  # no chat here
                                self.ask()
                        elif line.startswith("data: ") and event == "update":
                            self.take(json.loads(line.removeprefix("data: ")))
            except (TimeoutError, aiohttp.ClientError):
                await asyncio.sleep(1.0)

    def take(self, update: dict[str, Any]) -> None:
        """An update sent over the push (live.js): swapped in when it follows what this tab
        shows (its version, log position and, when named, prompt key), else a look, as the
        board does; held while the tab's own request is under way."""
        if self.busy:
            self.held_update = update
            return
        if update.get("v", 0) <= int(self.seen):
            return
        start = update.get("from") or {}
        key = start.get("k")
        follows = (
            start.get("v") == int(self.seen)
            and str(start.get("e")) == self.log_seen
            and (key is None or f"k={key}&" in self.poll_url)
        )
        if follows:
            self.read(update.get("html", ""))
            self.stats.swapped += self.stats.recording
            self.told.set()  # wake the tab: it may have a decision now
        else:
            self.ask()

    def ask(self) -> None:
        """The stream says: look."""
        self.asked = True
        self.told.set()

    async def wait_to_look(self, pace: float) -> bool:
        """Until the stream says something, or ``pace`` seconds since the last poll: True
        when the tab must look (told to, or its pace ran out), False when an update was
        swapped in meanwhile and nothing else was said."""
        left = pace - (time.perf_counter() - self.last_poll)
        if left > 0:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.told.wait(), left)
        woken, asked = self.told.is_set(), self.asked
        self.told.clear()
        self.asked = False
        if asked:
            self.stats.looks += self.stats.recording
        return asked or not woken

    async def step(self, seated: bool) -> None:
        if seated and self.finished:
            await self.rematch()
        elif seated and (self.actions or self.setup or self.pick is not None):
            if await self.thought():
                await self.act()
        elif self.poll_url and self.push:
            if await self.wait_to_look(SAFETY_POLL):
                await self.poll()
        elif self.poll_url:
            await asyncio.sleep(1.0)
            await self.poll()
        else:
            await asyncio.sleep(1.0)


class JsonPlayer(Player):
    """One client of the match's JSON API (``--client json``, gameplay/api.py): what a board
    drawn in the browser would do. It loads the board page once (its CSRF token, as such a
    page would be served), follows the push as the board does, and on each nudge reads its
    view from the log position it has (``GET /api/matches/<id>/?since=``); a decision is
    one of the API's ``decisions`` at random, or attackers and defenders picked at once
    (``pick``) as the board's form sends them."""

    def read_view(self, body: dict, own: bool = False) -> None:
        if body["version"] < int(self.seen):
            return  # an older answer than the view this client has (a stream's, meanwhile)
        before, self.seen = int(self.seen), str(body["version"])
        if self.stats.recording and not own:
            now = time.perf_counter()
            for version in range(before, int(self.seen)):
                if (sent := self.stats.sent.get((self.match, version))) is not None:
                    self.stats.update.append((now - sent) * 1000)
        view = body["view"] or {}
        self.log_seen = str(view.get("log_size", 0))
        self.actions = [d["action"] for d in body["decisions"]]
        prompt = view.get("prompt") or {}
        self.pick = None
        if self.actions and prompt.get("purpose") in ("attackers", "defenders"):
            self.pick = (int(prompt.get("max", 1)), list(prompt.get("candidates", [])))
            self.seat = str(body["seat"])
        self.setup = False
        self.finished = body["status"] == "finished"
        self.poll_url = "" if self.finished else f"/api/matches/{self.match}/"

    async def load(self) -> None:
        async with self.http.get(f"{self.base}/play/{self.match}/") as response:
            self.read(await response.text())  # the CSRF token
        self.log_seen = "0"
        await self.poll()

    def take(self, update: dict[str, Any]) -> None:
        """The board's drawn update is a nudge to this client: it reads its JSON view."""
        if self.busy:
            self.held = max(self.held, update.get("v", 0))
        elif update.get("v", 0) > int(self.seen):
            self.ask()

    def decision(self) -> dict:
        """A decision at random, as the API takes it: one of the ``decisions``, or one to
        all of the attackers or defenders it may pick, as a player ticks them."""
        body: dict = {"version": int(self.seen)}
        if self.pick is not None:
            most, cards = self.pick
            count = self.rng.randint(1, min(most, len(cards))) if cards else 0
            body |= {"pick": self.rng.sample(cards, count), "seat": int(self.seat)}
        else:
            body["action"] = self.rng.choice(self.actions)
        return body

    async def act(self) -> None:
        if self.pick is None and not self.actions:
            return  # a view sent while this client thought took the decision away
        body = self.decision() | {"since": int(self.log_seen or 0)}
        headers = {"X-CSRFToken": self.csrf, "Referer": self.base + "/"}
        acted = int(self.seen)
        self.stats.sent[(self.match, acted)] = time.perf_counter()
        response, text, elapsed = await self.timed_post(
            f"{self.base}/api/matches/{self.match}/act/", json=body, headers=headers
        )
        answer = json.loads(text)
        if self.stats.recording and response.status in (200, 400, 409):
            self.stats.act.append(elapsed)
        if response.status == 409:
            self.stats.stale += 1
        elif response.status == 400:
            self.stats.refused += 1
        elif response.status != 200:
            self.stats.errors.append(f"act {response.status}: {str(answer)[:120]}")
        if response.status == 200:
            # The position it led to, unless a view sent meanwhile shows a newer one (with
            # the decisions of that one).
            self.read_view(answer, own=True)
        elif int(self.seen) == acted:  # refused, and nothing newer came: look again
            self.actions, self.pick = [], None
            await self.poll()
        self.release()

    async def poll(self) -> None:
        start = self.last_poll = time.perf_counter()
        self.busy = True
        try:
            url = f"{self.base}/api/matches/{self.match}/?since={self.log_seen or 0}"
            async with self.http.get(url) as r:
                answer = await r.json()
                elapsed = (time.perf_counter() - start) * 1000
        finally:
            self.busy = False
        if r.status != 200:
            self.stats.errors.append(f"poll {r.status}: {str(answer)[:120]}")
            return
        if self.stats.recording:
            self.stats.poll.append(elapsed)
            self.stats.changed_polls += answer["version"] != int(self.seen)
        self.read_view(answer)
        self.release()


class JsonStreamPlayer(JsonPlayer):
    """A client of the JSON API that is sent its views (``--client json-views``,
    gameplay/viewstream.py): it follows ``/api/matches/<id>/live/`` and reads each view the
    stream sends, asking for one itself only at the safety pace of a pushed board."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.moved = asyncio.Event()  # a view came: maybe a decision to take

    async def load(self) -> None:
        async with self.http.get(f"{self.base}/play/{self.match}/") as response:
            self.read(await response.text())  # the CSRF token
        self.log_seen = "0"
        self.poll_url = f"/api/matches/{self.match}/"

    async def follow(self) -> None:
        import aiohttp

        while True:
            url = f"{self.push}/api/matches/{self.match}/live/?since={self.log_seen or 0}"
            try:
                async with self.http.get(url) as stream:
                    if stream.status != 200:
                        return  # refused: the client reads at the safety pace
                    event = ""
                    async for raw in stream.content:
                        line = raw.decode().rstrip("\n")
                        if line.startswith("event: "):
                            event = line.removeprefix("event: ")
                        elif line.startswith("data: ") and event == "view":
                            self.read_view(json.loads(line.removeprefix("data: ")))
                            self.stats.looks += self.stats.recording
                            self.moved.set()
            except (TimeoutError, aiohttp.ClientError):
                await asyncio.sleep(1.0)

    async def step(self, seated: bool) -> None:
        if seated and self.finished:
            await self.rematch()
        elif seated and (self.actions or self.pick is not None):
            if await self.thought():
                await self.act()
        else:
            try:
                await asyncio.wait_for(self.moved.wait(), SAFETY_POLL)
            except TimeoutError:
                await self.poll()  # the safety pace
            self.moved.clear()


class JsonSocketPlayer(JsonStreamPlayer):
    """A client of the match's socket (``--client json-socket``, gameplay/matchsocket.py):
    its views come over ``/api/matches/<id>/socket/`` and its decisions go over it, each
    answered (``acted`` or ``refused``) by the ``ref`` it sent; where the socket is
    refused it falls back to the JSON API's act and the safety pace."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.socket = None
        self.answers: asyncio.Queue[dict] = asyncio.Queue()
        self.refs = 0
        self.acting = False  # a view that comes meanwhile is this client's own move's

    async def follow(self) -> None:
        import aiohttp

        origin = self.push
        base = "ws" + self.push.removeprefix("http")
        while True:
            url = f"{base}/api/matches/{self.match}/socket/?since={self.log_seen or 0}"
            try:
                async with self.http.ws_connect(url, headers={"Origin": origin}) as socket:
                    self.socket = socket
                    async for message in socket:
                        if message.type != aiohttp.WSMsgType.TEXT:
                            break
                        said = json.loads(message.data)
                        if said["type"] == "view":
                            self.read_view(said["match"], own=self.acting)
                            self.stats.looks += self.stats.recording
                            self.moved.set()
                        elif said.get("ref") is not None:
                            self.answers.put_nowait(said)
                        elif said["type"] == "refused":
                            self.stats.errors.append(f"socket: {said['detail'][:120]}")
                            return  # refused at its opening: the API and the safety pace
            except (TimeoutError, aiohttp.ClientError):
                pass
            finally:
                self.socket = None
            await asyncio.sleep(1.0)

    async def step(self, seated: bool) -> None:
        decides = self.finished or self.actions or self.pick is not None
        if self.socket is None or (seated and decides):
            await super().step(seated)
            return
        # The socket sends every change while it is open, and a reopened one what was
        # missed: no safety reads while it is open.
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.moved.wait(), SAFETY_POLL)
        self.moved.clear()

    async def act(self) -> None:
        socket = self.socket
        if socket is None:
            await super().act()  # no socket (yet, or refused): the API
            return
        if self.pick is None and not self.actions:
            return
        self.refs += 1
        body = {"type": "act", "ref": self.refs} | self.decision()
        acted = int(self.seen)
        start = self.stats.sent[(self.match, acted)] = time.perf_counter()
        self.acting = True
        try:
            await socket.send_str(json.dumps(body))
            while (said := await asyncio.wait_for(self.answers.get(), 30))["ref"] != self.refs:
                pass  # an answer to a message given up on
        finally:
            self.acting = False
        elapsed = (time.perf_counter() - start) * 1000
        if self.stats.recording and said.get("status", 200) in (200, 400, 409):
            self.stats.act.append(elapsed)
        if said["type"] == "acted":
            return
        if said["status"] == 409:
            self.stats.stale += 1
        elif said["status"] == 400:
            self.stats.refused += 1
        else:
            self.stats.errors.append(f"act {said['status']}: {said['detail'][:120]}")
        if int(self.seen) == acted:  # refused, and nothing newer came: look again
            self.actions, self.pick = [], None
            await self.poll()


async def run_load(
    base,
    players,
    viewers,
    cookie_name,
    duration,
    think,
    seed,
    warmup,
    server_session,
    push,
    client=Player,
) -> tuple[Stats, dict[str, float]]:
    """Play for ``warmup`` + ``duration`` seconds; the samples and the CPU time are those
    of the last ``duration`` seconds (``server_session``: see :func:`cpu_seconds`)."""
    import aiohttp

    stats = Stats()
    rng = random.Random(seed)
    until = time.monotonic() + warmup + duration
    cpu: dict[str, float] = {}

    async def record() -> None:
        await asyncio.sleep(warmup)
        cpu.update(cpu_seconds(server_session))
        stats.recording = True
        stats.moves = -await asyncio.to_thread(applied_moves)

    connector = aiohttp.TCPConnector(limit=0)
    tasks, sessions = [], []
    for who, seated in [(p, True) for p in players] + [(v, False) for v in viewers]:
        jar = aiohttp.CookieJar(unsafe=True)
        http = aiohttp.ClientSession(connector=connector, connector_owner=False, cookie_jar=jar)
        http.cookie_jar.update_cookies({cookie_name: who["cookie"]}, response_url=_url(base))
        sessions.append(http)
        player = client(
            http, base, who["match"], stats, think, random.Random(rng.random()), push=push
        )
        tasks.append(asyncio.create_task(player.run(until, seated)))
    tasks.append(asyncio.create_task(record()))
    await asyncio.gather(*tasks, return_exceptions=False)
    after = cpu_seconds(server_session)
    stats.moves += await asyncio.to_thread(applied_moves)
    for http in sessions:
        await http.close()
    await connector.close()
    return stats, {k: after[k] - cpu[k] for k in after}


def _url(base: str):
    from yarl import URL

    return URL(base)


# The services beside the server, by the name of their processes (PostgreSQL's backends
# included: they are the database's work for the server's queries).
SERVICES = {"postgres": "postgres", "redis-server": "redis"}


def cpu_seconds(server_session: int | tuple[int, ...] | None) -> dict[str, float]:
    """CPU time (user + system) used so far by the server's processes, by this
    client and by the whole machine (the database and Redis included): what one action
    costs, whatever the latency. The server's processes are those of ``server_session``,
    the sessions of the processes this script started (the workers that gunicorn forks and
    granian spawns included; each session's share is kept too, as ``session:<n>``, the
    n-th of them); None: those whose command line names one. PostgreSQL's and Redis's
    processes are summed as ``postgres`` and ``redis`` (those that ended not counted)."""
    tick = os.sysconf("SC_CLK_TCK")
    totals = {"server": 0.0, **dict.fromkeys(SERVICES.values(), 0.0)}
    sessions = server_session if isinstance(server_session, tuple) else (server_session,)
    for n in range(len(sessions) if server_session is not None else 0):
        totals[f"session:{n}"] = 0.0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        name, _, rest = stat.partition(" (")[2].rpartition(")")
        fields = rest.split()
        used = (int(fields[11]) + int(fields[12])) / tick
        if server_session is not None:
            mine = int(fields[3]) in sessions
            if mine:
                totals[f"session:{sessions.index(int(fields[3]))}"] += used
        else:
            mine = b"config.wsgi" in cmdline or b"config.asgi" in cmdline
        if mine:
            totals["server"] += used
        elif name in SERVICES:
            totals[SERVICES[name]] += used
    self_cpu = os.times()
    totals["client"] = self_cpu.user + self_cpu.system
    # The whole machine's busy time (all processes, those that ended included).
    busy = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    totals["machine"] = (sum(busy) - busy[3] - busy[4]) / tick  # minus idle and iowait
    return totals


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1) if ordered else 0.0


def server_command(args: argparse.Namespace) -> list[str]:
    """The application server's command line: gunicorn (the README's WSGI server), uvicorn
    (its ASGI server, which holds the push's streams) or granian."""
    binary = str(ROOT / ".venv" / "bin" / args.server)
    if args.server == "uvicorn":
        return [
            binary,
            "config.asgi:application",
            "--workers",
            str(args.workers),
            "--host",
            "127.0.0.1",
            "--port",
            str(args.port),
            "--no-access-log",
            "--log-level",
            "warning",
            *UVICORN_STOP,
        ]
    if args.server == "granian":
        return [
            binary,
            "--interface",
            "wsgi",
            "config.wsgi:application",
            "--workers",
            str(args.workers),
            "--blocking-threads",
            str(args.threads),
            "--host",
            "127.0.0.1",
            "--port",
            str(args.port),
            "--no-ws",
            "--log-level",
            "warning",
        ]
    return [
        binary,
        "config.wsgi",
        "--workers",
        str(args.workers),
        "--threads",
        str(args.threads),
        "--worker-class",
        args.worker_class,
        "--bind",
        f"127.0.0.1:{args.port}",
        "--keep-alive",
        str(args.keep_alive),
        "--log-level",
        "warning",
    ]


# Open streams never end by themselves: uvicorn stops waiting for them after this long.
UVICORN_STOP = ["--timeout-graceful-shutdown", "5"]


def beside_command(args: argparse.Namespace, index: int = 0) -> list[str]:
    """The ``index``-th ASGI server beside gunicorn (``--push`` under gunicorn): the streams
    and sockets, as the README's proxy sends them (one process holds thousands of waiting
    streams), on port ``--port`` + 1 + ``index``."""
    binary = str(ROOT / ".venv" / "bin" / "uvicorn")
    port = str(args.port + 1 + index)
    command = [binary, "config.asgi:application", "--host", "127.0.0.1", "--port", port]
    return [*command, "--no-access-log", "--log-level", "warning", *UVICORN_STOP]


def start_server(args: argparse.Namespace, command: list[str] | None = None) -> subprocess.Popen:
    env = dict(os.environ, DEBUG="0", SECURE_COOKIES="0")
    if command is None:
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
    if args.server == "uvicorn" or command is not None:  # the README: no persistent
        env["DB_CONN_MAX_AGE"] = "0"  # connections under the ASGI server's thread per request
    command = command or server_command(args)
    port = int(command[command.index("--port") + 1]) if "--port" in command else args.port
    import socket

    with socket.socket() as probe:  # a server left running there would answer instead
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            sys.exit(f"port {port} is in use (a server left running?): stop it first")
    server = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    import urllib.request

    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/play/", timeout=1)
            return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    sys.exit(f"{args.server} did not start")


# The README's worker: ``celery -A config worker --concurrency 2``.
WORKER_CONCURRENCY = 2


def start_worker(pool: str = "prefork") -> subprocess.Popen:
    """The README's Celery worker, for the automatic moves (bots' and the players' passes by
    their preferences, after ``BOT_DELAY_SECONDS``): its processes count as the server's.
    Without it (no ``CELERY_BROKER_URL``) tasks run eagerly inside the request that made
    them due, with no delay, and only the last version of a chain is looked at."""
    if not os.environ.get("CELERY_BROKER_URL"):
        sys.exit("--celery-worker needs CELERY_BROKER_URL (the server's broker), e.g. redis://…")
    binary = str(ROOT / ".venv" / "bin" / "celery")
    command = [binary, "-A", "config", "worker", "--concurrency", str(WORKER_CONCURRENCY)]
    command += [] if pool == "prefork" else ["--pool", pool]
    command += ["--loglevel", "warning", "--without-gossip", "--without-mingle"]
    env = dict(os.environ, DEBUG="0", SECURE_COOKIES="0")
    worker = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    time.sleep(3)  # the tasks wait in the broker until it is up; this only starts it first
    if worker.poll() is not None:
        sys.exit("the Celery worker did not start")
    return worker


def worker_class(name: str, threads: int) -> str:
    """The worker class gunicorn really runs: ``sync`` with threads is ``gthread``."""
    return "gthread" if name == "sync" and threads > 1 else name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", default="50,100,200", help="comma-separated counts")
    parser.add_argument("--duration", type=float, default=60, help="seconds measured per count")
    parser.add_argument(
        "--warmup", type=float, default=10, help="seconds played first, not measured"
    )
    parser.add_argument(
        "--server",
        default="gunicorn",
        choices=["gunicorn", "uvicorn", "granian"],
        help="application server",
    )
    parser.add_argument(
        "--push", action="store_true", help="clients follow the push (uvicorn), as live.js does"
    )
    parser.add_argument(
        "--celery-worker",
        action="store_true",
        help="a Celery worker, as in the README's production (needs CELERY_BROKER_URL): it "
        "makes the automatic moves, or with --push those the ASGI server's match host does "
        "not take (MATCH_HOST=off: all); without it tasks run eagerly inside the requests",
    )
    parser.add_argument(
        "--worker-pool",
        default="prefork",
        choices=("prefork", "threads", "solo"),
        help="with --celery-worker: Celery's pool (the README's is prefork)",
    )
    parser.add_argument(
        "--worker-class", default="sync", help="gunicorn: sync (the README's) or gthread"
    )
    parser.add_argument(
        "--client",
        default="board",
        choices=("board", "json", "json-views", "json-socket"),
        help="board: the board's requests (HTML); json: the match's JSON API, read on each "
        "nudge; json-views: its views pushed (/api/matches/<id>/live/); json-socket: views "
        "and decisions over the match's socket (/api/matches/<id>/socket/); all need --push",
    )
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds per decision")
    parser.add_argument("--spectators", type=float, default=0.25, help="per match")
    parser.add_argument(
        "--clock", type=int, default=0, help="chess clock minutes per player (0: none)"
    )
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument(
        "--stream-workers",
        type=int,
        default=1,
        help="with --push under gunicorn: the ASGI server's processes beside it (the "
        "streams, the sockets, the match host), each on a port of its own; a client "
        "follows match m on the (m mod N)-th, as the README's proxy sends a match's "
        "streams and sockets to one process",
    )
    # gunicorn runs a "sync" worker with more than one thread as "gthread": 1 keeps the
    # README's sync workers.
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--keep-alive", type=int, default=0, help="gunicorn --keep-alive")
    parser.add_argument("--url", default="", help="an already running server instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", default="", help="write the results here")
    args = parser.parse_args()
    if args.client != "board" and not args.push:
        parser.error("--client json reads a view when the push says so: add --push")
    setup_django()
    server = None if args.url else start_server(args)
    base = args.url or f"http://127.0.0.1:{args.port}"
    # --push under gunicorn: the ASGI server beside it holds the streams (the proxy of the
    # README sends /live/ there); under uvicorn, the same server.
    besides = (
        [start_server(args, beside_command(args, n)) for n in range(args.stream_workers)]
        if args.push and server and args.server == "gunicorn"
        else []
    )
    beside = besides[0] if besides else None
    pushes = [f"http://127.0.0.1:{args.port + 1 + n}" for n in range(len(besides))] or [base]
    push = pushes if args.push else [""]
    worker = start_worker(args.worker_pool) if args.celery_worker and server else None
    named = [("web", server)]
    named += [("streams" + (str(n + 1) if n else ""), b) for n, b in enumerate(besides)]
    started = [(n, p) for n, p in (*named, ("worker", worker)) if p]
    sessions = tuple(p.pid for _, p in started) or None
    parts = {name: f"session:{n}" for n, (name, _) in enumerate(started)}
    parts |= {name: name for name in SERVICES.values()}
    results = []
    try:
        for count in (int(c) for c in args.matches.split(",")):
            players, viewers, cookie = create_matches(
                count, int(count * args.spectators), args.clock
            )
            analyze()
            stats, cpu = asyncio.run(
                run_load(
                    base,
                    players,
                    viewers,
                    cookie,
                    args.duration,
                    args.think,
                    args.seed,
                    args.warmup,
                    sessions,  # the servers' own sessions
                    push,
                    {
                        "board": Player,
                        "json": JsonPlayer,
                        "json-views": JsonStreamPlayer,
                        "json-socket": JsonSocketPlayer,
                    }[args.client],
                )
            )
            row = {
                "matches": count,
                "clients": len(players) + len(viewers),
                "actions": len(stats.act),
                "actions_per_s": round(len(stats.act) / args.duration, 1),
                "act_median_ms": round(statistics.median(stats.act), 1) if stats.act else 0,
                "act_p95_ms": percentile(stats.act, 0.95),
                "act_p99_ms": percentile(stats.act, 0.99),
                "polls_per_s": round(len(stats.poll) / args.duration, 1),
                "poll_median_ms": round(statistics.median(stats.poll), 1) if stats.poll else 0,
                "poll_p95_ms": percentile(stats.poll, 0.95),
                "changed_polls": stats.changed_polls,
                "looks": stats.looks,
                "swapped": stats.swapped,
                # From an action sent to each other client of the match showing its result.
                "updates": len(stats.update),
                "update_median_ms": round(statistics.median(stats.update), 1)
                if stats.update
                else 0,
                "update_p95_ms": percentile(stats.update, 0.95),
                "stale": stats.stale,
                "refused": stats.refused,
                "rematches": stats.rematches,
                "errors": len(stats.errors),
                # CPU seconds per second of the run (2.0 = both cores busy) and the
                # server's CPU time per action (the polls around it included).
                "cpu_server": round(cpu["server"] / args.duration, 2),
                "cpu_client": round(cpu["client"] / args.duration, 2),
                "cpu_machine": round(cpu["machine"] / args.duration, 2),
                "server_ms_per_action": round(1000 * cpu["server"] / max(1, len(stats.act)), 1),
                "moves": stats.moves,
                "server_ms_per_move": round(1000 * cpu["server"] / max(1, stats.moves), 1),
                # Where it goes: each process this script started, PostgreSQL and Redis
                # (CPU ms per action).
                "ms_per_action": {
                    part: round(1000 * cpu[key] / max(1, len(stats.act)), 1)
                    for part, key in parts.items()
                },
            }
            results.append(row)
            print(json.dumps(row), flush=True)
            for error in stats.errors[:5]:
                print("  error:", error, flush=True)
    finally:
        for process in (server, *besides, worker):
            if process is not None:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=30)
    report = {
        "machine": machine(),
        "date": time.strftime("%Y-%m-%d"),
        "push": args.push,
        "client": args.client,
        "server": (
            f"granian wsgi {args.workers} workers x {args.threads} blocking threads"
            if args.server == "granian"
            else f"uvicorn asgi {args.workers} workers"
            if args.server == "uvicorn"
            else f"gunicorn sync {args.workers} workers, uvicorn beside for the streams"
            + (f" ({len(besides)} processes)" if len(besides) > 1 else "")
            + (f", a Celery worker ({WORKER_CONCURRENCY} processes)" if worker else "")
            if beside
            else f"gunicorn {worker_class(args.worker_class, args.threads)} {args.workers}"
            f" workers x {args.threads} threads, keep-alive {args.keep_alive}"
        )
        if server is not None
        else args.url,
        "think_s": args.think,
        "clock_minutes": args.clock,
        "duration_s": args.duration,
        "warmup_s": args.warmup,
        "results": results,
    }
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=2), encoding="utf-8")
    print(json.dumps({k: v for k, v in report.items() if k != "results"}))


if __name__ == "__main__":
    main()
