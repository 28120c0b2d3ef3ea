"""Who is winning a Shengji trick, and what a completed trick gives — pure functions of the
public table, shared by the state (as moves are applied) and by documents read back (where the
winner is rebuilt, never read), SJ-TRICK-2 (Who wins a trick), SJ-TRICK-3 (Ruffs and
over-ruffs), SJ-TRICK-5 (The kitty bonus (抠底))."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.errors import PositionError
from cardrules.implements import implements
from cardrules.multiset import Cards
from cardrules.shengji.combos import beats
from cardrules.shengji.moves import Move
from cardrules.shengji.order import Table
from cardrules.shengji.rules import classify_cached, piece_cached
from cardrules.shengji.scoring import KittyBonus, kitty_bonus, points_of
from cardrules.shengji.variant import Variant

__all__ = ["bonus_after", "overtakes", "winner"]


@implements("SJ-TRICK-2")
def overtakes(trick: Sequence[Move], top: int, cards: Cards, ctx: Table) -> bool:
    """Whether ``cards`` played into ``trick`` take it from the play at index ``top``: the
    first best play keeping the lead's structure wins, later equal plays do not."""
    current = classify_cached(trick[top].cards, ctx)
    lead = classify_cached(trick[0].cards, ctx)
    assert current is not None and lead is not None
    if lead.is_throw or current.is_throw:
        combo = classify_cached(cards, ctx)
    else:
        # over one piece only one piece can win (a throw never does): no need to split a throw
        combo = piece_cached(cards, ctx)
    return combo is not None and beats(current, combo, ctx, lead=lead)


def winner(trick: Sequence[Move], ctx: Table, *, key: str = "trick") -> int:
    """The index in ``trick`` of the play now winning it (the lead must be a combination, else
    :class:`~cardrules.errors.PositionError` naming the document's field ``key``)."""
    if not trick or classify_cached(trick[0].cards, ctx) is None:
        raise PositionError("a trick starts with a lead of one suit", key=key)
    top = 0
    for i in range(1, len(trick)):
        if overtakes(trick[:i], top, trick[i].cards, ctx):
            top = i
    return top


def bonus_after(
    last_trick: Sequence[Move],
    top: int,
    banker: int,
    kitty: Cards,
    variant: Variant,
    ctx: Table,
) -> KittyBonus:
    """What the kitty gives after the last trick, won by the play at ``top``."""
    lead = classify_cached(last_trick[0].cards, ctx)
    winning = classify_cached(last_trick[top].cards, ctx)
    assert lead is not None
    return kitty_bonus(
        kitty_points=points_of(kitty, variant.point_values),
        mode=variant.kitty_multiplier,
        largest_piece=max(piece.size for piece in lead.pieces),
        attackers_won=last_trick[top].seat % 2 != banker % 2,
        won_with_trump=winning is not None and winning.is_trump,
    )
