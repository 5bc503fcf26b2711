"""Test helpers of The Battle of Blackwater Bay's card tests: play on while watching whether
a card's ability is ever offered (a restriction test must see it is not)."""

from __future__ import annotations
