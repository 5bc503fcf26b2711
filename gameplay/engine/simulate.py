"""Bot-vs-bot games with the Core Set House decks; prints one JSON summary.

python -m gameplay.engine.simulate --variant joust --games 20 --seed 1 --bot greedy,random

Seat ``i`` plays the ``i``-th bot of ``--bot`` (cycling) and the decks rotate through
``--decks`` (default: the four Core Set decks) so that every deck meets every other from
every seat. A game that raises is listed under ``errors`` and the run goes on; a variant the
engine does not know yet shows up there as its :class:`ConfigError`.

Summary fields: ``wins`` (games won by a seat) + ``draws`` (games that ended without a winner,
such as the round limit) + ``unfinished`` (stopped at ``max_decisions``) + the number of
``errors`` == ``games``; ``finished`` is ``wins``.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from functools import lru_cache
from itertools import permutations
from pathlib import Path
from typing import Any

from gameplay.engine.actions import Action
from gameplay.engine.bots import BOTS, make_bots
from gameplay.engine.card_facts import default_cards_dir
from gameplay.engine.game import (
    GameConfig,
    PlayerConfig,
    apply_in_place,
    legal_actions,
    new_game,
    to_act,
)
from gameplay.engine.observe import observe
from gameplay.engine.state import GameState

CORE_DECKS = ("core-stark", "core-lannister", "core-baratheon", "core-targaryen")
# A starter deck for each House expansion: the Core Set plus that expansion (decks.generate).
EXPANSION_DECKS = {
    "kings-of-the-sea-greyjoy": "Kings of the Sea: Greyjoy",
    "princes-of-the-sun-martell": "Princes of the Sun: Martell",
    "lords-of-winter-stark": "Lords of Winter: Stark",
    "kings-of-the-storm-baratheon": "Kings of the Storm: Baratheon",
    "queen-of-dragons-targaryen": "Queen of Dragons: Targaryen",
    "lions-of-the-rock-lannister": "Lions of the Rock: Lannister",
}
# A deck for each House leaning on the first twelve chapter packs: the Core Set (and the
# House's expansion for Greyjoy and Martell) plus the packs (decks.generate).
CHAPTER_PACK_DECKS = {
    f"chapter-packs-{house}": f"Chapter packs: {house.title()}"
    for house in ("stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell")
}
HOUSES = ("stark", "lannister", "baratheon", "targaryen", "greyjoy", "martell")
# A deck for each House leaning on one cycle of chapter packs (the Core Set, the House's
# expansion for Greyjoy and Martell, and the cycle's six packs: decks.generate), by the
# cycle's card-code prefix: fixtures/decks/<cycle>-<house>.txt.
CYCLES = {
    "kl": "City of Secrets cycle",
    "dotn": "Defenders of the North cycle",
    "bwb": "Brotherhood Without Banners cycle",
    "soo": "Gates of the Citadel cycle",
    "atoc": "Tourney for the Hand cycle",
    "btns": "Valar Morghulis cycle",
    "asots": "Reach of the Kraken cycle",
    "kr": "The Banners Gather cycle",
    "cad": "Spoils of War cycle",
    "w": "Secrets and Schemes cycle",
}
CYCLE_DECKS = {
    cycle: {f"{cycle}-{house}": f"{label}: {house.title()}" for house in HOUSES}
    for cycle, label in CYCLES.items()
}
# Every deck a match offers to anyone, by file name (fixtures/decks/<name>.txt) -> label.
STARTER_DECKS = {
    **{name: name.replace("core-", "Core Set: ").title() for name in CORE_DECKS},
    **EXPANSION_DECKS,
    **CHAPTER_PACK_DECKS,
    **{name: label for decks in CYCLE_DECKS.values() for name, label in decks.items()},
}
DEFAULT_PLAYERS = {"joust": 2, "melee": 4, "teams": 4}
MAX_DECISIONS = 10_000


def decks_dir() -> Path:
    """The repository's ``fixtures/decks`` folder."""
    return default_cards_dir().parent / "decks"


@lru_cache(maxsize=16)
def load_deck(name: str) -> PlayerConfig:
    """A :class:`PlayerConfig` from ``fixtures/decks/<name>.txt`` (see :func:`read_decklist`)."""
    return read_decklist((decks_dir() / f"{name}.txt").read_text(encoding="utf-8"), name)


