"""What a finished round of Shengji's play gives: :class:`RoundResult` (the attackers' points
with the kitty included, the penalties), SJ-TRICK-8 (End of the round), and
:func:`check_result`, whether a result read from outside could end a round of a table."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from cardrules.errors import PositionError
from cardrules.jsonio import (
    JSON,
    JSONObject,
    Seat,
    document,
    open_document,
    read_record,
    record_json,
)
from cardrules.shengji.bounds import (
    AttackerPoints,
    Penalties,
    Points,
    ThrowPoints,
    check_throw_points,
    deck_points,
    record_bounds,
    table_sizes,
)
from cardrules.shengji.scoring import KittyBonus, kitty_factor
from cardrules.shengji.variant import JackPenalty, KittyMultiplier, Variant

__all__ = ["RoundResult", "check_result"]


@attrs.frozen(kw_only=True)
class RoundResult:
    """The outcome of a finished round's play: the attackers' points with the kitty included,
    SJ-TRICK-8 (End of the round), and the trick points failed throws moved to them
    (``throw_points``, already in ``attacker_points``, which is never below 0), SJ-THROW-8 (Trick
    points for a failed throw), and ``jack_drop``: whether the last trick sends the banker
    team back to 2, SJ-LEVEL-5 (The jack penalty).

    Level changes (S-LEVEL) are decided from ``attacker_points`` by the match rules."""

    banker: Seat
    attacker_points: AttackerPoints
    banker_points: Points
    kitty: KittyBonus | None
    penalties: Penalties
    jack_drop: bool = False
    throw_points: ThrowPoints = 0

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
    # The attackers' trick points before failed throws moved any: exactly so while their total
    # is above 0, and at least 0 (at most what was taken from them) once it is floored at 0.
    before = max(0, result.attacker_points - result.throw_points)
    exact = result.attacker_points > 0 or result.throw_points >= 0
    if bonus is not None and bonus.points > before and exact:
        raise PositionError("more than the attackers have", key="kitty")
    won = max(0, before - (0 if bonus is None else bonus.points)) + result.banker_points
    if variant is not None:
        if result.jack_drop and variant.jack_penalty is JackPenalty.OFF:
            raise PositionError(
                "this table has no jack penalty, SJ-LEVEL-5 (The jack penalty)", key="jack_drop"
            )
        if won > deck_points(variant):
            raise PositionError(f"the decks carry {deck_points(variant)} points", key="points")
        step = variant.throw_penalty
        if any(p % step if step else p for p in penalties):
            raise PositionError(f"whole throws of {step} point(s) each", key="penalties")
        tricks = variant.total_cards // variant.players
        check_throw_points(variant, result.throw_points, penalties, result.banker, tricks)
