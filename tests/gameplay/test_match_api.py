"""The JSON API of a match (gameplay/api.py, docs/API.md "Matches"): a viewer's view is
``observe``'s, with the caller's legal actions when it decides; decisions go through the
board's services (the seat, version and rate checks, the passes and bot moves after them);
nothing hidden reaches another seat or a spectator; every bad request is named."""

from __future__ import annotations

import json

import pytest
from rest_framework.test import APIClient

from gameplay import api
from gameplay.board import label
from gameplay.engine.game import legal_actions, to_act
from gameplay.engine.observe import observe
from gameplay.models import Match, MatchAction
from gameplay.services import SeatSpec, core_deck, match_create, match_state, state_text
from tests.gameplay import test_match_pages as pages
from tests.gameplay.cardtest import hidden_changed
from tests.gameplay.test_match_passing import people_match
from tests.gameplay.test_match_pick import _at_attackers

pytestmark = pytest.mark.django_db
bots_in_process = pages.bots_in_process


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob", "cat")]


@pytest.fixture
def match(people):
    return people_match(people[:2])


def as_user(user=None, *, csrf: bool = False) -> APIClient:
    client = APIClient(enforce_csrf_checks=csrf)
    if user is not None:
        client.force_authenticate(user)
    return client


def view_url(match: Match | int, since: int | None = None) -> str:
    pk = getattr(match, "pk", match)
    return f"/api/matches/{pk}/" + ("" if since is None else f"?since={since}")


def act_url(match: Match | int) -> str:
    return f"/api/matches/{getattr(match, 'pk', match)}/act/"


def fresh(match: Match) -> Match:
    return Match.objects.get(pk=match.pk)


def expected(match: Match, seat: int | None, since: int = 0) -> dict:
    """What the API must answer: observe's view of the stored state, the caller's legal
    actions in the board's words, through JSON."""
    match = fresh(match)
    state = match_state(match)
    names = [s.who for s in match.seats.order_by("number")]
    decisions = [
        {"action": str(a), "label": label(state, a, names)}
        for a in (legal_actions(state, seat) if seat is not None else [])
    ]
    return json.loads(json.dumps({"view": observe(state, seat, since), "decisions": decisions}))


def test_a_player_reads_their_own_view_and_decisions(people, match):
    answer = as_user(people[0]).get(view_url(match))
    assert answer.status_code == 200
    body = answer.json()
    assert (body["id"], body["status"], body["seat"], body["version"]) == (
        match.pk,
        "active",
        0,
        match.version,
    )
    assert [s["who"] for s in body["seats"]] == ["ann", "bob"]
    assert {"view": body["view"], "decisions": body["decisions"]} == expected(match, 0)
    # Setup: both seats decide, each its own cards.
    assert body["decisions"] and all(d["action"].startswith("p0:") for d in body["decisions"])
    assert body["url"] == f"/play/{match.pk}/"


def test_the_log_starts_where_the_caller_says(people, match):
    state = match_state(match)
    size = len(state.log)
    assert size > 1
    body = as_user(people[1]).get(view_url(match, since=size - 1)).json()
    assert body["view"]["log"] == json.loads(json.dumps(state.log[-1:]))
    assert body["view"]["log_size"] == size
    assert as_user(people[1]).get(view_url(match, since=size)).json()["view"]["log"] == []


def test_two_players_play_through_setup_and_plots_by_the_api(people, match):
    """Each takes a decision the API offers them, until the game is past its plots: every
    answer is the acting player's view of the match as stored, and every decision is
    recorded as theirs."""
    clients = [as_user(people[0]), as_user(people[1])]
    since = [0, 0]
    for _ in range(30):
        state = match_state(fresh(match))
        if state.phase not in ("setup", "plot"):
            break
        seat = to_act(state)[0]
        body = clients[seat].get(view_url(match, since[seat])).json()
        since[seat] = body["view"]["log_size"]
        decision = body["decisions"][0]
        answer = clients[seat].post(
            act_url(match),
            {"version": body["version"], "action": decision["action"], "since": since[seat]},
            format="json",
        )
        assert answer.status_code == 200, answer.json()
        after = answer.json()
        assert after["version"] > body["version"]
        got = {"view": after["view"], "decisions": after["decisions"]}
        assert got == expected(match, seat, since[seat])
        made = MatchAction.objects.get(match=match, number=body["version"] + 1)
        assert (made.text, made.user_id, made.seat) == (decision["action"], people[seat].pk, seat)
    else:
        raise AssertionError("the game did not leave its plots")
    assert match_state(fresh(match)).phase not in ("setup", "plot")


