"""The Pirates of Lys characters (gameplay/engine/cards/the_pirates_of_lys/characters.py).

Fillers: Host of Storm's End (6 STR, military and power), Knight of the Tumblestone (2 STR,
military and power), Lannisport Steward (2 STR, intrigue)."""

from __future__ import annotations

from gameplay.engine.abilities import add_lasting, keywords, strength, traits
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    apply,
    code,
    hand,
    joust,
    marshalling,
    marshals,
    ref,
    start,
    to_window,
    use,
    uses,
    watch,
)

LANCEL, ANDRIK, SALLADHOR, MOREO, LOYALIST = (
    "asots_41",
    "asots_44",
    "asots_47",
    "asots_50",
    "asots_55",
)
RUNNER = "asots_27"  # River Runner: Smuggler, cost 2
ARBOR_QUEEN = "asots_22"  # a Warship location
MINES = "Golden Tooth Mines"  # location, cost 2
CASTLE = "Winterfell Castle"  # location, cost 3
GREAT_KEEP = "Great Keep"  # Limited location, cost 0
TEN_TOWERS = "acoa_21"  # location, cost 5
RHAEGAL = "core_109"  # a Dragon


def _knelt(card):
    return {"card": card, "knelt": True}


# --- asots_41 Ser Lancel Lannister -------------------------------------------------------


def test_lancel_gets_one_str_for_each_holy_character_in_play():
    state = joust({"in_play": [LANCEL, KNIGHT]}, {"in_play": [STEWARD, KNIGHT]})
    lancel = ref(state, 0, LANCEL)
    assert strength(state, lancel) == 2 + 1  # himself
    add_lasting(state, "crests", ref(state, 1, STEWARD), "round", add=["holy"])
    assert strength(state, lancel) == 2 + 2  # an opponent's Holy character counts too
    assert strength(state, ref(state, 0, KNIGHT)) == 2


# --- asots_44 Andrik the Unsmiling -------------------------------------------------------


def _andrik_won(discard, attackers=(ANDRIK, HOST), defenders_knelt=True):
    them = {"in_play": [_knelt(STEWARD) if defenders_knelt else STEWARD], "discard": discard}
    state = joust({"house": "Greyjoy", "in_play": [ANDRIK, HOST]}, them)
    state = start(state, "power", [ref(state, 0, a) for a in attackers])
    return state, ref(state, 0, ANDRIK)


def test_andrik_puts_the_topmost_location_of_the_loser_discard_pile_into_play():
    state, andrik = _andrik_won([MINES, CASTLE, KNIGHT])
    state = to_window(state, "challenge_won")
    castle = next(r for r in state.players[1].discard if state.code(r) == code(CASTLE))
    state = use(state, 0, andrik)
    assert castle in state.players[0].in_play and state.in_play[castle].controller == 0
    assert state.cards[castle].owner == 1


def test_andrik_not_without_him_nor_by_less_than_four_nor_without_a_location():
    state, andrik = _andrik_won([MINES], attackers=(HOST,))
    state, offered = watch(state, 0, andrik, lambda s: s.challenge is None)
    assert not offered  # he did not participate
    state, andrik = _andrik_won([KNIGHT])
    state, offered = watch(state, 0, andrik, lambda s: s.challenge is None)
    assert not offered  # no location in the pile
    state = joust(
        {"house": "Greyjoy", "in_play": [ANDRIK]}, {"in_play": [KNIGHT], "discard": [MINES]}
    )
    andrik = ref(state, 0, ANDRIK)
    state = start(state, "power", [andrik])
    state, offered = watch(state, 0, andrik, lambda s: s.challenge is None)
    assert not offered  # unopposed 3 STR against 0: won by 3


# --- asots_47 Salladhor Saan -------------------------------------------------------------


def _marshal(state, seat, name):
    card = hand(state, seat, name)[0]
    action = next(a for a in marshals(state, seat, card) if a.kind.startswith("marshal"))
    return apply(state, action)


def test_salladhor_pays_two_gold_to_discard_a_small_location_after_playing_a_smuggler():
    state = marshalling(
        {"house": "Baratheon", "in_play": [SALLADHOR], "hand": [RUNNER], "gold": 6},
        {"in_play": [MINES, GREAT_KEEP, TEN_TOWERS]},
    )
    salladhor = ref(state, 0, SALLADHOR)
    state = _marshal(state, 0, RUNNER)
    mines = ref(state, 1, MINES)
    targets = {a.cards[1] for a in uses(state, 0, salladhor)}
    assert targets == {mines}
    assert ref(state, 1, GREAT_KEEP) not in targets  # Limited
    assert ref(state, 1, TEN_TOWERS) not in targets  # printed cost 5
    gold = state.players[0].gold
    state = use(state, 0, salladhor, mines)
    assert mines in state.players[1].discard and state.players[0].gold == gold - 2


def test_salladhor_not_after_a_non_smuggler_nor_without_two_gold():
    state = marshalling(
        {"house": "Baratheon", "in_play": [SALLADHOR], "hand": [KNIGHT], "gold": 6},
        {"in_play": [MINES]},
    )
    salladhor = ref(state, 0, SALLADHOR)
    state = _marshal(state, 0, KNIGHT)
    assert not uses(state, 0, salladhor)
    state = marshalling(
        {"house": "Baratheon", "in_play": [SALLADHOR], "hand": [RUNNER], "gold": 3},
        {"in_play": [MINES]},
    )
    salladhor = ref(state, 0, SALLADHOR)
    state = _marshal(state, 0, RUNNER)
    assert state.players[0].gold == 1
    assert not uses(state, 0, salladhor)


# --- asots_50 Moreo Tumitis --------------------------------------------------------------


def test_moreo_gains_renown_while_you_control_a_warship():
    state = joust({"in_play": [MOREO, ARBOR_QUEEN]}, {"in_play": [KNIGHT]})
    assert "renown" in keywords(state, ref(state, 0, MOREO))
    state = joust({"in_play": [MOREO]}, {"in_play": [ARBOR_QUEEN]})
    assert "renown" not in keywords(state, ref(state, 0, MOREO))  # an opponent's Warship


# --- asots_55 House Targaryen Loyalist ---------------------------------------------------


def test_loyalist_loses_traitor_and_gains_renown_in_power_challenges_with_a_dragon():
    state = joust({"house": "Targaryen", "in_play": [LOYALIST, RHAEGAL]}, {"in_play": [KNIGHT]})
    loyalist = ref(state, 0, LOYALIST)
    assert "Traitor" not in traits(state, loyalist) and "Lord" in traits(state, loyalist)
    assert "renown" not in keywords(state, loyalist)  # no challenge
    state = start(state, "power", [loyalist])
    assert "renown" in keywords(state, loyalist)


def test_loyalist_without_a_dragon_nor_in_other_challenges():
    state = joust({"house": "Targaryen", "in_play": [LOYALIST, LOYALIST]}, {"in_play": [RHAEGAL]})
    loyalist = ref(state, 0, LOYALIST)
    assert "Traitor" in traits(state, loyalist)
    state = start(state, "power", [loyalist])
    assert "renown" not in keywords(state, loyalist)
    state = joust({"house": "Targaryen", "in_play": [LOYALIST, RHAEGAL]}, {"in_play": [KNIGHT]})
    loyalist = ref(state, 0, LOYALIST)
    state = start(state, "intrigue", [loyalist])
    assert "renown" not in keywords(state, loyalist)
