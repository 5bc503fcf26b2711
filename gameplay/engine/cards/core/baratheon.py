"""Core Set House Baratheon cards, registered by card code (see abilities.register)."""

from __future__ import annotations
