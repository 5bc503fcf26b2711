"""The draw simulator: sample setup hands and exact odds of drawing a card.

Pure: plain data in, plain data out (no Django), with exact hypergeometric arithmetic from
:func:`math.comb` (no SciPy). Probabilities come as floats, and as exact fractions from the
``*_exact`` functions.

The model of a game: a player draws a setup hand of 7 cards, then 2 cards in the draw phase of
each round, so by the end of round N's draw phase they have seen 7 + 2N cards of their House
deck (never more than the deck holds). Refilling the hand after setup is off by default; pass
``setup_placed`` (the cards drawn then) to count it. Mulligans and card effects that draw or
search are ignored.

3 copies in a 60-card deck show up in a setup hand of 7 with a chance of
1 - C(57, 7) / C(60, 7) = 1 - (53·52·51) / (60·59·58) = 5397/17110, about 31.5%:

>>> round(p_at_least_one(60, 3, 7), 4)
0.3154
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction
from math import comb
from typing import Any

SETUP_HAND = 7
PER_ROUND = 2


def _check_count(name: str, value: Any) -> int:
    """``value`` if it is a non-negative int, else a :class:`ValueError` naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, not {value!r}")
    if value < 0:
        raise ValueError(f"{name} must not be negative (got {value})")
    return value


def _check_deck(deck_size: int, copies: int) -> None:
    _check_count("deck_size", deck_size)
    _check_count("copies", copies)
    if copies > deck_size:
        raise ValueError(f"copies ({copies}) exceeds the deck size ({deck_size})")


def p_at_least_exact(deck_size: int, copies: int, draws: int, k: int = 1) -> Fraction:
    """The exact chance of at least ``k`` of ``copies`` among ``draws`` cards of ``deck_size``.

    Raises :class:`ValueError` for negative numbers, more copies or draws than the deck holds.

    >>> p_at_least_exact(60, 3, 7)
    Fraction(5397, 17110)
    >>> p_at_least_exact(4, 2, 2, k=2)  # both copies in 2 cards of 4: 1 pair of 6
    Fraction(1, 6)
    """
    _check_deck(deck_size, copies)
    _check_count("draws", draws)
    _check_count("k", k)
    if draws > deck_size:
        raise ValueError(f"draws ({draws}) exceeds the deck size ({deck_size})")
    hands = comb(deck_size, draws)
    if k == 1:  # one minus the chance of no copy: a single term
        return 1 - Fraction(comb(deck_size - copies, draws), hands)
    ways = sum(
        comb(copies, i) * comb(deck_size - copies, draws - i)
        for i in range(k, min(copies, draws) + 1)
    )
    return Fraction(ways, hands)


def p_at_least(deck_size: int, copies: int, draws: int, k: int) -> float:
    """The chance of at least ``k`` copies among ``draws`` cards (see :func:`p_at_least_exact`).

    >>> round(p_at_least(60, 3, 15, 2), 4)
    0.1514
    >>> p_at_least(60, 3, 7, 0), p_at_least(60, 3, 7, 4)
    (1.0, 0.0)
    """
    return float(p_at_least_exact(deck_size, copies, draws, k))


def p_at_least_one(deck_size: int, copies: int, draws: int) -> float:
    """The chance of at least one of ``copies`` among ``draws`` cards of ``deck_size``.

    That is 1 - C(deck_size - copies, draws) / C(deck_size, draws).

    >>> round(p_at_least_one(60, 3, 7), 4), p_at_least_one(60, 0, 7), p_at_least_one(10, 1, 10)
    (0.3154, 0.0, 1.0)
    """
    return float(p_at_least_exact(deck_size, copies, draws, 1))


@dataclass(frozen=True)
class RoundOdds:
    """The odds after the setup hand (``round == 0``) or round N's draw phase (``round == N``).

    ``cards_seen`` is how many cards of the House deck have been drawn by then.
    """

    round: int
    cards_seen: int
    probability: float

    @property
    def label(self) -> str:
        return "Setup hand" if self.round == 0 else f"Round {self.round}"

    @property
    def percent(self) -> str:
        """The probability as a percentage with one decimal, e.g. ``"31.9%"``."""
        return f"{self.probability * 100:.1f}%"

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "label": self.label, "percent": self.percent}


