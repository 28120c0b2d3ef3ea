"""A :class:`random.Random` whose draws are the same on every machine and Python version.

The deal already uses its own SplitMix64 (:mod:`cardrules.deck`); simulations and bots that want
the same guarantee for their choices draw from :class:`SeededRandom`, a :class:`random.Random`
whose core generator is SplitMix64 — so ``random()``, ``getrandbits()`` and everything built on
them (``randrange``, ``choice``, ``shuffle``, ``sample``) follow from the seed alone.
"""

from __future__ import annotations

import random

from cardrules.deck import SplitMix64

__all__ = ["SeededRandom", "derive_seed"]


def derive_seed(seed: int, *path: int) -> int:
    """A seed for a part of a seeded whole — the deal of round 3 of a match is
    ``derive_seed(match_seed, 3)`` — the same on every machine, and unrelated to its neighbours'
    (each step mixes through SplitMix64)."""
    value = seed
    for step in path:
        value = SplitMix64(value ^ (step * 0x9E3779B97F4A7C15)).next_u64()
    return value


class SeededRandom(random.Random):
    """``random.Random`` driven by SplitMix64 from an integer seed."""

    def __init__(self, seed: int = 0) -> None:
        self._source = SplitMix64(seed)
        super().__init__(0)

    def seed(self, a: object = None, version: int = 2) -> None:
        """Reseed from an integer (``random.Random.__init__`` calls this with 0; ignored then)."""
        if isinstance(a, int) and a and hasattr(self, "_source"):
            self._source = SplitMix64(a)

    def random(self) -> float:
        return (self._source.next_u64() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int) -> int:
        bits, value = 0, 0
        while bits < k:
            value = (value << 64) | self._source.next_u64()
            bits += 64
        return value >> (bits - k)
