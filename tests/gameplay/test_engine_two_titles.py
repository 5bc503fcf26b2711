"""A player holding two titles (``Player.extra_titles``, I Fight to Win): every title hook
reads all the titles of a player (gameplay/engine/titles.py), the second title is chosen
after everyone when the flag query ``select_second_title`` allows it and goes back to the
pool at the end of the round (gameplay/engine/title_steps.py)."""

from __future__ import annotations

import json

import pytest

from gameplay.engine import challenges, titles
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.influence import total_influence
from gameplay.engine.state import GameState
from gameplay.engine.title_steps import return_titles
from tests.gameplay.cardtest import (
    act,
    answer,
    build,
    choose,
    events,
    head,
    pass_windows,
    ref,
    start,
    waiting_seats,
)

PRIEST = "Old Red Priest"  # 1 STR, every icon


def _with_second(state: GameState, seat: int, name: str) -> GameState:
    """Give ``seat`` the second title ``name`` (out of the pool), as I Fight to Win does."""
    state.players[seat].extra_titles.append(name)
    if name in state.title_pool:
        state.title_pool.remove(name)
    return state


def _players(*names, **extra):
    return [{"title": n, "in_play": [PRIEST], **extra} for n in names]


def test_titles_of_lists_both_titles_and_holder_finds_the_second():
    state = build(phase="challenges", players=_players("master_of_laws", None, None))
    _with_second(state, 0, "crown_regent")
    assert titles.title_names(state, 0) == ["master_of_laws", "crown_regent"]
    assert [t.name for t in titles.titles_of(state, 0)] == ["master_of_laws", "crown_regent"]
    assert titles.holder(state, "crown_regent") == 0
    assert (
        titles.title_of(state, 0) is not None and titles.title_of(state, 0).name == "master_of_laws"
    )


def test_a_second_title_supports_no_challenge_against_the_supported_player():
    # Seat 0: Crown Regent, and Master of Coin which supports seat 1's Master of Laws.
    players = _players("crown_regent", "master_of_laws", "hand_of_the_king")
    state = build(phase="challenges", players=players, auto_pass=False)
    _with_second(state, 0, "master_of_coin")
    assert titles.supports(state, 0, 1) and not titles.supports(state, 0, 2)
    state = pass_windows(state)  # a challenge is initiated once the others have passed
    assert head(state)["turn"] == 0 and waiting_seats(state) == [0]
    options = {a.choice for a in legal_actions(state, 0) if a.kind.startswith("challenge:")}
    assert options == {"2"}
    with pytest.raises(IllegalAction, match=r"Master of Coin.*supports.*Master of Laws"):
        act(state, 0, "challenge:power", choice="1")


def test_a_second_title_is_supported_too():
    # Seat 2 (Master of Laws) supports Hand of the King, seat 1's second title.
    players = _players("crown_regent", "lord_commander", "master_of_laws", "master_of_coin")
    state = build(phase="challenges", players=players, auto_pass=False)
    _with_second(state, 1, "hand_of_the_king")
    assert titles.supports(state, 2, 1)
    assert titles.supporting_title(state, 2, 1) == "master_of_laws"
    # Seat 2 may not challenge the player it supports (seat 1), and may challenge seat 3.
    assert challenges.challenge_problem(state, 2, "military", 1) is not None
    assert challenges.challenge_problem(state, 2, "military", 3) is None


def test_each_title_adds_its_strength_in_its_own_challenge_type():
    players = _players("crown_regent", None, None)
    for ctype in ("military", "power", "intrigue"):
        state = build(phase="challenges", players=players)
        _with_second(state, 0, "lord_commander")
        assert titles.side_bonus(state, 0, ctype) == 0  # no challenge under way
        state = start(state, ctype, [ref(state, 0, PRIEST)], defender=1)
        assert titles.side_bonus(state, 0, ctype) == (0 if ctype == "intrigue" else 3)


def test_draw_income_and_influence_of_both_titles_add_up():
    state = build(phase="challenges", players=_players("master_of_laws", None, None))
    _with_second(state, 0, "master_of_coin")
    assert titles.draw_bonus(state, 0) == 1 and titles.income_bonus(state, 0) == 2
    _with_second(state, 0, "hand_of_the_king")
    assert titles.hand_influence(state, 0) == 2 and total_influence(state, 0) == 2
    titles.mark_used(state, 0, "hand_of_the_king")
    assert titles.hand_influence(state, 0) == 0


