"""Throws (甩牌): does a throw stand, and which piece is forced when it fails (S-THROW-1, 2).

The engine knows every hand, so it decides at once whether any other player holds, in the thrown
suit, a piece of the same shape that beats one of the thrown pieces, SJ-THROW-2 (When a throw
stands), SJ-THROW-3 (A failed throw). Only the forced piece and the fact of the failure become
public, SJ-THROW-5 (A failed throw reveals nothing).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from cardrules.implements import implements
from cardrules.multiset import Cards
from cardrules.shengji.combos import Combination, Piece, holds_beating_piece
from cardrules.shengji.order import Table

__all__ = ["ThrowOutcome", "piece_size_key", "resolve_throw"]


def piece_size_key(piece: Piece) -> tuple[int, int, int]:
    """Smallest first: fewest cards, then the narrower, then the lower top, SJ-THROW-3 (A failed
    throw)."""
    return (piece.size, piece.width, piece.top)


@attrs.frozen(kw_only=True)
class ThrowOutcome:
    """The engine's decision on a throw: ``led`` is what actually reaches the table."""

    stands: bool
    led: Cards
    #: The pieces some other player could beat (empty when the throw stands).
    beaten: tuple[Piece, ...] = ()


@implements("SJ-THROW-2", "SJ-THROW-3")
def resolve_throw(
    throw: Combination, thrower: int, hands: Sequence[Cards], ctx: Table
) -> ThrowOutcome:
    """Decide a throw from all hands (``hands[thrower]`` is ignored)."""
    others = [hand for seat, hand in enumerate(hands) if seat != thrower and hand]
    beaten = tuple(
        piece
        for piece in throw.pieces
        if any(holds_beating_piece(hand, piece, ctx) for hand in others)
    )
    if not beaten:
        return ThrowOutcome(stands=True, led=throw.cards)
    forced = min(beaten, key=piece_size_key)
    return ThrowOutcome(stands=False, led=forced.cards, beaten=beaten)
