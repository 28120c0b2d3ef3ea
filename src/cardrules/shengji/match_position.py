"""What a case file's ``[position]`` says of the match around a round, SJ-MATCH-3 (The match
score): besides the contract's keys a Shengji position may give ``round`` (the round number,
default 1) and ``scores`` (each seat's match score so far, default 0) — the keys a ``round``
case needs to settle a round (:func:`round_settlement`).
"""

from __future__ import annotations

from cardrules.cards import Rank
from cardrules.errors import PositionError
from cardrules.limits import quote
from cardrules.position import Position
from cardrules.shengji.levels import Settlement, settle
from cardrules.shengji.variant import Variant
from cardrules.textio import is_int

__all__ = ["POSITION_KEYS", "round_settlement"]

#: The ``[position]`` keys a Shengji match reads besides the contract's.
POSITION_KEYS = frozenset({"round", "scores"})


def round_settlement(position: Position, attacker_points: int) -> Settlement:
    """A ``round`` case: the round of ``position`` (its variant, ``levels``, ``banker``, and the
    match keys ``round`` and ``scores``) settled on ``attacker_points``."""
    variant = position.variant
    if not isinstance(variant, Variant):
        raise PositionError("a shengji position needs a shengji variant", key="variant")
    position.refuse("ruling", "out")
    position.require("banker")
    assert position.banker is not None
    levels = position.levels or (variant.start_level, variant.start_level)
    return settle(
        variant,
        round_number=_number(position.extra.get("round", 1), "round", 1, 10_000),
        levels=_levels(levels),
        banker=position.banker,
        attacker_points=attacker_points,
        scores=_scores(position.extra.get("scores"), variant.players),
        penalties=(0,) * variant.players,
    )


def _number(value: object, key: str, lo: int, hi: int) -> int:
    if not is_int(value) or not lo <= value <= hi:
        raise PositionError(f"an integer {lo}..{hi}, got {quote(value)}", key=key)
    return value


def _scores(value: object, players: int) -> tuple[int, ...]:
    if value is None:
        return (0,) * players
    if not isinstance(value, list) or len(value) != players:
        raise PositionError(f"one match score per seat ({players})", key="scores")
    return tuple(_number(v, "scores", -(10**9), 10**9) for v in value)


def _levels(levels: tuple[Rank, ...]) -> tuple[Rank, Rank]:
    return levels[0], levels[1]
