"""The Prize of the North events (gameplay/engine/cards/the_prize_of_the_north/events.py).

Fillers: Host of Storm's End, Knight of the Tumblestone, Lannisport Steward (no text)."""

from __future__ import annotations

from tests.gameplay.cardtest import (
    HOST,
    KNIGHT,
    STEWARD,
    code,
    hand,
    head,
    joust,
    pass_windows,
    until_seat,
    use,
    uses,
)

DECREE, PIKES = "cad_98", "cad_99"
JUDGEMENT = "kl_59"  # The Hand's Judgement: pay 1 gold to cancel an event (not prized)
CASTLE = "cad_82"  # Deserted Castle: a location


# --- cad_99 Heads on Pikes --------------------------------------------------------------------


def test_heads_on_pikes_discards_two_per_character_in_each_opponents_dead_pile():
    them = {"dead": [KNIGHT, HOST, CASTLE], "deck": [STEWARD] * 6}
    state = joust({"hand": [PIKES, PIKES], "in_play": [KNIGHT]}, them)
    power = state.players[1].power
    first, second = hand(state, 0, PIKES)
    state = use(state, 0, first)
    assert len(state.players[1].deck) == 2  # 2 characters: 4 cards
    assert state.players[1].power == power + 1  # prized 1: the opponent claims 1
    assert not uses(state, 0, second)  # limit 1 per round


# --- cad_98 Royal Decree ----------------------------------------------------------------------


def _pikes_played(their_hand):
    me = {"hand": [PIKES], "in_play": [KNIGHT], "gold": 1, "deck": [STEWARD]}
    them = {"hand": their_hand, "dead": [KNIGHT], "deck": [STEWARD] * 4, "gold": 1}
    state = joust(me, them)
    state = use(state, 0, hand(state, 0, PIKES)[0])
    assert head(state).get("trigger") == "ability"
    return until_seat(state, 1)


def test_royal_decree_cancels_an_event_just_played():
    state = _pikes_played([DECREE])
    power = state.players[0].power
    state = use(state, 1, hand(state, 1, DECREE)[0])
    state = pass_windows(state)
    assert len(state.players[1].deck) == 4  # Heads on Pikes cancelled
    assert state.players[0].power == power + 2  # prized 2: the opponent claims 2


def test_royal_decree_cannot_be_cancelled_by_a_non_prized_event():
    state = _pikes_played([DECREE])
    state.players[0].hand.extend(_hand_card(state, 0, JUDGEMENT))
    state = use(state, 1, hand(state, 1, DECREE)[0])
    assert not uses(state, 0, hand(state, 0, JUDGEMENT)[0])
    state = pass_windows(state)
    assert len(state.players[1].deck) == 4 and hand(state, 0, JUDGEMENT)


def test_royal_decree_can_be_cancelled_by_a_prized_event():
    state = _pikes_played([DECREE])
    state.players[0].hand.extend(_hand_card(state, 0, DECREE))
    state = use(state, 1, hand(state, 1, DECREE)[0])
    state = until_seat(state, 0)
    state = use(state, 0, hand(state, 0, DECREE)[0])
    state = pass_windows(state)
    assert len(state.players[1].deck) == 2  # Heads on Pikes resolved after all


def _hand_card(state, seat, name):
    return [state.new_card(code(name), seat)]
