"""Table actions at a match (gameplay/services/manual.py, the act view, the Table menu): any
seat of a player may act by hand at any time, a double click applies once, a request is
answered by the other person or by a bot (which accepts only for text the engine does not
play), the setting turns them off, the log and the replay have them, and bad input gets a
message, never a 500."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from gameplay.engine.actions import Action
from gameplay.engine.game import PlayerConfig, to_act
from gameplay.engine.rules import facts
from gameplay.models import Match, MatchAction
from gameplay.services import (
    MatchError,
    SeatSpec,
    StaleMatch,
    core_deck,
    match_act,
    match_bot_move,
    match_create,
    match_replay,
    match_state,
)
from gameplay.services.manual import match_table_act
from tests.gameplay.manual_example import MANUAL  # played without its script (conftest.py)

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
NAME = __import__("gameplay.engine.card_facts", fromlist=["load_cards"]).load_cards()[MANUAL].name


@pytest.fixture
def people(django_user_model):
    return [django_user_model.objects.create_user(n, password="pw") for n in ("ann", "bob", "cat")]


def _stark() -> PlayerConfig:
    deck = core_deck("core-stark")
    return PlayerConfig(deck.house, (MANUAL, *deck.deck), deck.agenda)


def _joust(people, *, bot: str = "", **kwargs) -> Match:
    second = SeatSpec(core_deck("core-lannister"), user=None if bot else people[1], bot=bot)
    return match_create(
        creator=people[0],
        variant="joust",
        seats=[SeatSpec(_stark(), user=people[0]), second],
        seed=5,
        **kwargs,
    )


def _past_setup(match: Match, people) -> Match:
    """Both seats place no setup card (a bot places by its own choice)."""
    while True:
        match.refresh_from_db()
        state = match_state(match)
        if state.phase != "setup":
            return match
        seat = to_act(state)[0]
        row = match.seats.get(number=seat)
        if row.bot:
            match_bot_move(match_id=match.pk, version=match.version)
        else:
            match_act(
                match_id=match.pk,
                user=row.user,
                action=f"p{seat}:setup:place",
                version=match.version,
            )


def _hand_character(match: Match, seat: int, code: str | None = None) -> str:
    state = match_state(match)
    return next(
        r
        for r in state.players[seat].hand + state.players[seat].deck
        if facts(state, r).type == "character" and (code is None or state.code(r) == code)
    )


def test_a_player_acts_by_hand_out_of_turn_and_the_replay_has_it(people):
    match = _past_setup(_joust(people), people)
    plot = match_state(match).players[0].plot_deck[0]
    match = match_act(
        match_id=match.pk, user=people[0], action=f"p0:plot:choose:{plot}", version=match.version
    )
    state = match_state(match)
    idle = next(seat for seat in (0, 1) if seat not in to_act(state))
    user = people[idle]
    match = match_table_act(
        match_id=match.pk, user=user, action=f"p{idle}:table:draw=1", version=match.version
    )
    assert MatchAction.objects.filter(match=match, text=f"p{idle}:table:draw=1").exists()
    assert list(to_act(match_state(match))) == list(to_act(state))  # nobody's decision moved
    assert match_replay(match).digest() == match_state(match).digest()


def test_a_double_click_applies_once_but_other_seats_moves_do_not_refuse_it(people):
    match = _past_setup(_joust(people), people)
    version = match.version
    match_table_act(match_id=match.pk, user=people[0], action="p0:table:gold=take", version=version)
    with pytest.raises(StaleMatch, match="refresh"):
        match_table_act(
            match_id=match.pk, user=people[0], action="p0:table:gold=take", version=version
        )
    # Bob's page is one move behind (Ann's), and still good for his own table action.
    match = match_table_act(
        match_id=match.pk, user=people[1], action="p1:table:gold=take", version=version
    )
    state = match_state(match)
    assert [p.gold for p in state.players] == [1, 1]


def test_a_request_is_accepted_or_refused_by_the_other_person(people):
    match = _past_setup(_joust(people), people)
    target = _hand_character(match, 1)
    match = match_table_act(
        match_id=match.pk,
        user=people[1],
        action=f"p1:table:move:{target}=play",
        version=match.version,
    )
    match = match_table_act(
        match_id=match.pk,
        user=people[0],
        action=f"p0:table:request:{target}=kneel",
        version=match.version,
    )
    with pytest.raises(MatchError, match="Only the player asked"):
        match_table_act(
            match_id=match.pk, user=people[0], action="p0:table:accept=1", version=match.version
        )
    with pytest.raises(PermissionDenied):
        match_table_act(
            match_id=match.pk, user=people[0], action="p1:table:accept=1", version=match.version
        )
    match = match_table_act(
        match_id=match.pk, user=people[1], action="p1:table:accept=1", version=match.version
    )
    assert match_state(match).in_play[target].knelt
    match = match_table_act(
        match_id=match.pk,
        user=people[0],
        action=f"p0:table:request:{target}=kill",
        version=match.version,
    )
    match = match_table_act(
        match_id=match.pk, user=people[1], action="p1:table:refuse=2", version=match.version
    )
    state = match_state(match)
    assert target in state.in_play and state.table.get("requests") is None
    assert match_replay(match).digest() == state.digest()


def test_a_bot_accepts_a_request_for_a_card_the_engine_does_not_play(people):
    match = _past_setup(_joust(people, bot="random"), people)
    state = match_state(match)
    target = next(iter(state.players[1].in_play), None)
    if target is None:  # the bot placed nothing: put one of its cards in play by its seat
        pytest.skip("the bot placed no card in setup")
    while MANUAL not in [state.code(r) for r in state.players[0].hand]:  # drawn by hand
        match = match_table_act(
            match_id=match.pk, user=people[0], action="p0:table:draw=10", version=match.version
        )
        state = match_state(match)
    manual = _hand_character(match, 0, MANUAL)
    match = match_table_act(
        match_id=match.pk,
        user=people[0],
        action=f"p0:table:move:{manual}=play",
        version=match.version,
    )
    match = match_table_act(
        match_id=match.pk,
        user=people[0],
        action=f"p0:table:request:{target},{manual}=kneel",
        version=match.version,
    )
    match.refresh_from_db()
    assert match.bot_due is not None  # the bot's answer is scheduled
    assert match_bot_move(match_id=match.pk, version=match.version)
    match.refresh_from_db()
    assert MatchAction.objects.filter(match=match, text="p1:table:accept=1").exists()
    assert match_state(match).in_play[target].knelt
    # Without a card that asks for it, the bot refuses, and says why.
    match = match_table_act(
        match_id=match.pk,
        user=people[0],
        action=f"p0:table:request:{target}=stand",
        version=match.version,
    )
    assert match_bot_move(match_id=match.pk, version=match.version)
    assert MatchAction.objects.filter(match=match, text="p1:table:refuse=2_no_cause").exists()


def test_the_setting_turns_table_actions_off(people):
    match = _past_setup(_joust(people, table_actions=False), people)
    with pytest.raises(MatchError, match="turned off"):
        match_table_act(
            match_id=match.pk, user=people[0], action="p0:table:draw=1", version=match.version
        )
    assert match_state(match).table == {"off": True}


def _post(client, match, data):
    return client.post(reverse("play:act", args=[match.pk]), data, **HTMX)


def test_the_board_offers_the_table_menu_and_the_view_refuses_bad_input(client, people):
    match = _past_setup(_joust(people), people)
    client.force_login(people[0])
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert 'id="table-panel"' in page and "Table: act by hand" in page
    assert "p0:table:draw=1" in page
    for data, words in [
        ({"action": "p0:table:draw=many", "version": match.version}, "how many cards"),
        ({"action": "p0:table:fly", "version": match.version}, "unknown kind"),
        ({"action": "p0:table:draw=1", "version": "x"}, "which move"),
        (
            {"kind": "table:request", "seat": "0", "target": "c1", "version": match.version},
            "what to ask",
        ),
        (
            {"kind": "table:request", "seat": "", "verb": "kill", "version": match.version},
            "which seat",
        ),
        (
            {
                "kind": "table:request",
                "seat": "0",
                "target": "zz",
                "verb": "kill",
                "version": match.version,
            },
            "not a card ref",
        ),
    ]:
        response = _post(client, match, data)
        assert response.status_code == 200, data
        assert words in response.content.decode(), data
    assert (
        _post(client, match, {"action": "p1:table:draw=1", "version": match.version}).status_code
        == 403
    )
    ok = _post(client, match, {"action": "p0:table:draw=1", "version": match.version})
    assert ok.status_code == 200 and "draws 1 card" in ok.content.decode()
    match.refresh_from_db()
    assert match.actions.filter(text="p0:table:draw=1").exists()
    request = _post(
        client,
        match,
        {
            "kind": "table:request",
            "seat": "0",
            "target": "",
            "verb": "gold_1",
            "version": match.version,
        },
    )
    assert "has 0 gold" in request.content.decode()
    # A spectator sees no Table menu.
    client.force_login(people[2])
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert 'id="table-panel"' not in page and "draws 1 card" in page


def test_the_new_match_form_keeps_the_table_actions_setting(client, people):
    client.force_login(people[0])
    data = {
        "variant": "joust",
        "round_limit": 10,
        "clock_minutes": 0,
        "seat0_who": "me",
        "seat0_deck": "core:core-stark",
        "seat1_who": "greedy",
        "seat1_deck": "core:core-lannister",
        "seat2_who": "none",
        "seat3_who": "none",
    }
    client.post(reverse("play:new"), data)
    assert Match.objects.latest("pk").table_actions is False  # the box left unticked
    client.post(reverse("play:new"), data | {"table_actions": "on"})
    assert Match.objects.latest("pk").table_actions is True
    assert Action.parse("p0:table:draw=1").kind == "table:draw"
