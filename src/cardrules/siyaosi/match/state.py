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
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, ClassVar

import attrs

from cardrules import args
from cardrules.cards import Rank
from cardrules.errors import CardrulesError, Illegal, IllegalMoveError, PositionError
from cardrules.events import Event
from cardrules.game import Derives, common_refusal
from cardrules.jsonio import JSON, JSONObject, document, open_document
from cardrules.legal import LegalMoves
from cardrules.multiset import Cards
from cardrules.notation import MoveText, move_text
from cardrules.position import Position
from cardrules.records import MoveLog, Recording
from cardrules.siyaosi import tribute
from cardrules.siyaosi.codes import PLAY_CODES, TRIBUTE_CODES
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
from cardrules.siyaosi.match.record import (
    MAX_ROUNDS,
    SEEDS,
    MatchResult,
    Opening,
    check_facts,
    dealt,
    first_ruling,
    read_levels,
    read_moves,
    read_opening,
    read_score,
)
from cardrules.siyaosi.moves import PASS, PHASE_KINDS, Move, MoveKind, Phase, Top
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
from cardrules.siyaosi.state import State, first_leader
from cardrules.siyaosi.tribute import Exchange
from cardrules.siyaosi.variant import Variant
from cardrules.slots import evolver
from cardrules.variant import read_variant, variant_of

if TYPE_CHECKING:
    from cardrules.siyaosi.match.view import MatchView

#: What a client uses; the phase functions serve the match view.
__all__ = ["Match", "Phase"]


_Derived = tuple[
    "Phase", Exchange | None, tuple[Cards, ...], State | None, Played, MatchResult | None
]


