"""No number in a request gives a 500: every URL of the project, asked by an anonymous visitor
and by a logged-in owner (of the deck, the event, a seat at the match), with every query
parameter and form field the apps read set to Unicode digits ('²', '١٢٣', '５'), a number of
400 digits, a negative number and nothing, and every number in the path made 400 digits long.

``'²'.isdigit()`` is true but ``int('²')`` fails: before ``config/numbers.py`` read every number,
``?round=²`` on the pairings, ``?step=²`` on a replay, ``?e=²`` on the poll, ``?a=²`` on the
versions compare, ``seen=²`` on a move and ``size=²`` on the cut start were 500s.

The names sent are derived, not listed: every field of every Django form class of the apps
(found among the subclasses of ``BaseForm``), and every name the apps' code reads from a
request (``GET.get("x")``, ``POST["x"]``, ``data.get("x")`` ...), plus the result fields named
after a seat or an entrant. Each URL gets them all at once, and each name its view's module
reads gets its own request too (a view that reads two numbers may stop at the first). Each
request runs in a transaction that is rolled back, so that none (a concession, a deletion, a
log-out) changes what the next one sees.
"""

from __future__ import annotations

import contextlib
import copy
import datetime
import inspect
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django import forms
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.urls.exceptions import NoReverseMatch

from cards.models import Card
from decks import services as deck_services
from gameplay.services import SeatSpec, core_deck, match_concede, match_create
from tests.decks.test_deck_services import legal_core_entries
from tests.tournaments.conftest import decklist
from tournaments.models import Table
from tournaments.rounds.services import round_pair
from tournaments.services import entrant_register, event_create

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
APPS = ("accounts", "cards", "config", "decks", "tournaments", "gameplay")
# The last is a decklist's total line: a text field read for a number inside it.
VALUES = ["²", "١٢٣", "５", "9" * 400, "-1", "", "Total: ²"]
HUGE = "9" * 400
# The parameters issue 27 named (each read by a view, so each must be among the names found).
NAMED = {"round", "step", "hand", "e", "a", "b", "seen", "version", "size", "page"}

# A name read from a request (or from the dict of a request's data a service is given).
READ = re.compile(
    r"""(?:GET|POST|query_params|params|post|data)\s*\.(?:get|getlist)\(\s*["']([\w-]+)["']"""
    r"""|(?:GET|POST)\[\s*["']([\w-]+)["']\s*\]"""
)


def _read_in(text: str) -> set[str]:
    return {match.group(1) or match.group(2) for match in READ.finditer(text)}


def names_read() -> set[str]:
    """The names the apps' code reads from a request."""
    return {
        name
        for app in APPS
        for path in sorted((ROOT / app).rglob("*.py"))
        if "migrations" not in path.parts and "engine" not in path.parts
        for name in _read_in(path.read_text(encoding="utf-8"))
    }


def _code_names(code: Any) -> set[str]:
    names = set(code.co_names)
    for const in code.co_consts:
        if inspect.iscode(const):
            names |= _code_names(const)
    return names


def names_read_by(view: Any) -> set[str]:
    """The names a view reads from a request: in its own code and in the functions of its
    module it calls (a class-based view: its class), so that each can be sent alone."""
    view = getattr(view, "view_class", None) or inspect.unwrap(view)
    module = sys.modules[view.__module__]
    path = Path(module.__file__ or "")
    if not path.is_relative_to(ROOT) or ".venv" in path.parts:
        return set()
    if inspect.isclass(view):
        return _read_in(inspect.getsource(view))
    reached, todo = set(), [view]
    while todo:
        function = todo.pop()
        if function in reached:
            continue
        reached.add(function)
        for name in _code_names(function.__code__):
            found = getattr(module, name, None)
            if inspect.isfunction(found) and found.__module__ == module.__name__:
                todo.append(found)
    return set().union(*(_read_in(inspect.getsource(f)) for f in reached))


def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def form_fields(world: dict[str, Any]) -> set[str]:
    """Every field of every form class of the apps (the URLs import the views, which import
    their forms), with the form's prefix where it has one: the fields of a form made for the
    owner where it takes arguments (a form may add fields as it is made, one per seat)."""
    get_resolver().url_patterns  # noqa: B018 - loading the URLs imports every view
    found = set()
    for form in set(_subclasses(forms.BaseForm)):
        if form.__module__.split(".")[0] not in APPS:
            continue
        fields = {name: form.base_fields[name] for name in getattr(form, "base_fields", {})}
        for kwargs in ({}, {"user": world["ned"]}, {"user": world["ned"], "event": world["event"]}):
            try:
                fields = form(**kwargs).fields
            except TypeError:
                continue
            break
        prefix = getattr(form, "prefix", None)
        found |= {f"{prefix}-{name}" if prefix else name for name in fields}
    return found


