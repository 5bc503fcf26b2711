"""Swiss pairings for joust, two-on-two and melee: the one place pairings are made.

Pure Python (no Django): plain data in, plain data out, used by the organizer's site, the
``pair_round`` command and the cut-odds simulation.

>>> result = pair_round("joust", 2, [Entrant("a", 3, ("b",)), Entrant("b", 0, ("a",)),
...                                  Entrant("c", 3, ("d",)), Entrant("d", 0, ("c",))], seed=1)
>>> sorted(sorted(t) for t in result.tables), result.byes
([['a', 'c'], ['b', 'd']], ())
>>> pair_round_json({"format": "melee", "round": 1, "seed": 7,
...                  "entrants": [{"id": x} for x in "abc"]})["tables"][0].__len__()
3
"""

from __future__ import annotations

from collections.abc import Sequence

from . import explain
from .core import FORMATS, Entrant, Field, Pairing, PairingError, TableExplanation, prepare
from .joust import BLOCK_SIZE, EXACT_LIMIT, match
from .melee import arrange, seat_order, table_sizes

__all__ = [
    "FORMATS",
    "Entrant",
    "Pairing",
    "PairingError",
    "TableExplanation",
    "pair_round",
    "pair_round_json",
    "table_sizes",
]


def pair_round(
    fmt: str,
    round_number: int,
    entrants: Sequence[Entrant],
    seed: int,
    *,
    exact_limit: int = EXACT_LIMIT,
    block_size: int = BLOCK_SIZE,
) -> Pairing:
    """Pair one round. Dropped entrants are left out; round 1 is in a seeded random order.

    ``exact_limit`` and ``block_size`` tune the large-field joust path (see ``joust``).
    """
    if fmt not in FORMATS:
        raise PairingError(f"unknown format {fmt!r}: expected one of {', '.join(FORMATS)}")
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise PairingError(f"round must be a positive integer, not {round_number!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PairingError(f"seed must be an integer, not {seed!r}")
    field_ = prepare(entrants, seed, shuffle_all=round_number == 1)
    if fmt == "melee":
        return _melee(field_, round_number, seed)
    if len(field_.players) < 2:
        raise PairingError(f"{fmt} needs at least 2 active entrants, got {len(field_.players)}")
    found = match(field_, exact_limit=exact_limit, block_size=block_size)
    by_id = {p.id: p for p in field_.players}
    tables = tuple(found.pairs)
    notes = [
        explain.joust_table(field_, n, by_id[a], by_id[b]) for n, (a, b) in enumerate(tables, 1)
    ]
    byes: tuple[str, ...] = ()
    if found.bye is not None:
        byes = (found.bye.id,)
        notes.append(explain.bye(field_, found.bye))
    return Pairing(tables=tables, byes=byes, explanations=tuple(notes), method=found.method)


def _melee(field_: Field, round_number: int, seed: int) -> Pairing:
    tables = arrange(field_, seed)
    biggest = max(len(t) for t in tables)
    seated = [seat_order(t, round_number) for t in tables]
    notes = tuple(explain.melee_table(n, t, len(t) < biggest) for n, t in enumerate(seated, 1))
    return Pairing(
        tables=tuple(tuple(p.id for p in t) for t in seated),
        byes=(),
        explanations=notes,
        method="melee",
    )


def _entrant(raw: object, index: int) -> Entrant:
    if not isinstance(raw, dict):
        raise PairingError(f"entrants[{index}] must be an object, not {type(raw).__name__}")
    known = {"id", "points", "opponents", "byes", "dropped", "rank", "seats"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise PairingError(f"entrants[{index}]: unknown field(s) {', '.join(unknown)}")
    if "id" not in raw:
        raise PairingError(f"entrants[{index}]: missing id")
    ident = raw["id"]
    if not isinstance(ident, str) or not ident:
        raise PairingError(f"entrants[{index}]: id must be a non-empty string, not {ident!r}")
    for name in ("opponents", "seats"):
        if not isinstance(raw.get(name, []), list):
            raise PairingError(f"entrant {ident!r}: {name} must be a list")
    return Entrant(
        id=ident,
        points=raw.get("points", 0),
        opponents=tuple(raw.get("opponents", [])),
        byes=raw.get("byes", 0),
        dropped=raw.get("dropped", False),
        rank=raw.get("rank"),
        seats=tuple(raw.get("seats", [])),
    )


def pair_round_json(data: object) -> dict:
    """Pair from the JSON shape ``{"format", "round", "seed", "entrants": [...]}``.

    Returns ``{"tables": [[id, ...], ...], "byes": [id, ...], "explanations": [...],
    "method": ...}``; raises :class:`PairingError` naming the problem for bad input.
    """
    if not isinstance(data, dict):
        raise PairingError("input must be a JSON object")
    missing = [k for k in ("format", "round", "entrants") if k not in data]
    if missing:
        raise PairingError(f"missing field(s): {', '.join(missing)}")
    entrants = data["entrants"]
    if not isinstance(entrants, list):
        raise PairingError("entrants must be a list")
    parsed = [_entrant(raw, i) for i, raw in enumerate(entrants)]
    result = pair_round(data["format"], data["round"], parsed, data.get("seed", 0))
    return result.to_dict()
