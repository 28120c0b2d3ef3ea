"""A whole 四幺四 match as one immutable :class:`Match`: round after round dealt from a seed, each
with its tribute phase and its play phase, until a team wins — 4A4-MATCH-1 (A match).

A match is a :class:`~cardrules.game.GameState` like a round's :class:`~cardrules.siyaosi.State`:
the same ``legal_moves``, ``explain``, ``apply``/``step``, ``view``, ``parse_move``,
``random_move``, ``result`` and JSON, in every phase. Its fields are what the current round
began with — the levels, ruling team and score, the previous round's finishing order, the hands
as dealt (and, for a round begun at a position, its leader and who was out) — and the round's
moves so far. Everything else (the phase, the tribute situation, the play state, the scoring
plays, the result) follows from them: built by the library it is carried from move to move;
built from outside (a constructor call, JSON, a position) the moves are replayed, so nothing
derived is trusted, 4A4-MATCH-3 (Match positions and records).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

import attrs

from cardrules import args
from cardrules.cards import Rank
from cardrules.errors import CardrulesError, Illegal, IllegalMoveError, PositionError
from cardrules.events import Event
from cardrules.game import Derives
from cardrules.implements import implements
from cardrules.jsonio import JSON, JSONObject
from cardrules.legal import LegalMoves
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.position import Position
from cardrules.records import MoveLog, Recording
from cardrules.siyaosi import tribute
from cardrules.siyaosi.events import (
    LevelsChanged,
    MatchWon,
    MovePlayed,
    PlayStarted,
    Rebelled,
    RoundStarted,
    ScoreChanged,
    Suppressed,
    TributePaid,
    TributeReturned,
    TributeTaken,
)
from cardrules.siyaosi.levels import after_round
from cardrules.siyaosi.match.check import check_facts
from cardrules.siyaosi.match.documents import match_json, read_match
from cardrules.siyaosi.match.facts import MatchFacts
from cardrules.siyaosi.match.phases import (
    explain_in_phase,
    no_move,
    parse_phase_move,
    tribute_moves,
)
from cardrules.siyaosi.match.position import match_from_position
from cardrules.siyaosi.match.record import MatchResult, Opening, dealt, first_ruling
from cardrules.siyaosi.match.view import MatchView, view_of
from cardrules.siyaosi.moves import PASS, Move, MoveKind, Phase
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.result import round_result
from cardrules.siyaosi.scoring import (
    NO_PLAYS,
    Played,
    count_play,
    multiplier,
    outcome,
    round_points,
)
from cardrules.siyaosi.state import State, first_leader, heart_three_holder
from cardrules.siyaosi.tribute import Exchange
from cardrules.siyaosi.variant import TributeLeader, Variant
from cardrules.slots import evolver
from cardrules.variant import variant_of

#: What a client uses (the phase rules are in :mod:`cardrules.siyaosi.match.phases`).
__all__ = ["Match"]


_Derived = tuple[
    "Phase", Exchange | None, tuple[Cards, ...], State | None, Played, MatchResult | None
]


@attrs.frozen(kw_only=True)
class Match(Derives, MatchFacts, Recording[Move]):
    """A 四幺四 match. Immutable: :meth:`apply` returns the match after the move; the move that
    ends a round deals the next one, or ends the match.

    Build one with :meth:`new` (round 1 from a seed), :meth:`from_position` or
    :meth:`from_json`. ``levels``, ``ruling`` and ``score`` are what the current round began
    with; :attr:`standing` is the match's standing now (the final one once it is won).
    """

    DERIVED: ClassVar[tuple[str, ...]] = ("phase", "exchange", "held", "play", "played", "final")

    variant: Variant
    seed: int
    round: int
    levels: tuple[Rank, Rank]
    ruling: int | None
    score: tuple[int, int] = (0, 0)
    last_finish: tuple[int, ...] = ()
    deal: tuple[Cards, ...]
    opening: Opening | None = None
    exchange_moves: tuple[Move, ...] = ()
    play_moves: tuple[Move, ...] = ()
    _derived: _Derived | None = attrs.field(default=None, eq=False, repr=False, alias="derived")
    #: Every move since the seed (``None`` when read from a position or a document).
    _log: MoveLog[Move] | None = attrs.field(default=None, eq=False, repr=False, alias="log")
    #: The phase the round is in.
    phase: Phase = attrs.field(init=False, eq=False)
    #: The tribute phase as the table sees it (``None`` in a round without one).
    exchange: Exchange | None = attrs.field(init=False, eq=False, repr=False)
    #: Every hand during the tribute phase (the play state holds them afterwards).
    held: tuple[Cards, ...] = attrs.field(init=False, eq=False, repr=False)
    #: The round's play state, once its play has begun.
    play: State | None = attrs.field(init=False, eq=False, repr=False)
    #: The scoring plays of the round so far (4A4, joker bomb, bomb).
    played: Played = attrs.field(init=False, eq=False, repr=False)
    #: The result, once a team has won.
    final: MatchResult | None = attrs.field(init=False, eq=False, repr=False)

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, variant: Variant | str = "classic", *, seed: int) -> Match:
        """Round 1 of a match dealt from ``seed`` (0 … 2⁶⁴−1): both teams at ``start_level``,
        the first leader and ruling team as 4A4-TABLE-4 (Who leads the first trick) says."""
        v = _variant(variant)
        seed = args.seed(seed, error=PositionError)
        hands = dealt(v, seed, 1)
        ruling = first_ruling(v, hands)
        start = (v.start_level, v.start_level)
        return cls(
            variant=v, seed=seed, round=1, levels=start, ruling=ruling, deal=hands, log=MoveLog()
        )

    @classmethod
    def from_position(cls, position: Position) -> Match:
        """A match at a case position — in its tribute phase (``phase = "tribute"``) or its
        play phase — 4A4-MATCH-3 (Match positions and records)."""
        return match_from_position(args.instance(position, Position, "position"), cls)

    def _check(self) -> _Derived:
        """Validate the facts of a match built from outside and rebuild the rest by replaying
        the round's moves, each of which must be legal."""
        check_facts(self)
        # the round's start; this match's derived facts are not made yet
        start = evolved(self, exchange_moves=(), play_moves=(), **dict.fromkeys(Match.DERIVED))
        moment = begin_round(start, None)
        moves = (*self.exchange_moves, *self.play_moves)
        for n, move in enumerate(moves):
            if not isinstance(move, Move):
                raise PositionError(f"move {n + 1} is not a 四幺四 move", key="moves")
            if n == len(self.exchange_moves) and moment.phase is Phase.TRIBUTE:
                raise PositionError("the play moves start before the tribute ended", key="moves")
            reason = moment.explain(move)
            if reason is not None:
                raise PositionError(f"move {n + 1} ({move}) cannot be: {reason}", key="moves")
            moment = moment._apply(move, None)
            if moment.round != self.round:
                raise PositionError(
                    f"move {n + 1} ended round {self.round} without a winner; the next round "
                    "is a new record",
                    key="moves",
                )
        if len(moment.exchange_moves) != len(self.exchange_moves):
            raise PositionError("a tribute-phase move after the play began", key="moves")
        return moment.phase, moment.exchange, moment.held, moment.play, moment.played, moment.final

    # ------------------------------------------------------------------ the table now
    @property
    def hands(self) -> tuple[Cards, ...]:
        """Every seat's hand now, by seat."""
        return self.held if self.play is None else self.play.hands

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds now, by seat."""
        return tuple(len(h) for h in self.hands)

    @property
    def standing(self) -> tuple[tuple[Rank, Rank], int | None, tuple[int, int], int | None]:
        """``(levels, ruling team, score, winner)`` now: the current round's, or the final ones
        once the match is won (the winner then rules the round that is not played)."""
        if self.final is not None:
            won = self.final
            return won.levels, won.winner, won.score, won.winner
        return self.levels, self.ruling, self.score, None

    def result(self) -> MatchResult:
        """The won match; raises :class:`~cardrules.errors.CardrulesError` before."""
        if self.final is None:
            raise CardrulesError("the match is not over yet", code="not-over")
        return self.final

    # ------------------------------------------------------------------ legality
    def explain(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal now, or ``None`` if it is legal."""
        seat = move.seat if isinstance(move, Move) else -1
        hand = self.hands[seat] if 0 <= seat < self.players else Cards()
        judge = None if self.play is None else self.play.explain
        return explain_in_phase(self.phase, self.exchange, judge, move, hand, self.players)

    def legal_moves(self, seat: int | None = None) -> LegalMoves[Move]:
        """Every legal move of every seat that may act now (or only ``seat``'s): the seat in
        turn of the tribute phase, or the movers of the play phase (4A4-MOVES-1 (What
        `legal_moves` lists)); none once the match is won."""
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.legal_moves(seat)
        if seat is not None:
            seat = args.seat(seat, self.players)
        ex = self.exchange
        listed: list[Move] = []
        if ex is not None and ex.turn is not None and seat in (None, ex.turn):
            listed = tribute_moves(ex, ex.turn, self.held[ex.turn])
        return LegalMoves(lambda: iter(listed), self.explain, Move)

    def random_move(self, rng: random.Random, seat: int | None = None) -> Move:
        """A legal move drawn uniformly from :meth:`legal_moves` (for simulations)."""
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.random_move(rng, seat)
        args.rng(rng)
        moves = list(self.legal_moves(seat))
        if not moves:
            raise IllegalMoveError(no_move(self.phase, seat))
        return moves[rng.randrange(len(moves))]

    def parse_move(self, text: MoveText | str) -> Move:
        """The move a case-file text names now: in the play phase as 4A4-MOVES-2 (Reading a
        move); in the tribute phase a bare card is the tribute or return the seat owes,
        4A4-MATCH-2 (Phases and their moves)."""
        if self.play is not None:
            return self.play.parse_move(text)
        return parse_phase_move(self.exchange, self.variant, text)

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move, sink: list[Event] | None) -> Match:
        if self.phase is Phase.PLAY:
            return self._apply_play(move, sink)
        return self._apply_tribute(move, sink)

    def _apply_play(self, move: Move, sink: list[Event] | None) -> Match:
        before = self.play
        assert before is not None
        play = before._apply(move, sink)
        played = self.played
        if move.kind is not PASS:
            played = count_play(played, move.kind, before.top, play.top)
        moves = (*self.play_moves, move)
        if play.turn is None:
            return self._round_over(play, played, moves, sink)
        return evolved(self, play_moves=moves, play=play, played=played)

    def _apply_tribute(self, move: Move, sink: list[Event] | None) -> Match:
        ex = self.exchange
        assert ex is not None
        after = ex.after(move)
        held = exchanged(self.held, ex, after, move)
        if sink is not None:
            # A return names the seat its card goes to: only those two see the card,
            # 4A4-MATCH-4 (What a seat sees in a match).
            to = ex.pairs[ex.asked][0] if move.kind is MoveKind.RETURN else None
            sink.append(MovePlayed(move.seat, move.kind, move.cards, to=to))
            tribute_events(ex, after, move, sink)
        moves = (*self.exchange_moves, move)
        if not after.done:
            return evolved(self, exchange_moves=moves, exchange=after, held=held)
        leader = play_leader(after, held)
        play = State(after.table, held, leader)
        if sink is not None:
            sink.append(PlayStarted(self.round, leader))
        return evolved(
            self, exchange_moves=moves, exchange=after, held=held, play=play, phase=Phase.PLAY
        )

    @implements("4A4-MATCH-1")
    def _round_over(
        self, play: State, played: Played, moves: tuple[Move, ...], sink: list[Event] | None
    ) -> Match:
        """The round has ended: move the levels and the score on, then end the match or deal
        the next round, 4A4-MATCH-1 (A match) (4A4-LEVEL-2 (Rising by catches) … 4A4-SCORE-2
        (Multipliers))."""
        variant = self.variant
        result = play.result()
        standing = after_round(variant, self.levels, self.ruling, result)
        points = round_points(variant, result, self.ruling, played)
        score = (
            self.score if points is None else (self.score[0] + points[0], self.score[1] + points[1])
        )
        if sink is not None:
            sink.append(LevelsChanged(self.levels, standing.levels, standing.ruling))
            if points is not None:
                times = multiplier(variant, played)
                sink.append(ScoreChanged(outcome(result, self.ruling), points, times, score))
        if standing.winner is None:
            following = evolved(
                self,
                round=self.round + 1,
                levels=standing.levels,
                ruling=standing.ruling,
                score=score,
                last_finish=result.finish,
                deal=dealt(variant, self.seed, self.round + 1),
                opening=None,
                exchange_moves=(),
                play_moves=(),
            )
            return begin_round(following, sink)
        final = MatchResult(
            winner=standing.winner,
            rounds=self.round,
            levels=standing.levels,
            score=score,
            last=result,
        )
        if sink is not None:
            sink.append(MatchWon(final.winner, final.rounds, final.levels, final.score))
        return evolved(
            self, play_moves=moves, play=play, played=played, final=final, phase=Phase.OVER
        )

    # ------------------------------------------------------------------ views and JSON
    def view(self, seat: int) -> MatchView:
        """What ``seat`` may know, 4A4-MATCH-4 (What a seat sees in a match)."""
        return view_of(self, args.seat(seat, self.players))

    def to_json(self) -> JSONObject:
        """The match as a document: the facts its round began with and the round's moves;
        ``phase``, ``turn`` and ``result`` are written for readers' sake and checked when read
        back."""
        return match_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> Match:
        """Read what :meth:`to_json` wrote, refusing (one :class:`CardrulesError` naming the
        field) any match that could not exist: the facts are checked, every move replayed."""
        return read_match(cls, data)