# --- the world: real objects made by the services -----------------------------------------


@pytest.fixture
def world() -> dict[str, Any]:
    ned = User.objects.create_user("ned", password="winter-is-coming")
    robb = User.objects.create_user("robb", password="young-wolf-77")
    deck = deck_services.deck_create(
        owner=ned, name="Winter", house="Stark", entries=legal_core_entries()
    )
    card = Card.objects.filter(product__code="core").order_by("position").first()
    deck_services.deck_set_count(deck=deck, user=ned, card_code=card.code, count=1)  # version 2
    event = event_create(organizer=ned, name="Joust", date=datetime.date(2026, 12, 1), rounds=1)
    houses = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]
    entrants = [
        entrant_register(
            event=event, user=ned, player=ned if i == 0 else None, name=f"P{i}", deck=decklist(h)
        )
        for i, h in enumerate(houses)
    ]
    round_pair(event=event, user=ned)
    table = Table.objects.filter(round__event=event).order_by("number").first()
    melee = event_create(
        organizer=ned,
        name="Melee",
        date=datetime.date(2026, 12, 2),
        format="melee",
        deck_format="melee",
    )
    for i in range(3):
        entrant_register(event=melee, user=ned, name=f"M{i}", deck=decklist(houses[i]))
    round_pair(event=melee, user=ned)
    melee_table = Table.objects.filter(round__event=melee).first()

    def a_match() -> Any:
        return match_create(
            creator=ned,
            variant="joust",
            seats=[
                SeatSpec(core_deck("core-stark"), user=ned),
                SeatSpec(core_deck("core-lannister"), user=robb),
            ],
            seed=5,
        )

    match, finished = a_match(), a_match()
    match_concede(match_id=finished.pk, user=robb)
    return {
        "ned": ned,
        "deck": deck,
        "card": card,
        "event": event,
        "entrants": entrants,
        "table": table,
        "melee": melee,
        "melee_table": melee_table,
        "match": match,
        "finished": finished,
    }


def _ids(world: dict[str, Any], namespace: str, match: Any) -> dict[str, str]:
    """The path's values, by the URL's namespace and the converter's name."""
    ids = {
        "pk": world["event"].pk,
        "number": 1,
        "entrant_pk": world["entrants"][0].pk,
        "table_pk": world["table"].pk,
        "table_id": world["table"].pk,
        "report_pk": 1,
        "deck_id": world["deck"].pk,
        "code": world["card"].code,
        "token": world["deck"].share_token,
        "uidb64": "MQ",
        "object_id": world["ned"].pk,
        "app_label": "auth",
    }
    if namespace == "play":
        ids |= {"pk": match.pk, "token": match.invite_token}
    elif namespace == "decks_api":
        ids["pk"] = world["deck"].pk
    return {key: str(value) for key, value in ids.items()}


def _patterns(
    resolvers: list[Any], namespace: str = ""
) -> Iterator[tuple[str, str, URLPattern, list[str]]]:
    """(namespace, name, pattern, converter names) of every named URL pattern."""
    for entry in resolvers:
        if isinstance(entry, URLResolver):
            inner = ":".join(p for p in (namespace, entry.namespace) if p)
            yield from _patterns(entry.url_patterns, inner)
        elif isinstance(entry, URLPattern) and entry.name:
            regex = entry.pattern.regex
            yield namespace, entry.name, entry, list(regex.groupindex)


def _kwargs_for(pattern: URLPattern, names: list[str], ids: dict[str, str]) -> dict[str, str]:
    kwargs = {name: ids.get(name, "1") for name in names}
    if "code" in kwargs and "product" in (pattern.name or ""):
        kwargs["code"] = "core"
    return kwargs


