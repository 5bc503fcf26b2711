"""Where a live move's server time goes: the mover's answer and the other seat's look.

    python bench/move_profile.py [--moves N] [--seed S] [--top K] [--no-table] [--no-profile]
                                 [--queries] [--api]

Plays a Core joust between two people through the real views with Django's test client
(on the benchmarks' database, ``bench/_setup.py``: SQLite unless ``DATABASE_URL`` says
otherwise): each move is the deciding seat's ``POST /play/<id>/act/`` of a random legal
action, as the board's htmx form sends it, then the other seat's ``GET /play/<id>/poll/``
with the version, prompt key and log position its page shows, which answers with the
changed regions. Both people ask the server never to pass for them (their passing
preferences), so that no automatic move runs inside a request (the benchmarks run tasks
in-process). The first ``N`` moves after setup are profiled (cProfile) and timed; it
prints the milliseconds and the size of the answer per request of each kind (medians),
and the functions where the time goes,
grouped (templates, the board's context, the Table menu, the engine, the database).
``--no-table`` turns the match's table actions off (no Table menu); ``--no-profile`` times
the requests without the profiler (which slows Python-heavy code more than the rest). The
database queries of each request are counted (medians); ``--queries`` also prints the
statements of an act and a poll that made the median number of queries.

``--api`` sends the JSON API's requests instead, as a client of the API does (and
``play_load.py --client json``): the act is ``POST /api/matches/<id>/act/`` with the
version and log position the client has, and the look ``GET /api/matches/<id>/?since=``.
Each request's CPU time (this process's, the database's and Redis's excluded) is printed
beside its wall time. Every other measured act is then made without a request
(``act-direct``): the act's service and the mover's view, what the act would cost were it
sent over a connection already open and authenticated (the request's machinery is the
difference).

Beside each poll it also times what issue 31's push would compute instead, once per
viewer per version and with no request: that viewer's view as JSON (the engine's
``observe`` from the log position the page has, its legal actions when it decides, and
``orjson``), and prints its median time and size against the poll's.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import re
import statistics
import time
from collections.abc import Callable
from functools import partial
from types import SimpleNamespace
from typing import Any

from _setup import django_with_cards

GROUPS = {
    "templates (render)": ("django/template/", "template_partials", "templatetags"),
    "board context (gameplay.board)": ("gameplay/board.py",),
    "Table menu (gameplay.tableview)": ("gameplay/tableview.py",),
    "database (execute)": ("django/db/backends/",),
}
KEY = re.compile(r'id="prompt"[^>]*data-key="([^"]*)"')
SEEN = re.compile(r'id="seen"[^>]*value="(\d+)"')
LOG_SEEN = re.compile(r'id="log-seen"[^>]*value="(\d+)"')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=80)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--no-table", action="store_true")
    parser.add_argument("--dump", help="also write the profile to this file (pstats)")
    parser.add_argument(
        "--no-profile", action="store_true", help="time the requests only (no cProfile)"
    )
    parser.add_argument(
        "--queries",
        action="store_true",
        help="print the SQL of an act and a poll that made the median number of queries",
    )
    parser.add_argument(
        "--api", action="store_true", help="the JSON API's act and look instead of the board's"
    )
    args = parser.parse_args()
    django_with_cards()
    import orjson
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from gameplay.api import match_view
    from gameplay.engine.game import legal_actions, to_act
    from gameplay.engine.observe import observe
    from gameplay.models import Match
    from gameplay.passing import ALL
    from gameplay.services import SeatSpec, core_deck, match_act, match_create, match_state
    from gameplay.services.preferences import preferences_update

    if args.api:
        import gameplay.api

        # The profile acts faster than a person clicks: the match's rate of acts is still
        # counted (its Redis round trip is part of an act), never reached.
        gameplay.api.ACTIONS_PER_WINDOW = 10**9
    stamp = int(time.time() * 1000)
    users = [User.objects.create_user(f"profile{stamp}-{s}") for s in (0, 1)]
    for user in users:  # every decision is the client's: no pass made for them in-process
        preferences_update(user=user, windows=ALL, stops=())
    match = match_create(
        creator=users[0],
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=users[0]),
            SeatSpec(core_deck("core-lannister"), user=users[1]),
        ],
        table_actions=not args.no_table,
        seed=args.seed,
    )
    clients = []
    for user in users:
        client = Client(HTTP_HX_REQUEST="true")
        client.force_login(user)
        clients.append(client)
    pages = [{"k": "", "e": ""} for _ in users]
    rng = random.Random(args.seed)
    times: dict[str, list[float]] = {"act": [], "act-direct": [], "poll": []}
    cpu: dict[str, list[float]] = {"act": [], "act-direct": [], "poll": []}
    sizes: dict[str, list[int]] = {"act": [], "act-direct": [], "poll": []}
    # The viewer's view as JSON at each polled version (ms, bytes): no request, no render.
    views: dict[str, list[float]] = {"ms": [], "bytes": []}
    queries: dict[str, list[int]] = {"act": [], "act-direct": [], "poll": []}
    # Per kind, the statements of the last request that made each number of queries.
    statements: dict[str, dict[int, list[str]]] = {}
    profile = cProfile.Profile()

    def request(seat: int, kind: str, measured: bool, send: Callable[[], Any]) -> None:
        """Send one of a seat's requests (timed and profiled when ``measured``) and keep
        what its page then shows: the prompt's key and the log's length."""
        with CaptureQueriesContext(connection) as captured:
            start, start_cpu = time.perf_counter(), time.process_time()
            if measured and not args.no_profile:
                profile.enable()
            body = send().content
            if measured and not args.no_profile:
                profile.disable()
            spent, spent_cpu = time.perf_counter() - start, time.process_time() - start_cpu
        if measured:
            times[kind].append(spent * 1000)
            cpu[kind].append(spent_cpu * 1000)
            sizes[kind].append(len(body))
            queries[kind].append(len(captured.captured_queries))
            statements.setdefault(kind, {})[len(captured.captured_queries)] = [
                q["sql"] for q in captured.captured_queries
            ]
        if args.api:
            if kind != "page":
                pages[seat]["e"] = str((orjson.loads(body)["view"] or {}).get("log_size", 0))
            return
        text = body.decode()
        for where, found in (("k", KEY.search(text)), ("e", LOG_SEEN.search(text))):
            if found:
                pages[seat][where] = found.group(1)

    def direct_act(pk: int, user: Any, action: str, version: int, body: dict) -> Any:
        """The act's service and the view the API answers with, without a request."""
        done = match_act(match_id=pk, user=user, action=action, version=version)
        seats = list(done.seats.all())
        view = match_view(
            done, seats, seats[[s.user_id for s in seats].index(user.pk)].number, body["since"]
        )
        return SimpleNamespace(content=orjson.dumps(view))

    for seat, client in enumerate(clients):
        request(seat, "page", False, partial(client.get, f"/play/{match.pk}/"))
    moves = 0
    while moves < args.moves:
        match = Match.objects.get(pk=match.pk)
        state = match_state(match)
        if match.status != Match.Status.ACTIVE:
            break
        seat = to_act(state)[0]
        action = rng.choice(legal_actions(state, seat))
        measured = state.phase != "setup"
        if args.api:
            body = {
                "action": str(action),
                "version": match.version,
                "since": int(pages[seat]["e"] or 0),
            }
            act = partial(
                clients[seat].post,
                f"/api/matches/{match.pk}/act/",
                body,
                content_type="application/json",
            )
        else:
            data = {"action": str(action), "seen": str(match.version), "log_seen": pages[seat]["e"]}
            act = partial(clients[seat].post, f"/play/{match.pk}/act/", data)
        kind = "act"
        if args.api and measured and moves % 2:
            kind = "act-direct"
            act = partial(direct_act, match.pk, users[seat], str(action), match.version, body)
        request(seat, kind, measured, act)
        other = 1 - seat
        if measured:
            now = match_state(Match.objects.get(pk=match.pk))
            start = time.perf_counter()
            view = observe(now, other, int(pages[other]["e"] or 0))
            view["actions"] = (
                [str(a) for a in legal_actions(now, other)] if other in to_act(now) else []
            )
            text = orjson.dumps(view)
            views["ms"].append((time.perf_counter() - start) * 1000)
            views["bytes"].append(len(text))
        if args.api:
            look = partial(
                clients[other].get, f"/api/matches/{match.pk}/", {"since": pages[other]["e"] or 0}
            )
        else:
            query = {"v": str(match.version), "c": str(match.chat_version), **pages[other]}
            look = partial(clients[other].get, f"/play/{match.pk}/poll/", query)
        request(other, "poll", measured, look)
        moves += measured
    requests = len(times["act"]) + len(times["poll"])
    print(f"{moves} moves profiled ({requests} requests)")
    for kind, samples in times.items():
        if samples:
            ms, kb = statistics.median(samples), statistics.median(sizes[kind]) / 1000
            asked = statistics.median(queries[kind])
            spent = statistics.median(cpu[kind])
            print(
                f"  {kind}: median {ms:.1f} ms ({spent:.1f} ms CPU), {kb:.1f} KB, "
                f"{asked:g} queries, n={len(samples)}"
            )
    if views["ms"]:
        ms, kb = statistics.median(views["ms"]), statistics.median(views["bytes"]) / 1000
        print(f"  the viewer's view as JSON (observe + orjson): median {ms:.2f} ms, {kb:.1f} KB")
    if args.queries:
        for kind, by_count in statements.items():
            typical = int(statistics.median_low(queries[kind]))
            sqls = by_count[typical]
            print(f"-- {kind}, a request with the median number of queries ({len(sqls)}):")
            for sql in sqls:
                print(f"   {sql[:300]}")
    if args.no_profile:
        return
    stats = pstats.Stats(profile)
    # Each group: the cumulative time of its outermost functions (entered from outside it).
    for name, marks in GROUPS.items():
        spent = 0.0
        for (path, _line, _fn), (_cc, _nc, _tt, cumulative, callers) in stats.stats.items():  # type: ignore[attr-defined]
            if any(m in path for m in marks) and not any(
                any(m in caller[0] for m in marks) for caller in callers
            ):
                spent += cumulative
        print(f"  {name}: {spent / requests * 1000:.2f} ms a request")
    if args.dump:
        stats.dump_stats(args.dump)
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
