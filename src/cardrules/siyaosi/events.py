"""What a 四幺四 move did, as data, CORE-EVENT-1 (What a move did): ``state.step(move)`` and
``match.step(move)`` return these.

Every step starts with :class:`MovePlayed`; then, as they happen: :class:`ChainStepped` (a cha or
gou made the chain longer), :class:`ChainClosed` (a play covered an open chain, or the trick
ended on it), :class:`SeatOut`, :class:`Announced` (a hand fell to the announcing size),
:class:`TrickWon` (every other seat passed, or a capture ended it) and :class:`RoundOver`.

A match adds, 4A4-MATCH-1 (A match): after a round, :class:`LevelsChanged`,
:class:`ScoreChanged` (when the variant keeps a score) and :class:`MatchWon` or
:class:`RoundStarted` (the next deal, with the tributes due); in the tribute phase
:class:`Rebelled`, :class:`Suppressed`, :class:`TributePaid`, :class:`TributeTaken` and
:class:`TributeReturned`; then :class:`PlayStarted`. Each has a ``describe()`` line for
``cardrules demo``.

Every seat receives every event in full but a return's: its :class:`MovePlayed` and its
:class:`TributeReturned` name the card only to the receiver and the payer, and the other seats
receive them with ``cards`` ``None`` (``null`` in JSON; an empty card list still means the
receiver had nothing it may return), 4A4-MATCH-4 (What a seat sees in a match). The tributes
paid and taken and the jokers a rebel or suppressor reveals are shown to the table.
:func:`cardrules.events.seen_by` gives the events as one seat receives them, CORE-EVENT-2 (Who
sees an event).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardrules.cards import Rank
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
from cardrules.siyaosi.bounds import (
    AnnouncedCount,
    ChainCount,
    Multiplier,
    Place,
    Score,
    Seats,
    record_bounds,
)
from cardrules.siyaosi.moves import Move, MoveKind
from cardrules.siyaosi.result import RoundResult
from cardrules.siyaosi.variant import RebellionEffect, RebellionJokers, Variant

__all__ = [
    "EVENTS",
    "Announced",
    "ChainClosed",
    "ChainStepped",
    "LevelsChanged",
    "MatchWon",
    "MovePlayed",
    "PlayStarted",
    "Rebelled",
    "RoundOver",
    "RoundStarted",
    "ScoreChanged",
    "SeatOut",
    "Suppressed",
    "TributePaid",
    "TributeReturned",
    "TributeTaken",
    "TrickWon",
    "events_from_json",
    "events_to_json",
]


@attrs.frozen
class MovePlayed(Event):
    """A seat made a move (a pass included). A return names the seat its card goes to
    (``to``), and only those two seats receive it in full: the others receive it with
    ``cards`` ``None``, 4A4-MATCH-4 (What a seat sees in a match)."""

    NAME: ClassVar[str] = "move"
    DETAIL: ClassVar[bool] = True
    seat: Seat
    kind: MoveKind
    #: The cards the move names; ``None``: a return this seat may not see.
    cards: Cards | None
    #: The seat a return's card goes to (the payer of the tribute taken); ``None`` otherwise.
    to: Seat | None = attrs.field(default=None, kw_only=True, metadata=OPTIONAL)

    @property
    def move(self) -> Move:
        """The move (refused, ``hidden-cards``, for a return whose card this seat may not
        see)."""
        if self.cards is None:
            raise CardrulesError(
                f"seat {self.seat}'s {self.kind} names cards this seat may not see",
                code="hidden-cards",
            )
        return Move(self.seat, self.kind, self.cards)

    def audience(self) -> Audience:
        """Every seat, but for a return: its two seats, 4A4-MATCH-4 (What a seat sees in a
        match); the others see that it was made, not the card."""
        if self.kind is not MoveKind.RETURN or self.cards is None:
            return EVERYONE
        seats = (self.seat,) if self.to is None else (self.seat, self.to)
        return only(seats, others=attrs.evolve(self, cards=None))

    def describe(self) -> str:
        kind = "" if self.kind is MoveKind.PLAY else f"{self.kind} "
        if self.cards is None:
            to = "" if self.to is None else f" to seat {self.to}"
            return f"{self.seat}: {kind}a card{to}"
        return f"{self.seat}: {kind}{self.cards.pretty()}".rstrip()


@attrs.frozen
class ChainStepped(Event):
    """A chain grew: after ``steps`` steps it has ``width`` cards per rank (4A4-CHAIN-4 (The
    effective combination))."""

    NAME: ClassVar[str] = "chain-step"
    CLAUSE: ClassVar[str] = "4A4-CHAIN-4"
    DETAIL: ClassVar[bool] = True
    audience = public
    seat: Seat
    steps: ChainCount
    width: ChainCount

    def describe(self) -> str:
        return f"the chain counts as {self.width} of a kind ({self.steps} step(s))"


@attrs.frozen
class ChainClosed(Event):
    """An open chain closed (4A4-CHAIN-7 (Closing a chain)): ``seat`` covered it, or ``None``
    when the trick ended on it."""

    NAME: ClassVar[str] = "chain-closed"
    CLAUSE: ClassVar[str] = "4A4-CHAIN-7"
    DETAIL: ClassVar[bool] = True
    audience = public
    seat: Seat | None

    def describe(self) -> str:
        by = "the trick's end" if self.seat is None else f"seat {self.seat}"
        return f"the chain is closed by {by}"


@attrs.frozen
class SeatOut(Event):
    """A seat played its last card and went out in ``place`` (1 = the emperor)."""

    NAME: ClassVar[str] = "seat-out"
    CLAUSE: ClassVar[str] = "4A4-TURN-5"
    DETAIL: ClassVar[bool] = True
    audience = public
    seat: Seat
    place: Place

    def describe(self) -> str:
        return f"seat {self.seat} is out, in place {self.place}"


@attrs.frozen
class Announced(Event):
    """A seat's hand is now small enough to be announced (报片): it holds ``cards`` cards."""

    NAME: ClassVar[str] = "announced"
    CLAUSE: ClassVar[str] = "4A4-TURN-6"
    DETAIL: ClassVar[bool] = True
    audience = public
    seat: Seat
    cards: AnnouncedCount

    def describe(self) -> str:
        return f"seat {self.seat} announces {self.cards} card(s) left (报片)"


