"""Tournament exports: standings as CSV, and a whole event as a JSON document that imports back.

The JSON document (format version 4, written up in ``docs/TOURNAMENT_EXPORTS.md``; versions 1
to 3 still import) holds the event's settings, seed and status, every entrant with the
frozen decklists, every round, table and seat with its result, the Swiss standings as they
were computed, and the final standings and champion after a top cut. Entrants are
referred to by an export ``key`` (their id on the exporting site; opaque to the import).
Names are kept verbatim: the standings' random tiebreak hashes the event seed and the
entrant's name, so a restored event ranks its ties the same way. Exact values are strings:
seat points as decimals (``"5.00"``), standings points, SoS and ESoS as fractions
(``"47/15"``); dates and times are ISO 8601.

:func:`event_import` restores a document into a new event of the importing user, checking
everything before it writes (``tournaments.exports.checks``), and records what it could not
match (accounts missing on this site, standings that differ) in the audit entry.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Prefetch

from decklists.models import Decklist
from tournaments.decklinks import published_list_at
from tournaments.exports.checks import FORMAT_KEY, FORMAT_VERSION, SETTINGS, Document, read_document
from tournaments.models import AuditEntry, Entrant, Event, Round, Seat, Table
from tournaments.selectors import event_results
from tournaments.services import EventError, audit
from tournaments.standings import as_display
from tournaments.wording import ordinal, placing_label

__all__ = [
    "FORMAT_KEY",
    "FORMAT_VERSION",
    "DuplicateImport",
    "event_export",
    "event_import",
    "import_notes",
    "read_export",
    "standings_csv",
]

CSV_HEADER = [
    "Rank", "Name", "Top cut", "Swiss rank", "Points", "Record (W-D-L)", "Byes", "SoS", "ESoS",
    "Dropped",
]  # fmt: skip
MELEE_PLACES = 4  # at least 1st to 4th, more when a table was larger
MAX_FILE_BYTES = 20 * 1024 * 1024


class DuplicateImport(EventError):
    """The document matches an event already on the site (same name and date): importing it
    again would make a second copy. ``matches`` are those events."""

    def __init__(self, message: str, matches: list[Event]) -> None:
        super().__init__(message)
        self.matches = matches


def _fraction(value: Fraction) -> str:
    return str(value)  # "17" or "47/15": exact, and Fraction() reads it back


def _shown(value: Any) -> str:
    if isinstance(value, tuple | list):
        return "-".join(str(v) for v in value) or "none"
    return _fraction(value)


def entrant_key(entrant: Entrant) -> str:
    """The export key of an entrant: its id here, the same string as its standings row id."""
    return str(entrant.pk)


def event_export(event: Event) -> dict[str, Any]:
    """The whole event as a JSON-ready dict (plain dicts, lists, strings, numbers, booleans)."""
    entrants = list(
        event.entrants.select_related(
            "user", "partner", "partner_invited", "published_decklist"
        ).order_by("pk")
    )
    keys = {e.pk: entrant_key(e) for e in entrants}
    rounds = event.round_set.order_by("number").prefetch_related(
        Prefetch(
            "tables",
            queryset=Table.objects.order_by("number").prefetch_related(
                Prefetch("seats", queryset=Seat.objects.order_by("seat"))
            ),
        )
    )
    names = {str(e.pk): e.name for e in entrants}
    results = event_results(event)
    return {
        FORMAT_KEY: FORMAT_VERSION,
        "event": {
            "name": event.name,
            "date": event.date.isoformat(),
            "location": event.location,
            "organizer": event.organizer.username,
            "co_organizers": sorted(u.username for u in event.co_organizers.all()),
            **{key: getattr(event, key) for key in SETTINGS},
            "seed": event.seed,
            "status": event.status,
        },
        "entrants": [
            {
                "key": keys[e.pk],
                "name": e.name,
                "user": e.user.username if e.user else None,
                "partner": e.partner.username if e.partner else None,
                "deck_name": e.deck_name,
                "house": e.house,
                "decklist": e.decklist,
                "decklist_text": e.decklist_text,
                "partner_decklist": e.partner_decklist,
                "checked_in": e.checked_in,
                "joined_round": e.joined_round,
                "dropped_after_round": e.dropped_after_round,
                "partner_invited": e.partner_invited.username if e.partner_invited else None,
                "partner_request": e.partner_request,
                "publish_consent": e.publish_consent,
                "published_decklist": (
                    e.published_decklist.get_absolute_url() if e.published_decklist else None
                ),
            }
            for e in entrants
        ],
        "rounds": [
            {
                "number": r.number,
                "kind": r.kind,
                "started_at": r.started_at.isoformat() if r.started_at else None,
                "tables": [
                    {
                        "number": t.number,
                        "is_bye": t.is_bye,
                        "explanation": t.explanation,
                        "reported": t.reported,
                        "disputed": t.disputed,
                        "seats": [
                            {
                                "entrant": keys[s.entrant_id],
                                "seat": s.seat,
                                "outcome": s.outcome,
                                "place": s.place,
                                "power": s.power,
                                "points": None if s.points is None else str(s.points),
                            }
                            for s in t.seats.all()
                        ],
                    }
                    for t in r.tables.all()
                ],
            }
            for r in rounds
        ],
        "standings": [
            {
                "rank": row.rank,
                "entrant": row.id,
                "name": names[row.id],
                "points": _fraction(row.points),
                "wins": row.wins,
                "draws": row.draws,
                "losses": row.losses,
                "byes": row.byes,
                "places": list(row.places),
                "sos": _fraction(row.sos),
                "esos": _fraction(row.esos),
                "dropped": row.dropped,
            }
            for row in (line["row"] for line in results.swiss)
        ],
        "final_standings": [
            {
                "place": p.place,
                "entrant": p.id,
                "name": names[p.id],
                "swiss_rank": p.swiss_rank,
                "stage": p.stage,
                "finish": p.finish,
                "champion": p.champion,
            }
            for p in (line["placing"] for line in results.final)
        ],
        "champion": str(results.champion.pk) if results.champion else None,
    }


def _cell(text: str) -> str:
    # A name starting like a formula would run as one in a spreadsheet: keep it text.
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _points(value: Fraction) -> str:
    return f"{as_display(value):.3f}".rstrip("0").rstrip(".")


def standings_csv(event: Event) -> str:
    """The final standings as CSV (RFC 4180, CRLF line ends), one row per entrant, best first.

    After a top cut, Rank is the final place (the cut first) and Top cut says how far the
    player went ("Champion", "Finalist"...); Swiss rank is the place in the Swiss standings.
    Points are shown exactly when whole (``17``) and to 3 places otherwise; SoS and ESoS
    always to 3 places; Dropped is ``after round N`` or empty. A melee event has a column per
    finishing place (1st, 2nd...) and the power entered instead of the record and byes.
    """
    results = event_results(event)
    melee = results.melee
    places = max(results.places, MELEE_PLACES)
    header = CSV_HEADER[:5]
    if melee:
        header += [ordinal(n) for n in range(1, places + 1)] + ["Power"]
    else:
        header += CSV_HEADER[5:7]
    header += CSV_HEADER[7:]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    for place, line, placing in results.ranked:
        row, entrant = line["row"], line["entrant"]
        cells = [
            place,
            _cell(entrant.name),
            placing_label(placing, melee=melee) if placing else "",
            row.rank,
            _points(row.points),
        ]
        if melee:
            counts = list(row.places) + [0] * (places - len(row.places))
            cells += [*counts, "" if line["power"] is None else line["power"]]
        else:
            cells += [f"{row.wins}-{row.draws}-{row.losses}", row.byes]
        cells += [
            f"{as_display(row.sos):.3f}",
            f"{as_display(row.esos):.3f}",
            f"after round {entrant.dropped_after_round}" if entrant.dropped else "",
        ]
        writer.writerow(cells)
    return out.getvalue()


def read_export(raw: bytes | str) -> object:
    """The parsed JSON of an uploaded export file, or :class:`EventError` saying what is wrong."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_FILE_BYTES:
            raise EventError(
                f"The file is too large ({len(raw) // 1024 // 1024} MB); "
                f"an event export is at most {MAX_FILE_BYTES // 1024 // 1024} MB."
            )
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise EventError("The file is not UTF-8 text; upload the .json export.") from None
    if not raw.strip():
        raise EventError("The file is empty; upload the .json export of an event.")
    try:
        return json.loads(raw)
    except json.JSONDecodeError as error:
        raise EventError(
            f"The file is not valid JSON: {error.msg} at line {error.lineno}, column {error.colno}."
        ) from None
    except (ValueError, RecursionError):
        raise EventError("The file is not valid JSON (a number or nesting is too large).") from None