@attrs.frozen(kw_only=True)
class Match(Derives, Recording[Move]):
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
        from cardrules.siyaosi.match.position import match_from_position

        return match_from_position(args.instance(position, Position, "position"))

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
    def players(self) -> int:
        """The number of seats at the table."""
        return self.variant.players

    @property
    def turn(self) -> int | None:
        """The seat that acts now (in the play phase, the seat whose normal turn it is);
        ``None`` only once the match is won."""
        if self.play is not None:
            return self.play.turn
        assert self.exchange is not None
        return self.exchange.turn

    @property
    def is_over(self) -> bool:
        """Whether the match is over (a team has won it)."""
        return self.phase is Phase.OVER

    @property
    def hands(self) -> tuple[Cards, ...]:
        """Every seat's hand now, by seat."""
        return self.held if self.play is None else self.play.hands

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds now, by seat."""
        return tuple(len(h) for h in self.hands)

    @property
    def top(self) -> Top | None:
        """What stands on top of the current trick in the play phase; else ``None``."""
        return None if self.play is None else self.play.top

    @property
    def trick(self) -> tuple[Move, ...]:
        """The moves of the current trick in the play phase, oldest first; else none."""
        return () if self.play is None else self.play.trick

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
    def _legal_grounds(self, move: Move) -> tuple[str, ...]:
        if self.play is not None:
            return self.play.grounds(move)
        return ("4A4-TRIB-7", tribute.GROUNDS[move.kind])

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
            listed = tribute.moves_for(ex, ex.turn, self.held[ex.turn])
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
        play = State(after.table, held, after.leader)
        if sink is not None:
            sink.append(PlayStarted(self.round, after.leader))
        return evolved(
            self, exchange_moves=moves, exchange=after, held=held, play=play, phase=Phase.PLAY
        )

    def _round_over(
        self, play: State, played: Played, moves: tuple[Move, ...], sink: list[Event] | None
    ) -> Match:
        """The round has ended: move the levels and the score on, then end the match or deal
        the next round (4A4-LEVEL-2 (Rising by catches) … 4A4-SCORE-2 (Multipliers))."""
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
        from cardrules.siyaosi.match.view import MatchView

        return MatchView.of(self, args.seat(seat, self.players))

    def to_json(self) -> JSONObject:
        """The match as a document: the facts its round began with and the round's moves;
        ``phase``, ``turn`` and ``result`` are written for readers' sake and checked when read
        back."""
        opening: JSON = None
        if self.opening is not None:
            opening = {"leader": self.opening.leader, "out": list(self.opening.out)}
        return document(
            "siyaosi",
            "match",
            {
                "variant": self.variant.to_json(),
                "seed": self.seed,
                "round": self.round,
                "levels": [r.text for r in self.levels],
                "ruling": self.ruling,
                "score": list(self.score),
                "last_finish": list(self.last_finish),
                "deal": [str(h) for h in self.deal],
                "opening": opening,
                "exchange": [m.fields_json() for m in self.exchange_moves],
                "moves": [m.fields_json() for m in self.play_moves],
                "phase": self.phase.value,
                "turn": self.turn,
                "result": None if self.final is None else self.final.body(),
            },
        )

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> Match:
        """Read what :meth:`to_json` wrote, refusing (one :class:`CardrulesError` naming the
        field) any match that could not exist: the facts are checked, every move replayed."""
        reader = open_document(data, "siyaosi", "match")
        variant = read_variant(reader, "variant", Variant)
        players, decks = variant.players, variant.decks
        seed = reader.integer("seed", 0, SEEDS - 1)
        number = reader.integer("round", 1, MAX_ROUNDS)
        levels = read_levels(reader, "levels")
        ruling = reader.opt_integer("ruling", 0, 1)
        score = read_score(reader, "score", variant, number - 1)
        last_finish = reader.ints("last_finish", None, 0, players - 1)
        hands = reader.each("deal", 8, lambda path, v: reader.cards_value(path, v, decks))
        opening = read_opening(reader, players)
        exchange_moves = read_moves(reader, "exchange", decks)
        play_moves = read_moves(reader, "moves", decks)
        with reader.reading():
            match = cls(
                variant=variant,
                seed=seed,
                round=number,
                levels=levels,
                ruling=ruling,
                score=score,
                last_finish=last_finish,
                deal=hands,
                opening=opening,
                exchange_moves=exchange_moves,
                play_moves=play_moves,
            )
        reader.derived(
            match.to_json(), ("phase", "turn", "result"), "does not follow from the moves"
        )
        reader.done()
        return match


# ---------------------------------------------------------------------- legality, written once
def explain_in_phase(
    phase: Phase,
    ex: Exchange | None,
    judge: Callable[[Move], Illegal | None] | None,
    move: object,
    hand: Cards | None,
    players: int,
) -> Illegal | None:
    """Why ``move`` is illegal in a match (or a seat's view of one) in ``phase``: the play
    phase asks ``judge`` (the play state's or view's ``explain``); ``hand`` is the mover's hand
    (``None``: unknown to the asker). The common refusals come first (CORE-API-2 (Who may
    act)), then a won match (``match-over``), then a move of the other phase (``wrong-phase``,
    4A4-MATCH-2 (Phases and their moves))."""
    if phase is Phase.PLAY:
        assert judge is not None
        return judge(move)  # type: ignore[arg-type]  # the judge refuses what is not a Move
    refused = common_refusal(PLAY_CODES, move, Move, players, hand, False)
    if refused is not None or not isinstance(move, Move) or hand is None:
        return refused
    if phase is Phase.OVER:
        return TRIBUTE_CODES.refuse("match-over", "the match has been won; no move follows")
    if move.kind is not PASS and move.kind not in PHASE_KINDS:
        return PLAY_CODES.refuse(
            "wrong-phase", f"a {move.kind} waits for the play phase: the tribute comes first"
        )
    assert ex is not None
    return tribute.explain(ex, move, hand)


def no_move(phase: Phase, seat: int | None) -> Illegal:
    """The refusal of a draw from no legal move: the match is won, or ``seat`` is not due."""
    if phase is Phase.OVER:
        return TRIBUTE_CODES.refuse("match-over", "the match has been won; no move follows")
    return TRIBUTE_CODES.refuse("not-due", f"seat {seat} has no move in the tribute phase now")


def parse_phase_move(ex: Exchange | None, variant: Variant, text: MoveText | str) -> Move:
    """A move text read in the tribute phase: a bare card by the seat that owes a tribute or a
    return is that move, 4A4-MATCH-2 (Phases and their moves)."""
    text = move_text(text, decks=variant.decks, verbs=Move.verbs())
    if text.verb is None and ex is not None:
        kind = tribute.bare_kind(ex, text.seat)
        if kind is not None:
            return Move(text.seat, kind, text.cards)
    return Move.from_text(text)


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
        leader, out = (first_leader(variant, start.deal) if ex is None else ex.leader), ()
    play = State(table, start.deal, leader, out)
    if sink is not None:
        sink.append(PlayStarted(start.round, leader))
    return evolved(start, phase=Phase.PLAY, play=play, **common)


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
        sink.append(Rebelled(move.seat))
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
