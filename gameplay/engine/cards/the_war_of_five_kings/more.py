"""Card scripts (the_war_of_five_kings/more.py), each under its card's code and text."""

from __future__ import annotations
