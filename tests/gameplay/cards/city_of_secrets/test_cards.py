"""City of Secrets locations, attachments, events and plot
(gameplay/engine/cards/city_of_secrets/cards.py), played through legal actions: Hidden
Chambers, Bound by Duty, Tunnels of the Red Keep, Kingswood Trail, Kraken Tattoo, Dragon
Skull, The Shadow of the South, Shadow Politics and City of Lies."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import keywords, strength, traits
from gameplay.engine.challenges import challenge_problem
from gameplay.engine.game import legal_actions
from gameplay.engine.uses import shadow_out_cost, usable
from tests.gameplay.cards.city_of_secrets.helpers import play_until
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    IllegalAction,
    act,
    answer,
    choose,
    events,
    head,
    joust,
    pass_until,
    pass_windows,
    plots_revealed,
    ref,
    set_season,
    shadow,
    start,
    until_phase,
    until_seat,
    use,
    uses,
)

CHAMBERS = "kl_3"
BOUND = "kl_4"
TUNNELS = "kl_6"
TRAIL = "kl_8"
RATS = "kl_9"
TATTOO = "kl_10"
SKULL = "kl_13"
SOUTH = "kl_16"
POLITICS = "kl_18"
LIES = "kl_19"
ARYA = "kl_1"
BELWAS = "Strong Belwas"  # Targaryen, 3 STR
DISTRACTION = "Distraction"  # Marshalling: choose and kneel a character with a Military icon


def shadow_moves(state, seat, card=None):
    return [
        a
        for a in legal_actions(state, seat)
        if a.choice == "shadow" and (card is None or a.cards[0] == card)
    ]


# --- kl_3 Hidden Chambers ----------------------------------------------------------------


def _chambers(season: str | None):
    state = joust(
        {"house": "Stark", "in_play": [CHAMBERS], "gold": 1},
        {"house": "Lannister", "gold": 1},
        phase="marshalling",
    )
    if season:
        set_season(state, season)
    return state


def test_hidden_chambers_lowers_the_cost_to_bring_your_cards_out_of_shadows_in_winter():
    state = _chambers("Winter")
    arya = shadow(state, 0, ARYA)  # cost 1
    theirs = shadow(state, 1, ARYA)
    state.players[0].gold = 0
    state = act(state, 0, "use", [arya], "shadow")  # free in Winter
    assert arya in state.in_play
    assert shadow_out_cost(state, 1, theirs) == 1  # only your cards


def test_hidden_chambers_lowers_nothing_outside_winter():
    state = _chambers(None)
    arya = shadow(state, 0, ARYA)
    state.players[0].gold = 0
    assert shadow_moves(state, 0, arya) == []
    with pytest.raises(IllegalAction):
        act(state, 0, "use", [arya], "shadow")


def test_hidden_chambers_returns_to_hand_in_summer():
    state = _chambers(None)
    chambers = ref(state, 0, CHAMBERS)
    set_season(state, "Summer")
    state = act(state, 0, "pass")
    assert chambers not in state.in_play and chambers in state.players[0].hand


# --- kl_4 Bound by Duty ------------------------------------------------------------------


def _bound(defender_cards):
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {"house": "Stark", "in_play": defender_cards, "hand": [BOUND]},
    )
    return state, state.players[1].hand[0]


def test_bound_by_duty_lets_a_kneeling_stark_character_defend():
    state, bound = _bound([{"card": KNIGHT, "knelt": True}])
    knight = ref(state, 1, KNIGHT)
    state = until_seat(state, 1)  # seat 0 passes first in its turn window
    state = use(state, 1, bound, knight)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert head(state)["purpose"] == "defenders" and head(state)["candidates"] == [knight]
    state = answer(state, "defenders", [knight])
    assert events(state, "challenge_resolved")[-1]["strength"] == [6, 2]


def test_bound_by_duty_chooses_only_a_kneeling_house_stark_character_in_challenges():
    state, bound = _bound([KNIGHT, {"card": STEWARD, "knelt": True}])
    state = until_seat(state, 1)
    assert uses(state, 1, bound) == []  # a standing Stark, a kneeling Lannister
    state = joust(
        {"house": "Lannister", "in_play": [HOST]},
        {"house": "Stark", "in_play": [{"card": KNIGHT, "knelt": True}], "hand": [BOUND]},
        phase="marshalling",
    )
    assert uses(state, 1, state.players[1].hand[0]) == []  # Challenges only


def test_without_bound_by_duty_a_kneeling_character_cannot_defend():
    state, _bound_card = _bound([{"card": KNIGHT, "knelt": True}])
    state = start(state, "military", [ref(state, 0, HOST)])
    state = pass_windows(state)
    assert head(state).get("purpose") != "defenders"


# --- kl_6 Tunnels of the Red Keep --------------------------------------------------------


def test_tunnels_of_the_red_keep_give_your_characters_str_per_card_in_your_shadows():
    state = joust(
        {"house": "Lannister", "in_play": [TUNNELS, STEWARD]},
        {"house": "Stark", "in_play": [KNIGHT]},
    )
    steward, knight = ref(state, 0, STEWARD), ref(state, 1, KNIGHT)
    assert strength(state, steward) == 2
    shadow(state, 0, ARYA)
    shadow(state, 0, RATS)
    shadow(state, 1, ARYA)  # an opponent's Shadows do not count
    assert strength(state, steward) == 4 and strength(state, knight) == 2


# --- kl_8 Kingswood Trail ----------------------------------------------------------------


def _trail(ctype: str, defender_cards):
    state = joust(
        {"house": "Baratheon", "in_play": [TRAIL, HOST]},
        {"house": "Stark", "in_play": defender_cards},
    )
    trail = ref(state, 0, TRAIL)
    state = start(state, ctype, [ref(state, 0, HOST)])
    return state, trail


def test_kingswood_trail_goes_into_shadows_to_kneel_a_defending_power_icon_character():
    state, trail = _trail("power", [KNIGHT, "Grey Wind"])
    knight = ref(state, 1, KNIGHT)
    assert head(state).get("trigger") == "attackers_declared"
    assert [a.cards[1] for a in uses(state, 0, trail)] == [knight]  # Grey Wind: no Power icon
    state = use(state, 0, trail, knight)
    assert trail in state.players[0].shadows and trail not in state.in_play
    assert state.in_play[knight].knelt
    state.players[0].gold = 5
    assert shadow_moves(state, 0, trail) == []  # not again this round


def test_kingswood_trail_answers_only_a_power_challenge():
    state, trail = _trail("military", [KNIGHT])
    assert uses(state, 0, trail) == []


# --- kl_10 Kraken Tattoo -----------------------------------------------------------------


def test_kraken_tattoo_gives_ironborn_and_str_intimidate_after_a_deck_discard():
    state = joust(
        {
            "house": "Greyjoy",
            "in_play": [RATS, STEWARD, {"card": HOST, "attachments": [TATTOO]}],
            "deck": [KNIGHT, STEWARD],
        },
        {"house": "Stark"},
    )
    host, tattoo = ref(state, 0, HOST), ref(state, 0, TATTOO)
    assert "Ironborn" in traits(state, host) and "Ironborn" not in traits(
        state, ref(state, 0, RATS)
    )
    state = start(state, "military", [host])
    state = play_until(state, lambda s: head(s).get("trigger") == "card_discarded_from_deck")
    state = use(state, 0, tattoo)  # the Steward may still attack: the phase goes on
    assert strength(state, host) == 7 and "intimidate" in keywords(state, host)
    state = pass_until(state, lambda s: s.phase != "challenges")  # until the end of the phase
    assert strength(state, host) == 6 and "intimidate" not in keywords(state, host)


def test_kraken_tattoo_answers_no_discard_from_a_hand():
    state = joust(
        {"house": "Greyjoy", "in_play": [STEWARD, {"card": HOST, "attachments": [TATTOO]}]},
        {"house": "Stark", "hand": [KNIGHT]},
    )
    tattoo = ref(state, 0, TATTOO)
    state = start(state, "intrigue", [ref(state, 0, STEWARD)])
    state = play_until(state, lambda s: bool(events(s, "discarded")))
    assert head(state).get("trigger") != "card_discarded_from_deck"
    assert uses(state, 0, tattoo) == []


# --- kl_13 Dragon Skull ------------------------------------------------------------------


def _skull(their_cards):
    state = joust(
        {"house": "Targaryen", "in_play": [BELWAS], "gold": 1},
        {"house": "Stark", "in_play": their_cards},
        phase="marshalling",
    )
    skull = shadow(state, 0, SKULL)
    host = ref(state, 0, BELWAS)
    state = act(state, 0, "use", [skull, host], "shadow")
    assert strength(state, host) == 1  # -2 STR
    return use(state, 0, skull), skull, host


def test_dragon_skull_moves_to_an_opponents_character_which_dies_at_0_str():
    state, _skull_ref, host = _skull([KNIGHT, "Grey Wind"])
    knight, wind = ref(state, 1, KNIGHT), ref(state, 1, "Grey Wind")
    assert head(state)["purpose"] == "dragon_skull"
    assert sorted(head(state)["candidates"]) == sorted([knight])  # Grey Wind: No attachments
    state = answer(state, "dragon_skull", [knight])
    assert knight not in state.in_play and knight in state.players[1].dead  # 2 - 2 = 0
    assert strength(state, host) == 3 and wind in state.in_play


def test_dragon_skull_is_discarded_when_no_opponents_character_is_chosen():
    state, skull, host = _skull([KNIGHT])
    state = answer(state, "dragon_skull", [])
    assert skull in state.players[0].discard and strength(state, host) == 3


# --- kl_16 The Shadow of the South -------------------------------------------------------


def _south(season: str | None):
    state = joust(
        {"house": "Martell", "hand": [SOUTH], "gold": 2},
        {"house": "Stark", "in_play": [KNIGHT], "hand": [DISTRACTION]},
        phase="marshalling",
    )
    if season:
        set_season(state, season)
    south = state.players[0].hand[0]
    assert [a.kind for a in legal_actions(state, 0) if a.cards[:1] == (south,)] == [
        "marshal:shadow"
    ]  # a Shadow event goes into Shadows like any Shadow card
    state = act(state, 0, "marshal:shadow", [south])
    state = act(state, 1, "pass")  # seat 1 (holding an event) may answer the action
    south = state.players[0].shadows[0]
    state.round += 1  # a later round
    state.used = []
    return state, south


def test_the_shadow_of_the_south_stops_the_opponent_playing_events_this_phase():
    state, south = _south(None)
    distraction = state.players[1].hand[0]
    assert [a for a in usable(state, 1) if a.cards[0] == distraction]  # playable now
    state = act(state, 0, "use", [south], "shadow")  # cost 0, face up to the discard pile
    assert south in state.players[0].discard and not events(state, "played")
    state = use(state, 0, south)
    assert not [a for a in usable(state, 1) if a.cards[0] == distraction]
    assert [a for a in usable(state, 0) if a.cards[0] == south] == []  # used
    assert south in state.players[0].discard  # not Summer: it stays there
    state = until_phase(state, "challenges")
    assert not [e for e in state.effects if e["query"] == "can_play"]


def test_the_shadow_of_the_south_returns_to_hand_in_summer():
    state, south = _south("Summer")
    state = act(state, 0, "use", [south], "shadow")
    state = use(state, 0, south)
    assert south in state.players[0].hand


# --- kl_18 Shadow Politics ---------------------------------------------------------------


def test_shadow_politics_gives_a_chosen_player_an_additional_intrigue_challenge():
    state = joust(
        {"house": "Stark", "in_play": [STEWARD, {"card": STEWARD}], "gold": 1},
        {"house": "Lannister", "in_play": [KNIGHT]},
    )
    politics = shadow(state, 0, POLITICS)
    state = act(state, 0, "use", [politics], "shadow")
    assert politics in state.players[0].discard
    state = use(state, 0, politics)
    assert head(state)["options"] == ["0", "1"]  # any player
    state = choose(state, "0")
    first, second = state.players[0].in_play
    state = start(state, "intrigue", [first])
    state = play_until(state, lambda s: head(s).get("turn") == 0 and s.challenge is None)
    state = start(state, "intrigue", [second])
    assert state.players[0].challenges_done == ["intrigue", "intrigue"]


def test_without_shadow_politics_a_second_intrigue_challenge_is_illegal():
    state = joust(
        {"house": "Stark", "in_play": [STEWARD, {"card": STEWARD}]},
        {"house": "Lannister", "in_play": [KNIGHT]},
    )
    first, second = state.players[0].in_play
    state = start(state, "intrigue", [first])
    state = play_until(state, lambda s: bool(events(s, "challenge_resolved")))
    assert challenge_problem(state, 0, "intrigue", 1) is not None
    assert head(state)["turn"] == 1  # seat 0's turn ended: it had no other challenge
    assert state.players[0].challenges_done == ["intrigue"] and not state.in_play[second].knelt


# --- kl_19 City of Lies ------------------------------------------------------------------


def test_city_of_lies_puts_up_to_2_shadow_cards_from_hand_into_shadows_for_free():
    state = plots_revealed(
        LIES, "Summoning Season", me={"hand": [ARYA, RATS, SKULL, KNIGHT], "gold": 0}
    )
    assert head(state)["purpose"] == "city_of_lies" and head(state)["max"] == 2
    arya, rats, skull, knight = state.players[0].hand
    assert knight not in head(state)["candidates"]
    state = answer(state, "city_of_lies", [arya, skull])
    assert len(state.players[0].shadows) == 2 and state.players[0].hand == [rats, knight]
    assert not events(state, "gold_paid")


def test_city_of_lies_asks_even_without_a_shadow_card():
    state = plots_revealed(LIES, "Summoning Season", me={"hand": [KNIGHT]})
    assert head(state)["purpose"] == "city_of_lies" and head(state)["candidates"] == []
    state = act(state, 0, "done")
    assert state.players[0].shadows == []
