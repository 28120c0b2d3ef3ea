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
from typing import ClassVar, NamedTuple

import attrs

from cardrules import args
from cardrules.cards import Card, Rank
from cardrules.errors import CardrulesError, Illegal, IllegalMoveError, PositionError
from cardrules.game import Derives, Judge
from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document
from cardrules.legal import LegalMoves
from cardrules.limits import quote
from cardrules.multiset import Cards
from cardrules.notation import MoveText, for_seat
from cardrules.siyaosi import tribute
from cardrules.siyaosi.bounds import score_bound
from cardrules.siyaosi.levels import after_round
from cardrules.siyaosi.match.record import MAX_ROUNDS, MatchResult, read_levels, read_score
from cardrules.siyaosi.match.state import Match, Phase, explain_in_phase, no_move, parse_phase_move
from cardrules.siyaosi.moves import Move, MoveKind, Top
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.result import round_result
from cardrules.siyaosi.tribute import Exchange, Step
from cardrules.siyaosi.variant import Variant
from cardrules.siyaosi.view import View, read_view
from cardrules.variant import read_variant

__all__ = ["MatchView"]

#: What a seat reveals to rebel or to suppress a rebellion.
_JOKERS = Cards.parse("SJ BJ")
#: The ``derived`` argument of a view the library made from a match (nothing to check).
_TRUSTED: tuple[object, ...] = ()


@attrs.frozen(kw_only=True)
class MatchView(Derives, Judge[Move]):
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
        args.instance(match, Match, "match")
        seat = args.seat(seat, match.players)
        return cls(
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

    def _check(self) -> tuple[object, ...]:
        check_view(self)
        return ()

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
        if seat is not None:
            seat = args.seat(seat, self.players)
        ex = self.exchange
        listed: list[Move] = []
        if ex is not None and ex.turn == self.seat and seat in (None, self.seat):
            listed = tribute.moves_for(ex, self.seat, self.hand)
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
                "last_finish": list(self.last_finish),
                "phase": self.phase.value,
                "turn": self.turn,
                "hand": str(self.hand),
                "hand_sizes": list(self.hand_sizes),
                "tribute": None if self.exchange is None else exchange_json(self.exchange),
                "play": None if self.play is None else self.play.nested_json(),
                "result": None if self.result is None else self.result.body(),
            },
        )

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> MatchView:
        """Read what :meth:`to_json` wrote, refusing (one :class:`CardrulesError` naming the
        field) a view no match could show its seat: every field is read strictly, the tribute
        phase is replayed from the last finishing order and the play view's trick from its
        start, and the fields that follow from them must agree. ``MatchView.from_json(
        view.to_json()) == view``, and the view read acts for its seat as the one written."""
        reader = open_document(data, "siyaosi", "match-view")
        variant = read_variant(reader, "variant", Variant)
        players, decks = variant.players, variant.decks
        seat = reader.integer("seat", 0, players - 1)
        number = reader.integer("round", 1, MAX_ROUNDS)
        levels = read_levels(reader, "levels")
        ruling = reader.opt_integer("ruling", 0, 1)
        score = read_score(reader, "score", variant, number - 1)
        last_finish = reader.ints("last_finish", None, 0, players - 1)
        phase = reader.enum("phase", Phase)
        hand = reader.cards("hand", decks)
        sizes = reader.ints("hand_sizes", players, 0, variant.total_cards)
        with reader.reading():
            table = Table(variant, levels, ruling)
        exchange = None
        if reader.raw("tribute") is not None:
            exchange = _read_exchange(reader, table, seat, last_finish)
        play = None
        if reader.raw("play") is not None:
            sub = reader.nested("play", "siyaosi", "view")
            play = read_view(sub, variant)
            sub.done()
        result = None
        if reader.raw("result") is not None:
            sub = reader.sub("result")
            result = MatchResult.read(sub, variant)
            sub.done()
        with reader.reading():
            view = cls(
                seat=seat,
                variant=variant,
                round=number,
                levels=levels,
                ruling=ruling,
                score=score,
                last_finish=last_finish,
                phase=phase,
                hand=hand,
                hand_sizes=sizes,
                exchange=exchange,
                play=play,
                result=result,
            )
        reader.derived({"turn": view.turn}, ("turn",), "does not follow from the other fields")
        reader.done()
        return view


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


# ---------------------------------------------------------------------- checking a view
class Seen(NamedTuple):
    """Where a tribute phase stands as a seat sees it: the step and the seat in turn, the rebel
    and the suppressor, the tributes paid ``(payer, card)`` and the returns ``(receiver, payer,
    card)`` (``None``: a card the seat does not see)."""

    step: Step
    turn: int | None
    rebel: int | None
    suppressor: int | None
    paid: tuple[tuple[int, Cards], ...]
    returned: tuple[tuple[int, int, Cards | None], ...]

    @classmethod
    def of(cls, ex: Exchange) -> Seen:
        return cls(ex.step, ex.turn, ex.rebel, ex.suppressor, ex.paid, ex.returned)


