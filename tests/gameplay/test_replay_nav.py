"""Finding one's way in a replay (issue 32, "Replay"): the index of a finished match (where
each round and phase starts), ``?round=R&phase=P`` resolving to its first move, the
previous and next phase beside the move-by-move steps, a clear message (never a 500) for a
round or phase the match never had, and the private match still closed to strangers.

The match is real: two people's seats played to the end by the greedy bot's choices,
through the same services as a browser (``match_act``), three rounds long."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from gameplay import replaynav
from gameplay.engine.game import apply, new_game
from gameplay.models import Match, MatchAction
from gameplay.services import (
    SeatSpec,
    core_deck,
    match_act,
    match_config,
    match_create,
    match_state,
)
from gameplay.services.play import bot_choice

pytestmark = pytest.mark.django_db

PHASES = ["plot", "draw", "marshalling", "challenges", "dominance", "standing", "taxation"]


def finished_match(people, *, seed: int = 7, rounds: int = 3, is_public: bool = True) -> Match:
    """A joust between ``people[0]`` and ``people[1]`` played to its round limit, every
    decision the greedy bot's, each made through ``match_act`` as a page would."""
    match = match_create(
        creator=people[0],
        variant="joust",
        seats=[
            SeatSpec(core_deck("core-stark"), user=people[0]),
            SeatSpec(core_deck("core-lannister"), user=people[1]),
        ],
        seed=seed,
        round_limit=rounds,
        is_public=is_public,
    )
    while match.status != Match.Status.FINISHED:
        seat = match.waiting[0]
        action = bot_choice("greedy", match_state(match), seat, match.version)
        match = match_act(
            match_id=match.pk, user=people[seat], action=str(action), version=match.version
        )
    return match


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob", "cat")]


@pytest.fixture
def match(people) -> Match:
    return finished_match(people)


def url(match: Match) -> str:
    return reverse("play:replay", args=[match.pk])


def actions_of(match: Match) -> list[str]:
    return list(match.actions.order_by("number").values_list("text", flat=True))


def where_each_phase_starts(match: Match) -> list[tuple[int, str, int]]:
    """The oracle: (round, phase, step) for every phase the match stood in, by applying the
    actions one at a time and watching the state."""
    state = new_game(match_config(match))
    found = [(state.round, state.phase, 0)]
    for step, action in enumerate(actions_of(match), 1):
        state = apply(state, action)
        if (state.round, state.phase) not in {(r, p) for r, p, _ in found}:
            found.append((state.round, state.phase, step))
    return found


def shown(page: str) -> str:
    """The round and phase the page says it shows."""
    found = re.search(r'<span class="replay-where">((?:Round \d+ · )?\w+ phase)</span>', page)
    assert found, "the page names no round and phase"
    return found.group(1)


def test_the_index_lists_every_round_and_its_phases_in_order(client, match):
    response = client.get(url(match))
    nav = response.context["nav"]
    index = [(p.round, p.phase, p.step) for p in nav.index]
    assert index == where_each_phase_starts(match)
    assert all(p.decided for p in nav.index)  # every phase has a window: none passed by
    assert index[0] == (0, "setup", 0)
    for number in (1, 2, 3):
        assert [p for r, p, _ in index if r == number] == PHASES
    steps = [s for _, _, s in index]
    assert steps == sorted(set(steps)) and steps[-1] < len(actions_of(match))
    # The page lists them as rounds of phases, each a link to its start.
    page = response.content.decode()
    for number in (1, 2, 3):
        for phase in PHASES:
            assert f'href="?round={number}&amp;phase={phase}"' in page
    assert [r["name"] for r in nav.rounds] == ["Setup", "Round 1", "Round 2", "Round 3"]


