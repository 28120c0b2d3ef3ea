"""Points and the kitty (rulings S-TABLE-3, S-TRICK-3): SJ-TABLE-4 (Point cards), SJ-TRICK-4
(Points go to the winner's team), SJ-TRICK-5 (The kitty bonus (抠底)), SJ-TRICK-6 (A plain last
trick does not multiply), SJ-TRICK-7 (The banker's team keeps the kitty).

Points per card come from the variant's ``point_values`` table (5 → 5, 10 → 10, K → 10 by default);
they are precomputed once per table as a 54-slot vector, so counting a trick is one pass over the
few point-carrying slots.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import attrs

from cardrules.cards import Rank, all_cards
from cardrules.errors import CardrulesError, PositionError
from cardrules.jsonio import (
    JSON,
    JSONObject,
    Seat,
    document,
    open_document,
    read_record,
    record_json,
)
from cardrules.limits import quote
from cardrules.multiset import Cards
from cardrules.shengji.bounds import (
    AttackerPoints,
    BonusPoints,
    Factor,
    KittyPoints,
    Penalties,
    PieceSize,
    Points,
    deck_points,
    record_bounds,
    table_sizes,
)
from cardrules.shengji.variant import KittyMultiplier, Variant

__all__ = [
    "KittyBonus",
    "RoundResult",
    "check_result",
    "kitty_bonus",
    "kitty_factor",
    "point_slots",
    "points_of",
]


@lru_cache(maxsize=64)
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


@attrs.frozen(kw_only=True)
class RoundResult:
    """The outcome of a finished round's play: the attackers' points with the kitty included,
    SJ-TRICK-8 (End of the round).

    Level changes (S-LEVEL) are decided from ``attacker_points`` by the match rules."""

    banker: Seat
    attacker_points: AttackerPoints
    banker_points: Points
    kitty: KittyBonus | None
    penalties: Penalties

    @property
    def banker_team(self) -> int:
        """The banker's team (0 or 1)."""
        return self.banker % 2

    @property
    def attacker_team(self) -> int:
        """The attackers' team: the other one."""
        return 1 - self.banker % 2

    def to_json(self) -> JSONObject:
        """The result as a JSON document (``type = "result"``, schema ``shengji.result``)."""
        return document("shengji", "result", record_json(self))

    @classmethod
    def from_json(
        cls, data: Mapping[str, JSON] | str | bytes, variant: Variant | None = None
    ) -> RoundResult:
        """Read what :meth:`to_json` wrote: every field's JSON type checked before it is
        converted, the points, penalties and seats within what ``variant``'s table allows
        (without one, what any Shengji table allows), and the kitty bonus rebuilt from its
        points, piece and factor."""
        reader = open_document(data, "shengji", "result")
        result = read_record(cls, reader.body_of(()), "shengji result", record_bounds(variant))
        with reader.reading():
            check_result(result, variant)
        return result


def check_result(result: RoundResult, variant: Variant | None) -> None:
    """Raise :class:`~cardrules.errors.PositionError` naming the field if no round of
    ``variant`` (any Shengji table, for ``None``) ends with ``result``: the banker one of the
    seats penalised, a kitty bonus its kitty's points times a multiplier SJ-TRICK-5 (The kitty
    bonus (抠底)) gives for its lead, no more points than the decks carry, and penalties whole
    throws, SJ-THROW-4 (The throw penalty)."""
    penalties = result.penalties
    if len(penalties) not in table_sizes(variant):
        raise PositionError("one entry per seat", key="penalties")
    if not 0 <= result.banker < len(penalties):
        raise PositionError(f"a seat 0..{len(penalties) - 1}", key="banker")
    bonus = result.kitty
    if bonus is not None:
        modes = tuple(KittyMultiplier) if variant is None else (variant.kitty_multiplier,)
        factors = {0, 1} | {kitty_factor(mode, bonus.largest_piece) for mode in modes}
        if bonus.factor not in factors or bonus.points != bonus.kitty_points * bonus.factor:
            why = "a kitty bonus is its points times the multiplier of its lead"
            raise PositionError(f"{why}, SJ-TRICK-5 (The kitty bonus (抠底))", key="kitty")
        if bonus.points > result.attacker_points:
            raise PositionError("more than the attackers have", key="kitty")
    won = result.attacker_points - (0 if bonus is None else bonus.points) + result.banker_points
    if variant is not None:
        if won > deck_points(variant):
            raise PositionError(f"the decks carry {deck_points(variant)} points", key="points")
        step = variant.throw_penalty
        if any(p % step if step else p for p in penalties):
            raise PositionError(f"whole throws of {step} point(s) each", key="penalties")
