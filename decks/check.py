"""Check a decklist someone hands us (pasted text or JSON) without storing anything.

The one path shared by ``manage.py validate_deck``, ``POST /api/decks/validate/`` and the deck
API: read the list with ``decks.decklist``, judge it with ``decks.validation``. Lines that
cannot be read are problems of the verdict (code ``unreadable_line``), so a deck is never judged
valid on a part of what was written. :func:`read_text` is the one reader of text decklists,
used by the web import pages too; its cost is bounded whatever it is given (see
``decks.decklist.parse_decklist``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from decks.decklist import (
    DeckJSONError,
    DecklistTooLarge,
    ParsedDeck,
    deck_from_json,
    load_json,
    parse_decklist,
)
from decks.selectors import card_infos, card_name_index
from decks.validation import FORMATS, DeckSpec, Verdict, validate


class UnreadableDeck(ValueError):
    """The input is no decklist at all (empty, JSON of the wrong shape); ``problems`` says why."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__(" ".join(self.problems))


@dataclass
class DeckCheck:
    """The validator's verdict on a deck, with what reading the list found (its unreadable
    lines are problems too, so the deck is never judged on a part of what was written)."""

    deck: DeckSpec
    verdict: Verdict
    name: str = ""
    line_problems: list[dict[str, Any]] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)

    @property
    def problems(self) -> list[dict[str, Any]]:
        return self.line_problems + [p.to_dict() for p in self.verdict.problems]

    @property
    def warnings(self) -> list[dict[str, Any]]:
        return [w.to_dict() for w in self.verdict.warnings]

    @property
    def valid(self) -> bool:
        return not self.line_problems and self.verdict.valid

    @property
    def plot_count(self) -> int:
        return self.verdict.plot_count

    @property
    def deck_count(self) -> int:
        return self.verdict.deck_count

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.verdict.to_dict(),
            "valid": self.valid,
            "problems": self.problems,
            "notes": self.notes,
        }


def read_text(text: str) -> ParsedDeck:
    """A pasted text decklist, read against the card pool; :class:`UnreadableDeck` when the
    text is too long to be a decklist."""
    try:
        return parse_decklist(text, card_name_index())
    except DecklistTooLarge as error:
        raise UnreadableDeck(error.problems) from None


def read_deck(content: str | Mapping[str, Any]) -> tuple[DeckSpec, str, list, list]:
    """The deck in ``content`` (JSON object or text): (deck, name, line problems, notes)."""
    if isinstance(content, str):
        stripped = content.strip()
        if not stripped:
            raise UnreadableDeck(["The decklist is empty."])
        if stripped.startswith("{"):
            try:
                content = load_json(stripped)
            except DeckJSONError as error:
                reason = " ".join(error.problems)
                problem = f"The decklist looks like JSON but is not: {reason}"
                raise UnreadableDeck([problem]) from None
    if isinstance(content, Mapping):
        try:
            spec = deck_from_json(content)
        except DeckJSONError as error:
            raise UnreadableDeck(error.problems) from None
        name = content.get("name")
        return spec, name if isinstance(name, str) else "", [], []
    parsed = read_text(content)
    line_problems = [
        {"code": "unreadable_line", "message": str(issue), **issue.to_dict()}
        for issue in parsed.problems
    ]
    notes = [{"message": str(note), **note.to_dict()} for note in parsed.notes]
    return parsed.deck, parsed.name, line_problems, notes


def deck_check(content: str | Mapping[str, Any], fmt: str = "joust") -> DeckCheck:
    """Read and validate a decklist for a format (``joust``, ``melee``, ``casual``, ``core``)."""
    if fmt not in FORMATS:
        raise UnreadableDeck([f"Unknown format {fmt!r}; choose one of {', '.join(FORMATS)}."])
    deck, name, line_problems, notes = read_deck(content)
    verdict = validate(deck, fmt, card_infos())
    return DeckCheck(deck, verdict, name=name, line_problems=line_problems, notes=notes)
