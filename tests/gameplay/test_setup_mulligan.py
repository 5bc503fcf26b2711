"""The tournament mulligan (GameConfig.mulligan, gameplay/engine/mulligan.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.bots import GreedyBot
from gameplay.engine.game import GameConfig, IllegalAction, legal_actions, new_game, to_act
from gameplay.engine.observe import observe
from gameplay.engine.replay import config_from_dict, config_to_dict
from gameplay.engine.simulate import load_deck
from tests.gameplay.scenario import apply


def _config(mulligan: bool = True, seed: int = 7) -> GameConfig:
    decks = (load_deck("core-stark"), load_deck("core-lannister"))
    return GameConfig(players=decks, seed=seed, mulligan=mulligan)


def _mulligan(seat: int) -> Action:
    return Action(seat, "choose", choice="mulligan")


def _keep(seat: int) -> Action:
    return Action(seat, "choose", choice="keep")


def test_off_by_default_and_nobody_is_asked():
    state = new_game(replace(_config(), mulligan=False))
    assert state.queue[0]["name"] == "setup_place"
    assert not any(e["event"].startswith("mulligan") for e in state.log)
    assert GameConfig(players=_config().players).mulligan is False


def test_each_player_in_turn_order_may_mulligan_once_before_setup():
    state = new_game(_config())
    first = state.first_player
    other = 1 - first
    head = state.queue[0]
    assert head["name"] == "prompt" and head["purpose"] == "mulligan"
    assert to_act(state) == [first]
    assert legal_actions(state, first) == [_mulligan(first), _keep(first)]
    with pytest.raises(IllegalAction):
        apply(state, Action(first, "setup:place", ()))
    before = [state.code(r) for r in state.players[first].hand]
    deck_size = len(state.players[first].deck)
    state = apply(state, _mulligan(first))
    player = state.players[first]
    assert len(player.hand) == 7 and len(player.deck) == deck_size
    assert [state.code(r) for r in player.hand] != before  # a new hand (this seed)
    # Obara Sand's offer follows every first mulligan, whatever the deck holds (a hidden
    # prompt: tests/gameplay/test_obara_hidden.py); with no Obara Sand, keep alone.
    assert state.queue[0]["purpose"] == "obara_mulligan" and to_act(state) == [first]
    assert legal_actions(state, first) == [_keep(first)]
    state = apply(state, _keep(first))
    # Then the other player decides; the first is not asked again.
    assert to_act(state) == [other]
    state = apply(state, _keep(other))
    assert state.queue[0]["name"] == "setup_place" and to_act(state) == [first]
    events = [e for e in state.log if e["event"] in ("mulligan", "mulligan_kept")]
    assert events == [
        {**events[0], "event": "mulligan", "seat": first, "count": 7},
        {**events[1], "event": "mulligan_kept", "seat": first},  # after Obara Sand's offer
        {**events[2], "event": "mulligan_kept", "seat": other},
    ]
    assert not any("card" in e or "cards" in e for e in events)  # who, never what


def test_the_prompt_hides_the_hand_from_the_others():
    state = new_game(_config())
    first = state.first_player
    theirs = observe(state, 1 - first)
    assert theirs["prompt"] == {"purpose": "mulligan", "seat": first}
    assert "hand" not in theirs["players"][first]
    state = apply(state, _mulligan(first))
    shown = observe(state, 1 - first)
    assert shown["players"][first]["hand_count"] == 7
    assert "hand" not in shown["players"][first]


def test_the_config_round_trips_through_replay_data():
    data = config_to_dict(_config())
    assert data["mulligan"] is True
    assert config_from_dict(data).mulligan is True
    off = config_to_dict(_config(mulligan=False))
    assert "mulligan" not in off  # the default is left out of replay files
    assert config_from_dict(off).mulligan is False


def test_the_greedy_bot_keeps_a_hand_with_a_character_it_can_place():
    state = new_game(_config())
    seat = state.first_player
    bot = GreedyBot(1)
    choice = bot.choose(observe(state, seat), legal_actions(state, seat))
    assert choice == _keep(seat)  # a Core Stark deck: a character of cost 5 or less
    hand = state.players[seat].hand
    plots = [r for r in state.players[seat].plot_deck]
    state.players[seat].hand = plots[: len(hand)]  # a hand with no character at all
    choice = bot.choose(observe(state, seat), legal_actions(state, seat))
    assert choice == _mulligan(seat)


@pytest.mark.django_db
def test_the_new_match_checkbox_reaches_the_game(client, django_user_model):
    from django.urls import reverse

    from gameplay.models import Match
    from gameplay.services import match_bot_move, match_config, match_state

    client.force_login(django_user_model.objects.create_user("ann", password="pw"))
    page = client.get(reverse("play:new")).content.decode()
    assert 'name="mulligan"' in page and "Mulligan (tournament rule" in page
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
    off = Match.objects.latest("pk")
    assert off.mulligan is False and match_state(off).queue[0]["name"] == "setup_place"
    client.post(reverse("play:new"), data | {"mulligan": "on"})
    match = Match.objects.latest("pk")
    assert match.mulligan is True and match_config(match).mulligan is True
    state = match_state(match)
    assert state.queue[0]["purpose"] == "mulligan"  # the first decision of the game
    if state.queue[0]["seat"] == 1:  # the bot decides first
        assert match_bot_move(match_id=match.pk, version=match.version)
        match.refresh_from_db()
        assert match_state(match).queue[0] == {**state.queue[1], "seat": 0}
    page = client.get(reverse("play:match", args=[match.pk])).content.decode()
    assert "p0:choose=mulligan" in page and "p0:choose=keep" in page
    assert "Mulligan?" in page