def matching_events(doc: Document) -> list[Event]:
    """Events on the site that the document may be a copy of: same name and date."""
    name, date = doc.event.get("name"), doc.event.get("date")
    if not name or date is None:
        return []
    return list(
        Event.objects.filter(name__iexact=name, date=date)
        .select_related("organizer")
        .order_by("pk")
    )


def _remapped(explanation: Any, keys: dict[str, str]) -> Any:
    """A pairing explanation naming players by export key, with this site's ids instead."""
    if not isinstance(explanation, dict):
        return explanation
    out = dict(explanation)
    for field in ("players", "passed_over"):
        if isinstance(out.get(field), list):
            out[field] = [keys.get(p, p) if isinstance(p, str) else p for p in out[field]]
    return out


@transaction.atomic
def event_import(*, data: object, organizer: Any, allow_duplicate: bool = False) -> Event:
    """A new event restored from an export document, organized by ``organizer``.

    The whole document is checked before anything is written; any problem raises
    :class:`EventError` naming each one. A document that matches an event already here (same
    name and date: an earlier import of the same file, most likely) raises
    :class:`DuplicateImport` unless ``allow_duplicate``. Usernames of accounts on this site
    are linked (entrants, partners, co-organizers); the others stay as walk-ins by name, and
    are listed in the ``event_imported`` audit entry, with the original organizer and any
    difference between the standings in the file and the standings recomputed here.
    """
    if organizer is None or not organizer.is_authenticated:
        raise PermissionDenied("Log in to import an event.")
    doc = read_document(data)
    matches = matching_events(doc)
    if matches and not allow_duplicate:
        same = ", ".join(f"{e.name} of {e.date.isoformat()} (event {e.pk})" for e in matches)
        raise DuplicateImport(
            f"This file matches an event already on the site: {same}. Nothing was imported; "
            "import it again only if you want a second copy.",
            matches,
        )
    accounts = _accounts(doc)
    # Co-organizer rights are not granted from a file (anyone can upload one): the original
    # co-organizers are named in the audit entry, and the importer adds whom they trust.
    event = Event.objects.create(organizer=organizer, **doc.event)
    entrants: dict[str, Entrant] = {}
    for item in doc.entrants:
        links = ("key", "user", "partner", "partner_invited", "published_decklist")
        values = {k: v for k, v in item.items() if k not in links}
        entrants[item["key"]] = Entrant.objects.create(
            event=event,
            user=accounts.get(item["user"] or ""),
            partner=accounts.get(item["partner"] or ""),
            partner_invited=accounts.get(item["partner_invited"] or ""),
            published_decklist=_published_here(item["published_decklist"], item["name"]),
            **values,
        )
    new_ids = {key: str(e.pk) for key, e in entrants.items()}
    for item in doc.rounds:
        round_ = Round.objects.create(
            event=event, number=item["number"], kind=item["kind"], started_at=item["started_at"]
        )
        for table_item in item["tables"]:
            values = {k: v for k, v in table_item.items() if k != "seats"}
            values["explanation"] = _remapped(values["explanation"], new_ids)
            table = Table.objects.create(round=round_, **values)
            Seat.objects.bulk_create(
                Seat(table=table, **{**seat, "entrant": entrants[seat["entrant"]]})
                for seat in table_item["seats"]
            )
    try:
        results = event_results(event)
    except ValueError as error:  # the rules refuse the results: write nothing
        raise EventError(
            f"The event cannot be imported: its results cannot be ranked ({error}).", [str(error)]
        ) from None
    keys = {str(e.pk): key for key, e in entrants.items()}
    rows = [line["row"] for line in results.swiss]
    differences = _standings_differences(doc, [(keys[row.id], row) for row in rows])
    differences += _final_differences(doc, results, keys)
    audit(
        event,
        organizer,
        "event_imported",
        version=doc.version,
        original_organizer=doc.organizer,
        original_co_organizers=doc.co_organizers,
        entrants={key: e.pk for key, e in entrants.items()},
        unmatched_usernames=sorted(_usernames(doc) - set(accounts)),
        standings_differences=differences,
        copy_of=[e.pk for e in matches],
    )
    return event


