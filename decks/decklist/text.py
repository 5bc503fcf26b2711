"""Plain text decklists: :func:`parse_decklist` and :func:`write_decklist`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from cards.cardpool import fold_name
from decks.decklist.jsonform import DecklistError, DecklistTooLarge, deck_to_json
from decks.decklist.names import CardName, NameIndex
from decks.validation import (
    ALL_HOUSES,
    DECK_TYPES,
    HOUSE_CARDS,
    HOUSES,
    DeckSpec,
    normalize_house,
)
from gameplay.engine.numbers import whole_number

# Section headers (folded, without counts or colons) and the card types they hold.
_SECTIONS: dict[str, frozenset[str]] = {
    **dict.fromkeys(["plot", "plots", "plot deck", "plot cards"], frozenset({"plot"})),
    **dict.fromkeys(["agenda", "agendas"], frozenset({"agenda"})),
    **dict.fromkeys(["house", "house card"], frozenset({"house"})),
    **dict.fromkeys(["draw deck", "house deck", "deck", "main deck"], DECK_TYPES),
    **{name: frozenset({kind}) for kind in DECK_TYPES for name in (kind, kind + "s")},
    "other cards": frozenset(),
}
_ZONED = DECK_TYPES | {"plot"}
_TYPE_HEADERS = [
    ("character", "Characters"),
    ("location", "Locations"),
    ("attachment", "Attachments"),
    ("event", "Events"),
]
_BULLET = re.compile(r"^[-*+•·]\s+")
_HEADER_TAIL = re.compile(r"\s*(?:\(\d+\)|\[\d+\]|:\s*\d*|-\s*\d+|\d+)?\s*:?$")
_COUNT_FIRST = [
    re.compile(r"^(\d+)\s*[xX×]\s+(.+)$"),
    re.compile(r"^(\d+)\s+(.+)$"),
    re.compile(r"^(\d+)[xX×](.+)$"),
]
_COUNT_LAST = re.compile(r"^(.+?)\s*(?:[xX×]\s*(\d+)|\(\s*[xX×]?\s*(\d+)\s*\))$")
_PAREN_END = re.compile(r"^(.*?)\s*[(\[]([^()\[\]]*)[)\]]$")
_KEY_VALUE = re.compile(r"^([A-Za-z][A-Za-z ]{0,20}?)\s*[:=]\s*(.*)$")
_TOTAL_WORDS = {"total", "cards", "total cards", "deck size", "size", "card count"}
_NAME_WORDS = {"deck", "name", "deck name", "title"}
_META_WORDS = {"author", "by", "created by", "made by", "format", "packs", "description", "url"}
_CARD_TOTAL = re.compile(r"^(\d+)\s+cards?$", re.IGNORECASE)
_AUTHOR = re.compile(r"^(?:by|created by|made by|designed by)\s+\S", re.IGNORECASE)
_CLOSE_ENOUGH = 0.88  # a typo this close, and clearly closer than the runner-up, is read

# What one decklist may cost to read, whatever it holds (issue 15: 10,000 unknown lines held a
# worker for 30 s). A deck has a few dozen different cards and fits in well under 100 lines.
MAX_LINES = 500  # lines holding text; a longer text is refused whole
MAX_LINE_LENGTH = 300  # characters; a longer line is a problem, never matched
MAX_UNKNOWN_NAMES = 50  # different names that are no card's; reading stops at one more
MAX_SUGGESTED = 10  # the first names that are no card's get suggestions (and typo correction)


@dataclass(frozen=True)
class LineIssue:
    """Something about one line: a problem (unread line) or a note (a guess that was made)."""

    line: int
    text: str
    message: str
    suggestions: tuple[str, ...] = ()

    def __str__(self) -> str:
        hint = f" Did you mean: {', '.join(self.suggestions)}?" if self.suggestions else ""
        return f"line {self.line}: {self.message}{hint}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "text": self.text,
            "message": self.message,
            "suggestions": list(self.suggestions),
        }


@dataclass(frozen=True)
class ParsedDeck:
    """What :func:`parse_decklist` read: the deck, its name, unread lines and notes."""

    deck: DeckSpec
    name: str = ""
    problems: tuple[LineIssue, ...] = ()
    notes: tuple[LineIssue, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": deck_to_json(self.deck),
            "name": self.name,
            "problems": [p.to_dict() for p in self.problems],
            "notes": [n.to_dict() for n in self.notes],
        }


def parse_decklist(text: str, index: NameIndex) -> ParsedDeck:
    """Read a pasted decklist: every line is read, noted, or reported as a problem.

    Accepted lines (case, spacing, quotes and markdown bullets ``-``/``*``/``•`` don't matter):

    - cards: ``3x Name``, ``3 Name``, ``Name x3``, ``Name`` (one copy), with an optional
      product ``(Core)`` / ``(lords-of-winter)`` / ``[Lords of Winter]`` or card code
      ``(core_30)`` picking the printing; without one, the first printing is read;
    - the House: ``House Stark``, ``Stark``, ``House: Stark``, ``Neutral Faction``;
    - agendas: ``Agenda: Name (Product)``, or the agenda's name alone;
    - section headers (``Plots``, ``Draw deck (60)``, ``Characters:``...), which only help
      pick between cards sharing a name; a card's type decides where it goes;
    - a deck name (``Deck: ...``, a ``# heading`` or an unknown first line), ``Author: ...``,
      ``by ...``, ``// comments`` and ``Total: 60`` (checked against what was read), as notes.

    A near-certain typo ("Edard Stark") is read and noted; any other unknown name is a
    problem with up to three close card names.

    The cost is bounded whatever the text: over :data:`MAX_LINES` lines holding text, it is
    refused whole (:class:`DecklistTooLarge`); a line over :data:`MAX_LINE_LENGTH` characters
    is a problem; only the first :data:`MAX_SUGGESTED` names that are no card's are compared
    with card names (for suggestions and typos), and reading stops, with a problem saying so,
    at the name after the first :data:`MAX_UNKNOWN_NAMES`.
    """
    lines = text.splitlines()
    filled = sum(1 for line in lines if line.strip())
    if filled > MAX_LINES:
        message = f"A decklist has at most {MAX_LINES} lines; this one has {filled:,}"
        raise DecklistTooLarge([f"{message} (blank lines aside)."])
    state = _Reader(index, len(lines))
    for number, line in enumerate(lines, start=1):
        state.read(number, line)
        if state.stopped:
            break
    return state.result()


class _Reader:
    """The state of one :func:`parse_decklist` call."""

    def __init__(self, index: NameIndex, last_line: int = 0) -> None:
        self.index = index
        self.last_line = last_line
        self.house = ""
        self.agendas: list[str] = []
        self.entries: dict[str, int] = {}
        self.name = ""
        self.section: frozenset[str] | None = None
        self.started = False
        self.total: tuple[int, int, str] | None = None
        self.problems: list[LineIssue] = []
        self.notes: list[LineIssue] = []
        # Folded names that are no card's -> their close names (None: not looked up).
        self.unknown: dict[str, list[tuple[str, float]] | None] = {}
        self.unsuggested = False  # a name went without suggestions (noted once)
        self.stopped = False

    def result(self) -> ParsedDeck:
        if self.total is not None:
            number, said, raw = self.total
            found = sum(n for c, n in self.entries.items() if self._type(c) in DECK_TYPES)
            with_plots = sum(self.entries.values())
            if said not in (found, with_plots):
                self._note(number, raw, f"the list says {said} cards; {found} were read.")
        deck = DeckSpec(self.house, tuple(self.agendas), self.entries)
        notes = sorted(self.notes, key=lambda note: note.line)
        return ParsedDeck(deck, self.name, tuple(self.problems), tuple(notes))

    def _type(self, code: str) -> str:
        card = self.index.card(code)
        return card.card_type if card else ""

    def _note(self, number: int, raw: str, message: str) -> None:
        self.notes.append(LineIssue(number, raw, message))

    def _problem(self, number: int, raw: str, message: str, hints: Iterable[str] = ()) -> None:
        self.problems.append(LineIssue(number, raw, message, tuple(hints)))

    def read(self, number: int, raw: str) -> None:
        text = raw.strip()
        if not text:
            return
        if len(text) > MAX_LINE_LENGTH:
            shown = text[:60] + "…"
            message = (
                f"a line of a decklist has at most {MAX_LINE_LENGTH} characters; "
                f"this one has {len(text):,}."
            )
            self.problems.append(LineIssue(number, shown, message))
            return
        # One space between words: the line patterns then never backtrack over long runs.
        text = " ".join(text.split())
        while (bullet := _BULLET.match(text)) is not None:
            text = text[bullet.end() :]
        text = text.strip().strip("*_`").strip()
        if text.startswith(("//", ";", "--")):
            self._note(number, raw, "comment skipped.")
            return
        heading = text.startswith("#")
        text = text.lstrip("#").strip()
        if not text:
            return
        section = _SECTIONS.get(_HEADER_TAIL.sub("", fold_name(text)))
        if section is not None:
            self.section = section
            self.started = True
            return
        if self._metadata(number, raw, text, heading):
            return
        self._card_line(number, raw, text)

    def _metadata(self, number: int, raw: str, text: str, heading: bool) -> bool:
        """Deck name, author, totals and "House:" / "Agenda:" lines; True when handled."""
        pair = _KEY_VALUE.match(text)
        key = fold_name(pair.group(1)) if pair else ""
        value = pair.group(2).strip() if pair else ""
        if key in {"house", "faction"}:
            self._house(number, raw, value)
            return True
        if key in {"agenda", "agendas"}:
            self.started = True
            self._card_line(number, raw, value, prefer=frozenset({"agenda"}))
            return True
        if key in _TOTAL_WORDS and (total := whole_number(value)) is not None:
            self.total = (number, total, raw)
            return True
        if (cards := _CARD_TOTAL.match(text)) is not None:
            self.total = (number, int(cards.group(1)), raw)
            return True
        if key in _NAME_WORDS or (heading and not self.started and not self.name):
            self.name = value if key in _NAME_WORDS else text
            self._note(number, raw, f"read {self.name!r} as the deck name.")
            return True
        if key in _META_WORDS or _AUTHOR.match(text) or heading:
            self._note(number, raw, "skipped (not a card).")
            return True
        if normalize_house(text) in ALL_HOUSES:
            self._house(number, raw, text)
            return True
        return False

    def _house(self, number: int, raw: str, value: str) -> None:
        house = normalize_house(value)
        if house not in ALL_HOUSES:
            choices = ", ".join(HOUSES)
            self._problem(number, raw, f"{value!r} is not a House (one of {choices}).")
        elif self.house and self.house != house:
            self._problem(number, raw, f"a second House ({house}); the deck is {self.house}.")
        else:
            self.house = house
            self.started = True

    def _card_line(
        self, number: int, raw: str, text: str, prefer: frozenset[str] | None = None
    ) -> None:
        count, rest = _split_count(text)
        rest, paren = _split_paren(rest)
        if count is None:
            count, rest = _split_count(rest)
        card = self._resolve(number, raw, rest, paren, prefer or self.section, count is None)
        if card is None:
            return
        self.started = True
        count = 1 if count is None else count
        if count < 1:
            self._problem(number, raw, f"a count of {count} for {card.name}; skipped.")
        elif card.card_type == "house":
            self._house(number, raw, card.houses[0] if card.houses else card.name)
        elif card.card_type == "agenda":
            self.agendas.extend([card.code] * count)
        else:
            self.entries[card.code] = self.entries.get(card.code, 0) + count
            listed_as_plot = self.section == {"plot"}
            if (
                self.section
                and self.section <= _ZONED
                and listed_as_plot != (card.card_type == "plot")
            ):
                zone = "plot deck" if card.card_type == "plot" else "House deck"
                self._note(
                    number, raw, f"{card.name} is {_a(card.card_type)}; it goes in the {zone}."
                )

    def _resolve(
        self,
        number: int,
        raw: str,
        name: str,
        paren: str | None,
        prefer: frozenset[str] | None,
        may_be_title: bool,
    ) -> CardName | None:
        index = self.index
        exact = index.card(paren.strip()) if paren is not None else None
        if exact is not None and (not name or fold_name(exact.name) == fold_name(name)):
            return exact
        candidates = index.printings(name)
        if not candidates:
            close = self._close_names(name)
            if self.stopped:
                self._stop(number, raw, name)
                return None
            if (
                close
                and close[0][1] >= _CLOSE_ENOUGH
                and (len(close) == 1 or close[1][1] <= close[0][1] - 0.05)
            ):
                candidates = index.printings(close[0][0])
                self._note(number, raw, f"read {name!r} as {close[0][0]!r}.")
            elif may_be_title and not self.started and not self.name and paren is None:
                self.name = name
                self._note(number, raw, f"read {name!r} as the deck name.")
                return None
            else:
                if close is None and not self.unsuggested:
                    self.unsuggested = True
                    self._note(
                        number,
                        raw,
                        f"no suggestions from here on: only the first {MAX_SUGGESTED} names "
                        "that are no card's get them.",
                    )
                hints = [n for n, _ in close or ()]
                self._problem(number, raw, f"no card is named {name!r}.", hints)
                return None
        if prefer:
            candidates = [c for c in candidates if c.card_type in prefer] or candidates
        if paren is not None and paren.strip():
            product = index.product(paren)
            in_product = [c for c in candidates if c.product == product]
            if in_product:
                candidates = in_product
            else:
                where = f"is not in {index.product_name(product)}" if product else "has no product"
                self._note(
                    number,
                    raw,
                    f"{candidates[0].name} {where} {paren.strip()!r}; read the first printing "
                    f"({candidates[0].product_name}).",
                )
        kinds = list(dict.fromkeys(c.card_type for c in candidates))
        if len(kinds) > 1:
            self._note(
                number,
                raw,
                f"{candidates[0].name} names {' and '.join(map(_a, kinds))}; read the {kinds[0]} "
                "(list it under a section header to pick).",
            )
        return candidates[0]

    def _stop(self, number: int, raw: str, name: str) -> None:
        rest = self.last_line - number
        unread = (
            f" (lines {number + 1} to {self.last_line} were not read)"
            if rest > 1
            else f" (line {self.last_line} was not read)"
            if rest == 1
            else ""
        )
        self._problem(
            number,
            raw,
            f"no card is named {name!r}; a decklist names at most {MAX_UNKNOWN_NAMES} "
            f"different cards that do not exist, and this is one more: reading stopped "
            f"here{unread}.",
        )

    def _close_names(self, name: str) -> list[tuple[str, float]] | None:
        """Card names close to a name that is no card's; None past the first
        :data:`MAX_SUGGESTED` such names. One name past :data:`MAX_UNKNOWN_NAMES` stops the
        reading."""
        key = fold_name(name)
        if key in self.unknown:
            return self.unknown[key]
        if len(self.unknown) >= MAX_UNKNOWN_NAMES:
            self.stopped = True
            return None
        close = self.index.close_names(name) if len(self.unknown) < MAX_SUGGESTED else None
        self.unknown[key] = close
        return close


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def _split_count(text: str) -> tuple[int | None, str]:
    for pattern in _COUNT_FIRST:
        match = pattern.match(text)
        if match:
            return int(match.group(1)), match.group(2).strip()
    match = _COUNT_LAST.match(text)
    if match:
        return int(match.group(2) or match.group(3)), match.group(1).strip()
    return None, text.strip()


def _split_paren(text: str) -> tuple[str, str | None]:
    match = _PAREN_END.match(text)
    if match and match.group(1).strip():
        return match.group(1).strip(), match.group(2)
    return text, None


def write_decklist(deck: DeckSpec, index: NameIndex, name: str = "") -> str:
    """The deck as text: its name, House, agendas, plots, then the House deck by card type.

    The name is written as ``Deck: name`` so that it never reads back as a card (a deck named
    "Winter is Coming" must not gain the event of that name). Each card line is
    ``3x Name (Product)``; where a product holds several cards of that name,
    the card code stands in for the product so the exact printing reads back.
    Raises :class:`DecklistError` for codes the index does not know or an unknown House.
    """
    unknown = [c for c in (*deck.agendas, *deck.entries) if index.card(c) is None]
    problems = [f"Unknown card code {code!r}." for code in unknown]
    if deck.house and deck.house not in ALL_HOUSES:
        problems.append(f"Unknown House {deck.house!r}.")
    if problems:
        raise DecklistError(problems)
    lines: list[str] = [f"Deck: {' '.join(name.split())}"] if name.strip() else []
    if deck.house:
        house_card = index.card(HOUSE_CARDS[deck.house])
        lines.append(house_card.name if house_card else f"House: {deck.house}")
    lines += [f"Agenda: {_label(index, index.card(code))}" for code in deck.agendas]
    if lines:
        lines.append("")
    cards = [(index.card(code), n) for code, n in deck.entries.items()]
    plots = [(c, n) for c, n in cards if c.card_type == "plot"]
    lines += [f"Plots ({sum(n for _, n in plots)})", *_card_lines(index, plots), ""]
    drawn = [(c, n) for c, n in cards if c.card_type in DECK_TYPES]
    lines.append(f"Draw deck ({sum(n for _, n in drawn)})")
    for card_type, header in _TYPE_HEADERS:
        group = [(c, n) for c, n in drawn if c.card_type == card_type]
        if group:
            lines += [f"{header} ({sum(n for _, n in group)})", *_card_lines(index, group)]
    # Agendas or House cards wrongly held as deck cards are written too (never dropped); they
    # read back as the deck's agenda or House.
    rest = [(c, n) for c, n in cards if c.card_type not in _ZONED]
    if rest:
        lines += ["", f"Other cards ({sum(n for _, n in rest)})", *_card_lines(index, rest)]
    return "\n".join(lines)


def _card_lines(index: NameIndex, group: list[tuple[CardName, int]]) -> list[str]:
    ordered = sorted(group, key=lambda item: (fold_name(item[0].name), item[0].position))
    return [f"{n}x {_label(index, card)}" for card, n in ordered]


def _label(index: NameIndex, card: CardName) -> str:
    same = [c for c in index.printings(card.name) if c.product == card.product]
    first_of_kind = next(c for c in same if c.card_type == card.card_type)
    tag = card.product_name if first_of_kind.code == card.code else card.code
    return f"{card.name} ({tag})"
