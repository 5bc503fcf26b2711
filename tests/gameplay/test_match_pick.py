"""Attackers and defenders ticked on the board and sent with Done (services.match_pick,
board._pick, the prompt's pick form): a player changes their mind freely before Done, the
engine then receives each select and the done, and a choice it refuses changes nothing."""

from __future__ import annotations

import html
import re

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from gameplay.engine.abilities import strength
from gameplay.engine.actions import Action
from gameplay.engine.game import apply, legal_actions, to_act
from gameplay.engine.rules import facts
from gameplay.engine.state import GameState
from gameplay.models import MatchAction
from gameplay.services import MatchError, match_act, match_concede, match_pick, match_state
from tests.gameplay.scenario import build
from tests.gameplay.test_match_passing import people_match

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
# Hodor (Core) cannot attack: he is no candidate.
ANN = ["Eddard Stark", "Robb Stark", "Greatjon Umber", "Hodor"]
BOB = ["Tyrion Lannister", "Ser Jaime Lannister"]


def _at_attackers() -> GameState:
    """Ann (the first player) has initiated a military challenge against bob: she is
    choosing attackers."""
    state = build(
        phase="challenges",
        players=[
            {"house": "Stark", "in_play": ANN, "revealed_plot": "Summoning Season"},
            {"house": "Lannister", "in_play": BOB, "revealed_plot": "Summoning Season"},
        ],
    )
    for _ in range(20):
        head = state.queue[0]
        if head["name"] == "prompt" and head.get("purpose") == "attackers":
            return state
        seat = to_act(state)[0]
        legal = legal_actions(state, seat)
        wanted = Action(seat, "challenge:military", choice="1")
        state = apply(state, wanted if wanted in legal else Action(seat, "pass"))
    raise AssertionError("no attackers prompt")


def _ref(state: GameState, seat: int, name: str) -> str:
    return next(r for r in state.players[seat].in_play if facts(state, r).name == name)


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob")]


@pytest.fixture
def match(people):
    return people_match(people, _at_attackers())


def _post(client, match, cards, seat=0):
    data = {"kind": "pick", "seat": str(seat), "version": str(match.version), "card": cards}
    return client.post(reverse("play:act", args=[match.pk]), data, **HTMX)


def test_the_board_offers_attackers_as_tiles_to_tick_with_their_strength(client, people, match):
    client.force_login(people[0])
    page = html.unescape(client.get(reverse("play:match", args=[match.pk])).content.decode())
    form = page[page.index('class="pick-form"') :]
    form = form[: form.index("</form>")]
    state = match_state(match)
    candidates = state.queue[0]["candidates"]
    assert len(candidates) == 3
    for ref in candidates:
        assert f'value="{ref}" data-strength="{strength(state, ref)}"' in form
        assert facts(state, ref).name in form
    assert "Hodor" not in form and 'name="kind" value="pick"' in form
    assert "Declare attackers" in form and "Attackers: 0, STR 0." in form
    # no one-by-one select buttons and no separate Done beside the form
    assert ":select:" not in page and ":done" not in page


def test_ticked_attackers_are_declared_with_done_as_the_engines_decisions(client, people, match):
    client.force_login(people[0])
    state = match_state(match)
    eddard, umber = _ref(state, 0, "Eddard Stark"), _ref(state, 0, "Greatjon Umber")
    before = match.version
    answer = _post(client, match, [eddard, umber])
    assert answer.status_code == 200
    match.refresh_from_db()
    after = match_state(match)
    assert after.challenge is not None and sorted(after.challenge["attackers"]) == sorted(
        [eddard, umber]
    )
    texts = list(
        MatchAction.objects.filter(match=match, number__gt=before)
        .order_by("number")
        .values_list("text", flat=True)
    )
    assert texts == [f"p0:select:{eddard}", f"p0:select:{umber}", "p0:done"]


def test_a_refused_card_changes_nothing_and_is_named(client, people, match):
    client.force_login(people[0])
    state = match_state(match)
    eddard, tyrion = _ref(state, 0, "Eddard Stark"), _ref(state, 1, "Tyrion Lannister")
    before = match.version
    page = html.unescape(_post(client, match, [eddard, tyrion]).content.decode())
    assert tyrion in page and "cannot be selected" in page
    match.refresh_from_db()
    assert match.version == before and match_state(match).challenge["attackers"] == []


def test_no_attacker_at_all_is_refused_with_the_least_it_takes(people, match):
    with pytest.raises(MatchError, match="at least 1"):
        match_pick(match_id=match.pk, user=people[0], seat=0, cards=[], version=match.version)


def test_a_card_twice_and_a_stale_page_are_refused(people, match):
    state = match_state(match)
    eddard = _ref(state, 0, "Eddard Stark")
    with pytest.raises(MatchError, match="twice"):
        match_pick(
            match_id=match.pk, user=people[0], seat=0, cards=[eddard, eddard], version=match.version
        )
    with pytest.raises(MatchError, match="moved on"):
        match_pick(
            match_id=match.pk, user=people[0], seat=0, cards=[eddard], version=match.version - 1
        )


def test_only_the_deciding_player_picks(client, people, match):
    state = match_state(match)
    with pytest.raises(MatchError, match="not choosing attackers or defenders"):
        match_pick(
            match_id=match.pk,
            user=people[1],
            seat=1,
            cards=[_ref(state, 1, "Tyrion Lannister")],
            version=match.version,
        )
    client.force_login(people[1])
    answer = _post(client, match, [_ref(state, 0, "Eddard Stark")], seat=0)
    assert answer.status_code == 403  # seat 0 is not bob's


def test_defenders_are_picked_the_same_way_and_a_full_choice_needs_no_done(people, match):
    state = match_state(match)
    match = match_pick(
        match_id=match.pk,
        user=people[0],
        seat=0,
        cards=[_ref(state, 0, "Robb Stark")],
        version=match.version,
    )
    state = match_state(match)
    while not (state.queue[0]["name"] == "prompt" and state.queue[0]["purpose"] == "defenders"):
        seat = to_act(state)[0]  # the windows before defenders: everyone passes
        match = match_act(
            match_id=match.pk, user=people[seat], action=f"p{seat}:pass", version=match.version
        )
        state = match_state(match)
    head = state.queue[0]
    assert head["seat"] == 1
    jaime = _ref(state, 1, "Ser Jaime Lannister")
    match = match_pick(
        match_id=match.pk, user=people[1], seat=1, cards=[jaime], version=match.version
    )
    after = match_state(match)
    assert after.challenge["defenders"] == [jaime]
    texts = [a.text for a in MatchAction.objects.filter(match=match).order_by("-number")[:2]]
    last = texts[0] if re.fullmatch(r"p1:(select|done).*", texts[0]) else texts[1]
    assert last in (f"p1:select:{jaime}", "p1:done")


def test_a_player_who_conceded_picks_nothing(people, match):
    state = match_state(match)
    eddard = _ref(state, 0, "Eddard Stark")
    match_concede(match_id=match.pk, user=people[0])
    match.refresh_from_db()
    with pytest.raises(PermissionDenied):
        match_pick(match_id=match.pk, user=people[0], seat=0, cards=[eddard], version=match.version)


def test_a_pick_of_no_card_at_all_is_named_not_a_server_error(client, people, match):
    client.force_login(people[0])
    before = match.version
    for junk in (["x"], ["c1;drop"], ["c" + "9" * 40]):
        answer = _post(client, match, junk)
        assert answer.status_code == 200
        page = html.unescape(answer.content.decode())
        assert "is not a card ref" in page or "cannot be selected" in page, junk
    match.refresh_from_db()
    assert match.version == before
