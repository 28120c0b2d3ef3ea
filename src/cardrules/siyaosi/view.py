"""What one 四幺四 seat may know, and the moves it can make from there, 4A4-VIEW-1 (What a seat
may know), CORE-VIEW-1 (Views act for their seat)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import ClassVar

import attrs

from cardrules import args
from cardrules.cards import Card
from cardrules.errors import CardrulesError, Illegal, IllegalMoveError, PositionError
from cardrules.game import Derives, Judge
from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document
from cardrules.legal import LegalMoves
from cardrules.limits import quote
from cardrules.multiset import Cards, rank_counts
from cardrules.notation import MoveText, for_seat
from cardrules.siyaosi import rules
from cardrules.siyaosi.codes import PLAY_CODES
from cardrules.siyaosi.movegen import generate
from cardrules.siyaosi.moves import Move, Top
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.rules import RoundFacts
from cardrules.siyaosi.trick import replay
from cardrules.siyaosi.variant import Variant
from cardrules.slots import builder, setter
from cardrules.tracker import Tracker, check_played, laid, read_played, read_tracker, still_held
from cardrules.variant import read_variant

#: What a client uses; :func:`made_view` and :func:`read_view` serve
#: the state and the match view.
__all__ = ["View"]

#: ``(top, turn, passes)``: what a view's trick leads to.
_Derived = tuple[Top | None, int | None, int]


@attrs.frozen(kw_only=True)
class View(Derives, RoundFacts, Judge[Move]):
    """What ``seat`` may know: its own hand, every seat's card count and the announcements, the
    trick so far, the top, levels and ruling team, whose turn it is, and who is out — never
    another seat's cards. ``played`` holds the cards each seat laid in the round's finished
    tricks, which every seat saw; with the trick in progress and the hand they make the seat's
    card tracker, :attr:`tracker` (CORE-VIEW-2 (The card tracker)).

    A view acts for its seat: :meth:`legal_moves`, :meth:`explain`, :meth:`is_legal` and
    :meth:`random_move` answer from what the seat sees, exactly as the state would for that
    seat, and :meth:`parse_move` reads the seat's moves without the seat (``"3S"``,
    ``"pass"``, ``"cha 8C 8C"``). Build one with ``state.view(seat)``, the constructor or
    :meth:`from_json`; the two last check that the trick could have been played and rebuild
    the top, turn and passes from it, so a view a client rebuilds from the JSON it was sent
    answers exactly as the view that wrote it.
    """

    DERIVED: ClassVar[tuple[str, ...]] = ("top", "turn", "passes")

    seat: int
    table: Table
    hand: Cards
    hand_sizes: tuple[int, ...]
    out: tuple[int, ...]
    leader: int
    trick: tuple[Move, ...]
    played: tuple[Cards, ...] = ()
    _derived: _Derived | None = attrs.field(default=None, eq=False, repr=False, alias="derived")
    top: Top | None = attrs.field(init=False, eq=False)
    turn: int | None = attrs.field(init=False, eq=False)
    passes: int = attrs.field(init=False, eq=False)
    _moves: list[Move] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    #: The hand's cards per face rank, when the state that made the view knew them.
    _ranks: tuple[int, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def _check(self) -> _Derived:
        """A view built from outside: check its fields and replay its trick from the trick's
        start (the seat's own moves against its hand, the others' against the table), then
        rebuild the top, turn and passes, 4A4-VIEW-1 (What a seat may know)."""
        table = self.table
        if not isinstance(table, Table):
            raise PositionError("a Table (variant, levels, ruling team) is needed", key="table")
        variant = table.variant
        players = variant.players
        seat = self.seat
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise PositionError(f"a seat 0..{players - 1}, got {quote(seat)}", key="seat")
        if not isinstance(self.hand, Cards):
            raise PositionError("a Cards is needed", key="hand")
        sizes = self.hand_sizes
        if (
            not isinstance(sizes, tuple)
            or len(sizes) != players
            or not all(type(n) is int and n >= 0 for n in sizes)
        ):
            raise PositionError(f"one card count per seat ({players})", key="hand_sizes")
        if sizes[seat] != len(self.hand):
            raise PositionError(f"seat {seat} holds {len(self.hand)} cards", key="hand_sizes")
        out = self.out
        if (
            not isinstance(out, tuple)
            or not all(type(s) is int and 0 <= s < players for s in out)
            or len(set(out)) != len(out)
        ):
            raise PositionError(f"distinct seats 0..{players - 1}", key="out")
        leader = self.leader
        if type(leader) is not int or not 0 <= leader < players:
            raise PositionError(f"a seat 0..{players - 1}, got {quote(leader)}", key="leader")
        trick = self.trick
        if not isinstance(trick, tuple) or not all(
            isinstance(m, Move) and 0 <= m.seat < players for m in trick
        ):
            raise PositionError("the trick is a tuple of moves of seats at the table", key="trick")
        played = check_played(self.played, players)
        if played is not self.played:
            object.__setattr__(self, "played", played)
        seen = self.hand + sum((m.cards for m in trick), Cards()) + sum(played, Cards())
        try:
            seen.check_within(variant.decks)
        except CardrulesError as err:
            raise PositionError(str(err), key="hand") from None
        most = -(-variant.total_cards // players)  # the largest hand a deal gives
        for s in range(players):
            held = sizes[s] + sum(len(m.cards) for m in trick if m.seat == s) + len(played[s])
            if held > most:
                raise PositionError(
                    f"seat {s} holds {held} cards; a deal gives at most {most}", key="hand_sizes"
                )
        hand = self.hand
        sit = replay(table, sizes, out, leader, trick, lambda s: hand if s == seat else None)
        return sit.top, sit.turn, sit.passes

    def arranged_hand(self) -> tuple[tuple[Card, ...], ...]:
        """The hand in groups of equal strength, weakest first: a level card sits where this
        seat plays it (4A4-RANK-2 (The level card))."""
        strength = self.table.strength
        return self.hand.arranged(lambda c: (strength(c.rank, self.seat), c.index))

    @property
    def tracker(self) -> Tracker:
        """The seat's card tracker (记牌器), CORE-VIEW-2 (The card tracker): the cards each seat
        has laid this round (the trick in progress included) and what is therefore unseen. 四幺四
        reveals no voids: any seat may pass holding anything."""
        return round_tracker(self, ())

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
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.hand_sizes)):
            seat = args.seat(seat, self.players)
        if seat is not None and seat != self.seat:
            return LegalMoves(lambda: iter(()), self.explain, Move)
        return LegalMoves(lambda: iter(self._listed()), self.explain, Move)

    def random_move(self, rng: random.Random, seat: int | None = None) -> Move:
        """One of this seat's legal moves, drawn uniformly."""
        args.rng(rng)
        moves = list(self.legal_moves(seat))
        if not moves:
            raise IllegalMoveError(
                PLAY_CODES.refuse("round-over", f"seat {self.seat} has no move now")
            )
        return moves[rng.randrange(len(moves))]

    def parse_move(self, text: MoveText | str) -> Move:
        """The move a text names here, 4A4-MOVES-2 (Reading a move): the seat may be left out
        (``"3S"``, ``"pass"``, ``"cha 8C 8C"``); another seat's text is refused (code
        ``other-seat``)."""
        return rules.parse_move(
            self, for_seat(text, self.seat, decks=self.variant.decks, verbs=Move.verbs())
        )

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> JSONObject:
        """The view as a document ``{"format": 1, "game": "siyaosi", "type": "view", …}``: the
        variant whole, the seat's hand, the public table; ``announced``, ``top``, ``turn`` and
        ``passes`` follow from the rest and are checked when read back."""
        return self._document(self.table.variant.to_json())

    def nested_json(self) -> JSONObject:
        """The view as a document inside a match view's, which carries the variant once: the
        same fields but ``variant``."""
        return self._document(None)

    def _document(self, variant: JSON) -> JSONObject:
        head: JSONObject = {"seat": self.seat}
        if variant is not None:
            head["variant"] = variant
        return document(
            "siyaosi",
            "view",
            head
            | {
                "levels": [r.text for r in self.levels],
                "ruling": self.ruling,
                "hand": str(self.hand),
                "hand_sizes": list(self.hand_sizes),
                "announced": list(self.announced),
                "out": list(self.out),
                "leader": self.leader,
                "trick": [m.fields_json() for m in self.trick],
                "played": [str(c) for c in self.played],
                "top": None if self.top is None else str(self.top.cards),
                "turn": self.turn,
                "passes": self.passes,
                "tracker": self.tracker.to_json(),
            },
        )

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> View:
        """Read what :meth:`to_json` wrote, checking that it could be: the trick is replayed
        from its start, and the top, turn, passes and announcements must agree with it. The view
        read acts for its seat exactly as the one written (its legal moves, ``explain``,
        ``random_move``)."""
        reader = open_document(data, "siyaosi", "view")
        variant = read_variant(reader, "variant", Variant)
        view = read_view(reader, variant)
        reader.done()
        return view


