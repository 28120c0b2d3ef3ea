"""四副升级 moves and the play now winning the trick.

A :class:`Move` is ``Move(seat, kind, cards)`` as in every game of the library. The play phase
takes plays only; the other kinds belong to the match's phases (bidding, burying, frying) and
are refused in the play phase with the code ``wrong-phase``.

After showing four jokers a bidder names the trump with a move that names no cards, SJ-BID-4
(Four jokers name the trump): ``"2: hearts"`` (any suit) or ``"2: notrump"``.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import ClassVar

import attrs

from cardrules.cards import Suit
from cardrules.move import EMPTY, MoveBase
from cardrules.multiset import Cards
from cardrules.shengji.combos import Combination
from cardrules.slots import builder

__all__ = ["NAMING", "Move", "MoveKind", "Top", "make_move"]


class Phase(StrEnum):
    """Where a round of a match stands, SJ-MATCH-1 (A match is rounds of phases).

    Defined beside the move kinds so that the round's play state can name its phase without
    loading the match; :mod:`cardrules.shengji.match.phases` exports it."""

    DEAL = "deal"
    BID = "bid"
    BURY = "bury"
    FRY = "fry"
    PLAY = "play"
    OVER = "over"


class MoveKind(StrEnum):
    """What a move is: a play of cards; the match phases add a bid (亮主/反主), a pass, a burial
    of the kitty, a fry (炒底) and the naming of the trump after four jokers."""

    PLAY = "play"
    BID = "bid"
    PASS = "pass"
    BURY = "bury"
    FRY = "fry"
    SPADES = "spades"
    HEARTS = "hearts"
    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    NO_TRUMP = "notrump"


#: The kinds that name the trump after four jokers, and the trump each names (``None``: none).
NAMING: dict[MoveKind, Suit | None] = {
    MoveKind.SPADES: Suit.SPADES,
    MoveKind.HEARTS: Suit.HEARTS,
    MoveKind.CLUBS: Suit.CLUBS,
    MoveKind.DIAMONDS: Suit.DIAMONDS,
    MoveKind.NO_TRUMP: None,
}


@attrs.frozen(repr=False)
class Move(MoveBase[MoveKind]):
    """One Shengji move: ``Move(seat, MoveKind.PLAY, Cards.parse("8S 8S"))``, text
    ``"2: 8S 8S"`` (a play is written without its verb)."""

    GAME: ClassVar[str] = "shengji"
    KINDS: ClassVar[type[StrEnum]] = MoveKind
    WITHOUT_CARDS: ClassVar[frozenset[str]] = frozenset({MoveKind.PASS, *NAMING})

    kind: MoveKind = MoveKind.PLAY
    cards: Cards = EMPTY


#: ``Move(seat, MoveKind.PLAY, cards)`` for a play the rules built themselves (a seat of the
#: table, cards that are a non-empty :class:`~cardrules.multiset.Cards`), its slots filled
#: directly without the checks of the constructor — moves are built on every decision of a
#: simulation.
make_move: Callable[[int, Cards], Move] = builder(Move, ("seat", "cards"), {"kind": MoveKind.PLAY})


@attrs.frozen
class Top:
    """The play now winning the trick: its seat, its cards and what they are."""

    seat: int
    cards: Cards
    combination: Combination
