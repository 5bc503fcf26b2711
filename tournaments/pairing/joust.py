"""Joust (and two-on-two) pairing: maximum-weight matching over the allowed pairs.

The objective is lexicographic, smallest first:

1. previous meetings summed over the pairs (a rematch is used only when no rematch-free
   pairing of everyone exists);
2. the bye (a phantom entrant, joined only to the active players with the fewest byes) goes
   as low in the standings as possible: ``maxpos - pos`` of the recipient;
3. the sum of squared score gaps;
4. the sum of squared standings distances (so the top meets the top).

Each level's unit is larger than the most the lower levels can add up to, so one integer
weight ``W - cost`` per edge encodes it exactly for ``networkx.max_weight_matching``.

>>> from tournaments.pairing.core import Entrant, prepare
>>> f = prepare([Entrant("a", 3), Entrant("b", 3), Entrant("c", 0, byes=0)], seed=0)
>>> result = match(f)
>>> sorted(result.pairs[0]), result.bye.id, result.method
(['a', 'b'], 'c', 'exact')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations, pairwise

import networkx as nx

from .core import Field, Player

__all__ = ["BLOCK_SIZE", "EXACT_LIMIT", "Matched", "match", "objective"]

EXACT_LIMIT = 256
"""Fields up to this many active entrants are matched on the complete graph."""
BLOCK_SIZE = 64
"""Standings block size for larger fields."""
REPAIR_WINDOW = 8
"""Neighbours in standings joined in the sparse repair graph."""

PHANTOM = -1


@dataclass
class Matched:
    """Pairs as ids (higher-ranked first, best table first), the bye, and the method used."""

    pairs: list[tuple[str, str]]
    bye: Player | None
    method: str
    unmatched: list[Player] = field(default_factory=list)


def meetings(a: Player, b: Player) -> int:
    return max(a.meetings(b), b.meetings(a))


def objective(
    field_: Field, pairs: Iterable[tuple[Player, Player]], bye: Player | None
) -> tuple[int, int, int, int]:
    """The documented objective of a pairing (smaller is better), level by level."""
    pairs = list(pairs)
    last = max(p.pos for p in field_.players) if field_.players else 0
    return (
        sum(meetings(a, b) for a, b in pairs),
        (last - bye.pos) if bye else 0,
        sum((a.score - b.score) ** 2 for a, b in pairs),
        sum((a.pos - b.pos) ** 2 for a, b in pairs),
    )


class _Weights:
    """Integer costs whose levels never overflow into each other for this node set."""

    def __init__(self, nodes: list[Player]):
        span = max(p.pos for p in nodes) - min(p.pos for p in nodes) + 1
        gap = max(p.score for p in nodes) - min(p.score for p in nodes)
        half = len(nodes) // 2 + 1
        total0 = half * span * span
        self.unit1 = total0 + 1
        total1 = self.unit1 * half * gap * gap
        self.unit2 = total0 + total1 + 1
        self.unit3 = total0 + total1 + self.unit2 * span + 1
        self.last = max(p.pos for p in nodes)

    def pair(self, a: Player, b: Player) -> int:
        return (
            self.unit3 * meetings(a, b)
            + self.unit1 * (a.score - b.score) ** 2
            + (a.pos - b.pos) ** 2
        )

    def bye(self, p: Player) -> int:
        return self.unit2 * (self.last - p.pos)


def _adjacent(field_: Field, nodes: list[Player], phantom: bool) -> Matched | None:
    """Pair neighbours in standings: optimal when points fall with rank and no rematch."""
    if any(a.score < b.score for a, b in pairwise(nodes)):
        return None
    bye = None
    rest = nodes
    if phantom:
        eligible = [p for p in nodes if field_.eligible_for_bye(p)]
        if not eligible:
            return None
        bye = eligible[-1]
        rest = [p for p in nodes if p is not bye]
    if len(rest) % 2:
        return None
    pairs = [(rest[i], rest[i + 1]) for i in range(0, len(rest), 2)]
    if any(meetings(a, b) for a, b in pairs):
        return None
    return Matched([(a.id, b.id) for a, b in pairs], bye, "exact")


def _solve(
    field_: Field,
    nodes: list[Player],
    phantom: bool,
    rematches: bool,
    candidates: Iterable[tuple[Player, Player]] | None = None,
) -> Matched:
    """Maximum-cardinality, maximum-weight matching on ``nodes`` (plus the phantom)."""
    weights = _Weights(nodes)
    costs: dict[tuple[int, int], int] = {}
    pairs = combinations(nodes, 2) if candidates is None else candidates
    for a, b in pairs:
        if rematches or not meetings(a, b):
            costs[(a.pos, b.pos)] = weights.pair(a, b)
    if phantom:
        for p in nodes:
            if field_.eligible_for_bye(p):
                costs[(PHANTOM, p.pos)] = weights.bye(p)
    top = max(costs.values(), default=0) + 1
    graph = nx.Graph()
    graph.add_nodes_from(p.pos for p in nodes)
    graph.add_weighted_edges_from((u, v, top - c) for (u, v), c in costs.items())
    mates = nx.max_weight_matching(graph, maxcardinality=True)
    by_pos = {p.pos: p for p in nodes}
    out: list[tuple[Player, Player]] = []
    bye = None
    seen: set[int] = set()
    for u, v in mates:
        seen.update((u, v))
        if PHANTOM in (u, v):
            bye = by_pos[u if v == PHANTOM else v]
        else:
            a, b = sorted((by_pos[u], by_pos[v]), key=lambda p: p.pos)
            out.append((a, b))
    out.sort(key=lambda ab: ab[0].pos)
    unmatched = [p for p in nodes if p.pos not in seen]
    return Matched([(a.id, b.id) for a, b in out], bye, "", unmatched)


def _exact(field_: Field, nodes: list[Player], phantom: bool) -> Matched:
    found = _adjacent(field_, nodes, phantom) or _solve(field_, nodes, phantom, False)
    if not found.unmatched and (found.bye is not None or not phantom):
        found.method = "exact"
        return found
    found = _solve(field_, nodes, phantom, True)
    found.method = "complete_with_rematches"
    return found


def _chunks(field_: Field, players: list[Player], size: int, phantom: bool) -> list[list[Player]]:
    chunks = [players[i : i + size] for i in range(0, len(players), size)]
    if len(chunks) > 1 and len(chunks[-1]) < size // 2:
        chunks[-2:] = [chunks[-2] + chunks[-1]]
    while phantom and len(chunks) > 1 and not any(field_.eligible_for_bye(p) for p in chunks[-1]):
        chunks[-2:] = [chunks[-2] + chunks[-1]]
    return chunks


def _blocks(field_: Field, players: list[Player], size: int, phantom: bool) -> Matched:
    """Match standings blocks top to bottom; the unmatched float down to the next block."""
    chunks = _chunks(field_, players, size, phantom)
    pairs: list[tuple[str, str]] = []
    carry: list[Player] = []
    bye = None
    for index, chunk in enumerate(chunks):
        nodes = carry + chunk
        last = index == len(chunks) - 1
        found = _adjacent(field_, nodes, phantom and last) or _solve(
            field_, nodes, phantom and last, False
        )
        pairs += found.pairs
        carry = found.unmatched
        bye = bye or found.bye
    if phantom and bye is None:
        carry = carry or list(players[-1:])
    return Matched(pairs, bye, "blocks", carry)


def _repair(field_: Field, players: list[Player], partial: Matched, phantom: bool) -> Matched:
    """The whole field on a sparse graph: the block pairs, the troubled players' every
    rematch-free edge and a few standings neighbours each."""
    by_id = {p.id: p for p in players}
    edges: set[tuple[Player, Player]] = set()
    for a, b in partial.pairs:
        edges.add((by_id[a], by_id[b]))
    for i, p in enumerate(players):
        for q in players[i + 1 : i + 1 + REPAIR_WINDOW]:
            edges.add((p, q))
    for p in partial.unmatched:
        for q in players:
            if q is not p:
                edges.add((p, q) if p.pos < q.pos else (q, p))
    return _solve(
        field_, players, phantom, False, sorted(edges, key=lambda e: (e[0].pos, e[1].pos))
    )


def match(field_: Field, exact_limit: int = EXACT_LIMIT, block_size: int = BLOCK_SIZE) -> Matched:
    """Pair the field: exact up to ``exact_limit`` players, else blocks with fallbacks."""
    players = field_.players
    phantom = len(players) % 2 == 1
    if len(players) <= exact_limit:
        return _exact(field_, players, phantom)
    found = _blocks(field_, players, max(2, block_size), phantom)
    if found.unmatched or (phantom and found.bye is None):
        found = _repair(field_, players, found, phantom)
        found.method = "sparse_repair"
        if found.unmatched or (phantom and found.bye is None):
            found = _exact(field_, players, phantom)
            if found.method == "exact":
                found.method = "complete"
    return found
