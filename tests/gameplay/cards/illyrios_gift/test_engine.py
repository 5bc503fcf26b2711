"""The engine hooks Illyrio's Gift added: the trigger ``control_changed`` (moves.take_control),
``challenge["claim_killed"]`` (the characters killed for Military claim), the query
``deck_discard_count`` (vocabulary.zones.discard_top) and the House card's text
(abilities.house_card_value)."""

from __future__ import annotations

from gameplay.engine.abilities import house_card_value
from gameplay.engine.cards.vocabulary import discard_top
from gameplay.engine.moves import take_control
from tests.gameplay.cardtest import HOST, KNIGHT, head, joust, ref, start, to_window

BASTARD = "bwb_1"  # answers control_changed from a hand
KHALASAR = "bwb_14"  # answers killed from a hand


def test_control_changed_opens_only_in_a_game_with_a_card_that_answers_it():
    plain = joust({"in_play": [HOST]}, {"in_play": [KNIGHT]})
    queue = len(plain.queue)
    take_control(plain, ref(plain, 1, KNIGHT), 0)
    assert len(plain.queue) == queue  # nobody answers it: no window
    state = joust({"in_play": [HOST], "hand": [BASTARD]}, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    take_control(state, knight, 0)
    assert head(state)["trigger"] == "control_changed"
    assert head(state)["event"] == {"card": knight, "cards": [knight], "seat": 0, "source": 1}


def test_claim_killed_names_the_characters_killed_for_military_claim():
    state = joust({"in_play": [HOST], "hand": [KHALASAR]}, {"in_play": [KNIGHT]})
    knight = ref(state, 1, KNIGHT)
    state = start(state, "military", [ref(state, 0, HOST)])
    state = to_window(state, "killed", [])
    assert state.challenge["claim_killed"] == [knight] and knight in state.players[1].dead


def test_discard_top_asks_deck_discard_count_only_for_effects():
    state = joust({"in_play": [HOST, "bwb_7"]}, {"deck": [KNIGHT] * 4})
    assert len(discard_top(state, 1, 1, "cost")) == 1  # a cost is not an effect
    assert len(discard_top(state, 1, 1, "ability")) == 2


def test_house_card_value_reads_the_seats_house_card():
    state = joust({"house": "Neutral"}, {"house": "Stark"})
    knight = state.new_card("core_18", 0)
    assert house_card_value(state, 0, "gold_penalty", (0, knight), 2) == 1
    assert house_card_value(state, 1, "gold_penalty", (1, knight), 2) == 2  # no text
