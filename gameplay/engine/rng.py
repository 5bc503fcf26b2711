"""A tiny seeded generator whose whole state is one JSON-friendly value.

All randomness of a match comes from here, so a match is defined by its seed and actions.

A state below 2**64 is splitmix64, one integer of 64 bits (the streams every match, golden
replay and test had before larger seeds existed). A seed of more bits would be folded into
those 64, so a larger integer instead keys a generator with all of it: output ``n`` is a
keyed BLAKE2b hash of ``n``, and the state is the text ``"<key in hex>:<n>"`` (JSON cannot
carry an integer of 128 bits portably; orjson refuses one).

>>> r = Rng(7)
>>> a = r.below(10); b = r.below(10)
>>> r2 = Rng(7)
>>> (r2.below(10), r2.below(10)) == (a, b)
True
>>> big = Rng(2**64 + 7)
>>> isinstance(big.state, str), Rng(big.state).next() == big.next()
(True, True)
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    """splitmix64: ``state`` is the only thing to store; :meth:`next` advances it.

    ``Rng(state)`` with a text state or an integer of more than 64 bits gives a
    :class:`KeyedRng` instead, with the same methods."""

    def __new__(cls, state: int | str) -> Rng:
        if cls is Rng and (isinstance(state, str) or state > _MASK):
            return super().__new__(KeyedRng)
        return super().__new__(cls)

    def __init__(self, state: int | str) -> None:
        self.state = state & _MASK  # type: ignore[operator]

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


class KeyedRng(Rng):
    """A generator keyed by a whole large seed (every bit of it counts): output ``n`` is
    BLAKE2b of ``n`` under a 256-bit key. ``state`` is ``"<key hex>:<n>"``: text, so that
    it travels through JSON as it is.

    >>> r = Rng(2**100)
    >>> r.state.endswith(":0"), r.below(6) in range(6), r.state.endswith(":1")
    (True, True, True)
    """

    def __init__(self, state: int | str) -> None:
        if isinstance(state, str):
            key, _, count = state.rpartition(":")
            self._key, self._count = bytes.fromhex(key), int(count)
        else:
            self._key, self._count = _key(f"rng:{state}"), 0
        if len(self._key) != 32 or self._count < 0:
            raise ValueError(f"not a generator state: {state!r}")

    @property
    def state(self) -> str:  # type: ignore[override]
        return f"{self._key.hex()}:{self._count}"

    def next(self) -> int:
        """The next 64-bit number."""
        out = hashlib.blake2b(self._count.to_bytes(8, "little"), key=self._key, digest_size=8)
        self._count += 1
        return int.from_bytes(out.digest(), "little")


def _key(text: str) -> bytes:
    return hashlib.sha256(text.encode()).digest()


def seed_state(seed: int | str) -> int | str:
    """The generator state a match with ``seed`` starts from (an integer, or its decimal
    text: a seed beyond 64 bits travels as text through JSON). Hashing spreads nearby
    seeds apart; a seed of up to 64 bits gives a splitmix64 state as it always has, a
    larger one keys a :class:`KeyedRng` with the whole hash, keeping all of its entropy.

    >>> seed_state(7) == seed_state("7") and isinstance(seed_state(7), int)
    True
    >>> seed_state(2**127) != seed_state(2**127 + 2**64)
    True
    """
    digest = _key(f"maester:{seed}")
    if int(seed) > _MASK:
        return f"{digest.hex()}:0"
    return int.from_bytes(digest[:8], "big")
