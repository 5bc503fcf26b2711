"""Card scripts (calling_the_banners/banners.py), each under its card's code and text."""

from __future__ import annotations
