"""Whole numbers read from text that comes from outside: an action's seat and choice here, and
(through ``config/numbers.py``, which builds its messages on this) every number a web request
carries.

``str.isdigit`` is not the test: it is true for '²' and '١٢', and ``int()`` fails on the first
(an exception where the player should get a refusal), reads the second as 12 and refuses digit
strings past 4,300 characters. A number here is ASCII digits only, at most :data:`DIGITS` of them
(so it fits every integer column of the database as well), with a leading minus only when the
caller allows negative numbers.

>>> whole_number("12"), whole_number("²"), whole_number("١٢"), whole_number("9" * 400)
(12, None, None, None)
>>> whole_number("-1"), whole_number("-1", low=-5), whole_number("7", high=3)
(None, -1, None)
"""

from __future__ import annotations

DIGITS = 9
LARGEST = 10**DIGITS - 1


def whole_number(text: object, low: int = 0, high: int = LARGEST) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``, else None (not a str, empty,
    anything but ASCII digits after an optional minus, more than :data:`DIGITS` digits)."""
    if not isinstance(text, str):
        return None
    digits = text[1:] if text.startswith("-") and low < 0 else text
    if not (0 < len(digits) <= DIGITS and digits.isascii() and digits.isdigit()):
        return None
    number = int(text)
    return number if low <= number <= high else None