def urls(world: dict[str, Any]) -> list[tuple[str, Any, list[str]]]:
    """(URL, view, URLs with each int in the path 400 digits long) of every named pattern:
    the play URLs twice (a match in play and a finished one, for the replay)."""
    found = []
    for namespace, name, pattern, names in _patterns(get_resolver().url_patterns):
        full = f"{namespace}:{name}" if namespace else name
        for match in (world["match"], world["finished"]) if namespace == "play" else (None,):
            kwargs = _kwargs_for(pattern, names, _ids(world, namespace, match))
            try:
                url = reverse(full, kwargs=kwargs)
            except NoReverseMatch:
                continue
            huge = []
            for key, value in kwargs.items():
                if value.isascii() and value.isdigit():
                    with contextlib.suppress(NoReverseMatch):
                        huge.append(reverse(full, kwargs={**kwargs, key: HUGE}))
            found.append((url, pattern.callback, huge))
    return found


# --- sending ----------------------------------------------------------------------------


class Sender:
    """Sends requests, each in a transaction rolled back after it and with the cookies the
    client had at the start, and keeps every answer of 500."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.cookies = copy.deepcopy(client.cookies)
        self.sent = 0
        self.failures: list[str] = []

    def send(self, method: str, url: str, data: dict[str, Any] | None = None, **extra) -> int:
        self.client.cookies = copy.deepcopy(self.cookies)
        with transaction.atomic():
            response = getattr(self.client, method)(url, data or {}, **extra)
            transaction.set_rollback(True)
        cache.clear()
        self.sent += 1
        if response.status_code >= 500:
            shown = {k: str(v)[:12] for k, v in (data or {}).items()}
            if len(shown) > 5:
                shown = {"every field": str(next(iter((data or {}).values())))[:12]}
            url = url.replace(HUGE, "<400 digits>")
            error = getattr(response, "exc_info", None)
            what = f"{error[0].__name__}: {str(error[1])[:120]}" if error else ""
            self.failures.append(f"{method.upper()} {url[:120]} {shown} -> 500 {what}")
        return response.status_code


def _scenarios(world: dict[str, Any]) -> list[tuple[str, dict[str, str]]]:
    """Forms whose numbers are read only when the rest of the form is right: (URL, the right
    rest); each number field is then sent wrong, one at a time."""
    event, melee, table, melee_table = (
        world["event"],
        world["melee"],
        world["table"],
        world["melee_table"],
    )
    joust = {"at_time": "1", "power_1": "3", "power_2": "5", "target_1": "15", "target_2": "15"}
    melee_ids = [s.entrant_id for s in melee_table.seats.all()]
    places = {f"place_{pk}": str(n) for n, pk in enumerate(melee_ids, start=1)}
    powers = {"at_time": "1", **{f"power_{pk}": "2" for pk in melee_ids}}
    result = "tournaments:table_result"
    report = "tournaments:table_report"
    return [
        (reverse(result, args=[event.pk, table.pk]), joust),
        (reverse(result, args=[event.pk, table.pk]), {"outcome": "win", "power_1": "3"}),
        (reverse(report, args=[event.pk, table.pk]), joust),
        (reverse(result, args=[melee.pk, melee_table.pk]), places),
        (reverse(result, args=[melee.pk, melee_table.pk]), powers),
        (reverse("deckbuilder:deck_cards", args=[world["deck"].pk]), {"card": "core_2"}),
        (reverse("deckbuilder:deck_edit", args=[world["deck"].pk]), {"q": "ned"}),
        (reverse("deckbuilder:deck_versions_compare", args=[world["deck"].pk]), {"a": "1"}),
        (reverse("tournaments:event_pairings", args=[event.pk]), {"sort": "name"}),
        (reverse("play:act", args=[world["match"].pk]), {"kind": "choose", "seat": "0"}),
        (reverse("play:act", args=[world["match"].pk]), {"action": "p0:setup:place"}),
        (reverse("play:act", args=[world["match"].pk]), {"kind": "table:request", "verb": "x"}),
    ]


def _methods(sender: Sender, url: str) -> list[str]:
    """The methods the view answers (a 405 for the others is settled without reading)."""
    methods = ("get", "post", "patch") if url.startswith("/api/") else ("get", "post")
    return [m for m in methods if sender.send(m, url) != 405]


def test_no_number_in_a_request_gives_a_500(world):
    started = time.monotonic()
    every = names_read() | form_fields(world)
    assert every >= NAMED, f"not found in the apps' code: {NAMED - every}"
    entrant_fields = {f"{kind}_{e.pk}" for e in world["entrants"] for kind in ("place", "power")}
    every |= entrant_fields | {f"{kind}_{n}" for kind in ("power", "target") for n in (1, 2)}
    anonymous = Sender(Client(raise_request_exception=False))
    owner_client = Client(raise_request_exception=False)
    owner_client.force_login(world["ned"])
    owner = Sender(owner_client)
    found = urls(world)
    assert len(found) > 100, len(found)  # the walk reached the apps' URLs (and the admin's)
    for url, view, huge_urls in found:
        own = names_read_by(view) & every
        for sender in (anonymous, owner):
            for method in _methods(sender, url):
                for value in VALUES:
                    sender.send(method, url, dict.fromkeys(every, value))
                if sender is owner:  # each name its view reads, alone
                    for name in sorted(own):
                        for value in VALUES:
                            sender.send(method, url, {name: value})
                for huge in huge_urls:
                    sender.send(method, huge)
    for url, rest in _scenarios(world):
        for method in _methods(owner, url):
            for name in sorted(rest | dict.fromkeys(NAMED)):
                for value in VALUES:
                    owner.send(method, url, {**rest, name: value})
    for sender in (anonymous, owner):  # the API reads JSON bodies too
        for url in (reverse("decks_api:deck-list"), reverse("decks_api:deck-validate")):
            for value in VALUES:
                body = {"name": value, "deck": {"version": value, "cards": {"core_2": value}}}
                sender.send("post", url, body, content_type="application/json")
    sent = anonymous.sent + owner.sent
    seconds = time.monotonic() - started
    print(f"\n{sent} requests in {seconds:.0f} s ({len(found)} URLs)")
    failures = anonymous.failures + owner.failures
    assert not failures, "\n".join([f"{len(failures)} answers of 500:", *failures])


# --- what a person sees -------------------------------------------------------------------


def _text(response: Any) -> str:
    return response.content.decode().replace("&#x27;", "'")


def test_a_bad_number_is_named_or_falls_back_to_the_default(world):
    """Where a person typed the number (a form field, an address edited by hand), the answer
    names it; where a page's own link carries it, a value that is no number shows what the
    page shows without it."""
    client = Client(raise_request_exception=False)
    client.force_login(world["ned"])
    event, deck, finished = world["event"], world["deck"], world["finished"]

    pairings = client.get(reverse("tournaments:event_pairings", args=[event.pk]), {"round": "²"})
    assert pairings.status_code == 200
    assert "Round must be a whole number of at least 1, not '²'. Showing the current round." in (
        _text(pairings)
    )
    cut = client.post(
        reverse("tournaments:cut_start", args=[event.pk]), {"size": "١٢"}, follow=True
    )
    assert "The cut size must be a whole number from 0 to 999, not '١٢'." in _text(cut)

    compare = reverse("deckbuilder:deck_versions_compare", args=[deck.pk])
    answer = client.get(compare, {"a": "²", "b": "1"})
    assert answer.status_code == 400 and "a and b must be version numbers" in _text(answer)
    cards = reverse("deckbuilder:deck_cards", args=[deck.pk])
    answer = client.post(cards, {"card": "core_2", "count": "５"}, HTTP_HX_REQUEST="true")
    assert "The count must be a whole number from 0 to 99, not '５'." in _text(answer)
    new_match = client.post(reverse("play:new"), {"round_limit": "9" * 400, "clock_minutes": "0"})
    assert "Enter a whole number, in the digits 0 to 9." in _text(new_match)

    act = reverse("play:act", args=[world["match"].pk])
    act = client.post(act, {"seen": "²", "action": "x"}, follow=True)
    assert "The form did not say which move it answers; refresh." in _text(act)
    replay = reverse("play:replay", args=[finished.pk])
    assert client.get(replay, {"step": "²"}).context["step"] == client.get(replay).context["step"]


def test_the_poll_shortcut_leaves_a_match_number_of_5000_digits_to_django(settings):
    """The WSGI shortcut that answers a poll from the cache (before Django) read the match's
    number with int(), which refuses 5,000 digits: now such a path goes on to Django (a 404)."""
    from gameplay.live import nothing_new_shortcut

    settings.MATCH_LIVE_CACHE = True
    passed_on = []

    def django_app(environ: dict, start_response: Any) -> list[bytes]:
        passed_on.append(environ["PATH_INFO"])
        return [b"Django's answer"]

    shortcut = nothing_new_shortcut(django_app)
    path = f"/play/{'9' * 5000}/poll/"
    environ = {"PATH_INFO": path, "REQUEST_METHOD": "GET", "QUERY_STRING": "v=1&c=0"}
    assert shortcut(environ, lambda *args: None) == [b"Django's answer"]
    assert passed_on == [path]
