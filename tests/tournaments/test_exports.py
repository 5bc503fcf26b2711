"""Exports: the standings CSV, the JSON document that restores an event, the import checks."""

from __future__ import annotations

import copy
import csv
import datetime
import io
import json
from decimal import Decimal
from fractions import Fraction

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.core.management import CommandError, call_command
from django.urls import reverse

from tournaments.exports.services import (
    event_export,
    event_import,
    import_notes,
    read_export,
    standings_csv,
)
from tournaments.models import AuditEntry, Entrant, Event, Round, Seat, Table
from tournaments.selectors import event_standings
from tournaments.services import EventError, co_organizer_add, entrant_register

from .conftest import decklist

pytestmark = pytest.mark.django_db
URLS = "tests.tournaments.export_test_urls"
STARTED = datetime.datetime(2026, 11, 28, 10, 0, tzinfo=datetime.UTC)


def _table(round_, number, seats, *, bye=False, reported=True):
    table = Table.objects.create(
        round=round_,
        number=number,
        is_bye=bye,
        reported=reported,
        explanation={"why": f"table {number}"},
    )
    for index, (entrant, outcome, power, points) in enumerate(seats, start=1):
        Seat.objects.create(
            table=table,
            entrant=entrant,
            seat=index,
            outcome=outcome,
            power=power,
            points=None if points is None else Decimal(points),
        )
    return table


def build_event(event, organizer, player):
    """Three Swiss rounds of a small joust, with a bye, a drop and a late entrant.

    Hand-computed standings (win 5, modified win 4, draw 2, modified loss 1, loss 0, bye 5):

    ========  ======  =====  ====  =======  =======
    entrant   points  W-D-L  byes  SoS      ESoS
    ========  ======  =====  ====  =======  =======
    Arya      12      2-1-0  0     7/3      307/108
    Dany      10      1-0-1  1     9/4      5/2
    Lou       10      2-0-1  0     11/6     113/36
    Cersei    6       1-1-1  0     47/18    41/18
    Ned       5       0-0-2  1     11/3     25/12
    Davos     1       0-0-2  0     8/3      175/72
    ========  ======  =====  ====  =======  =======
    """
    ned = User.objects.create_user("ned", password="winter-is-coming-1")
    User.objects.create_user("sansa", password="lemon-cakes-forever")
    co_organizer_add(event=event, user=organizer, username="sansa")

    def register(name, deck, player=None):
        return entrant_register(
            event=event, user=organizer, name=name, player=player, deck=decklist(deck)
        )

    arya = register("Arya", "core-stark", player)
    ned_e = register("Ned", "core-stark-threes", ned)
    cersei = register("Cersei", "core-lannister")
    davos = register("Davos", "core-baratheon")
    dany = register("Dany", "core-targaryen")
    event.status = Event.Status.SWISS
    event.save()
    r1 = Round.objects.create(event=event, number=1, started_at=STARTED)
    _table(r1, 1, [(arya, "win", 15, "5.00"), (ned_e, "loss", 7, "0.00")])
    _table(r1, 2, [(cersei, "modified_win", 11, None), (davos, "modified_loss", 9, None)])
    _table(r1, 3, [(dany, "bye", None, None)], bye=True)
    lou = register("Lou", "core-lannister-threes")
    assert lou.joined_round == 2
    r2 = Round.objects.create(event=event, number=2, started_at=STARTED)
    _table(r2, 1, [(arya, "draw", 12, None), (cersei, "draw", 12, None)])
    _table(r2, 2, [(ned_e, "loss", 3, None), (lou, "win", 15, None)])
    _table(r2, 3, [(davos, "loss", 4, None), (dany, "win", 15, None)])
    davos.dropped_after_round = 2
    davos.save()
    r3 = Round.objects.create(event=event, number=3)
    _table(r3, 1, [(arya, "win", 15, None), (dany, "loss", 10, None)])
    _table(r3, 2, [(cersei, "loss", 6, None), (lou, "win", 15, None)])
    _table(r3, 3, [(ned_e, "bye", None, None)], bye=True)
    return event


def summary(event):
    names = {str(e.pk): e.name for e in event.entrants.all()}
    return [
        (r.rank, names[r.id], r.points, r.sos, r.esos, r.wins, r.draws, r.losses, r.byes, r.dropped)
        for r in event_standings(event)
    ]


