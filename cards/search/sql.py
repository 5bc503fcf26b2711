"""Compile a search syntax tree (``cards.search.language``) into one Django ``Q`` over ``Card``.

Only portable lookups are used (``exact``, ``iexact``, ``icontains``, comparisons), so the
same query runs on SQLite and PostgreSQL, and a whole search is a single SQL statement.

List fields are stored as ``|a|b|`` (``cards.fields``): one element is ``icontains="|a|"``
and the start of an element is ``icontains="|a"``.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db.models import Case, IntegerField, Q, When
from django.db.models import Value as V
from django.db.models.expressions import Expression

from cards.cardpool import fold_name, slugify
from cards.search.language import And, Node, Not, Or, Term, Value
from cards.search.rank import WORD_STARTS, nickname_targets

NOTHING = Q(pk__in=[])

NUMBER_FIELDS = {
    "cost": "cost",
    "strength": "strength",
    "income": "income",
    "initiative": "initiative",
    "claim": "claim",
    "influence": "influence",
}
_COMPARISONS = {"=": "exact", "<": "lt", ">": "gt", "<=": "lte", ">=": "gte"}
TEXT_FIELDS = {"text": "rules_text", "flavor": "flavor_text", "illustrator": "illustrator"}
CHOICE_FIELDS = {
    "type": "card_type",
    "unique": "unique",
    "joust": "legality_joust",
    "melee": "legality_melee",
}
ELEMENT_FIELDS = {
    "house": "houses",
    "playable": "legal_houses",
    "crest": "crests",
    "trait": "traits",
}


def compile_query(node: Node) -> Q:
    """The ``Q`` selecting the cards that match ``node``; an empty ``And`` selects all.

    A number comparison never matches a card without that number (a plot has no cost), and
    that includes ``!=``: ``c!=2`` is "has a cost, and it is not 2". Negating a whole term is
    different: ``-c:2`` is "not (cost is 2)", which keeps the cards without a cost.
    """
    if isinstance(node, And):
        q = Q()
        for child in node.children:
            q &= compile_query(child)
        return q
    # An empty Q means "every card": Django drops it from | and cannot negate it, so it is
    # handled here (the parser only builds an empty And for a blank query).
    if isinstance(node, Or):
        q = NOTHING
        for child in node.children:
            compiled = compile_query(child)
            if not compiled:
                return Q()
            q = compiled if q is NOTHING else q | compiled
        return q
    if isinstance(node, Not):
        compiled = compile_query(node.child)
        return ~compiled if compiled else NOTHING
    if isinstance(node, Term):
        return compile_term(node)
    raise TypeError(f"not a search node: {node!r}")


def compile_term(term: Term) -> Q:
    """The ``Q`` of one term (see ``cards.search.language.Term`` for what ``op`` and ``value``
    hold)."""
    key, op, value = term.key, term.op, term.value
    if key in NUMBER_FIELDS:
        name = NUMBER_FIELDS[key]
        if op == "!=":
            return Q(**{f"{name}__lt": value}) | Q(**{f"{name}__gt": value})
        return Q(**{f"{name}__{_COMPARISONS[op]}": value})
    if key in CHOICE_FIELDS:
        return Q(**{CHOICE_FIELDS[key]: value})
    if key in ELEMENT_FIELDS:
        return _any_spelling(ELEMENT_FIELDS[key], "icontains", f"|{value}|")
    if key in TEXT_FIELDS:
        lookup = "iexact" if op == "=" else "icontains"
        return _any_spelling(TEXT_FIELDS[key], lookup, str(value))
    return _SPECIAL[key](op, value)


def _any_spelling(field: str, lookup: str, text: str) -> Q:
    """Match ``text`` with a straight or a typographic apostrophe: the data holds both."""
    q = Q(**{f"{field}__{lookup}": text})
    if "'" in text:
        q |= Q(**{f"{field}__{lookup}": text.replace("'", "\u2019")})
    return q


def _name(op: str, value: Value) -> Q:
    """The name holds the words, or (``:`` only) the words are a nickname of the card."""
    folded = fold_name(str(value))
    if not folded:  # nothing left after folding (symbols only): match the printed name
        return Q(name__iexact=value) if op == "=" else Q(name__icontains=value)
    if op == "=":
        return Q(name_key=folded)
    nicknamed = [fold_name(name) for name in nickname_targets(folded)]
    q = Q(name_key__contains=folded)
    return q | Q(name_key__in=nicknamed) if nicknamed else q


def name_rank(words: list[str]) -> Expression | None:
    """How well each card's name matches the words, lowest best (see ``cards.search.rank``);
    None when there is nothing to rank by."""
    total: Expression | None = None
    for word in words:
        folded = fold_name(word)
        if not folded:
            continue
        exact = Q(name_key=folded)
        nicknamed = [fold_name(name) for name in nickname_targets(folded)]
        if nicknamed:
            exact |= Q(name_key__in=nicknamed)
        word_start = Q()
        for mark in WORD_STARTS:
            word_start |= Q(name_key__contains=mark + folded)
        rank = Case(
            When(exact, then=V(0)),
            When(name_key__startswith=folded, then=V(1)),
            When(word_start, then=V(2)),
            default=V(3),
            output_field=IntegerField(),
        )
        total = rank if total is None else total + rank
    return total


def _icon(op: str, value: Value) -> Q:
    if value == "naval":
        return Q(naval_icons__contains="|")
    return Q(icons__icontains=f"|{value}|")


def _keyword(op: str, value: Value) -> Q:
    if op == "=":
        return _any_spelling("keywords", "icontains", f"|{value}|")
    return _any_spelling("keywords", "icontains", f"|{value}")


def _product(op: str, value: Value) -> Q:
    text = str(value)
    q = Q(product__name__iexact=text) | Q(product__cycle_code__iexact=text)
    slug = slugify(text)
    if slug:
        q |= Q(product__code=slug)
    return q


_SPECIAL: dict[str, Callable[[str, Value], Q]] = {
    "name": _name,
    "icon": _icon,
    "keyword": _keyword,
    "product": _product,
}

COMPILED_KEYS = frozenset(
    {*NUMBER_FIELDS, *CHOICE_FIELDS, *ELEMENT_FIELDS, *TEXT_FIELDS, *_SPECIAL}
)
"""Every key the compiler handles; a test checks it equals the parser's keys."""
