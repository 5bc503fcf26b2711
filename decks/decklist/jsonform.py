"""The JSON form of a deck, and the errors of reading and writing decklists."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from decks.validation import DeckSpec

_JSON_KEYS = {"version", "house", "agendas", "cards"}


class DecklistError(ValueError):
    """A deck that cannot be written, or JSON of the wrong shape; ``problems`` lists each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__(" ".join(self.problems))

    def __reduce__(self):
        return (type(self), (self.problems,))


class DeckJSONError(DecklistError):
    """A JSON deck of the wrong shape."""


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
        try:
            data = json.loads(data)
        except json.JSONDecodeError as error:
            raise DeckJSONError([f"Not valid JSON: {error}."]) from None
    if not isinstance(data, Mapping):
        raise DeckJSONError([f"A deck must be a JSON object, not {type(data).__name__}."])
    problems = [f"Unknown key {key!r}." for key in data if key not in _JSON_KEYS]
    if data.get("version", 1) != 1:
        problems.append(f"Unsupported version {data.get('version')!r}; expected 1.")
    house = data.get("house", "")
    if not isinstance(house, str):
        problems.append(f"house must be a string, not {type(house).__name__}.")
    agendas = data.get("agendas", [])
    if not isinstance(agendas, list) or not all(isinstance(a, str) for a in agendas):
        problems.append("agendas must be a list of card codes (strings).")
    cards = data.get("cards", {})
    if not isinstance(cards, Mapping):
        problems.append("cards must be an object of card code -> count.")
        cards = {}
    for code, count in cards.items():
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            problems.append(f"cards[{code!r}] must be a whole number of at least 1, not {count!r}.")
    if problems:
        raise DeckJSONError(problems)
    return DeckSpec(house, tuple(agendas), dict(cards))
