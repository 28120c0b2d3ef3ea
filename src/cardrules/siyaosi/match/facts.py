"""What a 四幺四 match and a seat's view of it derive alike from the public table: whose turn it
is, whether the match is over, the trick in play and why a legal move is legal —
4A4-MATCH-2 (Phases and their moves), CORE-API-2 (Who may act)."""

from __future__ import annotations

from typing import Protocol

from cardrules import game
from cardrules.siyaosi.match.phases import GROUNDS
from cardrules.siyaosi.moves import Move, Phase, Top
from cardrules.siyaosi.tribute import Exchange
from cardrules.siyaosi.variant import Variant

__all__ = ["MatchFacts", "PlayTable"]


class PlayTable(game.PlayTable[Move, Top], Protocol):
    """What a 四幺四 match reads of its play phase (a round's play state or a seat's play view):
    :class:`cardrules.game.PlayTable` of 四幺四's moves and top."""


class MatchFacts:
    """Mixin of :class:`~cardrules.siyaosi.match.state.Match` and
    :class:`~cardrules.siyaosi.match.view.MatchView`: what both derive alike from their
    ``variant``, ``phase``, ``exchange`` (the tribute phase) and ``play`` (the play phase)."""

    __slots__ = ()

    # the fields both have
    variant: Variant
    phase: Phase
    exchange: Exchange | None
    play: PlayTable | None

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self.variant.players

    @property
    def turn(self) -> int | None:
        """The seat that acts now: in the play phase, the seat whose normal turn it is; in the
        tribute phase, the seat due to act; ``None`` only once the match is won."""
        if self.play is not None:
            return self.play.turn
        assert self.exchange is not None
        return self.exchange.turn

    @property
    def is_over(self) -> bool:
        """Whether the match is over (a team has won it)."""
        return self.phase is Phase.OVER

    @property
    def top(self) -> Top | None:
        """What stands on top of the current trick in the play phase; else ``None``."""
        return None if self.play is None else self.play.top

    @property
    def trick(self) -> tuple[Move, ...]:
        """The moves of the current trick in the play phase, oldest first; else none."""
        return () if self.play is None else self.play.trick

    def _legal_grounds(self, move: Move) -> tuple[str, ...]:
        """The clauses that make a legal move legal: the play's in the play phase, else the
        tribute phase's (a judge cites them)."""
        if self.play is not None:
            return self.play.grounds(move)
        return ("4A4-TRIB-7", GROUNDS[move.kind])
