"""Gold on a card is in no gold pool (issue 28): it is spent or moved only where a card
says so. Tywin Lannister (core_40: "You may spend gold tokens on Tywin Lannister as if they
are in your gold pool") lets his controller spend his; Coin Mint (lotr_27) moves "any
number" of its tokens, the player choosing how many; the gold on Coin Mint, Knights of the
Sun, Grey Worm or Joffrey Baratheon pays no marshal cost and no ability cost
(abilities.gold_spendable, gold_available, moves.spend_gold)."""

from __future__ import annotations

import pytest

from gameplay.engine.abilities import gold_available
from gameplay.engine.game import IllegalAction, legal_actions
from tests.gameplay.cardtest import act, build, hand, head, pass_windows, ref, use, uses

TYWIN = "core_40"  # Tywin Lannister: gold on him may be spent
MINT = "lotr_27"  # Coin Mint: "Kneel Coin Mint to move any number of gold tokens from it"
DROGON = "core_111"  # "Any Phase: Pay 2 gold to choose a character ..." (Limit once per phase)
STEWARD = "Lannisport Steward"  # Lannister, cost 2
KNIGHT = "Knight of the Tumblestone"
# Cards that hold gold without saying it may be spent: Coin Mint, Knights of the Sun,
# Grey Worm, Joffrey Baratheon (Kings of the Sea).
HOLDERS = [MINT, "ator_15", "qod_10", "kotse_34"]


def _with_gold(card: str, gold: int, pool: int = 0, **me):
    """Seat 0's marshalling turn with ``card`` in play holding ``gold`` tokens."""
    mine = {"house": "Lannister", "in_play": [card], "gold": pool, **me}
    state = build(players=[mine, {"in_play": [KNIGHT]}])
    state.in_play[ref(state, 0, card)].gold = gold
    return state


def _marshals(state, seat: int, name: str) -> bool:
    cards = set(hand(state, seat, name))
    return any(a.kind == "marshal:play" and a.cards[0] in cards for a in legal_actions(state, seat))


@pytest.mark.parametrize("card", HOLDERS)
def test_gold_on_a_card_that_does_not_say_so_pays_no_marshal_cost(card):
    state = _with_gold(card, 3, hand=[STEWARD])
    assert gold_available(state, 0) == 0
    assert not _marshals(state, 0, STEWARD)
    with pytest.raises(IllegalAction, match="costs 2 gold; you have 0"):
        act(state, 0, "marshal:play", hand(state, 0, STEWARD))
    assert state.in_play[ref(state, 0, card)].gold == 3


@pytest.mark.parametrize("card", HOLDERS)
def test_gold_on_a_card_that_does_not_say_so_pays_no_ability_cost(card):
    mine = {"house": "Lannister", "in_play": [card, DROGON], "gold": 0}
    state = build(players=[mine, {"in_play": [KNIGHT]}])
    state.in_play[ref(state, 0, card)].gold = 3
    assert uses(state, 0, ref(state, 0, DROGON)) == []


def test_tywins_gold_pays_a_marshal_cost_and_an_ability_cost():
    state = _with_gold(TYWIN, 2, hand=[STEWARD])
    tywin = ref(state, 0, TYWIN)
    assert gold_available(state, 0) == 2 and _marshals(state, 0, STEWARD)
    state = act(state, 0, "marshal:play", hand(state, 0, STEWARD))
    assert state.in_play[tywin].gold == 0 and ref(state, 0, STEWARD)

    mine = {"house": "Lannister", "in_play": [TYWIN, DROGON, MINT], "gold": 0}
    state = build(players=[mine, {"in_play": [KNIGHT]}])
    tywin, mint = ref(state, 0, TYWIN), ref(state, 0, MINT)
    state.in_play[tywin].gold = 2
    state.in_play[mint].gold = 4
    assert gold_available(state, 0) == 2  # Tywin's 2, not the Mint's 4
    state = use(state, 0, ref(state, 0, DROGON), ref(state, 1, KNIGHT))
    assert state.in_play[tywin].gold == 0 and state.in_play[mint].gold == 4


def test_tywins_gold_is_his_controllers_not_his_opponents():
    mine = {"house": "Lannister", "in_play": [DROGON], "gold": 0}
    state = build(players=[mine, {"in_play": [TYWIN, KNIGHT]}])
    state.in_play[ref(state, 1, TYWIN)].gold = 2
    assert gold_available(state, 0) == 0 and gold_available(state, 1) == 2
    assert uses(state, 0, ref(state, 0, DROGON)) == []


def test_coin_mint_moves_the_chosen_number_of_its_tokens():
    state = _with_gold(MINT, 4, pool=1)
    mint = ref(state, 0, MINT)
    state = use(state, 0, mint)
    state = pass_windows(state)
    prompt = head(state)
    assert prompt.get("purpose") == "gold_amount" and prompt["seat"] == 0
    assert prompt["options"] == ["1", "2", "3", "4"]
    state = act(state, 0, "choose", choice="3")
    assert state.players[0].gold == 4 and state.in_play[mint].gold == 1
    assert state.in_play[mint].knelt
    # The token left on the Mint is still in no gold pool.
    assert gold_available(state, 0) == 4