# ---------------------------------------------------------------------- rounds
#: A match the rules made from a checked one, ``_evolve(match, changes)``: fields or derived
#: facts changed, nothing checked again (the hot path of ``apply``), its derived-facts cache
#: empty.
_evolve = evolver(Match, {"_derived": None})


def evolved(match: Match, **changes: object) -> Match:
    """``match`` with some fields or derived facts changed — the library's own moves, known to
    be consistent, so nothing is checked again (the hot path of ``apply``)."""
    return _evolve(match, changes)


def begin_round(start: Match, sink: list[Event] | None) -> Match:
    """The match at the start of the round whose fields ``start`` holds (its derived facts are
    not read): its tribute phase when tribute is due (4A4-TRIB-1 (Who pays tribute)), else its
    play, led by the emperor after a round (4A4-TRIB-8 (Who leads after the tribute)), by the
    first leader in a dealt first round, or as its opening says."""
    variant = start.variant
    table = Table(variant, start.levels, start.ruling)
    ex: Exchange | None = None
    if start.last_finish:
        owed = tribute.dues(variant, round_result(variant.players, start.last_finish, None))
        ex = Exchange.start(variant, table, owed)
        if sink is not None:
            sink.append(
                RoundStarted(start.round, start.levels, start.ruling, owed.payers, owed.receivers)
            )
    common = {"exchange": ex, "held": start.deal, "played": NO_PLAYS, "final": None}
    if ex is not None and not ex.done:
        return evolved(start, phase=Phase.TRIBUTE, play=None, **common)
    if start.opening is not None:
        leader, out = start.opening.leader, start.opening.out
    else:
        leader, out = (
            (first_leader(variant, start.deal) if ex is None else play_leader(ex, start.deal)),
            (),
        )
    play = State(table, start.deal, leader, out)
    if sink is not None:
        sink.append(PlayStarted(start.round, leader))
    return evolved(start, phase=Phase.PLAY, play=play, **common)


