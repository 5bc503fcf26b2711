"""The JSON form of a deck, and the errors of reading and writing decklists."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from decks.validation import DeckSpec

# "name": the deck's name, as the site's JSON export writes it (read by decks.check.read_deck).
_JSON_KEYS = {"version", "name", "house", "agendas", "cards"}
MAX_JSON_DEPTH = 20  # a deck is 2 levels deep; a body nested deeper is no deck
MAX_DECK_CARDS = 300  # different cards; a deck has a few dozen
MAX_AGENDAS = 10
_LISTED = 10  # unknown keys named one by one; the rest are counted


class DecklistError(ValueError):
    """A deck that cannot be written, or JSON of the wrong shape; ``problems`` lists each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__(" ".join(self.problems))

    def __reduce__(self):
        return (type(self), (self.problems,))


class DeckJSONError(DecklistError):
    """A JSON deck of the wrong shape."""


class DecklistTooLarge(DecklistError):
    """A text too long to read as a decklist (see ``decks.decklist.text.MAX_LINES``)."""


def json_depth(value: Any) -> int:
    """How deeply JSON data nests arrays and objects, counted without recursion.

    >>> json_depth({"cards": {"core_2": 3}}), json_depth([[[]]]), json_depth(3)
    (2, 3, 0)
    """
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping):
            children = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def load_json(text: str | bytes, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """JSON text as data; a :class:`DeckJSONError` for bad JSON or JSON nested too deeply
    (which would exhaust the interpreter's stack: never a ``RecursionError``).

    >>> load_json("[" * 100_000)
    Traceback (most recent call last):
    ...
    decks.decklist.jsonform.DeckJSONError: The JSON is nested too deeply (at most 20 levels).
    """
    too_deep = DeckJSONError([f"The JSON is nested too deeply (at most {max_depth} levels)."])
    try:
        data = json.loads(text)
    except RecursionError:
        raise too_deep from None
    except ValueError as error:  # JSONDecodeError, bad UTF-8, too many digits
        raise DeckJSONError([f"Not valid JSON: {error}."]) from None
    if json_depth(data) > max_depth:
        raise too_deep
    return data


def _show(value: Any) -> str:
    """A value for a message: short, and never the repr of a whole (deep) structure."""
    if isinstance(value, Mapping | list | tuple):
        return f"a {'JSON object' if isinstance(value, Mapping) else 'list'}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def deck_to_json(deck: DeckSpec) -> dict[str, Any]:
    """The deck as a JSON-ready dict.

    >>> deck_to_json(DeckSpec("Stark", ["dotn_19"], {"core_2": 3}))
    {'version': 1, 'house': 'Stark', 'agendas': ['dotn_19'], 'cards': {'core_2': 3}}
    """
    return {
        "version": 1,
        "house": deck.house,
        "agendas": list(deck.agendas),
        "cards": dict(deck.entries),
    }


def deck_from_json(data: str | bytes | Mapping[str, Any]) -> DeckSpec:
    """A deck from :func:`deck_to_json`'s shape (a dict, or JSON text); every shape error at once.

    >>> try:
    ...     deck_from_json('{"house": "Stark", "cards": {"core_2": 0}, "colour": "red"}')
    ... except DeckJSONError as error:
    ...     print(*error.problems, sep="\\n")
    Unknown key 'colour'.
    cards['core_2'] must be a whole number of at least 1, not 0.
    """
    if isinstance(data, str | bytes):
        data = load_json(data)
    if not isinstance(data, Mapping):
        raise DeckJSONError([f"A deck must be a JSON object, not {type(data).__name__}."])
    unknown = [key for key in data if key not in _JSON_KEYS]
    problems = [f"Unknown key {_show(key)}." for key in unknown[:_LISTED]]
    if len(unknown) > _LISTED:
        problems.append(f"And {len(unknown) - _LISTED} more unknown keys.")
    version = data.get("version", 1)
    if version != 1:
        problems.append(f"Unsupported version {_show(version)}; expected 1.")
    if not isinstance(data.get("name", ""), str):
        problems.append(f"name must be a string, not {type(data['name']).__name__}.")
    house = data.get("house", "")
    if not isinstance(house, str):
        problems.append(f"house must be a string, not {type(house).__name__}.")
    agendas = data.get("agendas", [])
    if not isinstance(agendas, list) or not all(isinstance(a, str) for a in agendas):
        problems.append("agendas must be a list of card codes (strings).")
    elif len(agendas) > MAX_AGENDAS:
        problems.append(f"A deck has at most {MAX_AGENDAS} agendas; this one has {len(agendas)}.")
    cards = data.get("cards", {})
    if not isinstance(cards, Mapping):
        problems.append("cards must be an object of card code -> count.")
        cards = {}
    elif len(cards) > MAX_DECK_CARDS:
        problems.append(
            f"A deck has at most {MAX_DECK_CARDS} different cards; this one has {len(cards)}."
        )
        cards = {}
    for code, count in cards.items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            problems.append(
                f"cards[{_show(code)}] must be a whole number of at least 1, not {_show(count)}."
            )
    if problems:
        raise DeckJSONError(problems)
    return DeckSpec(house, tuple(agendas), dict(cards))
