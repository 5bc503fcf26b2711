"""Card scripts (agendas/black_sails.py), each under its card's code and text."""

from __future__ import annotations
