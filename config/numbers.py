"""The one reader of a number that a request carries: a query parameter (``?round=``,
``?step=``, ``?page=``), a form field (a count, a cut size, a power), a number posted by a page
(the move a board shows) or sent to a service.

What counts as a number is :func:`gameplay.engine.numbers.whole_number`'s rule (ASCII digits
only, at most nine, within bounds), shared with the rules engine, which reads the numbers in a
player's action and may import nothing of the site. ``'²'.isdigit()`` is true but ``int('²')``
fails, ``int('١٢')`` is 12, and a number of 400 digits overflows the database: read through
here, each of those is a refusal with a message naming the field, or None where the caller
falls back to a default, never a 500.
"""

from __future__ import annotations

from django import forms

from gameplay.engine.numbers import LARGEST, whole_number

__all__ = [
    "LARGEST",
    "SHOWN",
    "NumberError",
    "WholeNumberField",
    "number_or_none",
    "page_number",
    "problem",
    "read_number",
]

SHOWN = 12  # characters of a refused value repeated in a message


class NumberError(ValueError):
    """A value that is not a whole number within bounds; the message names the field."""


def number_or_none(value: object, *, low: int = 0, high: int = LARGEST) -> int | None:
    """The whole number in ``value`` (a request's text, spaces around it allowed, or an int
    from code or a JSON body), or None when it is missing, not one, or out of bounds: for a
    query parameter that falls back to its default."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if low <= value <= high else None
    return whole_number(value.strip(), low, high) if isinstance(value, str) else None


def page_number(value: object) -> int:
    """A list's page from ``?page=``: anything but a page number is the first page."""
    return number_or_none(value, low=1) or 1


def read_number(value: object, what: str, *, low: int = 0, high: int = LARGEST) -> int:
    """The whole number in ``value``, else :class:`NumberError` with the message of
    :func:`problem`, which starts with ``what`` ("Round", "The cut size") and says what is
    wanted: ``The cut size must be a whole number from 0 to 999, not '²'.``"""
    number = number_or_none(value, low=low, high=high)
    if number is None:
        raise NumberError(problem(value, what, low=low, high=high))
    return number


def problem(value: object, what: str, *, low: int = 0, high: int = LARGEST) -> str:
    """The message for a refused ``value`` (the value shown only in part: it is the reader's
    own input, but may be thousands of characters long)."""
    span = f" from {low} to {high}" if high < LARGEST else (f" of at least {low}" if low else "")
    text = "" if value is None else str(value).strip()
    if not text:
        return f"{what} must be a whole number{span}."
    shown = text if len(text) <= SHOWN else text[:SHOWN] + "…"
    # A number out of bounds is shown as a number (not -3), anything else quoted (not '²').
    plain = text.removeprefix("-").isascii() and text.removeprefix("-").isdigit()
    return f"{what} must be a whole number{span}, not {shown if plain else repr(shown)}."


class WholeNumberField(forms.IntegerField):
    """A form's whole number read by :func:`number_or_none` (Django's own ``IntegerField``
    takes '١٢' for 12 and any length of digits); its bounds are the field's ``min_value`` and
    ``max_value`` (the model field's, in a model form)."""

    def to_python(self, value: object) -> int | None:
        if value in self.empty_values:
            return None
        number = number_or_none(value, low=-LARGEST, high=LARGEST)
        if number is None:
            raise forms.ValidationError(
                "Enter a whole number, in the digits 0 to 9.", code="invalid"
            )
        return number