@attrs.frozen
class TrickWon(Event):
    """A trick ended: ``seat`` made the last play (its ``top`` stood), ``leader`` leads next
    (``seat`` itself, or its partner by 接风)."""

    NAME: ClassVar[str] = "trick-won"
    CLAUSE: ClassVar[str] = "4A4-TURN-3"
    DETAIL: ClassVar[bool] = True
    audience = public
    seat: Seat
    leader: Seat
    top: Cards

    def describe(self) -> str:
        relay = "" if self.leader == self.seat else f"; seat {self.leader} leads (接风)"
        return f"seat {self.seat} wins the trick with {self.top.pretty()}{relay}"


@attrs.frozen
class RoundOver(Event):
    """One team is all out: the round's result."""

    NAME: ClassVar[str] = "round-over"
    CLAUSE: ClassVar[str] = "4A4-ROUND-1"
    audience = public
    result: RoundResult

    def describe(self) -> str:
        r = self.result
        line = f"round over: out in order {_seats(r.finish)}"
        if r.remaining:
            line += f" ({_seats(r.remaining)} still holding cards)"
        line += f"; seat {r.emperor} is emperor"
        return line + (f" and catches {_seats(r.caught)}" if r.caught else ", nobody is caught")


# ---------------------------------------------------------------------- the match
@attrs.frozen
class RoundStarted(Event):
    """Round ``round`` is dealt: ``ruling`` rules at its level (``None``: nobody rules);
    ``payers`` owe tribute to ``receivers`` (4A4-TRIB-1 (Who pays tribute))."""

    NAME: ClassVar[str] = "round-started"
    CLAUSE: ClassVar[str] = "4A4-TRIB-1"
    audience = public
    round: Round
    levels: tuple[Rank, Rank]
    ruling: Team | None
    payers: Seats
    receivers: Seats

    def describe(self) -> str:
        line = f"round {self.round} dealt: {_table(self.levels, self.ruling)}"
        if not self.payers:
            return line + "; no tribute"
        owe = "owes" if len(self.payers) == 1 else "owe"
        return line + f"; {_seats(self.payers)} {owe} tribute to {_seats(self.receivers)}"


