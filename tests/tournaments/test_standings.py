"""Standings, tiebreakers, event structure and the top cut (tournaments.standings).

Pure Python, no database. The tiebreaker examples are computed by hand in the comments.
"""

from __future__ import annotations

import ast
import doctest
import os
import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from tournaments.scoring import Outcome, ScoringRules
from tournaments.standings import (
    BracketMatch,
    Bye,
    GameResult,
    MissedRound,
    Structure,
    TooFewPlayersError,
    advance_bracket,
    bracket_order,
    random_key,
    recommended_structure,
    replace_dropped_cut,
    seed_bracket,
    standings,
)
from tournaments.standings import cut as cut_module
from tournaments.standings import table as table_module

ROOT = Path(__file__).resolve().parents[2]
PURE = [
    ROOT / "tournaments" / "scoring.py",
    *sorted((ROOT / "tournaments" / "standings").glob("*.py")),
]
W, MW, D, ML, L = "win", "modified_win", "draw", "modified_loss", "loss"
H2H = ScoringRules(head_to_head=True)


def joust(round_number, a, b, outcome_a):
    return GameResult.joust(round_number, a, b, outcome_a)


def by_id(rows):
    return {row.id: row for row in rows}


def ids(rows):
    return [row.id for row in rows]


# --- The pure modules -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        ROOT / "tournaments" / "scoring.py",
        *sorted((ROOT / "tournaments" / "standings").glob("*.py")),
    ],
    ids=lambda p: p.name,
)
def test_scoring_and_standings_import_no_django(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
    assert names, "the scan found no imports at all"
    allowed_project = ("tournaments.scoring", "tournaments.standings")
    for name in names:
        top = name.split(".")[0]
        assert top not in {"django", "rest_framework", "celery", "config", ""}, name
        if top in {"tournaments", "decks", "accounts", "gameplay"}:
            assert name.startswith(allowed_project), name


@pytest.mark.parametrize("module", [table_module, cut_module], ids=lambda m: m.__name__)
def test_doctests_pass(module):
    result = doctest.testmod(module)
    assert result.attempted > 0
    assert result.failed == 0


# --- A 6-player, 3-round joust event ------------------------------------------------------------
#
# R1: A beats B (5/0)         C mod-wins D (4/1)     E draws F (2/2)
# R2: A mod-wins C (4/1)      B beats E (5/0)        D beats F (5/0)
# R3: A draws D (2/2)         B beats F (5/0)        E mod-wins C (4/1)
#
# Points: A 5+4+2 = 11, B 0+5+5 = 10, C 4+1+1 = 6, D 1+5+2 = 8, E 2+0+4 = 6, F 2+0+0 = 2.
# Everyone played 3 rounds, so points per round: A 11/3, B 10/3, C 6/3, D 8/3, E 6/3, F 2/3.
# SoS (mean of opponents' points per round):
#   A (B, C, D): (10 + 6 + 8)/3 / 3 = 24/9 = 8/3     B (A, E, F): (11 + 6 + 2)/9 = 19/9
#   C (D, A, E): (8 + 11 + 6)/9   = 25/9             D (C, F, A): (6 + 2 + 11)/9 = 19/9
#   E (F, B, C): (2 + 10 + 6)/9   = 18/9 = 2         F (E, D, B): (6 + 8 + 10)/9 = 24/9 = 8/3
# ESoS (mean of opponents' SoS, in ninths):
#   A: (19 + 25 + 19)/27 = 63/27 = 7/3               B: (24 + 18 + 24)/27 = 66/27 = 22/9
#   C: (19 + 24 + 18)/27 = 61/27                     D: (25 + 24 + 24)/27 = 73/27
#   E: (24 + 19 + 25)/27 = 68/27                     F: (18 + 19 + 19)/27 = 56/27
# Order: A 11, B 10, D 8, then C and E on 6: C's SoS 25/9 beats E's 2, then F 2.
# With head-to-head, E (who beat C in round 3) ranks above C.

SIX = ["A", "B", "C", "D", "E", "F"]
SIX_RESULTS = [
    joust(1, "A", "B", W),
    joust(1, "C", "D", MW),
    joust(1, "E", "F", D),
    joust(2, "A", "C", MW),
    joust(2, "B", "E", W),
    joust(2, "D", "F", W),
    joust(3, "A", "D", D),
    joust(3, "B", "F", W),
    joust(3, "E", "C", MW),
]


def test_six_player_event_points_and_order():
    rows = standings(SIX, SIX_RESULTS, seed=1)
    assert ids(rows) == ["A", "B", "D", "C", "E", "F"]
    assert [row.rank for row in rows] == [1, 2, 3, 4, 5, 6]
    assert [by_id(rows)[p].points for p in SIX] == [11, 10, 6, 8, 6, 2]
    assert all(row.rounds_played == 3 for row in rows)


def test_six_player_event_strength_of_schedule():
    rows = by_id(standings(SIX, SIX_RESULTS))
    expected = {
        "A": Fraction(8, 3),
        "B": Fraction(19, 9),
        "C": Fraction(25, 9),
        "D": Fraction(19, 9),
        "E": Fraction(2),
        "F": Fraction(8, 3),
    }
    assert {p: rows[p].sos for p in SIX} == expected


def test_six_player_event_extended_strength_of_schedule():
    rows = by_id(standings(SIX, SIX_RESULTS))
    expected = {
        "A": Fraction(7, 3),
        "B": Fraction(22, 9),
        "C": Fraction(61, 27),
        "D": Fraction(73, 27),
        "E": Fraction(68, 27),
        "F": Fraction(56, 27),
    }
    assert {p: rows[p].esos for p in SIX} == expected


def test_six_player_event_records_and_opponents():
    rows = by_id(standings(SIX, SIX_RESULTS))
    # A: W, MW, D; C: MW, ML, ML; F: D, L, L.
    assert (rows["A"].wins, rows["A"].draws, rows["A"].losses) == (2, 1, 0)
    assert (rows["C"].wins, rows["C"].draws, rows["C"].losses) == (1, 0, 2)
    assert (rows["F"].wins, rows["F"].draws, rows["F"].losses) == (0, 1, 2)
    assert rows["A"].opponents == ("B", "C", "D")
    assert rows["E"].opponents == ("F", "B", "C")
    assert all(row.byes == 0 and not row.dropped for row in rows.values())


def test_strength_of_schedule_breaks_a_points_tie_regardless_of_seed():
    # C and E are both on 6; C's SoS (25/9) beats E's (2) under every seed.
    for seed in range(10):
        order = ids(standings(SIX, SIX_RESULTS, seed=seed))
        assert order.index("C") < order.index("E")


def test_head_to_head_first_when_switched_on():
    rows = standings(SIX, SIX_RESULTS, rules=H2H)
    assert ids(rows) == ["A", "B", "D", "E", "C", "F"]
    # E earned 4 and C 1 in their game; players alone on their points get no value.
    assert by_id(rows)["E"].head_to_head == 4
    assert by_id(rows)["C"].head_to_head == 1
    assert by_id(rows)["A"].head_to_head is None


# --- ESoS as the deciding tiebreaker ---------------------------------------------------------
#
# R1: P beats X, Q beats Y, U beats V.    R2: X beats U, Y beats V; P and Q have byes.
# P and Q: 10 points in 2 rounds. X and Y: 5 in 2 rounds (ratio 5/2), so SoS(P) = SoS(Q) = 5/2.
# ESoS(P) = SoS(X) = mean(ratio P, ratio U) = (10/2 + 5/2)/2 = 15/4
# ESoS(Q) = SoS(Y) = mean(ratio Q, ratio V) = (10/2 + 0/2)/2 = 5/2     -> P above Q.

ESOS_PLAYERS = ["P", "Q", "X", "Y", "U", "V"]
ESOS_RESULTS = [
    joust(1, "P", "X", W),
    joust(1, "Q", "Y", W),
    joust(1, "U", "V", W),
    joust(2, "X", "U", W),
    joust(2, "Y", "V", W),
]
ESOS_BYES = [Bye(2, "P"), Bye(2, "Q")]


def test_extended_strength_of_schedule_breaks_a_sos_tie():
    seeds_where_random_prefers_q = [
        seed for seed in range(20) if random_key(seed, "Q") < random_key(seed, "P")
    ]
    assert seeds_where_random_prefers_q  # so the random order alone would put Q first
    for seed in range(20):
        rows = by_id(standings(ESOS_PLAYERS, ESOS_RESULTS, ESOS_BYES, seed=seed))
        assert rows["P"].points == rows["Q"].points == 10
        assert rows["P"].sos == rows["Q"].sos == Fraction(5, 2)
        assert (rows["P"].esos, rows["Q"].esos) == (Fraction(15, 4), Fraction(5, 2))
        assert rows["P"].rank < rows["Q"].rank


# --- Byes and drops ---------------------------------------------------------------------------
#
# R1: X beats W, Y beats Z.  X drops.  R2: W beats Y, Z has a bye.  R3: W beats Z, Y has a bye.
# W 10 (3 rounds), X 5 (1 round), Y 10 (3 rounds), Z 5 (3 rounds).
# SoS(W) = mean(X 5/1, Y 10/3, Z 5/3) = (5 + 5)/3 = 10/3.
#   Naive, dividing by the event's 3 rounds: (5/3 + 10/3 + 5/3)/3 = 20/9 (the drop dilutes X).
# SoS(Z) = mean(Y 10/3, W 10/3) = 10/3 (the bye adds no opponent).
#   Naive, counting the bye as a 0-point opponent: (10/3 + 0 + 10/3)/3 = 20/9.
# SoS(Y) = mean(Z 5/3, W 10/3) = 5/2.   SoS(X) = W's 10/3.
# W and Y on 10: W's SoS 10/3 beats 5/2. X and Z on 5 and SoS 10/3: ESoS decides:
# ESoS(X) = SoS(W) = 10/3 = 40/12; ESoS(Z) = mean(SoS Y, SoS W) = (5/2 + 10/3)/2 = 35/12.

DROP_PLAYERS = ["W", "X", "Y", "Z"]
DROP_RESULTS = [
    joust(1, "X", "W", W),
    joust(1, "Y", "Z", W),
    joust(2, "W", "Y", W),
    joust(3, "W", "Z", W),
]
DROP_BYES = [Bye(2, "Z"), Bye(3, "Y")]


def drop_rows(**kwargs):
    return standings(DROP_PLAYERS, DROP_RESULTS, DROP_BYES, dropped=["X"], **kwargs)


def test_a_dropped_opponent_counts_over_the_rounds_they_played():
    rows = by_id(drop_rows())
    assert (rows["X"].points, rows["X"].rounds_played) == (5, 1)
    assert rows["W"].sos == Fraction(10, 3)  # naive: 20/9


def test_a_bye_is_not_an_opponent_but_counts_as_a_round_played():
    rows = by_id(drop_rows())
    assert rows["Z"].opponents == ("Y", "W")
    assert rows["Z"].byes == 1
    assert (rows["Z"].points, rows["Z"].rounds_played) == (5, 3)
    assert rows["Z"].sos == Fraction(10, 3)  # naive: 20/9
    assert rows["Y"].sos == Fraction(5, 2)


def test_dropped_players_stay_ranked_and_are_marked():
    rows = drop_rows()
    assert ids(rows) == ["W", "Y", "X", "Z"]
    assert [row.dropped for row in rows] == [False, False, True, False]
    assert (by_id(rows)["X"].esos, by_id(rows)["Z"].esos) == (Fraction(10, 3), Fraction(35, 12))


def test_an_entrant_without_games_has_zero_everything():
    rows = by_id(standings(["A", "B", "late"], [joust(1, "A", "B", W)]))
    late = rows["late"]
    assert (late.points, late.rounds_played, late.sos, late.esos, late.opponents) == (
        0,
        0,
        0,
        0,
        (),
    )
    assert late.rank == 3


def test_only_byes_means_no_opponents():
    rows = by_id(standings(["A", "B", "C"], [joust(1, "A", "B", W)], [Bye(1, "C")]))
    assert (rows["C"].points, rows["C"].sos, rows["C"].esos) == (5, 0, 0)


def test_bye_points_follow_the_rules():
    rows = by_id(standings(["A"], [], [Bye(1, "A"), Bye(2, "A")], rules=ScoringRules(bye=4)))
    assert rows["A"].points == 8


# --- Head-to-head -----------------------------------------------------------------------------
#
# A round robin of four, set so that A, B and C all finish on 6 and have all met:
#   A beats B (5/0), B beats C (5/0), C mod-wins against A (4/1)
#   D beats A (5/0), D mod-wins against B (4/1), C draws D (2/2)
# A 5+1+0 = 6, B 0+5+1 = 6, C 0+4+2 = 6, D 5+4+2 = 11.
# SoS of A, B, C: (2 + 2 + 11/3)/3 = 23/9 each; ESoS is equal too (each met the same three
# SoS values), so only the random order separates them without head-to-head.
# Head-to-head points among A, B, C: A 5+1 = 6, B 0+5 = 5, C 0+4 = 4 -> A, B, C.

ROBIN = ["A", "B", "C", "D"]
ROBIN_RESULTS = [
    joust(1, "A", "B", W),
    joust(1, "C", "D", D),
    joust(2, "B", "C", W),
    joust(2, "D", "A", W),
    joust(3, "C", "A", MW),
    joust(3, "D", "B", MW),
]


def test_head_to_head_orders_a_three_way_tie_that_all_met():
    for seed in range(10):
        rows = standings(ROBIN, ROBIN_RESULTS, rules=H2H, seed=seed)
        assert ids(rows) == ["D", "A", "B", "C"]
        assert [row.head_to_head for row in rows] == [None, 6, 5, 4]


def test_without_head_to_head_the_three_way_tie_goes_to_the_random_order():
    orders = set()
    for seed in range(10):
        rows = standings(ROBIN, ROBIN_RESULTS, seed=seed)
        assert len({(r.points, r.sos, r.esos) for r in rows[1:]}) == 1
        assert rows[1].sos == Fraction(23, 9)
        tied = rows[1:]
        assert [r.id for r in tied] == sorted(
            (r.id for r in tied), key=lambda p: random_key(seed, p)
        )
        orders.add(tuple(ids(tied)))
    assert len(orders) > 1


def test_head_to_head_is_skipped_when_a_pair_of_the_tied_group_has_not_met():
    # A, C and E all won their only game and never met each other: head-to-head does not apply.
    results = [joust(1, "A", "B", W), joust(1, "C", "D", W), joust(1, "E", "F", W)]
    for seed in range(5):
        on = standings(SIX, results, rules=H2H, seed=seed)
        off = standings(SIX, results, seed=seed)
        assert ids(on) == ids(off)
        assert all(row.head_to_head is None for row in on)


def test_an_even_head_to_head_falls_through_to_sos():
    # A and B split two games (5/0 and 0/5): equal head-to-head, so SoS decides as without it.
    results = [
        joust(1, "A", "B", W),
        joust(1, "C", "D", W),
        joust(2, "B", "A", W),
        joust(2, "C", "D", W),
    ]
    rows = by_id(standings(["A", "B", "C", "D"], results, rules=H2H))
    assert rows["A"].head_to_head == rows["B"].head_to_head == 5
    assert ids(standings(["A", "B", "C", "D"], results, rules=H2H)) == ids(
        standings(["A", "B", "C", "D"], results)
    )


def test_melee_tables_do_not_count_for_head_to_head():
    tables = [GameResult.melee(1, {"a": 1, "b": 1, "c": 3})]
    rows = standings(["a", "b", "c"], tables, rules=H2H)
    assert all(row.head_to_head is None for row in rows)


# --- The seeded random order ------------------------------------------------------------------


def test_random_key_is_a_sha256_of_seed_and_id():
    import hashlib

    digest = hashlib.sha256(b"42\x1fann").digest()
    assert random_key(42, "ann") == int.from_bytes(digest[:8], "big")


def test_random_order_is_stable_across_calls_and_differs_between_seeds():
    players = [f"p{i}" for i in range(12)]
    # nobody has played: everything is tied, so the random order is the whole order.
    first = ids(standings(players, [], seed=7))
    assert ids(standings(players, [], seed=7)) == first
    assert ids(standings(list(reversed(players)), [], seed=7)) == first
    assert ids(standings(players, [], seed=8)) != first
    assert ids(standings(players, [], seed="event-8")) != first


def test_random_order_is_the_same_in_another_process():
    players = [f"p{i}" for i in range(12)]
    code = (
        "from tournaments.standings import standings;"
        f"print(','.join(r.id for r in standings({players!r}, [], seed=7)))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip().split(",") == ids(standings(players, [], seed=7))


# --- Melee standings --------------------------------------------------------------------------
#
# One round: table 1 a, b, c, d in that order (10/6/3/0); table 2 e, f, g (7/3/0).
# SoS (opponents = everyone at the table, one round each):
#   a (6+3+0)/3 = 3; b (10+3+0)/3 = 13/3; c (10+6+0)/3 = 16/3; d (10+6+3)/3 = 19/3
#   e (3+0)/2 = 3/2; f (7+0)/2 = 7/2; g (7+3)/2 = 5
# Order: a 10, e 7, b 6, then c and f on 3 (16/3 > 7/2), then d and g on 0 (19/3 > 5).


def test_melee_standings_use_everyone_at_the_table():
    tables = [
        GameResult.melee(1, {"a": 1, "b": 2, "c": 3, "d": 4}),
        GameResult.melee(1, {"e": 1, "f": 2, "g": 3}),
    ]
    rows = standings(list("abcdefg"), tables)
    assert ids(rows) == ["a", "e", "b", "c", "f", "d", "g"]
    sos = {row.id: row.sos for row in rows}
    assert sos == {
        "a": 3,
        "b": Fraction(13, 3),
        "c": Fraction(16, 3),
        "d": Fraction(19, 3),
        "e": Fraction(3, 2),
        "f": Fraction(7, 2),
        "g": 5,
    }
    assert by_id(rows)["a"].opponents == ("b", "c", "d")
    assert by_id(rows)["a"].wins == 0  # win/draw/loss counts two-sided games only


def test_shared_melee_places_keep_exact_half_points():
    tables = [GameResult.melee(1, {"a": 1, "b": 2, "c": 2, "d": 4})]
    rows = by_id(standings(list("abcd"), tables))
    assert rows["b"].points == rows["c"].points == Fraction(9, 2)
    # a's SoS: (9/2 + 9/2 + 0)/3 = 3
    assert rows["a"].sos == 3


def test_two_on_two_teams_are_entrants():
    rows = standings(["Starks", "Lannisters"], [joust(1, "Starks", "Lannisters", MW)])
    assert [(row.id, row.points) for row in rows] == [("Starks", 4), ("Lannisters", 1)]


# --- Input checks -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entrants", "results", "byes", "dropped", "message"),
    [
        (["A", "A"], [], [], [], "unique"),
        (["A", "B"], [joust(1, "A", "Z", W)], [], [], "'Z' is not an entrant"),
        (["A", "B"], [joust(1, "A", "B", W), joust(1, "B", "A", W)], [], [], "appears twice"),
        (["A", "B"], [joust(1, "A", "B", W)], [Bye(1, "A")], [], "appears twice"),
        (["A", "B"], [], [], ["C"], "unknown dropped"),
    ],
)
def test_inconsistent_input_is_refused(entrants, results, byes, dropped, message):
    with pytest.raises(ValueError, match=message):
        standings(entrants, results, byes, dropped=dropped)


def test_game_results_are_checked():
    with pytest.raises(ValueError, match="exactly the players"):
        GameResult(1, ("a", "b"), {"a": 5, "c": 0})
    with pytest.raises(ValueError, match="distinct"):
        GameResult(1, ("a", "a"), {"a": 5})
    with pytest.raises(ValueError, match="numbered from 1"):
        GameResult(0, ("a", "b"), {"a": 5, "b": 0})


# --- Against a plain reference implementation -----------------------------------------------


def reference_tiebreakers(entrants, results, byes, bye_points=5):
    """SoS and ESoS straight from the definitions, with Fractions (slow, obviously right)."""
    points = dict.fromkeys(entrants, Fraction(0))
    rounds = dict.fromkeys(entrants, 0)
    opponents = {e: [] for e in entrants}
    for game in results:
        for p in game.players:
            points[p] += game.points[p]
            rounds[p] += 1
            opponents[p] += [o for o in game.players if o != p]
    for bye in byes:
        points[bye.player] += bye_points
        rounds[bye.player] += 1

    def mean(values):
        return sum(values, Fraction(0)) / len(values) if values else Fraction(0)

    sos = {e: mean([points[o] / rounds[o] for o in opponents[e]]) for e in entrants}
    esos = {e: mean([sos[o] for o in opponents[e]]) for e in entrants}
    return points, sos, esos


def random_event(rng, n_players, n_rounds, melee):
    players = [f"p{i}" for i in range(n_players)]
    active = list(players)
    results, byes = [], []
    for round_number in range(1, n_rounds + 1):
        if len(active) > 4 and rng.random() < 0.3:
            active.remove(rng.choice(active))  # a drop
        order = rng.sample(active, len(active))
        size = 4 if melee else 2
        while len(order) % size and not melee:
            byes.append(Bye(round_number, order.pop()))
        for start in range(0, len(order) - size + 1, size):
            table = order[start : start + size]
            if melee:
                results.append(
                    GameResult.melee(round_number, {p: rng.randint(1, 4) for p in table})
                )
            else:
                outcome = rng.choice([W, MW, D, ML, L])
                results.append(GameResult.joust(round_number, table[0], table[1], outcome))
        for p in order[len(order) - len(order) % size :] if melee else []:
            byes.append(Bye(round_number, p))
    return players, results, byes


@pytest.mark.parametrize("melee", [False, True], ids=["joust", "melee"])
def test_tiebreakers_match_the_reference_on_random_events(melee):
    rng = random.Random(2013)
    for _ in range(30):
        players, results, byes = random_event(rng, rng.randint(4, 23), rng.randint(1, 6), melee)
        rows = standings(players, results, byes, seed=rng.randint(0, 99))
        points, sos, esos = reference_tiebreakers(players, results, byes)
        assert {r.id: (r.points, r.sos, r.esos) for r in rows} == {
            p: (points[p], sos[p], esos[p]) for p in players
        }
        keys = [(-r.points, -r.sos, -r.esos) for r in rows]
        assert keys == sorted(keys)


# --- Recommended structure --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "rounds", "cut"),
    [
        (4, 3, 0),
        (8, 3, 0),
        (9, 4, 0),
        (16, 4, 0),
        (17, 4, 4),
        (24, 4, 4),
        (25, 5, 4),
        (40, 5, 4),
        (41, 5, 8),
        (44, 5, 8),
        (45, 6, 8),
        (76, 6, 8),
        (77, 6, 16),
        (148, 6, 16),
        (149, 7, 16),
        (1000, 7, 16),
    ],
)
def test_recommended_structure_at_every_boundary(players, rounds, cut):
    assert recommended_structure(players) == Structure(rounds, cut)