def rebuild_exchange(table: Table, seat: int, finish: tuple[int, ...], seen: Seen) -> Exchange:
    """The tribute phase as ``seat`` sees it, replayed from the last round's ``finish`` up to
    where ``seen`` stands, each move checked by :func:`cardrules.siyaosi.tribute.explain`
    against the cards it shows; raises :class:`PositionError` (key ``tribute``) when no tribute
    phase reaches it, or when a return this seat gave or took is hidden from it, 4A4-MATCH-4
    (What a seat sees in a match)."""
    variant = table.variant
    try:
        last = round_result(variant.players, finish, None)
    except CardrulesError as err:
        raise PositionError(str(err), key="last_finish") from None
    ex = Exchange.start(variant, table, tribute.dues(variant, last))
    target = (*seen[:4], len(seen.paid), len(seen.returned))
    for _ in range(4 * variant.players + 1):  # each seat acts at most once per step
        if (ex.step, ex.turn, ex.rebel, ex.suppressor, len(ex.paid), len(ex.returned)) == target:
            return ex.masked(seat)
        move, shown = _next_move(ex, seen, seat)
        reason = tribute.explain(ex, move, shown)
        if reason is not None:
            raise PositionError(f"{move} cannot be: {reason}", key="tribute")
        ex = ex.after(move)
    raise PositionError("no tribute phase after this finishing order stands here", key="tribute")


def _next_move(ex: Exchange, seen: Seen, seat: int) -> tuple[Move, Cards]:
    """The move the seat in turn made to lead towards ``seen``, and the cards it showed."""
    mover = ex.turn
    if mover is None:
        raise PositionError("the tribute phase ended before this", key="tribute")
    pass_move = Move(mover, MoveKind.PASS)
    if ex.step is Step.REBEL:
        if seen.rebel == mover:
            return Move(mover, MoveKind.REBEL), _JOKERS
        return pass_move, Cards()
    if ex.step is Step.SUPPRESS:
        if seen.suppressor == mover:
            return Move(mover, MoveKind.SUPPRESS), _JOKERS
        return pass_move, Cards()
    if ex.step is Step.TRIBUTE:
        if len(ex.paid) >= len(seen.paid) or seen.paid[len(ex.paid)][0] != mover:
            raise PositionError(f"seat {mover} pays the next tribute", key="tribute.paid")
        cards = seen.paid[len(ex.paid)][1]
        return (Move(mover, MoveKind.TRIBUTE, cards), cards) if cards else (pass_move, Cards())
    if len(ex.returned) >= len(seen.returned) or seen.returned[len(ex.returned)][0] != mover:
        raise PositionError(f"seat {mover} makes the next return", key="tribute.returned")
    payer, _receiver, taken = ex.pairs[ex.asked]
    card = seen.returned[len(ex.returned)][2]
    if card is None:
        if seat in (mover, payer):
            raise PositionError(
                f"seat {seat} gave or took this return: it sees its card", key="tribute.returned"
            )
        card = taken  # a card the receiver may give, standing for the one this seat cannot see
    return Move(mover, MoveKind.RETURN, card), card


def check_view(view: MatchView) -> None:
    """Raise :class:`PositionError` naming the field if no match could show ``view.seat`` this
    view, 4A4-MATCH-4 (What a seat sees in a match)."""
    variant = view.variant
    if not isinstance(variant, Variant):
        raise PositionError("a 四幺四 Variant is needed", key="variant")
    players = variant.players
    seat = view.seat
    if type(seat) is not int or not 0 <= seat < players:
        raise PositionError(f"a seat 0..{players - 1}, got {quote(seat)}", key="seat")
    if type(view.round) is not int or not 1 <= view.round <= MAX_ROUNDS:
        raise PositionError(f"an integer 1..{MAX_ROUNDS}", key="round")
    table = Table(variant, view.levels, view.ruling)  # checks the levels and the ruling team
    score = view.score
    if not isinstance(score, tuple) or len(score) != 2 or not all(type(x) is int for x in score):
        raise PositionError("one integer per team", key="score")
    most = score_bound(variant, view.round - 1)
    if any(abs(x) > most for x in score):
        why = f"{view.round - 1} round(s) score at most {quote(most)} here"
        raise PositionError(why, key="score")
    if not isinstance(view.phase, Phase):
        raise PositionError("a Phase", key="phase")
    hand, sizes = view.hand, view.hand_sizes
    if not isinstance(hand, Cards):
        raise PositionError("a Cards is needed", key="hand")
    try:
        hand.check_within(variant.decks)
    except CardrulesError as err:
        raise PositionError(str(err), key="hand") from None
    if (
        not isinstance(sizes, tuple)
        or len(sizes) != players
        or not all(type(n) is int and 0 <= n <= variant.total_cards for n in sizes)
    ):
        raise PositionError(f"one card count per seat ({players})", key="hand_sizes")
    if sizes[seat] != len(hand):
        raise PositionError(f"seat {seat} holds {len(hand)} cards", key="hand_sizes")
    _check_exchange(view, table)
    _check_play(view, table)
    _check_result(view)


