"""Test helpers of The Tower of the Hand cards (kept here: tests/gameplay/cardtest.py is
shared)."""

from __future__ import annotations
