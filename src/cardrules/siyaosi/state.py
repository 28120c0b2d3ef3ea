"""The 四幺四 play phase as an immutable :class:`State`.

A state is the table (variant, levels, ruling team), every hand, who is out, who led the current
trick and the trick's moves so far; the top of the trick, whose turn it is and the passes in a
row follow from them (they are rebuilt, never read, when a state is built from data).

Legality is written once, in :func:`cardrules.siyaosi.rules.explain`; :meth:`State.explain`,
:meth:`State.is_legal`, :meth:`State.apply` and :meth:`State.legal_moves` derive from it, and a
:class:`~cardrules.siyaosi.view.View` answers the same for its seat.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from typing import ClassVar

import attrs

from cardrules import args
from cardrules.cards import Card, Rank, Suit
from cardrules.deck import deal
from cardrules.errors import CardrulesError, Illegal, IllegalMoveError, PositionError
from cardrules.events import Event
from cardrules.game import Derives, Steps
from cardrules.implements import implements
from cardrules.jsonio import JSON, JSONObject, document, open_document
from cardrules.legal import LegalMoves
from cardrules.limits import quote
from cardrules.move import EMPTY
from cardrules.multiset import Cards, rank_counts
from cardrules.notation import MoveText
from cardrules.position import Position
from cardrules.siyaosi import rules
from cardrules.siyaosi.codes import PLAY_CODES
from cardrules.siyaosi.movegen import generate
from cardrules.siyaosi.moves import PASS, Move, Top
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.result import RoundResult, round_result
from cardrules.siyaosi.rules import RoundFacts
from cardrules.siyaosi.trick import advance, is_over, replay
from cardrules.siyaosi.variant import FirstLeader, FirstRuling, Variant
from cardrules.siyaosi.view import View, made_view, read_table, read_trick
from cardrules.slots import builder, setter
from cardrules.tracker import check_played, laid, read_played
from cardrules.variant import variant_of

__all__ = ["State", "deal_sizes", "first_leader", "heart_three_holder"]

_Derived = tuple[int | None, Top | None, int]


@implements("4A4-TABLE-3")
def deal_sizes(variant: Variant) -> list[int]:
    """Cards per seat in a deal, 4A4-TABLE-3 (Dealing): even, the first seats one more when the
    cards do not divide."""
    total = variant.total_cards
    n = variant.players
    return [total // n + (1 if i < total % n else 0) for i in range(n)]


@implements("4A4-TABLE-4")
def first_leader(variant: Variant, hands: Sequence[Cards]) -> int:
    """Who leads a freshly dealt first round, 4A4-TABLE-4 (Who leads the first trick): seat 0,
    or the lowest seat holding a 3♥ (every deal holds one)."""
    if variant.first_leader is FirstLeader.HEART_THREE:
        return heart_three_holder(hands)
    return 0


def heart_three_holder(hands: Sequence[Cards]) -> int:
    """The lowest-numbered seat holding a 3♥ (every deal holds one, and a tribute exchange
    moves cards between hands without taking any off the table); a position of short hands
    may hold none, and is refused (:class:`~cardrules.errors.PositionError`, key ``hands``)."""
    three = Card(Rank.THREE, Suit.HEARTS)
    holder = next((s for s, h in enumerate(hands) if h.count(three)), None)
    if holder is None:
        raise PositionError("no hand holds 3♥, and the holder of 3♥ leads here", key="hands")
    return holder


def _levels(levels: Sequence[Rank | str] | None, variant: Variant) -> tuple[Rank, Rank]:
    if levels is None:
        return (variant.start_level, variant.start_level)
    if not isinstance(levels, list | tuple) or len(levels) != 2:
        raise PositionError("one level per team, e.g. ('2', '5')", key="levels")
    out = []
    for level in levels:
        rank = level if isinstance(level, Rank) else _rank(level)
        if rank.is_joker:
            raise PositionError(f"a level is a rank 2 … A, not {rank}", key="levels")
        out.append(rank)
    return (out[0], out[1])


def _rank(text: object) -> Rank:
    if not isinstance(text, str) or len(text) > 2:
        raise PositionError(f"a level is a rank 2 … A, got {quote(text)}", key="levels")
    try:
        return Rank.parse(text)
    except CardrulesError:
        raise PositionError(f"a level is a rank 2 … A, got {text!r}", key="levels") from None


@attrs.frozen
class State(Derives, RoundFacts, Steps[Move]):
    """The play phase of one round. Immutable: :meth:`apply` returns the next state.

    ``leader`` led the current trick (or leads the next one while the trick is empty); ``trick``
    holds its moves so far. ``turn`` (the seat whose normal turn it is; out-of-turn chain steps
    and captures are open to every seat holding cards; ``None`` once the round is over),
    ``top`` and ``passes`` (in a row since the last play) follow from them. ``played`` holds
    the cards each seat laid in the round's finished tricks (public: every seat saw them land;
    empty per seat for a position whose past is not given), what the seats' card trackers
    (:attr:`View.tracker`) are made of.

    The constructor checks that the state can exist, 4A4-POS-1 (Positions): one hand per seat,
    no card more often than the decks hold, every empty hand out and no other, a leader holding
    cards, a trick the rules could have produced from its start.
    """

    DERIVED: ClassVar[tuple[str, ...]] = ("turn", "top", "passes")

    table: Table
    hands: tuple[Cards, ...]
    leader: int
    out: tuple[int, ...] = ()
    trick: tuple[Move, ...] = ()
    played: tuple[Cards, ...] = ()
    _derived: _Derived | None = attrs.field(default=None, eq=False, repr=False, alias="derived")
    turn: int | None = attrs.field(init=False, eq=False)
    top: Top | None = attrs.field(init=False, eq=False)
    passes: int = attrs.field(init=False, eq=False)
    _moves: list[Move] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    #: Every hand's cards per face rank (:func:`~cardrules.multiset.rank_counts`), made when
    #: moves are first listed and carried on by ``apply`` (only the mover's row changes).
    _ranks: tuple[tuple[int, ...], ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )
    #: The hand sizes, kept with the rank counts (a view shows them).
    _sizes: tuple[int, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def _check(self) -> _Derived:
        """Validate a state built from outside (not by :meth:`apply`) and rebuild the top, the
        turn and the passes by replaying the trick."""
        table = self.table
        if not isinstance(table, Table):
            raise PositionError("a Table (variant, levels, ruling team) is needed", key="table")
        variant = table.variant
        players = variant.players
        hands = self.hands
        if not isinstance(hands, tuple) or len(hands) != players:
            raise PositionError(f"one hand per seat ({players} seats)", key="hands")
        if not all(isinstance(h, Cards) for h in hands):
            raise PositionError("every hand is a Cards", key="hands")
        if not isinstance(self.trick, tuple) or not all(isinstance(m, Move) for m in self.trick):
            raise PositionError("the trick is a tuple of 四幺四 moves", key="trick")
        if not isinstance(self.out, tuple) or any(
            isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players for s in self.out
        ):
            raise PositionError(f"seats 0..{players - 1}", key="out")
        if len(set(self.out)) != len(self.out):
            raise PositionError("a seat is listed twice", key="out")
        leader = self.leader
        if isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < players:
            raise PositionError(f"a seat 0..{players - 1}, got {quote(leader)}", key="leader")
        for seat, move in enumerate(self.trick):
            if not 0 <= move.seat < players:
                raise PositionError(f"move {seat + 1} names seat {move.seat}", key="trick")
        played = check_played(self.played, players)
        if played is not self.played:
            object.__setattr__(self, "played", played)
        on_table = sum((m.cards for m in self.trick), Cards())
        total = sum(hands, Cards()) + on_table + sum(played, Cards())
        try:
            total.check_within(variant.decks)
        except CardrulesError as err:
            raise PositionError(str(err), key="hands") from None
        most = max(deal_sizes(variant))
        for seat, hand in enumerate(hands):
            held = len(hand) + sum(len(m.cards) for m in self.trick if m.seat == seat)
            held += len(played[seat])
            if held > most:
                raise PositionError(
                    f"seat {seat} holds {held} cards; a deal gives at most {most}", key="hands"
                )
        sit = replay(table, self.hand_sizes, self.out, leader, self.trick, lambda s: self.hands[s])
        return sit.turn, sit.top, sit.passes

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        variant: Variant | str = "classic",
        *,
        seed: int,
        levels: Sequence[Rank | str] | None = None,
        ruling: int | None = None,
        leader: int | None = None,
    ) -> State:
        """A freshly dealt round, 4A4-TABLE-3 (Dealing), 4A4-TABLE-4 (Who leads the first
        trick). ``levels`` are the teams' levels (default: the variant's start level), as ranks
        or text; ``ruling`` the ruling team (``None``: nobody rules)."""
        v = _variant(variant)
        seed = args.seed(seed, error=PositionError)
        if leader is not None and (
            isinstance(leader, bool) or not isinstance(leader, int) or not 0 <= leader < v.players
        ):
            raise PositionError(
                f"a seat 0..{v.players - 1}, got {args.shown(leader)}", key="leader"
            )
        if ruling is not None and (type(ruling) is not int or ruling not in (0, 1)):
            raise PositionError(f"team 0, team 1 or None, got {args.shown(ruling)}", key="ruling")
        hands, _ = deal(v.decks, seed, deal_sizes(v))
        if leader is None:
            leader = first_leader(v, hands)
            if ruling is None and v.first_ruling is FirstRuling.LEADER:
                ruling = leader % 2
        return cls(Table(v, _levels(levels, v), ruling), tuple(hands), leader)

    @classmethod
    @implements("4A4-POS-1")
    def from_position(cls, position: Position) -> State:
        """The state a case's ``[position]`` describes (the start of a trick), 4A4-POS-1
        (Positions)."""
        args.instance(position, Position, "position")
        if position.game != "siyaosi":
            raise PositionError("this is the 四幺四 engine", key="game")
        position.refuse("trump", "banker", "kitty", "points")
        if position.phase != "play":
            raise PositionError(
                f"a round's play state starts in phase 'play', not {quote(position.phase)} "
                "(a tribute phase is a match's: Match.from_position)",
                key="phase",
            )
        position.require("hands")
        variant = position.variant
        assert isinstance(variant, Variant)
        hands = position.hands
        out = tuple(position.out) + tuple(
            s for s, h in enumerate(hands) if not h and s not in position.out
        )
        levels = _levels(position.levels or None, variant)
        table = Table(variant, levels, position.ruling)
        if position.leader is None:
            if not is_over(variant.players, out):
                raise PositionError("who leads the next trick?", key="leader")
            return cls(table, hands, 0, out)
        if not hands[position.leader]:
            raise PositionError(f"seat {position.leader} holds no cards", key="leader")
        return cls(table, hands, position.leader, out)

    # ------------------------------------------------------------------ basic queries
    def result(self) -> RoundResult:
        """The finished round's result (finishing order, level changes, score); a
        :class:`~cardrules.errors.CardrulesError` with code ``not-over`` before the round ends."""
        if not self.is_over:
            raise CardrulesError("the round is not over yet", code="not-over")
        return round_result(self.players, self.out, self.ruling)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, by seat."""
        sizes = self._sizes
        return tuple(map(sum, map(_counts, self.hands))) if sizes is None else sizes

    # ------------------------------------------------------------------ legality
    def explain(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal here, or ``None`` if it is legal."""
        try:
            hand = self.hands[move.seat]
        except (AttributeError, IndexError, TypeError):
            hand = EMPTY  # not a move, or no such seat: rules.explain says which
        return rules.explain(self, move, hand)

    def _legal_grounds(self, move: Move) -> tuple[str, ...]:
        return rules.grounds(self, move)

    def legal_moves(self, seat: int | None = None) -> LegalMoves[Move]:
        """Every legal move of every seat that may act now (or only ``seat``'s), in a stable
        sorted order. Where several concrete card choices have the same effect, one canonical
        choice is listed, 4A4-MOVES-1 (What `legal_moves` lists); :meth:`explain` and
        :meth:`apply` accept every choice."""
        if seat is None:
            return LegalMoves(lambda: iter(self._listed()), self.explain, Move)
        if type(seat) is not int or not 0 <= seat < len(self.hands):
            seat = args.seat(seat, self.players)
        return LegalMoves(lambda: iter(self._listed_for(seat)), self.explain, Move)

    def _rank_counts(self) -> tuple[tuple[int, ...], ...]:
        ranks = self._ranks
        if ranks is None:
            ranks = tuple(tuple(rank_counts(h.counts)) for h in self.hands)
            _ranks(self, ranks)
            _sizes(self, tuple(map(sum, ranks)))
        return ranks

    def _listed(self) -> list[Move]:
        moves = self._moves
        if moves is None:
            hands = self.hands
            moves = generate(self, zip(range(len(hands)), hands, self._rank_counts(), strict=True))
            _moves(self, moves)
        return moves

    def _listed_for(self, seat: int) -> list[Move]:
        """``seat``'s moves: taken from the full listing when it is made, else generated for
        that seat alone, as its :class:`View` generates them (the generator treats every seat
        on its own, so both agree with the full listing; the property tests check it)."""
        moves = self._moves
        hands = self.hands
        if moves is None and type(seat) is int and 0 <= seat < len(hands):
            hand = hands[seat]
            ranks = self._ranks
            # a seat's own counts when the others' are not known yet: a seat asks for its
            # moves, not the table's
            rc = tuple(rank_counts(hand.counts)) if ranks is None else ranks[seat]
            return generate(self, ((seat, hand, rc),))
        return [m for m in self._listed() if m.seat == seat]

    def random_move(self, rng: random.Random, seat: int | None = None) -> Move:
        """A legal move drawn uniformly from :meth:`legal_moves` (for simulations)."""
        args.rng(rng)
        moves = self._listed() if seat is None else list(self.legal_moves(seat))
        if not moves:
            raise IllegalMoveError(PLAY_CODES.refuse("round-over", "no seat has a move now"))
        return moves[rng.randrange(len(moves))]

    def parse_move(self, text: MoveText | str) -> Move:
        """The move a case-file text names here, 4A4-MOVES-2 (Reading a move)."""
        return rules.parse_move(self, text)

    # ------------------------------------------------------------------ applying
    def _known_legal(self, move: Move) -> bool:
        """A move taken from this state's own listing is known to be legal (``explain`` says
        ``None`` for every listed move, a property the tests check)."""
        moves = self._moves
        return moves is not None and any(map(operator.is_, moves, repeat(move)))

    def _apply(self, move: Move, sink: list[Event] | None) -> State:
        seat = move.seat
        hands = self.hands
        ranks = self._ranks
        sizes = self._sizes
        left = 1  # only whether the mover holds cards matters, unless events are wanted
        moved = None
        if move.kind is not PASS:  # every other legal move plays cards
            cards = move.cards
            counts = tuple(map(operator.sub, hands[seat].counts, cards.counts))
            hands = (*hands[:seat], Cards.unchecked(counts), *hands[seat + 1 :])
            moved = rank_counts(cards.counts)
            if ranks is not None and sizes is not None:
                row = tuple(map(operator.sub, ranks[seat], moved))
                ranks = (*ranks[:seat], row, *ranks[seat + 1 :])
                left = sum(row)
                sizes = (*sizes[:seat], left, *sizes[seat + 1 :])
            else:
                left = sum(counts) if sink is not None else any(counts)
        out, leader, turn, top, passes, trick = advance(self, move, left, sink, moved)
        played = self.played
        if not trick:  # the trick is over: its cards join what every seat saw played
            played = laid(played, (*self.trick, move))
        return _made(self.table, hands, leader, out, trick, played, turn, top, passes, ranks, sizes)

    # ------------------------------------------------------------------ views and JSON
    @implements("4A4-VIEW-1")
    def view(self, seat: int) -> View:
        """What ``seat`` may know, 4A4-VIEW-1 (What a seat may know)."""
        hands = self.hands
        if type(seat) is not int or not 0 <= seat < len(hands):
            seat = args.seat(seat, self.players)
        ranks = self._ranks
        return made_view(
            seat,
            self.table,
            hands[seat],
            self.hand_sizes,
            self.out,
            self.leader,
            self.trick,
            self.played,
            self.top,
            self.turn,
            self.passes,
            None if ranks is None else ranks[seat],
        )

    def to_json(self) -> JSONObject:
        """The state as a document; the top, turn and passes are written for readers' sake and
        checked against the trick when read back."""
        return document(
            "siyaosi",
            "state",
            {
                "variant": self.variant.to_json(),
                "levels": [r.text for r in self.levels],
                "ruling": self.ruling,
                "hands": [str(h) for h in self.hands],
                "out": list(self.out),
                "leader": self.leader,
                "trick": [m.fields_json() for m in self.trick],
                "played": [str(c) for c in self.played],
                "top": None if self.top is None else str(self.top.cards),
                "turn": self.turn,
                "passes": self.passes,
            },
        )

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> State:
        """Read what :meth:`to_json` wrote, refusing (one :class:`CardrulesError` naming the
        field) any state that could not exist."""
        reader = open_document(data, "siyaosi", "state")
        table = read_table(reader)
        variant = table.variant
        hands = reader.each("hands", 8, lambda path, v: reader.cards_value(path, v, variant.decks))
        out = reader.ints("out", None, 0, variant.players - 1)
        leader = reader.integer("leader", 0, variant.players - 1)
        trick = read_trick(reader, variant.decks)
        played = read_played(reader, variant.players, variant.decks)
        with reader.reading():
            state = cls(table, hands, leader, out, trick, played)
        reader.derived(state.to_json(), ("top", "turn", "passes"), "does not follow from the trick")
        reader.done()
        return state


_counts = operator.attrgetter("counts")
_moves = setter(State, "_moves")
_ranks = setter(State, "_ranks")
_sizes = setter(State, "_sizes")

#: A state the library knows to be consistent (the hot path of ``apply``): ``_made(table,
#: hands, leader, out, trick, turn, top, passes, ranks, sizes)``, its slots filled directly
#: without the constructor's checks.
_made: Callable[
    [
        Table,
        tuple[Cards, ...],
        int,
        tuple[int, ...],
        tuple[Move, ...],
        tuple[Cards, ...],
        int | None,
        Top | None,
        int,
        tuple[tuple[int, ...], ...] | None,
        tuple[int, ...] | None,
    ],
    State,
] = builder(
    State,
    (
        "table",
        "hands",
        "leader",
        "out",
        "trick",
        "played",
        "turn",
        "top",
        "passes",
        "_ranks",
        "_sizes",
    ),
    {"_derived": None, "_moves": None},
)


def _variant(variant: Variant | str) -> Variant:
    return variant_of(Variant, variant)
