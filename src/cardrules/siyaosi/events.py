"""What a 四幺四 move did, as data, CORE-EVENT-1 (What a move did): ``state.step(move)``
returns these.

Every step starts with :class:`MovePlayed`; then, as they happen: :class:`ChainStepped` (a cha or
gou made the chain longer), :class:`ChainClosed` (a play covered an open chain, or the trick
ended on it), :class:`SeatOut`, :class:`Announced` (a hand fell to the announcing size),
:class:`TrickWon` (every other seat passed, or a capture ended it) and :class:`RoundOver`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardrules.events import Event, read_events, write_events
from cardrules.jsonio import JSON, JSONObject
from cardrules.multiset import Cards
from cardrules.siyaosi.moves import Move, MoveKind
from cardrules.siyaosi.result import RoundResult

__all__ = [
    "EVENTS",
    "Announced",
    "ChainClosed",
    "ChainStepped",
    "MovePlayed",
    "RoundOver",
    "SeatOut",
    "TrickWon",
    "events_from_json",
    "events_to_json",
]


@attrs.frozen
class MovePlayed(Event):
    """A seat made a move (a pass included)."""

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
class ChainStepped(Event):
    """A chain grew: after ``steps`` steps it has ``width`` cards per rank (4A4-CHAIN-4 (The
    effective combination))."""

    NAME: ClassVar[str] = "chain-step"
    CLAUSE: ClassVar[str] = "4A4-CHAIN-4"
    seat: int
    steps: int
    width: int

    def describe(self) -> str:
        return f"the chain counts as {self.width} of a kind ({self.steps} step(s))"


@attrs.frozen
class ChainClosed(Event):
    """An open chain closed (4A4-CHAIN-7 (Closing a chain)): ``seat`` covered it, or ``None``
    when the trick ended on it."""

    NAME: ClassVar[str] = "chain-closed"
    CLAUSE: ClassVar[str] = "4A4-CHAIN-7"
    seat: int | None

    def describe(self) -> str:
        by = "the trick's end" if self.seat is None else f"seat {self.seat}"
        return f"the chain is closed by {by}"


@attrs.frozen
class SeatOut(Event):
    """A seat played its last card and went out in ``place`` (1 = the emperor)."""

    NAME: ClassVar[str] = "seat-out"
    CLAUSE: ClassVar[str] = "4A4-TURN-5"
    seat: int
    place: int

    def describe(self) -> str:
        return f"seat {self.seat} is out, in place {self.place}"


@attrs.frozen
class Announced(Event):
    """A seat's hand is now small enough to be announced (报片): it holds ``cards`` cards."""

    NAME: ClassVar[str] = "announced"
    CLAUSE: ClassVar[str] = "4A4-TURN-6"
    seat: int
    cards: int

    def describe(self) -> str:
        return f"seat {self.seat} announces {self.cards} card(s) left (报片)"


@attrs.frozen
class TrickWon(Event):
    """A trick ended: ``seat`` made the last play (its ``top`` stood), ``leader`` leads next
    (``seat`` itself, or its partner by 接风)."""

    NAME: ClassVar[str] = "trick-won"
    CLAUSE: ClassVar[str] = "4A4-TURN-3"
    seat: int
    leader: int
    top: Cards

    def describe(self) -> str:
        relay = "" if self.leader == self.seat else f"; seat {self.leader} leads (接风)"
        return f"seat {self.seat} wins the trick with {self.top.pretty()}{relay}"


@attrs.frozen
class RoundOver(Event):
    """One team is all out: the round's result."""

    NAME: ClassVar[str] = "round-over"
    CLAUSE: ClassVar[str] = "4A4-ROUND-1"
    result: RoundResult

    def describe(self) -> str:
        r = self.result
        caught = ", ".join(str(s) for s in r.caught) or "nobody"
        return f"round over: out in order {list(r.finish)}, emperor {r.emperor}, caught {caught}"


#: Every event class of the 四幺四 play phase.
EVENTS: tuple[type[Event], ...] = (
    MovePlayed,
    ChainStepped,
    ChainClosed,
    SeatOut,
    Announced,
    TrickWon,
    RoundOver,
)


def events_to_json(events: Sequence[Event]) -> JSONObject:
    """An event log of 四幺四 as a document."""
    return write_events("siyaosi", events)


def events_from_json(data: Mapping[str, JSON] | str | bytes) -> tuple[Event, ...]:
    """Read an event log written by :func:`events_to_json`."""
    return read_events(data, "siyaosi", EVENTS)
