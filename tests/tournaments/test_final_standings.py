"""Final standings after a top cut (pure rule and pages), melee place counts, cut stages."""

from __future__ import annotations

import csv
import datetime
import io
import json
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.tournaments.conftest import decklist
from tournaments.exports.services import event_export, event_import, standings_csv
from tournaments.models import Event, Table
from tournaments.rounds.services import cut_advance, cut_start, result_enter, round_pair
from tournaments.selectors import event_results, event_standings
from tournaments.services import entrant_register, event_create
from tournaments.standings import (
    CutGame,
    GameResult,
    cut_stage,
    final_standings,
    standings,
)

HOUSES = ["core-stark", "core-lannister", "core-baratheon", "core-targaryen"]


# The pure rule ------------------------------------------------------------------------------


def placed(swiss, cut):
    return [
        (p.place, p.id, p.stage, p.finish, p.out, p.champion) for p in final_standings(swiss, cut)
    ]


def test_without_a_cut_the_final_standings_are_the_swiss_order():
    assert [p.id for p in final_standings(["c", "a", "b"])] == ["c", "a", "b"]
    assert all(p.stage is None and not p.champion for p in final_standings(["c", "a"]))


def test_a_top_eight_ranks_champion_finalist_then_losers_by_swiss_rank():
    swiss = [f"s{n}" for n in range(1, 11)]  # s1 is first after the Swiss
    quarters = [
        CutGame(("s1", "s8"), {"s1": 2, "s8": 1}),
        CutGame(("s4", "s5"), {"s4": 1, "s5": 2}),
        CutGame(("s2", "s7"), {"s2": 1, "s7": 2}),
        CutGame(("s3", "s6"), {"s3": 2, "s6": 1}),
    ]
    semis = [CutGame(("s8", "s4"), {"s8": 1, "s4": 2}), CutGame(("s2", "s6"), {"s2": 2, "s6": 1})]
    final = [CutGame(("s8", "s6"), {"s8": 2, "s6": 1})]
    rows = placed(swiss, [quarters, semis, final])
    assert [r[1] for r in rows] == ["s6", "s8", "s2", "s4", "s1", "s3", "s5", "s7", "s9", "s10"]
    assert rows[0] == (1, "s6", "final", 1, False, True)
    assert rows[1] == (2, "s8", "final", 2, True, False)
    assert [r[2] for r in rows[2:4]] == ["semifinal", "semifinal"]
    assert [r[2] for r in rows[4:8]] == ["quarterfinal"] * 4
    assert rows[8] == (9, "s9", None, None, False, False)


def test_while_the_cut_is_played_the_players_still_in_come_first():
    swiss = ["a", "b", "c", "d", "e"]
    semis = [CutGame(("a", "d"), {"a": 2, "d": 1}), CutGame(("b", "c"))]  # b v c is playing
    rows = placed(swiss, [semis])
    assert [r[1] for r in rows] == ["b", "c", "d", "a", "e"]
    assert [(r[3], r[4]) for r in rows[:4]] == [(None, False), (None, False), (1, False), (2, True)]
    assert not any(r[5] for r in rows)  # no champion before the final


def test_a_cut_with_byes_and_a_melee_final_table():
    swiss = ["a", "b", "c", "d", "e", "f"]
    first = [
        CutGame(("a",)),
        CutGame(("d", "e"), {"d": 2, "e": 1}),
        CutGame(("b",)),
        CutGame(("c", "f"), {"c": 1, "f": 2}),
    ]
    assert [p.id for p in final_standings(swiss, [first])][:4] == ["a", "b", "c", "e"]
    melee = [[CutGame(("a", "b", "c", "d"), {"a": 3, "b": 1, "c": 2, "d": 4})]]
    rows = placed(swiss, melee)
    assert [(r[1], r[3], r[5]) for r in rows] == [
        ("b", 1, True), ("c", 2, False), ("a", 3, False), ("d", 4, False),
        ("e", None, False), ("f", None, False),
    ]  # fmt: skip


def test_the_rule_refuses_unknown_or_doubled_players():
    with pytest.raises(ValueError, match="not an entrant"):
        final_standings(["a", "b"], [[CutGame(("a", "z"), {"a": 1, "z": 2})]])
    with pytest.raises(ValueError, match="plays twice"):
        final_standings(["a", "b"], [[CutGame(("a", "b")), CutGame(("a",))]])
    with pytest.raises(ValueError, match="once"):
        final_standings(["a", "a"])


def test_cut_stages_by_number_of_games():
    assert [cut_stage(n) for n in (1, 2, 4, 8, 16)] == [
        "final", "semifinal", "quarterfinal", "round_of_16", "round_of_32",
    ]  # fmt: skip
    with pytest.raises(ValueError):
        cut_stage(0)


