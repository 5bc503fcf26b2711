"""A Song of Summer: the cards on a House card (gameplay/engine/house_card.py) and the
Ravens: "ator_2" Black Raven, "ator_3" Summer Tax, "ator_5" Dragon Sight."""

from __future__ import annotations

from gameplay.engine import house_card
from gameplay.engine.abilities import immune_to, season
from gameplay.engine.actions import Action
from gameplay.engine.checks import win_power
from gameplay.engine.observe import observe
from gameplay.engine.rules import income
from gameplay.engine.state import GameState
from tests.gameplay.cardtest import (
    act,
    answer,
    calm_marshalling,
    events,
    head,
    joust,
    marshals,
    on_house,
    pass_windows,
    ref,
    set_season,
)

BLACK_RAVEN = "ator_2"
SUMMER_TAX = "ator_3"
DRAGON_SIGHT = "ator_5"
WHITE_RAVEN = "ator_24"
CARRION_BIRD = "ator_16"  # a Raven character
CALM = "Calm Over Westeros"  # no when revealed effect, no season
KNIGHT = "Knight of the Tumblestone"  # Stark, 2 STR, military and power, no text
PLUMM = "Brown Ben Plumm"  # Targaryen, 2 STR, military, no text
STEWARD = "Lannisport Steward"  # Lannister, 2 STR, intrigue


def test_black_raven_goes_on_your_house_card_discards_white_raven_and_makes_summer():
    state = calm_marshalling(
        {"hand": [BLACK_RAVEN], "gold": 3, "in_play": [CARRION_BIRD]}, {"in_play": [STEWARD]}
    )
    white = on_house(state, 1, WHITE_RAVEN)
    assert season(state) == "winter"
    before = income(state, 1)
    raven = state.players[0].hand[0]
    assert marshals(state, 0, raven) == [Action(0, "marshal:play", (raven,), "house")]
    state = pass_windows(act(state, 0, "marshal:play", [raven], "house"))
    assert white in state.players[1].discard
    assert season(state) == "summer"
    assert income(state, 1) == before + 2  # -1 gone, +1 now
    mine = next(c for c in observe(state, 0)["players"][0]["in_play"] if c["id"] == raven)
    assert mine["attached_to"] == "house" and mine["house_of"] == 0
    # Immune to non-Raven cards: a Raven card may still choose it.
    steward, bird = ref(state, 1, STEWARD), ref(state, 0, CARRION_BIRD)
    assert immune_to(state, raven, "character", 1, steward)
    assert not immune_to(state, raven, "character", 1, bird)
    assert immune_to(state, raven, "event", 1)  # an effect without its card: immune


def test_summer_tax_goes_on_a_players_house_card_draws_and_moves_their_victory_total():
    state = calm_marshalling({"hand": [SUMMER_TAX], "deck": [KNIGHT], "gold": 2})  # 2: penalty
    tax = state.players[0].hand[0]
    assert {a.choice for a in marshals(state, 0, tax)} == {"house", "house_1"}
    state = act(state, 0, "marshal:play", [tax], "house_1")
    assert [state.code(r) for r in state.players[0].hand] == ["core_18"]  # drew a card
    assert house_card.house_of(state, tax) == 1
    assert events(state, "marshalled")[-1]["target"] == "other_house"
    assert win_power(state, 1, 15) == 15 and win_power(state, 0, 15) == 15
    set_season(state, "Summer")
    assert win_power(state, 1, 15) == 16 and win_power(state, 0, 15) == 15
    state.effects[-1]["add"] = ["Winter"]
    assert win_power(state, 1, 15) == 14
    their = observe(state, 1)["players"][0]["in_play"]
    assert any(c["id"] == tax and c["house_of"] == 1 for c in their)


def test_dragon_sight_makes_the_defender_declare_first_in_summer():
    state = joust(
        {"house": "Targaryen", "revealed_plot": CALM, "in_play": [PLUMM, KNIGHT]},
        {"revealed_plot": CALM, "in_play": [KNIGHT]},
    )
    on_house(state, 0, DRAGON_SIGHT)
    summer = set_season(state.copy(), "Summer")
    state = pass_windows(act(pass_windows(summer), 0, "challenge:military", choice="1"))
    assert head(state)["purpose"] == "defenders" and head(state)["seat"] == 1
    knight, plumm = ref(state, 1, KNIGHT), ref(state, 0, PLUMM)
    state = pass_windows(answer(state, "defenders", [knight]))
    assert head(state)["purpose"] == "attackers"
    state = answer(state, "attackers", [plumm])
    state = pass_windows(state)
    assert head(state).get("purpose") != "defenders"  # no second chance to defend
    resolved = events(state, "challenge_resolved")[-1]
    assert resolved["strength"] == [2, 2] and resolved["winner"] == 0
    # Not Summer: attackers first, as usual.
    plain = act(pass_windows(joust_again()), 0, "challenge:military", choice="1")
    assert head(plain)["purpose"] == "attackers"


def joust_again() -> GameState:
    fresh = joust(
        {"house": "Targaryen", "revealed_plot": CALM, "in_play": [PLUMM, KNIGHT]},
        {"revealed_plot": CALM, "in_play": [KNIGHT]},
    )
    on_house(fresh, 0, DRAGON_SIGHT)
    return fresh


def test_table_moves_put_a_card_on_a_house_card_and_take_it_off():
    state = calm_marshalling({"hand": [SUMMER_TAX], "in_play": [KNIGHT]})
    tax = state.players[0].hand[0]
    state = act(state, 0, "table:move", [tax], "house_1")
    assert house_card.house_of(state, tax) == 1 and tax in state.players[0].in_play
    view = next(c for c in observe(state, 1)["players"][0]["in_play"] if c["id"] == tax)
    assert view["house_of"] == 1
    state = act(state, 0, "table:move", [tax, ref(state, 0, KNIGHT)], "attach")
    assert house_card.house_of(state, tax) is None
    state = act(state, 0, "table:move", [tax], "house")
    state = act(state, 0, "table:move", [tax], "hand")
    assert tax in state.players[0].hand and house_card.house_of(state, tax) is None
    assert not house_card.attachments_on(state, 0)
