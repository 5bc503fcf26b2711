"""Card scripts (epic_battles/epic.py), each under its card's code and text."""

from __future__ import annotations
