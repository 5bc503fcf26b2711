"""Deck construction rules: one pure function, :func:`validate`, shared by every caller.

The deck builder, the API, the ``validate_deck`` command and tournament registration all call
:func:`validate`; no other module restates a deck-building rule. Pure Python: plain frozen
dataclasses in, plain frozen dataclasses out, no Django. The rules checked, every problem code
and the decision taken for each agenda are described in ``docs/DECK_RULES.md``.

A deck is a :class:`DeckSpec` (House, agenda codes, card code -> count); whether a card goes in
the plot deck or the House deck follows from its type. Card facts come as :class:`CardInfo`,
built once per card with :meth:`CardInfo.from_dict` (a fixture card or a model's values).
Every problem is reported at once, each with a stable ``code``:

>>> ned = CardInfo("core_2", "Eddard Stark", "character", "core", legal_houses=("Stark",))
>>> verdict = validate(DeckSpec("Lannister", entries={"core_2": 4}), "joust", {"core_2": ned})
>>> [problem.code for problem in verdict.problems]
['house_only', 'plot_deck_size', 'house_deck_too_small', 'over_deck_limit']
>>> print(verdict.problems[1].message)
Your plot deck has 0 cards; it needs exactly 7.
>>> verdict.valid
False
"""

from decks.validation.agendas import AGENDA_RULES, AgendaRule
from decks.validation.rules import validate
from decks.validation.spec import (
    ALL_HOUSES,
    DECK_TYPES,
    FORMATS,
    HOUSE_CARDS,
    HOUSES,
    CardInfo,
    DeckSpec,
    Format,
    Problem,
    Verdict,
    cards_from_fixtures,
    house_label,
    normalize_house,
)

__all__ = [
    "AGENDA_RULES",
    "ALL_HOUSES",
    "DECK_TYPES",
    "FORMATS",
    "HOUSES",
    "HOUSE_CARDS",
    "AgendaRule",
    "CardInfo",
    "DeckSpec",
    "Format",
    "Problem",
    "Verdict",
    "cards_from_fixtures",
    "house_label",
    "normalize_house",
    "validate",
]
