"""Card scripts (refugees_of_war/epic.py), each under its card's code and text."""

from __future__ import annotations
