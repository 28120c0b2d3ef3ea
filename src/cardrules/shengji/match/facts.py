"""What a match and a seat's view of it derive alike from the public table: whose turn it is,
the round's level, whether the match is over, the trick in play — SJ-MATCH-1 (A match is rounds
of phases), CORE-API-2 (Who may act)."""

from __future__ import annotations

from typing import Protocol

from cardrules import game
from cardrules.cards import Rank, Suit
from cardrules.shengji.bids import Bid
from cardrules.shengji.match import phases
from cardrules.shengji.match.phases import Phase
from cardrules.shengji.moves import Move, Top
from cardrules.shengji.order import Table, trump_context
from cardrules.shengji.variant import Variant

__all__ = ["MatchFacts", "PlayTable"]


class PlayTable(game.PlayTable[Move, Top], Protocol):
    """What a Shengji match reads of its play phase (a play state or a play view):
    :class:`cardrules.game.PlayTable` of Shengji's moves and top, and the round's card order."""

    @property
    def trump_context(self) -> Table:
        """The round's card order: its level and trump, which cards are trumps and how strong."""
        ...


class MatchFacts:
    """Mixin of :class:`~cardrules.shengji.match.state.Match` and
    :class:`~cardrules.shengji.match.view.MatchView`."""

    __slots__ = ()

    # the fields both have
    variant: Variant
    round_number: int
    levels: tuple[Rank, Rank]
    banker: int | None
    dealt_first: int
    phase: Phase
    bid: Bid | None
    trump: Suit | None
    to_ask: int
    burier: int | None

    @property
    def play_table(self) -> PlayTable | None:  # pragma: no cover - each class has its own
        """The round's play state or view in the play phase, else ``None``."""
        raise NotImplementedError

    def _legal_grounds(self, move: Move) -> tuple[str, ...]:
        """The clauses that make a legal move legal, for a match and a seat's view alike: the
        play's in the play phase, else the phase's (a judge cites them)."""
        play = self.play_table
        if self.phase is Phase.PLAY:
            assert play is not None
            return play.grounds(move)
        return phases.grounds(self, move)

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self.variant.players

    @property
    def level(self) -> Rank:
        """The round's level, SJ-TRUMP-1 (The round's level and trump suit): the banker team's
        (in round 1 both teams are at the start level, so it is known before the banker)."""
        return self.levels[0 if self.banker is None else self.banker % 2]

    @property
    def trump_context(self) -> Table | None:
        """The round's card order (its level and trump, which cards are trumps and how strong)
        from the moment the trump is known — the burial on, SJ-TRUMP-1 (The round's level and
        trump suit) — and ``None`` before (the deal, the bidding, four jokers not yet named).
        A play state and a play view have the same accessor."""
        if self.phase in (Phase.DEAL, Phase.BID):
            return None
        play = self.play_table
        if play is not None:  # the round's (once a match is over its levels have moved on)
            return play.trump_context
        bid = self.bid
        if bid is not None and not bid.named:
            return None
        return trump_context(self.variant, self.level, self.trump)

    @property
    def is_over(self) -> bool:
        """Whether the match has ended, SJ-MATCH-2 (The end of the match)."""
        return self.phase is Phase.OVER

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is, CORE-API-2 (Who may act): during the deal the seat just
        dealt a card, SJ-DEAL-2 (Dealing as moves); in the bidding and frying circles the seat
        asked; the burier; in the play the seat to play; ``None`` once the match is over. A
        four-joker bidder who has not named the trump acts first, SJ-BID-4 (Four jokers name
        the trump)."""
        phase = self.phase
        if phase is Phase.OVER:
            return None
        if phase is Phase.PLAY:
            play = self.play_table
            assert play is not None
            return play.turn
        bid = self.bid
        if bid is not None and not bid.named:
            return bid.seat
        if phase is Phase.BURY:
            return self.burier
        return self.to_ask

    @property
    def top(self) -> Top | None:
        """The play now winning the trick (play phase only)."""
        play = self.play_table
        return None if play is None or self.phase is not Phase.PLAY else play.top

    @property
    def trick(self) -> tuple[Move, ...]:
        """The current trick (play phase only)."""
        play = self.play_table
        return () if play is None or self.phase is not Phase.PLAY else play.trick
