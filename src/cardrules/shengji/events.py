"""What a Shengji move did, as data, CORE-EVENT-1 (What a move did): ``state.step(move)``
returns these.

Every step starts with :class:`MovePlayed` (for a throw, the cards the player put down); then,
as they happen: :class:`ThrowFailed` (the throw was beaten, only ``forced`` stays on the table),
:class:`TrickWon`, :class:`KittyCounted` (after the last trick) and :class:`RoundOver`.

A match adds its own: :class:`RoundStarted`, :class:`CardDealt` (to whom, not which card),
:class:`BidMade`, :class:`TrumpNamed`, :class:`Redealt`, :class:`KittyFlipped`,
:class:`BiddingOver`, :class:`KittyTaken`, :class:`KittyBuried` (how many, not which),
:class:`Fried`, :class:`PlayStarted`, :class:`RoundScored` and :class:`MatchOver`.

Every seat receives every event in full but two moves': a failed throw's cards are not public,
SJ-THROW-5 (A failed throw reveals nothing) — its :class:`MovePlayed` carries the ``forced``
piece, and the other seats receive the move as that piece alone — nor are the buried cards,
SJ-KITTY-2 (Who sees the kitty) — the other seats receive a burial's move with ``cards``
``None`` (``null`` in JSON). A card dealt names no card; the bids, a fry and a kitty turned up
are shown to the table. :func:`cardrules.events.seen_by` gives the events as one seat receives
them, CORE-EVENT-2 (Who sees an event).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardrules.cards import Rank, Suit
from cardrules.errors import CardrulesError
from cardrules.events import (
    EVERYONE,
    OPTIONAL,
    Audience,
    Event,
    only,
    public,
    read_events,
    write_events,
)
from cardrules.jsonio import JSON, JSONObject, Round, Seat, Team
from cardrules.multiset import Cards
from cardrules.shengji.bounds import (
    KittySize,
    Penalty,
    Points,
    Redeals,
    Scores,
    ThrowPoints,
    record_bounds,
)
from cardrules.shengji.levels import Settlement
from cardrules.shengji.moves import Move, MoveKind
from cardrules.shengji.result import RoundResult
from cardrules.shengji.scoring import KittyBonus
from cardrules.shengji.variant import Variant

__all__ = [
    "EVENTS",
    "BidMade",
    "BiddingOver",
    "CardDealt",
    "Fried",
    "KittyBuried",
    "KittyCounted",
    "KittyFlipped",
    "KittyTaken",
    "MatchOver",
    "MovePlayed",
    "PlayStarted",
    "Redealt",
    "RoundOver",
    "RoundScored",
    "RoundStarted",
    "ThrowFailed",
    "TrickWon",
    "TrumpNamed",
    "events_from_json",
    "events_to_json",
]


@attrs.frozen
class MovePlayed(Event):
    """A seat made a move (for a throw: the cards it tried to throw; ``forced`` is the piece
    that stayed on the table when the throw failed). The other seats receive a failed throw as
    its forced piece, SJ-THROW-5 (A failed throw reveals nothing), and a burial with ``cards``
    ``None``, SJ-KITTY-2 (Who sees the kitty)."""

    NAME: ClassVar[str] = "move"
    seat: Seat
    kind: MoveKind
    #: The cards the move names; ``None``: a burial this seat may not see.
    cards: Cards | None
    #: The piece a failed throw forced onto the table; ``None`` for every other move.
    forced: Cards | None = attrs.field(default=None, kw_only=True, metadata=OPTIONAL)

    @property
    def move(self) -> Move:
        """The move (refused, ``hidden-cards``, for a burial this seat may not see)."""
        if self.cards is None:
            raise CardrulesError(
                f"seat {self.seat}'s {self.kind} names cards this seat may not see",
                code="hidden-cards",
            )
        return Move(self.seat, self.kind, self.cards)

    def audience(self) -> Audience:
        """Every seat, but for a burial and a failed throw: the mover alone; the others see a
        burial without its cards and a failed throw as its forced piece."""
        if self.cards is None:
            return EVERYONE
        if self.kind is MoveKind.BURY:
            return only((self.seat,), others=attrs.evolve(self, cards=None))
        if self.forced is not None:
            return only((self.seat,), others=MovePlayed(self.seat, self.kind, self.forced))
        return EVERYONE

    def describe(self) -> str:
        kind = "" if self.kind is MoveKind.PLAY else f"{self.kind} "
        if self.cards is None:
            return f"{self.seat}: {kind}(cards this seat does not see)"
        return f"{self.seat}: {kind}{self.cards.pretty()}".rstrip()


def trump_text(trump: Suit | None) -> str:
    """``"♥ trump"`` or ``"no trump"``, for :meth:`Event.describe` lines."""
    return "no trump" if trump is None else f"{trump.symbol} trump"


@attrs.frozen
class ThrowFailed(Event):
    """Another hand could beat a piece of ``seat``'s throw: only ``forced`` is played, the rest
    goes back to the hand, and the thrower loses ``penalty`` match points, SJ-THROW-3 (A failed
    throw), SJ-THROW-4 (The throw penalty); ``points`` trick points move to the attackers
    (negative: from them), SJ-THROW-8 (Trick points for a failed throw)."""

    NAME: ClassVar[str] = "throw-failed"
    CLAUSE: ClassVar[str] = "SJ-THROW-3"
    audience = public
    seat: Seat
    forced: Cards
    penalty: Penalty
    points: ThrowPoints = 0

    def describe(self) -> str:
        moved = f"; the attackers {self.points:+} points" if self.points else ""
        return (
            f"seat {self.seat}'s throw fails: only {self.forced.pretty()} is played "
            f"(−{self.penalty}{moved})"
        )


@attrs.frozen
class TrickWon(Event):
    """A trick is complete: ``seat`` won it with ``cards`` and leads next; its team took
    ``points``, SJ-TRICK-2 (Who wins a trick), SJ-TRICK-4 (Points go to the winner's team)."""

    NAME: ClassVar[str] = "trick-won"
    CLAUSE: ClassVar[str] = "SJ-TRICK-2"
    DETAIL: ClassVar[bool] = True
    audience = public
    seat: Seat
    cards: Cards
    points: Points

    def describe(self) -> str:
        points = f", {self.points} points" if self.points else ""
        return f"seat {self.seat} wins the trick with {self.cards.pretty()}{points}"


@attrs.frozen
class KittyCounted(Event):
    """After the last trick the kitty counted for the attackers, SJ-TRICK-5 (The kitty bonus
    (抠底))."""

    NAME: ClassVar[str] = "kitty-counted"
    CLAUSE: ClassVar[str] = "SJ-TRICK-5"
    audience = public
    bonus: KittyBonus

    def describe(self) -> str:
        bonus = self.bonus
        if bonus.factor == 0:
            return f"the banker team keeps the kitty ({bonus.kitty_points} points count for nobody)"
        return (
            f"kitty bonus: the attackers take {bonus.kitty_points} × {bonus.factor} = "
            f"{bonus.points} points"
        )


@attrs.frozen
class RoundOver(Event):
    """The hands have run out: the round's result."""

    NAME: ClassVar[str] = "round-over"
    CLAUSE: ClassVar[str] = "SJ-TRICK-8"
    audience = public
    result: RoundResult

    def describe(self) -> str:
        result = self.result
        return (
            f"the hands are played out: attackers {result.attacker_points} points, "
            f"banker team {result.banker_points}"
        )


# ---------------------------------------------------------------------- the match
@attrs.frozen
class RoundStarted(Event):
    """A round's deal begins, SJ-DEAL-1 (The deal of a match): the teams' levels, the banker
    (``None`` in round 1 until a bid makes one) and the seat dealt first."""

    NAME: ClassVar[str] = "round-started"
    CLAUSE: ClassVar[str] = "SJ-DEAL-1"
    audience = public
    round: Round
    levels: tuple[Rank, Rank]
    banker: Seat | None
    dealt_first: Seat

    def describe(self) -> str:
        levels = " / ".join(r.text for r in self.levels)
        who = "the first bidder banks" if self.banker is None else f"seat {self.banker} banks"
        return f"round {self.round}: levels {levels}; {who}; seat {self.dealt_first} is dealt first"


@attrs.frozen
class CardDealt(Event):
    """A card is dealt to ``seat`` (which one, only that seat's view shows), SJ-DEAL-2 (Dealing
    as moves)."""

    NAME: ClassVar[str] = "card-dealt"
    CLAUSE: ClassVar[str] = "SJ-DEAL-2"
    DETAIL: ClassVar[bool] = True
    audience = public
    seat: Seat

    def describe(self) -> str:
        return ""  # a line per card dealt says nothing a reader needs


@attrs.frozen
class Redealt(Event):
    """Nobody bid in round 1: the cards are dealt again, SJ-BID-7 (Nobody bids)."""

    NAME: ClassVar[str] = "redealt"
    CLAUSE: ClassVar[str] = "SJ-BID-7"
    audience = public
    round: Round
    redeals: Redeals

    def describe(self) -> str:
        return f"nobody bid: the cards are dealt again (redeal {self.redeals})"


@attrs.frozen
class BidMade(Event):
    """``seat`` showed ``cards`` to declare (or, over a standing bid, to overcall) the trump,
    SJ-BID-1 (What a bid shows); ``named`` is false while four jokers wait for their trump."""

    NAME: ClassVar[str] = "bid"
    CLAUSE: ClassVar[str] = "SJ-BID-1"
    audience = public
    seat: Seat
    cards: Cards
    trump: Suit | None
    named: bool
    overcall: bool

    def describe(self) -> str:
        verb = "overcalls" if self.overcall else "declares"
        what = trump_text(self.trump) if self.named else "and will name the trump"
        return f"seat {self.seat} {verb} with {self.cards.pretty()}: {what}"


@attrs.frozen
class TrumpNamed(Event):
    """The bidder of four jokers named the trump, SJ-BID-4 (Four jokers name the trump)."""

    NAME: ClassVar[str] = "trump-named"
    CLAUSE: ClassVar[str] = "SJ-BID-4"
    audience = public
    seat: Seat
    trump: Suit | None

    def describe(self) -> str:
        return f"seat {self.seat} names {trump_text(self.trump)}"


@attrs.frozen
class KittyFlipped(Event):
    """Nobody bid: the kitty is turned up for everyone and sets the trump (in round 1 also the
    banker), SJ-BID-8 (The kitty flip)."""

    NAME: ClassVar[str] = "kitty-flipped"
    CLAUSE: ClassVar[str] = "SJ-BID-8"
    audience = public
    cards: Cards
    trump: Suit | None
    banker: Seat

    def describe(self) -> str:
        return (
            f"nobody bid: the kitty {self.cards.pretty()} is turned up: "
            f"{trump_text(self.trump)}, seat {self.banker} banks"
        )


@attrs.frozen
class BiddingOver(Event):
    """The bidding is over: the trump, the banker, and whose bid set the trump (``None``: the
    kitty flip), SJ-BID-6 (The last call after the deal)."""

    NAME: ClassVar[str] = "bidding-over"
    CLAUSE: ClassVar[str] = "SJ-BID-6"
    audience = public
    trump: Suit | None
    banker: Seat
    bidder: Seat | None

    def describe(self) -> str:
        how = "by the kitty flip" if self.bidder is None else f"by seat {self.bidder}'s bid"
        return f"{trump_text(self.trump)} {how}; seat {self.banker} is the banker"


@attrs.frozen
class KittyTaken(Event):
    """``seat`` takes the kitty into its hand, SJ-KITTY-1 (The banker buries the kitty)."""

    NAME: ClassVar[str] = "kitty-taken"
    CLAUSE: ClassVar[str] = "SJ-KITTY-1"
    audience = public
    seat: Seat
    size: KittySize

    def describe(self) -> str:
        return f"seat {self.seat} takes the kitty ({self.size} cards)"


@attrs.frozen
class KittyBuried(Event):
    """``seat`` buried ``size`` cards (which ones, only its view shows), SJ-KITTY-2 (Who sees
    the kitty)."""

    NAME: ClassVar[str] = "kitty-buried"
    CLAUSE: ClassVar[str] = "SJ-KITTY-2"
    audience = public
    seat: Seat
    size: KittySize

    def describe(self) -> str:
        return f"seat {self.seat} buries {self.size} cards"


@attrs.frozen
class Fried(Event):
    """``seat`` fried the kitty with ``cards`` (炒底): it takes the kitty and its bid sets the
    trump, SJ-FRY-1 (Frying in turn)."""

    NAME: ClassVar[str] = "fried"
    CLAUSE: ClassVar[str] = "SJ-FRY-1"
    audience = public
    seat: Seat
    cards: Cards
    trump: Suit | None
    named: bool
    banker: Seat

    def describe(self) -> str:
        what = trump_text(self.trump) if self.named else "and will name the trump"
        return f"seat {self.seat} fries the kitty with {self.cards.pretty()}: {what}"


@attrs.frozen
class PlayStarted(Event):
    """Nobody fries (or may): the play begins, the banker leading, SJ-MATCH-1 (A match is rounds
    of phases)."""

    NAME: ClassVar[str] = "play-started"
    CLAUSE: ClassVar[str] = "SJ-MATCH-1"
    audience = public
    trump: Suit | None
    banker: Seat
    level: Rank

    def describe(self) -> str:
        return (
            f"play begins at level {self.level.text}, {trump_text(self.trump)}; "
            f"seat {self.banker} leads"
        )


@attrs.frozen
class RoundScored(Event):
    """The round's result for the match, SJ-LEVEL-1 (The level table), SJ-LEVEL-3 (The next
    banker), SJ-MATCH-3 (The match score)."""

    NAME: ClassVar[str] = "round-scored"
    CLAUSE: ClassVar[str] = "SJ-LEVEL-1"
    audience = public
    settlement: Settlement

    def describe(self) -> str:
        return self.settlement.describe()


@attrs.frozen
class MatchOver(Event):
    """The match is over, SJ-MATCH-2 (The end of the match): the winning team (``None``: a
    drawn 整局 match), the levels and every seat's match score."""

    NAME: ClassVar[str] = "match-over"
    CLAUSE: ClassVar[str] = "SJ-MATCH-2"
    audience = public
    rounds: Round
    winner: Team | None
    levels: tuple[Rank, Rank]
    scores: Scores

    def describe(self) -> str:
        who = "a draw" if self.winner is None else f"team {self.winner} wins"
        levels = " / ".join(r.text for r in self.levels)
        scores = ", ".join(f"seat {s} {v:+d}" for s, v in enumerate(self.scores))
        return f"match over after {self.rounds} rounds: {who}; levels {levels}; scores {scores}"


#: Every event class of Shengji (the play phase and the match).
EVENTS: tuple[type[Event], ...] = (
    MovePlayed,
    ThrowFailed,
    TrickWon,
    KittyCounted,
    RoundOver,
    RoundStarted,
    CardDealt,
    Redealt,
    BidMade,
    TrumpNamed,
    KittyFlipped,
    BiddingOver,
    KittyTaken,
    KittyBuried,
    Fried,
    PlayStarted,
    RoundScored,
    MatchOver,
)


def events_to_json(events: Sequence[Event]) -> JSONObject:
    """An event log of Shengji as a document."""
    return write_events("shengji", events)


def events_from_json(
    data: Mapping[str, JSON] | str | bytes, variant: Variant | None = None
) -> tuple[Event, ...]:
    """Read an event log written by :func:`events_to_json`, every seat, count and score within
    what ``variant``'s table allows (without one, what any Shengji table allows)."""
    return read_events(data, "shengji", EVENTS, record_bounds(variant))
