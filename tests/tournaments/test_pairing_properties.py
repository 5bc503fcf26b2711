"""Property tests: whole simulated events (random results, drops) paired round after round."""

from __future__ import annotations

import random
from itertools import combinations

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Entrant, pair_round, table_sizes
from tournaments.pairing.core import prepare


def _rematch_free_exists(players, bye_ok):
    """Whether everyone can be paired (the odd one out taking the bye) without a rematch."""
    graph = nx.Graph()
    graph.add_nodes_from(p.id for p in players)
    for a, b in combinations(players, 2):
        if not (a.met.get(b.id) or b.met.get(a.id)):
            graph.add_edge(a.id, b.id)
    if len(players) % 2:
        graph.add_edges_from(("BYE", p.id) for p in players if bye_ok(p))
    mates = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(mates) == len(players) + len(players) % 2


def _check_joust(field, result, seed, exact=True):
    f = prepare(field, seed)
    players = f.players
    by_id = {p.id: p for p in players}
    seated = [x for t in result.tables for x in t] + list(result.byes)
    assert sorted(seated) == sorted(by_id), "every active entrant exactly once"
    assert all(len(t) == 2 for t in result.tables)
    assert len(result.byes) == len(players) % 2
    rematches = sum(by_id[a].met.get(b, 0) > 0 for a, b in result.tables)
    if rematches:
        assert not _rematch_free_exists(players, f.eligible_for_bye), "avoidable rematch"
    if result.byes:
        bye = by_id[result.byes[0]]
        assert bye.byes == f.min_byes, "a second bye while someone has none"
        if exact and not rematches:  # large-field path: lowest within the last block
            for lower in players[bye.pos + 1 :]:
                if f.eligible_for_bye(lower):
                    rest = [p for p in players if p is not lower]
                    assert not _rematch_free_exists(rest, lambda p: False), "bye too high"


def _check_melee(field, result, round_number):
    active = [e for e in field if not e.dropped]
    seated = [x for t in result.tables for x in t]
    assert sorted(seated) == sorted(e.id for e in active)
    sizes = [len(t) for t in result.tables]
    assert sorted(sizes, reverse=True) == table_sizes(len(active))
    assert 5 not in sizes or len(active) == 5
    by_id = {e.id: e for e in active}
    for table in result.tables:
        if any(by_id[x].seats for x in table):
            firsts = [by_id[x].seats.count(1) for x in table]
            assert firsts[0] == min(firsts), "seat 1 to whoever sat first least often"


def _simulate(fmt, size, rounds, seed, drop_rate, exact_limit=None, block_size=None):
    rng = random.Random(seed)
    state = {
        f"e{i}": {"points": 0, "opp": [], "byes": 0, "dropped": False, "seats": []}
        for i in range(size)
    }
    kwargs = {}
    if exact_limit is not None:
        kwargs = {"exact_limit": exact_limit, "block_size": block_size}
    for rnd in range(1, rounds + 1):
        active = [s for s in state.values() if not s["dropped"]]
        if len(active) < (3 if fmt == "melee" else 2):
            return
        field = [
            Entrant(
                k, s["points"], tuple(s["opp"]), s["byes"], s["dropped"], None, tuple(s["seats"])
            )
            for k, s in state.items()
        ]
        result = pair_round(fmt, rnd, field, seed=seed + rnd, **kwargs)
        if fmt == "melee":
            _check_melee(field, result, rnd)
        else:
            _check_joust(field, result, seed + rnd, exact=exact_limit is None)
        for table in result.tables:
            for seat, x in enumerate(table, 1):
                state[x]["seats"].append(seat)
                state[x]["opp"] += [y for y in table if y != x]
            state[rng.choice(table)]["points"] += 3
        for x in result.byes:
            state[x]["byes"] += 1
            state[x]["points"] += 3
        for s in state.values():
            if rng.random() < drop_rate:
                s["dropped"] = True


events = st.tuples(
    st.integers(2, 40), st.integers(1, 7), st.integers(0, 2**31), st.sampled_from([0, 0.05, 0.2])
)


@settings(max_examples=150, deadline=None)
@given(events)
def test_joust_events(event):
    size, rounds, seed, drops = event
    _simulate("joust", size, rounds, seed, drops)


@settings(max_examples=60, deadline=None)
@given(events, st.integers(2, 10), st.sampled_from([2, 4, 6]))
def test_joust_events_on_the_large_field_path(event, limit, block):
    size, rounds, seed, drops = event
    _simulate("joust", size, rounds, seed, drops, exact_limit=limit, block_size=block)


@settings(max_examples=40, deadline=None)
@given(events)
def test_melee_events(event):
    size, rounds, seed, drops = event
    _simulate("melee", max(size, 3), min(rounds, 5), seed, drops)


@settings(max_examples=40, deadline=None)
@given(st.integers(3, 40), st.integers(0, 2**31))
def test_melee_round_one_puts_the_lowest_ranked_at_the_small_tables(size, seed):
    field = [Entrant(f"e{i}") for i in range(size)]
    result = pair_round("melee", 2, field, seed=seed)
    order = [p.id for p in prepare(field, seed).players]
    small = sorted(x for t in result.tables if len(t) == 3 and len(result.tables) > 1 for x in t)
    if small and any(len(t) == 4 for t in result.tables):
        assert small == sorted(order[len(order) - len(small) :])
