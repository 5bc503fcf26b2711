"""The recommended structure of an event (Swiss rounds, top cut) and the single-elimination cut.

Pure Python (no Django). See ``docs/TOURNAMENT_RULES.md``.

>>> recommended_structure(20)
Structure(rounds=4, cut=4)
>>> [(m.top_seed, m.bottom_seed) for m in seed_bracket(["a", "b", "c", "d"])]
[(1, 4), (2, 3)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournaments.standings.table import StandingRow

__all__ = [
    "BracketMatch",
    "Structure",
    "TooFewPlayersError",
    "advance_bracket",
    "bracket_order",
    "recommended_structure",
    "replace_dropped_cut",
    "seed_bracket",
]

# --- Structure of an event ------------------------------------------------------------------


class TooFewPlayersError(ValueError):
    """Raised for fewer than four players: too few for a Swiss event."""


@dataclass(frozen=True)
class Structure:
    """The recommended number of Swiss rounds and the size of the top cut (0: no cut)."""

    rounds: int
    cut: int


# (largest number of players, rounds, cut), in increasing order; the last line has no limit.
_STRUCTURES: tuple[tuple[int | None, int, int], ...] = (
    (8, 3, 0),
    (16, 4, 0),
    (24, 4, 4),
    (40, 5, 4),
    (44, 5, 8),
    (76, 6, 8),
    (148, 6, 16),
    (None, 7, 16),
)


def recommended_structure(n_players: int) -> Structure:
    """The recommended Swiss rounds and top cut for ``n_players`` entrants.

    >>> recommended_structure(30)
    Structure(rounds=5, cut=4)
    >>> try:
    ...     recommended_structure(3)
    ... except TooFewPlayersError as error:
    ...     print(error)
    3 players are too few for a Swiss event: at least 4 are needed (with 2 or 3, play each other once instead)
    """  # noqa: E501
    if n_players < 4:
        raise TooFewPlayersError(
            f"{n_players} players are too few for a Swiss event: at least 4 are needed "
            "(with 2 or 3, play each other once instead)"
        )
    for most, rounds, cut in _STRUCTURES:
        if most is None or n_players <= most:
            return Structure(rounds, cut)
    raise AssertionError("unreachable: the last structure has no limit")  # pragma: no cover


# --- Top cut ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BracketMatch:
    """A match of a single-elimination bracket; ``top`` is the upper slot in bracket order.

    ``bottom`` is ``None`` for a bye (when the cut is not a power of two): ``top`` advances.
    Seeds are the 1-based places in the cut.
    """

    top: str
    bottom: str | None
    top_seed: int
    bottom_seed: int | None

    @property
    def is_bye(self) -> bool:
        """Whether this match is a bye for ``top``."""
        return self.bottom is None


def bracket_order(size: int) -> list[int]:
    """The seeds of a bracket of ``size`` (a power of two) slot by slot, top to bottom.

    Built by doubling: each seed ``s`` of the bracket half the size is followed by its
    opponent ``2 * half + 1 - s``, so seeds 1 and 2 can only meet in the final.

    >>> bracket_order(8)
    [1, 8, 4, 5, 2, 7, 3, 6]
    """
    if size < 1 or size & (size - 1):
        raise ValueError(f"a bracket size must be a power of two, not {size}")
    order = [1]
    while len(order) < size:
        slots = 2 * len(order)
        order = [seed for s in order for seed in (s, slots + 1 - s)]
    return order


def seed_bracket(seeds: Sequence[str]) -> list[BracketMatch]:
    """The first round of a single-elimination cut, in bracket order.

    ``seeds`` is the cut in standings order (seed 1 first). Seed 1 plays the last seed, 2 the
    one before it, and so on; the matches are listed so that winners of matches 1 and 2 meet
    next, then 3 and 4, etc. A cut that is not a power of two is padded with byes for the top
    seeds.

    >>> [(m.top_seed, m.bottom_seed) for m in seed_bracket(list("abcdefgh"))]
    [(1, 8), (4, 5), (2, 7), (3, 6)]
    >>> [(m.top, m.bottom) for m in seed_bracket(["a", "b", "c"])]
    [('a', None), ('b', 'c')]
    """
    if len(seeds) < 2:
        raise ValueError("a cut needs at least two players")
    if len(set(seeds)) != len(seeds):
        raise ValueError("a player can hold only one seed")
    size = 1 << (len(seeds) - 1).bit_length()
    order = bracket_order(size)
    matches = []
    for top_seed, bottom_seed in zip(order[::2], order[1::2], strict=True):
        bottom = seeds[bottom_seed - 1] if bottom_seed <= len(seeds) else None
        matches.append(
            BracketMatch(
                seeds[top_seed - 1], bottom, top_seed, bottom_seed if bottom is not None else None
            )
        )
    return matches


def advance_bracket(
    matches: Sequence[BracketMatch], winners: Sequence[str | None]
) -> list[BracketMatch]:
    """The next round of the bracket from this round's matches and their winners (in order).

    A bye's winner may be given as ``None`` (its ``top`` advances). The winners of matches
    1 and 2 meet, then 3 and 4, and so on. After the final (one match) there is no next round:
    the winner is the champion, and this raises ``ValueError``.

    >>> first = seed_bracket(["a", "b", "c", "d"])
    >>> final = advance_bracket(first, ["a", "c"])
    >>> final
    [BracketMatch(top='a', bottom='c', top_seed=1, bottom_seed=3)]
    """
    if len(matches) < 2 or len(matches) % 2:
        raise ValueError("only a round of an even number of matches (not the final) advances")
    if len(winners) != len(matches):
        raise ValueError(f"{len(matches)} matches need {len(matches)} winners, not {len(winners)}")
    advancing: list[tuple[str, int]] = []
    for match, winner in zip(matches, winners, strict=True):
        if (match.is_bye and winner in (None, match.top)) or winner == match.top:
            advancing.append((match.top, match.top_seed))
        elif winner is not None and winner == match.bottom and match.bottom_seed is not None:
            advancing.append((winner, match.bottom_seed))
        else:
            raise ValueError(f"{winner!r} did not play in {match}")
    return [
        BracketMatch(top, bottom, top_seed, bottom_seed)
        for (top, top_seed), (bottom, bottom_seed) in zip(
            advancing[::2], advancing[1::2], strict=True
        )
    ]


def replace_dropped_cut(
    standings: Sequence[str | StandingRow], cut_size: int, dropped: Iterable[str] = ()
) -> list[str]:
    """The players of the cut, in seed order, skipping everyone who dropped.

    ``standings`` is the final Swiss order (ids or :class:`StandingRow`; rows marked
    ``dropped`` are skipped too). A player dropping from the cut is replaced by the next one
    in the standings, and the seeds follow the standings. With fewer players left than
    ``cut_size``, the cut is simply smaller.

    >>> replace_dropped_cut(["a", "b", "c", "d", "e", "f"], 4, dropped={"b"})
    ['a', 'c', 'd', 'e']
    """
    if cut_size < 0:
        raise ValueError("the cut size cannot be negative")
    gone = set(dropped)
    cut: list[str] = []
    for entry in standings:
        if len(cut) == cut_size:
            break
        if isinstance(entry, StandingRow):
            if entry.dropped or entry.id in gone:
                continue
            cut.append(entry.id)
        elif entry not in gone:
            cut.append(entry)
    return cut
