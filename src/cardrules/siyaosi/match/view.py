"""What one seat may know of a 四幺四 match, and the moves it can make from there,
4A4-MATCH-4 (What a seat sees in a match), CORE-VIEW-1 (Views act for their seat).

A match view is a document a server sends its seat (:meth:`MatchView.to_json`) and the client
reads back (:meth:`MatchView.from_json`) into a view that acts for the seat exactly as the one
written: its legal moves, ``explain``, ``is_legal``, ``random_move`` and ``parse_move``. The
reader is as strict as a match's: every field checked, the tribute phase replayed from the last
round's finishing order, the play view's trick replayed, and what a seat can never see (another
seat's hand, a return between two other seats) refused.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

import attrs

from cardrules import args
from cardrules.cards import Card, Rank
from cardrules.errors import ArgumentError, Illegal, IllegalMoveError
from cardrules.game import Derives, Judge
from cardrules.implements import implements
from cardrules.jsonio import JSON, JSONObject
from cardrules.legal import LegalMoves
from cardrules.multiset import Cards
from cardrules.notation import MoveText, for_seat
from cardrules.records import Recording
from cardrules.siyaosi.match.check import JOKERS, check_view, revealers
from cardrules.siyaosi.match.documents import match_view_json, read_match_view
from cardrules.siyaosi.match.facts import MatchFacts
from cardrules.siyaosi.match.phases import (
    explain_in_phase,
    no_move,
    parse_phase_move,
    tribute_moves,
)
from cardrules.siyaosi.match.record import MatchResult
from cardrules.siyaosi.moves import Move, Phase
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.tribute import Exchange
from cardrules.siyaosi.variant import Variant
from cardrules.siyaosi.view import View, round_tracker
from cardrules.tracker import Tracker, still_held

if TYPE_CHECKING:
    from cardrules.siyaosi.match.state import Match

__all__ = ["MatchView"]

#: The ``derived`` argument of a view the library made from a match (nothing to check).
_TRUSTED: tuple[object, ...] = ()


@attrs.frozen(kw_only=True)
class MatchView(Derives, MatchFacts, Judge[Move]):
    """What ``seat`` may know of a match: its own hand and every seat's card count; the round,
    levels, ruling team and score; in the tribute phase who owes whom, the jokers revealed, the
    tributes paid and where they went, and the returns (their cards only to the two seats
    involved); in the play phase everything a play view shows; the result once the match is
    won. Never another seat's cards.

    A view acts for its seat: :meth:`legal_moves`, :meth:`explain`, :meth:`is_legal` and
    :meth:`random_move` answer from what the seat sees, as the match would for that seat, and
    :meth:`parse_move` reads the seat's moves without the seat (``"3S"``, ``"pass"``). Build
    one with ``match.view(seat)``, the constructor or :meth:`from_json`: the last two check
    that a match could show this seat this view, so a client rebuilding the view it was sent
    as JSON gets the legal moves by asking it. :attr:`phase`, :attr:`levels`, :attr:`ruling`
    and :attr:`table` (the round's card order) read alike on a play view.
    """

    DERIVED: ClassVar[tuple[str, ...]] = ()

    seat: int
    variant: Variant
    round: int
    levels: tuple[Rank, Rank]
    ruling: int | None
    score: tuple[int, int]
    #: The last round's finishing order, which the tribute phase follows from (``()`` in a
    #: round after none).
    last_finish: tuple[int, ...]
    phase: Phase
    hand: Cards
    hand_sizes: tuple[int, ...]
    exchange: Exchange | None
    play: View | None
    result: MatchResult | None
    _derived: tuple[object, ...] | None = attrs.field(
        default=None, eq=False, repr=False, alias="derived"
    )

    @classmethod
    def of(cls, match: Match, seat: int) -> MatchView:
        """The view of ``match`` that ``seat`` has."""
        # a match is the game's MatchFacts that records its moves (a view records none)
        if not (isinstance(match, MatchFacts) and isinstance(match, Recording)):
            raise ArgumentError(f"a Match is needed, got {args.shown(match)}", key="match")
        return view_of(match, args.seat(seat, match.players))

    def _check(self) -> tuple[object, ...]:
        check_view(self)
        return ()

    # ------------------------------------------------------------------ the table
    @property
    def table(self) -> Table:
        """The round's table — variant, levels, ruling team — which ranks every card (in the
        tribute phase, the round about to be played), as a play view's :attr:`View.table`."""
        if self.play is not None:
            return self.play.table
        return Table(self.variant, self.levels, self.ruling)

    def arranged_hand(self) -> tuple[tuple[Card, ...], ...]:
        """The hand in groups of equal strength, weakest first, ranked for this round's levels
        (in the tribute phase, the levels of the round about to be played)."""
        if self.play is not None:
            return self.play.arranged_hand()
        strength = self.table.strength
        return self.hand.arranged(lambda c: (strength(c.rank, self.seat), c.index))

    @property
    def tracker(self) -> Tracker:
        """The seat's card tracker (记牌器), CORE-VIEW-2 (The card tracker): the cards laid this
        round, and the tributes (and the returns this seat gave or took) it saw reach a hand and
        not yet played; the rest is :attr:`Tracker.unseen`."""
        players = self.players
        shown = exchange_shown(self.exchange, self.seat, players)
        if self.play is not None:
            return round_tracker(self.play, shown)
        empty = (Cards(),) * players
        return Tracker(
            seat=self.seat,
            decks=self.variant.decks,
            hand=self.hand,
            hand_sizes=self.hand_sizes,
            played=empty,
            shown=shown,
            voids=((),) * players,
        )

    # ------------------------------------------------------------------ acting for the seat
    def explain(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal, or ``None``; another seat's move is refused
        (``not-viewing-seat``): this seat cannot know that hand."""
        seat = move.seat if isinstance(move, Move) else -1
        hand = self.hand if seat == self.seat else None
        judge = None if self.play is None else self.play.explain
        return explain_in_phase(self.phase, self.exchange, judge, move, hand, self.players)

    def legal_moves(self, seat: int | None = None) -> LegalMoves[Move]:
        """This seat's legal moves, in the match's order (another ``seat`` has none here)."""
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.legal_moves(seat)
        if seat is not None:
            seat = args.seat(seat, self.players)
        ex = self.exchange
        listed: list[Move] = []
        if ex is not None and ex.turn == self.seat and seat in (None, self.seat):
            listed = tribute_moves(ex, self.seat, self.hand)
        return LegalMoves(lambda: iter(listed), self.explain, Move)

    def random_move(self, rng: random.Random, seat: int | None = None) -> Move:
        """One of this seat's legal moves, drawn uniformly."""
        args.rng(rng)
        moves = list(self.legal_moves(seat))
        if not moves:
            raise IllegalMoveError(no_move(self.phase, self.seat))
        return moves[rng.randrange(len(moves))]

    def parse_move(self, text: MoveText | str) -> Move:
        """The move a text names now, as the match reads it (a bare card in the tribute phase
        is the tribute or return the seat owes); the seat may be left out (``"3S"``,
        ``"pass"``, ``"rebel"``), another seat's text is refused (code ``other-seat``)."""
        own = for_seat(text, self.seat, decks=self.variant.decks, verbs=Move.verbs())
        if self.play is not None:
            return self.play.parse_move(own)
        return parse_phase_move(self.exchange, self.variant, own)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> JSONObject:
        """The view as a document ``{"format": 1, "game": "siyaosi", "type": "match-view", …}``,
        written for clients: the variant once (the play view inside is a view document without
        it); ``turn``, the tribute phase's derived fields and the play view's are checked when
        read back."""
        return match_view_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> MatchView:
        """Read what :meth:`to_json` wrote, refusing (one :class:`CardrulesError` naming the
        field) a view no match could show its seat: every field is read strictly, the tribute
        phase is replayed from the last finishing order and the play view's trick from its
        start, and the fields that follow from them must agree. ``MatchView.from_json(
        view.to_json()) == view``, and the view read acts for its seat as the one written."""
        return read_match_view(cls, data)


def exchange_shown(ex: Exchange | None, seat: int, players: int) -> tuple[Cards, ...]:
    """The cards ``seat`` saw in another seat's hand in the tribute phase ``ex`` (as ``seat``
    sees it): the jokers a rebellion or its suppression revealed, every tribute, and a return
    ``seat`` gave; a return it may not see may have been
    any card, so its giver's tributes are known no more (seed silent: a tracker records only
    what is certain)."""
    shown = [Cards()] * players
    if ex is None:
        return tuple(shown)
    for revealer in revealers(ex):  # both jokers shown, 4A4-TRIB-5 (Rebellion)
        shown[revealer] = shown[revealer] + JOKERS
    for payer, cards in ex.paid:  # a joker shown may be the tribute paid
        shown[payer] = still_held(shown[payer], cards)
    for _payer, receiver, cards in ex.pairs:
        shown[receiver] = shown[receiver] + cards
    for giver, taker, card in ex.returned:
        if card is None:
            shown[giver] = Cards()
            continue
        shown[giver] = still_held(shown[giver], card)
        shown[taker] = shown[taker] + card
    shown[seat] = Cards()
    return tuple(shown)


@implements("4A4-MATCH-4")
def view_of(match: Match, seat: int) -> MatchView:
    """The view of ``match`` that ``seat`` (a seat at its table) has, made by the library from a
    match it checked, so nothing is checked again."""
    return MatchView(
        seat=seat,
        variant=match.variant,
        round=match.round,
        levels=match.levels,
        ruling=match.ruling,
        score=match.score,
        last_finish=match.last_finish,
        phase=match.phase,
        hand=match.hands[seat],
        hand_sizes=match.hand_sizes,
        exchange=None if match.exchange is None else match.exchange.masked(seat),
        play=None if match.play is None else match.play.view(seat),
        result=match.final,
        derived=_TRUSTED,
    )
