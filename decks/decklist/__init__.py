"""Plain text and JSON decklists: read what players paste, write what they can share.

Pure Python (no Django). :class:`NameIndex` is built once from the card pool (plain dicts);
:func:`parse_decklist` turns messy text into a :class:`~decks.validation.DeckSpec` plus every
line it could not read (with its number and the closest card names) and notes on what it
guessed; nothing is dropped silently. Whether a card is a plot or in the House deck follows
from its type, never from the section it was listed under. :func:`write_decklist` writes the
same format back, so that ``parse_decklist(write_decklist(deck, index), index).deck == deck``.

>>> index = NameIndex([
...     {"code": "core_2", "name": "Eddard Stark", "card_type": "character",
...      "product": "core", "product_name": "Core", "position": 2},
...     {"code": "core_209", "name": "House Stark", "card_type": "house",
...      "product": "core", "product_name": "Core", "position": 209, "houses": ["Stark"]},
... ])
>>> parsed = parse_decklist("House: Stark\\nEdard Stark x3\\n2x Ned", index)
>>> parsed.deck
DeckSpec(house='Stark', agendas=(), entries={'core_2': 3})
>>> print(*parsed.notes, sep="\\n")
line 2: read 'Edard Stark' as 'Eddard Stark'.
>>> print(*parsed.problems, sep="\\n")
line 3: no card is named 'Ned'.
>>> print(write_decklist(parsed.deck, index))
House Stark
<BLANKLINE>
Plots (0)
<BLANKLINE>
Draw deck (3)
Characters (3)
3x Eddard Stark (Core)
"""

from __future__ import annotations

from decks.decklist.jsonform import (
    DeckJSONError,
    DecklistError,
    DecklistTooLarge,
    deck_from_json,
    deck_to_json,
    json_depth,
    load_json,
)
from decks.decklist.names import CardName, NameIndex
from decks.decklist.text import LineIssue, ParsedDeck, parse_decklist, write_decklist

__all__ = [
    "CardName",
    "DeckJSONError",
    "DecklistError",
    "DecklistTooLarge",
    "LineIssue",
    "NameIndex",
    "ParsedDeck",
    "deck_from_json",
    "deck_to_json",
    "json_depth",
    "load_json",
    "parse_decklist",
    "write_decklist",
]