@pytest.mark.parametrize("players", [3, 2, 1, 0, -1])
def test_too_few_players_get_a_clear_message(players):
    with pytest.raises(TooFewPlayersError, match="at least 4 are needed"):
        recommended_structure(players)


# --- Top cut ----------------------------------------------------------------------------------


def seeds_of(matches):
    return [(m.top_seed, m.bottom_seed) for m in matches]


def test_bracket_of_four_and_eight():
    assert seeds_of(seed_bracket(list("abcd"))) == [(1, 4), (2, 3)]
    matches = seed_bracket(list("abcdefgh"))
    assert seeds_of(matches) == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert matches[0] == BracketMatch("a", "h", 1, 8)


def test_bracket_of_sixteen():
    assert seeds_of(seed_bracket([f"s{i}" for i in range(1, 17)])) == [
        (1, 16),
        (8, 9),
        (4, 13),
        (5, 12),
        (2, 15),
        (7, 10),
        (3, 14),
        (6, 11),
    ]


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32])
def test_top_seeds_meet_only_as_late_as_possible(size):
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    # every first-round pair sums to size + 1; seeds 1 and 2 are in different halves.
    assert all(a + b == size + 1 for a, b in zip(order[::2], order[1::2], strict=True))
    assert (order.index(1) < size // 2) != (order.index(2) < size // 2)
    if size >= 4:  # 1 to 4 are in four different quarters
        assert len({order.index(s) // (size // 4) for s in (1, 2, 3, 4)}) == 4


def test_a_cut_that_is_not_a_power_of_two_gives_the_top_seeds_byes():
    matches = seed_bracket(list("abcdef"))
    assert [(m.top, m.bottom) for m in matches] == [
        ("a", None),
        ("d", "e"),
        ("b", None),
        ("c", "f"),
    ]
    assert [m.is_bye for m in matches] == [True, False, True, False]
    semis = advance_bracket(matches, [None, "e", "b", "c"])
    assert semis == [BracketMatch("a", "e", 1, 5), BracketMatch("b", "c", 2, 3)]


def test_advancing_an_eight_player_bracket_to_the_champion():
    first = seed_bracket(list("abcdefgh"))
    semis = advance_bracket(first, ["a", "e", "g", "c"])
    assert semis == [BracketMatch("a", "e", 1, 5), BracketMatch("g", "c", 7, 3)]
    final = advance_bracket(semis, ["e", "g"])
    assert final == [BracketMatch("e", "g", 5, 7)]
    with pytest.raises(ValueError, match="not the final"):
        advance_bracket(final, ["e"])


def test_advancing_checks_the_winners():
    first = seed_bracket(list("abcd"))
    with pytest.raises(ValueError, match="did not play"):
        advance_bracket(first, ["a", "a"])
    with pytest.raises(ValueError, match="need 2 winners"):
        advance_bracket(first, ["a"])
    with pytest.raises(ValueError, match="did not play"):
        advance_bracket(first, [None, "b"])


def test_bad_cuts_are_refused():
    with pytest.raises(ValueError, match="at least two"):
        seed_bracket(["a"])
    with pytest.raises(ValueError, match="one seed"):
        seed_bracket(["a", "b", "a", "c"])
    with pytest.raises(ValueError, match="power of two"):
        bracket_order(6)


def test_a_player_dropping_from_the_cut_is_replaced_by_the_next():
    order = ["a", "b", "c", "d", "e", "f"]
    assert replace_dropped_cut(order, 4) == ["a", "b", "c", "d"]
    assert replace_dropped_cut(order, 4, dropped=["c"]) == ["a", "b", "d", "e"]
    assert replace_dropped_cut(order, 4, dropped=["a", "d"]) == ["b", "c", "e", "f"]
    assert replace_dropped_cut(order, 4, dropped=["a", "b", "c"]) == ["d", "e", "f"]
    assert seeds_of(seed_bracket(replace_dropped_cut(order, 4, dropped=["c"]))) == [
        (1, 4),
        (2, 3),
    ]


def test_the_cut_from_standing_rows_skips_rows_marked_dropped():
    rows = drop_rows()  # W, Y, X (dropped), Z
    assert replace_dropped_cut(rows, 3) == ["W", "Y", "Z"]
    assert replace_dropped_cut(rows, 3, dropped=["Y"]) == ["W", "Z"]


# --- Late entrants ----------------------------------------------------------------------------


def test_a_missed_round_is_a_loss_with_no_opponent_and_counts_as_played():

    rules = ScoringRules(loss=1, modified_loss=1)
    results = [
        GameResult.joust(1, "ann", "bob", Outcome.WIN, rules),
        GameResult.joust(2, "ann", "cat", Outcome.DRAW, rules),
        GameResult.joust(2, "bob", "dan", Outcome.WIN, rules),
    ]
    rows = {
        r.id: r
        for r in standings(
            ["ann", "bob", "cat", "dan"],
            results,
            [Bye(1, "dan")],
            missed=[MissedRound(1, "cat")],
            rules=rules,
        )
    }
    cat = rows["cat"]
    # cat: round 1 missed (a loss: 1 point here), round 2 drew with ann (2): 3 points in 2 rounds
    assert (cat.points, cat.rounds_played, cat.losses, cat.draws) == (3, 2, 1, 1)
    assert cat.opponents == ("ann",)
    # ann (7 points, 2 rounds) is cat's only opponent: SoS 7/2; ann's SoS averages bob and cat
    assert cat.sos == Fraction(7, 2)
    # bob: lost to ann (1), beat dan (5) = 6 in 2; cat: 3 in 2
    assert rows["ann"].sos == (Fraction(6, 2) + Fraction(3, 2)) / 2


def test_the_random_tiebreak_can_hash_names_so_it_survives_new_ids():
    results = [GameResult.joust(1, "1", "2", Outcome.WIN), GameResult.joust(1, "3", "4", "win")]
    names = {"1": "ann", "2": "bob", "3": "cat", "4": "dan"}
    renamed = {"11": "ann", "12": "bob", "13": "cat", "14": "dan"}
    moved = [GameResult.joust(1, "11", "12", "win"), GameResult.joust(1, "13", "14", "win")]
    for seed in range(20):
        first = standings(list(names), results, seed=seed, tiebreak_names=names)
        again = standings(list(renamed), moved, seed=seed, tiebreak_names=renamed)
        assert [names[r.id] for r in first] == [renamed[r.id] for r in again]
    # without the names, the order follows the ids: some seed must tell them apart
    orders = {tuple(r.id for r in standings(list(names), results, seed=seed)) for seed in range(20)}
    assert len(orders) > 1
