"""Benchmark: Swiss joust pairing over whole simulated events, beside a plain baseline.

For each field size an event is simulated (random results, a few drops) with the number of
rounds of the recommended table (64 -> 6, 256 -> 7, 1,000 -> 7, 5,000 -> 7); every round is
paired by ``tournaments.pairing.pair_round`` and timed. The baseline is a plain
``networkx.max_weight_matching`` on the complete graph of the same round (weight: minus the
squared score gap), measured in the same run up to 1,000 entrants on a few rounds (it takes
minutes beyond); its rematches are counted too. Prints JSON.

Run: ``.venv/bin/python bench/pairing_bench.py [sizes...]``
"""

from __future__ import annotations

import json
import random
import sys
import time

import networkx as nx
from _setup import machine, summary

from tournaments.pairing import Entrant, pair_round

ROUNDS = {64: 6, 256: 7, 1000: 7, 5000: 7}
BASELINE_LIMIT = 1000
BASELINE_ROUNDS = 1


def _entrants(state: dict) -> list[Entrant]:
    return [
        Entrant(pid, s["points"], tuple(s["opp"]), s["byes"], s["dropped"])
        for pid, s in state.items()
    ]


def _baseline(entrants: list[Entrant]) -> tuple[float, int]:
    active = [e for e in entrants if not e.dropped]
    graph = nx.Graph()
    for i, a in enumerate(active):
        for b in active[i + 1 :]:
            graph.add_edge(a.id, b.id, weight=-((a.points - b.points) ** 2))
    start = time.perf_counter()
    mates = nx.max_weight_matching(graph, maxcardinality=True)
    ms = (time.perf_counter() - start) * 1000
    met = {e.id: set(e.opponents) for e in active}
    return ms, sum(1 for a, b in mates if b in met[a])


def event(size: int, seed: int = 1) -> dict:
    rng = random.Random(seed)
    state = {f"p{i}": {"points": 0, "opp": [], "byes": 0, "dropped": False} for i in range(size)}
    times, rematches, methods, base_times, base_rematches = [], 0, [], [], 0
    for rnd in range(1, ROUNDS[size] + 1):
        entrants = _entrants(state)
        start = time.perf_counter()
        result = pair_round("joust", rnd, entrants, seed=seed * 100 + rnd)
        times.append((time.perf_counter() - start) * 1000)
        methods.append(result.method)
        if size <= BASELINE_LIMIT and 1 < rnd <= 1 + BASELINE_ROUNDS:
            ms, bad = _baseline(entrants)
            base_times.append(ms)
            base_rematches += bad
        for a, b in result.tables:
            rematches += b in state[a]["opp"]
            winner = a if rng.random() < 0.5 else b
            state[winner]["points"] += 3
            state[a]["opp"].append(b)
            state[b]["opp"].append(a)
        for pid in result.byes:
            state[pid]["points"] += 3
            state[pid]["byes"] += 1
        for s in rng.sample(list(state.values()), max(1, size // 50)):
            s["dropped"] = True
    out = {
        "entrants": size,
        "rounds": ROUNDS[size],
        "pairing_per_round": summary(times),
        "rematches": rematches,
        "methods": methods,
    }
    if base_times:
        out["baseline_complete_graph"] = {
            "rounds_measured": len(base_times),
            **summary(base_times),
            "rematches": base_rematches,
        }
    else:
        out["baseline_complete_graph"] = "skipped: the complete graph takes minutes at this size"
    return out


def main(argv: list[str]) -> None:
    sizes = [int(a) for a in argv] or sorted(ROUNDS)
    print(json.dumps({"machine": machine(), "events": [event(n) for n in sizes]}, indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])
