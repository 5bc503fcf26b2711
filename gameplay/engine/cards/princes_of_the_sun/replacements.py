"""Card scripts (princes_of_the_sun/replacements.py), each under its card's code and text."""

from __future__ import annotations
