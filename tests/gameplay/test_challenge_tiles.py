"""The challenge in progress as card tiles (issue 32): each side's cards drawn as the same
tiles as in their areas (knelt, STR, power, attachments), attackers with their total STR
against defenders with theirs, on the board (templates/gameplay/_challenge.html) and on
the replay of a real match."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from gameplay.board import board
from gameplay.engine.abilities import strength
from gameplay.engine.challenges import side_strength
from gameplay.engine.game import apply, new_game
from gameplay.models import Match
from gameplay.services import match_act, match_config, match_state
from gameplay.services.play import bot_choice
from tests.gameplay.cardtest import defend, head, joust, ref, start
from tests.gameplay.test_replay_nav import finished_match

NAMES = ["ann", "bob"]
TILE = re.compile(r'<span class="gcard gtile ([^"]*)"')


def _challenge():
    """Ann attacks with Knight of the Tumblestone (1 power, Ice attached) and Wolf Pack;
    Bob defends with one of his two Direwolf Pups."""
    state = joust(
        {
            "in_play": [
                {"card": "Knight of the Tumblestone", "power": 1, "attachments": ["Ice"]},
                "Wolf Pack",
            ]
        },
        {"house": "Lannister", "in_play": ["Direwolf Pup", "Direwolf Pup"]},
    )
    knight, pack = ref(state, 0, "Knight of the Tumblestone"), ref(state, 0, "Wolf Pack")
    state = start(state, "military", [knight, pack])
    pup = state.players[1].in_play[0]
    state = defend(state, [pup])
    assert head(state).get("purpose") != "defenders"
    return state, knight, pack, pup


def sides(page: str) -> tuple[str, str]:
    section = page.split('<section class="challenge" id="challenge"', 1)[1].split("</section>")[0]
    attackers, defenders = section.split('class="challenge-side defenders"')
    return attackers, defenders


def test_each_side_is_tiles_with_their_strength_and_the_total():
    state, knight, pack, pup = _challenge()
    context = board(state, 1, NAMES)
    html = render_to_string("gameplay/_challenge.html", context)
    attackers, defenders = sides(html)
    assert "Military challenge: ann (Stark) attacks bob (Lannister)" in html
    # Attackers: two tiles, knelt to attack, each with its STR; the Knight with its power
    # and Ice tucked under it; the side's total STR beside it.
    assert len(TILE.findall(attackers)) == 2
    assert all("knelt" in classes for classes in TILE.findall(attackers))
    for card in (knight, pack):
        assert f'<span class="str">{strength(state, card)} STR</span>' in attackers
    assert '<span class="gname">Knight of the Tumblestone</span>' in attackers
    assert 'aria-label="1 power">♦1</span>' in attackers
    assert 'class="gunder" role="group" aria-label="Attached to Knight of the Tumblestone"' in (
        attackers
    )
    assert '<span class="gname">Ice</span>' in attackers
    total = side_strength(state, "attackers")
    assert f'Attackers <strong class="side-str">{total} STR</strong>' in attackers
    # Defenders: the one pup, knelt to defend, and its side's total.
    assert len(TILE.findall(defenders)) == 1 and "knelt" in TILE.findall(defenders)[0]
    assert f'<span class="str">{strength(state, pup)} STR</span>' in defenders
    total = side_strength(state, "defenders")
    assert f'Defenders <strong class="side-str">{total} STR</strong>' in defenders
    # Each card keeps its id on its tile in its area only: one tile a card for the scripts.
    assert "data-ref=" not in html and 'data-card="' in html


def test_a_side_not_declared_yet_says_so():
    state = joust(
        {"in_play": ["Knight of the Tumblestone"]},
        {"house": "Lannister", "in_play": ["Direwolf Pup"]},
    )
    state = start(state, "military", [ref(state, 0, "Knight of the Tumblestone")])
    html = render_to_string("gameplay/_challenge.html", board(state, 0, NAMES))
    attackers, defenders = sides(html)
    assert len(TILE.findall(attackers)) == 1
    assert '<span class="muted">none</span>' in defenders and not TILE.findall(defenders)
    assert 'Defenders <strong class="side-str">0 STR</strong>' in defenders


@pytest.mark.django_db
def test_the_board_of_a_match_draws_its_challenge_as_tiles(django_user_model):
    from tests.gameplay.test_board_log_filter import played

    people = [django_user_model.objects.create_user(n, password="pw") for n in NAMES]
    match = played(people, 0)
    while not (match_state(match).challenge or {}).get("attackers"):
        assert match.status == Match.Status.ACTIVE
        seat = match.waiting[0]
        action = bot_choice("greedy", match_state(match), seat, match.version)
        match = match_act(
            match_id=match.pk, user=people[seat], action=str(action), version=match.version
        )
    state = match_state(match)
    for user in (*people, None):
        client = Client()
        if user is not None:
            client.force_login(user)
        page = client.get(reverse("play:match", args=[match.pk])).content.decode()
        attackers, defenders = sides(page)
        assert len(TILE.findall(attackers)) == len(state.challenge["attackers"]) > 0
        assert len(TILE.findall(defenders)) == len(state.challenge["defenders"])
        total = side_strength(state, "attackers")
        assert f'Attackers <strong class="side-str">{total} STR</strong>' in attackers
        for card in state.challenge["attackers"]:
            assert f'<span class="str">{strength(state, card)} STR</span>' in attackers


@pytest.mark.django_db
def test_the_replay_draws_a_challenge_as_tiles(django_user_model):
    people = [django_user_model.objects.create_user(n, password="pw") for n in NAMES]
    match = finished_match(people, rounds=2)
    actions = list(match.actions.order_by("number").values_list("text", flat=True))
    state, step = new_game(match_config(match)), 0
    while not (state.challenge or {}).get("attackers"):
        assert step < len(actions), "the match had no challenge"
        state, step = apply(state, actions[step]), step + 1
    page = Client().get(reverse("play:replay", args=[match.pk]), {"step": step})
    attackers, defenders = sides(page.content.decode())
    assert len(TILE.findall(attackers)) == len(state.challenge["attackers"])
    assert len(TILE.findall(defenders)) == len(state.challenge["defenders"])
    total = side_strength(state, "attackers")
    assert f'Attackers <strong class="side-str">{total} STR</strong>' in attackers
    for card in state.challenge["attackers"]:
        assert f'<span class="str">{strength(state, card)} STR</span>' in attackers
