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

from gameplay.engine.numbers import whole_number

# kind -> (how many card refs: (min, max), whether a choice is required)
KINDS: dict[str, tuple[tuple[int, int], bool]] = {
    "setup:place": ((0, 99), False),
    "plot:choose": ((1, 1), False),
    "first_player": ((0, 0), True),
    "marshal:play": ((1, 2), False),
    "marshal:duplicate": ((2, 2), False),
    "marshal:shadow": ((1, 1), False),  # marshal a Shadow card face down into Shadows
    "pass": ((0, 0), False),
    "challenge:military": ((0, 0), True),
    "challenge:intrigue": ((0, 0), True),
    "challenge:power": ((0, 0), True),
    "select": ((1, 1), False),
    "done": ((0, 0), False),
    "choose": ((0, 0), True),
    "use": ((1, 3), False),
    "give": ((0, 0), True),
    # Table actions (gameplay/engine/table.py): by hand, for text the engine does not play.
    "table:kneel": ((1, 1), False),
    "table:stand": ((1, 1), False),
    "table:power": ((1, 1), True),
    "table:house_power": ((0, 0), True),
    "table:card_gold": ((1, 1), True),
    "table:move": ((1, 2), True),
    "table:shuffle": ((0, 0), False),
    "table:look": ((0, 0), True),
    "table:reveal": ((1, 1), False),
    "table:draw": ((0, 0), True),
    "table:gold": ((0, 0), True),
    "table:request": ((0, 2), True),
    "table:accept": ((0, 0), True),
    "table:refuse": ((0, 0), True),
}
_REF = re.compile(r"c[0-9]+")
_SEAT = re.compile(r"p([0-9]+)")
_CHOICE = re.compile(r"[A-Za-z0-9_]+")
MAX_CHOICE = 100  # the longest choice the engine offers is a few dozen characters


# Card refs, and choices, already found valid (most actions name the same few again and
# again, so their patterns are not matched again). Bounded, for a long-running server.
_GOOD_REFS: set[str] = set()
_GOOD_CHOICES: set[str] = set()
_GOOD_MOST = 20_000


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
            if ref not in _GOOD_REFS and not _REF.fullmatch(ref):
                raise ActionParseError(f"{ref!r} is not a card ref (like 'c12').")
        if needs_choice and not self.choice:
            raise ActionParseError(f"{self.kind} needs a choice after '='.")
        if self.choice and self.choice not in _GOOD_CHOICES:
            if len(self.choice) > MAX_CHOICE:  # before it is repeated in any message
                raise ActionParseError(f"A choice has at most {MAX_CHOICE} characters.")
            if not _CHOICE.fullmatch(self.choice):
                raise ActionParseError(
                    f"{self.choice!r} is not a valid choice (letters, digits, _)."
                )
        if self.cards and len(_GOOD_REFS) < _GOOD_MOST:
            _GOOD_REFS.update(self.cards)
        if self.choice and len(_GOOD_CHOICES) < _GOOD_MOST:
            _GOOD_CHOICES.add(self.choice)

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
            raise ActionParseError(f"{text[:40]!r} must start with the seat, like 'p0:'.")
        seat = whole_number(seat_match.group(1))
        if seat is None:
            raise ActionParseError(f"{seat_text[:12]!r}… is no seat: a seat has at most 9 digits.")
        for kind in sorted(KINDS, key=len, reverse=True):
            if rest == kind or rest.startswith(kind + ":"):
                refs = rest[len(kind) + 1 :]
                cards = tuple(refs.split(",")) if refs else ()
                return cls(seat, kind, cards, choice)
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
            chosen = _player_number(self.choice)
            return f"{who} chooses Player {chosen} as first player"
        if self.kind == "marshal:play":
            if len(self.cards) == 2:
                return f"{who} marshals {names.get(self.cards[0], self.cards[0])} onto " + (
                    names.get(self.cards[1], self.cards[1])
                )
            if self.choice.startswith("influence_"):  # influence.marshal_influence_choices
                amount = self.choice.removeprefix("influence_")
                return f"{who} marshals {cards}, paying {amount} of its cost in influence"
            return f"{who} marshals {cards}"
        if self.kind == "marshal:shadow":
            return f"{who} marshals {cards} into Shadows"
        if self.kind == "marshal:duplicate":
            first, target = (names.get(ref, ref) for ref in self.cards)
            return f"{who} adds {first} as a duplicate of {target}"
        if self.kind.startswith("challenge:"):
            ctype = self.kind.split(":")[1]
            defender = _player_number(self.choice)
            return f"{who} initiates a {ctype} challenge against Player {defender}"
        if self.kind == "select":
            return f"{who} selects {cards}"
        if self.kind == "done":
            return f"{who} is done selecting"
        if self.kind == "choose":
            return f"{who} chooses {names.get(self.choice, self.choice)}"
        if self.kind == "give":
            to, _, gold = self.choice.partition("_")
            receiver = _player_number(to)
            return f"{who} gives {gold} gold to Player {receiver}"
        if self.kind == "use":
            source = names.get(self.cards[0], self.cards[0])
            if self.choice == "ambush":
                return f"{who} ambushes with {source}"
            if self.choice == "shadow":
                onto = f" onto {names.get(self.cards[1], self.cards[1])}" if self.cards[1:] else ""
                return f"{who} brings {source} out of Shadows{onto}"
            targets = ", ".join(names.get(r, r) for r in self.cards[1:])
            return f"{who} uses {source}" + (f" on {targets}" if targets else "")
        if self.kind.startswith("table:"):
            return f"{who} {table_label(self, names)}"
        return f"{who} passes"


