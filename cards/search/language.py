"""The card search language: a query string parsed once into a plain syntax tree.

Pure Python (no Django): the pages, the API and the deck builder all call :func:`parse` and
hand the tree to ``cards.search.sql.compile_query``, which turns it into one database filter.
The syntax is described for players in ``docs/SEARCH.md``. Informally::

    query    := or_expr
    or_expr  := and_expr ("or" and_expr)*
    and_expr := unary (["and"] unary)*
    unary    := ("-" | "not") unary | "(" or_expr ")" | term
    term     := word | "quoted phrase" | key op value (("|" | ",") value)*

A bad query raises one :class:`SearchError` that lists every problem found, never just the
first, and no term is ever dropped silently.

>>> parse("h:stark c<=3 -kw:stealth")  # doctest: +NORMALIZE_WHITESPACE
And(children=(Term(key='house', op=':', value='Stark'), Term(key='cost', op='<=', value=3),
              Not(child=Term(key='keyword', op=':', value='stealth'))))
>>> parse("t:char|loc")  # doctest: +NORMALIZE_WHITESPACE
Or(children=(Term(key='type', op=':', value='character'),
             Term(key='type', op=':', value='location')))
>>> try:
...     parse("foo:bar c>x")
... except SearchError as error:
...     print(*error.problems, sep="\\n")  # doctest: +ELLIPSIS
Unknown key "foo" in "foo:bar". Known keys: a, c, cl, cr, e, f, h, i, inc, inf, ini, ...
"c>x": cost needs a whole number, e.g. c>3.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from gameplay.engine.numbers import LARGEST, whole_number

Value = str | int | bool


class SearchError(ValueError):
    """A query that cannot be searched; ``problems`` holds one sentence per bad term.

    >>> str(SearchError(["First problem.", "Second problem."]))
    'First problem. Second problem.'
    """

    def __init__(self, problems: list[str] | str) -> None:
        self.problems: list[str] = [problems] if isinstance(problems, str) else list(problems)
        super().__init__(" ".join(self.problems))

    def __reduce__(self):
        return (type(self), (self.problems,))


@dataclass(frozen=True)
class Term:
    """One condition on one card field.

    ``key`` is a canonical key name (see :data:`KEYS`); ``value`` is already checked and
    normalised: an ``int`` for number keys, a ``bool`` for ``unique``, the stored spelling
    for enumerated keys (``"Stark"``, ``"character"``) and cleaned text otherwise. ``op`` is
    ``=``, ``!=``, ``<``, ``>``, ``<=`` or ``>=`` for number keys; for other keys ``:`` means
    "contains" (text) or "is" (lists and choices), and ``=`` means the whole text (or the whole
    keyword) is exactly the value.
    """

    key: str
    op: str
    value: Value


@dataclass(frozen=True)
class And:
    """Every child matches; an empty ``And`` matches every card."""

    children: tuple[Node, ...] = ()


@dataclass(frozen=True)
class Or:
    """At least one child matches."""

    children: tuple[Node, ...]


@dataclass(frozen=True)
class Not:
    """The child does not match."""

    child: Node


Node = And | Or | Not | Term


@dataclass(frozen=True)
class KeySpec:
    """How one search key is spelled, checked and explained."""

    name: str
    kind: str  # "text", "number", "choice", "trait", "keyword" or "product"
    spellings: tuple[str, ...]
    label: str
    example: str
    choices: tuple[tuple[str, Value], ...] = ()
    aliases: dict[str, str] = field(default_factory=dict)

    @property
    def short(self) -> str:
        return self.spellings[0]


def _choices(*names: str) -> tuple[tuple[str, Value], ...]:
    return tuple((name.lower(), name) for name in names)


_HOUSES = _choices("Stark", "Lannister", "Baratheon", "Targaryen", "Greyjoy", "Martell", "Neutral")
_LEGALITY = _choices("legal", "restricted", "banned")

_TYPES = _choices("character", "location", "attachment", "event", "plot", "agenda", "house")
_ICONS = _choices("military", "intrigue", "power", "naval")
_CRESTS = _choices("war", "noble", "learned", "holy", "shadow")
_YES_NO: tuple[tuple[str, Value], ...] = (("yes", True), ("no", False))
_YES_NO_ALIASES = {"true": "yes", "1": "yes", "t": "yes", "false": "no", "0": "no", "f": "no"}

# fmt: off
SPECS: tuple[KeySpec, ...] = (
    KeySpec("name", "text", ("n", "name"), "name", 'n:"eddard stark"'),
    KeySpec("text", "text", ("x", "text"), "rules text", 'x:"draw a card"'),
    KeySpec("flavor", "text", ("f", "flavor"), "flavor text", "f:winter"),
    KeySpec("illustrator", "text", ("a", "artist", "illustrator"), "illustrator", "a:lofgren"),
    KeySpec("type", "choice", ("t", "type"), "card type", "t:character", _TYPES),
    KeySpec("house", "choice", ("h", "house"), "house", "h:stark", _HOUSES),
    KeySpec("playable", "choice", ("p", "playable"), "house", "p:stark", _HOUSES),
    KeySpec("cost", "number", ("c", "cost"), "cost", "c>3"),
    KeySpec("strength", "number", ("s", "str", "strength"), "strength", "s>=4"),
    KeySpec("income", "number", ("inc", "income", "gold"), "income", "inc>=4"),
    KeySpec("initiative", "number", ("ini", "initiative"), "initiative", "ini<2"),
    KeySpec("claim", "number", ("cl", "claim"), "claim", "cl:2"),
    KeySpec("influence", "number", ("inf", "influence"), "influence", "inf>=1"),
    KeySpec("icon", "choice", ("i", "icon"), "icon", "i:military", _ICONS),
    KeySpec("trait", "trait", ("k", "trait"), "trait", "k:knight"),
    KeySpec("keyword", "keyword", ("kw", "keyword"), "keyword", "kw:stealth"),
    KeySpec("product", "product", ("e", "set", "product"), "set", "e:core"),
    KeySpec("crest", "choice", ("cr", "crest"), "crest", "cr:noble", _CRESTS),
    KeySpec("unique", "choice", ("u", "unique"), "value", "u:yes", _YES_NO, _YES_NO_ALIASES),
    KeySpec("joust", "choice", ("j", "joust"), "joust legality", "j:restricted", _LEGALITY),
    KeySpec("melee", "choice", ("m", "melee"), "melee legality", "m:banned", _LEGALITY),
)
# fmt: on
KEYS: dict[str, KeySpec] = {spelling: spec for spec in SPECS for spelling in spec.spellings}
"""Every accepted spelling of a key (``c``, ``cost``) mapped to its spec."""

NUMBER_OPS = {":": "=", "=": "=", "!": "!=", "!=": "!=", "<": "<", ">": ">", "<=": "<=", ">=": ">="}

# A ``kw:`` value must be the start of one of these keywords, or one of the keywords that carry
# a value followed by its value ("prized 2", "immune to events").
KEYWORDS = (
    "stealth", "deadly", "renown", "limited", "setup", "ambush", "infamy", "intimidate",
    "stalwart", "vengeful", "vigilant", "deathbound", "melee", "joust",
    "no attachments", "prized", "immune",
)  # fmt: skip
_VALUE_KEYWORDS = ("no attachments", "prized", "immune")
_KEYWORD_ALIASES = {"immunity": "immune"}

_QUOTES = '"\u201c\u201d'
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'"})
_KEY = re.compile(r"([A-Za-z]+)(<=|>=|!=|[:=<>!])")
_WORDS = {"or", "and", "not"}


class _Problems:
    """Problems found so far, each with the position of its term, to report in query order."""

    def __init__(self) -> None:
        self.found: list[tuple[int, str]] = []

    def add(self, pos: int, message: str) -> None:
        self.found.append((pos, message))

    def in_order(self) -> list[str]:
        return [message for _, message in sorted(self.found, key=lambda found: found[0])]


@dataclass
class _Token:
    kind: str  # "term", "(", ")", "-", "or", "and" or "not"
    raw: str
    pos: int
    key: str | None = None
    op: str = ":"
    items: list[str] = field(default_factory=list)


MAX_QUERY_LENGTH = 500


def parse(query: str) -> Node:
    """Parse a search query into a syntax tree; raise :class:`SearchError` listing all problems.

    A blank query is an empty :class:`And`, which matches every card.

    >>> parse("  ")
    And(children=())
    >>> parse('"the red viper"')
    Term(key='name', op=':', value='the red viper')
    """
    if len(query or "") > MAX_QUERY_LENGTH:
        raise SearchError(
            [f"The search is {len(query)} characters long; keep it under {MAX_QUERY_LENGTH}."]
        )
    problems = _Problems()
    tokens = _tokenize(query or "", problems)
    node = _Parser(tokens, problems).parse()
    if problems.found:
        raise SearchError(problems.in_order())
    return node


def clean_text(text: str) -> str:
    """Typographic apostrophes to ``'`` and runs of spaces to one.

    >>> clean_text("  Lord\u2019s   Landing ")
    "Lord's Landing"
    """
    return " ".join(text.translate(_APOSTROPHES).split())


def _read_quoted(text: str, start: int) -> tuple[str, int, bool]:
    """The phrase opened by the quote at ``start``, the index after it, and if it was closed."""
    end = start + 1
    while end < len(text) and text[end] not in _QUOTES:
        end += 1
    if end < len(text):
        return text[start + 1 : end], end + 1, True
    return text[start + 1 :], end, False


def _unclosed(raw: str) -> str:
    return f'Unclosed quote in {raw.strip()}: add the closing " after the phrase.'


def _read_values(text: str, start: int, i: int, problems: _Problems) -> tuple[list[str], int]:
    """The ``|``- or ``,``-separated values from ``i`` of the key term begun at ``start``."""
    items: list[str] = []
    while True:
        if i < len(text) and text[i] in _QUOTES:
            value, i, closed = _read_quoted(text, i)
            if not closed:
                problems.add(start, _unclosed(text[start:]))
        else:
            j = i
            while j < len(text) and not text[j].isspace() and text[j] not in "|,)" + _QUOTES:
                j += 1
            value, i = text[i:j], j
        items.append(value)
        if i < len(text) and text[i] in "|,":
            i += 1
            continue
        return items, i


def _tokenize(text: str, problems: _Problems) -> list[_Token]:
    tokens: list[_Token] = []
    i = 0
    while i < len(text):
        ch = text[i]
        start = i
        if ch.isspace():
            i += 1
        elif ch in "()":
            tokens.append(_Token(ch, ch, start))
            i += 1
        elif ch == "-":
            i += 1
            if i < len(text) and not text[i].isspace() and text[i] != ")":
                tokens.append(_Token("-", "-", start))
            else:
                problems.add(
                    start, 'A lone "-" must be followed by the term it excludes, e.g. -h:stark.'
                )
        elif ch in _QUOTES:
            value, i, closed = _read_quoted(text, i)
            if not closed:
                problems.add(start, _unclosed(text[start:]))
            tokens.append(_Token("term", text[start:i], start, items=[value]))
        else:
            match = _KEY.match(text, i)
            after = match.end() if match else i
            has_value = after < len(text) and not text[after].isspace() and text[after] != ")"
            if match and (match.group(1).lower() in KEYS or match.group(2) == ":" or has_value):
                items, i = _read_values(text, start, after, problems)
                key, op = match.group(1).lower(), match.group(2)
                tokens.append(_Token("term", text[start:i], start, key, op, items))
                continue
            while i < len(text) and not text[i].isspace() and text[i] not in "()" + _QUOTES:
                i += 1
            word = text[start:i]
            kind = word.lower() if word.lower() in _WORDS else "term"
            tokens.append(_Token(kind, word, start, items=[word]))
    return tokens


def _all(nodes: list[Node]) -> Node:
    flat: list[Node] = []
    for node in nodes:
        flat.extend(node.children if isinstance(node, And) else [node])
    return flat[0] if len(flat) == 1 else And(tuple(flat))


def _any(nodes: list[Node]) -> Node:
    flat: list[Node] = []
    for node in nodes:
        flat.extend(node.children if isinstance(node, Or) else [node])
    return flat[0] if len(flat) == 1 else Or(tuple(flat))


def _negate(node: Node) -> Node:
    return node.child if isinstance(node, Not) else Not(node)


class _Parser:
    """Recursive descent over the tokens; problems are collected and parsing goes on."""

    def __init__(self, tokens: list[_Token], problems: _Problems) -> None:
        self.tokens = tokens
        self.pos = 0
        self.problems = problems

    def note(self, token: _Token, message: str) -> None:
        self.problems.add(token.pos, message)

    def peek(self) -> str | None:
        return self.tokens[self.pos].kind if self.pos < len(self.tokens) else None

    def parse(self) -> Node:
        parts = [self.or_expr()]
        while self.peek() is not None:  # only an unmatched ")" stops or_expr early
            self.note(self.tokens[self.pos], 'Unmatched ")": remove it or add a "(" before it.')
            self.pos += 1
            parts.append(self.or_expr())
        return _all(parts)

    def or_expr(self) -> Node:
        items = self.and_expr()
        options = [_all(items)]
        while self.peek() == "or":
            token = self.tokens[self.pos]
            raw = token.raw
            self.pos += 1
            if not items or self.peek() in (None, ")", "or"):
                self.note(
                    token, f'"{raw}" needs a term on each side, e.g. h:stark {raw} h:lannister.'
                )
            items = self.and_expr()
            options.append(_all(items))
        return _any(options)

    def and_expr(self) -> list[Node]:
        """The terms up to the next "or", ")" or the end (an implicit "and" between them)."""
        items: list[Node] = []
        while self.peek() not in (None, ")", "or"):
            if self.peek() == "and":
                token = self.tokens[self.pos]
                raw = token.raw
                self.pos += 1
                if not items or self.peek() in (None, ")", "or", "and"):
                    self.note(token, f'"{raw}" needs a term on each side, e.g. t:plot {raw} cl:2.')
                continue
            items.append(self.unary())
        return items

    def unary(self) -> Node:
        token = self.tokens[self.pos]
        self.pos += 1
        if token.kind in ("-", "not"):
            if self.peek() in (None, ")", "or", "and"):
                self.note(
                    token, f'"{token.raw}" must be followed by the term it excludes, e.g. -h:stark.'
                )
                return And()
            return _negate(self.unary())
        if token.kind == "(":
            if self.peek() == ")":
                self.pos += 1
                self.note(token, 'Empty parentheses "()": put terms inside or remove them.')
                return And()
            node = self.or_expr()
            if self.peek() == ")":
                self.pos += 1
            else:
                self.note(token, 'Unclosed "(": add a ")" after the terms it groups.')
            return node
        found: list[str] = []
        node = _term(token, found)
        for message in found:
            self.note(token, message)
        return node


def _term(token: _Token, problems: list[str]) -> Node:
    """The node for one word, phrase or key term; a problem and an empty ``And`` if bad."""
    raw = token.raw
    if token.key is None:
        text = clean_text(token.items[0])
        if not text:
            problems.append(f"Empty quotes {raw}: put a phrase inside them or remove them.")
            return And()
        return Term("name", ":", text)
    spec = KEYS.get(token.key)
    if spec is None:
        problems.append(_unknown_key(token.key, raw))
        return And()
    negate = False
    if spec.kind == "number":
        op = NUMBER_OPS[token.op]
    elif token.op in ("<", ">", "<=", ">="):
        problems.append(
            f'"{raw}": {token.op} only works with number keys '
            f"({', '.join(s.short for s in SPECS if s.kind == 'number')}); "
            f"use {spec.short}: instead, e.g. {spec.example}."
        )
        return And()
    else:
        negate = token.op in ("!", "!=")
        op = "=" if token.op == "=" and spec.kind in ("text", "keyword") else ":"
    if not any(item.strip() for item in token.items):
        problems.append(f'"{raw}" needs a value right after "{token.op}", e.g. {spec.example}.')
        return And()
    if not all(item.strip() for item in token.items):
        problems.append(f'"{raw}" has an empty value between its separators.')
        return And()
    values = [_value(spec, item, raw, problems) for item in token.items]
    if any(value is None for value in values):
        return And()
    nodes: list[Node] = [Term(spec.name, op, value) for value in values if value is not None]
    node = _all(nodes) if op == "!=" else _any(nodes)
    return _negate(node) if negate else node


def _unknown_key(key: str, raw: str) -> str:
    close = difflib.get_close_matches(key, list(KEYS), n=1)
    hint = f' Did you mean "{close[0]}"?' if close else ""
    known = ", ".join(sorted(spec.short for spec in SPECS))
    return f'Unknown key "{key}" in "{raw}".{hint} Known keys: {known}.'


def _value(spec: KeySpec, item: str, raw: str, problems: list[str]) -> Value | None:
    """The checked value of one item of a key term, or ``None`` after noting a problem."""
    text = clean_text(item)
    if spec.kind == "number":
        number = whole_number(text.removeprefix("+"), low=-LARGEST)
        if number is not None:
            return number
        problems.append(f'"{raw}": {spec.label} needs a whole number, e.g. {spec.example}.')
        return None
    if spec.kind == "choice":
        return _choice(spec, text, raw, problems)
    if spec.kind == "keyword":
        word = _KEYWORD_ALIASES.get(text.lower(), text.lower())
        if any(k.startswith(word) for k in KEYWORDS) or any(
            word.startswith(k + " ") for k in _VALUE_KEYWORDS
        ):
            return word
        problems.append(
            f'Unknown keyword "{text}" in "{raw}". Keywords: {", ".join(KEYWORDS)}'
            ' (quote the ones with spaces, e.g. kw:"no attachments").'
        )
        return None
    return text


def _choice(spec: KeySpec, text: str, raw: str, problems: list[str]) -> Value | None:
    """An enumerated value: an exact name, an alias or an unambiguous start of a name."""
    word = spec.aliases.get(text.lower(), text.lower())
    names = [name for name, _ in spec.choices]
    matches = [name for name in names if name == word] or [n for n in names if n.startswith(word)]
    if len(matches) == 1:
        return dict(spec.choices)[matches[0]]
    if matches:
        problems.append(
            f'"{raw}" is ambiguous: "{text}" could be {", ".join(matches[:-1])}'
            f" or {matches[-1]}; type more letters."
        )
    else:
        problems.append(
            f'Unknown {spec.label} "{text}" in "{raw}". Choose one of: {", ".join(names)}.'
        )
    return None