def test_a_round_and_phase_open_at_its_first_move_and_say_so(client, match):
    for number, phase, step in where_each_phase_starts(match)[1:]:
        response = client.get(url(match), {"round": number, "phase": phase})
        assert response.status_code == 200
        assert response.context["step"] == step
        page = response.content.decode()
        assert shown(page) == f"Round {number} · {phase.capitalize()} phase"
        assert f"Move {step} of " in page
        current = re.findall(r'<a href="\?round=(\d+)&amp;phase=(\w+)" aria-current', page)
        assert current == [(str(number), phase)]
        assert response.context["nav"].problem == ""
        # The move before it is still in the phase before.
        before = client.get(url(match), {"step": step - 1}).content.decode()
        assert shown(before) != shown(page)
    # ?step=N as before: the same page as the phase that starts there.
    number, phase, step = where_each_phase_starts(match)[12]
    assert shown(client.get(url(match), {"step": step}).content.decode()) == (
        f"Round {number} · {phase.capitalize()} phase"
    )
    # The phase's name in any case, a round with no phase: its start.
    page = client.get(url(match), {"round": " 2 ", "phase": "CHALLENGES"}).content.decode()
    assert shown(page) == "Round 2 · Challenges phase"
    response = client.get(url(match), {"round": "2"})
    assert shown(response.content.decode()) == "Round 2 · Plot phase"
    response = client.get(url(match), {"round": "0", "phase": "setup"})
    assert response.context["step"] == 0 and shown(response.content.decode()) == "Setup phase"


def test_previous_and_next_phase_step_by_phase(client, match):
    page = client.get(url(match), {"round": 2, "phase": "challenges"}).content.decode()
    previous = re.search(r'<a href="\?([^"]+)" class="replay-previous-phase"', page)
    following = re.search(r'<a href="\?([^"]+)" class="replay-next-phase"', page)
    assert previous.group(1) == "round=2&amp;phase=marshalling"
    assert following.group(1) == "round=2&amp;phase=dominance"
    assert 'aria-label="Next phase: round 2, dominance"' in page
    # Beside them, the move-by-move steps.
    step = Client().get(url(match), {"round": 2, "phase": "challenges"}).context["step"]
    assert f'href="?step={step - 1}" rel="prev">‹ Back' in page
    assert f'href="?step={step + 1}" rel="next">Forward ›' in page
    # From the middle of a phase, too: back to the start of the one before.
    middle = client.get(url(match), {"step": step + 2}).content.decode()
    assert shown(middle) == "Round 2 · Challenges phase"
    assert 'href="?round=2&amp;phase=marshalling" class="replay-previous-phase"' in middle
    # Round to round: taxation's next is the next round's plot.
    page = client.get(url(match), {"round": 1, "phase": "taxation"}).content.decode()
    assert 'href="?round=2&amp;phase=plot" class="replay-next-phase"' in page
    # The deal has no previous phase; the end has no next.
    start = client.get(url(match), {"step": 0}).content.decode()
    assert "replay-previous-phase" not in start and "replay-next-phase" in start
    end = client.get(url(match)).content.decode()
    assert "replay-next-phase" not in end and "replay-previous-phase" in end
    assert shown(end) == "Round 3 · Taxation phase"


@pytest.mark.parametrize(
    ("query", "problem", "lands"),
    [
        (
            {"round": "9"},
            "There is no round 9: the match ended in round 3. Showing its end.",
            "end",
        ),
        (
            {"round": "2", "phase": "lunch"},
            "There is no phase called 'lunch'; the phases are plot, draw, marshalling,",
            (2, "plot"),
        ),
        (
            {"round": "2", "phase": "epic"},
            "Round 2 had no epic phase. Showing the next phase played: round 2, standing phase.",
            (2, "standing"),
        ),
        (
            {"round": "0", "phase": "plot"},
            "Setup had no plot phase. Showing the next phase played: round 1, plot phase.",
            (1, "plot"),
        ),
        ({"round": "two", "phase": "plot"}, "'two' is not a round: choose one from 0", "end"),
        ({"round": "-1"}, "'-1' is not a round", "end"),
        ({"round": "²"}, "'²' is not a round", "end"),
        ({"round": "9" * 5000, "phase": "x" * 5000}, "is not a round", "end"),
        ({"round": "two", "step": "5"}, "'two' is not a round", 5),
        ({"phase": "challenges"}, "Choose a round as well as the phase ('challenges')", "end"),
    ],
)
def test_a_round_or_phase_the_match_never_had_gets_a_message_not_a_500(
    client, match, query, problem, lands
):
    response = client.get(url(match), query)
    assert response.status_code == 200
    nav = response.context["nav"]
    assert problem in nav.problem
    assert len(nav.problem) < 200  # a huge value is not repeated whole
    page = response.content.decode()
    assert '<p class="flash replay-problem" role="alert">' in page
    steps = len(actions_of(match))
    if lands == "end":
        assert response.context["step"] == steps
    elif isinstance(lands, int):
        assert response.context["step"] == lands
    else:
        start = next(p.step for p in nav.index if (p.round, p.phase) == lands)
        assert response.context["step"] == start


