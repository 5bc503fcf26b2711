"""Draw (and the draw cap), dominance, standing, taxation, and power and victory."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import HANDLERS
from gameplay.engine.actions import Action
from gameplay.engine.game import IllegalAction, legal_actions, outcome
from gameplay.engine.moves import effect_draw, gain_power
from gameplay.engine.prompts import ask_select
from gameplay.engine.steps import waiting_seats
from tests.gameplay.test_challenges import (
    DECK,
    act,
    challenge,
    events,
    joust,
    pass_windows,
    ref,
    resolved,
)

# --- draw phase and the draw cap ----------------------------------------------------


def test_the_draw_phase_draws_two_cards_and_an_empty_deck_draws_what_it_has():
    state = joust({"deck": DECK, "hand": ["Lady"]}, {"deck": DECK[:1]}, phase="draw")
    assert [len(p.hand) for p in state.players] == [3, 1]
    assert [len(p.deck) for p in state.players] == [4, 0]
    assert state.phase == "marshalling" and state.result is None
    assert [p.effect_draws for p in state.players] == [0, 0]  # not effect draws


# Only the Core scripts: the draws below are made outside any step, and a later product's
# card answering "after an opponent draws a card" (The Iron Throne) would queue its window.
@pytest.mark.usefixtures("core_scripts_only")
def test_effects_draw_at_most_three_cards_a_round():
    state = joust({"deck": DECK, "in_play": ["Wolf Pack"]}, {"deck": DECK})
    assert effect_draw(state, 0, 2) == 2
    assert effect_draw(state, 0, 2) == 1
    assert effect_draw(state, 0, 1) == 0
    assert len(state.players[0].hand) == 3 and len(state.players[0].deck) == 3
    assert effect_draw(state, 1, 5) == 3  # per player
    # The cap is per round: it is reset when the next round starts.
    state = act(state, 0, "pass")
    assert state.round == 2 and [p.effect_draws for p in state.players] == [0, 0]
    assert effect_draw(state, 0, 3) == 3


def test_the_draw_cap_limits_an_events_draw():
    state = joust(
        {
            "house": "Lannister",
            "in_play": ["Raff the Sweetling"],
            "hand": ["Insidious Ways"],
            "deck": DECK,
        },
        {"in_play": []},
    )
    state.players[0].effect_draws = 2
    raff = ref(state, 0, "Raff the Sweetling")
    ways = state.players[0].hand[0]
    state = act(state, 0, "challenge:military", choice="1")
    state = act(state, 0, "use", [ways, raff])
    state = pass_windows(state)
    assert resolved(state)["winner"] == 0
    # "Draw 2 cards", but only 1 is left under the cap.
    assert [(e["seat"], e["count"]) for e in events(state, "draw")] == [(0, 1)]
    assert len(state.players[0].hand) == 1


# --- dominance ------------------------------------------------------------------------


def _dominance(me, them, **options):
    return joust({"deck": DECK, **me}, {"deck": DECK, **them}, phase="dominance", **options)


def test_dominance_counts_standing_strength_plus_gold():
    state = _dominance(
        {"in_play": ["Wolf Pack", {"card": "War Host of the North", "knelt": True}], "gold": 1},
        {"in_play": ["Knight of the Tumblestone"], "gold": 1},
    )
    (dominance,) = events(state, "dominance")
    assert dominance["totals"] == [4, 3]  # the kneeling War Host (STR 11) does not count
    assert dominance["seat"] == 0 and [p.power for p in state.players] == [1, 0]


def test_gold_can_win_dominance():
    state = _dominance({"in_play": ["Wolf Pack"]}, {"in_play": [], "gold": 4})
    assert events(state, "dominance")[0]["totals"] == [3, 4]
    assert [p.power for p in state.players] == [0, 1]


def test_a_tie_for_dominance_gives_nothing():
    state = _dominance(
        {"in_play": ["Wolf Pack"]}, {"in_play": ["Knight of the Tumblestone"], "gold": 1}
    )
    (dominance,) = events(state, "dominance")
    assert dominance["totals"] == [3, 3] and dominance["seat"] is None
    assert [p.power for p in state.players] == [0, 0]


def test_dominance_is_awarded_before_any_action_of_the_phase():
    state = _dominance({"in_play": ["Wolf Pack"]}, {})
    kinds = [e["event"] for e in state.log]
    phase = kinds.index("phase")
    assert kinds[phase + 1 : phase + 3] == ["dominance", "power"]


# --- standing and taxation ------------------------------------------------------------


def test_standing_stands_every_kneeling_card_of_every_player():
    state = _dominance(
        {"in_play": [{"card": "Wolf Pack", "knelt": True}, {"card": "Great Keep", "knelt": True}]},
        {"in_play": [{"card": "Knight of the Tumblestone", "knelt": True}]},
    )
    assert [e["phase"] for e in events(state, "phase")][:3] == ["dominance", "standing", "taxation"]
    assert len(state.in_play) == 3 and not any(r.knelt for r in state.in_play.values())


def test_standing_also_stands_attachments():
    state = joust(
        {
            "in_play": [
                {"card": "Arya Stark", "knelt": True, "attachments": ["Summer"]},
                "Wolf Pack",  # keeps seat 0's challenge turn open
            ]
        },
        {"in_play": []},
        round_limit=5,
    )
    summer = ref(state, 0, "Summer")
    state.in_play[summer].knelt = True
    state = act(state, 0, "pass")  # nothing else happens this round: standing follows
    assert state.round == 2 and not state.in_play[summer].knelt


def test_taxation_returns_unspent_gold():
    state = _dominance({"gold": 3}, {"gold": 0})
    assert [p.gold for p in state.players] == [0, 0]
    assert [(e["seat"], e["gold"]) for e in events(state, "taxed")] == [(0, 3)]


# --- power and victory ----------------------------------------------------------------


def test_fifteen_power_wins_at_once_even_in_the_middle_of_a_challenge():
    state = joust(
        {"in_play": ["Warrior of Note"], "power": 14},  # Renown and Deadly
        {"in_play": ["Knight of the Tumblestone", "Wolf Pack"]},
    )
    warrior, knight = ref(state, 0, "Warrior of Note"), ref(state, 1, "Knight of the Tumblestone")
    state = challenge(state, "power", [warrior], [knight])
    assert resolved(state)["winner"] == 0 and not resolved(state)["unopposed"]
    assert outcome(state)["winner"] == 0 and outcome(state)["reason"] == "power"
    assert state.total_power(0) == 15
    # Renown ended the game: Deadly (after Renown) never killed the Knight.
    assert knight in state.players[1].in_play and state.phase == "challenges"
    assert state.queue == [] and legal_actions(state, 0) == legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="The game is over"):
        act(state, 1, "pass")


def test_power_on_characters_counts_towards_victory():
    state = _dominance(
        {"in_play": [{"card": "Wolf Pack", "power": 4}], "power": 10}, {"in_play": []}
    )
    assert outcome(state)["winner"] == 0  # 10 + 4 + 1 for dominance
    assert state.phase == "dominance"


def test_fourteen_power_is_not_enough():
    state = _dominance({"in_play": [{"card": "Wolf Pack", "power": 3}], "power": 10}, {})
    assert outcome(state) is None and state.total_power(0) == 14


@pytest.mark.parametrize("first", [0, 1])
def test_a_simultaneous_win_is_chosen_by_the_first_player(first):
    state = _dominance({"power": 15}, {"power": 16}, first_player=first)
    assert outcome(state) is None
    assert waiting_seats(state) == [first]
    other = 1 - first
    assert legal_actions(state, other) == []
    options = legal_actions(state, first)
    assert options == [Action(first, "choose", choice="0"), Action(first, "choose", choice="1")]
    with pytest.raises(IllegalAction, match="not one of the options"):
        act(state, first, "choose", choice="2")
    state = act(state, first, "choose", choice=str(other))  # not necessarily themselves
    assert outcome(state)["winner"] == other and outcome(state)["reason"] == "power"


def test_the_round_limit_ends_the_game_as_a_draw():
    state = _dominance({}, {}, round=3, round_limit=3)
    assert outcome(state)["winner"] is None and outcome(state)["reason"] == "round_limit"
    state = _dominance({}, {}, round=2, round_limit=3)
    assert outcome(state) is None and state.round == 3 and state.phase == "plot"


def test_power_claimed_by_a_prompt_answer_wins_at_once(monkeypatch):
    def claim_one(state, ctx, selected):
        gain_power(state, ctx["seat"], 1, "test")

    monkeypatch.setitem(HANDLERS, "test_claim_one", claim_one)
    state = joust({"in_play": ["Wolf Pack"], "power": 14}, {"in_play": ["Wolf Pack"]})
    wolves = ref(state, 0, "Wolf Pack")
    ask_select(state, 0, "test", [wolves], "test_claim_one", ctx={"seat": 0})
    state = act(state, 0, "done")  # the handler claims the 15th power
    assert state.total_power(0) == 15
    assert outcome(state) is not None and outcome(state)["winner"] == 0