_v_moves = setter(View, "_moves")

#: A view of a state the library knows to be consistent (``state.view``): ``made_view(seat,
#: table, hand, hand_sizes, out, leader, trick, played, top, turn, passes, ranks)``, its slots
#: filled directly, ``ranks`` being the hand's rank counts when known.
made_view: Callable[
    [
        int,
        Table,
        Cards,
        tuple[int, ...],
        tuple[int, ...],
        int,
        tuple[Move, ...],
        tuple[Cards, ...],
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
        "played",
        "top",
        "turn",
        "passes",
        "_ranks",
    ),
    {"_moves": None, "_derived": None},
)


def read_view(reader: Reader, variant: Variant) -> View:
    """A view from the fields of its document but ``variant`` (read already: a view document's
    own, or the match view's around it), each read strictly; the view is checked by its
    constructor, and the derived fields written must agree."""
    table = read_table(reader, variant)
    players = variant.players
    seat = reader.integer("seat", 0, players - 1)
    hand = reader.cards("hand", variant.decks)
    sizes = reader.ints("hand_sizes", players, 0, variant.total_cards)
    out = reader.ints("out", None, 0, players - 1)
    leader = reader.integer("leader", 0, players - 1)
    trick = read_trick(reader, variant.decks)
    played = read_played(reader, variant.players, variant.decks)
    with reader.reading():
        view = View(
            seat=seat, table=table, hand=hand, hand_sizes=sizes, out=out, leader=leader,
            trick=trick, played=played,
        )  # fmt: skip
    keys = ("announced", "top", "turn", "passes")
    reader.derived(view.nested_json(), keys, "does not follow from the trick")
    read_tracker(reader, "tracker", view.tracker)
    return view


def round_tracker(view: View, shown: tuple[Cards, ...]) -> Tracker:
    """The tracker of a round view, with ``shown`` the cards each seat is known to hold (a match
    view knows tributes; ``()``: none)."""
    players = len(view.hand_sizes)
    played = laid(view.played, view.trick)
    if not shown:
        known = (Cards(),) * players
    else:
        known = tuple(still_held(k, p) for k, p in zip(shown, played, strict=True))
    return Tracker(
        seat=view.seat,
        decks=view.table.variant.decks,
        hand=view.hand,
        hand_sizes=view.hand_sizes,
        played=played,
        shown=known,
        voids=((),) * players,
    )


def read_table(reader: Reader, variant: Variant | None = None) -> Table:
    """The variant (unless given), levels and ruling team of a state or view document."""
    if variant is None:
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
