"""Card scripts (scattered_armies/reserves.py), each under its card's code and text."""

from __future__ import annotations
