"""Core Set House Stark cards, registered by card code (see abilities.register)."""

from __future__ import annotations