@attrs.frozen
class Rebelled(Event):
    """``seat``, owing tribute, revealed the jokers its table asks (``jokers``: both, or either,
    4A4-TRIB-10 (Rebelling with either joker)): the winners are to pay instead (``effect``
    ``reverse``), or it refuses its own tribute (``cancel``, 4A4-TRIB-11 (A rebellion that cancels
    the tribute)), 4A4-TRIB-5 (Rebellion)."""

    NAME: ClassVar[str] = "rebelled"
    CLAUSE: ClassVar[str] = "4A4-TRIB-5"
    audience = public
    seat: Seat
    jokers: RebellionJokers = RebellionJokers.BOTH
    effect: RebellionEffect = RebellionEffect.REVERSE

    def describe(self) -> str:
        shown = "both jokers" if self.jokers is RebellionJokers.BOTH else "a joker"
        then = (
            "the winners pay tribute instead"
            if self.effect is RebellionEffect.REVERSE
            else "it pays no tribute"
        )
        return f"seat {self.seat} reveals {shown}: rebellion, {then}"


@attrs.frozen
class Suppressed(Event):
    """``seat`` revealed both jokers too: the rebellion is put down, the tribute stands."""

    NAME: ClassVar[str] = "suppressed"
    CLAUSE: ClassVar[str] = "4A4-TRIB-6"
    audience = public
    seat: Seat

    def describe(self) -> str:
        return f"seat {self.seat} reveals both jokers too: the rebellion is suppressed"


@attrs.frozen
class TributePaid(Event):
    """``payer`` paid ``cards`` (one card, shown to the table)."""

    NAME: ClassVar[str] = "tribute-paid"
    CLAUSE: ClassVar[str] = "4A4-TRIB-2"
    audience = public
    payer: Seat
    cards: Cards

    def describe(self) -> str:
        return f"seat {self.payer} pays tribute: {self.cards.pretty()}"


@attrs.frozen
class TributeTaken(Event):
    """``receiver`` took ``payer``'s tribute ``cards`` (4A4-TRIB-3 (Pairing tributes with
    receivers))."""

    NAME: ClassVar[str] = "tribute-taken"
    CLAUSE: ClassVar[str] = "4A4-TRIB-3"
    audience = public
    receiver: Seat
    payer: Seat
    cards: Cards

    def describe(self) -> str:
        return f"seat {self.receiver} takes seat {self.payer}'s {self.cards.pretty()}"


@attrs.frozen
class TributeReturned(Event):
    """``receiver`` returned ``cards`` to ``payer`` (empty: it had nothing it may give).
    Only those two seats receive it in full; the others receive it with ``cards`` ``None``: a
    return was made between them, of a card they do not see, 4A4-MATCH-4 (What a seat sees in
    a match)."""

    NAME: ClassVar[str] = "tribute-returned"
    CLAUSE: ClassVar[str] = "4A4-TRIB-4"
    receiver: Seat
    payer: Seat
    #: The card returned; empty: nothing it may give; ``None``: not shown to this seat.
    cards: Cards | None

    def audience(self) -> Audience:
        if self.cards is None:
            return EVERYONE
        return only((self.receiver, self.payer), others=attrs.evolve(self, cards=None))

    def describe(self) -> str:
        if self.cards is None:
            return f"seat {self.receiver} returns a card to seat {self.payer} (only they see it)"
        if not self.cards:
            return f"seat {self.receiver} has nothing it may return to seat {self.payer}"
        return f"seat {self.receiver} returns {self.cards.pretty()} to seat {self.payer}"


