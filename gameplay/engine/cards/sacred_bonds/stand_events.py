"""Card scripts (sacred_bonds/stand_events.py), each under its card's code and text."""

from __future__ import annotations
