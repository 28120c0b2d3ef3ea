"""What the integers of Shengji's records may be — events, round results, settlements, a match's
standing — for a variant, or the widest any variant allows (an event log does not say its
variant). The record classes mark each integer field with the name of its range
(:class:`~cardrules.jsonio.Bound`); :func:`record_bounds` gives the ranges, and
:func:`~cardrules.jsonio.read_record` refuses a value outside them before it builds anything.

The ranges come from the table: a seat is one of ``players``, points are at most what the decks
carry (100 per deck with the usual 5, 10 and K, SJ-TABLE-4 (Point cards)), the kitty bonus at
most the kitty's points times the largest multiplier of SJ-TRICK-5 (The kitty bonus (抠底)), a
seat's throw penalties at most one per trick of the round, SJ-THROW-4 (The throw penalty), and a
match score at most what the rounds so far can have moved, SJ-MATCH-3 (The match score).
"""

from __future__ import annotations

from typing import Annotated

import attrs

from cardrules.errors import PositionError
from cardrules.implements import implements
from cardrules.jsonio import Bound, Bounds
from cardrules.shengji.variant import KittyMultiplier, Variant
from cardrules.variant import LEVEL_RANKS, switches_of

#: SJ-BID-7 (Nobody bids): round 1 is dealt again at most this many times in a row when nobody
#: bids; after that the kitty is turned up (SJ-BID-8 (The kitty flip)), so a house rule that
#: makes bids rare cannot stall a match.
MAX_REDEALS = 10

__all__ = [
    "MAX_REDEALS",
    "MAX_RISE",
    "MAX_ROUNDS",
    "AttackerPoints",
    "BonusPoints",
    "Factor",
    "KittyPoints",
    "KittySize",
    "Penalties",
    "Penalty",
    "PieceSize",
    "Points",
    "Redeals",
    "Rises",
    "ScoreChange",
    "Scores",
    "ThrowPoints",
    "check_penalties",
    "check_throw_points",
    "deck_points",
    "max_factor",
    "moved_points",
    "record_bounds",
    "round_score_bound",
    "score_bound",
    "table_sizes",
    "throw_range",
]

#: The most rounds a match document may say it has reached.
MAX_ROUNDS = 10_000
#: Levels a team can rise in one round: from 2 to past A.
MAX_RISE = len(LEVEL_RANKS)

#: Points a trick or a team took (at most what the decks carry).
Points = Annotated[int, Bound("points")]
#: The attackers' points at the end of a round, the kitty bonus included.
AttackerPoints = Annotated[int, Bound("attacker")]
#: The match points one failed throw costs, SJ-THROW-4 (The throw penalty).
Penalty = Annotated[int, Bound("penalty")]
#: Times round 1 was dealt again because nobody bid, SJ-BID-7 (Nobody bids).
Redeals = Annotated[int, Bound("redeals")]
#: Cards of a kitty taken or buried.
KittySize = Annotated[int, Bound("kitty")]
#: The points the kitty's cards carry.
KittyPoints = Annotated[int, Bound("kitty_points")]
#: The cards of the lead's largest piece (a kitty bonus's multiplier counts them).
PieceSize = Annotated[int, Bound("piece")]
#: The kitty multiplier, SJ-TRICK-5 (The kitty bonus (抠底)).
Factor = Annotated[int, Bound("factor")]
#: The points the kitty gave the attackers.
BonusPoints = Annotated[int, Bound("bonus")]
#: Levels risen in one round.
Rises = Annotated[int, Bound("rises")]
#: A team's players' score change in one round, SJ-MATCH-3 (The match score).
ScoreChange = Annotated[int, Bound("score")]
#: Every seat's match score (one entry per seat, each within what the rounds can move).
Scores = Annotated[tuple[Annotated[int, Bound("scores")], ...], Bound("seats")]
#: The match points each seat lost to failed throws in a round (one entry per seat).
Penalties = Annotated[tuple[Annotated[int, Bound("penalties")], ...], Bound("seats")]
#: Trick points failed throws moved to the attackers (negative: from them),
#: SJ-THROW-8 (Trick points for a failed throw).
ThrowPoints = Annotated[int, Bound("throw_points")]


