"""Card scripts (the_winds_of_winter/ravens.py), each under its card's code and text."""

from __future__ import annotations