EXPECTED = [
    (1, "Arya", 12, Fraction(7, 3), Fraction(307, 108), 2, 1, 0, 0, False),
    (2, "Dany", 10, Fraction(9, 4), Fraction(5, 2), 1, 0, 1, 1, False),
    (3, "Lou", 10, Fraction(11, 6), Fraction(113, 36), 2, 0, 1, 0, False),
    (4, "Cersei", 6, Fraction(47, 18), Fraction(41, 18), 1, 1, 1, 0, False),
    (5, "Ned", 5, Fraction(11, 3), Fraction(25, 12), 0, 0, 2, 1, False),
    (6, "Davos", 1, Fraction(8, 3), Fraction(175, 72), 0, 0, 2, 0, True),
]


def by_names(document):
    """The document with entrant keys replaced by names and the accounts left out."""
    doc = copy.deepcopy(document)
    names = {e["key"]: e["name"] for e in doc["entrants"]}
    for entrant in doc["entrants"]:
        del entrant["key"]
    for round_ in doc["rounds"]:
        for table in round_["tables"]:
            for seat in table["seats"]:
                seat["entrant"] = names[seat["entrant"]]
    for row in doc["standings"]:
        row["entrant"] = names[row["entrant"]]
    del doc["event"]["organizer"], doc["event"]["co_organizers"]
    return doc


@pytest.fixture
def played(event, organizer, player):
    return build_event(event, organizer, player)


@pytest.fixture
def importer():
    return User.objects.create_user("littlefinger", password="chaos-is-a-ladder")


def test_the_built_event_has_the_hand_computed_standings(played):
    assert summary(played) == EXPECTED


def test_the_export_is_plain_json_and_imports_back_to_the_same_event(played, importer):
    document = event_export(played)
    assert json.loads(json.dumps(document)) == document
    assert document["maester_event_export"] == 4
    assert document["event"]["organizer"] == "varys"
    assert document["event"]["co_organizers"] == ["sansa"]
    assert document["event"]["seed"] == played.seed
    assert document["standings"][0]["sos"] == "7/3"
    lou = next(e for e in document["entrants"] if e["name"] == "Lou")
    assert (lou["joined_round"], lou["house"], sum(lou["decklist"]["cards"].values())) == (
        2, "Lannister", 67,
    )  # fmt: skip

    copy_ = event_import(
        data=json.loads(json.dumps(document)), organizer=importer, allow_duplicate=True
    )

    assert copy_.pk != played.pk
    assert summary(copy_) == summary(played) == EXPECTED
    assert by_names(event_export(copy_)) == by_names(document)
    assert copy_.organizer == importer
    # rights are never granted by a file: the original co-organizers are only named
    assert not copy_.co_organizers.exists()
    users = {e.name: e.user.username if e.user else None for e in copy_.entrants.all()}
    assert users == {
        "Arya": "arya", "Ned": "ned", "Cersei": None, "Davos": None, "Dany": None, "Lou": None,
    }  # fmt: skip
    entry = AuditEntry.objects.get(event=copy_, action="event_imported")
    assert entry.user == importer
    assert entry.detail["original_organizer"] == "varys"
    assert entry.detail["standings_differences"] == []
    assert entry.detail["unmatched_usernames"] == []
    assert entry.detail["copy_of"] == [played.pk]
    assert import_notes(copy_) == [
        f"This is a second copy: event {played.pk} has the same name and date."
    ]


def test_an_export_restores_on_a_fresh_site_without_the_accounts(played):
    text = json.dumps(event_export(played))
    before = summary(played)
    played.delete()
    User.objects.all().delete()
    assert not Event.objects.exists()
    admin = User.objects.create_user("new-admin", password="a-fresh-start-9")

    restored = event_import(data=read_export(text.encode()), organizer=admin)

    assert summary(restored) == before == EXPECTED
    assert restored.seed == json.loads(text)["event"]["seed"]
    assert not restored.entrants.filter(user__isnull=False).exists()
    assert Entrant.objects.get(event=restored, name="Davos").dropped_after_round == 2
    detail = AuditEntry.objects.get(event=restored, action="event_imported").detail
    assert detail["unmatched_usernames"] == ["arya", "ned", "sansa", "varys"]
    assert detail["original_organizer"] == "varys"
    assert "No account is named 'arya' on this site: kept as a name only." in import_notes(restored)


