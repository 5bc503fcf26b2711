"""The Captain's Command events and cancels (gameplay/engine/cards/the_captains_command/
events.py).

Fillers: Knight of the Tumblestone (2 STR), Host of Storm's End (6 STR), Lannisport Steward."""

from __future__ import annotations

from gameplay.engine.cancels import add_pending_cancel
from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    answer,
    code,
    events,
    hand,
    head,
    joust,
    marshalling,
    pass_windows,
    ref,
    use,
    uses,
)

BRIGAND = "asots_82"
ANOINTED = "asots_96"
JUDGED = "asots_97"
NURTURED = "asots_98"
DESPERATE = "asots_99"
GALLEY = "asots_95"  # Any Phase: kneel to choose a unique character you control
WYLLA = "asots_86"  # unique
SALTY = "asots_90"  # a character ability without target
NARROW_SEA = "core_33"  # a location with 1 influence
SELYSE = "core_70"  # Holy
LIONS_WILL = "core_162"  # Any Phase: Pay 2 gold to choose a character. Kneel that character.
TOMMEN = "ator_106"  # Marshalling: kneel Tommen Baratheon to draw a card
DRAGONS_TAIL = "pots_43"  # Marshalling event: you and that opponent each draw 2 cards
DECK = [KNIGHT] * 10


# --- asots_82 Iron Islands Brigand ---------------------------------------------------------


def test_brigand_cancels_a_location_effect():
    state = joust({"in_play": [GALLEY, WYLLA]}, {"house": "Greyjoy", "in_play": [BRIGAND]})
    brigand = ref(state, 1, BRIGAND)
    state = use(state, 0, ref(state, 0, GALLEY), ref(state, 0, WYLLA))
    assert head(state).get("trigger") == "ability"
    state = use(state, 1, brigand)
    assert brigand in state.players[1].discard
    state = pass_windows(state)
    assert head(state).get("purpose") != "challenge_icon"  # Galley's effect cancelled


def test_brigand_does_not_cancel_a_character_ability():
    state = joust(
        {"house": "Martell", "in_play": [SALTY, NARROW_SEA]},
        {"house": "Greyjoy", "in_play": [BRIGAND]},
    )
    state = use(state, 0, ref(state, 0, SALTY))
    assert not uses(state, 1, ref(state, 1, BRIGAND))


# --- asots_96 Anointed by the Mother -------------------------------------------------------


def _anointed(me: dict):
    return marshalling(
        {"house": "Lannister", "deck": DECK, **me},
        {"house": "Stark", "hand": [ANOINTED], "deck": DECK, "in_play": [SELYSE]},
    )


def test_anointed_cancels_a_draw_and_you_draw_instead():
    state = _anointed({"in_play": [TOMMEN]})
    state = use(state, 0, ref(state, 0, TOMMEN))
    assert head(state).get("trigger") == "ability"
    anointed = hand(state, 1, ANOINTED)[0]
    state = use(state, 1, anointed)
    state = pass_windows(state)
    assert not state.players[0].hand
    assert len(state.players[1].hand) == 1  # Tommen's 1 card, drawn by Anointed's player
    assert state.in_play[ref(state, 1, SELYSE)].knelt


def test_anointed_draws_the_number_the_effect_would_draw():
    state = _anointed({"hand": [DRAGONS_TAIL]})
    state = use(state, 0, hand(state, 0, DRAGONS_TAIL)[0])
    state = use(state, 1, hand(state, 1, ANOINTED)[0])
    state = pass_windows(state)
    assert len(state.players[1].hand) == 2 and not state.players[0].hand


def test_anointed_not_without_a_draw():
    state = marshalling(
        {"house": "Lannister", "in_play": [GALLEY, WYLLA]},
        {"house": "Stark", "hand": [ANOINTED], "in_play": [SELYSE]},
    )
    state = use(state, 0, ref(state, 0, GALLEY), ref(state, 0, WYLLA))
    assert not uses(state, 1, hand(state, 1, ANOINTED)[0])


def test_anointed_needs_influence_or_a_holy_character():
    state = marshalling(
        {"house": "Lannister", "deck": DECK, "in_play": [TOMMEN]},
        {"house": "Stark", "hand": [ANOINTED], "deck": DECK, "in_play": [NARROW_SEA, KNIGHT]},
    )
    state = use(state, 0, ref(state, 0, TOMMEN))
    assert not uses(state, 1, hand(state, 1, ANOINTED)[0])