def _final_differences(doc: Document, results: Any, keys: dict[str, str]) -> list[str]:
    """How the final standings recomputed here differ from the file's (version 2 files)."""
    if doc.final_standings is None:
        return []
    names = {e["key"]: e["name"] for e in doc.entrants}
    theirs = [item["entrant"] for item in sorted(doc.final_standings, key=lambda i: i["place"])]
    mine = [keys[line["placing"].id] for line in results.final]
    out = []
    if theirs != mine:
        for place, (a, b) in enumerate(zip(theirs, mine, strict=False), start=1):
            if a != b:
                out.append(f"Final place {place}: {names[a]} in the file, {names[b]} here.")
                break
    champion = keys[str(results.champion.pk)] if results.champion else None
    if doc.champion != champion:
        shown = {None: "none"} | names
        out.append(f"Champion: {shown[doc.champion]} in the file, {shown[champion]} here.")
    return out


def _usernames(doc: Document) -> set[str]:
    names = {doc.organizer, *doc.co_organizers}
    names |= {e[k] for e in doc.entrants for k in ("user", "partner", "partner_invited") if e[k]}
    return names - {""}


def _published_here(path: str | None, name: str) -> Decklist | None:
    """The list an entry's deck was published as, when it is on this site (an event restored
    where it was played): the same list number, published for the same player. A list on
    another site stays unlinked here, and the top decks may be published again."""
    decklist = published_list_at(path) if path else None
    return decklist if decklist is not None and decklist.player_name == name[:120] else None


