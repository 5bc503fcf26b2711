"""Card scripts (kings_of_the_sea/from_discard.py), each under its card's code and text."""

from __future__ import annotations