def test_a_pick_declares_attackers_at_once(people):
    match = people_match(people[:2], _at_attackers())
    body = as_user(people[0]).get(view_url(match)).json()
    assert body["view"]["prompt"]["purpose"] == "attackers"
    picked = body["view"]["prompt"]["candidates"][:2]
    answer = as_user(people[0]).post(
        act_url(match), {"version": body["version"], "pick": picked, "seat": 0}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["view"]["challenge"]["attackers"] == picked


def test_a_spectator_of_a_public_match_reads_the_public_view_and_has_no_decisions(people, match):
    for client in (as_user(), as_user(people[2])):
        body = client.get(view_url(match)).json()
        assert body["seat"] is None
        assert {"view": body["view"], "decisions": body["decisions"]} == expected(match, None)


def test_a_private_match_shows_itself_to_its_players_only(people):
    private = pages.joust(people, is_public=False)
    for client in (as_user(), as_user(people[2])):
        answer = client.get(view_url(private))
        assert answer.status_code == 403
        assert answer.json() == {"detail": "This match is private: only its players can see it."}
    assert as_user(people[1]).get(view_url(private)).status_code == 200


@pytest.mark.parametrize("viewer", [1, None])
def test_nothing_another_seat_may_not_see_changes_the_answer(people, match, viewer):
    """Ann's hand, deck and plot deck shuffled with each other (her setup and in play):
    bob's answer and a spectator's are the same, byte for byte; Ann's own changes."""
    client = as_user(people[1] if viewer == 1 else people[2])
    mine = as_user(people[0])
    before, ann_before = client.get(view_url(match)).content, mine.get(view_url(match)).content
    state = match_state(fresh(match))
    swapped = hidden_changed(state, 1)  # what seat 1 cannot see: ann's hidden cards
    assert swapped.players[0].hand != state.players[0].hand
    Match.objects.filter(pk=match.pk).update(state=state_text(swapped))
    assert client.get(view_url(match)).content == before
    assert mine.get(view_url(match)).content != ann_before


def test_an_action_for_a_bot_opponent_is_answered_by_the_bot(people, bots_in_process):
    with bots_in_process():  # the bot's setup, made once the match is created
        match = match_create(
            creator=people[0],
            variant="joust",
            seats=[
                SeatSpec(core_deck("core-stark"), user=people[0]),
                SeatSpec(core_deck("core-lannister"), bot="random"),
            ],
            seed=5,
        )
    body = as_user(people[0]).get(view_url(match)).json()
    with bots_in_process():
        answer = as_user(people[0]).post(
            act_url(match),
            {"version": body["version"], "action": body["decisions"][0]["action"]},
            format="json",
        )
    assert answer.status_code == 200
    after = fresh(match)
    bot_moves = MatchAction.objects.filter(match=match, seat=1, number__gt=body["version"] + 1)
    assert bot_moves.exists() and after.version > body["version"] + 1


# --- What a caller can get wrong -------------------------------------------------------------


def test_a_stale_version_is_a_conflict_that_changes_nothing(people, match):
    """Ann answers a position her own decision has changed since (another seat's moves
    since alone would not make it stale)."""
    body = as_user(people[0]).get(view_url(match)).json()
    decision = {"version": body["version"], "action": body["decisions"][0]["action"]}
    assert as_user(people[0]).post(act_url(match), decision, format="json").status_code == 200
    answer = as_user(people[0]).post(act_url(match), decision, format="json")
    assert answer.status_code == 409
    assert "moved on" in answer.json()["detail"]
    assert fresh(match).version == body["version"] + 1


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({}, "version: This field is required."),
        ({"version": "x", "action": "p0:pass"}, "version: A valid integer is required."),
        ({"version": 1}, 'Send exactly one of "action" (a decision) or "pick" (cards).'),
        ({"version": 1, "action": "p0:pass", "pick": ["c1"], "seat": 0}, "exactly one of"),
        ({"version": 1, "pick": ["c1"]}, 'A pick names the seat it is for: send "seat" too.'),
        ({"version": 1, "action": "x" * (api.ACTION_MAX + 1)}, "action: Ensure this field"),
        ({"version": 1, "action": "p0:pass", "since": -1}, "since: Ensure this value"),
        ({"version": 1, "action": "hello"}, "hello"),
    ],
)
def test_a_bad_body_is_refused_with_what_is_wrong(people, match, data, words):
    version = fresh(match).version
    answer = as_user(people[0]).post(act_url(match), data, format="json")
    assert answer.status_code == 400, answer.json()
    assert words in answer.json()["detail"]
    assert fresh(match).version == version


