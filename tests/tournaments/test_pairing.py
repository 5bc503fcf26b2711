"""Examples, optimality against an exhaustive search, and the large-field path of pairing."""

from __future__ import annotations

import ast
import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest

from tournaments.pairing import Entrant, PairingError, pair_round, pair_round_json, table_sizes
from tournaments.pairing.core import prepare

PACKAGE = Path(__file__).resolve().parents[2] / "tournaments" / "pairing"


def test_the_pairing_package_imports_no_django():
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        names += [
            n.module
            for n in ast.walk(tree)
            if isinstance(n, ast.ImportFrom) and n.module and n.level == 0
        ]
        bad = [x for x in names if x.split(".")[0] in ("django", "rest_framework", "config")]
        bad += [x for x in names if x.startswith(("tournaments.models", "tournaments.services"))]
        assert bad == [], f"{path.name} imports {bad}"


def _ids(pairing):
    return sorted(x for t in pairing.tables for x in t) + sorted(pairing.byes)


def test_round_one_is_random_but_seeded():
    field = [Entrant(f"p{i}") for i in range(20)]
    first = pair_round("joust", 1, field, seed=5)
    assert pair_round("joust", 1, field, seed=5) == first
    assert pair_round("joust", 1, field, seed=6).tables != first.tables
    assert _ids(first) == sorted(e.id for e in field)


def test_equal_scores_meet_and_rematches_are_avoided():
    field = [
        Entrant("a", 3, ("b",)),
        Entrant("b", 3, ("a",)),
        Entrant("c", 3, ("d",)),
        Entrant("d", 3, ("c",)),
        Entrant("e", 0, ("gone",)),
        Entrant("f", 0),
    ]
    result = pair_round("joust", 2, field, seed=1)
    pairs = {frozenset(t) for t in result.tables}
    assert frozenset("ab") not in pairs and frozenset("cd") not in pairs
    top = {frozenset(t) for t in result.tables if set(t) <= set("abcd")}
    assert len(top) == 2
    assert all("same_score" in e.codes for e in result.explanations)


def test_an_unavoidable_rematch_is_made_and_explained():
    field = [Entrant("a", 3, ("b",)), Entrant("b", 0, ("a",))]
    result = pair_round("joust", 2, field, seed=1)
    assert result.method == "complete_with_rematches"
    assert result.explanations[0].codes == ("score_gap", "rematch_unavoidable")
    assert result.explanations[0].previous_meetings == 1


def test_bye_goes_to_the_lowest_ranked_without_one():
    field = [Entrant("a", 6), Entrant("b", 3), Entrant("c", 0, byes=1), Entrant("d", 0)]
    field += [Entrant("e", 3, dropped=True)]
    result = pair_round("joust", 3, [*field, Entrant("f", 3)], seed=2)
    assert result.byes == ("d",)
    bye = result.explanations[-1]
    assert bye.codes == ("bye_lowest_ranked_eligible",) and bye.players == ("d",)
    assert "e" not in _ids(result)


def test_bye_passes_over_a_player_when_that_would_force_a_rematch():
    # d is lowest but without the bye c would have to meet a or b again.
    field = [
        Entrant("a", 6, ("c",)),
        Entrant("b", 6, ("c",)),
        Entrant("c", 3, ("a", "b")),
        Entrant("d", 0),
        Entrant("x", 9, ("c",)),
    ]
    result = pair_round("joust", 3, field, seed=2)
    assert result.byes == ("c",)
    assert result.explanations[-1].passed_over == ("d",)
    assert "bye_passed_over_lower_ranked" in result.explanations[-1].codes


def test_when_everyone_had_a_bye_it_goes_to_the_fewest():
    field = [Entrant("a", 3, byes=1), Entrant("b", 3, byes=2), Entrant("c", 0, byes=2)]
    result = pair_round("joust", 4, field, seed=0)
    assert result.byes == ("a",)
    assert "bye_all_had_one" in result.explanations[-1].codes


def test_given_ranks_order_the_standings_and_fractions_are_exact():
    field = [
        Entrant("a", Fraction(7, 2), rank=4),
        Entrant("b", Fraction(7, 2), rank=1),
        Entrant("c", 1, rank=2),
        Entrant("d", 1, rank=3),
    ]
    f = prepare(field, seed=0)
    assert [p.id for p in f.players] == ["b", "c", "d", "a"]
    assert f.scale == 2
    result = pair_round("joust", 2, field, seed=0)
    assert {frozenset(t) for t in result.tables} == {frozenset("ab"), frozenset("cd")}


