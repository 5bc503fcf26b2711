"""A long random soak of the engine with every card of a product, checking the rules
engine's invariants after every action (too slow for the test suite; run it by hand).

    python -m tests.gameplay.soak [--product core] [--games 40] [--seed 1] [--bot random]
                                  [--variants joust,melee3,melee4,teams] [--progress]

``--product`` is a product code of the fixtures (``lords-of-winter``), a card-code
prefix (``low``), a comma-separated list of them, ``chapter-packs-1`` for the first
twelve chapter packs (issue 22), or ``whole-pool`` (issue 30).

Each seat plays a deck of every non-plot card of its House in the product plus every neutral
one (one copy each, so every card text gets its chance) and seven of the product's plots
drawn by the seed. With ``whole-pool`` each seat plays instead a legal deck the deck
generator (``decks.generate.random_deck``) draws for its House from every product, one copy
of a title before the next, a new deck every game. For each variant (joust, melee for 3 and
4, teams) it plays ``--games`` games and checks after every action what test_invariants
checks: the state round-trips through JSON, another seat's hidden shuffle leaves my view
unchanged, power and gold agree with the log, and the game ends; as in test_invariants, the
slow reference forms of serialization are compared every tenth action (the stored form's
round trip, every action). Prints one line per variant (with ``--progress``, one per game)
and exits with 1 if any game raised or broke an invariant (the seed and the action are
printed). Games are drawn from their seeds alone, so a long run can be split: ``--seed 1
--games 100`` then ``--seed 101 --games 100`` play the same 200 games as ``--games 200``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections.abc import Collection
from functools import lru_cache

from decks.generate import load_pool, random_deck
from decks.validation.spec import CardInfo
from gameplay.engine.bots import make_bots
from gameplay.engine.card_facts import default_cards_dir, load_cards
from gameplay.engine.game import GameConfig, PlayerConfig, apply, legal_actions, new_game, to_act
from gameplay.engine.observe import observe
from gameplay.engine.rng import Rng
from gameplay.engine.simulate import MAX_DECISIONS
from tests.gameplay.test_invariants import check

HOUSES = ("Stark", "Lannister", "Baratheon", "Targaryen")  # the Core Set's
ALL_HOUSES = (*HOUSES, "Greyjoy", "Martell")
VARIANTS = {
    "joust": ("joust", 2),
    "melee3": ("melee", 3),
    "melee4": ("melee", 4),
    "teams": ("teams", 4),
}
FIRST_CHAPTER_PACKS = (
    "the-war-of-five-kings",
    "ancient-enemies",
    "sacred-bonds",
    "epic-battles",
    "battle-of-ruby-ford",
    "calling-the-banners",
    "a-song-of-summer",
    "the-winds-of-winter",
    "a-change-of-seasons",
    "the-ravens-song",
    "refugees-of-war",
    "scattered-armies",
)
GROUPS = {"chapter-packs-1": FIRST_CHAPTER_PACKS}
WHOLE_POOL = "whole-pool"


def cycle_products(cycle: str) -> tuple[str, ...]:
    """The product codes of a cycle of chapter packs, by its ``cycle_code`` in the fixtures
    (``kl``: City of Secrets to The Battle of Blackwater Bay), in product order."""
    found = []
    for path in sorted(default_cards_dir().glob("*.json")):
        product = json.loads(path.read_text(encoding="utf-8"))["product"]
        if product.get("cycle_code") == cycle and product.get("kind") == "chapter_pack":
            found.append((product.get("order", 0), product["code"]))
    return tuple(code for _, code in sorted(found))


def product_codes(product: str) -> set[str]:
    """The card codes of ``product``: a product code of the fixtures (``lords-of-winter``),
    a card-code prefix (``low``), a comma-separated list of them or a name of ``GROUPS``."""
    if product in GROUPS or "," in product:
        parts = GROUPS.get(product) or product.split(",")
        return set().union(*(product_codes(part.strip()) for part in parts))
    for path in sorted(default_cards_dir().glob("*.json")):
        fixture = json.loads(path.read_text(encoding="utf-8"))
        if fixture["product"]["code"] == product:
            return {card["code"] for card in fixture["cards"]}
    return {code for code in load_cards() if code.startswith(f"{product}_")}


def every_card_deck(product: str, house: str, seed: int) -> PlayerConfig:
    """One copy of every House and neutral card of ``product`` plus seven of its plots
    (made up from the Core Set's when the product has fewer)."""
    codes = product_codes(product)
    cards = [c for c in load_cards().values() if c.code in codes]
    deck = [
        c.code
        for c in cards
        if c.type in ("character", "location", "attachment", "event")
        and (house in c.houses or c.neutral)
    ]
    plots = sorted(c.code for c in cards if c.type == "plot")
    rng = Rng(seed)
    rng.shuffle(plots)
    if len(plots) < 7:
        core = sorted(
            c.code for c in load_cards().values() if c.type == "plot" and c.code.startswith("core_")
        )
        rng.shuffle(core)
        plots += [c for c in core if c not in plots][: 7 - len(plots)]
    return PlayerConfig(house, tuple(deck + plots[:7]))


@lru_cache(maxsize=1)
def _pool() -> dict[str, CardInfo]:
    return load_pool()


def generated_player(
    house: str, seed: int, products: Collection[str] | None = None, fmt: str = "joust"
) -> PlayerConfig:
    """A legal ``fmt`` deck for ``house`` drawn by the deck generator from ``products`` (every
    product of the pool when None), with its agenda if it drew one."""
    pool = _pool()
    chosen = products if products is not None else {card.product for card in pool.values()}
    deck = random_deck(pool, house, chosen, seed, fmt)
    codes = tuple(code for code, count in deck.entries.items() for _ in range(count))
    return PlayerConfig(deck.house, codes, deck.agendas[0] if deck.agendas else None)


def play(variant: str, players: int, seed: int, bots: str, product: str) -> str | None:
    """One checked game; None, or what went wrong."""
    houses = [ALL_HOUSES[(seed + i) % len(ALL_HOUSES)] for i in range(players)]
    if product == WHOLE_POOL:
        fmt = "melee" if variant == "melee" else "joust"
        decks = tuple(generated_player(h, seed * 10 + i, None, fmt) for i, h in enumerate(houses))
    else:
        decks = tuple(every_card_deck(product, h, seed * 10 + i) for i, h in enumerate(houses))
    config = GameConfig(decks, seed=seed, variant=variant)
    state = new_game(config)
    seats = make_bots(bots, players, seed)
    last = None
    try:
        while state.result is None and state.decisions < MAX_DECISIONS:
            seat = to_act(state)[0]
            last = seats[seat].choose(observe(state, seat), legal_actions(state, seat))
            state = apply(state, last)
            check(state, full=state.decisions % 10 == 0)
    except Exception:  # a soak reports every failure and goes on
        return f"seed {seed}, after {last}:\n{traceback.format_exc()}"
    if state.result is None:
        return f"seed {seed}: no result after {state.decisions} decisions"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--product", default="core")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="random", help="random, greedy or a list")
    parser.add_argument(
        "--variants", default=",".join(VARIANTS), help="a list of " + ", ".join(VARIANTS)
    )
    parser.add_argument("--progress", action="store_true", help="a line per game")
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.variants.split(",") if name.strip()]
    unknown = [name for name in names if name not in VARIANTS]
    if unknown or not names:
        parser.error(f"unknown variant {', '.join(unknown)}; choose from {', '.join(VARIANTS)}")
    failed = False
    for name in names:
        variant, players = VARIANTS[name]
        problems = []
        started = time.monotonic()
        for g in range(args.games):
            seed = args.seed + g
            problem = play(variant, players, seed, args.bot, args.product)
            if problem:
                problems.append(problem)
                print(problem, flush=True)
            if args.progress:
                outcome = "FAILED" if problem else "ok"
                print(
                    f"{name} seed {seed}: {outcome} ({time.monotonic() - started:.0f} s)",
                    flush=True,
                )
        print(
            f"{variant} {players}: {args.games} games (seeds {args.seed} to "
            f"{args.seed + args.games - 1}), {len(problems)} failed, "
            f"{time.monotonic() - started:.0f} s",
            flush=True,
        )
        failed |= bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
