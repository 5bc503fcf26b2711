from __future__ import annotations

import pytest

from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, legal_actions
from gameplay.engine.observe import observe
from tests.gameplay.scenario import apply, build, code


def _choose(state, *names):
    for seat, name in enumerate(names):
        ref = next(r for r in state.players[seat].plot_deck if state.code(r) == code(name))
        state = apply(state, Action(seat, "plot:choose", (ref,)))
    return state


def test_plots_are_secret_until_both_are_chosen():
    state = build(phase="plot", players=[{}, {}])
    ref = state.players[0].plot_deck[0]
    state = apply(state, Action(0, "plot:choose", (ref,)))
    assert observe(state, 1)["players"][0]["plot_chosen"] is True
    assert "chosen_plot" not in observe(state, 1)["players"][0]
    assert observe(state, 1)["players"][0]["revealed_plot"] is None
    assert state.players[0].revealed_plot is None
    other = state.players[1].plot_deck[0]
    state = apply(state, Action(1, "plot:choose", (other,)))
    assert observe(state, 1)["players"][0]["revealed_plot"]["id"] == ref
    assert ref not in state.players[0].plot_deck


def test_higher_initiative_wins_and_chooses_first_player():
    state = _choose(
        build(phase="plot", players=[{}, {}]), "Rains of Autumn", "Tourney for the Hand"
    )
    assert state.queue[0] == {"name": "first_player", "seat": 1}
    assert legal_actions(state, 0) == []
    state = apply(state, Action(1, "first_player", choice="0"))
    assert state.first_player == 0
    assert state.phase == "marshalling"
    assert [len(p.hand) for p in state.players] == [0, 0]  # empty decks: no draw, no loss


def test_initiative_bonus_from_cards_in_play():
    state = build(phase="plot", players=[{"in_play": ["Kingsroad Fiefdom"]}, {}])
    state = _choose(state, "Rains of Autumn", "Rains of Autumn")  # 5 + 2 vs 5
    assert state.queue[0]["seat"] == 0


def test_initiative_tie_goes_to_lower_power():
    state = build(phase="plot", players=[{"power": 1}, {"power": 3}])
    state = _choose(state, "Rains of Autumn", "Rains of Autumn")
    assert state.queue[0]["seat"] == 0
    state = build(
        phase="plot", players=[{"in_play": [{"card": "Hodor", "power": 3}]}, {"power": 1}]
    )
    state = _choose(state, "Rains of Autumn", "Rains of Autumn")
    assert state.queue[0]["seat"] == 1


def test_full_tie_is_random_from_the_seed():
    winners = set()
    for seed in range(12):
        state = build(phase="plot", players=[{}, {}], seed=seed)
        again = build(phase="plot", players=[{}, {}], seed=seed)
        state = _choose(state, "Rains of Autumn", "Rains of Autumn")
        again = _choose(again, "Rains of Autumn", "Rains of Autumn")
        assert state.queue[0] == again.queue[0]
        winners.add(state.queue[0]["seat"])
    assert winners == {0, 1}


def test_used_plots_return_after_the_last_plot_is_revealed():
    state = build(
        phase="plot",
        players=[
            {
                "plot_deck": ["Rains of Autumn"],
                "used_plots": ["Tourney for the Hand", "Calm Over Westeros"],
                "revealed_plot": "Rule by Decree",
            },
            {"plot_deck": ["Rains of Autumn", "Tourney for the Hand"]},
        ],
    )
    state = _choose(state, "Rains of Autumn", "Rains of Autumn")
    me = state.players[0]
    assert state.code(me.revealed_plot) == code("Rains of Autumn")
    # Returned "after your revealed plot has taken effect": after initiative and when
    # revealed effects, which follow the first player choice.
    assert me.used_plots and state.queue[0]["name"] == "first_player"
    winner = state.queue[0]["seat"]
    state = apply(state, Action(winner, "first_player", choice="0"))
    me = state.players[0]
    assert sorted(state.code(r) for r in me.plot_deck) == sorted(
        code(n) for n in ("Tourney for the Hand", "Calm Over Westeros", "Rule by Decree")
    )
    assert me.used_plots == []
    assert [state.code(r) for r in state.players[1].plot_deck] == [code("Tourney for the Hand")]


def test_choosing_a_plot_not_in_the_plot_deck_is_illegal():
    state = build(phase="plot", players=[{"revealed_plot": "Rule by Decree"}, {}])
    with pytest.raises(IllegalAction, match="not in your plot deck"):
        apply(state, Action(0, "plot:choose", (state.players[0].revealed_plot,)))


def test_the_board_names_the_plot_you_chose_to_you_alone():
    """Between a player's choice and the reveal, their own area says which plot they chose
    (it read "You chose ?": the board did not look the card up); the others see only that a
    plot is chosen, face down."""
    from gameplay.board import board
    from gameplay.engine.rules import facts
    from gameplay.templatetags.matchtags import player_html

    state = build(phase="plot", players=[{}, {}])
    ref = state.players[0].plot_deck[0]
    state = apply(state, Action(0, "plot:choose", (ref,)))
    mine = next(p for p in board(state, 0, ["Ann", "Bob"])["players"] if p["is_me"])
    html = player_html(mine, [], True, "joust")
    chose = html.split("You chose", 1)[1][:400]
    assert facts(state, ref).name in chose and ">?<" not in chose
    other = next(p for p in board(state, 1, ["Ann", "Bob"])["players"] if not p["is_me"])
    theirs = player_html(other, [], True, "joust")
    assert "You chose" not in theirs and "chosen, face down" in theirs