@implements("4A4-TRIB-9")
def play_leader(ex: Exchange, hands: tuple[Cards, ...]) -> int:
    """Who leads a round after the first once its tribute phase ``ex`` is done and the hands are
    ``hands``: with ``tribute_leader = "heart-three"`` the holder of 3♥, 4A4-TRIB-9 (The holder
    of 3♥ leads every round); else as the exchange says, 4A4-TRIB-8 (Who leads after the
    tribute)."""
    if ex.variant.tribute_leader is TributeLeader.HEART_THREE:
        return heart_three_holder(hands)
    return ex.leader


def exchanged(
    held: tuple[Cards, ...], ex: Exchange, after: Exchange, move: Move
) -> tuple[Cards, ...]:
    """The hands after a tribute-phase move: a tribute leaves its payer for the table; when the
    last is paid each goes to its receiver; a return goes from receiver to payer."""
    hands = list(held)
    if move.kind is MoveKind.TRIBUTE:
        hands[move.seat] = hands[move.seat] - move.cards
    elif move.kind is MoveKind.RETURN:
        payer = ex.pairs[ex.asked][0]
        hands[move.seat] = hands[move.seat] - move.cards
        hands[payer] = hands[payer] + move.cards
    if after.pairs and not ex.pairs:
        for _payer, receiver, cards in after.pairs:
            hands[receiver] = hands[receiver] + cards
    return tuple(hands)


def tribute_events(ex: Exchange, after: Exchange, move: Move, sink: list[Event]) -> None:
    """What a tribute-phase move did, after the move itself: a rebellion, its suppression, a
    tribute paid (and, with the last, where each went), a return."""
    if move.kind is MoveKind.REBEL:
        variant = ex.variant
        sink.append(Rebelled(move.seat, variant.rebellion_jokers, variant.rebellion_effect))
    elif move.kind is MoveKind.SUPPRESS:
        sink.append(Suppressed(move.seat))
    elif move.kind is MoveKind.TRIBUTE:
        sink.append(TributePaid(move.seat, move.cards))
    elif move.kind is MoveKind.RETURN:
        sink.append(TributeReturned(move.seat, ex.pairs[ex.asked][0], move.cards))
    if after.pairs and not ex.pairs:
        sink.extend(TributeTaken(receiver, payer, cards) for payer, receiver, cards in after.pairs)


def _variant(variant: Variant | str) -> Variant:
    return variant_of(Variant, variant)