def test_teams_are_paired_like_joust():
    field = [Entrant(f"t{i}", i % 3) for i in range(9)]
    assert pair_round("teams", 2, field, 3).tables == pair_round("joust", 2, field, 3).tables


@pytest.mark.parametrize(
    ("entrants", "message"),
    [
        ([Entrant("a"), Entrant("a")], "duplicate entrant id 'a'"),
        ([Entrant("a", byes=-1), Entrant("b")], "byes must not be negative"),
        ([Entrant("a", "3"), Entrant("b")], "points must be a number"),
        ([Entrant("a", rank=1), Entrant("b")], "rank is given for some"),
        ([Entrant("a")], "at least 2 active"),
        ([Entrant("a"), Entrant("b", dropped=True)], "at least 2 active"),
    ],
)
def test_bad_entrants_are_refused_with_the_reason(entrants, message):
    with pytest.raises(PairingError, match=message):
        pair_round("joust", 2, entrants, seed=0)


def test_unknown_format_and_bad_round():
    with pytest.raises(PairingError, match="unknown format 'chess'"):
        pair_round("chess", 1, [Entrant("a"), Entrant("b")], 0)
    with pytest.raises(PairingError, match="round must be a positive integer"):
        pair_round("joust", 0, [Entrant("a"), Entrant("b")], 0)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "JSON object"),
        ({"format": "joust", "round": 1}, "missing field"),
        ({"format": "joust", "round": 1, "entrants": {}}, "entrants must be a list"),
        ({"format": "joust", "round": 1, "entrants": [3]}, "must be an object"),
        ({"format": "joust", "round": 1, "entrants": [{"id": "a", "opponents": "b"}]}, "list"),
        ({"format": "joust", "round": 1, "entrants": [{"id": "a", "byes": "1"}]}, "integer"),
        ({"format": "joust", "round": 1, "entrants": [{"id": 4}]}, "non-empty string"),
        ({"format": "joust", "round": 1, "entrants": [{"id": "a", "x": 1}]}, "unknown field"),
    ],
)
def test_bad_json_is_refused_with_the_reason(data, message):
    with pytest.raises(PairingError, match=message):
        pair_round_json(data)


def test_json_opponents_may_name_removed_players():
    data = {
        "format": "joust",
        "round": 2,
        "seed": 4,
        "entrants": [
            {"id": "a", "points": 3, "opponents": ["gone"]},
            {"id": "b", "points": 0, "opponents": ["c"], "byes": 0},
            {"id": "c", "points": 3, "opponents": ["b"], "dropped": True},
        ],
    }
    out = pair_round_json(data)
    assert out["tables"] == [["a", "b"]] and out["byes"] == []


# -- optimality: an exhaustive search over every perfect matching (with the phantom bye) --


def _meet(a, b):
    return max(a.met.get(b.id, 0), b.met.get(a.id, 0))


def _best_by_search(f):
    """Lexicographic minimum of (meetings, bye height, squared score gaps, squared distance)."""
    players = f.players
    last = players[-1].pos
    nodes = [*players, None] if len(players) % 2 else list(players)

    def matchings(rest):
        if not rest:
            yield []
            return
        first = rest[0]
        for i in range(1, len(rest)):
            yield from ([(first, rest[i]), *m] for m in matchings(rest[1:i] + rest[i + 1 :]))

    best = None
    for m in matchings(nodes):
        cost = [0, 0, 0, 0]
        ok = True
        for a, b in m:
            if a is None or b is None:
                p = a or b
                ok = ok and p.byes == f.min_byes
                cost[1] += last - p.pos
            else:
                cost[0] += _meet(a, b)
                cost[2] += (a.score - b.score) ** 2
                cost[3] += (a.pos - b.pos) ** 2
        if ok and (best is None or tuple(cost) < best):
            best = tuple(cost)
    return best