def test_melee_standings_count_each_place_as_competition_ranking():
    results = [
        GameResult.melee(1, {"a": 1, "b": 2, "c": 3, "d": 4}),
        GameResult.melee(2, {"a": 1, "b": 2, "c": 2, "d": 3}),  # dense: d is 4th
        GameResult.melee(3, {"a": 2, "b": 1, "c": 3}),
    ]
    rows = {r.id: r for r in standings(["a", "b", "c", "d"], results)}
    assert rows["a"].places == (2, 1, 0, 0)
    assert rows["b"].places == (1, 2, 0, 0)
    assert rows["c"].places == (0, 1, 2, 0)
    assert rows["d"].places == (0, 0, 0, 2)
    assert (rows["a"].wins, rows["a"].draws, rows["a"].losses) == (0, 0, 0)
    joust = standings(["a", "b"], [GameResult.joust(1, "a", "b", "win")])
    assert [r.places for r in joust] == [(), ()]


# On the site --------------------------------------------------------------------------------


def _table_of(round_, number=1) -> Table:
    return round_.tables.get(number=number)


@pytest.fixture
def cut_event(db):
    """A joust of 6, one Swiss round, a top 4 cut played to the end."""
    organizer = User.objects.create_user("ned", password="winter-is-coming-1")
    event = event_create(
        organizer=organizer, name="Cut Night", date=datetime.date(2026, 12, 5), rounds=1, cut_size=4
    )
    for index, name in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]):
        entrant_register(event=event, user=organizer, name=name, deck=decklist(HOUSES[index % 4]))
    round_ = round_pair(event=event, user=organizer)
    for table in round_.tables.filter(is_bye=False):
        result_enter(table=table, user=organizer, data={"outcome": "win"})
    swiss = [event.entrants.get(pk=int(r.id)).name for r in event_standings(event)]
    semis = cut_start(event=event, user=organizer)
    # the lower seed wins both semifinals, then the final's second seat wins
    for table in semis.tables.all():
        result_enter(table=table, user=organizer, data={"outcome": "loss"})
    final = cut_advance(event=event, user=organizer)
    result_enter(table=_table_of(final), user=organizer, data={"outcome": "loss"})
    cut_advance(event=event, user=organizer)
    event.refresh_from_db()
    return event, organizer, swiss


def _final_names(event):
    return [line["entrant"].name for line in event_results(event).final]


@pytest.mark.django_db
def test_after_the_cut_every_output_ranks_by_the_cut(client, cut_event):
    event, _, swiss = cut_event
    # seeds 1 v 4 and 2 v 3: 4 and 3 win the semis; the final is 4 v 3 and 3 (second seat) wins
    champion, finalist = swiss[2], swiss[3]
    expected = [champion, finalist, swiss[0], swiss[1], swiss[4], swiss[5]]
    assert event.status == Event.Status.FINISHED
    assert _final_names(event) == expected
    assert event_results(event).champion.name == champion

    page = client.get(reverse("tournaments:event_standings", args=[event.pk])).content.decode()
    assert f"Champion: <strong>{champion}</strong>" in page
    final_table = column(page, "final-standings", 1), column(page, "final-standings", 2)
    assert final_table[0] == expected
    assert final_table[1] == ["Champion", "Finalist", "Semifinalist", "Semifinalist", "", ""]
    assert column(page, "swiss-standings", 1) == swiss

    detail = client.get(event.get_absolute_url()).content.decode()
    assert f"Champion: <strong>{champion}</strong>" in detail
    results = client.get(reverse("tournaments:event_results", args=[event.pk])).content.decode()
    assert "Final standings" in results
    assert ">Semifinals <span" in results and ">Final <span" in results
    bracket = client.get(reverse("tournaments:event_bracket", args=[event.pk])).content.decode()
    assert "<h2>Semifinals</h2>" in bracket and "<h2>Final</h2>" in bracket

    rows = list(csv.reader(io.StringIO(standings_csv(event))))
    assert [r[1] for r in rows[1:]] == expected
    assert [r[2] for r in rows[1:3]] == ["Champion", "Finalist"]
    assert [r[0] for r in rows[1:]] == ["1", "2", "3", "4", "5", "6"]
    assert rows[1][3] == "3"  # the champion was third after the Swiss

    document = event_export(event)
    keys = {e["key"]: e["name"] for e in document["entrants"]}
    assert [keys[r["entrant"]] for r in document["final_standings"]] == expected
    assert keys[document["champion"]] == champion
    assert document["final_standings"][0]["champion"] is True
    assert [keys[r["entrant"]] for r in document["standings"]] == swiss


