"""Card scripts (the_winds_of_winter/more.py), each under its card's code and text."""

from __future__ import annotations