def table_sizes(variant: Variant | None) -> tuple[int, ...]:
    """The numbers of seats a record of ``variant``'s table (of any Shengji table, for ``None``)
    may list one entry for each of: 4 or 6, SJ-TABLE-1 (Seats and teams)."""
    if variant is not None:
        return (variant.players,)
    players = next(f for f in switches_of(Variant) if f.name == "players").metadata["switch"]
    return tuple(int(n) for n in players.choices)


def check_penalties(variant: Variant, penalties: tuple[int, ...], throws: int) -> None:
    """Penalties a round can have given, SJ-THROW-4 (The throw penalty): whole failed throws of
    ``throw_penalty`` each, at most one per trick (``throws`` tricks so far)."""
    step = variant.throw_penalty
    if step == 0:
        if any(penalties):
            raise PositionError("a throw penalty of 0 costs nothing", key="penalties")
        return
    if any(p % step for p in penalties) or sum(penalties) // step > throws:
        raise PositionError(
            f"failed throws of {step} point(s) each, at most one per trick ({throws} so far)",
            key="penalties",
        )


@implements("SJ-THROW-8")
def moved_points(variant: Variant, thrower: int, banker: int) -> int:
    """The trick points a failed throw by ``thrower`` moves to the attackers, SJ-THROW-8 (Trick
    points for a failed throw): ``throw_penalty_points`` when the thrower is on the banker's team,
    as many taken from them when the thrower is an attacker."""
    points = variant.throw_penalty_points
    return points if thrower % 2 == banker % 2 else -points


def throw_range(variant: Variant) -> tuple[int, int]:
    """The trick points failed throws can have moved in a round of ``variant``: at most one
    failed throw per trick, each moving ``throw_penalty_points`` one way or the other."""
    most = variant.total_cards // variant.players * variant.throw_penalty_points
    return -most, most


