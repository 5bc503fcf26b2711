"""Final standings of an event with a top cut: the cut decides the top places.

Pure Python (no Django). The Swiss standings rank everyone by points and tiebreakers; once a
top cut is played, the final placings follow the cut instead: the champion, then the
finalist, then the semifinal losers (among themselves by Swiss rank), the quarterfinal
losers, and so on; everyone who did not make the cut follows, by Swiss rank. A melee cut is
one final table: its players are placed by their place at it. While the cut is still being
played, the players still in it come first, then those knocked out, latest round first.

>>> swiss = ["a", "b", "c", "d", "e"]
>>> semis = [CutGame(("a", "d"), {"a": 2, "d": 1}), CutGame(("b", "c"), {"b": 1, "c": 2})]
>>> final = [CutGame(("d", "b"), {"d": 2, "b": 1})]
>>> [(p.place, p.id, p.stage, p.champion) for p in final_standings(swiss, [semis, final])]
[(1, 'b', 'final', True), (2, 'd', 'final', False), (3, 'a', 'semifinal', False), (4, 'c', 'semifinal', False), (5, 'e', None, False)]
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["CutGame", "Placing", "cut_stage", "final_standings"]


@dataclass(frozen=True)
class CutGame:
    """One game of a top-cut round (or a bye: one player).

    ``places`` is each player's place at the game once it has a result (1 = won; a joust
    loser is 2), ``None`` while it is being played. A bye's player has won it.
    """

    players: tuple[str, ...]
    places: Mapping[str, int] | None = None

    def place_of(self, player: str) -> int | None:
        if len(self.players) == 1:
            return 1
        if self.places is None:
            return None
        return self.places.get(player)


@dataclass(frozen=True)
class Placing:
    """One line of the final standings.

    ``stage`` is the cut round the player reached last (:func:`cut_stage` of it), ``None``
    for a player outside the cut; ``finish`` their place at their last cut game (``None``
    while it is played, or outside the cut); ``out`` whether that game knocked them out;
    ``champion`` is set on the winner of the final only.
    """

    place: int
    id: str
    swiss_rank: int
    stage: str | None = None
    finish: int | None = None
    out: bool = False
    champion: bool = False


def cut_stage(games: int) -> str:
    """The name of a cut round by its number of games (byes included): ``final``,
    ``semifinal``, ``quarterfinal``, then ``round_of_16``, ``round_of_32``...

    >>> [cut_stage(n) for n in (1, 2, 4, 8)]
    ['final', 'semifinal', 'quarterfinal', 'round_of_16']
    """
    if games < 1:
        raise ValueError("a cut round has at least one game")
    return {1: "final", 2: "semifinal", 4: "quarterfinal"}.get(games, f"round_of_{2 * games}")


def final_standings(swiss: Sequence[str], cut: Sequence[Sequence[CutGame]] = ()) -> list[Placing]:
    """The final placings: ``swiss`` is every entrant in Swiss order (best first), ``cut``
    the cut rounds in order, each a list of its games. Without a cut it is the Swiss order.

    A player's place is decided by the last cut round they reached (later is better), then
    by their place at that game (a player whose game has no result yet counts as still in),
    then by Swiss rank. The champion is the winner of a final (a round of one game) that has
    its result.

    >>> [p.id for p in final_standings(["a", "b", "c"])]
    ['a', 'b', 'c']
    >>> melee = [[CutGame(("a", "b", "c"), {"a": 3, "b": 1, "c": 2})]]
    >>> [(p.id, p.finish, p.champion) for p in final_standings(["a", "b", "c", "d"], melee)]
    [('b', 1, True), ('c', 2, False), ('a', 3, False), ('d', None, False)]
    """
    rank = {player: index for index, player in enumerate(swiss, start=1)}
    if len(rank) != len(swiss):
        raise ValueError("each entrant appears once in the Swiss order")
    reached: dict[str, tuple[int, CutGame]] = {}
    for number, games in enumerate(cut, start=1):
        seen: set[str] = set()
        for game in games:
            for player in game.players:
                if player not in rank:
                    raise ValueError(f"cut round {number}: {player!r} is not an entrant")
                if player in seen:
                    raise ValueError(f"cut round {number}: {player!r} plays twice")
                seen.add(player)
                reached[player] = (number, game)
    last = len(cut)

    def key(player: str) -> tuple[int, int, int]:
        if player not in reached:
            return (1, 0, rank[player])
        number, game = reached[player]
        finish = game.place_of(player)
        return (-number, finish if finish is not None else 1, rank[player])

    order = sorted(swiss, key=key)
    out = []
    for place, player in enumerate(order, start=1):
        if player not in reached:
            out.append(Placing(place, player, rank[player]))
            continue
        number, game = reached[player]
        tables = len(cut[number - 1])
        finish = game.place_of(player)
        out.append(
            Placing(
                place,
                player,
                rank[player],
                stage=cut_stage(tables),
                finish=finish,
                out=finish is not None and (finish > 1 or number < last),
                champion=tables == 1 and number == last and finish == 1 and place == 1,
            )
        )
    return out
