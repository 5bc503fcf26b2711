"""Card scripts (lions_of_the_rock/from_discard.py), each under its card's code and text."""

from __future__ import annotations
