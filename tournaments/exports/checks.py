"""Reading an event export document: every problem at once, nothing written.

:func:`read_document` turns the parsed JSON of an export (``tournaments.exports.services``) into
plain values ready for the models, or raises :class:`~tournaments.services.EventError` listing every
problem it found, each named by where it is (``entrants[2] "Ann": joined_round ...``). It refuses
unknown fields too: a field this version cannot store would otherwise be lost without a word.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from decks.decklist import DeckJSONError, deck_from_json
from tournaments.models import Entrant, Event, Round, Seat
from tournaments.scoring import Outcome, ScoringRules
from tournaments.services import EventError, _check_settings

FORMAT_KEY = "maester_event_export"
# 2: final standings after a top cut, the champion, melee place counts
# 3: a two-on-two team's request to its partner's account (partner_invited, partner_request)
# 4: an entrant's consent to publishing their deck among the top decks, and the address of the
#    list published from it (publish_consent, published_decklist)
FORMAT_VERSION = 4
READABLE_VERSIONS = (1, 2, 3, 4)
MAX_PROBLEMS_IN_MESSAGE = 100
SMALL = 32767  # PositiveSmallIntegerField
NAME_MAX = 128
HOUSE_MAX = 16

# Event settings, in the order they are written; each is a model field of the same name.
SETTINGS = (
    "format", "deck_format", "rounds", "cut_size", "round_minutes", "points_win",
    "points_modified_win", "points_draw", "points_modified_loss", "points_loss",
    "head_to_head", "late_entry_losses", "player_reports", "publish_decklists", "play_online",
)  # fmt: skip
EVENT_KEYS = {"name", "date", "location", "organizer", "co_organizers", "seed", "status"} | set(
    SETTINGS
)
ENTRANT_KEYS = {
    "key", "name", "user", "partner", "deck_name", "house", "decklist", "decklist_text",
    "partner_decklist", "checked_in", "joined_round", "dropped_after_round",
}  # fmt: skip
ENTRANT_KEYS_V3 = ENTRANT_KEYS | {"partner_invited", "partner_request"}
ENTRANT_KEYS_V4 = ENTRANT_KEYS_V3 | {"publish_consent", "published_decklist"}
LINK_MAX = 200
PARTNER_REQUESTS = {"", *Entrant.PartnerRequest.values}
ROUND_KEYS = {"number", "kind", "started_at", "tables"}
TABLE_KEYS = {"number", "is_bye", "explanation", "reported", "disputed", "seats"}
SEAT_KEYS = {"entrant", "seat", "outcome", "place", "power", "points"}
STANDING_KEYS = {
    "rank", "entrant", "name", "points", "wins", "draws", "losses", "byes", "sos", "esos",
    "dropped",
}  # fmt: skip
STANDING_KEYS_V2 = STANDING_KEYS | {"places"}
FINAL_KEYS = {"place", "entrant", "name", "swiss_rank", "stage", "finish", "champion"}
OUTCOMES = {outcome.value for outcome in Outcome}
TOP_KEYS = {FORMAT_KEY, "event", "entrants", "rounds", "standings"}
TOP_KEYS_V2 = TOP_KEYS | {"final_standings", "champion"}


@dataclass
class Document:
    """A checked export: model field values, with entrants referred to by their export key."""

    event: dict[str, Any]  # Event field values (name, date, settings, seed, status)
    organizer: str
    co_organizers: list[str]
    entrants: list[dict[str, Any]]  # Entrant field values + "key", "user", "partner" (names)
    rounds: list[dict[str, Any]]  # Round values + "tables": [Table values + "seats": [...]]
    standings: list[dict[str, Any]] | None = None
    problems: list[str] = field(default_factory=list)
    version: int = FORMAT_VERSION
    final_standings: list[dict[str, Any]] | None = None  # version 2: as the file placed them
    champion: str | None = None  # version 2: the champion's entrant key


class _Reader:
    """Typed field reads that note a problem instead of raising, so all are reported."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def note(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}" if where else message)

    def obj(
        self, value: Any, where: str, keys: set[str], optional: frozenset[str] = frozenset()
    ) -> Mapping[str, Any] | None:
        if not isinstance(value, Mapping):
            self.note(where, f"must be an object, not {_kind(value)}")
            return None
        for key in sorted(set(keys) - set(value) - optional):
            self.note(where, f"missing field {key!r}")
        for key in sorted(set(value) - set(keys), key=str):
            self.note(where, f"unknown field {key!r} (this site cannot store it)")
        return value

    def items(self, obj: Mapping[str, Any], key: str, where: str) -> list[Any]:
        value = obj.get(key, [])
        if not isinstance(value, list):
            self.note(where, f"{key} must be a list, not {_kind(value)}")
            return []
        return value

    def text(
        self, obj: Mapping[str, Any], key: str, where: str, *, max_length: int = 0, blank=True
    ) -> str:
        value = obj.get(key, "")
        if not isinstance(value, str):
            self.note(where, f"{key} must be text, not {_kind(value)}")
            return ""
        if not blank and not value.strip():
            self.note(where, f"{key} must not be empty")
        if max_length and len(value) > max_length:
            self.note(where, f"{key} has {len(value)} characters; at most {max_length} fit")
        return value

    def username(self, obj: Mapping[str, Any], key: str, where: str) -> str | None:
        value = obj.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.strip():
            self.note(where, f"{key} must be a username or null, not {value!r}")
            return None
        return value.strip()

    def whole(
        self,
        obj: Mapping[str, Any],
        key: str,
        where: str,
        *,
        minimum: int = 0,
        maximum: int = SMALL,
        null: bool = False,
    ) -> int | None:
        value = obj.get(key)
        if value is None and (null or key not in obj):
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            nothing = " or null" if null else ""
            self.note(where, f"{key} must be a whole number{nothing}, not {value!r}")
            return None
        if not minimum <= value <= maximum:
            self.note(where, f"{key} must be from {minimum} to {maximum}, not {value}")
            return None
        return value

    def flag(self, obj: Mapping[str, Any], key: str, where: str) -> bool:
        value = obj.get(key, False)
        if not isinstance(value, bool):
            self.note(where, f"{key} must be true or false, not {value!r}")
            return False
        return value

    def choice(self, obj: Mapping[str, Any], key: str, where: str, allowed: list[str]) -> str:
        value = obj.get(key, allowed[0])
        if value not in allowed:
            shown = ", ".join(repr(a) for a in allowed)
            self.note(where, f"{key} {value!r} is not one of {shown}")
            return allowed[0]
        return value

    def fraction(self, obj: Mapping[str, Any], key: str, where: str) -> Fraction:
        value = obj.get(key, 0)
        try:
            if isinstance(value, bool) or not isinstance(value, str | int):
                raise ValueError
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            self.note(where, f'{key} must be an exact number such as "47/15", not {value!r}')
            return Fraction(0)

    def deck(self, obj: Mapping[str, Any], key: str, where: str) -> dict[str, Any]:
        value = obj.get(key, {})
        if value == {}:
            return {}
        try:
            deck_from_json(value)
        except DeckJSONError as error:
            self.note(where, f"{key} is not a deck: {' '.join(error.problems)}")
            return {}
        return dict(value)


