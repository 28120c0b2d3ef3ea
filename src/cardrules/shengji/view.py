"""What one seat may see of a Shengji state, and the moves it can make from there — SJ-STATE-4
(What a seat may see), SJ-THROW-5 (A failed throw reveals nothing), CORE-VIEW-1 (Views act for
their seat).

A view holds the seat's own hand, the other hands' sizes, the public table (current and last
trick), points, penalties, trump, levels and banker — never another seat's cards. The kitty is
shown to the banker who buried it, and to everyone once the round is over. After a failed throw
the view says only that the throw failed (the forced piece is the trick's lead).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import ClassVar

import attrs

from cardrules import args
from cardrules.cards import Card, Rank, Suit
from cardrules.errors import CardrulesError, Illegal, IllegalMoveError, PositionError
from cardrules.game import Derives, Judge
from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document
from cardrules.legal import LegalMoves
from cardrules.limits import quote
from cardrules.multiset import Cards
from cardrules.notation import MoveText, for_seat
from cardrules.shengji import movegen, rules
from cardrules.shengji.bounds import (
    check_penalties,
    check_throw_points,
    deck_points,
    record_bounds,
)
from cardrules.shengji.codes import CODES
from cardrules.shengji.moves import Move, MoveKind
from cardrules.shengji.order import Table, trump_context
from cardrules.shengji.rules import RoundFacts
from cardrules.shengji.scoring import points_of
from cardrules.shengji.trick import bonus_after, winner
from cardrules.shengji.variant import Variant
from cardrules.tracker import (
    Tracker,
    check_played,
    laid,
    read_played,
    read_tracker,
    still_held,
)
from cardrules.variant import read_variant

#: What a client uses; the readers serve the state and the match view.
__all__ = ["View"]

#: ``(trump context, index of the winning play or -1, last trick's winner)``.
_Derived = tuple[Table, int, int | None]


@attrs.frozen(kw_only=True)
class View(Derives, RoundFacts, Judge[Move]):
    """A seat's knowledge of the state. Equal for two states that differ only in what the seat
    cannot see. It acts for its seat: :meth:`legal_moves`, :meth:`explain`, :meth:`is_legal`
    and :meth:`random_move` answer from what the seat sees, exactly as the state would, and
    :meth:`parse_move` reads the seat's moves without the seat (``"3S"``). Build one with
    ``state.view(seat)``, the constructor or :meth:`from_json` (both check the trick against
    the table and rebuild the winners), so a client rebuilding the view it was sent as JSON gets
    its legal moves by asking it. :attr:`phase`, :attr:`level`, :attr:`levels` and
    :attr:`trump_context` read alike on a match view."""

    DERIVED: ClassVar[tuple[str, ...]] = ("ctx", "_winning", "last_winner")

    seat: int
    variant: Variant
    levels: tuple[Rank, Rank]
    trump: Suit | None
    banker: int
    hand: Cards
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[Move, ...]
    #: Whether the lead of the current trick is the forced piece of a failed throw.
    throw_failed: bool
    points: tuple[int, int]
    tricks_played: int
    last_trick: tuple[Move, ...]
    penalties: tuple[int, ...]
    kitty_size: int
    #: The kitty's cards: for the banker, and for everyone once the round is over.
    kitty: Cards | None
    played: tuple[Cards, ...] = ()
    voids: tuple[int, ...] = ()
    #: Trick points failed throws moved to the attackers (negative: taken from them),
    #: SJ-THROW-8 (Trick points for a failed throw); public, as the failures are.
    throw_points: int = 0
    _derived: _Derived | None = attrs.field(default=None, eq=False, alias="derived")
    ctx: Table = attrs.field(init=False, eq=False)
    _winning: int = attrs.field(init=False, eq=False)
    last_winner: int | None = attrs.field(init=False, eq=False)

    def _check(self) -> _Derived:
        """A view built from data: every field of its type and range, the hand sizes, points and
        penalties ones a round can reach, then the winners rebuilt and the trick checked
        against the table, SJ-STATE-4 (What a seat may see)."""
        variant = self.variant
        if not isinstance(variant, Variant):
            raise PositionError("a shengji Variant is needed", key="variant")
        players = variant.players
        self._check_fields(variant, players)
        ctx = trump_context(variant, self.level, self.trump)
        kitty = self.kitty
        if kitty is not None:
            try:
                (self.hand + kitty).check_within(variant.decks)
            except CardrulesError as err:
                raise PositionError(str(err), key="kitty") from None
        history, voids = check_seen(self.played, self.voids, players)
        if history is not self.played or voids is not self.voids:
            object.__setattr__(self, "played", history)
            object.__setattr__(self, "voids", voids)
        self._check_counts(variant, players)
        last = (
            self.last_trick[winner(self.last_trick, ctx, key="last_trick")].seat
            if self.last_trick
            else None
        )
        if last is not None and last != self.leader:
            raise PositionError(f"seat {last} won the last trick and leads", key="leader")
        if not self.trick:
            return ctx, -1, last
        need = len(self.trick[0].cards)
        played: list[Move] = []
        for n, move in enumerate(self.trick):
            if move.seat != (self.leader + n) % players:
                raise PositionError(f"play {n + 1} is out of seat order", key="trick")
            if move.seat == self.seat:
                before = self.hand + sum((m.cards for m in self.trick[n:] if m.seat == move.seat),
                                         Cards())  # fmt: skip
            else:
                if len(move.cards) < need and self.hand_sizes[move.seat]:
                    raise PositionError(f"play {n + 1} has too few cards", key="trick")
                before = move.cards
            reason = rules.explain(_Replay(self, ctx, tuple(played)), move, before)
            if reason is not None:
                raise PositionError(f"play {n + 1} ({move}) cannot be: {reason}", key="trick")
            played.append(move)
        return ctx, winner(self.trick, ctx), last

    def _check_fields(self, variant: Variant, players: int) -> None:
        """Every field of its type, each number within the table's range."""
        _seat_of(self.seat, players, "seat")
        _seat_of(self.banker, players, "banker")
        _seat_of(self.leader, players, "leader")
        levels = self.levels
        if (
            not isinstance(levels, tuple)
            or len(levels) != 2
            or not all(isinstance(r, Rank) and not r.is_joker for r in levels)
        ):
            raise PositionError("one level rank (2 … A) per team", key="levels")
        if self.trump is not None and not isinstance(self.trump, Suit):
            raise PositionError("a Suit or None", key="trump")
        if not isinstance(self.hand, Cards):
            raise PositionError("a Cards is needed", key="hand")
        if self.kitty is not None and not isinstance(self.kitty, Cards):
            raise PositionError("a Cards or None", key="kitty")
        if not isinstance(self.throw_failed, bool):
            raise PositionError("true or false", key="throw_failed")
        dealt = (variant.total_cards - variant.kitty) // players
        _counts(self.hand_sizes, players, dealt, "hand_sizes")
        _counts(self.points, 2, record_bounds(variant).range_of("attacker")[1], "points")
        _counts(self.penalties, players, None, "penalties")
        _int_in(self.tricks_played, 0, dealt, "tricks_played")
        _int_in(self.kitty_size, 0, variant.kitty, "kitty_size")
        for key, moves in (("trick", self.trick), ("last_trick", self.last_trick)):
            if not isinstance(moves, tuple) or not all(
                isinstance(m, Move) and m.kind is MoveKind.PLAY and m.seat < players for m in moves
            ):
                raise PositionError("a tuple of plays by seats at the table", key=key)
        if len(self.trick) >= players:
            raise PositionError("a complete trick is over; a new one starts empty", key="trick")
        if self.last_trick and len(self.last_trick) != players:
            raise PositionError(f"a complete trick has {players} plays", key="last_trick")
        if self.last_trick and any(
            m.seat != (self.last_trick[0].seat + i) % players for i, m in enumerate(self.last_trick)
        ):
            raise PositionError("the last trick is out of seat order", key="last_trick")
        if self.tricks_played and not self.last_trick:
            raise PositionError("a view after a trick shows the last trick", key="last_trick")
        if self.throw_failed and not self.trick:
            raise PositionError("a failed throw belongs to a trick's lead", key="throw_failed")
        if self.kitty is not None and len(self.kitty) != self.kitty_size:
            raise PositionError(f"the kitty shown has {self.kitty_size} cards", key="kitty")

    def _check_counts(self, variant: Variant, players: int) -> None:
        """Hand sizes, points and penalties a round can reach: no seat has played fewer cards
        than one per trick, no more points taken and in
        sight than the decks carry, SJ-TABLE-4 (Point cards), and whole throw penalties, at most
        one per trick, SJ-THROW-4 (The throw penalty)."""
        sizes = self.hand_sizes
        if sizes[self.seat] != len(self.hand):
            raise PositionError(f"seat {self.seat} holds {len(self.hand)} cards", key="hand_sizes")
        dealt = (variant.total_cards - variant.kitty) // players
        for s in range(players):
            start = sizes[s] + sum(len(m.cards) for m in self.trick if m.seat == s)
            if start + max(self.tricks_played, len(self.played[s])) > dealt:
                raise PositionError(
                    f"seat {s} holds {start} cards after {self.tricks_played} trick(s) of a "
                    f"deal of {dealt}",
                    key="hand_sizes",
                )
        throws = self.tricks_played + (1 if self.trick else 0)
        check_penalties(variant, self.penalties, throws)
        check_throw_points(variant, self.throw_points, self.penalties, self.banker, throws)
        values = variant.point_values
        seen = self.hand + sum((m.cards for m in self.trick), Cards())
        if self.kitty is not None:
            seen = seen + self.kitty
        try:
            (seen + sum(self.played, Cards())).check_within(variant.decks)
        except CardrulesError as err:
            raise PositionError(str(err), key="played") from None
        won = sum(self.points)
        if self.is_over and self.kitty is not None and self.last_trick:
            ctx = trump_context(variant, self.level, self.trump)
            top = winner(self.last_trick, ctx, key="last_trick")
            bonus = bonus_after(self.last_trick, top, self.banker, self.kitty, variant, ctx)
            attackers = 1 - self.banker % 2
            if self.points[attackers] < bonus.points:
                raise PositionError("the attackers' points include the kitty bonus", key="points")
            won -= bonus.points
        deck = deck_points(variant)
        if won + points_of(seen, values) > deck:
            raise PositionError(
                f"the decks carry {deck} points; {won} taken and {points_of(seen, values)} in "
                "sight is more",
                key="points",
            )

    # ------------------------------------------------------------------ the table
    @property
    def is_over(self) -> bool:
        """Whether the round is over (no trick open and a hand empty)."""
        return not self.trick and any(not n for n in self.hand_sizes)

    @property
    def tracker(self) -> Tracker:
        """The seat's card tracker (记牌器), CORE-VIEW-2 (The card tracker): the cards each seat
        has played this round (the trick in progress included), the suit groups a follow showed
        a seat to be void of, SJ-FOLLOW-2 (The led suit first), the kitty when this seat
        sees it, and what is therefore unseen."""
        return round_tracker(self, ())

    # ------------------------------------------------------------------ acting for the seat
    def arranged_hand(self) -> tuple[tuple[Card, ...], ...]:
        """The hand by suit — the plain suits, then every trump together — each weakest first
        (SJ-TRUMP-2 (Which cards are trumps), SJ-TRUMP-3 (The order of trumps))."""
        ctx = self.ctx
        return self.hand.arranged(lambda c: (ctx.suit_keys[c.index], ctx.strengths[c.index]))

    def explain(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal, or ``None``; moves of other seats are refused
        (``not-viewing-seat``): this seat cannot know their hands."""
        seat = move.seat if isinstance(move, Move) else -1
        return rules.explain(self, move, self.hand if seat == self.seat else None)

    def _legal_grounds(self, move: Move) -> tuple[str, ...]:
        return rules.grounds(self, move, self.hand)

    def legal_moves(self, seat: int | None = None) -> LegalMoves[Move]:
        """This seat's legal moves (none unless it is the seat in turn)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.hand_sizes)):
            seat = args.seat(seat, self.players)
        if (seat is not None and seat != self.seat) or self.turn != self.seat:
            return LegalMoves(lambda: iter(()), self.explain, Move, lambda: 0)
        return LegalMoves(
            lambda: movegen.generate(self, self.seat, self.hand),
            self.explain,
            Move,
            lambda: movegen.count(self, self.seat, self.hand),
            lambda: movegen.describe(self, self.seat, self.hand, self.explain),
        )

    def random_move(self, rng: random.Random, seat: int | None = None) -> Move:
        """A legal move of this seat, drawn without listing."""
        args.rng(rng)
        if seat is not None:
            seat = args.seat(seat, self.players)
        if self.turn != self.seat or (seat is not None and seat != self.seat):
            raise IllegalMoveError(CODES.refuse("not-your-turn", f"seat {self.seat} waits"))
        return movegen.random_play(self, self.seat, self.hand, rng)

    def parse_move(self, text: MoveText | str) -> Move:
        """A move from its text (``"2: 8S 8D"``, or ``"8S 8D"`` for this seat); another seat's
        text is refused (code ``other-seat``)."""
        return rules.parse_move(
            self, for_seat(text, self.seat, decks=self.variant.decks, verbs=Move.verbs())
        )

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> JSONObject:
        """The view as a document ``{"format": 1, "game": "shengji", "type": "view", …}``: the
        variant whole, the seat's hand, the public table, the kitty when this seat may see it;
        ``turn``, ``winning_seat`` and ``last_winner`` follow from the rest and are checked when
        read back."""
        return self._document(self.variant.to_json())

    def nested_json(self) -> JSONObject:
        """The view as a document inside a match view's, which carries the variant once: the
        same fields but ``variant``."""
        return self._document(None)

    def _document(self, variant: JSON) -> JSONObject:
        top = self.top
        head: JSONObject = {"seat": self.seat}
        if variant is not None:
            head["variant"] = variant
        return document(
            "shengji",
            "view",
            head
            | {
                "levels": [r.text for r in self.levels],
                "trump": None if self.trump is None else self.trump.letter,
                "banker": self.banker,
                "hand": str(self.hand),
                "hand_sizes": list(self.hand_sizes),
                "leader": self.leader,
                "trick": [m.fields_json() for m in self.trick],
                "throw_failed": self.throw_failed,
                "points": list(self.points),
                "tricks_played": self.tricks_played,
                "last_trick": [m.fields_json() for m in self.last_trick],
                "penalties": list(self.penalties),
                "throw_points": self.throw_points,
                "kitty_size": self.kitty_size,
                "kitty": None if self.kitty is None else str(self.kitty),
                "played": [str(c) for c in self.played],
                "voids": void_json(self.voids),
                "turn": self.turn,
                "winning_seat": None if top is None else top.seat,
                "last_winner": self.last_winner,
                "tracker": self.tracker.to_json(),
            },
        )

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> View:
        """Read what :meth:`to_json` wrote, checking the trick against the table and that the
        kitty is shown only to the banker, or to everyone once the round is over, SJ-KITTY-2
        (Who sees the kitty). The view read acts for its seat exactly as the one written."""
        reader = open_document(data, "shengji", "view")
        variant = read_variant(reader, "variant", Variant)
        view = read_view(reader, variant, None)
        reader.done()
        return view


def read_view(reader: Reader, variant: Variant, holder: int | None) -> View:
    """A view from the fields of its document but ``variant`` (read already: a view document's
    own, or the match view's around it), each read strictly and checked by the constructor; the
    derived fields written must agree. The kitty may be shown mid-round only to ``holder`` (the
    seat that buried it; ``None``: the banker), SJ-KITTY-2 (Who sees the kitty)."""
    _variant, levels, trump, banker = read_head(reader, variant)
    decks = variant.decks
    players = variant.players
    seat = reader.integer("seat", 0, players - 1)
    kitty = None if reader.raw("kitty") is None else reader.cards("kitty", decks)
    trick = read_moves(reader, "trick", decks)
    last_trick = read_moves(reader, "last_trick", decks)
    hand = reader.cards("hand", decks)
    bounds = record_bounds(variant)
    with reader.reading():
        view = View(
            seat=seat,
            variant=variant,
            levels=levels,
            trump=trump,
            banker=banker,
            hand=hand,
            hand_sizes=reader.ints("hand_sizes", players, 0, variant.total_cards),
            leader=reader.integer("leader", 0, players - 1),
            trick=trick,
            throw_failed=reader.boolean("throw_failed"),
            points=_two(reader.ints("points", 2, 0, bounds.range_of("attacker")[1])),
            tricks_played=reader.integer("tricks_played", 0, variant.total_cards // players),
            last_trick=last_trick,
            penalties=reader.ints("penalties", players, 0, bounds.range_of("penalties")[1]),
            throw_points=reader.integer("throw_points", *bounds.range_of("throw_points")),
            kitty_size=reader.integer("kitty_size", 0, variant.kitty),
            kitty=kitty,
            played=read_played(reader, players, decks),
            voids=read_voids(reader, players),
        )
    sees = seat == (banker if holder is None else holder) or view.is_over
    if sees != (kitty is not None):
        why = "a kitty this seat may see" if sees else "a kitty this seat may not see"
        raise reader.bad("kitty", reader.raw("kitty"), f"{why}, SJ-KITTY-2 (Who sees the kitty)")
    keys = ("turn", "winning_seat", "last_winner")
    reader.derived(view.nested_json(), keys, "does not follow from the other fields")
    read_tracker(reader, "tracker", view.tracker)
    return view


#: The names of the suit groups a void is written with: the plain suits' letters, and trumps.
GROUPS = ("S", "H", "C", "D", "trump")


def check_seen(
    played: object, voids: object, players: int
) -> tuple[tuple[Cards, ...], tuple[int, ...]]:
    """A state's or view's ``played`` and ``voids`` (``()``: nothing known), checked: one
    :class:`Cards` and one set of suit groups (a bit per :data:`GROUPS` entry) per seat."""
    played = check_played(played, players)
    if voids == ():
        voids = (0,) * players
    if (
        not isinstance(voids, tuple)
        or len(voids) != players
        or not all(type(v) is int and 0 <= v < 1 << len(GROUPS) for v in voids)
    ):
        raise PositionError(f"the suit groups each seat is void of ({players} seats)", key="voids")
    return played, voids


def revealed_voids(voids: tuple[int, ...], trick: tuple[Move, ...], ctx: Table) -> tuple[int, ...]:
    """``voids`` with what the plays of ``trick`` reveal: a follower who played fewer cards of
    the lead's suit group than the lead holds has none left, SJ-FOLLOW-2 (The led suit
    first)."""
    if len(trick) < 2:
        return voids
    keys = ctx.suit_keys
    lead = trick[0].cards
    group = keys[next(i for i, n in enumerate(lead.counts) if n)]
    need = len(lead)
    out = list(voids)
    for play in trick[1:]:
        counts = play.cards.counts
        if sum(n for i, n in enumerate(counts) if n and keys[i] == group) < need:
            out[play.seat] |= 1 << group
    return tuple(out)


def void_json(voids: tuple[int, ...]) -> list[JSON]:
    """The voids as JSON: per seat, the names of its void suit groups (:data:`GROUPS`)."""
    return [[name for bit, name in enumerate(GROUPS) if v >> bit & 1] for v in voids]


def read_voids(reader: Reader, players: int) -> tuple[int, ...]:
    """The optional ``voids`` field (missing: none known): per seat, names of :data:`GROUPS`."""
    if not reader.has("voids"):
        return ()
    out = []
    for path, value in reader.items("voids", players):
        if not isinstance(value, list) or len(value) > len(GROUPS):
            raise reader.bad(path, value, "a list of suit groups (S, H, C, D, trump)")
        mask = 0
        for name in value:
            if name not in GROUPS:
                raise reader.bad(path, name, "one of S, H, C, D, trump")
            mask |= 1 << GROUPS.index(name)
        out.append(mask)
    if len(out) != players:
        raise reader.bad("voids", f"{len(out)} entries", f"exactly {players} entries")
    return tuple(out)


def round_tracker(view: View, shown: tuple[Cards, ...]) -> Tracker:
    """The tracker of a round view, with ``shown`` the cards each seat was seen to hold (a match
    view knows the standing bid; ``()``: none)."""
    players = len(view.hand_sizes)
    played = laid(view.played, view.trick)
    voids = revealed_voids(view.voids, view.trick, view.ctx)
    known = (
        (Cards(),) * players
        if not shown
        else tuple(still_held(k, p) for k, p in zip(shown, played, strict=True))
    )
    return Tracker(
        seat=view.seat,
        decks=view.variant.decks,
        hand=view.hand,
        hand_sizes=view.hand_sizes,
        played=played,
        shown=known,
        voids=tuple(_void_names(voids)),
        set_aside=Cards() if view.kitty is None else view.kitty,
    )


def _void_names(voids: tuple[int, ...]) -> list[tuple[str, ...]]:
    return [tuple(name for bit, name in enumerate(GROUPS) if v >> bit & 1) for v in voids]


@attrs.frozen
class _Replay:
    """A view's public table partway through its trick (for checking a view read from data)."""

    view: View
    ctx: Table
    trick: tuple[Move, ...]

    @property
    def variant(self) -> Variant:
        return self.view.variant

    @property
    def players(self) -> int:
        return self.view.players

    @property
    def turn(self) -> int:
        return (self.view.leader + len(self.trick)) % self.view.players

    @property
    def is_over(self) -> bool:
        return False


def _two(values: tuple[int, ...]) -> tuple[int, int]:
    return values[0], values[1]


def _int_in(value: object, lo: int, hi: int | None, key: str) -> int:
    if type(value) is not int or value < lo or (hi is not None and value > hi):
        raise PositionError(f"an integer {lo}..{'' if hi is None else hi}", key=key)
    return value


def _seat_of(value: object, players: int, key: str) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise PositionError(f"a seat 0..{players - 1}, got {quote(value)}", key=key)
    return value


def _counts(values: object, length: int, hi: int | None, key: str) -> None:
    if not isinstance(values, tuple) or len(values) != length:
        raise PositionError(f"{length} integers", key=key)
    for value in values:
        _int_in(value, 0, hi, key)


def read_head(
    reader: Reader, variant: Variant | None = None
) -> tuple[Variant, tuple[Rank, Rank], Suit | None, int]:
    """The variant (unless given), levels, trump and banker of a state or view document."""
    if variant is None:
        variant = read_variant(reader, "variant", Variant)
    levels = reader.items("levels", 2)
    if len(levels) != 2:
        raise reader.bad("levels", len(levels), "one level per team")
    ranks = tuple(reader.rank_value(path, value) for path, value in levels)
    trump = reader.suit("trump")
    banker = reader.integer("banker", 0, variant.players - 1)
    return variant, (ranks[0], ranks[1]), trump, banker


def read_moves(reader: Reader, key: str, decks: int) -> tuple[Move, ...]:
    """Plays as fragments ``{"seat", "kind", "cards"}``."""
    out = []
    for path, value in reader.items(key, 16):
        item = reader.element(path, value)
        try:
            move = Move.read_fields(item.raw("seat"), item.raw("kind"), item.raw("cards"), decks)
        except CardrulesError as err:
            raise reader.bad(path, value, str(err)) from None
        if move.kind is not MoveKind.PLAY:
            raise reader.bad(path, move.kind.value, "a trick holds plays")
        item.done()
        out.append(move)
    return tuple(out)