def test_standings_csv_has_the_hand_computed_values(played):
    rows = list(csv.reader(io.StringIO(standings_csv(played))))
    assert rows == [
        ["Rank", "Name", "Top cut", "Swiss rank", "Points", "Record (W-D-L)", "Byes", "SoS",
         "ESoS", "Dropped"],
        ["1", "Arya", "", "1", "12", "2-1-0", "0", "2.333", "2.843", ""],
        ["2", "Dany", "", "2", "10", "1-0-1", "1", "2.250", "2.500", ""],
        ["3", "Lou", "", "3", "10", "2-0-1", "0", "1.833", "3.139", ""],
        ["4", "Cersei", "", "4", "6", "1-1-1", "0", "2.611", "2.278", ""],
        ["5", "Ned", "", "5", "5", "0-0-2", "1", "3.667", "2.083", ""],
        ["6", "Davos", "", "6", "1", "0-0-2", "0", "2.667", "2.431", "after round 2"],
    ]  # fmt: skip
    assert standings_csv(played).endswith("after round 2\r\n")


def test_csv_keeps_a_formula_like_name_as_text(event, organizer):
    entrant_register(event=event, user=organizer, name="=1+1", deck=decklist("core-stark"))
    rows = list(csv.reader(io.StringIO(standings_csv(event))))
    assert rows[1][:5] == ["1", "'=1+1", "", "1", "0"]


def test_every_stored_field_is_in_the_export(played):
    """A new model field that the export forgot would be lost by an export and import."""
    document = event_export(played)
    internal = {"id", "created", "event", "round", "table"}

    def fields(model):
        return {f.name for f in model._meta.concrete_fields} - internal

    # The join link's code is a key to register, not a record of the event: an imported
    # event gets a new one.
    assert fields(Event) - {"join_code"} <= set(document["event"]) | {"co_organizers"}
    assert "join_code" not in document["event"]
    assert fields(Entrant) <= set(document["entrants"][0])
    assert fields(Round) <= set(document["rounds"][0])
    assert fields(Table) <= set(document["rounds"][0]["tables"][0])
    # A seat code is a key to its seat's result, not a record of the event: never exported,
    # an imported seat gets a new one.
    assert fields(Seat) - {"code"} <= set(document["rounds"][0]["tables"][0]["seats"][0])
    assert "code" not in document["rounds"][0]["tables"][0]["seats"][0]


def _edit(document, change):
    doc = copy.deepcopy(document)
    change(doc)
    return doc


def _entrant(doc, name):
    return next(e for e in doc["entrants"] if e["name"] == name)


def _seat_of(doc, round_number, table_number):
    round_ = next(r for r in doc["rounds"] if r["number"] == round_number)
    return next(t for t in round_["tables"] if t["number"] == table_number)["seats"]


BAD = [
    (lambda d: d.clear() or d.update({"event": {}}), ["not a Maester event export"]),
    (lambda d: d.update({"maester_event_export": 5}), ["Unsupported export version 5"]),
    (lambda d: d.pop("entrants"), ["the file: missing field 'entrants'"]),
    (lambda d: d["event"].pop("seed"), ["event: missing field 'seed'"]),
    (lambda d: d.update({"colour": "red"}), ["unknown field 'colour'"]),
    (
        lambda d: _seat_of(d, 1, 1)[0].update({"entrant": "nobody"}),
        ["round 1 table 1 seats[0]: entrant 'nobody' is not one of the file's entrants"],
    ),
    (
        lambda d: (
            _entrant(d, "Arya").update({"joined_round": "2"}),
            d["event"].update({"date": "28/11/2026", "format": "chess"}),
        ),
        [
            "entrants[0] \"Arya\": joined_round must be a whole number, not '2'",
            'event: date must be a date such as "2026-11-28"',
            "event: format 'chess' is not one of",
        ],
    ),
    (
        lambda d: _entrant(d, "Lou").update({"joined_round": 3}),
        ['round 2: "Lou" joined in round 3 but is seated in round 2'],
    ),
    (
        lambda d: _seat_of(d, 1, 2)[0].update({"entrant": _entrant(d, "Arya")["key"]}),
        ['round 1 table 2 seats[0]: "Arya" is seated twice in this round'],
    ),
    (
        lambda d: _entrant(d, "Ned").update({"name": "Arya"}),
        ["another entrant has the same name"],
    ),
    (
        lambda d: _entrant(d, "Ned").update({"decklist": {"cards": {"core_2": 0}}}),
        ["decklist is not a deck: cards['core_2'] must be a whole number of at least 1"],
    ),
    (
        lambda d: _seat_of(d, 2, 1)[1].update({"outcome": "win"}),
        ["round 2 table 1: the outcomes draw and win contradict each other"],
    ),
    (
        lambda d: d["event"].update({"points_loss": 9}),
        ["joust points must not increase from win to loss"],
    ),
    (
        lambda d: _seat_of(d, 1, 1)[0].update({"points": "5.001", "power": -1}),
        ["points must be a number with 2 decimals at most", "power must be from 0 to 32767"],
    ),
    (
        lambda d: d["rounds"][2]["tables"][2].update({"is_bye": False}),
        ["round 3 table 3: a game needs two or more seats, not 1"],
    ),
    (
        lambda d: _entrant(d, "Ned").update({"name": "Ned\x00", "key": [1]}),
        [
            "the file: it contains a NUL character",
            'entrants[1] "Ned\x00": key must be non-empty text, not [1]',
            "round 1 table 1 seats[1]: entrant",
        ],
    ),
    (
        lambda d: d["rounds"][0].update({"started_at": "2026-11-28T10:00:00"}),
        ["round 1: started_at '2026-11-28T10:00:00' needs a time zone"],
    ),
]