def _kind(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null"}
    return names.get(type(value), "a number" if isinstance(value, int | float) else "a value")


def _label(index: int, what: str, item: Any, key: str = "name") -> str:
    name = item.get(key) if isinstance(item, Mapping) else None
    return f'{what}[{index}] "{name}"' if isinstance(name, str) else f"{what}[{index}]"


def read_document(data: object) -> Document:
    """The checked contents of an export document, or :class:`EventError` naming each problem."""
    r = _Reader()
    if not isinstance(data, Mapping):
        raise _refusal(["The file must be a JSON object: a Maester event export."])
    version = data.get(FORMAT_KEY)
    if FORMAT_KEY not in data:
        raise _refusal([f"This is not a Maester event export (it has no {FORMAT_KEY!r} field)."])
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        readable = " and ".join(str(v) for v in READABLE_VERSIONS)
        raise _refusal(
            [f"Unsupported export version {version!r}; this site reads versions {readable}."]
        )
    v2 = version >= 2
    top = r.obj(
        data,
        "the file",
        TOP_KEYS_V2 if v2 else TOP_KEYS,
        optional=frozenset({"standings", "final_standings", "champion"}),
    )
    assert top is not None
    for problem in _unstorable_text(top):
        r.note("the file", problem)
    event, organizer, co_organizers = _read_event(r, top.get("event"))
    entrant_keys = (
        ENTRANT_KEYS_V4 if version >= 4 else ENTRANT_KEYS_V3 if version >= 3 else ENTRANT_KEYS
    )
    entrants = _read_entrants(r, r.items(top, "entrants", "the file"), entrant_keys)
    keys = {e["key"]: e for e in entrants if isinstance(e["key"], str)}
    rounds = _read_rounds(r, r.items(top, "rounds", "the file"), keys, event)
    standings = None
    if top.get("standings") is not None:
        row_keys = STANDING_KEYS_V2 if v2 else STANDING_KEYS
        standings = _read_standings(r, r.items(top, "standings", "the file"), keys, row_keys)
    final = None
    if v2 and top.get("final_standings") is not None:
        final = _read_final(r, r.items(top, "final_standings", "the file"), keys)
    champion = top.get("champion") if v2 else None
    if champion is not None and champion not in keys:
        r.note("the file", f"champion {champion!r} is not one of the file's entrants")
        champion = None
    if r.problems:
        raise _refusal(r.problems)
    return Document(
        event,
        organizer,
        co_organizers,
        entrants,
        rounds,
        standings,
        version=version,
        final_standings=final,
        champion=champion,
    )


def _unstorable_text(data: Any) -> list[str]:
    """Text no database column can hold: NUL characters and lone surrogates (bad escapes)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, Mapping):
            stack += list(value.keys()) + list(value.values())
        elif isinstance(value, list):
            stack += value
        elif isinstance(value, str):
            if "\x00" in value:
                found.add("it contains a NUL character (\\u0000), which cannot be stored")
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                found.add("it contains an invalid \\u escape (a lone surrogate)")
    return sorted(found)


def _refusal(problems: list[str]) -> EventError:
    shown = problems[:MAX_PROBLEMS_IN_MESSAGE]
    more = len(problems) - len(shown)
    text = " ".join(p if p.endswith(".") else f"{p}." for p in shown)
    if more:
        text += f" …and {more} more."
    count = "1 problem" if len(problems) == 1 else f"{len(problems)} problems"
    return EventError(f"The event cannot be imported ({count}): {text}", problems)


def _read_event(r: _Reader, value: Any) -> tuple[dict[str, Any], str, list[str]]:
    where = "event"
    obj = r.obj(value, where, EVENT_KEYS)
    if obj is None:
        return {}, "", []
    out: dict[str, Any] = {
        "name": r.text(obj, "name", where, max_length=NAME_MAX, blank=False).strip(),
        "location": r.text(obj, "location", where, max_length=NAME_MAX),
        "format": r.choice(obj, "format", where, Event.Format.values),
        "deck_format": r.choice(obj, "deck_format", where, Event.DeckFormat.values),
        "status": r.choice(obj, "status", where, Event.Status.values),
        "seed": r.whole(obj, "seed", where, maximum=2**31 - 1),
    }
    date = obj.get("date")
    try:
        out["date"] = datetime.date.fromisoformat(date)
    except (TypeError, ValueError):
        if "date" in obj:
            r.note(where, f'date must be a date such as "2026-11-28", not {date!r}')
    for key in ("rounds", "cut_size"):
        out[key] = r.whole(obj, key, where, null=True, maximum=999)
    for key in ("round_minutes", *(k for k in SETTINGS if k.startswith("points_"))):
        out[key] = r.whole(obj, key, where)
    flags = ("head_to_head", "late_entry_losses", "player_reports", "publish_decklists")
    for key in (*flags, "play_online"):
        out[key] = r.flag(obj, key, where)
    if out["seed"] is None:
        out.pop("seed")
    before = len(r.problems)
    points = [out.get(k) for k in SETTINGS if k.startswith("points_")]
    if None not in points:
        try:
            ScoringRules(*points)
        except ValueError as error:
            r.note(where, str(error))
    if len(r.problems) == before:
        try:
            _check_settings({k: out[k] for k in ("format", "deck_format", "rounds", "cut_size")})
        except EventError as error:
            r.note(where, str(error))
    organizer = r.username(obj, "organizer", where) or ""
    co_organizers = []
    for index, name in enumerate(r.items(obj, "co_organizers", where)):
        if not isinstance(name, str) or not name.strip():
            r.note(where, f"co_organizers[{index}] must be a username, not {name!r}")
        else:
            co_organizers.append(name.strip())
    return out, organizer, co_organizers


def _read_entrants(
    r: _Reader, items: list[Any], fields: set[str] = ENTRANT_KEYS
) -> list[dict[str, Any]]:
    out = []
    keys: set[str] = set()
    names: set[str] = set()
    users: set[str] = set()
    for index, item in enumerate(items):
        where = _label(index, "entrants", item)
        obj = r.obj(item, where, fields)
        if obj is None:
            continue
        key = obj.get("key")
        if not isinstance(key, str) or not key:
            r.note(where, f"key must be non-empty text, not {key!r}")
        elif key in keys:
            r.note(where, f"key {key!r} is used by another entrant")
        if isinstance(key, str):
            keys.add(key)
        entrant = {
            "key": key,
            # Verbatim: the standings' random tiebreak hashes the entrant's name.
            "name": r.text(obj, "name", where, max_length=NAME_MAX, blank=False),
            "user": r.username(obj, "user", where),
            "partner": r.username(obj, "partner", where),
            "deck_name": r.text(obj, "deck_name", where, max_length=NAME_MAX),
            "house": r.text(obj, "house", where, max_length=HOUSE_MAX),
            "decklist": r.deck(obj, "decklist", where),
            "decklist_text": r.text(obj, "decklist_text", where),
            "partner_decklist": r.deck(obj, "partner_decklist", where),
            "checked_in": r.flag(obj, "checked_in", where),
            "joined_round": r.whole(obj, "joined_round", where, minimum=1) or 1,
            "dropped_after_round": r.whole(obj, "dropped_after_round", where, null=True),
            # Version 3; before it every team was complete.
            "partner_invited": r.username(obj, "partner_invited", where),
            "partner_request": obj.get("partner_request", ""),
            # Version 4; before it nobody had agreed, and nothing was published.
            "publish_consent": r.flag(obj, "publish_consent", where),
            "published_decklist": _link(r, obj, "published_decklist", where),
        }
        request = entrant["partner_request"]
        if not isinstance(request, str) or request not in PARTNER_REQUESTS:
            r.note(
                where,
                f"partner_request must be one of {sorted(PARTNER_REQUESTS)}, "
                f"not {entrant['partner_request']!r}",
            )
        if entrant["name"] and entrant["name"] in names:
            r.note(where, "another entrant has the same name; names must be unique in an event")
        names.add(entrant["name"])
        # An account sits on one entry per event, as its player or as a partner.
        seated = [entrant[k] for k in ("user", "partner") if entrant[k] is not None]
        for account in seated:
            if account in users or seated.count(account) > 1:
                r.note(where, f"account {account!r} is on two entries (player or partner)")
            users.add(account)
        out.append(entrant)
    return out


def _link(r: _Reader, obj: Mapping[str, Any], key: str, where: str) -> str | None:
    """An address on the exporting site (a published list's path), or null."""
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > LINK_MAX:
        r.note(where, f"{key} must be the address of a decklist (text) or null")
        return None
    return value


def _read_rounds(
    r: _Reader, items: list[Any], entrants: dict[str, dict[str, Any]], event: dict[str, Any]
) -> list[dict[str, Any]]:
    out = []
    numbers: set[int] = set()
    for index, item in enumerate(items):
        where = f"rounds[{index}]"
        obj = r.obj(item, where, ROUND_KEYS)
        if obj is None:
            continue
        number = r.whole(obj, "number", where, minimum=1)
        if number is not None:
            if number in numbers:
                r.note(where, f"round {number} appears twice")
            numbers.add(number)
            where = f"round {number}"
        kind = r.choice(obj, "kind", where, Round.Kind.values)
        started = obj.get("started_at")
        started_at = None
        if started is not None:
            try:
                started_at = datetime.datetime.fromisoformat(started)
            except (TypeError, ValueError):
                r.note(where, f"started_at must be a date and time or null, not {started!r}")
            else:
                if started_at.tzinfo is None:
                    r.note(where, f"started_at {started!r} needs a time zone, e.g. +00:00")
        seated: set[str] = set()
        tables = []
        table_numbers: set[int] = set()
        for t_index, t_item in enumerate(r.items(obj, "tables", where)):
            table = _read_table(r, t_item, where, t_index, entrants, seated)
            if table is None:
                continue
            if table["number"] in table_numbers:
                r.note(where, f"table {table['number']} appears twice")
            table_numbers.add(table["number"])
            tables.append(table)
        if kind == Round.Kind.SWISS and number is not None and event.get("late_entry_losses"):
            for key in sorted(seated):
                if entrants[key]["joined_round"] > number:
                    r.note(
                        where,
                        f'"{entrants[key]["name"]}" joined in round '
                        f"{entrants[key]['joined_round']} but is seated in round {number} "
                        "(a late entrant's missed rounds count as losses)",
                    )
        out.append({"number": number, "kind": kind, "started_at": started_at, "tables": tables})
    return out


def _read_table(
    r: _Reader,
    item: Any,
    round_where: str,
    index: int,
    entrants: dict[str, dict[str, Any]],
    seated: set[str],
) -> dict[str, Any] | None:
    where = f"{round_where} tables[{index}]"
    obj = r.obj(item, where, TABLE_KEYS)
    if obj is None:
        return None
    number = r.whole(obj, "number", where, minimum=1)
    if number is not None:
        where = f"{round_where} table {number}"
    table = {
        "number": number,
        "is_bye": r.flag(obj, "is_bye", where),
        "explanation": obj.get("explanation", {}),
        "reported": r.flag(obj, "reported", where),
        "disputed": r.flag(obj, "disputed", where),
        "seats": [],
    }
    try:
        json.dumps(table["explanation"])
    except (TypeError, ValueError):
        r.note(where, "explanation must be plain JSON")
    seat_numbers: set[int] = set()
    for s_index, s_item in enumerate(r.items(obj, "seats", where)):
        s_where = f"{where} seats[{s_index}]"
        seat_obj = r.obj(s_item, s_where, SEAT_KEYS)
        if seat_obj is None:
            continue
        key = seat_obj.get("entrant")
        if not isinstance(key, str) or key not in entrants:
            r.note(s_where, f"entrant {key!r} is not one of the file's entrants")
        elif key in seated:
            r.note(s_where, f'"{entrants[key]["name"]}" is seated twice in this round')
        else:
            seated.add(key)
        seat = {
            "entrant": key,
            "seat": r.whole(seat_obj, "seat", s_where, minimum=1),
            "outcome": r.choice(seat_obj, "outcome", s_where, ["", *Seat.Outcome.values]),
            "place": r.whole(seat_obj, "place", s_where, minimum=1, null=True),
            "power": r.whole(seat_obj, "power", s_where, null=True),
            "points": _decimal(r, seat_obj, s_where),
        }
        if seat["seat"] in seat_numbers:
            r.note(s_where, f"seat {seat['seat']} is taken twice")
        seat_numbers.add(seat["seat"])
        if seat["outcome"] == Seat.Outcome.BYE and not table["is_bye"]:
            r.note(s_where, "outcome 'bye' is only for a bye (is_bye true)")
        table["seats"].append(seat)
    seats = table["seats"]
    if table["is_bye"] and len(seats) != 1:
        r.note(where, f"a bye has exactly one seat, not {len(seats)}")
    elif not table["is_bye"] and len(seats) < 2:
        r.note(where, f"a game needs two or more seats, not {len(seats)}")
    if len(seats) == 2 and all(s["outcome"] in OUTCOMES for s in seats):
        a, b = Outcome(seats[0]["outcome"]), Outcome(seats[1]["outcome"])
        if a.opposite is not b:
            r.note(where, f"the outcomes {a.value} and {b.value} contradict each other")
    return table


def _decimal(r: _Reader, obj: Mapping[str, Any], where: str) -> Decimal | None:
    value = obj.get("points")
    if value is None:
        return None
    try:
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise InvalidOperation
        number = Decimal(str(value))
        if not number.is_finite() or number != number.quantize(Decimal("0.01")):
            raise InvalidOperation
    except InvalidOperation:
        r.note(where, f'points must be a number with 2 decimals at most ("5.00"), not {value!r}')
        return None
    if not 0 <= number < 10_000:
        r.note(where, f"points must be from 0 to 9999.99, not {value!r}")
        return None
    return number


def _read_standings(
    r: _Reader,
    items: list[Any],
    entrants: dict[str, dict[str, Any]],
    keys: set[str] = STANDING_KEYS,
) -> list[dict[str, Any]]:
    out = []
    for index, item in enumerate(items):
        where = _label(index, "standings", item)
        obj = r.obj(item, where, keys)
        if obj is None:
            continue
        key = obj.get("entrant")
        if not isinstance(key, str) or key not in entrants:
            r.note(where, f"entrant {key!r} is not one of the file's entrants")
        row = {"entrant": key, "name": r.text(obj, "name", where)}
        row["rank"] = r.whole(obj, "rank", where, minimum=1, maximum=10**6)
        for name in ("wins", "draws", "losses", "byes"):
            row[name] = r.whole(obj, name, where, maximum=10**6)
        for name in ("points", "sos", "esos"):
            row[name] = r.fraction(obj, name, where)
        row["dropped"] = r.flag(obj, "dropped", where)
        if "places" in keys:
            places = r.items(obj, "places", where)
            if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in places):
                r.note(where, "places must be a list of counts (whole numbers)")
                places = []
            row["places"] = tuple(places)
        out.append(row)
    return out


def _read_final(
    r: _Reader, items: list[Any], entrants: dict[str, dict[str, Any]]
) -> list[dict[str, Any]]:
    """The file's final standings (version 2), to compare with the ones computed here."""
    out = []
    for index, item in enumerate(items):
        where = _label(index, "final_standings", item)
        obj = r.obj(item, where, FINAL_KEYS)
        if obj is None:
            continue
        key = obj.get("entrant")
        if not isinstance(key, str) or key not in entrants:
            r.note(where, f"entrant {key!r} is not one of the file's entrants")
        stage = obj.get("stage")
        if stage is not None and not isinstance(stage, str):
            r.note(where, f"stage must be text or null, not {stage!r}")
        out.append(
            {
                "entrant": key,
                "place": r.whole(obj, "place", where, minimum=1, maximum=10**6),
                "swiss_rank": r.whole(obj, "swiss_rank", where, minimum=1, maximum=10**6),
                "finish": r.whole(obj, "finish", where, minimum=1, null=True),
                "stage": stage,
                "champion": r.flag(obj, "champion", where),
            }
        )
    return out