@pytest.mark.django_db
def test_a_cut_event_restores_with_its_final_standings_and_a_version_1_file_still_imports(
    cut_event,
):
    event, organizer, _ = cut_event
    document = json.loads(json.dumps(event_export(event)))
    event.delete()
    copy_ = event_import(data=document, organizer=organizer)
    assert _final_names(copy_) == [
        document_name(document, r["entrant"]) for r in document["final_standings"]
    ]
    entry = copy_.audit.get(action="event_imported")
    assert entry.detail["standings_differences"] == []

    older = json.loads(json.dumps(document))
    older["maester_event_export"] = 1
    for key in ("final_standings", "champion"):
        del older[key]
    for row in older["standings"]:
        del row["places"]
    for entrant in older["entrants"]:  # version 3: a team's request to its partner
        del entrant["partner_invited"], entrant["partner_request"]
        del entrant["publish_consent"], entrant["published_decklist"]  # version 4
    again = event_import(data=older, organizer=organizer, allow_duplicate=True)
    assert _final_names(again) == _final_names(copy_)
    assert again.audit.get(action="event_imported").detail["version"] == 1

    wrong = json.loads(json.dumps(document))
    wrong["champion"] = wrong["final_standings"][1]["entrant"]
    third = event_import(data=wrong, organizer=organizer, allow_duplicate=True)
    notes = third.audit.get(action="event_imported").detail["standings_differences"]
    assert any(n.startswith("Champion:") for n in notes)


def column(page: str, table_class: str, index: int) -> list[str]:
    """The text of one column of the page's table of that class."""
    table = page.split(f'class="standings {table_class}"')[1].split("</table>")[0]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in rows]
    return [re.sub(r"<[^>]+>.*", "", c[index]).strip() for c in cells if c]


def document_name(document, key):
    return next(e["name"] for e in document["entrants"] if e["key"] == key)


@pytest.mark.django_db
def test_cut_rounds_are_named_by_stage_and_take_only_a_winner(client):
    organizer = User.objects.create_user("ned", password="winter-is-coming-1")
    event = event_create(
        organizer=organizer, name="Eight", date=datetime.date(2026, 12, 5), rounds=1, cut_size=8
    )
    for index in range(8):
        entrant_register(
            event=event, user=organizer, name=f"P{index}", deck=decklist(HOUSES[index % 4])
        )
    round_ = round_pair(event=event, user=organizer)
    for table in round_.tables.all():
        result_enter(table=table, user=organizer, data={"outcome": "win"})
    cut_start(event=event, user=organizer)
    client.force_login(organizer)
    manage = client.get(reverse("tournaments:event_manage", args=[event.pk])).content.decode()
    assert "Quarterfinals" in manage and "Round 2" not in manage
    assert manage.count('type="radio" name="outcome" value="win"') == 4
    assert 'value="draw"' not in manage and 'value="modified_win"' not in manage
    assert 'name="at_time"' not in manage
    pairings = client.get(reverse("tournaments:event_pairings", args=[event.pk])).content.decode()
    assert "<h1>Eight · Quarterfinals</h1>" in pairings
    slips = client.get(reverse("tournaments:match_slips", args=[event.pk, 2])).content.decode()
    assert "Quarterfinals · table 1" in slips and "Won / drew / lost" not in slips
    table = event.round_set.get(number=2).tables.get(number=1)
    response = client.post(
        reverse("tournaments:table_result", args=[event.pk, table.pk]), {"outcome": "draw"}
    )
    assert response.status_code == 400
    assert "needs a winner" in response.content.decode()
    table.refresh_from_db()
    assert not table.reported


@pytest.mark.django_db
def test_melee_standings_show_places_and_power_not_a_record(client):
    organizer = User.objects.create_user("ned", password="winter-is-coming-1")
    event = event_create(
        organizer=organizer,
        name="Melee",
        date=datetime.date(2026, 12, 5),
        format="melee",
        deck_format="melee",
    )
    for index in range(4):
        entrant_register(
            event=event, user=organizer, name=f"M{index}", deck=decklist(HOUSES[index])
        )
    round_ = round_pair(event=event, user=organizer)
    table = round_.tables.get()
    seats = list(table.seats.order_by("seat"))
    result_enter(
        table=table,
        user=organizer,
        data={"at_time": "1", **{f"power_{s.entrant_id}": 12 - 3 * n for n, s in enumerate(seats)}},
    )
    page = client.get(reverse("tournaments:event_standings", args=[event.pk])).content.decode()
    head = page.split("<thead>")[1].split("</thead>")[0]
    assert "W-D-L" not in head and "Byes" not in head
    assert all(f">{label}</th>" in head for label in ("1st", "2nd", "3rd", "4th", "Power"))
    first = page.split("<tbody>")[1].split("</tr>")[0]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", first, re.S)
    assert cells[0] == "1" and cells[1].startswith(seats[0].entrant.name)
    assert cells[2:8] == ["10", "1", "0", "0", "0", "12"]
    rows = list(csv.reader(io.StringIO(standings_csv(event))))
    assert rows[0][4:10] == ["Points", "1st", "2nd", "3rd", "4th", "Power"]
    assert rows[1][4:10] == ["10", "1", "0", "0", "0", "12"]
    assert event_export(event)["standings"][0]["places"] == [1, 0, 0, 0]
