"""The last card of The Captain's Command still played by hand: Aurane Waters (asots_100,
gameplay/engine/cards/the_captains_command/aurane.py)."""

from __future__ import annotations

from gameplay.board import board
from gameplay.engine import moves
from gameplay.engine.actions import Action
from gameplay.engine.cards.vocabulary import naval_icons
from gameplay.engine.game import apply as engine_apply
from gameplay.engine.steps import run
from gameplay.engine.title_steps import return_titles
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    act,
    build,
    head,
    in_play,
    joust,
    use,
    uses,
    waiting_seats,
)

AURANE = "asots_100"
EDDARD = "Eddard Stark"  # unique, military, power (Stark)


def _melee(count=3, aurane_seat=0):
    players = [{"in_play": [KNIGHT]} for _ in range(count)]
    players[aurane_seat] = {"in_play": [AURANE, KNIGHT]}
    return build(phase="challenges", players=players)


def _removed(state, how="kill"):
    """Aurane Waters leaves play the way ``how`` says; the windows on the way are passed."""
    aurane = in_play(state, 0, AURANE)[0]
    getattr(moves, how)(state, [aurane])
    run(state)
    while head(state).get("name") == "window" and head(state).get("kind") == "response":
        state = act(state, waiting_seats(state)[0], "pass")
    return state, aurane


def test_killed_with_more_than_one_opponent_he_is_added_to_the_title_pool():
    state, aurane = _removed(_melee())
    assert aurane in state.title_pool
    assert aurane not in state.players[0].dead and aurane not in state.in_play
    assert any(e["event"] == "kill_replaced" for e in state.log)
    assert not any(e["event"] == "killed" for e in state.log)


def test_discarded_from_play_he_is_added_to_the_title_pool():
    state, aurane = _removed(_melee(), "discard_from_play")
    assert aurane in state.title_pool and aurane not in state.players[0].discard


def test_with_one_opponent_he_is_killed():
    state = joust({"in_play": [AURANE]}, {"in_play": [HOST]})
    state, aurane = _removed(state)
    assert aurane in state.players[0].dead and aurane not in state.title_pool


def test_limit_one_per_title_pool():
    state = _melee()
    other = state.new_card(AURANE, 1)
    state.title_pool.append(other)
    state, aurane = _removed(state)
    assert aurane in state.players[0].dead and aurane not in state.title_pool


def _plot_round(aurane_in_pool=True):
    """The plot phase of a 3-player melee with Aurane Waters in the title pool: titles are
    chosen (seat 0 first). Seat 0 has a unique character (Eddard Stark) and a Knight."""
    players = [
        {"plot_deck": ["Rains of Autumn"] * 3, "deck": [KNIGHT] * 5, "in_play": [EDDARD, KNIGHT]}
    ] + [{"plot_deck": ["Rains of Autumn"] * 3, "deck": [KNIGHT] * 5} for _ in range(2)]
    state = build(phase="plot", players=players)
    aurane = state.new_card(AURANE, 1)
    if aurane_in_pool:
        state.title_pool.append(aurane)
    for player in state.players:
        state = act(state, player.seat, "plot:choose", [player.plot_deck[0]])
    if head(state).get("name") == "first_player":
        state = act(state, head(state)["seat"], "first_player", choice="0")
    return state, aurane


def test_chosen_as_a_title_he_gives_unique_characters_a_naval_icon():
    state, aurane = _plot_round()
    assert head(state).get("purpose") == "title" and aurane in head(state)["options"]
    state = act(state, 0, "choose", choice=aurane)
    assert state.players[0].title == aurane and aurane not in state.title_pool
    while head(state).get("purpose") == "title":
        state = act(state, head(state)["seat"], "choose", choice=head(state)["options"][0])
    eddard, knight = in_play(state, 0, EDDARD)[0], in_play(state, 0, KNIGHT)[0]
    assert not uses(state, 1, aurane) and not uses(state, 2, aurane)  # not their title
    while not uses(state, 0, aurane):
        state = act(state, waiting_seats(state)[0], "pass")
    state = use(state, 0, aurane)
    assert head(state).get("purpose") == "challenge_icon"
    assert "power" not in naval_icons(state, eddard)
    state = engine_apply(state, Action(0, "choose", (), "power"))  # no automatic passes
    assert state.phase == "plot"
    assert "power" in naval_icons(state, eddard)
    assert "power" not in naval_icons(state, knight)  # not unique
    assert not uses(state, 0, aurane)  # once per round
    state = act(state, waiting_seats(state)[0], "pass")
    assert state.phase != "plot" and "power" not in naval_icons(state, eddard)


def test_the_title_goes_back_to_the_pool_with_the_others():
    state, aurane = _plot_round()
    state = act(state, 0, "choose", choice=aurane)
    while state.round == 1:
        if head(state).get("purpose") == "title":
            state = act(state, head(state)["seat"], "choose", choice=head(state)["options"][0])
        else:
            state = act(state, waiting_seats(state)[0], "pass")
    # Three players: the pool is not empty, the kept titles stay; he is still a title.
    assert state.players[0].title == aurane
    # Once the pool is empty, every title goes back, he too.
    state.title_pool = []
    return_titles(state, {})
    assert aurane in state.title_pool and len(state.title_pool) == 7


def test_not_offered_without_the_title():
    state, aurane = _plot_round(aurane_in_pool=False)
    assert aurane not in head(state)["options"]


def test_the_board_names_him_as_a_title():
    state, aurane = _plot_round()
    names = ["Ann", "Bob", "Cat"]
    assert "Aurane Waters" in [t["name"] for t in board(state, 0, names)["titles"]]
    state = act(state, 0, "choose", choice=aurane)
    mine = next(p for p in board(state, 0, names)["players"] if p["seat"] == 0)
    assert mine["title_info"]["name"] == "Aurane Waters"
