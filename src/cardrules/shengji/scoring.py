"""Points and the kitty (rulings S-TABLE-3, S-TRICK-3): SJ-TABLE-4 (Point cards), SJ-TRICK-4
(Points go to the winner's team), SJ-TRICK-5 (The kitty bonus (抠底)), SJ-TRICK-6 (A plain last
trick does not multiply), SJ-TRICK-7 (The banker's team keeps the kitty).

Points per card come from the variant's ``point_values`` table (5 → 5, 10 → 10, K → 10 by default);
they are precomputed once per table as a 54-slot vector, so counting a trick is one pass over the
few point-carrying slots.
"""

from __future__ import annotations

from functools import lru_cache

import attrs

from cardrules.cards import Rank, all_cards
from cardrules.errors import CardrulesError
from cardrules.implements import implements
from cardrules.limits import quote
from cardrules.multiset import Cards
from cardrules.shengji.bounds import (
    BonusPoints,
    Factor,
    KittyPoints,
    PieceSize,
)
from cardrules.shengji.variant import KittyMultiplier

__all__ = [
    "KittyBonus",
    "kitty_bonus",
    "kitty_factor",
    "point_slots",
    "points_of",
]


@lru_cache(maxsize=64)
@implements("SJ-TABLE-4")
def point_slots(point_values: tuple[tuple[str, int], ...]) -> tuple[tuple[int, int], ...]:
    """``(card index, points)`` for every card that carries points under this table."""
    by_rank = {Rank.parse(rank): value for rank, value in point_values}
    return tuple(
        (card.index, by_rank[card.rank])
        for card in all_cards()
        if not card.is_joker and by_rank.get(card.rank, 0)
    )


def points_of(cards: Cards, point_values: tuple[tuple[str, int], ...]) -> int:
    """The points the cards carry."""
    counts = cards.counts
    return sum(counts[i] * value for i, value in point_slots(point_values))


@implements("SJ-TRICK-5")
def kitty_factor(mode: KittyMultiplier, k: int) -> int:
    """The kitty multiplier for a last-trick lead whose largest piece has ``k`` cards.

    ``power``: 2^k (single ×2, pair ×4, triple ×8, quad ×16); ``linear``: k; ``times``: 2k.
    """
    if k < 1:
        raise CardrulesError("a lead has at least one card")
    if mode == KittyMultiplier.POWER:
        return 1 << k
    if mode == KittyMultiplier.LINEAR:
        return k
    if mode == KittyMultiplier.TIMES:
        return 2 * k
    raise CardrulesError(f"unknown kitty multiplier {quote(mode)}")


@attrs.frozen(kw_only=True)
class KittyBonus:
    """What the kitty gave at the end of the round, SJ-TRICK-5 (The kitty bonus (抠底)).

    ``factor`` is 0 when the banker team took the last trick (the kitty does not count), 1 when the
    attackers took it with plain cards, else the multiplier of ``kitty_multiplier``."""

    kitty_points: KittyPoints
    largest_piece: PieceSize
    factor: Factor
    points: BonusPoints

    def __attrs_post_init__(self) -> None:
        if min(self.kitty_points, self.largest_piece, self.factor) < 0 or (
            self.points != self.kitty_points * self.factor
        ):
            raise CardrulesError(
                "a kitty bonus has non-negative fields and points = kitty points × factor"
            )


@implements("SJ-TRICK-6", "SJ-TRICK-7")
def kitty_bonus(
    *,
    kitty_points: int,
    mode: KittyMultiplier,
    largest_piece: int,
    attackers_won: bool,
    won_with_trump: bool,
) -> KittyBonus:
    """The kitty's contribution to the attackers' points after the last trick."""
    if not attackers_won:
        factor = 0
    elif not won_with_trump:
        factor = 1
    else:
        factor = kitty_factor(mode, largest_piece)
    return KittyBonus(
        kitty_points=kitty_points,
        largest_piece=largest_piece,
        factor=factor,
        points=kitty_points * factor,
    )