def _cost_of(f, result):
    by_id = {p.id: p for p in f.players}
    last = f.players[-1].pos
    pairs = [(by_id[a], by_id[b]) for a, b in result.tables]
    bye = by_id[result.byes[0]] if result.byes else None
    return (
        sum(_meet(a, b) for a, b in pairs),
        last - bye.pos if bye else 0,
        sum((a.score - b.score) ** 2 for a, b in pairs),
        sum((a.pos - b.pos) ** 2 for a, b in pairs),
    )


def _random_field(rng, n):
    ids = [f"p{i}" for i in range(n)]
    met = {i: [] for i in ids}
    for a, b in itertools.combinations(ids, 2):
        if rng.random() < 0.35:
            met[a].append(b)
            met[b].append(a)
    return [
        Entrant(i, rng.choice([0, 1, 3, 4, 6]), tuple(met[i]), byes=rng.choice([0, 0, 1]))
        for i in ids
    ]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7, 8, 9, 10])
def test_small_fields_are_optimal_against_exhaustive_search(n):
    rng = random.Random(n)
    for trial in range(25 if n < 9 else 8):
        field = _random_field(rng, n)
        result = pair_round("joust", 3, field, seed=trial)
        f = prepare(field, seed=trial)
        assert _cost_of(f, result) == _best_by_search(f), (n, trial)


# -- the large-field path ----------------------------------------------------------------


def _simulate(n, rounds, seed, **kwargs):
    rng = random.Random(seed)
    state = {f"p{i}": [0, [], 0] for i in range(n)}
    methods = []
    for rnd in range(1, rounds + 1):
        field = [Entrant(k, v[0], tuple(v[1]), v[2]) for k, v in state.items()]
        result = pair_round("joust", rnd, field, seed=seed + rnd, **kwargs)
        methods.append(result.method)
        seated = [x for t in result.tables for x in t] + list(result.byes)
        assert sorted(seated) == sorted(state)
        for a, b in result.tables:
            assert b not in state[a][1], f"rematch {a}-{b} in round {rnd}"
            state[rng.choice((a, b))][0] += 3
            state[a][1].append(b)
            state[b][1].append(a)
        for p in result.byes:
            assert state[p][2] == 0
            state[p][2] += 1
            state[p][0] += 3
    return methods


def test_a_large_field_is_paired_in_blocks_without_rematches():
    methods = _simulate(701, 5, seed=11)
    assert set(methods[1:]) == {"blocks"}


def test_the_fallback_repairs_what_the_blocks_cannot():
    n = 600
    ids = [f"p{i}" for i in range(n)]
    # The last player has met everyone but the leader: no block holds a partner for them.
    met = {i: () for i in ids}
    met[ids[-1]] = tuple(ids[1:-1])
    for other in ids[1:-1]:
        met[other] = (ids[-1],)
    field = [Entrant(i, 0, met[i], rank=k + 1) for k, i in enumerate(ids)]
    result = pair_round("joust", 2, field, seed=3)
    assert result.method == "sparse_repair"
    assert (ids[0], ids[-1]) in result.tables
    assert sum(len(t) for t in result.tables) == n
    assert not any(b in met[a] for a, b in result.tables)


def test_the_fallback_ends_on_the_complete_graph_with_rematches():
    everyone = [f"p{i}" for i in range(6)]
    field = [Entrant(i, 0, tuple(x for x in everyone if x != i)) for i in everyone]
    result = pair_round("joust", 6, field, seed=0, exact_limit=2, block_size=2)
    assert result.method == "complete_with_rematches"
    assert sum(len(t) for t in result.tables) == 6


def test_melee_table_sizes():
    assert [table_sizes(n) for n in (3, 4, 5, 6, 7, 8, 9, 13)] == [
        [3],
        [4],
        [5],
        [3, 3],
        [4, 3],
        [4, 4],
        [3, 3, 3],
        [4, 3, 3, 3],
    ]
    with pytest.raises(PairingError, match="at least 3"):
        table_sizes(2)


def test_melee_seats_rotate_without_history():
    field = [Entrant(x) for x in "abcd"]
    firsts = {pair_round("melee", r, field, seed=1).tables[0][0] for r in range(2, 6)}
    assert firsts == set("abcd")


def test_melee_seats_follow_history():
    field = [Entrant("a", seats=(1, 1)), Entrant("b", seats=(2, 1)), Entrant("c", seats=(3, 2))]
    assert pair_round("melee", 3, field, seed=1).tables == (("c", "b", "a"),)
