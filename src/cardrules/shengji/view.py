"""What one seat may see of a Shengji state (clauses SJ-STATE-4, SJ-THROW-5).

A view holds the seat's own hand, the other hands' sizes, the public table (current and last trick),
points, penalties, trump, levels and banker — never another seat's cards. The kitty is shown to the
banker who buried it, and to everyone once the round is over. After a failed throw the view only
says which piece was forced.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs

from cardrules.cards import Rank, Suit
from cardrules.jsonio import converter, structure
from cardrules.multiset import Cards
from cardrules.shengji.variant import Variant

if TYPE_CHECKING:
    from cardrules.shengji.state import State

__all__ = ["Play", "View"]


@attrs.frozen
class Play:
    """One seat's cards in a trick, in the order played."""

    seat: int
    cards: Cards

    def __str__(self) -> str:
        return f"{self.seat}: {self.cards}"


@attrs.frozen(kw_only=True)
class View:
    """A seat's knowledge of the state. Equal for two states that differ only in what the seat
    cannot see."""

    seat: int
    variant: Variant
    levels: tuple[Rank, Rank]
    trump: Suit | None
    banker: int
    hand: Cards
    hand_sizes: tuple[int, ...]
    leader: int
    turn: int
    trick: tuple[Play, ...]
    #: The seat now winning the current trick (``None`` while it is empty).
    winning_seat: int | None
    #: After a failed throw in the current trick: the text a player sees, else empty.
    note: str
    points: tuple[int, int]
    tricks_played: int
    last_trick: tuple[Play, ...]
    last_winner: int | None
    penalties: tuple[int, ...]
    kitty_size: int
    #: The kitty's cards: for the banker, and for everyone once the round is over.
    kitty: Cards | None
    is_over: bool

    @property
    def level(self) -> Rank:
        return self.levels[self.banker % 2]

    @classmethod
    def of(cls, state: State, seat: int) -> View:
        if not 0 <= seat < state.players:
            raise ValueError(f"there is no seat {seat} at this table")
        note = ""
        if state.failed_throw is not None and state.trick:
            forced = state.trick[0]
            note = f"throw failed; forced piece {forced.cards}"
        over = state.is_over
        return cls(
            seat=seat,
            variant=state.variant,
            levels=state.levels,
            trump=state.trump,
            banker=state.banker,
            hand=state.hands[seat],
            hand_sizes=state.hand_sizes,
            leader=state.leader,
            turn=state.turn,
            trick=state.trick,
            winning_seat=state.trick[state.top].seat if state.trick else None,
            note=note,
            points=state.points,
            tricks_played=state.tricks_played,
            last_trick=state.last_trick,
            last_winner=state.last_winner,
            penalties=state.penalties,
            kitty_size=len(state.kitty),
            kitty=state.kitty if over or seat == state.banker else None,
            is_over=over,
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = converter.unstructure(self)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> View:
        """Read what :meth:`to_json` wrote (a mapping, or its JSON text)."""
        return structure(data, cls, "Shengji view")
