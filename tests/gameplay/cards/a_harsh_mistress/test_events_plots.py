"""A Harsh Mistress: Dragon Egg, Much and More, Men of Honor, Men of Duty
(gameplay/engine/cards/a_harsh_mistress/events_plots.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue), Maester Kedry (soo_33, +2
influence), Hired Swords (qod_8, Targaryen character, cost 2), Eastern Fiefdoms (core_127,
a Targaryen location), Robb Stark (a unique character)."""

from __future__ import annotations

from gameplay.engine.abilities import icons, keywords, strength
from gameplay.engine.game import legal_actions
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    act,
    answer,
    finish_challenge,
    hand,
    head,
    joust,
    marshalling,
    marshals,
    pass_until,
    ref,
    start,
    use,
)

EGG, MUCH, HONOR, DUTY = "btns_74", "btns_78", "btns_79", "btns_80"
KEDRY = "soo_33"
SWORDS = "qod_8"
FIEFDOMS = "core_127"
ROBB = "Robb Stark"


# --- btns_74 Dragon Egg --------------------------------------------------------------------


def _ambushes(state, seat, card) -> bool:
    return any(
        a.kind == "use" and a.cards[0] == card and a.choice == "ambush"
        for a in legal_actions(state, seat)
    )


def _egg_on_host():
    state = marshalling(
        {"house": "Targaryen", "in_play": [KEDRY], "hand": [EGG, SWORDS, FIEFDOMS], "gold": 5},
        {"in_play": [HOST]},
    )
    egg, host = hand(state, 0, EGG)[0], ref(state, 1, HOST)
    hosts = [a.cards[1] for a in marshals(state, 0, egg) if len(a.cards) > 1]
    assert host in hosts and ref(state, 0, KEDRY) not in hosts  # an opponent's card only
    return act(state, 0, "marshal:play", [egg, host])


def test_dragon_egg_gives_ambush_to_targaryen_cards_of_the_attached_type_in_challenges():
    state = _egg_on_host()
    swords, fiefdoms = hand(state, 0, SWORDS)[0], hand(state, 0, FIEFDOMS)[0]
    assert not _ambushes(state, 0, swords)  # marshalling phase
    state = pass_until(state, lambda s: s.phase == "challenges" and _ambushes(s, 0, swords))
    assert not _ambushes(state, 0, fiefdoms)  # a location: not the attached card's type
    state = act(state, 0, "use", [swords], "ambush")
    if head(state).get("purpose") == "influence":
        state = answer(state, "influence", [ref(state, 0, KEDRY)])
    assert swords in state.in_play


def test_without_dragon_egg_nothing_gains_ambush():
    state = joust({"house": "Targaryen", "in_play": [KEDRY], "hand": [SWORDS]}, {})
    assert not _ambushes(state, 0, hand(state, 0, SWORDS)[0])


# --- btns_78 Much and More -----------------------------------------------------------------


def test_much_and_more_adds_one_revealed_card_of_each_player_to_its_owners_hand():
    mine = [KNIGHT, STEWARD, HOST, KNIGHT, STEWARD]
    state = joust({"hand": [MUCH], "deck": mine}, {"deck": [STEWARD, HOST]})
    much = hand(state, 0, MUCH)[0]
    state = use(state, 0, much)
    prompt = head(state)
    assert prompt["seat"] == 0 and len(prompt["candidates"]) == 4  # the top 4
    state = answer(state, "to_hand", [state.players[0].deck[2]])
    prompt = head(state)
    assert prompt["seat"] == 0 and len(prompt["candidates"]) == 2  # the opponent's cards
    state = answer(state, "to_hand", [state.players[1].deck[1]])
    assert [state.code(r) for r in state.players[0].hand] == ["core_89"]
    assert [state.code(r) for r in state.players[1].hand] == ["core_89"]
    assert len(state.players[0].deck) == 4 and len(state.players[1].deck) == 1
    assert much in state.players[0].discard


def test_much_and_more_needs_a_card_in_some_deck():
    state = joust({"hand": [MUCH]}, {})
    assert not [a for a in legal_actions(state, 0) if a.cards[:1] == (hand(state, 0, MUCH)[0],)]


# --- btns_79 Men of Honor ------------------------------------------------------------------


def test_men_of_honor_gives_renown_to_unique_characters_during_the_first_challenge():
    state = joust(
        {"revealed_plot": HONOR, "in_play": [ROBB, KNIGHT, HOST]}, {"in_play": ["btns_61"]}
    )
    robb, knight, maege = ref(state, 0, ROBB), ref(state, 0, KNIGHT), ref(state, 1, "btns_61")
    assert "renown" not in keywords(state, robb)  # no challenge yet
    state = start(state, "power", [knight])
    assert "renown" in keywords(state, robb) and "renown" in keywords(state, maege)
    assert "renown" not in keywords(state, knight)  # not unique
    state = finish_challenge(state)
    state = start(state, "military", [ref(state, 0, HOST)])
    assert "renown" not in keywords(state, robb)  # the second challenge


# --- btns_80 Men of Duty -------------------------------------------------------------------


def test_men_of_duty_boosts_your_unique_characters_during_the_first_challenge_of_the_round():
    state = joust(
        {"revealed_plot": DUTY, "in_play": [ROBB, KNIGHT, HOST]}, {"in_play": ["btns_61"]}
    )
    robb, knight, maege = ref(state, 0, ROBB), ref(state, 0, KNIGHT), ref(state, 1, "btns_61")
    assert strength(state, robb) == 2 and "intrigue" not in icons(state, robb)
    state = start(state, "power", [knight])
    assert strength(state, robb) == 3
    assert icons(state, robb) == {"military", "intrigue", "power"}
    assert strength(state, knight) == 2  # not unique
    assert strength(state, maege) == 3 and "intrigue" not in icons(state, maege)  # not yours
    state = finish_challenge(state)
    state = start(state, "military", [ref(state, 0, HOST)])
    assert strength(state, robb) == 2 and "intrigue" not in icons(state, robb)