def test_a_second_title_opposes_and_is_opposed():
    # Seat 0 holds Hand of the King and, second, Master of Whispers (opposes Master of Laws).
    players = _players("hand_of_the_king", "master_of_laws", None)
    state = build(phase="challenges", players=players)
    assert not titles.opposes(state, 0, 1)
    _with_second(state, 0, "master_of_whispers")
    assert titles.opposes(state, 0, 1) and titles.opposes(state, 1, 0)  # Laws opposes Whispers
    power = state.players[0].power
    state = start(state, "power", [ref(state, 0, PRIEST)], defender=1)
    state = answer(state, "defenders", [])
    state = pass_windows(state)
    assert [e for e in events(state, "power") if e.get("reason") == "opposes"][-1]["seat"] == 0
    assert state.players[0].power >= power + 1


def test_the_crown_regent_as_a_second_title_redirects_once_a_round():
    players = _players("master_of_laws", None, None)
    state = build(phase="challenges", players=[{"in_play": [PRIEST]}, *players[1:], players[0]])
    _with_second(state, 3, "crown_regent")
    state = act(state, 0, "challenge:military", choice="1")
    if head(state).get("purpose") == "attackers":
        state = answer(state, "attackers", [ref(state, 0, PRIEST)])
    assert (head(state).get("seat"), head(state).get("purpose")) == (3, "crown_regent")
    state = choose(state, "redirect")
    assert events(state, "title_used")[-1]["title"] == "crown_regent"


def test_second_titles_return_to_the_pool_at_the_end_of_the_round():
    # Three players, round 1: the chosen titles stay, the second goes back to the pool.
    players = _players("crown_regent", "lord_commander", "hand_of_the_king")
    state = build(phase="challenges", players=players, auto_pass=False)
    _with_second(state, 0, "master_of_coin")
    assert state.title_pool == ["master_of_whispers", "master_of_laws"]
    return_titles(state, {})
    assert state.players[0].extra_titles == [] and state.players[0].title == "crown_regent"
    assert state.title_pool == ["master_of_whispers", "master_of_laws", "master_of_coin"]
    assert events(state, "second_titles_returned")[-1]["titles"] == ["master_of_coin"]
    # Four players: everything returns.
    state = build(phase="challenges", players=_players("crown_regent", None, None, None))
    _with_second(state, 0, "master_of_coin")
    return_titles(state, {})
    assert state.players[0].extra_titles == [] and state.players[0].title is None
    assert state.title_pool == list(titles.TITLES)


def test_no_second_title_is_offered_without_the_flag():
    # Three players choose; nothing after the last choice (every melee game without the
    # card plays as before).
    players = [{"plot_deck": ["Rains of Autumn"] * 3} for _ in range(3)]
    state = build(phase="plot", players=players)
    for player in state.players:
        state = act(state, player.seat, "plot:choose", [player.plot_deck[0]])
    if head(state).get("name") == "first_player" or head(state).get("purpose") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    for seat, name in enumerate(["crown_regent", "lord_commander", "hand_of_the_king"]):
        state = act(state, seat, "choose", choice=name)
    assert state.phase != "plot" and not any(p.extra_titles for p in state.players)


def test_the_flag_asks_in_turn_order_and_a_seat_may_decline():
    # Seats 1 and 2 reveal I Fight to Win (atoc_100, whose passive sets the flag).
    players = [{"plot_deck": ["Rains of Autumn"] * 3} for _ in range(4)]
    for seat in (1, 2):
        players[seat] = {"plot_deck": ["atoc_100"] * 3}
    state = build(phase="plot", players=players)
    for player in state.players:
        state = act(state, player.seat, "plot:choose", [player.plot_deck[0]])
    if head(state).get("name") == "first_player" or head(state).get("purpose") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    picks = ["crown_regent", "lord_commander", "hand_of_the_king", "master_of_laws"]
    for seat, name in enumerate(picks):
        state = act(state, seat, "choose", choice=name)
    # Asked once everyone has chosen, in turn order: seat 1, then seat 2.
    assert (head(state)["seat"], head(state)["purpose"]) == (1, "second_title")
    assert head(state)["options"] == ["master_of_whispers", "master_of_coin", "decline"]
    state = choose(state, "master_of_coin")
    assert head(state)["options"] == ["master_of_whispers", "decline"]
    state = choose(state, "decline")
    assert [p.extra_titles for p in state.players] == [[], ["master_of_coin"], [], []]
    assert state.title_pool == ["master_of_whispers"]
    assert [e["title"] for e in events(state, "title") if e.get("second")] == ["master_of_coin"]


def test_extra_titles_are_saved_and_left_out_of_the_digest_while_empty():
    state = build(phase="challenges", players=_players("crown_regent", None, None))
    empty = state.digest()
    data = state.to_json()
    assert data["players"][0]["extra_titles"] == []
    _with_second(state, 0, "master_of_coin")
    assert state.digest() != empty
    again = GameState.from_json(json.loads(json.dumps(state.to_json())))
    assert again.players[0].extra_titles == ["master_of_coin"]
    # A state saved before the field existed loads with no second title.
    del data["players"][0]["extra_titles"]
    assert GameState.from_json(data).players[0].extra_titles == []
