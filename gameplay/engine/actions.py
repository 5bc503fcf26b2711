"""Actions: small frozen value objects that round-trip through a stable string.

The string form is ``p<seat>:<kind>[:<card refs>][=<choice>]``; card refs are instance ids
(``c12``) separated by commas.

>>> a = Action(0, "marshal:play", ("c17",))
>>> str(a)
'p0:marshal:play:c17'
>>> Action.parse(str(a)) == a
True
>>> str(Action(1, "first_player", choice="0"))
'p1:first_player=0'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# kind -> (how many card refs: (min, max), whether a choice is required)
KINDS: dict[str, tuple[tuple[int, int], bool]] = {
    "setup:place": ((0, 99), False),
    "plot:choose": ((1, 1), False),
    "first_player": ((0, 0), True),
    "marshal:play": ((1, 2), False),
    "marshal:duplicate": ((2, 2), False),
    "pass": ((0, 0), False),
    "challenge:military": ((0, 0), True),
    "challenge:intrigue": ((0, 0), True),
    "challenge:power": ((0, 0), True),
    "select": ((1, 1), False),
    "done": ((0, 0), False),
    "choose": ((0, 0), True),
    "use": ((1, 3), False),
    "give": ((0, 0), True),
}
_REF = re.compile(r"c[0-9]+")
_SEAT = re.compile(r"p([0-9]+)")
_CHOICE = re.compile(r"[A-Za-z0-9_]+")


class ActionParseError(ValueError):
    """An action string that does not follow ``p<seat>:<kind>[:<refs>][=<choice>]``."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat: a ``kind`` from :data:`KINDS`, card refs and a choice."""

    seat: int
    kind: str
    cards: tuple[str, ...] = ()
    choice: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(self.cards))
        if self.kind not in KINDS:
            raise ActionParseError(f"Unknown action kind {self.kind!r}; known: {', '.join(KINDS)}.")
        if not isinstance(self.seat, int) or self.seat < 0:
            raise ActionParseError(f"Seat must be a whole number >= 0, not {self.seat!r}.")
        (low, high), needs_choice = KINDS[self.kind]
        if not low <= len(self.cards) <= high:
            raise ActionParseError(
                f"{self.kind} takes {low} to {high} card refs; {len(self.cards)} given."
            )
        for ref in self.cards:
            if not _REF.fullmatch(ref):
                raise ActionParseError(f"{ref!r} is not a card ref (like 'c12').")
        if needs_choice and not self.choice:
            raise ActionParseError(f"{self.kind} needs a choice after '='.")
        if self.choice and not _CHOICE.fullmatch(self.choice):
            raise ActionParseError(f"{self.choice!r} is not a valid choice (letters, digits, _).")

    def __str__(self) -> str:
        text = f"p{self.seat}:{self.kind}"
        if self.cards:
            text += ":" + ",".join(self.cards)
        if self.choice:
            text += f"={self.choice}"
        return text

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read the string form; raises :class:`ActionParseError` naming the problem."""
        if not isinstance(text, str):
            raise ActionParseError(f"An action is a string, not {type(text).__name__}.")
        body, _, choice = text.strip().partition("=")
        seat_text, sep, rest = body.partition(":")
        seat_match = _SEAT.fullmatch(seat_text)
        if not sep or not seat_match:
            raise ActionParseError(f"{text!r} must start with the seat, like 'p0:'.")
        for kind in sorted(KINDS, key=len, reverse=True):
            if rest == kind or rest.startswith(kind + ":"):
                refs = rest[len(kind) + 1 :]
                cards = tuple(refs.split(",")) if refs else ()
                return cls(int(seat_match.group(1)), kind, cards, choice)
        raise ActionParseError(f"{text!r} has an unknown kind; known: {', '.join(KINDS)}.")

    def label(self, names: dict[str, str] | None = None) -> str:
        """A short human label; ``names`` maps card refs to card names when known."""
        names = names or {}
        cards = ", ".join(names.get(ref, ref) for ref in self.cards)
        who = f"Player {self.seat + 1}"
        if self.kind == "setup:place":
            return f"{who} places setup cards: {cards or 'none'}"
        if self.kind == "plot:choose":
            return f"{who} chooses plot {cards}"
        if self.kind == "first_player":
            chosen = int(self.choice) + 1 if self.choice.isdigit() else self.choice
            return f"{who} chooses Player {chosen} as first player"
        if self.kind == "marshal:play":
            if len(self.cards) == 2:
                return f"{who} marshals {names.get(self.cards[0], self.cards[0])} onto " + (
                    names.get(self.cards[1], self.cards[1])
                )
            return f"{who} marshals {cards}"
        if self.kind == "marshal:duplicate":
            first, target = (names.get(ref, ref) for ref in self.cards)
            return f"{who} adds {first} as a duplicate of {target}"
        if self.kind.startswith("challenge:"):
            ctype = self.kind.split(":")[1]
            defender = int(self.choice) + 1 if self.choice.isdigit() else self.choice
            return f"{who} initiates a {ctype} challenge against Player {defender}"
        if self.kind == "select":
            return f"{who} selects {cards}"
        if self.kind == "done":
            return f"{who} is done selecting"
        if self.kind == "choose":
            return f"{who} chooses {names.get(self.choice, self.choice)}"
        if self.kind == "give":
            to, _, gold = self.choice.partition("_")
            receiver = int(to) + 1 if to.isdigit() else to
            return f"{who} gives {gold} gold to Player {receiver}"
        if self.kind == "use":
            source = names.get(self.cards[0], self.cards[0])
            if self.choice == "ambush":
                return f"{who} ambushes with {source}"
            targets = ", ".join(names.get(r, r) for r in self.cards[1:])
            return f"{who} uses {source}" + (f" on {targets}" if targets else "")
        return f"{who} passes"