def check_throw_points(
    variant: Variant, moved: object, penalties: tuple[int, ...], banker: int, throws: int
) -> None:
    """Trick points failed throws can have moved, SJ-THROW-8 (Trick points for a failed throw):
    whole failed throws of ``throw_penalty_points`` each, at most one per trick (``throws``
    tricks so far); where ``throw_penalty`` counts each seat's failed throws in ``penalties``,
    exactly the banker team's failed throws less the attackers'."""
    step = variant.throw_penalty_points
    if isinstance(moved, bool) or not isinstance(moved, int):
        raise PositionError("an integer", key="throw_points")
    if step == 0:
        if moved:
            raise PositionError("this table's failed throws move no points", key="throw_points")
        return
    if moved % step or abs(moved) // step > throws:
        raise PositionError(
            f"failed throws of {step} point(s) each, at most one per trick ({throws} so far)",
            key="throw_points",
        )
    counted = variant.throw_penalty
    if counted:
        fails = [p // counted for p in penalties]
        ours = sum(n for seat, n in enumerate(fails) if seat % 2 == banker % 2)
        expected = step * (ours - (sum(fails) - ours))
        if moved != expected:
            raise PositionError(
                f"the penalties count failed throws that move {expected} point(s)",
                key="throw_points",
            )


def deck_points(variant: Variant) -> int:
    """The points the decks carry, SJ-TABLE-4 (Point cards)."""
    return variant.decks * 4 * sum(value for _rank, value in variant.point_values)


def max_factor(variant: Variant) -> int:
    """The largest kitty multiplier a round can end with, SJ-TRICK-5 (The kitty bonus (抠底)):
    the lead's largest piece has at most ``decks`` cards."""
    k = variant.decks
    mode = variant.kitty_multiplier
    return (
        1 << k if mode is KittyMultiplier.POWER else k if mode is KittyMultiplier.LINEAR else 2 * k
    )


def round_score_bound(variant: Variant) -> int:
    """How far one round can move a seat's match score, SJ-MATCH-3 (The match score): the
    levels risen and, at the end of a 整局 match, the level gap (each at most :data:`MAX_RISE`
    levels of ``score_per_level``), and a penalty for every trick the seat led with a failed
    throw."""
    tricks = variant.total_cards // variant.players
    return 2 * MAX_RISE * variant.score_per_level + tricks * variant.throw_penalty


def score_bound(variant: Variant | None, rounds: int) -> int:
    """How far from 0 a seat's match score can be after ``rounds`` settled rounds at
    ``variant``'s table (at any Shengji table, for ``None``)."""
    per = _WIDEST_ROUND if variant is None else round_score_bound(variant)
    return max(0, rounds) * per


def record_bounds(variant: Variant | None = None) -> Bounds:
    """The ranges of every :class:`~cardrules.jsonio.Bound` of Shengji's records at ``variant``'s
    table; without one, the widest any variant allows (six seats, eight decks, every switch at
    its maximum)."""
    if variant is None:
        return _WIDEST
    players = variant.players
    points = deck_points(variant)
    tricks = variant.total_cards // players
    kitty_points = min(
        points, variant.kitty * max((v for _r, v in variant.point_values), default=0)
    )
    bonus = kitty_points * max_factor(variant)
    per_round = round_score_bound(variant)
    return Bounds(
        {
            "seat": (0, players - 1),
            "seats": (players, players),
            "team": (0, 1),
            "round": (1, MAX_ROUNDS),
            "redeals": (0, MAX_REDEALS),
            "cards": (0, variant.total_cards),
            "kitty": (0, variant.kitty),
            "points": (0, points),
            "attacker": (0, points + bonus + throw_range(variant)[1]),
            "kitty_points": (0, kitty_points),
            "bonus": (0, bonus),
            "piece": (1, variant.decks),
            "factor": (0, max_factor(variant)),
            "penalty": (0, variant.throw_penalty),
            "penalties": (0, tricks * variant.throw_penalty),
            "throw_points": throw_range(variant),
            "rises": (0, MAX_RISE),
            "score": (
                -2 * MAX_RISE * variant.score_per_level,
                2 * MAX_RISE * variant.score_per_level,
            ),
            "scores": (-MAX_ROUNDS * per_round, MAX_ROUNDS * per_round),
        },
        decks=variant.decks,
        items=players,
    )


def _widest() -> Bounds:
    """The bounds of a table with every switch at its widest: each range the widest of the
    tables of 4 and 6 seats, 8 decks, the largest kitty, point values, penalties and score per
    level."""
    top = {f.name: f.metadata["switch"] for f in switches_of(Variant)}
    widest = ("decks", "throw_penalty", "throw_penalty_points", "score_per_level")
    most = {key: top[key].maximum for key in widest}
    tables = [
        Variant(players=players, kitty=kitty, **most) for players, kitty in ((4, 52), (6, 54))
    ]
    rich = [_with_points(v) for v in tables]
    each = [record_bounds(v) for v in rich]
    names = each[0].ranges.keys()
    ranges = {
        name: (min(b.ranges[name][0] for b in each), max(b.ranges[name][1] for b in each))
        for name in names
    }
    return Bounds(ranges, decks=8, items=max(b.items for b in each))


def _with_points(variant: Variant) -> Variant:
    """``variant`` with every rank worth the most a point value may be."""
    most = _point_value_max()
    values = tuple((rank.text, most) for rank in LEVEL_RANKS)
    return attrs.evolve(variant, point_values=values)


def _point_value_max() -> int:
    switch = next(f for f in switches_of(Variant) if f.name == "point_values").metadata["switch"]
    assert switch.maximum is not None
    return int(switch.maximum)


_WIDEST = _widest()
_WIDEST_ROUND = _WIDEST.ranges["scores"][1] // MAX_ROUNDS