def cards_seen(
    deck_size: int,
    round_number: int,
    setup_hand: int = SETUP_HAND,
    per_round: int = PER_ROUND,
    setup_placed: int = 0,
) -> int:
    """How many cards have been drawn by the end of the draw phase of ``round_number``.

    Round 0 is the setup hand alone; later rounds add ``setup_placed`` (cards drawn to refill
    the hand after setup) and ``per_round`` per round, never more than ``deck_size``.

    >>> [cards_seen(60, n) for n in range(4)], cards_seen(60, 1, setup_placed=3), cards_seen(8, 3)
    ([7, 9, 11, 13], 12, 8)
    """
    for name, value in (
        ("deck_size", deck_size),
        ("round", round_number),
        ("setup_hand", setup_hand),
        ("per_round", per_round),
        ("setup_placed", setup_placed),
    ):
        _check_count(name, value)
    if round_number == 0:
        return min(setup_hand, deck_size)
    return min(setup_hand + setup_placed + per_round * round_number, deck_size)


def draw_odds(
    deck_size: int,
    copies: int,
    rounds: int,
    setup_hand: int = SETUP_HAND,
    per_round: int = PER_ROUND,
    *,
    setup_placed: int = 0,
    at_least: int = 1,
) -> list[RoundOdds]:
    """The chance of having drawn ``at_least`` of ``copies``, in the setup hand and each round.

    Returns ``rounds + 1`` entries: the setup hand (round 0), then rounds 1 to ``rounds``.
    The cards seen are capped at the deck size (a small deck is drawn out). Raises
    :class:`ValueError` for negative numbers or more copies than the deck holds.

    >>> [odds.percent for odds in draw_odds(60, 3, 3)]
    ['31.5%', '39.1%', '46.2%', '52.6%']
    >>> draw_odds(60, 3, 1, setup_placed=5)[1].cards_seen
    14
    """
    _check_deck(deck_size, copies)
    _check_count("rounds", rounds)
    _check_count("at_least", at_least)
    odds = []
    for number in range(rounds + 1):
        seen = cards_seen(deck_size, number, setup_hand, per_round, setup_placed)
        probability = p_at_least(deck_size, copies, seen, at_least)
        odds.append(RoundOdds(round=number, cards_seen=seen, probability=probability))
    return odds


def _shuffled(deck_cards: Sequence[str], seed: int | None) -> list[str]:
    if isinstance(deck_cards, str):
        raise ValueError("deck_cards must be a list of card codes, not a string")
    cards = list(deck_cards)
    random.Random(seed).shuffle(cards)
    return cards


def sample_setup_hand(
    deck_cards: Sequence[str], seed: int | None = None, size: int = SETUP_HAND
) -> list[str]:
    """A random setup hand of ``size`` cards from ``deck_cards`` (one code per copy).

    The same ``seed`` gives the same hand (``None`` draws a fresh one). A deck smaller than
    ``size`` gives all its cards. It is the first entry of :func:`sample_draws` with that seed.

    >>> deck = ["a", "b", "c", "d", "e", "f", "g", "h", "i"]
    >>> sample_setup_hand(deck, seed=1) == sample_setup_hand(deck, seed=1)
    True
    >>> sorted(sample_setup_hand(["x", "y"], seed=1))
    ['x', 'y']
    """
    _check_count("size", size)
    return _shuffled(deck_cards, seed)[:size]


def sample_draws(
    deck_cards: Sequence[str],
    seed: int | None = None,
    rounds: int = 3,
    setup_hand: int = SETUP_HAND,
    per_round: int = PER_ROUND,
) -> list[list[str]]:
    """One simulated game's draws: the setup hand, then the cards drawn in each round.

    Returns ``rounds + 1`` lists, drawn in order from one shuffle of the deck; once the deck
    runs out the remaining lists are empty.

    >>> draws = sample_draws(list("abcdefghijkl"), seed=7, rounds=2)
    >>> [len(d) for d in draws], draws[0] == sample_setup_hand(list("abcdefghijkl"), seed=7)
    ([7, 2, 2], True)
    """
    for name, value in (("rounds", rounds), ("setup_hand", setup_hand), ("per_round", per_round)):
        _check_count(name, value)
    cards = _shuffled(deck_cards, seed)
    draws = [cards[:setup_hand]]
    for number in range(1, rounds + 1):
        start = setup_hand + per_round * (number - 1)
        draws.append(cards[start : start + per_round])
    return draws
