"""Test helpers of the Called by the Conclave cards (kept here: tests/gameplay/cardtest.py is
shared)."""

from __future__ import annotations

SCHOLAR = "soo_36"  # Oldtown Scholar: a Neutral Maester, 1 STR, intrigue and power, no text
