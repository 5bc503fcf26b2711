"""Melee tables: fours, threes as needed, grouped by score, repeat opponents kept apart.

A field of n splits into as many tables of 4 as possible with tables of 3 for the rest
(``n = 4a + 3b``); 5 players sit at one table of 5; 3 or 4 at one table. The objective is
lexicographic, smallest first: previous meetings inside tables, the tables' score spread
(max - min), the standings of those at the smaller tables (the lowest-ranked sit there), then
the tables' standings spread. Small fields are searched exhaustively; larger ones start from
standings order and improve by swapping players between tables (seeded, with a budget).

>>> table_sizes(11), table_sizes(6), table_sizes(5)
([4, 4, 3], [3, 3], [5])
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from .core import Field, PairingError, Player

__all__ = ["EXHAUSTIVE_LIMIT", "arrange", "cost", "seat_order", "table_sizes"]

EXHAUSTIVE_LIMIT = 10
"""Fields up to this size are split by trying every grouping."""
SWAP_BUDGET = 20_000


def table_sizes(n: int) -> list[int]:
    """Table sizes for ``n`` players, largest first."""
    if n < 3:
        raise PairingError(f"melee needs at least 3 active players, got {n}")
    if n in (3, 4, 5):
        return [n]
    threes = (4 - n % 4) % 4
    return [4] * ((n - 3 * threes) // 4) + [3] * threes


def _meetings(a: Player, b: Player) -> int:
    return max(a.meetings(b), b.meetings(a))


def table_cost(table: Sequence[Player], small: bool, last: int) -> tuple[int, int, int, int]:
    repeats = sum(_meetings(a, b) for a, b in combinations(table, 2))
    scores = [p.score for p in table]
    places = [p.pos for p in table]
    lowness = sum(last - p.pos for p in table) if small else 0
    return (repeats, max(scores) - min(scores), lowness, max(places) - min(places))


def cost(tables: Sequence[Sequence[Player]], last: int) -> tuple[int, ...]:
    """The objective of a whole seating (smaller is better)."""
    biggest = max(len(t) for t in tables)
    parts = [table_cost(t, len(t) < biggest, last) for t in tables]
    return tuple(sum(level) for level in zip(*parts, strict=True))


def _groupings(players: list[Player], sizes: list[int]) -> Iterator[list[list[Player]]]:
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    # The first (best) remaining player opens a table of each distinct size still needed.
    for chosen in {s: None for s in sizes}:
        others = list(sizes)
        others.remove(chosen)
        for mates in combinations(rest, chosen - 1):
            left = [p for p in rest if p not in mates]
            for tail in _groupings(left, others):
                yield [[first, *mates], *tail]


def _exhaustive(players: list[Player], sizes: list[int], last: int) -> list[list[Player]]:
    return min(_groupings(players, sizes), key=lambda tables: cost(tables, last))


def _local_search(
    players: list[Player], sizes: list[int], last: int, rng: random.Random
) -> list[list[Player]]:
    tables: list[list[Player]] = []
    start = 0
    for size in sizes:
        tables.append(players[start : start + size])
        start += size
    biggest = max(sizes)
    small = [len(t) < biggest for t in tables]
    parts = [table_cost(t, s, last) for t, s in zip(tables, small, strict=True)]

    def try_swap(i: int, a: int, j: int, b: int) -> bool:
        ti, tj = tables[i], tables[j]
        ni = [*ti[:a], tj[b], *ti[a + 1 :]]
        nj = [*tj[:b], ti[a], *tj[b + 1 :]]
        ci, cj = table_cost(ni, small[i], last), table_cost(nj, small[j], last)
        before = tuple(x + y for x, y in zip(parts[i], parts[j], strict=True))
        after = tuple(x + y for x, y in zip(ci, cj, strict=True))
        if after < before:
            tables[i], tables[j], parts[i], parts[j] = ni, nj, ci, cj
            return True
        return False

    budget = SWAP_BUDGET
    improved = True
    while improved and budget > 0:
        improved = False
        troubled = [i for i, part in enumerate(parts) if part[0]]
        for i in troubled:
            if not parts[i][0]:
                continue
            order = [j for _, j in sorted((abs(j - i), j) for j in range(len(tables)))]
            for j in order:
                if j == i:
                    continue
                for a in range(len(tables[i])):
                    for b in range(len(tables[j])):
                        budget -= 1
                        if try_swap(i, a, j, b):
                            improved = True
                if not parts[i][0] or budget <= 0:
                    break
        for i in range(len(tables) - 1):
            for a in range(len(tables[i])):
                for b in range(len(tables[i + 1])):
                    budget -= 1
                    improved |= try_swap(i, a, i + 1, b)
    # Random swaps to escape local minima while repeats remain.
    while budget > 0 and any(part[0] for part in parts) and len(tables) > 1:
        i, j = rng.sample(range(len(tables)), 2)
        budget -= 1
        try_swap(i, rng.randrange(len(tables[i])), j, rng.randrange(len(tables[j])))
    return tables


def arrange(field_: Field, seed: int) -> list[list[Player]]:
    """Split the field into tables (best tables first), players not yet in seat order."""
    players = field_.players
    sizes = table_sizes(len(players))
    last = len(players) - 1
    if len(players) <= EXHAUSTIVE_LIMIT:
        tables = _exhaustive(players, sizes, last)
    else:
        tables = _local_search(players, sizes, last, random.Random(seed))
    tables = [sorted(t, key=lambda p: p.pos) for t in tables]
    tables.sort(key=lambda t: (-len(t), min(p.pos for p in t)))
    return tables


def seat_order(table: list[Player], round_number: int) -> list[Player]:
    """Seat order: who has sat first least often goes first (then later seats on average,
    then standings); with no seat history at the table, standings rotated by the round."""
    if not any(p.seats for p in table):
        shift = (round_number - 1) % len(table)
        return table[shift:] + table[:shift]

    def key(p: Player) -> tuple[int, float, int]:
        average = sum(p.seats) / len(p.seats) if p.seats else 0.0
        return (p.seats.count(1), -average, p.pos)

    return sorted(table, key=key)