def test_a_decision_the_rules_refuse_is_named_and_changes_nothing(people, match):
    version = fresh(match).version
    answer = as_user(people[0]).post(
        act_url(match), {"version": version, "action": "p0:challenge:military=1"}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["detail"]
    assert fresh(match).version == version


def test_a_body_that_is_not_json_is_refused(people, match):
    answer = as_user(people[0]).post(act_url(match), "{not json", content_type="application/json")
    assert answer.status_code == 400
    assert "JSON parse error" in answer.json()["detail"]


def test_only_a_seated_player_acts_and_only_for_their_seat(people, match):
    body = as_user(people[0]).get(view_url(match)).json()
    theirs = {"version": body["version"], "action": body["decisions"][0]["action"]}  # ann's
    assert as_user(people[1]).post(act_url(match), theirs, format="json").json() == {
        "detail": "Seat 1 is not yours."
    }
    stranger = as_user(people[2]).post(act_url(match), theirs, format="json")
    assert stranger.status_code == 403
    assert stranger.json() == {"detail": "Only a player seated at this match can act in it."}
    assert as_user().post(act_url(match), theirs, format="json").status_code == 403
    assert fresh(match).version == body["version"]


def test_a_session_must_send_its_csrf_token(people, match):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(people[0])
    body = client.get(view_url(match)).json()
    data = {"version": body["version"], "action": body["decisions"][0]["action"]}
    answer = client.post(act_url(match), data, format="json")
    assert answer.status_code == 403
    assert "CSRF" in answer.json()["detail"]
    assert fresh(match).version == body["version"]


def test_no_such_match_is_a_404(people):
    assert as_user(people[0]).get(view_url(999_999)).status_code == 404
    answer = as_user(people[0]).post(
        act_url(999_999), {"version": 0, "action": "p0:pass"}, format="json"
    )
    assert answer.status_code == 404


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("?since=x", "since: 'x' is not a log position"),
        ("?since=-2", "since: '-2' is not a log position"),
        ("?since=100000", "since: 100000 is past the log's end"),
        ("?sinse=3", "Unknown query parameter 'sinse': it takes since."),
    ],
)
def test_a_bad_query_is_refused_with_what_is_wrong(people, match, query, words):
    answer = as_user(people[0]).get(view_url(match) + query)
    assert answer.status_code == 400
    assert words in answer.json()["detail"]


def test_too_many_actions_are_refused_with_a_429(people, match, monkeypatch):
    monkeypatch.setattr(api, "ACTIONS_PER_WINDOW", 2)
    data = {"version": fresh(match).version, "action": "p0:challenge:military=1"}  # refused
    codes = [as_user(people[0]).post(act_url(match), data, format="json") for _ in range(3)]
    assert [c.status_code for c in codes] == [400, 400, 429]
    assert codes[2].json()["detail"].startswith("Too many actions")


def test_the_schema_documents_the_match_endpoints(client):
    import yaml
    from drf_spectacular.validation import validate_schema

    schema = yaml.safe_load(client.get("/api/schema/").content)
    validate_schema(schema)
    assert "get" in schema["paths"]["/api/matches/{id}/"]
    assert "post" in schema["paths"]["/api/matches/{id}/act/"]


def test_a_match_not_started_yet_has_no_view_and_no_log(people):
    waiting = match_create(
        creator=people[0],
        variant="joust",
        seats=[SeatSpec(core_deck("core-stark"), user=people[0]), SeatSpec(None)],
        seed=1,
    )
    body = as_user(people[2]).get(view_url(waiting)).json()
    assert (body["status"], body["view"], body["decisions"]) == ("open", None, [])
    assert [s["who"] for s in body["seats"]] == ["ann", "Open seat"]
    refused = as_user(people[2]).get(view_url(waiting, since=1))
    assert refused.status_code == 400
    assert "the match has not started" in refused.json()["detail"]


def test_an_act_with_a_since_past_the_log_is_made_and_answered_with_the_whole_log(people, match):
    body = as_user(people[0]).get(view_url(match)).json()
    decision = {"version": body["version"], "action": body["decisions"][0]["action"]}
    answer = as_user(people[0]).post(act_url(match), decision | {"since": 10**6}, format="json")
    assert answer.status_code == 200
    assert answer.json()["version"] == body["version"] + 1  # made, not refused
    assert answer.json()["view"] == expected(match, 0)["view"]  # the log from its start