def test_bad_steps_behave_as_before(client, match):
    steps = len(actions_of(match))
    for bad in ("x", "9" * 5000, "-3", "²", ""):
        response = client.get(url(match), {"step": bad})
        assert response.status_code == 200 and response.context["step"] == steps
        assert response.context["nav"].problem == ""
    assert client.get(url(match), {"step": steps + 50}).context["step"] == steps


def test_the_index_is_made_once_per_match_in_the_same_pass_as_the_page(client, match, monkeypatch):
    """One pass over the log makes the index and, when the page asks for a step, the
    state it shows: a cold index does not replay the match twice; a warm one is read."""
    walks, replays = [], []
    walk, replay = replaynav.walk, replaynav.replay
    monkeypatch.setattr(replaynav, "walk", lambda *a, **k: walks.append(k) or walk(*a, **k))
    monkeypatch.setattr(replaynav, "replay", lambda c, a: replays.append(len(a)) or replay(c, a))
    client.get(url(match), {"step": 40})
    assert walks == [{"keep": 40}] and replays == []
    client.get(url(match), {"step": 41})
    client.get(url(match), {"round": 2, "phase": "draw"})
    assert len(walks) == 1 and len(replays) == 2
    assert replays[0] == 41  # the page replays only up to its step, as before


def test_a_log_that_stops_replaying_is_a_404_past_the_break_only(client, match):
    MatchAction.objects.filter(match=match, number=100).update(text="p0:dance")
    assert client.get(url(match), {"step": 50}).status_code == 200
    assert client.get(url(match), {"step": 150}).status_code == 404
    assert client.get(url(match), {"round": 3, "phase": "plot"}).status_code == 404


def test_a_private_match_replays_for_its_players_only(people):
    match = finished_match(people, seed=3, rounds=1, is_public=False)
    query = {"round": 1, "phase": "challenges"}
    stranger = Client()
    stranger.force_login(people[2])
    assert stranger.get(url(match), query).status_code == 403
    assert Client().get(url(match), query).status_code == 403
    player = Client()
    player.force_login(people[1])
    response = player.get(url(match), query)
    assert response.status_code == 200
    assert shown(response.content.decode()) == "Round 1 · Challenges phase"


def test_a_phase_passed_without_a_decision_is_listed_but_leads_to_the_next():
    """No Core phase passes without a window today; were one to (a rules change, another
    variant), it is listed as passed, and asking for it shows the next phase played."""
    index = [
        replaynav.PhaseStart(0, "setup", 0),
        replaynav.PhaseStart(1, "plot", 2),
        replaynav.PhaseStart(1, "draw", 9, decided=False),
        replaynav.PhaseStart(1, "marshalling", 9),
    ]
    step, problem = replaynav._resolve(index, "1", "draw", 30, 30)
    assert step == 9
    assert problem == (
        "Nobody decided anything in the draw phase of round 1. "
        "Showing the next phase played: round 1, marshalling phase."
    )
    assert replaynav._resolve(index, "1", "challenges", 30, 30) == (
        30,
        "Round 1 had no challenges phase: the match ended before it. Showing its end.",
    )