_CARD_LINE = re.compile(r"^(?:Agenda: )?(\d+x )?(.+) \(([^()]+)\)$")
_HEADER = re.compile(r"^([A-Za-z][A-Za-z ]*) \(\d+\)$")
# A section header without its count ("Plots", "Characters:"), as other sites write them.
_BARE_HEADER = re.compile(
    r"^(plots?|draw deck|characters?|locations?|attachments?|events?|agendas?)\s*:?$", re.I
)


def read_decklist(text: str, name: str = "deck") -> PlayerConfig:
    """A deck of the fixtures (``fixtures/decks/*.txt``) as a :class:`PlayerConfig`.

    Reads the text the site writes for a deck (``decks.decklist.write_decklist``), not every
    list a person may paste (that is ``decks.decklist.parse_decklist``, which reads these
    files alike: tests/gameplay/test_simulate.py): the deck's name on the first line or as
    ``Deck: name``, the House card's name (``House Stark``) or ``House: Stark``, ``Agenda:
    Name (Product)``, section headers with or without their count (``Plots (7)``, ``Plots``)
    and card lines ``3x Name (Product)``, where a card code may stand in for the product.
    The card's type says
    what it is (House, agenda, or one of the deck); the copies keep the order of the lines.
    Anything else raises ValueError.
    """
    if text.lstrip().startswith("{"):
        return _json_deck(text, name)
    pool = _card_pool()
    house, plots = "", False
    agendas: list[str] = []
    entries: dict[str, int] = {}
    problems: list[str] = []
    lines = [line.strip() for line in text.splitlines()]
    first = next((number for number, line in enumerate(lines) if line), -1)
    for number, line in enumerate(lines):
        header = _HEADER.match(line) or _BARE_HEADER.match(line)
        card_line = _CARD_LINE.match(line)
        if header:
            plots = header.group(1).casefold() in ("plots", "plot")
        elif line in pool.houses:
            house = pool.houses[line]
        elif line.startswith("House: "):
            house = line.removeprefix("House: ")
        elif card_line:
            count = int(card_line.group(1)[:-2]) if card_line.group(1) else 1
            card = pool.find(card_line.group(2), card_line.group(3), plots)
            if card is None:
                if number != first:  # a first line that is no card is the deck's name
                    problems.append(f"line {number + 1}: no card {line!r}")
            elif card["card_type"] == "house":
                house = (card.get("houses") or [card["name"]])[0]
            elif card["card_type"] == "agenda":
                agendas += [card["code"]] * count
            else:
                entries[card["code"]] = entries.get(card["code"], 0) + count
        elif line and number != first and not line.startswith("Deck: "):
            problems.append(f"line {number + 1}: cannot read {line!r}")
    if problems:
        raise ValueError(f"{name}: {problems}")
    codes = tuple(code for code, count in entries.items() for _ in range(count))
    return PlayerConfig(house, codes, agendas[0] if agendas else None)


