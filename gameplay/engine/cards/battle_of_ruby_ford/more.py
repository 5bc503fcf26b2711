"""Card scripts (battle_of_ruby_ford/more.py), each under its card's code and text."""

from __future__ import annotations
