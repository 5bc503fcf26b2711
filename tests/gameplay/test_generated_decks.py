"""Invariant playouts with generated decks (decks/generate.py): every House, the Core Set,
the six House expansions, the first twelve chapter packs and each later cycle of packs
(``simulate.CYCLES``), joust, melee and two-on-two.
Each game is checked after every action as tests/gameplay/test_invariants.py checks the
Core decks, and must end; the cards of the expansions (or of the chapter packs) must really
be played, not only dealt."""

from __future__ import annotations

import pytest

from decks.generate import load_pool
from gameplay.engine.bots import RandomBot
from gameplay.engine.game import (
    GameConfig,
    PlayerConfig,
    apply,
    legal_actions,
    new_game,
    outcome,
    to_act,
)
from gameplay.engine.observe import observe
from gameplay.engine.simulate import CYCLES
from tests.gameplay import soak
from tests.gameplay.soak import FIRST_CHAPTER_PACKS, cycle_products
from tests.gameplay.test_invariants import MAX_DECISIONS, ROUND_LIMIT, check

PRODUCTS = {
    "core",
    "kings-of-the-sea",
    "princes-of-the-sun",
    "lords-of-winter",
    "kings-of-the-storm",
    "queen-of-dragons",
    "lions-of-the-rock",
}
WITH_CHAPTER_PACKS = PRODUCTS | set(FIRST_CHAPTER_PACKS)
PACKS = ("acoa_", "ator_")  # the card codes of the first twelve chapter packs
HOUSES = ("Greyjoy", "Martell", "Stark", "Lannister", "Baratheon", "Targaryen")
POOL = load_pool()


def generated_player(house: str, seed: int, products: set[str] = PRODUCTS) -> PlayerConfig:
    """A random legal joust deck for ``house`` from ``products`` (the Core Set and the
    expansions by default)."""
    return soak.generated_player(house, seed, products)


CASES = [("joust", 2, 0), ("joust", 2, 1), ("joust", 2, 2), ("melee", 3, 3), ("teams", 4, 4)]
PACK_CASES = [("joust", 2, 5), ("joust", 2, 6), ("melee", 3, 7), ("teams", 4, 8)]


# Each later cycle of packs (simulate.CYCLES, by card-code prefix): joust, melee, two-on-two.
CYCLE_CASES = [
    (variant, count, 20 + 10 * index + count, cycle)
    for index, cycle in enumerate(CYCLES)
    for variant, count in (("joust", 2), ("melee", 3), ("teams", 4))
]


def pool_of(products: str) -> set[str]:
    """The products the decks are drawn from: ``expansions``, ``chapter packs``, or a cycle's
    prefix (the Core Set and the expansions with that cycle's packs, so that its cards are
    a good share of each deck)."""
    if products == "expansions":
        return PRODUCTS
    if products == "chapter packs":
        return WITH_CHAPTER_PACKS
    return PRODUCTS | set(cycle_products(products))


@pytest.mark.parametrize(
    ("variant", "count", "seed", "products"),
    [(*case, "expansions") for case in CASES]
    + [(*case, "chapter packs") for case in PACK_CASES]
    + CYCLE_CASES,
)
def test_generated_decks_keep_invariants_and_end(variant, count, seed, products):
    pool = pool_of(products)
    players = tuple(
        generated_player(HOUSES[(seed + i) % len(HOUSES)], seed * 10 + i, pool)
        for i in range(count)
    )
    config = GameConfig(players=players, seed=seed, variant=variant, round_limit=ROUND_LIMIT)
    state = new_game(config)
    bots = [RandomBot(seed * 7 + s) for s in range(count)]
    played_from_expansions: set[str] = set()
    check(state)
    while outcome(state) is None:
        assert state.decisions < MAX_DECISIONS
        seat = to_act(state)[0]
        actions = legal_actions(state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        state = apply(state, bots[seat].choose(observe(state, seat), actions))
        check(state, full=state.decisions % 10 == 0)
        played_from_expansions |= {
            state.code(r) for r in state.in_play if not state.code(r).startswith("core_")
        }
    result = outcome(state)
    assert result is not None and result["reason"] in ("power", "round_limit")
    assert played_from_expansions, "no card of an expansion came into play"
    if products == "chapter packs":
        from_packs = {c for c in played_from_expansions if c.startswith(PACKS)}
        assert from_packs, "no card of a chapter pack came into play"
    if products in CYCLES:
        from_cycle = {c for c in played_from_expansions if c.startswith(f"{products}_")}
        assert from_cycle, f"no card of the {CYCLES[products]} came into play"


EXPANSIONS = sorted(PRODUCTS - {"core"})
EVERY_CARD_CASES = [
    (product, variant, count)
    for product in [*EXPANSIONS, "chapter-packs-1", *CYCLES]
    for variant, count in (("joust", 2), ("melee", 3), ("teams", 4))
]


@pytest.mark.parametrize(("product", "variant", "count"), EVERY_CARD_CASES)
def test_every_card_of_an_expansion_plays_in_every_variant(product, variant, count):
    """The soak's decks (tests/gameplay/soak.py): one copy of every card of the expansion
    (or of all the first twelve chapter packs, ``chapter-packs-1``, or of a later cycle, by
    its card-code prefix) for each seat's House
    (Greyjoy and Martell included), checked after every action."""
    from tests.gameplay.soak import ALL_HOUSES, every_card_deck

    seed = [*EXPANSIONS, "chapter-packs-1", *CYCLES].index(product) * 10 + count
    houses = [ALL_HOUSES[(seed + i) % len(ALL_HOUSES)] for i in range(count)]
    players = tuple(every_card_deck(product, h, seed + i) for i, h in enumerate(houses))
    state = new_game(
        GameConfig(players=players, seed=seed, variant=variant, round_limit=ROUND_LIMIT)
    )
    bots = [RandomBot(seed * 7 + s) for s in range(count)]
    while outcome(state) is None:
        assert state.decisions < MAX_DECISIONS
        seat = to_act(state)[0]
        state = apply(state, bots[seat].choose(observe(state, seat), legal_actions(state, seat)))
        check(state, full=False)
    assert outcome(state)["reason"] in ("power", "round_limit")


@pytest.mark.parametrize(("variant", "count", "seed"), [("joust", 2, 90), ("melee", 3, 91)])
def test_decks_drawn_from_the_whole_pool_keep_invariants_and_end(variant, count, seed):
    """The decks of ``soak --product whole-pool`` (issue 30): each seat a legal deck the
    generator draws from every product, a game to its end, checked after every action."""
    fmt = "melee" if variant == "melee" else "joust"
    houses = [soak.ALL_HOUSES[(seed + i) % len(soak.ALL_HOUSES)] for i in range(count)]
    players = tuple(
        soak.generated_player(h, seed * 10 + i, None, fmt) for i, h in enumerate(houses)
    )
    assert len({POOL[c].product for p in players for c in p.deck}) > 20  # most of the pool
    config = GameConfig(players=players, seed=seed, variant=variant, round_limit=ROUND_LIMIT)
    state = new_game(config)
    bots = [RandomBot(seed * 7 + s) for s in range(count)]
    while outcome(state) is None:
        assert state.decisions < MAX_DECISIONS
        seat = to_act(state)[0]
        state = apply(state, bots[seat].choose(observe(state, seat), legal_actions(state, seat)))
        check(state, full=state.decisions % 10 == 0)
    assert outcome(state)["reason"] in ("power", "round_limit")