@attrs.frozen
class PlayStarted(Event):
    """The tribute phase is over (or there was none): ``leader`` leads round ``round``."""

    NAME: ClassVar[str] = "play-started"
    CLAUSE: ClassVar[str] = "4A4-TRIB-8"
    audience = public
    round: Round
    leader: Seat

    def describe(self) -> str:
        return f"seat {self.leader} leads round {self.round}"


@attrs.frozen
class LevelsChanged(Event):
    """After a round: the levels ``before`` and ``after``, and the team that rules next."""

    NAME: ClassVar[str] = "levels"
    CLAUSE: ClassVar[str] = "4A4-LEVEL-2"
    audience = public
    before: tuple[Rank, Rank]
    after: tuple[Rank, Rank]
    ruling: Team

    def describe(self) -> str:
        moves = ", ".join(
            f"team {t} {b.text}" + ("" if a is b else f" → {a.text}")
            for t, (b, a) in enumerate(zip(self.before, self.after, strict=True))
        )
        return f"levels: {moves}; team {self.ruling} rules next at {self.after[self.ruling].text}"


@attrs.frozen
class ScoreChanged(Event):
    """After a round, with a scoring table: its ``outcome`` (a ``score_table`` key), the
    ``points`` each team scored (multiplier applied), the ``multiplier`` and the new ``score``."""

    NAME: ClassVar[str] = "score"
    CLAUSE: ClassVar[str] = "4A4-SCORE-1"
    audience = public
    outcome: str
    points: tuple[Score, Score]
    multiplier: Multiplier
    score: tuple[Score, Score]

    def describe(self) -> str:
        times = f" ×{self.multiplier}" if self.multiplier != 1 else ""
        gained = " / ".join(f"team {t} {p:+d}" for t, p in enumerate(self.points))
        return f"score: {self.outcome}{times}: {gained}; total {self.score[0]} : {self.score[1]}"


@attrs.frozen
class MatchWon(Event):
    """``team`` has won the match after ``rounds`` rounds (4A4-LEVEL-5 (Winning the match))."""

    NAME: ClassVar[str] = "match-won"
    CLAUSE: ClassVar[str] = "4A4-LEVEL-5"
    audience = public
    team: Team
    rounds: Round
    levels: tuple[Rank, Rank]
    score: tuple[Score, Score]

    def describe(self) -> str:
        levels = " : ".join(r.text for r in self.levels)
        score = f"{self.score[0]} : {self.score[1]}"
        won = f"team {self.team} wins the match in {self.rounds} rounds"
        return f"{won} (levels {levels}, score {score})"


def _seats(seats: Sequence[int]) -> str:
    """``seat 3`` or ``seats 1, 3``."""
    return f"seat {seats[0]}" if len(seats) == 1 else "seats " + ", ".join(map(str, seats))


def _table(levels: tuple[Rank, Rank], ruling: int | None) -> str:
    shown = f"levels {levels[0].text} : {levels[1].text}"
    return f"nobody rules, {shown}" if ruling is None else f"team {ruling} rules, {shown}"


#: Every event class of 四幺四: the play phase's, then the match's.
EVENTS: tuple[type[Event], ...] = (
    MovePlayed,
    ChainStepped,
    ChainClosed,
    SeatOut,
    Announced,
    TrickWon,
    RoundOver,
    RoundStarted,
    Rebelled,
    Suppressed,
    TributePaid,
    TributeTaken,
    TributeReturned,
    PlayStarted,
    LevelsChanged,
    ScoreChanged,
    MatchWon,
)


def events_to_json(events: Sequence[Event]) -> JSONObject:
    """An event log of 四幺四 as a document."""
    return write_events("siyaosi", events)


def events_from_json(
    data: Mapping[str, JSON] | str | bytes, variant: Variant | None = None
) -> tuple[Event, ...]:
    """Read an event log written by :func:`events_to_json`, every seat, count and score within
    what ``variant``'s table allows (without one, what any 四幺四 table allows)."""
    return read_events(data, "siyaosi", EVENTS, record_bounds(variant))
