"""Decks and reproducible dealing.

A deal depends only on the integer seed: the shuffle uses its own SplitMix64 generator and an
unbiased Fisher–Yates, so it is the same on every machine and Python version (nothing here touches
the hash seed, dict order or :mod:`random`).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules import args
from cardrules.args import shown
from cardrules.cards import CARD_COUNT, Card, all_cards
from cardrules.errors import CardrulesError, ImpossibleCardsError
from cardrules.limits import MAX_COPIES
from cardrules.multiset import Cards

__all__ = ["SplitMix64", "deal", "full_deck", "shuffled"]

_MASK = (1 << 64) - 1


class SplitMix64:
    """A tiny, well-known 64-bit generator (Steele, Lea & Flood 2014); deterministic by design."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next_u64(self) -> int:
        """The next 64-bit number of the sequence."""
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise CardrulesError(f"a draw needs a positive bound, got {n}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n


def _check_decks(decks: object) -> int:
    """Refuse a deck count no game plays with (1 to :data:`~cardrules.limits.MAX_COPIES`) before
    building anything: a pack is built card by card."""
    if isinstance(decks, bool) or not isinstance(decks, int) or not 1 <= decks <= MAX_COPIES:
        raise ImpossibleCardsError(
            f"a pack has 1 to {MAX_COPIES} decks, got {shown(decks)}", limit=MAX_COPIES
        )
    return decks


def _check_int(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardrulesError(f"{name} must be an integer, got {shown(value)}", code="bad-argument")
    return value


def full_deck(decks: int) -> Cards:
    """``decks`` standard 54-card decks as one multiset."""
    return Cards((_check_decks(decks),) * CARD_COUNT)


def shuffled(decks: int, seed: int) -> list[Card]:
    """All cards of ``decks`` decks in an order fixed by ``seed``."""
    _check_decks(decks)
    seed = args.seed(seed)
    table = all_cards()
    order = [table[i] for _ in range(decks) for i in range(CARD_COUNT)]
    rng = SplitMix64(seed)
    for i in range(len(order) - 1, 0, -1):
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def deal(decks: int, seed: int, sizes: Sequence[int]) -> tuple[list[Cards], Cards]:
    """Deal a shuffled pack one card at a time in seat order.

    ``sizes[i]`` is how many cards seat ``i`` receives; the cards left over (a kitty) are returned
    second. Seat ``i`` gets the cards at positions ``i, i + n, i + 2n …`` of the shuffled pack
    until its size is reached, as at a real table.
    """
    pack = shuffled(decks, seed)
    if (
        not isinstance(sizes, Sequence)
        or isinstance(sizes, str | bytes | bytearray)  # sequences, but of no sizes
        or len(sizes) > len(pack)
    ):
        raise ImpossibleCardsError(f"one hand size per seat, got {shown(sizes)}")
    total = sum(_check_int("a hand size", size) for size in sizes)
    if total > len(pack) or any(s < 0 for s in sizes):
        raise ImpossibleCardsError(f"cannot deal {shown(list(sizes))} from {len(pack)} cards")
    hands: list[list[Card]] = [[] for _ in sizes]
    pos = 0
    while pos < total:
        for seat, size in enumerate(sizes):
            if len(hands[seat]) < size:
                hands[seat].append(pack[pos])
                pos += 1
    return [Cards.of(h) for h in hands], Cards.of(pack[total:])
