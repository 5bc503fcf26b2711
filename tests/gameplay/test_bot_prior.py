"""The search bot's guesses of an opponent's hidden cards come from the products in the game
(issue 30): the cards of the opponent's House and the neutral cards of the Core Set and of
every product its shown cards come from, never another House's cards or a product nothing
of it has shown."""

from __future__ import annotations

from collections import Counter

from gameplay.engine.card_facts import load_cards
from gameplay.engine.game import GameConfig
from gameplay.engine.observe import observe
from gameplay.engine.rng import Rng
from gameplay.engine.search import determinize, visible_refs
from gameplay.engine.simulate import load_deck
from tests.gameplay.test_search_bot import _decision_points, hidden_zones


def _whole_pool(seed: int) -> GameConfig:
    return GameConfig(
        players=(load_deck("whole-pool-stark"), load_deck("whole-pool-greyjoy")), seed=seed
    )


def _guesses(seed: int, rounds: int) -> tuple[Counter, set[str]]:
    """Over ``rounds`` determinizations from seat 0 of a whole-pool joust, the codes guessed
    for seat 1's hidden cards, and the products seat 1 has shown."""
    cards = load_cards()
    state = _decision_points(seed=seed, seat=0, count=12, config=_whole_pool(seed))[-1]
    visible = visible_refs(observe(state, 0))
    hidden = {
        ref
        for name in hidden_zones(state, 0, 1)
        for ref in getattr(state.players[1], name)
        if ref in state.cards and ref not in visible
    }
    assert hidden
    shown = {
        cards[card.code].product
        for ref, card in state.cards.items()
        if card.owner == 1 and ref not in hidden
    }
    guessed: Counter = Counter()
    rng = Rng(seed)
    for _ in range(rounds):
        world = determinize(state, 0, rng, visible)
        guessed.update(world.cards[ref].code for ref in hidden)
    return guessed, shown


def test_guesses_come_from_the_house_and_the_products_shown():
    cards = load_cards()
    guessed, shown = _guesses(seed=5, rounds=8)
    assert shown - {"core"}, "the whole-pool deck showed cards of other products"
    for code in guessed:
        facts = cards[code]
        assert facts.product in shown | {"core"}, (code, facts.product)
        assert facts.neutral or "Greyjoy" in facts.houses, (code, facts.houses)
        assert facts.type != "agenda"
    # Not the Core Set alone: the packs the opponent has shown cards of are guessed too.
    assert {cards[c].product for c in guessed} - {"core"}


def test_a_product_no_card_has_shown_is_never_guessed():
    """Seat 1's deck holds cards of many products; only those it has shown widen the
    guesses: every guess outside the Core Set is of a product one of its seen cards is of."""
    cards = load_cards()
    deck_products = {cards[c].product for c in load_deck("whole-pool-greyjoy").deck}
    guessed, shown = _guesses(seed=9, rounds=6)
    unseen = deck_products - shown - {"core"}
    assert unseen, "the test needs products of the deck not yet shown"
    assert not {cards[c].product for c in guessed} & unseen