def _player_number(choice: str) -> int | str:
    """The player a seat's choice names, counted from 1 (the choice itself if no seat)."""
    seat = whole_number(choice)
    return choice if seat is None else seat + 1


# The words of a table action's choice (after the verb of its kind).
_TABLE_WORDS = {
    "hand": "to hand",
    "deck_top": "to the top of the deck",
    "deck_bottom": "to the bottom of the deck",
    "discard": "to the discard pile",
    "dead": "to the dead pile",
    "play": "into play",
}


def table_label(action: Action, names: dict[str, str]) -> str:
    """A table action in words, without its player: "kneels Ser Jorah Mormont"."""
    cards = [names.get(ref, ref) for ref in action.cards]
    first = cards[0] if cards else ""
    kind, choice = action.kind.removeprefix("table:"), action.choice
    verb, _, amount = choice.partition("_")
    amount = amount or "1"
    if kind in ("kneel", "stand"):
        return f"{kind}s {first} (table)"
    if kind in ("power", "card_gold"):
        what = "power" if kind == "power" else "gold"
        if verb == "add":
            return f"puts {amount} {what} on {first} (table)"
        return f"takes {amount} {what} off {first} (table)"
    if kind == "house_power":
        gains = "gains" if verb == "add" else "loses"
        return f"{gains} {amount} power on the House card (table)"
    if kind == "gold":
        if verb == "take":
            return f"takes {amount} gold from the treasury (table)"
        return f"returns {amount} gold to the treasury (table)"
    if kind == "move":
        if choice == "attach" and len(cards) > 1:
            return f"attaches {first} to {cards[1]} (table)"
        return f"moves {first} {_TABLE_WORDS.get(choice, choice)} (table)"
    if kind == "shuffle":
        return "shuffles their deck (table)"
    if kind == "look":
        if choice == "0":
            return "stops looking at their deck (table)"
        return f"looks at the top {choice} of their deck (table)"
    if kind == "reveal":
        return f"reveals {first} from hand (table)"
    if kind == "draw":
        return f"draws {choice} (table)"
    if kind == "accept":
        return f"accepts request {choice}"
    if kind == "refuse":
        return f"refuses request {choice}"
    target = f" {first}" if first else ""
    return f"asks to {choice.replace('_', ' ')}{target} (request)"