@pytest.mark.parametrize(("change", "messages"), BAD)
def test_a_bad_document_is_refused_naming_each_problem_and_nothing_is_written(
    played, importer, change, messages
):
    document = _edit(event_export(played), change)
    counts = (Event.objects.count(), Entrant.objects.count(), Seat.objects.count())
    with pytest.raises(EventError) as refused:
        event_import(data=document, organizer=importer)
    for message in messages:
        assert message in str(refused.value)
        assert any(message in problem for problem in refused.value.problems)
    assert (Event.objects.count(), Entrant.objects.count(), Seat.objects.count()) == counts


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"", "The file is empty"),
        (b"\xff\xfe{", "not UTF-8 text"),
        (b'{"event": [1, 2', "not valid JSON: Expecting ',' delimiter at line 1, column 16"),
        (b"[" * 100_000, "not valid JSON"),
    ],
)
def test_an_unreadable_file_is_refused_with_a_message(raw, message):
    with pytest.raises(EventError, match=message):
        read_export(raw)


@pytest.mark.parametrize("data", [None, [], "text", 5])
def test_a_document_that_is_not_an_object_is_refused(importer, data):
    with pytest.raises(EventError, match="must be a JSON object"):
        event_import(data=data, organizer=importer)


def test_import_needs_a_logged_in_organizer(played):
    with pytest.raises(PermissionDenied):
        event_import(data=event_export(played), organizer=AnonymousUser())


def test_standings_in_the_file_that_disagree_with_its_results_are_noted(played, importer):
    document = event_export(played)
    document["standings"][0]["points"] = "99"
    copy_ = event_import(data=document, organizer=importer, allow_duplicate=True)
    assert summary(copy_) == EXPECTED
    assert import_notes(copy_) == [
        f"This is a second copy: event {played.pk} has the same name and date.",
        "Standings differ from the file: Arya: points 99 in the file, 12 here.",
    ]


def test_the_random_tiebreak_order_survives_an_import(event, importer):
    """Six entrants tied on everything: only the seeded random order ranks them.

    It hashes the seed and each name (not the database id), so a copy with new ids keeps it;
    with ten seeds, a tiebreak on ids would keep all six orders by chance once in 24**10.
    """
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"):
        Entrant.objects.create(event=event, name=name)
    for seed in range(10):
        event.seed = seed
        event.save()
        copy_ = event_import(data=event_export(event), organizer=importer, allow_duplicate=True)
        assert [row[1] for row in summary(copy_)] == [row[1] for row in summary(event)]


# Pages ---------------------------------------------------------------------------------------