def _accounts(doc: Document) -> dict[str, User]:
    return {u.username: u for u in User.objects.filter(username__in=_usernames(doc))}


def _standings_differences(doc: Document, rows: list[tuple[str, Any]]) -> list[str]:
    """How the recomputed standings differ from the file's (empty when they are the same)."""
    if doc.standings is None:
        return []
    names = {e["key"]: e["name"] for e in doc.entrants}
    found = dict(rows)
    out = []
    expected = sorted(doc.standings, key=lambda s: s["rank"])
    for item in expected:
        row = found.get(item["entrant"])
        if row is None:
            continue
        fields = ("points", "sos", "esos", "wins", "draws", "losses", "byes", "places")
        for field in (f for f in fields if f in item):
            mine, theirs = getattr(row, field), item[field]
            if mine != theirs:
                out.append(
                    f"{names[item['entrant']]}: {field} {_shown(theirs)} in the file, "
                    f"{_shown(mine)} here."
                )
    missing = set(found) - {s["entrant"] for s in doc.standings}
    out += [f"{names[key]} is not in the file's standings." for key in sorted(missing)]
    if not out:
        for item, (key, row) in zip(expected, rows, strict=False):
            if item["entrant"] != key:
                out.append(
                    f"Rank {row.rank}: {names[item['entrant']]} in the file, {names[key]} here "
                    "(tied on every tiebreaker but the random one)."
                )
    return out


def import_notes(event: Event) -> list[str]:
    """What an import of ``event`` could not restore exactly, for the organizer to read."""
    entry = imported_audit(event)
    if entry is None:
        return []
    notes = [
        f"No account is named {name!r} on this site: kept as a name only."
        for name in entry.detail.get("unmatched_usernames", [])
    ]
    notes += [
        f"This is a second copy: event {pk} has the same name and date."
        for pk in entry.detail.get("copy_of", [])
    ]
    return notes + [
        f"Standings differ from the file: {text}"
        for text in entry.detail.get("standings_differences", [])
    ]


def imported_audit(event: Event) -> AuditEntry | None:
    """The audit entry of the import that created ``event`` (None if it was not imported)."""
    return event.audit.filter(action="event_imported").order_by("-pk").first()
