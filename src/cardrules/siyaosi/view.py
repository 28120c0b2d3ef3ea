"""What one 四幺四 seat may know, and the moves it can make from there, 4A4-VIEW-1 (What a seat
may know), CORE-VIEW-1 (Views act for their seat)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import attrs

from cardrules.cards import Card
from cardrules.errors import CardrulesError, Illegal, IllegalMoveError
from cardrules.game import Judge
from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document
from cardrules.legal import LegalMoves
from cardrules.multiset import Cards, rank_counts
from cardrules.notation import MoveText
from cardrules.siyaosi import rules
from cardrules.siyaosi.combos import Table
from cardrules.siyaosi.movegen import generate
from cardrules.siyaosi.moves import Move, Top
from cardrules.siyaosi.rules import TableFacts
from cardrules.siyaosi.trick import replay
from cardrules.siyaosi.variant import Variant
from cardrules.slots import builder, setter
from cardrules.variant import read_variant

__all__ = ["View", "made_view"]


@attrs.frozen(kw_only=True)
class View(TableFacts, Judge[Move]):
    """What ``seat`` may know: its own hand, every seat's card count and the announcements, the
    trick so far, the top, levels and ruling team, whose turn it is, and who is out — never
    another seat's cards.

    A view acts for its seat: :meth:`legal_moves`, :meth:`explain` and :meth:`is_legal` answer
    from what the seat sees, exactly as the state would for that seat. Build one with
    ``state.view(seat)`` or :meth:`from_json` (which checks the trick could have been played).
    """

    seat: int
    table: Table
    hand: Cards
    hand_sizes: tuple[int, ...]
    out: tuple[int, ...]
    leader: int
    trick: tuple[Move, ...]
    top: Top | None = attrs.field(eq=False)
    turn: int | None = attrs.field(eq=False)
    passes: int = attrs.field(eq=False)
    _moves: list[Move] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    #: The hand's cards per face rank, when the state that made the view knew them.
    _ranks: tuple[int, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def arranged_hand(self) -> tuple[tuple[Card, ...], ...]:
        """The hand in groups of equal strength, weakest first: a level card sits where this
        seat plays it (4A4-RANK-2 (The level card))."""
        strength = self.table.strength
        return self.hand.arranged(lambda c: (strength(c.rank, self.seat), c.index))

    # ------------------------------------------------------------------ acting for the seat
    def _hand_of(self, seat: int) -> Cards | None:
        return self.hand if seat == self.seat else None

    def explain(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal, or ``None``; moves of other seats are refused
        (``not-viewing-seat``): this seat cannot know their hands."""
        seat = move.seat if isinstance(move, Move) else -1
        return rules.explain(self, move, self._hand_of(seat))

    def _listed(self) -> list[Move]:
        moves = self._moves
        if moves is None:
            hand = self.hand
            ranks = self._ranks
            if ranks is None:
                ranks = tuple(rank_counts(hand.counts))
            moves = generate(self, ((self.seat, hand, ranks),))
            _v_moves(self, moves)
        return moves

    def _legal_grounds(self, move: Move) -> tuple[str, ...]:
        return rules.grounds(self, move)

    def legal_moves(self, seat: int | None = None) -> LegalMoves[Move]:
        """This seat's legal moves, in the state's order (another ``seat`` has none here)."""
        if seat is not None and seat != self.seat:
            return LegalMoves(lambda: iter(()), self.explain, Move)
        return LegalMoves(lambda: iter(self._listed()), self.explain, Move)

    def random_move(self, rng: random.Random, seat: int | None = None) -> Move:
        """One of this seat's legal moves, drawn uniformly."""
        moves = list(self.legal_moves(seat))
        if not moves:
            raise IllegalMoveError(
                rules.CODES.refuse("round-over", f"seat {self.seat} has no move now")
            )
        return moves[rng.randrange(len(moves))]

    def parse_move(self, text: MoveText | str) -> Move:
        """The move written as ``text`` (``"SEAT: CARDS"``), with its kind worked out from what the
        seat sees."""
        return rules.parse_move(self, text)

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> JSONObject:
        """The view as a JSON document (``type = "view"``, schema ``siyaosi.view``): the seat's
        hand, every seat's card count, the trick and the public facts of the round."""
        return document(
            "siyaosi",
            "view",
            {
                "seat": self.seat,
                "variant": self.table.variant.to_json(),
                "levels": [r.text for r in self.levels],
                "ruling": self.ruling,
                "hand": str(self.hand),
                "hand_sizes": list(self.hand_sizes),
                "announced": list(self.announced),
                "out": list(self.out),
                "leader": self.leader,
                "trick": [m.fields_json() for m in self.trick],
                "top": None if self.top is None else str(self.top.cards),
                "turn": self.turn,
                "passes": self.passes,
            },
        )

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> View:
        """Read what :meth:`to_json` wrote, checking that it could be: the trick is replayed
        from its start, and the top, turn, passes and announcements must agree with it."""
        reader = open_document(data, "siyaosi", "view")
        table = read_table(reader)
        players = table.variant.players
        seat = reader.integer("seat", 0, players - 1)
        hand = reader.cards("hand", table.variant.decks)
        sizes = reader.ints("hand_sizes", players, 0, table.variant.total_cards)
        if sizes[seat] != len(hand):
            raise reader.bad("hand_sizes", list(sizes), f"seat {seat} holds {len(hand)} cards")
        out = reader.ints("out", None, 0, players - 1)
        leader = reader.integer("leader", 0, players - 1)
        trick = read_trick(reader, table.variant.decks)
        with reader.reading():
            sit = replay(table, sizes, out, leader, trick, lambda s: hand if s == seat else None)
        view = cls(
            seat=seat,
            table=table,
            hand=hand,
            hand_sizes=sizes,
            out=out,
            leader=leader,
            trick=trick,
            top=sit.top,
            turn=sit.turn,
            passes=sit.passes,
        )
        for key in ("announced", "top", "turn", "passes"):
            given = reader.raw(key)
            if given != view.to_json()[key]:
                raise reader.bad(key, given, "does not follow from the trick")
        reader.done()
        return view


