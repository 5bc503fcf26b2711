"""The organizer's tabs: valid, labelled forms; names, not ids; the audit log in sentences;
deleting an event; importing one twice."""

from __future__ import annotations

import datetime
import io
import json
import re
from collections import Counter
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.tournaments.conftest import decklist
from tournaments.audit_log import sentence
from tournaments.exports.services import DuplicateImport, event_export, event_import
from tournaments.models import AuditEntry, Entrant, Event, Table
from tournaments.rounds.services import result_enter, round_pair
from tournaments.services import (
    co_organizer_add,
    entrant_drop,
    entrant_register,
    event_create,
    event_update,
    invitation_create,
    invitation_decline,
    invitation_withdraw,
)

pytestmark = pytest.mark.django_db
HOUSES = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]
TABS = [
    "event_manage",
    "event_manage_players",
    "event_manage_cut",
    "event_manage_settings",
    "event_manage_audit",
]


def url(name, event, *args):
    return reverse(f"tournaments:{name}", args=[event.pk, *args])


class Controls(HTMLParser):
    """Every id, and every form control with how it is labelled."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.label_for: set[str] = set()
        self.open_labels = 0
        self.controls: list[tuple[str, dict, bool]] = []  # (tag, attrs, inside a label)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "label":
            self.open_labels += 1
            if attrs.get("for"):
                self.label_for.add(attrs["for"])
        if tag in ("input", "select", "textarea"):
            self.controls.append((tag, attrs, self.open_labels > 0))

    def handle_endtag(self, tag):
        if tag == "label":
            self.open_labels -= 1


def check_forms(body: str) -> None:
    parser = Controls()
    parser.feed(body)
    doubled = [i for i, n in Counter(parser.ids).items() if n > 1]
    assert doubled == [], f"ids used twice: {doubled}"
    for tag, attrs, inside in parser.controls:
        if attrs.get("type") in ("hidden", "submit"):
            continue
        labelled = inside or attrs.get("id") in parser.label_for or attrs.get("aria-label")
        assert labelled, f"<{tag} {attrs}> has no label"
        if attrs.get("type") == "checkbox":
            assert inside, f"checkbox {attrs.get('name')} is not inside its label"
    for described in re.findall(r'aria-describedby="([^"]+)"', body):
        for ident in described.split():
            assert ident in parser.ids, f"aria-describedby names a missing id {ident}"


@pytest.fixture
def running(event, organizer):
    for index, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve"]):
        entrant_register(event=event, user=organizer, name=name, deck=decklist(HOUSES[index % 4]))
    round_pair(event=event, user=organizer)
    return event


def test_every_tab_is_its_own_page_with_valid_labelled_forms(client, running, organizer, player):
    client.force_login(organizer)
    for name in TABS:
        response = client.get(url(name, running))
        assert response.status_code == 200, name
        body = response.content.decode()
        check_forms(body)
        current = re.findall(r'<a href="([^"]+)" aria-current="page">', body)
        assert current == [url(name, running)], name
    # refused forms too: a registration, the settings, an invitation
    response = client.post(url("event_register", running), {"name": "Zed", "decklist": "9x Nope"})
    assert response.status_code == 400
    body = response.content.decode()
    check_forms(body)
    summary = body.split('id="register-errors"')[1].split("</div>")[0]
    assert 'role="alert"' in body.split('id="register-errors"')[0][-80:]
    assert "cannot be read" in summary or "not legal" in summary
    assert "9x Nope" in body
    response = client.post(url("event_settings", running), {"name": "", "date": "soon"})
    assert response.status_code == 400
    check_forms(response.content.decode())
    assert 'aria-invalid="true"' in response.content.decode()
    client.force_login(player)
    for name in TABS:
        assert client.get(url(name, running)).status_code == 403


def test_the_settings_form_is_grouped_with_each_checkbox_in_its_label(client, event, organizer):
    client.force_login(organizer)
    body = client.get(url("event_manage_settings", event)).content.decode()
    legends = re.findall(r"<legend>([^<]+)</legend>", body)
    assert legends == [
        "The event",
        "Format and rounds",
        "Scoring (joust and two-on-two)",
        "Options",
    ]
    for name in ("head_to_head", "late_entry_losses", "player_reports", "publish_decklists"):
        assert re.search(rf'<label for="id_{name}"><input type="checkbox" name="{name}"', body)
    new = client.get(reverse("tournaments:event_new")).content.decode()
    check_forms(new)


def test_pairing_explanations_name_the_players(client, running, organizer):
    client.force_login(organizer)
    body = client.get(url("event_manage", running)).content.decode()
    notes = re.findall(r'<p class="hint">((?:Table \d+|Bye):[^<]+)</p>', body)
    assert len(notes) == 3
    for note in notes:  # not "Table 1: 5 (0) v 8 (0)" nor "Bye: 8"
        assert not re.search(r"(: |v )\d+\b", note), note
    bye = Table.objects.get(round__event=running, is_bye=True).seats.get().entrant.name
    assert any(n.startswith(f"Bye: {bye}") for n in notes)
    assert any(re.match(r"Table 1: [A-Z][a-z]+ \(0\) v [A-Z][a-z]+ \(0\)", n) for n in notes)


def test_melee_explanations_name_the_players(client, organizer):
    melee = event_create(
        organizer=organizer,
        name="Melee",
        date=datetime.date(2026, 12, 1),
        format="melee",
        deck_format="melee",
    )
    for index in range(4):
        entrant_register(
            event=melee, user=organizer, name=f"Lord {index}", deck=decklist(HOUSES[index])
        )
    round_pair(event=melee, user=organizer)
    client.force_login(organizer)
    body = client.get(url("event_manage", melee)).content.decode()
    note = re.search(r'<p class="hint">(Table 1: [^<]+)</p>', body).group(1)
    assert note.count("Lord ") == 4 and "in seat order" in note


def test_the_audit_log_reads_as_sentences(client, event, organizer, player):
    User.objects.create_user("sansa", password="lemon-cakes-forever")
    co_organizer_add(event=event, user=organizer, username="sansa")
    hodor = entrant_register(event=event, user=organizer, name="Hodor", deck=decklist("core-stark"))
    event_update(event=event, user=organizer, rounds=3, name=event.name)
    event_update(event=event, user=organizer, rounds=3)  # nothing changed: nothing logged
    event_update(event=event, user=organizer, cut_size=4, head_to_head=True, round_minutes=50)
    invitation_create(event=event, user=organizer, username="arya")
    invitation_decline(event=event, user=player)
    invitation = invitation_create(event=event, user=organizer, username="arya")
    invitation_withdraw(invitation=invitation, user=organizer)
    invitation_create(event=event, user=organizer, username="arya")
    client.force_login(player)
    client.post(url("invitation_accept", event), {"decklist": decklist("core-lannister")})
    for name, deck in (("Bran", "core-baratheon"), ("Rickon", "core-targaryen")):
        entrant_register(event=event, user=organizer, name=name, deck=decklist(deck))
    round_ = round_pair(event=event, user=organizer)
    table = round_.tables.get(number=1)
    result_enter(table=table, user=organizer, data={"outcome": "win"})
    result_enter(table=table, user=organizer, data={"outcome": "draw"})
    entrant_drop(entrant=Entrant.objects.get(pk=hodor.pk), user=organizer)

    client.force_login(organizer)
    body = client.get(url("event_manage_audit", event)).content.decode()
    texts = [re.sub(r"<[^>]+>", "", t).strip() for t in re.findall(r"</time> (.*?)</li>", body)]
    first, second = (s.entrant.name for s in table.seats.order_by("seat"))
    drew = " and ".join(sorted((first, second), key=str.casefold))  # a draw names them by name
    expected = [
        "varys dropped Hodor after round 1.",
        f"varys corrected table 1 of round 1: {drew} drew (was: {first} beat {second}).",
        f"varys recorded table 1 of round 1: {first} beat {second}.",
        "varys paired round 1 (2 tables).",
        "varys registered Rickon.",
        "varys registered Bran.",
        "arya accepted the invitation and plays as arya.",
        "arya registered.",
        "varys invited arya.",
        "varys withdrew the invitation of arya.",
        "varys invited arya.",
        "arya declined the invitation.",
        "varys invited arya.",
        "varys set the cut size to top 4, the round length to 50 minutes and head-to-head to on.",
        "varys set rounds to 3.",
        "varys registered Hodor.",
        "varys made sansa a co-organizer.",
        "varys created the event.",
    ]
    assert [t.replace("&#x27;", "'") for t in texts] == expected
    assert "{" not in body.split('id="audit"')[1]


def test_older_and_unknown_audit_entries_still_read(event, organizer):
    hodor = entrant_register(event=event, user=organizer, name="Hodor", deck=decklist("core-stark"))
    names = {str(hodor.pk): "Hodor"}
    old_drop = AuditEntry(event=event, user=organizer, action="entrant_dropped",
                          detail={"entrant": hodor.pk, "after_round": 2})  # fmt: skip
    assert sentence(old_drop, names) == "varys dropped Hodor after round 2."
    old_settings = AuditEntry(event=event, user=organizer, action="event_updated",
                              detail={"fields": ["name", "rounds"]})  # fmt: skip
    assert sentence(old_settings, names) == "varys saved the settings (the name, rounds)."
    unknown = AuditEntry(event=event, user=None, action="table_moved",
                         detail={"entrant": hodor.pk, "to": 4, "why": {"x": 1}})  # fmt: skip
    assert sentence(unknown, names) == "Someone: table moved (entrant Hodor, to 4)."
    odd = AuditEntry(event=event, user=organizer, action="result_entered", detail={"result": 3})
    assert sentence(odd, names).startswith("varys recorded table None of round None")


def test_only_the_organizer_deletes_an_event_by_typing_its_name(client, running, organizer):
    sansa = User.objects.create_user("sansa", password="lemon-cakes-forever")
    co_organizer_add(event=running, user=organizer, username="sansa")
    client.force_login(sansa)
    page = client.get(url("event_delete", running)).content.decode()
    assert "Only the organizer of Store Joust, varys, may delete it." in page
    assert client.post(url("event_delete", running), {"name": "Store Joust"}).status_code == 403
    client.force_login(User.objects.create_user("eve", password="x-long-pass-1"))
    assert client.get(url("event_delete", running)).status_code == 403

    client.force_login(organizer)
    settings = client.get(url("event_manage_settings", running)).content.decode()
    assert url("event_delete", running) in settings
    page = client.get(url("event_delete", running)).content.decode()
    assert "5 players" in page and "1 round" in page and "export the event (JSON)" in page
    check_forms(page)
    wrong = client.post(url("event_delete", running), {"name": "Store Jousts"})
    assert wrong.status_code == 400
    assert "type its name exactly" in wrong.content.decode()
    assert 'value="Store Jousts"' in wrong.content.decode()
    assert Event.objects.filter(pk=running.pk).exists()
    pk = running.pk
    done = client.post(url("event_delete", running), {"name": "  store   joust "})
    assert done.status_code == 302 and done["Location"] == reverse("tournaments:event_list")
    assert not Event.objects.filter(pk=pk).exists()
    assert not Entrant.objects.filter(event_id=pk).exists()
    entry = AuditEntry.objects.get(action="event_deleted")
    assert entry.event is None and entry.user == organizer
    assert entry.detail == {
        "event": pk, "name": "Store Joust", "date": "2026-11-28", "status": "swiss",
        "entrants": 5, "rounds": 1,
    }  # fmt: skip
    assert sentence(entry, {}) == "varys deleted the event Store Joust of 2026-11-28."
    assert client.get(reverse("tournaments:event_detail", args=[pk])).status_code == 404


def test_importing_the_same_event_twice_warns_first(client, running, organizer):
    document = json.loads(json.dumps(event_export(running)))
    with pytest.raises(DuplicateImport) as refused:
        event_import(data=document, organizer=organizer)
    assert refused.value.matches == [running]
    assert Event.objects.count() == 1

    client.force_login(organizer)
    upload = io.BytesIO(json.dumps(document).encode())
    upload.name = "again.json"
    response = client.post(reverse("tournaments:event_import"), {"file": upload})
    assert response.status_code == 409
    body = response.content.decode()
    assert "This file matches an event already on the site" in body
    assert f'href="{running.get_absolute_url()}"' in body
    assert 'name="allow_duplicate"' in body
    check_forms(body)
    assert Event.objects.count() == 1
    upload = io.BytesIO(json.dumps(document).encode())
    upload.name = "again.json"
    response = client.post(
        reverse("tournaments:event_import"), {"file": upload, "allow_duplicate": "on"}
    )
    assert response.status_code == 302 and Event.objects.count() == 2
    copy_ = Event.objects.exclude(pk=running.pk).get()
    # the copy's pairing explanations name its own entrants
    bye = Table.objects.get(round__event=copy_, is_bye=True)
    assert bye.explanation["players"] == [str(bye.seats.get().entrant_id)]
    manage = client.get(url("event_manage", copy_)).content.decode()
    assert f"Bye: {bye.seats.get().entrant.name}" in manage
