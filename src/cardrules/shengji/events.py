"""What a Shengji move did, as data, CORE-EVENT-1 (What a move did): ``state.step(move)``
returns these.

Every step starts with :class:`MovePlayed` (for a throw, the cards the player put down); then,
as they happen: :class:`ThrowFailed` (the throw was beaten, only ``forced`` stays on the table),
:class:`TrickWon`, :class:`KittyCounted` (after the last trick) and :class:`RoundOver`.

A failed throw's cards are not public, SJ-THROW-5 (A failed throw reveals nothing): a server
that forwards events to the players sends :func:`public_events`, where the move of a failed
throw shows only the forced piece.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardrules.events import Event, read_events, write_events
from cardrules.jsonio import JSON, JSONObject
from cardrules.multiset import Cards
from cardrules.shengji.moves import Move, MoveKind
from cardrules.shengji.scoring import KittyBonus, RoundResult

__all__ = [
    "EVENTS",
    "KittyCounted",
    "MovePlayed",
    "RoundOver",
    "ThrowFailed",
    "TrickWon",
    "events_from_json",
    "events_to_json",
    "public_events",
]


@attrs.frozen
class MovePlayed(Event):
    """A seat made a move (for a throw: the cards it tried to throw)."""

    NAME: ClassVar[str] = "move"
    seat: int
    kind: MoveKind
    cards: Cards

    @property
    def move(self) -> Move:
        return Move(self.seat, self.kind, self.cards)

    def describe(self) -> str:
        kind = "" if self.kind is MoveKind.PLAY else f"{self.kind} "
        return f"{self.seat}: {kind}{self.cards.pretty()}".rstrip()


@attrs.frozen
class ThrowFailed(Event):
    """Another hand could beat a piece of ``seat``'s throw: only ``forced`` is played, the rest
    goes back to the hand, and the thrower loses ``penalty`` match points, SJ-THROW-3 (A failed
    throw), SJ-THROW-4 (The throw penalty)."""

    NAME: ClassVar[str] = "throw-failed"
    CLAUSE: ClassVar[str] = "SJ-THROW-3"
    seat: int
    forced: Cards
    penalty: int

    def describe(self) -> str:
        return (
            f"seat {self.seat}'s throw fails: only {self.forced.pretty()} is played "
            f"(−{self.penalty})"
        )


@attrs.frozen
class TrickWon(Event):
    """A trick is complete: ``seat`` won it with ``cards`` and leads next; its team took
    ``points``, SJ-TRICK-2 (Who wins a trick), SJ-TRICK-4 (Points go to the winner's team)."""

    NAME: ClassVar[str] = "trick-won"
    CLAUSE: ClassVar[str] = "SJ-TRICK-2"
    seat: int
    cards: Cards
    points: int

    def describe(self) -> str:
        points = f", {self.points} points" if self.points else ""
        return f"seat {self.seat} wins the trick with {self.cards.pretty()}{points}"


@attrs.frozen
class KittyCounted(Event):
    """After the last trick the kitty counted for the attackers, SJ-TRICK-5 (The kitty bonus
    (抠底))."""

    NAME: ClassVar[str] = "kitty-counted"
    CLAUSE: ClassVar[str] = "SJ-TRICK-5"
    bonus: KittyBonus

    def describe(self) -> str:
        b = self.bonus
        return f"the kitty's {b.kitty_points} points × {b.factor} = {b.points} to the attackers"


@attrs.frozen
class RoundOver(Event):
    """The hands have run out: the round's result."""

    NAME: ClassVar[str] = "round-over"
    CLAUSE: ClassVar[str] = "SJ-TRICK-8"
    result: RoundResult

    def describe(self) -> str:
        r = self.result
        return f"round over: the attackers have {r.attacker_points} points"


#: Every event class of the Shengji play phase.
EVENTS: tuple[type[Event], ...] = (MovePlayed, ThrowFailed, TrickWon, KittyCounted, RoundOver)


def public_events(events: Sequence[Event], seat: int | None = None) -> tuple[Event, ...]:
    """The events as the table sees them (as every seat, ``seat`` included, sees them): the move
    of a failed throw shows the forced piece."""
    out = list(events)
    for i, event in enumerate(out):
        if isinstance(event, ThrowFailed) and i and isinstance(out[i - 1], MovePlayed):
            played = out[i - 1]
            assert isinstance(played, MovePlayed)
            out[i - 1] = MovePlayed(played.seat, played.kind, event.forced)
    return tuple(out)


def events_to_json(events: Sequence[Event]) -> JSONObject:
    """An event log of Shengji as a document."""
    return write_events("shengji", events)


def events_from_json(data: Mapping[str, JSON] | str | bytes) -> tuple[Event, ...]:
    """Read an event log written by :func:`events_to_json`."""
    return read_events(data, "shengji", EVENTS)