_v_moves = setter(View, "_moves")

#: A view of a state the library knows to be consistent (``state.view``): ``made_view(seat,
#: table, hand, hand_sizes, out, leader, trick, top, turn, passes, ranks)``, its slots filled
#: directly, ``ranks`` being the hand's rank counts when known.
made_view: Callable[
    [
        int,
        Table,
        Cards,
        tuple[int, ...],
        tuple[int, ...],
        int,
        tuple[Move, ...],
        Top | None,
        int | None,
        int,
        tuple[int, ...] | None,
    ],
    View,
] = builder(
    View,
    (
        "seat",
        "table",
        "hand",
        "hand_sizes",
        "out",
        "leader",
        "trick",
        "top",
        "turn",
        "passes",
        "_ranks",
    ),
    {"_moves": None},
)


def read_table(reader: Reader) -> Table:
    """The variant, levels and ruling team of a state or view document."""
    variant = read_variant(reader, "variant", Variant)
    levels = reader.items("levels", 2)
    if len(levels) != 2:
        raise reader.bad("levels", len(levels), "one level per team")
    ranks = tuple(reader.rank_value(path, value) for path, value in levels)
    ruling = reader.opt_integer("ruling", 0, 1)
    with reader.reading():
        return Table(variant, (ranks[0], ranks[1]), ruling)


def read_trick(
    reader: Reader, decks: int, key: str = "trick", limit: int = 256
) -> tuple[Move, ...]:
    """The trick so far (or, with ``key``, another list of moves): moves as fragments
    ``{"seat", "kind", "cards"}``, at most ``limit`` of them."""
    out = []
    for path, value in reader.items(key, limit):
        item = reader.element(path, value)
        try:
            move = Move.read_fields(item.raw("seat"), item.raw("kind"), item.raw("cards"), decks)
        except CardrulesError as err:
            raise reader.bad(path, value, str(err)) from None
        item.done()
        out.append(move)
    return tuple(out)
