"""Card scripts (a_song_of_summer/carrion.py), each under its card's code and text."""

from __future__ import annotations
