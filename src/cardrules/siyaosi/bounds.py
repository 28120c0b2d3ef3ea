"""What the integers of 四幺四's records may be — events, a match's score — for a variant, or the
widest any variant allows (an event log does not say its variant). The event classes mark each
integer field with the name of its range (:class:`~cardrules.jsonio.Bound`); :func:`record_bounds`
gives the ranges, and :func:`~cardrules.jsonio.read_record` refuses a value outside them before
it builds anything.

A match score is bounded by what its rounds can have scored, 4A4-SCORE-1 (The scoring table),
4A4-SCORE-2 (Multipliers): nothing at a table without a scoring table (``classic``), else at most
the largest entry of the table times the largest multiplier a round can reach, for each round
settled.
"""

from __future__ import annotations

from typing import Annotated

from cardrules.jsonio import Bound, Bounds
from cardrules.siyaosi.variant import MultiplierMode, Variant
from cardrules.variant import switches_of

__all__ = [
    "MAX_ROUNDS",
    "MAX_SCORE",
    "AnnouncedCount",
    "ChainCount",
    "Multiplier",
    "Place",
    "Score",
    "Seats",
    "max_multiplier",
    "record_bounds",
    "score_bound",
]

#: The most rounds a match document may say it has reached (random matches end within a few
#: dozen, see spec/siyaosi.md).
MAX_ROUNDS = 10_000
#: The largest match score a document of no stated variant may hold: a round's points are
#: multiplied by up to 100 per scoring play, 4A4-SCORE-2 (Multipliers), so a score may be long
#: (some 220 digits after the most bombs four decks hold), but it stays far below this.
MAX_SCORE = 10**1000

#: The place a seat went out in (1 is the emperor).
Place = Annotated[int, Bound("place")]
#: A round's multiplier, 4A4-SCORE-2 (Multipliers).
Multiplier = Annotated[int, Bound("multiplier")]
#: A team's points for a round, or its match score.
Score = Annotated[int, Bound("score")]
#: Seats of a tribute (payers, receivers): at most one per seat.
Seats = Annotated[tuple[Annotated[int, Bound("seat")], ...], Bound("seats")]
#: The cards a hand holds when it is announced (报片), 4A4-TURN-6 (Announcing (报片)).
AnnouncedCount = Annotated[int, Bound("announce")]
#: The chain steps made, or the width of a chain (cards per rank),
#: 4A4-CHAIN-4 (The effective combination).
ChainCount = Annotated[int, Bound("chain")]


def max_multiplier(variant: Variant) -> int:
    """The largest multiplier a round can reach, 4A4-SCORE-2 (Multipliers): every kind once
    (``per_kind``), or, for ``per_play``, the largest factor once per scoring play a round can
    hold (each plays at least two cards)."""
    factors = [f for _kind, f in variant.multipliers] or [1]
    if variant.multiplier_mode is MultiplierMode.PER_KIND:
        product = 1
        for factor in factors:
            product *= factor
        return product
    return int(max(factors) ** (variant.total_cards // 2))


def score_bound(variant: Variant | None, rounds: int) -> int:
    """How far from 0 a team's match score can be after ``rounds`` settled rounds at
    ``variant``'s table (:data:`MAX_SCORE` for any table, for ``None``): 0 without a scoring
    table, 4A4-SCORE-1 (The scoring table)."""
    if variant is None:
        return MAX_SCORE
    entries = [abs(x) for _outcome, pair in variant.score_table for x in pair]
    if not entries:
        return 0
    return max(0, rounds) * max(entries) * max_multiplier(variant)


def record_bounds(variant: Variant | None = None) -> Bounds:
    """The ranges of every :class:`~cardrules.jsonio.Bound` of 四幺四's records at ``variant``'s
    table; without one, the widest any variant allows (eight seats, four decks)."""
    if variant is None:
        return _WIDEST
    return _bounds(
        players=variant.players,
        decks=variant.decks,
        total=variant.total_cards,
        announce=max(1, variant.announce_at),
        multiplier=max_multiplier(variant),
        score=score_bound(variant, MAX_ROUNDS),
    )


def _widest() -> Bounds:
    top = {f.name: f.metadata["switch"] for f in switches_of(Variant)}
    players = max(top["players"].choices)
    decks = top["decks"].maximum
    announce = top["announce_at"].maximum
    assert isinstance(players, int) and decks is not None and announce is not None
    return _bounds(
        players=players,
        decks=decks,
        total=decks * 54,
        announce=announce,
        multiplier=MAX_SCORE,
        score=MAX_SCORE,
    )


def _bounds(
    *, players: int, decks: int, total: int, announce: int, multiplier: int, score: int
) -> Bounds:
    """The ranges of a table of ``players`` seats and ``decks`` decks (``total`` cards)."""
    return Bounds(
        {
            "seat": (0, players - 1),
            "seats": (0, players),
            "team": (0, 1),
            "round": (1, MAX_ROUNDS),
            "cards": (0, total),
            "place": (1, players),
            "announce": (1, announce),
            "chain": (0, total),
            "multiplier": (1, multiplier),
            "score": (-score, score),
        },
        decks=decks,
        items=players,
    )


_WIDEST = _widest()
