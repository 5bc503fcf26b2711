"""A tiny seeded generator (splitmix64) whose whole state is one JSON-friendly integer.

All randomness of a match comes from here, so a match is defined by its seed and actions.

>>> r = Rng(7)
>>> a = r.below(10); b = r.below(10)
>>> r2 = Rng(7)
>>> (r2.below(10), r2.below(10)) == (a, b)
True
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """splitmix64: ``state`` is the only thing to store; :meth:`next` advances it."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next(self) -> int:
        """The next 64-bit number."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n

    def shuffle(self, items: list[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