@pytest.mark.urls(URLS)
def test_the_standings_csv_is_a_public_download(client, played):
    response = client.get(reverse("tournaments:event_standings_csv", args=[played.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="store-joust-2026-11-28-standings.csv"'
    )
    assert response.content.decode() == standings_csv(played)
    assert client.get(reverse("tournaments:event_standings_csv", args=[0])).status_code == 404


@pytest.mark.urls(URLS)
def test_only_organizers_download_the_json_export(client, played, player, organizer):
    url = reverse("tournaments:event_export_json", args=[played.pk])
    assert client.get(url).status_code == 403
    client.force_login(player)
    assert client.get(url).status_code == 403
    client.force_login(User.objects.get(username="sansa"))  # a co-organizer
    assert client.get(url).status_code == 200
    client.force_login(organizer)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="store-joust-2026-11-28.json"'
    assert "no-store" in response["Cache-Control"]
    assert json.loads(response.content) == event_export(played)


@pytest.mark.urls(URLS)
def test_the_import_page_needs_a_login(client):
    response = client.get(reverse("tournaments:event_import"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


@pytest.mark.urls(URLS)
def test_importing_a_file_on_the_page_creates_the_event(client, played, importer):
    client.force_login(importer)
    page = client.get(reverse("tournaments:event_import"))
    assert page.status_code == 200
    assert b'type="file"' in page.content and b"multipart/form-data" in page.content
    upload = io.BytesIO(json.dumps(event_export(played)).encode())
    upload.name = "store-joust.json"
    response = client.post(
        reverse("tournaments:event_import"), {"file": upload, "allow_duplicate": "on"}
    )
    copy_ = Event.objects.exclude(pk=played.pk).get()
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:event_detail", args=[copy_.pk])
    assert copy_.organizer == importer
    assert summary(copy_) == EXPECTED


@pytest.mark.urls(URLS)
def test_a_bad_file_on_the_page_shows_its_problems(client, played, importer):
    client.force_login(importer)
    document = event_export(played)
    document["entrants"][0]["joined_round"] = "two"
    upload = io.BytesIO(json.dumps(document).encode())
    upload.name = "bad.json"
    response = client.post(reverse("tournaments:event_import"), {"file": upload})
    assert response.status_code == 400
    assert "joined_round must be a whole number, not &#x27;two&#x27;" in response.content.decode()
    assert Event.objects.count() == 1
    upload = io.BytesIO(b"Rank,Name\r\n1,Arya\r\n")
    upload.name = "standings.csv"
    not_json = client.post(reverse("tournaments:event_import"), {"file": upload})
    assert not_json.status_code == 400
    assert b"The file is not valid JSON: Expecting value at line 1, column 1." in not_json.content
    missing = client.post(reverse("tournaments:event_import"), {})
    assert missing.status_code == 400
    assert b"Choose the .json file of an event export." in missing.content


# Commands ------------------------------------------------------------------------------------


def test_the_commands_export_and_import_an_event(played, importer, tmp_path, capsys):
    out = tmp_path / "event.json"
    call_command("export_event", str(played.pk), "--out", str(out))
    assert json.loads(out.read_text(encoding="utf-8")) == event_export(played)
    call_command("export_event", str(played.pk))
    assert json.loads(capsys.readouterr().out) == event_export(played)

    with pytest.raises(CommandError, match="matches an event already on the site"):
        call_command("import_event", str(out), "--organizer", "littlefinger")
    assert Event.objects.count() == 1
    call_command("import_event", str(out), "--organizer", "littlefinger", "--allow-duplicate")
    assert "Imported Store Joust as event" in capsys.readouterr().out
    copy_ = Event.objects.exclude(pk=played.pk).get()
    assert summary(copy_) == EXPECTED


def test_import_event_reads_stdin(played, importer, monkeypatch, capsys):
    raw = json.dumps(event_export(played)).encode()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(raw)))
    call_command("import_event", "-", "--organizer", "littlefinger", "--allow-duplicate")
    assert "(6 entrants, 3 rounds)" in capsys.readouterr().out
    assert summary(Event.objects.exclude(pk=played.pk).get()) == EXPECTED


def test_the_commands_refuse_bad_input_with_a_message(played, importer, tmp_path):
    with pytest.raises(CommandError, match="No event has the id 0"):
        call_command("export_event", "0")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(event_export(played)), encoding="utf-8")
    with pytest.raises(CommandError, match="No account is named 'nobody'"):
        call_command("import_event", str(good), "--organizer", "nobody")
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_event", str(tmp_path / "missing.json"), "--organizer", "varys")
    bad = tmp_path / "bad.json"
    bad.write_text('{"maester_event_export": 1, "event": {}}', encoding="utf-8")
    with pytest.raises(CommandError, match="missing field 'entrants'"):
        call_command("import_event", str(bad), "--organizer", "varys")
    assert Event.objects.count() == 1