def _check_exchange(view: MatchView, table: Table) -> None:
    ex = view.exchange
    finish = view.last_finish
    if not isinstance(finish, tuple) or not all(type(s) is int for s in finish):
        raise PositionError("a tuple of seats", key="last_finish")
    if (ex is None) != (not finish):
        raise PositionError("a round after another (and only such a round) has a tribute phase",
                            key="tribute")  # fmt: skip
    if ex is None:
        return
    if not isinstance(ex, Exchange) or ex.variant != view.variant or ex.table != table:
        raise PositionError("the tribute phase of this round's table", key="tribute")
    if (view.phase is Phase.TRIBUTE) == ex.done:
        raise PositionError(f"the tribute phase is over only after it, not in the {view.phase}"
                            " phase", key="tribute")  # fmt: skip
    if rebuild_exchange(table, view.seat, view.last_finish, Seen.of(ex)) != ex:
        raise PositionError("does not follow from the last finishing order", key="tribute")


def _check_play(view: MatchView, table: Table) -> None:
    play = view.play
    if play is None:
        if view.phase is not Phase.TRIBUTE:
            raise PositionError(f"the {view.phase} phase shows the play", key="play")
        return
    if view.phase is Phase.TRIBUTE:
        raise PositionError("the play waits for the tribute", key="play")
    if not isinstance(play, View) or play.table != table or play.seat != view.seat:
        raise PositionError("the play view of this seat at this round's table", key="play")
    if play.hand != view.hand or play.hand_sizes != view.hand_sizes:
        raise PositionError("the hands are the play view's", key="hand")
    if play.is_over != (view.phase is Phase.OVER):
        raise PositionError("a round that is over ends the match, and only then", key="play")


def _check_result(view: MatchView) -> None:
    """A won match's result follows from its last round: who went out in which order, and the
    levels and winner that leaves (the score counts the round's bombs, which a view no longer
    shows: it is read as given)."""
    won = view.result
    if won is None:
        if view.phase is Phase.OVER:
            raise PositionError("a won match has a result", key="result")
        return
    if view.phase is not Phase.OVER or not isinstance(won, MatchResult) or view.play is None:
        raise PositionError("only a won match has a result", key="result")
    most = score_bound(view.variant, view.round)
    if any(type(x) is not int or abs(x) > most for x in won.score):
        raise PositionError(f"{view.round} round(s) score at most {quote(most)} here", key="result")
    last = round_result(view.variant.players, view.play.out, view.ruling)
    standing = after_round(view.variant, view.levels, view.ruling, last)
    if (won.rounds, won.last, won.levels, won.winner) != (
        view.round,
        last,
        standing.levels,
        standing.winner,
    ):
        raise PositionError("does not follow from the last round", key="result")


def _read_exchange(document: Reader, table: Table, seat: int, finish: tuple[int, ...]) -> Exchange:
    """The tribute phase of a match view document (its field ``tribute``): read strictly,
    replayed from the last finishing order, and compared with every field written."""
    reader = document.sub("tribute")
    variant = table.variant
    players, decks = variant.players, variant.decks
    paid = []
    for path, value in reader.items("paid", players):
        item = reader.element(path, value)
        paid.append((item.integer("seat", 0, players - 1), item.cards("cards", decks)))
        item.done()
    returned = []
    for path, value in reader.items("returned", players):
        item = reader.element(path, value)
        giver = item.integer("receiver", 0, players - 1)
        taker = item.integer("payer", 0, players - 1)
        card = None if item.raw("cards") is None else item.cards("cards", decks)
        returned.append((giver, taker, card))
        item.done()
    seen = Seen(
        step=reader.enum("step", Step),
        turn=reader.opt_integer("turn", 0, players - 1),
        rebel=reader.opt_integer("rebel", 0, players - 1),
        suppressor=reader.opt_integer("suppressor", 0, players - 1),
        paid=tuple(paid),
        returned=tuple(returned),
    )
    with document.reading():
        ex = rebuild_exchange(table, seat, finish, seen)
    written = exchange_json(ex)
    reader.derived(written, written, "does not follow from the tribute phase")
    reader.done()
    return ex
