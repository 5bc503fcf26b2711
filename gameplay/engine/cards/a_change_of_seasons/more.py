"""Card scripts (a_change_of_seasons/more.py), each under its card's code and text."""

from __future__ import annotations
