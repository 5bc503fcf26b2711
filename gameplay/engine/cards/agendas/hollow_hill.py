"""Card scripts (agendas/hollow_hill.py), each under its card's code and text."""

from __future__ import annotations
