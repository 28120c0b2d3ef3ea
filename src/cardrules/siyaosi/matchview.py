"""What one seat may know of a 四幺四 match, and the moves it can make from there,
4A4-MATCH-4 (What a seat sees in a match), CORE-VIEW-1 (Views act for their seat)."""

from __future__ import annotations

import random

import attrs

from cardrules.cards import Card, Rank
from cardrules.errors import Illegal, IllegalMoveError
from cardrules.game import Judge
from cardrules.jsonio import JSON, JSONObject, document
from cardrules.legal import LegalMoves
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.siyaosi import tribute
from cardrules.siyaosi.combos import Table
from cardrules.siyaosi.match import Match, Phase, explain_in_phase, no_move, parse_phase_move
from cardrules.siyaosi.moves import Move, Top
from cardrules.siyaosi.record import MatchResult
from cardrules.siyaosi.tribute import Exchange
from cardrules.siyaosi.variant import Variant
from cardrules.siyaosi.view import View

__all__ = ["MatchView", "exchange_json"]

#: What a seat reveals to rebel or to suppress a rebellion.
_JOKERS = Cards.parse("SJ BJ")


@attrs.frozen(kw_only=True)
class MatchView(Judge[Move]):
    """What ``seat`` may know of a match: its own hand and every seat's card count; the round,
    levels, ruling team and score; in the tribute phase who owes whom, the jokers revealed, the
    tributes paid and where they went, and the returns (their cards only to the two seats
    involved); in the play phase everything a play view shows; the result once the match is
    won. Never another seat's cards.

    A view acts for its seat: :meth:`legal_moves`, :meth:`explain` and :meth:`is_legal` answer
    from what the seat sees, as the match would for that seat. Build one with
    ``match.view(seat)``.
    """

    seat: int
    variant: Variant
    round: int
    levels: tuple[Rank, Rank]
    ruling: int | None
    score: tuple[int, int]
    phase: Phase
    hand: Cards
    hand_sizes: tuple[int, ...]
    exchange: Exchange | None
    play: View | None
    result: MatchResult | None

    @classmethod
    def of(cls, match: Match, seat: int) -> MatchView:
        """The view of ``match`` that ``seat`` has."""
        return cls(
            seat=seat,
            variant=match.variant,
            round=match.round,
            levels=match.levels,
            ruling=match.ruling,
            score=match.score,
            phase=match.phase,
            hand=match.hands[seat],
            hand_sizes=match.hand_sizes,
            exchange=None if match.exchange is None else match.exchange.masked(seat),
            play=None if match.play is None else match.play.view(seat),
            result=match.final,
        )

    # ------------------------------------------------------------------ the table
    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self.variant.players

    @property
    def turn(self) -> int | None:
        """The seat that acts next: in play, the seat whose turn it is; in the tribute phase, the
        seat due to act."""
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

    def arranged_hand(self) -> tuple[tuple[Card, ...], ...]:
        """The hand in groups of equal strength, weakest first, ranked for this round's levels
        (in the tribute phase, the levels of the round about to be played)."""
        if self.play is not None:
            return self.play.arranged_hand()
        strength = Table(self.variant, self.levels, self.ruling).strength
        return self.hand.arranged(lambda c: (strength(c.rank, self.seat), c.index))

    # ------------------------------------------------------------------ acting for the seat
    def _legal_grounds(self, move: Move) -> tuple[str, ...]:
        if self.play is not None:
            return self.play.grounds(move)
        return ("4A4-TRIB-7", tribute.GROUNDS[move.kind])

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
        ex = self.exchange
        listed: list[Move] = []
        if ex is not None and ex.turn == self.seat and seat in (None, self.seat):
            listed = tribute.moves_for(ex, self.seat, self.hand)
        return LegalMoves(lambda: iter(listed), self.explain, Move)

    def random_move(self, rng: random.Random, seat: int | None = None) -> Move:
        """One of this seat's legal moves, drawn uniformly."""
        moves = list(self.legal_moves(seat))
        if not moves:
            raise IllegalMoveError(no_move(self.phase, self.seat))
        return moves[rng.randrange(len(moves))]

    def parse_move(self, text: MoveText | str) -> Move:
        """The move written as ``text``: in play, read as the seat's play view reads it; in the
        tribute phase, a ``tribute``, ``return``, ``rebel``, ``suppress`` or ``pass``."""
        if self.play is not None:
            return self.play.parse_move(text)
        return parse_phase_move(self.exchange, self.variant, text)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> JSONObject:
        """The view as a document (``type = "match-view"``), written for clients."""
        return document(
            "siyaosi",
            "match-view",
            {
                "seat": self.seat,
                "variant": self.variant.to_json(),
                "round": self.round,
                "levels": [r.text for r in self.levels],
                "ruling": self.ruling,
                "score": list(self.score),
                "phase": self.phase.value,
                "turn": self.turn,
                "hand": str(self.hand),
                "hand_sizes": list(self.hand_sizes),
                "tribute": None if self.exchange is None else exchange_json(self.exchange),
                "play": None if self.play is None else self.play.to_json(),
                "result": None if self.result is None else self.result.body(),
            },
        )


def exchange_json(ex: Exchange) -> JSONObject:
    """The tribute phase as the table sees it: who owes whom, the step and who acts, the jokers
    revealed, the tributes paid and taken, the returns (a card this seat may not see is
    ``null``)."""
    revealed: list[JSON] = [
        {"seat": seat, "cards": str(_JOKERS)}
        for seat in (ex.rebel, ex.suppressor)
        if seat is not None
    ]
    return {
        "payers": list(ex.dues.payers),
        "receivers": list(ex.dues.receivers),
        "step": ex.step.value,
        "turn": ex.turn,
        "rebel": ex.rebel,
        "suppressor": ex.suppressor,
        "revealed": revealed,
        "paid": [{"seat": seat, "cards": str(cards)} for seat, cards in ex.paid],
        "taken": [
            {"payer": payer, "receiver": receiver, "cards": str(cards)}
            for payer, receiver, cards in ex.pairs
        ],
        "returned": [
            {"receiver": giver, "payer": taker, "cards": None if cards is None else str(cards)}
            for giver, taker, cards in ex.returned
        ],
    }