def _json_deck(text: str, name: str) -> PlayerConfig:
    """A deck as the site's JSON export writes it (``{"name", "house", "agendas", "cards":
    {code: count}}``)."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ValueError(f"{name}: not JSON ({error})") from None
    pool = _card_pool()
    cards = data.get("cards") if isinstance(data, dict) else None
    if not isinstance(cards, dict) or not isinstance(data.get("house", ""), str):
        raise ValueError(f"{name}: a JSON deck has a house and cards {{code: count}}")
    unknown = [c for c in (*cards, *data.get("agendas", ())) if c not in pool.by_code]
    if unknown:
        raise ValueError(f"{name}: no card {unknown[:5]}")
    codes = tuple(code for code, count in cards.items() for _ in range(int(count)))
    agendas = list(data.get("agendas", ()))
    return PlayerConfig(data.get("house", ""), codes, agendas[0] if agendas else None)


class _Pool:
    """The fixture cards by code, by name and product (first printing first), and the House
    cards by name, as decklists name them."""

    def __init__(self, fixtures: Sequence[dict[str, Any]]) -> None:
        self.by_code: dict[str, dict[str, Any]] = {}
        self.by_name: dict[tuple[str, str], list[dict[str, Any]]] = {}
        self.products: dict[str, str] = {}
        self.houses: dict[str, str] = {}
        for fixture in fixtures:
            product = fixture["product"]
            for alias in (product["code"], product["name"]):
                self.products[alias.casefold()] = product["code"]
            for card in fixture["cards"]:
                self.by_code[card["code"]] = card
                self.by_name.setdefault((card["name"], product["code"]), []).append(card)
                if card["card_type"] == "house":
                    self.houses[card["name"]] = (card.get("houses") or [card["name"]])[0]
        for printings in self.by_name.values():
            printings.sort(key=lambda card: card.get("position") or 0)
        self.products.setdefault("core set", self.products.get("core", "core"))

    def find(self, name: str, tag: str, plot: bool) -> dict[str, Any] | None:
        """The card ``name`` of product (or card code) ``tag``: of that product's printings,
        the first that is a plot when ``plot``, else the first that is not, else the first."""
        card = self.by_code.get(tag)
        if card is not None:
            return card if card["name"] == name else None
        printings = self.by_name.get((name, self.products.get(tag.casefold(), "")), [])
        fitting = [card for card in printings if (card["card_type"] == "plot") == plot]
        return next(iter(fitting or printings), None)


@lru_cache(maxsize=1)
def _card_pool() -> _Pool:
    return _Pool(
        [
            json.loads(path.read_text(encoding="utf-8"))
            for path in sorted(default_cards_dir().glob("*.json"))
        ]
    )


def deck_rotation(game: int, players: int, decks: Sequence[str] = CORE_DECKS) -> tuple[str, ...]:
    """The deck names of game number ``game``: with at least as many decks as players, every
    seating of distinct decks in turn, the first seat's deck changing every game; else the
    decks in order from a different start each game (some decks then appear twice).

    >>> [deck_rotation(g, 2)[0][5:] + "/" + deck_rotation(g, 2)[1][5:] for g in (0, 1, 4)]
    ['stark/lannister', 'lannister/baratheon', 'stark/baratheon']
    """
    if not decks or players < 1:
        raise ValueError("deck_rotation needs at least one deck and one player.")
    if len(decks) < players:
        return tuple(decks[(game + seat) % len(decks)] for seat in range(players))
    seatings = _seatings(len(decks), players)
    return tuple(decks[i] for i in seatings[game % len(seatings)])


@lru_cache(maxsize=16)
def _seatings(decks: int, players: int) -> list[tuple[int, ...]]:
    by_first: list[list[tuple[int, ...]]] = [[] for _ in range(decks)]
    for seating in permutations(range(decks), players):
        by_first[seating[0]].append(seating)
    # Interleave so that consecutive games start from different decks, and within a first
    # deck rotate the opponents (the k-th seating of each first deck, then the k+1-th...).
    for group in by_first:
        group.sort(key=lambda s: [(x - s[0]) % decks for x in s])
    return [group[k] for k in range(len(by_first[0])) for group in by_first]


def game_config(
    decks: Sequence[str], seed: int, variant: str = "joust", round_limit: int = 10
) -> GameConfig:
    """A :class:`GameConfig` of the named decks (``fixtures/decks/<name>.txt``)."""
    return GameConfig(
        players=tuple(load_deck(name) for name in decks),
        seed=seed,
        variant=variant,
        round_limit=round_limit,
    )


def play_game(
    config: GameConfig,
    bots: str | Sequence[str] = "random",
    bot_seed: int = 0,
    max_decisions: int = MAX_DECISIONS,
    on_action: Callable[[GameState, Action], None] | None = None,
) -> tuple[GameState, list[Action]]:
    """Play one game with bots (see :func:`~gameplay.engine.bots.make_bots`); returns the
    final state and every action taken. Stops after ``max_decisions`` decisions even if the
    game is not over. ``on_action(state, action)`` is called after each action (the state
    is played on in place: read it there, never keep it)."""
    state = new_game(config)
    seats = make_bots(bots, len(state.players), bot_seed)
    taken: list[Action] = []
    while state.result is None and state.decisions < max_decisions:
        waiting = to_act(state)
        if not waiting:
            raise RuntimeError(f"No seat must act at step {state.queue[:1]} (game not over).")
        seat = waiting[0]
        actions = legal_actions(state, seat)
        if not actions:
            raise RuntimeError(f"Seat {seat} must act at {state.queue[:1]} but has no action.")
        action = seats[seat].choose(observe(state, seat), actions)
        apply_in_place(state, action)  # the game's own state: no copy per action
        taken.append(action)
        if on_action is not None:
            on_action(state, action)
    return state, taken


def play(
    config: GameConfig,
    bot_seed: int,
    max_decisions: int = MAX_DECISIONS,
    bots: str | Sequence[str] = "random",
) -> GameState:
    """Play one game with bots (random by default); returns the final state."""
    return play_game(config, bots, bot_seed, max_decisions)[0]


def winners(state: GameState) -> list[int]:
    """The winning seats of a finished game (a team game may have several), else []."""
    result = state.result or {}
    if result.get("winners") is not None:
        return list(result["winners"])
    return [] if result.get("winner") is None else [result["winner"]]


def simulate(
    games: int,
    seed: int,
    round_limit: int = 10,
    *,
    variant: str = "joust",
    players: int | None = None,
    bots: str | Sequence[str] = "random",
    decks: Sequence[str] = CORE_DECKS,
    max_decisions: int = MAX_DECISIONS,
) -> dict[str, Any]:
    """Play ``games`` games (game ``g``: seed ``seed + g``, decks :func:`deck_rotation`) and
    summarize them as plain data (see the module docstring)."""
    players = players or DEFAULT_PLAYERS.get(variant, 2)
    bot_names = [n.strip() for n in bots.split(",")] if isinstance(bots, str) else list(bots)
    unknown = [n for n in bot_names if n not in BOTS]
    if unknown:
        raise ValueError(f"Unknown bot {unknown}; known: {', '.join(BOTS)}.")
    wins = draws = unfinished = rounds = decisions = 0
    by_seat: Counter[int] = Counter()
    by_house: Counter[str] = Counter()
    times: list[float] = []
    errors: list[dict[str, Any]] = []
    for game in range(games):
        names = deck_rotation(game, players, decks)
        start = time.perf_counter()
        try:
            config = game_config(names, seed + game, variant, round_limit)
            state = play(config, seed + game, max_decisions, bot_names)
        except Exception as exc:  # one bad game must not end the run
            errors.append(
                {"game": game, "seed": seed + game, "decks": list(names), "error": _text(exc)}
            )
            continue
        times.append(time.perf_counter() - start)
        rounds += state.round
        decisions += state.decisions
        won = winners(state)
        if won:
            wins += 1
            for seat in won:
                by_seat[seat] += 1
                by_house[state.players[seat].house] += 1
        elif state.result is not None:
            draws += 1
        else:
            unfinished += 1
    played = len(times)
    return {
        "variant": variant,
        "players": players,
        "bots": [bot_names[s % len(bot_names)] for s in range(players)],
        "seed": seed,
        "round_limit": round_limit,
        "games": games,
        "finished": wins,
        "wins": wins,
        "draws": draws,
        "unfinished": unfinished,
        "mean_rounds": round(rounds / played, 3) if played else 0,
        "mean_decisions": round(decisions / played, 3) if played else 0,
        "wins_by_seat": {str(s): by_seat[s] for s in range(players)},
        "wins_by_house": dict(sorted(by_house.items())),
        "seconds_per_game": {
            "median": round(statistics.median(times), 4) if times else 0,
            "mean": round(statistics.fmean(times), 4) if times else 0,
        },
        "errors": errors,
    }


def _text(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def main(argv: Sequence[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--variant", default="joust", help="joust, melee or teams")
    parser.add_argument("--players", type=int, help="default: 2 for joust, 4 for melee/teams")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bot", default="random", help="random, greedy or a list: greedy,random")
    parser.add_argument("--decks", default=",".join(CORE_DECKS), help="deck names, comma-separated")
    parser.add_argument("--round-limit", type=int, default=10)
    parser.add_argument("--max-decisions", type=int, default=MAX_DECISIONS)
    args = parser.parse_args(argv)
    decks = [d.strip() for d in args.decks.split(",") if d.strip()]
    missing = [d for d in decks if not (decks_dir() / f"{d}.txt").exists()]
    if missing or not decks:
        parser.error(f"no deck file fixtures/decks/<name>.txt for {missing or 'an empty list'}")
    try:
        summary = simulate(
            args.games,
            args.seed,
            args.round_limit,
            variant=args.variant,
            players=args.players,
            bots=args.bot,
            decks=decks,
            max_decisions=args.max_decisions,
        )
    except ValueError as exc:
        parser.error(str(exc))
    json.dump(summary, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