# --- asots_97 Judged by the Father ---------------------------------------------------------


def test_judged_returns_a_character_with_str_3_or_less_from_your_dead_pile():
    state = joust({"hand": [JUDGED], "in_play": [SELYSE], "dead": [KNIGHT, HOST]}, {})
    judged = hand(state, 0, JUDGED)[0]
    knight = next(r for r in state.players[0].dead if state.code(r) == code(KNIGHT))
    assert [a.cards[1:] for a in uses(state, 0, judged)] == [(knight,)]  # not the Host
    state = use(state, 0, judged, knight)
    assert knight in state.players[0].hand
    (knelt,) = events(state, "knelt_for_cost")
    assert knelt["cards"] == [ref(state, 0, SELYSE)]


def test_judged_pays_2_influence():
    me = {"hand": [JUDGED], "in_play": [NARROW_SEA, NARROW_SEA], "dead": [KNIGHT]}
    state = joust(me, {})
    state = use(state, 0, hand(state, 0, JUDGED)[0], state.players[0].dead[0])
    (influence,) = events(state, "influence")
    assert sorted(influence["cards"]) == sorted(state.players[0].in_play)
    assert state.players[0].hand and not state.players[0].dead


def test_judged_needs_influence_or_a_holy_character():
    state = joust({"hand": [JUDGED], "in_play": [NARROW_SEA, KNIGHT], "dead": [KNIGHT]}, {})
    assert not uses(state, 0, hand(state, 0, JUDGED)[0])


# --- asots_98 Nurtured by the Crone --------------------------------------------------------


def _nurtured(target: str):
    me = {"house": "Lannister", "hand": [LIONS_WILL], "gold": 2}
    return joust(me, {"hand": [NURTURED], "in_play": [target, SELYSE]})


def test_nurtured_cancels_an_effect_choosing_a_unique_character():
    state = _nurtured(WYLLA)
    wylla = ref(state, 1, WYLLA)
    state = use(state, 0, hand(state, 0, LIONS_WILL)[0], wylla)
    state = use(state, 1, hand(state, 1, NURTURED)[0])
    state = pass_windows(state)
    assert not state.in_play[wylla].knelt


def test_nurtured_cannot_be_cancelled():
    state = _nurtured(WYLLA)
    wylla = ref(state, 1, WYLLA)
    state = use(state, 0, hand(state, 0, LIONS_WILL)[0], wylla)
    add_pending_cancel(state, 0, None)  # "cancel the next effect triggered this phase"
    state = use(state, 1, hand(state, 1, NURTURED)[0])
    state = pass_windows(state)
    assert not state.in_play[wylla].knelt  # the pending cancel did not stop Nurtured


def test_nurtured_not_against_a_non_unique_target():
    state = _nurtured(STEWARD)
    state = use(state, 0, hand(state, 0, LIONS_WILL)[0], ref(state, 1, STEWARD))
    assert not uses(state, 1, hand(state, 1, NURTURED)[0])


# --- asots_99 Desperate Measures -----------------------------------------------------------


def test_desperate_measures_takes_1_of_the_top_5_and_discards_the_others():
    deck = [HOST, KNIGHT, STEWARD, KNIGHT, KNIGHT, SELYSE, KNIGHT]
    state = joust({"hand": [DESPERATE], "in_play": [NARROW_SEA], "deck": deck}, {})
    top = list(state.players[0].deck[:5])
    desperate = hand(state, 0, DESPERATE)[0]
    state = use(state, 0, desperate)
    step = head(state)
    assert step.get("purpose") == "search" and step["candidates"] == top
    state = answer(state, "search", [top[2]])
    assert state.players[0].hand == [top[2]]
    assert sorted(state.players[0].discard) == sorted([desperate, *top[:2], *top[3:]])
    assert len(state.players[0].deck) == 2
    assert events(state, "influence")


def test_desperate_measures_needs_influence():
    state = joust({"hand": [DESPERATE], "deck": DECK}, {})
    assert not uses(state, 0, hand(state, 0, DESPERATE)[0])
