"""The Shengji follow of a plain suit, as SJ-FOLLOW-3 (The shape ladder), SJ-FOLLOW-4 (The follow
must be the best the hand allows) and SJ-FOLLOW-5 (Following a throw) say it, on a *lane*: the led
suit's ranks in order (the level rank left out), a holding being how many copies of each rank a
seat holds.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator, Sequence

__all__ = ["Piece", "best_follows", "choices", "follow_is_best", "ladder", "score", "throw_order"]

#: A piece of a lead: ``(width, length)`` — ``width`` copies on each of ``length`` consecutive
#: ranks (a single is ``(1, 1)``, a pair ``(2, 1)``, a tractor of two pairs ``(2, 2)``).
Piece = tuple[int, int]


def ladder(piece: Piece) -> tuple[Piece, ...]:
    """The shapes the piece asks of a follower, most wanted first, SJ-FOLLOW-3 (The shape ladder):
    its width with its length, then one shorter … down to 1; then each narrower width down to pairs,
    each with the longest length that fits in the piece's cards, down to 1. Single cards fill the
    rest and are not on the ladder."""
    width, length = piece
    cards = width * length
    steps = [(width, n) for n in range(length, 0, -1)] if width > 1 else []
    for narrower in range(width - 1, 1, -1):
        steps += [(narrower, n) for n in range(cards // narrower, 0, -1)]
    return tuple(steps)


def throw_order(pieces: Sequence[Piece]) -> tuple[Piece, ...]:
    """A throw's pieces in the order they are followed, SJ-FOLLOW-5 (Following a throw): the widest
    first, then the longest."""
    return tuple(sorted(pieces, key=lambda p: (-p[0], -p[1])))


def _placed(
    counts: tuple[int, ...], shape: Piece, n: int, first: int = 0
) -> Iterator[tuple[int, ...]]:
    """Every holding left after cutting ``n`` pieces of ``shape`` out of ``counts`` (the pieces
    started at ranks ``first`` and later, in order, so each set of pieces is tried once)."""
    if n == 0:
        yield counts
        return
    width, length = shape
    for start in range(first, len(counts) - length + 1):
        window = range(start, start + length)
        if all(counts[i] >= width for i in window):
            rest = tuple(c - width if i in window else c for i, c in enumerate(counts))
            yield from _placed(rest, shape, n - 1, start)


def score(choice: Sequence[int], lead: Sequence[Piece]) -> tuple[int, ...]:
    """The list a choice of cards scores against ``lead`` (SJ-FOLLOW-4 (The follow must be the best
    the hand allows), SJ-FOLLOW-5 (Following a throw)): for each of the lead's pieces in throw
    order, for each step of its ladder, how many pieces of that shape are placed, as many as fit in
    what the piece still owes — the greatest such list over every way of cutting the choice,
    compared step by step."""
    steps = [(k, shape) for k, piece in enumerate(throw_order(lead)) for shape in ladder(piece)]
    owed0 = tuple(w * n for w, n in throw_order(lead))

    @functools.cache
    def best(counts: tuple[int, ...], step: int, owed: tuple[int, ...]) -> tuple[int, ...]:
        if step == len(steps):
            return ()
        k, shape = steps[step]
        size = shape[0] * shape[1]
        for n in range(owed[k] // size, -1, -1):
            found: tuple[int, ...] | None = None
            left = tuple(o - n * size if i == k else o for i, o in enumerate(owed))
            for rest in set(_placed(counts, shape, n)):
                tail = best(rest, step + 1, left)
                if found is None or tail > found:
                    found = tail
            if found is not None:  # the most pieces of this shape come first in the order
                return (n, *found)
        raise AssertionError("zero pieces always fit")  # pragma: no cover

    return best(tuple(choice), 0, owed0)


def choices(holding: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every choice of ``size`` cards out of ``holding`` (copies per rank)."""
    for take in itertools.product(*(range(c + 1) for c in holding)):
        if sum(take) == size:
            yield take


def best_follows(lead: Sequence[Piece], holding: Sequence[int]) -> set[tuple[int, ...]]:
    """Every legal follow of ``lead`` out of ``holding`` (longer than the lead): the choices of
    as many cards that score highest, SJ-FOLLOW-4 (The follow must be the best the hand allows)."""
    size = sum(w * n for w, n in lead)
    assert size < sum(holding), "the ladder binds only a longer holding"
    scored = {c: score(c, lead) for c in choices(holding, size)}
    top = max(scored.values())
    return {c for c, v in scored.items() if v == top}


def follow_is_best(lead: Sequence[Piece], holding: Sequence[int], choice: Sequence[int]) -> bool:
    """Whether ``choice`` (copies per rank, out of ``holding``, as many cards as the lead) is a
    legal follow of ``lead`` by a seat holding ``holding`` of the led suit and more of it than
    the lead has: no other choice of as many cards scores higher, SJ-FOLLOW-4 (The follow must be
    the best the hand allows)."""
    size = sum(w * n for w, n in lead)
    assert sum(choice) == size < sum(holding), "the ladder binds only a longer holding"
    assert all(0 <= c <= h for c, h in zip(choice, holding, strict=True))
    mine = score(choice, lead)
    return all(score(other, lead) <= mine for other in choices(holding, size))
