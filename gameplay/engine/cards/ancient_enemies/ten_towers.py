"""Card scripts (ancient_enemies/ten_towers.py), each under its card's code and text."""

from __future__ import annotations
