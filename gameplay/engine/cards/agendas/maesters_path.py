"""Card scripts (agendas/maesters_path.py), each under its card's code and text."""

from __future__ import annotations
