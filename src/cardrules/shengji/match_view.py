"""What one seat may see of a match, and the moves it can make from there — SJ-MATCH-4 (What a
match shows and saves), SJ-KITTY-2 (Who sees the kitty), CORE-VIEW-1 (Views act for their seat).

A view holds the seat's own hand and the public table: every hand's size, how many cards are
still to deal, the standing bid (its cards are shown), the trump once chosen, the seat asked,
the kitty turned up when nobody bid, levels, scores and the last round's settlement — never
another seat's cards, the stock or a kitty the seat has not held. In the play phase it carries
the play state's :class:`~cardrules.shengji.view.View`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import Illegal, IllegalMoveError, PositionError
from cardrules.game import Judge
from cardrules.jsonio import JSONObject, document
from cardrules.legal import Description, LegalMoves
from cardrules.limits import quote
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.shengji import phases
from cardrules.shengji.bids import Bid
from cardrules.shengji.codes import CODES
from cardrules.shengji.levels import Settlement
from cardrules.shengji.match_facts import MatchFacts, PlayTable
from cardrules.shengji.match_json import bidding_json
from cardrules.shengji.moves import Move
from cardrules.shengji.order import trump_context
from cardrules.shengji.phases import Phase
from cardrules.shengji.variant import Variant
from cardrules.shengji.view import View

if TYPE_CHECKING:
    from cardrules.shengji.match import Match

__all__ = ["MatchView", "view_of"]


@attrs.frozen(kw_only=True)
class MatchView(MatchFacts, Judge[Move]):
    """A seat's knowledge of a match (made by :meth:`Match.view`). It acts for its seat:
    :meth:`legal_moves`, :meth:`explain` and :meth:`is_legal` answer from what the seat sees,
    exactly as the match would."""

    seat: int
    variant: Variant
    round_number: int
    redeals: int
    levels: tuple[Rank, Rank]
    scores: tuple[int, ...]
    banker: int | None
    dealt_first: int
    phase: Phase
    hand: Cards
    hand_sizes: tuple[int, ...]
    #: Cards still to be dealt, the kitty included (the deal and bidding phases).
    stock_size: int
    kitty_size: int
    #: The kitty's cards, for the seat that holds or last buried it (everyone once a round's
    #: play is over).
    kitty: Cards | None
    bid: Bid | None
    trump: Suit | None
    passes: int
    to_ask: int
    burier: int | None
    flipped: tuple[Card, ...]
    play: View | None
    last: Settlement | None
    winner: int | None

    @property
    def play_table(self) -> PlayTable | None:
        return self.play

    def arranged_hand(self) -> tuple[tuple[Card, ...], ...]:
        """The hand by suit, each weakest first, as the round's trump orders it: before the
        trump is settled, the standing bid's (with no bid, every level card and joker sorts as
        trump)."""
        if self.play is not None:
            return self.play.arranged_hand()
        trump = self.trump
        if self.phase in (Phase.DEAL, Phase.BID):
            trump = None if self.bid is None or not self.bid.named else self.bid.trump
        ctx = trump_context(self.variant, self.level, trump)
        return self.hand.arranged(lambda c: (ctx.suit_keys[c.index], ctx.strengths[c.index]))

    # ------------------------------------------------------------------ acting for the seat
    def explain(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal, or ``None``; another seat's moves are refused
        (``not-viewing-seat``): this seat cannot know that hand."""
        seat = move.seat if isinstance(move, Move) else -1
        hand = self.hand if seat == self.seat else None
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.explain(move)
        return phases.explain(self, move, hand)

    def legal_moves(self, seat: int | None = None) -> LegalMoves[Move]:
        """This seat's legal moves."""
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.legal_moves(seat)
        mine = seat is None or seat == self.seat
        return LegalMoves(
            lambda: phases.generate(self, self.seat, self.hand) if mine else iter(()),
            self.explain,
            Move,
            lambda: phases.count(self, self.seat, self.hand) if mine else 0,
            lambda: self._describe() if mine else Description(game="shengji"),
        )

    def _describe(self) -> Description[Move]:
        """This seat's legal moves described, CORE-API-3 (Choices too large to list)."""
        moves, choices = phases.describe(self, self.seat, self.hand, self.explain)
        return Description.counted("shengji", moves, choices)

    def random_move(self, rng: random.Random, seat: int | None = None) -> Move:
        """A legal move of this seat, drawn without listing a burial's or a follow's choices."""
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.random_move(rng, seat)
        move = None
        if seat is None or seat == self.seat:
            move = phases.random_move(self, self.seat, self.hand, rng)
        if move is None:
            raise IllegalMoveError(CODES.refuse("not-your-turn", f"seat {self.seat} waits"))
        return move

    def parse_move(self, text: MoveText | str) -> Move:
        return phases.parse_move(self.variant, text)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> JSONObject:
        """The view as a document ``{"format": 1, "game": "shengji", "type": "match-view", …}``."""
        own: JSONObject = {
            "seat": self.seat,
            "variant": self.variant.to_json(),
            "round": self.round_number,
            "redeals": self.redeals,
            "levels": [r.text for r in self.levels],
            "scores": list(self.scores),
            "banker": self.banker,
            "dealt_first": self.dealt_first,
            "phase": self.phase.value,
            "hand": str(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "kitty_size": self.kitty_size,
            "kitty": None if self.kitty is None else str(self.kitty),
        }
        return document("shengji", "match-view", own | bidding_json(self) | {"turn": self.turn})


def view_of(match: Match, seat: int) -> MatchView:
    """``seat``'s view of ``match``: the kitty only for the seat holding or having buried it,
    SJ-KITTY-2 (Who sees the kitty)."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.players:
        raise PositionError(f"a seat 0..{match.players - 1}, got {quote(seat)}", key="seat")
    play = None if match.play is None else _play_view(match, seat)
    if play is not None:
        kitty = play.kitty
    elif match.phase in (Phase.BURY, Phase.FRY) and seat == match.burier:
        kitty = match.kitty
    else:
        kitty = None
    phase = match.phase
    return MatchView(
        seat=seat,
        variant=match.variant,
        round_number=match.round_number,
        redeals=match.redeals,
        levels=match.levels,
        scores=match.scores,
        banker=match.banker,
        dealt_first=match.dealt_first,
        phase=phase,
        hand=match.hands[seat],
        hand_sizes=match.hand_sizes,
        stock_size=len(match.stock),
        kitty_size=match.variant.kitty if phase in (Phase.DEAL, Phase.BID) else len(match.kitty),
        kitty=kitty,
        bid=match.bid,
        trump=match.trump,
        passes=match.passes,
        to_ask=match.to_ask,
        burier=match.burier,
        flipped=match.flipped,
        play=play,
        last=match.last,
        winner=match.winner,
    )


def _play_view(match: Match, seat: int) -> View:
    """The play state's view, with the kitty shown to the seat that buried it: a fryer in a later
    round buries it though the banker stays (the play state alone shows it to the banker)."""
    assert match.play is not None
    view = match.play.view(seat)
    burier = match.burier
    if burier is None or burier == match.banker or match.play.is_over:
        return view
    sees = seat == burier
    if sees == (view.kitty is not None):
        return view
    return attrs.evolve(view, kitty=match.play.kitty if sees else None)
