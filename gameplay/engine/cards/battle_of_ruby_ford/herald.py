"""Card scripts (battle_of_ruby_ford/herald.py), each under its card's code and text."""

from __future__ import annotations
