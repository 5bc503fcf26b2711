"""Two-on-two on the board (issue 32): partners sit side by side with the viewer's team at
the bottom, each team's power together against the 30 it needs, partners named as such on
the board, in the log and on the end banner."""

from __future__ import annotations

import pytest

from gameplay.board import board, side_label
from gameplay.templatetags.matchtags import player_html
from tests.gameplay.test_teams import _teams

NAMES = ["Ann", "Bob", "Cat", "Dan"]  # Ann and Cat (seats 0, 2) against Bob and Dan (1, 3)


def test_partners_sit_side_by_side_with_the_viewer_at_the_bottom():
    state = _teams({}, {}, {}, {})
    assert [p["seat"] for p in board(state, 0, NAMES)["players"]] == [1, 3, 2, 0]
    assert [p["seat"] for p in board(state, 1, NAMES)["players"]] == [0, 2, 3, 1]
    assert [p["seat"] for p in board(state, 3, NAMES)["players"]] == [0, 2, 1, 3]
    assert [p["seat"] for p in board(state, None, NAMES)["players"]] == [0, 2, 1, 3]


def test_the_team_totals_count_both_partners_against_thirty():
    state = _teams({"power": 4}, {"power": 7}, {"power": 5}, {"power": 1})
    teams = board(state, 2, NAMES)["teams"]
    assert [(t["number"], t["power"], t["to_win"], t["mine"]) for t in teams] == [
        (1, 9, 30, True),
        (2, 8, 30, False),
    ]
    assert teams[0]["partners"] == ["Ann (Stark)", "Cat (Stark)"]
    # A spectator sees both, team 1 first, neither as theirs.
    assert [t["mine"] for t in board(state, None, NAMES)["teams"]] == [False, False]


def test_a_joust_board_has_no_teams():
    from tests.gameplay.scenario import build
    from tests.gameplay.test_challenges import DECK, PLOT

    state = build(phase="challenges", players=[{"revealed_plot": PLOT, "deck": DECK}] * 2)
    assert board(state, 0, NAMES[:2])["teams"] == []


def test_the_partner_is_named_as_such():
    state = _teams({}, {}, {}, {})
    context = board(state, 0, NAMES)
    areas = {p["seat"]: str(player_html(p, [], True, "teams")) for p in context["players"]}
    assert "Your partner · Team 1" in areas[2]
    assert "Team 2, partner of Dan (Stark)" in areas[1]
    assert "Your partner" not in areas[1] and "Your partner" not in areas[0]
    assert side_label(state, 1, ["Ann (Stark)", "Bob (Stark)", "Cat (Stark)", "Dan (Stark)"]) == (
        "Team 2, partners Bob (Stark) and Dan (Stark)"
    )


@pytest.mark.django_db
def test_the_match_page_shows_the_teams_and_their_end_banner(django_user_model):
    from django.test import Client
    from django.urls import reverse

    from gameplay.models import Match
    from gameplay.services.play import SeatSpec, core_deck, match_create
    from gameplay.services.table import match_concede

    people = [django_user_model.objects.create_user(n, password="pw") for n in NAMES]
    match = match_create(
        creator=people[0],
        variant="teams",
        seats=[
            SeatSpec(core_deck(f"core-{h}"), user=u)
            for h, u in zip(("stark", "lannister", "baratheon", "targaryen"), people, strict=True)
        ],
        seed=5,
    )
    client = Client()
    client.force_login(people[0])
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    totals = page.split('id="team-totals"')[1].split("</p>")[0]
    assert (
        "Your team (partners Ann (Stark) and Cat (Baratheon)): <strong>0</strong> of 30" in totals
    )
    assert "Team 2 (partners Bob (Lannister) and Dan (Targaryen))" in totals
    assert "Your partner · Team 1" in page
    # Bob concedes for his team: the banner gives the teams' power, then each player's.
    match_concede(match_id=match.pk, user=people[1])
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    banner = page.split('id="result-banner"')[1].split("</section>")[0]
    assert "team 1 wins" in banner
    assert "Team 1 (partners Ann (Stark) and Cat (Baratheon)) <strong>0</strong>" in banner
    assert "By player: " in banner and "Ann (Stark) 0" in banner and "Dan (Targaryen) 0" in banner
    assert 'id="team-totals"' not in page
