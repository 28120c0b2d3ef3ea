"""The play phase of a four-deck Shengji round as an immutable state (chapters TRICK, STATE).

``State.new(variant, seed=...)`` deals a round (the dealt kitty stands as buried, SJ-TABLE-5
(The kitty stands as buried)); ``State.from_position(position)`` builds one from a case file's
``[position]``. Legality is written once, in :func:`cardrules.shengji.rules.explain`;
:meth:`State.explain`, :meth:`State.is_legal`, :meth:`State.legal_moves` and :meth:`State.apply`
derive from it, and a :class:`~cardrules.shengji.view.View` answers the same for its seat.

The trump context, the play winning the current trick, the winner of the last trick and the
kitty bonus follow from the other fields; they are rebuilt, never read, when a state is built
from data.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar, TypeVar

import attrs

from cardrules import args
from cardrules.cards import CARD_COUNT, Rank, Suit
from cardrules.deck import deal
from cardrules.errors import CardrulesError, Illegal, IllegalMoveError, PositionError
from cardrules.events import Event
from cardrules.game import Derives, Steps
from cardrules.implements import implements
from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document, record_json
from cardrules.legal import LegalMoves
from cardrules.limits import quote
from cardrules.move import EMPTY
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.position import Position
from cardrules.shengji import movegen, rules
from cardrules.shengji.bounds import (
    check_penalties,
    check_throw_points,
    deck_points,
    moved_points,
    record_bounds,
    throw_range,
)
from cardrules.shengji.codes import CODES
from cardrules.shengji.events import KittyCounted, RoundOver, ThrowFailed, TrickWon
from cardrules.shengji.events import MovePlayed as MovePlayedEvent
from cardrules.shengji.moves import Move, MoveKind, make_move
from cardrules.shengji.order import Table, trump_context
from cardrules.shengji.result import RoundResult
from cardrules.shengji.rules import RoundFacts
from cardrules.shengji.scoring import KittyBonus, point_slots, points_of
from cardrules.shengji.throws import resolve_throw
from cardrules.shengji.trick import bonus_after, overtakes, winner
from cardrules.shengji.variant import JackPenalty, Variant
from cardrules.shengji.view import (
    View,
    check_seen,
    read_head,
    read_moves,
    read_voids,
    revealed_voids,
    void_json,
)
from cardrules.slots import maker
from cardrules.tracker import read_played
from cardrules.variant import variant_of

__all__ = ["State", "hand_size"]

_T = TypeVar("_T")
_set = object.__setattr__
#: ``(trump context, index of the winning play or -1, last trick's winner, kitty bonus)``.
_Derived = tuple[Table, int, int | None, KittyBonus | None]


@implements("SJ-TABLE-2")
def hand_size(variant: Variant) -> int:
    """Cards each seat is dealt, SJ-TABLE-2 (Deck and deal sizes)."""
    return (variant.total_cards - variant.kitty) // variant.players


def _rank(value: object, key: str) -> Rank:
    if isinstance(value, Rank) and not value.is_joker:
        return value
    if isinstance(value, str) and len(value) <= 2:
        try:
            rank = Rank.parse(value)
        except CardrulesError:
            pass
        else:
            if not rank.is_joker:
                return rank
    raise PositionError(f"a level is a rank 2 … A, got {args.shown(value)}", key=key)


def _suit(value: object) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    if isinstance(value, str) and value.strip().lower() == "none":
        return None
    if isinstance(value, str) and value.strip().upper() in ("S", "H", "C", "D"):
        return Suit.parse(value)
    raise PositionError(f"a suit (S, H, C, D) or 'none', got {args.shown(value)}", key="trump")


def _seat(value: object, players: int, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise PositionError(f"a seat 0..{players - 1}, got {args.shown(value)}", key=key)
    return value


@attrs.frozen(kw_only=True, repr=False)
class State(Derives, RoundFacts, Steps[Move]):
    """A moment of the play phase. Never changes: :meth:`apply` returns a new state.

    Teams: seat ``s`` is on team ``s % 2``; ``points[t]`` are team ``t``'s points (after the last
    trick, the attackers' include the kitty bonus, SJ-TRICK-5 (The kitty bonus (抠底))).
    ``failed_throw`` holds the cards of a throw that failed in the current trick (hidden from
    every view); ``taken`` the cards each team has won; ``penalties`` the match points each seat
    lost to failed throws; ``throw_points`` the trick points failed throws moved to the attackers
    (negative: taken from them), SJ-THROW-8 (Trick points for a failed throw).

    The constructor checks that the state can exist, SJ-STATE-1 (What a state holds): one hand
    per seat, no card more often than the decks hold, a trick the rules could have produced
    from its start, points within what the decks carry.
    """

    DERIVED: ClassVar[tuple[str, ...]] = ("ctx", "_winning", "last_winner", "kitty_bonus")

    variant: Variant
    levels: tuple[Rank, Rank]
    trump: Suit | None
    banker: int
    hands: tuple[Cards, ...]
    kitty: Cards
    points: tuple[int, int] = (0, 0)
    leader: int
    trick: tuple[Move, ...] = ()
    failed_throw: Cards | None = None
    tricks_played: int = 0
    last_trick: tuple[Move, ...] = ()
    taken: tuple[Cards, Cards] = (EMPTY, EMPTY)
    penalties: tuple[int, ...] = ()
    throw_points: int = 0
    played: tuple[Cards, ...] = ()
    voids: tuple[int, ...] = ()
    _derived: _Derived | None = attrs.field(default=None, eq=False, alias="derived")
    ctx: Table = attrs.field(init=False, eq=False)
    _winning: int = attrs.field(init=False, eq=False)
    last_winner: int | None = attrs.field(init=False, eq=False)
    kitty_bonus: KittyBonus | None = attrs.field(init=False, eq=False)
    #: :attr:`is_over`, kept (asked several times per move).
    _over: bool = attrs.field(init=False, eq=False)
    #: The move :meth:`random_move` last drew here (legal by construction), which :meth:`apply`
    #: and :meth:`step` take without judging it again; ``None`` in every new state.
    _drawn: Move | None = attrs.field(default=None, init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        _set(self, "_over", not self.trick and not all(self.hands))
        super().__attrs_post_init__()

    # ------------------------------------------------------------------ validation
    def _check(self) -> _Derived:
        """Validate a state built from outside (not by :meth:`apply`); rebuild what follows."""
        variant = self.variant
        if not isinstance(variant, Variant):
            raise PositionError("a shengji Variant is needed", key="variant")
        players = variant.players
        levels = self.levels
        if not isinstance(levels, tuple) or len(levels) != 2:
            raise PositionError("one level per team", key="levels")
        ranks = (_rank(levels[0], "levels"), _rank(levels[1], "levels"))
        if ranks != levels:
            raise PositionError("levels are Rank values", key="levels")
        if self.trump is not None and not isinstance(self.trump, Suit):
            raise PositionError("a Suit or None", key="trump")
        _seat(self.banker, players, "banker")
        _seat(self.leader, players, "leader")
        hands = self.hands
        if not isinstance(hands, tuple) or len(hands) != players:
            raise PositionError(f"one hand per seat ({players} seats)", key="hands")
        for key, group in (("hands", hands), ("taken", self.taken)):
            if not all(isinstance(h, Cards) for h in group):
                raise PositionError("card multisets (Cards)", key=key)
        if not isinstance(self.kitty, Cards) or len(self.kitty) > variant.kitty:
            raise PositionError(f"at most {variant.kitty} cards", key="kitty")
        if len(self.taken) != 2:
            raise PositionError("the cards each team has won", key="taken")
        self._check_numbers(players)
        for key, moves in (("trick", self.trick), ("last_trick", self.last_trick)):
            if not isinstance(moves, tuple) or not all(
                isinstance(m, Move) and m.kind is MoveKind.PLAY for m in moves
            ):
                raise PositionError("a tuple of plays", key=key)
        if len(self.trick) >= players:
            raise PositionError("a complete trick is over; a new one starts empty", key="trick")
        if self.last_trick and len(self.last_trick) != players:
            raise PositionError(f"a complete trick has {players} plays", key="last_trick")
        for key, moves in (("trick", self.trick), ("last_trick", self.last_trick)):
            for i, m in enumerate(moves):
                if m.seat != (moves[0].seat + i) % players:
                    raise PositionError(f"play {i + 1} is out of seat order", key=key)
        if self.trick and self.trick[0].seat != self.leader:
            raise PositionError(f"the trick was led by seat {self.trick[0].seat}", key="leader")
        self._check_cards(variant, players)
        ctx = trump_context(variant, self.level, self.trump)
        last_winner: int | None = None
        if self.last_trick:
            last_winner = self.last_trick[winner(self.last_trick, ctx, key="last_trick")].seat
            if self.leader != last_winner:
                raise PositionError(
                    f"seat {last_winner} won the last trick and leads", key="leader"
                )
        elif self.tricks_played:
            raise PositionError("a state after a trick shows the last trick", key="last_trick")
        bonus = None
        if self.is_over and self.last_trick:
            top = winner(self.last_trick, ctx, key="last_trick")
            bonus = bonus_after(self.last_trick, top, self.banker, self.kitty, variant, ctx)
            if self.points[self.attacker_team] < bonus.points:
                raise PositionError("the attackers' points include the kitty bonus", key="points")
        self._check_points(variant, bonus)
        winning = self._replay(ctx, last_winner, bonus)
        return ctx, winning, last_winner, bonus

    def _check_numbers(self, players: int) -> None:
        def ints(key: str, values: object, length: int) -> None:
            if (
                not isinstance(values, tuple)
                or len(values) != length
                or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values)
            ):
                raise PositionError(f"{length} non-negative integers", key=key)

        ints("points", self.points, 2)
        if self.penalties == ():
            object.__setattr__(self, "penalties", (0,) * players)
        ints("penalties", self.penalties, players)
        most = self.variant.total_cards // players + 1
        played = self.tricks_played
        if isinstance(played, bool) or not isinstance(played, int) or not 0 <= played <= most:
            raise PositionError(f"0..{most}", key="tricks_played")
        check_penalties(self.variant, self.penalties, played + (1 if self.trick else 0))
        check_throw_points(
            self.variant, self.throw_points, self.penalties, self.banker, played + bool(self.trick)
        )

    def _check_cards(self, variant: Variant, players: int) -> None:
        on_table = sum((m.cards for m in self.trick), EMPTY)
        total = sum(self.hands, EMPTY) + self.kitty + on_table + self.taken[0] + self.taken[1]
        try:
            total.check_within(variant.decks)
        except CardrulesError as err:
            raise PositionError(str(err), key="hands") from None
        played, voids = check_seen(self.played, self.voids, players)
        if played is not self.played or voids is not self.voids:
            object.__setattr__(self, "played", played)
            object.__setattr__(self, "voids", voids)
        if not sum(played, EMPTY) <= self.taken[0] + self.taken[1]:
            raise PositionError("the cards played are among those taken", key="played")
        full = hand_size(variant)
        for seat, hand in enumerate(self.hands):
            held = len(hand) + sum(len(m.cards) for m in self.trick if m.seat == seat)
            held += len(played[seat])
            if held > full:
                raise PositionError(
                    f"seat {seat} holds {held} cards; a deal gives only {full}", key="hands"
                )
        if self.failed_throw is not None:
            if not isinstance(self.failed_throw, Cards) or not self.trick:
                raise PositionError("a failed throw belongs to a trick's lead", key="failed_throw")
            if not self.trick[0].cards <= self.failed_throw:
                raise PositionError("the forced piece is part of the throw", key="failed_throw")

    def _check_points(self, variant: Variant, bonus: KittyBonus | None) -> None:
        values = variant.point_values
        in_play = sum(self.hands, EMPTY) + self.kitty + sum((m.cards for m in self.trick), EMPTY)
        deck = deck_points(variant)
        won = sum(self.points) - (bonus.points if bonus else 0)
        if won + points_of(in_play, values) > deck:
            raise PositionError(
                f"the decks carry {deck} points; {quote(won)} won and "
                f"{points_of(in_play, values)} still in play is more",
                key="points",
            )

    def _replay(self, ctx: Table, last_winner: int | None, bonus: KittyBonus | None) -> int:
        """Play the current trick again from its start with every hand; it must give this
        trick (and this failed throw). Returns the index of the winning play."""
        if not self.trick:
            return -1
        back = list(self.hands)
        for m in self.trick:
            back[m.seat] = back[m.seat] + m.cards
        penalties = self.penalties
        throw_points = self.throw_points
        first = self.trick[0]
        if self.failed_throw is not None:
            lost = self.variant.throw_penalty
            penalties = (*penalties[: first.seat], penalties[first.seat] - lost,
                         *penalties[first.seat + 1 :])  # fmt: skip
            if penalties[first.seat] < 0:
                raise PositionError("a failed throw costs its penalty", key="penalties")
            throw_points -= moved_points(self.variant, first.seat, self.banker)
        start = attrs.evolve(
            self,
            hands=tuple(back),
            trick=(),
            failed_throw=None,
            penalties=penalties,
            throw_points=throw_points,
            derived=(ctx, -1, last_winner, bonus),
        )
        moves = [Move(first.seat, MoveKind.PLAY, self.failed_throw or first.cards)]
        state = start
        for n, move in enumerate([*moves, *self.trick[1:]]):
            reason = state.explain(move)
            if reason is not None:
                raise PositionError(f"play {n + 1} ({move}) cannot be: {reason}", key="trick")
            state = state._apply(move, None)
        if state.trick != self.trick or state.failed_throw != self.failed_throw:
            raise PositionError("the trick does not follow from its plays", key="trick")
        return state._winning

    # ------------------------------------------------------------------ construction
    @classmethod
    @implements("SJ-TABLE-3")
    def new(
        cls,
        variant: Variant | str = "four-deck",
        *,
        seed: int,
        trump: Suit | str | None = None,
        banker: int = 0,
        levels: Sequence[Rank | str] | None = None,
    ) -> State:
        """Deal a round from ``seed``, SJ-TABLE-3 (Dealing); the dealt kitty stands as buried.
        ``levels`` are both teams' levels (default: the variant's ``start_level``; the round's
        level is the banker team's); ``trump`` a suit or ``None``/``"none"`` for no-trump.
        ``variant`` is a Variant, or a preset name or path."""
        v = _variant(variant)
        players = v.players
        seed = args.seed(seed, error=PositionError)
        banker = _seat(banker, players, "banker")
        if levels is None:
            team_levels = (v.start_level, v.start_level)
        elif not isinstance(levels, list | tuple) or len(levels) != 2:
            raise PositionError("one level per team", key="levels")
        else:
            team_levels = (_rank(levels[0], "levels"), _rank(levels[1], "levels"))
        dealt, kitty = deal(v.decks, seed, [hand_size(v)] * players)
        hands = tuple(dealt[(seat - banker) % players] for seat in range(players))
        return cls(
            variant=v,
            levels=team_levels,
            trump=_suit(trump),
            banker=banker,
            hands=hands,
            kitty=kitty,
            leader=banker,
        )

    @classmethod
    @implements("SJ-STATE-1")
    def from_position(cls, position: Position) -> State:
        """The state of a ``[position]``, SJ-STATE-1 (What a state holds). Refuses 四幺四-only
        keys, naming them."""
        args.instance(position, Position, "position")
        variant = position.variant
        if not isinstance(variant, Variant):
            raise PositionError("a shengji position needs a shengji variant", key="variant")
        position.refuse("ruling", "out")
        if position.phase != "play":
            raise PositionError(
                f"the play state takes the play phase; a match (Match.from_position) takes "
                f"{quote(position.phase)}",
                key="phase",
            )
        position.require("hands", "trump", "banker")
        assert position.banker is not None
        levels = position.levels or (variant.start_level, variant.start_level)
        points = position.points or (0, 0)
        return cls(
            variant=variant,
            levels=(levels[0], levels[1]),
            trump=position.trump,
            banker=position.banker,
            hands=position.hands,
            kitty=position.kitty,
            points=(points[0], points[1]),
            leader=position.banker if position.leader is None else position.leader,
        )

    # ------------------------------------------------------------------ derived facts
    @property
    def banker_team(self) -> int:
        """The banker's team (0 or 1)."""
        return self.banker % 2

    @property
    def attacker_team(self) -> int:
        """The attackers' team: the other one."""
        return 1 - self.banker % 2

    @property
    def is_over(self) -> bool:
        """True once the hands have run out, SJ-TRICK-8 (End of the round)."""
        return self._over

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds, by seat."""
        return tuple(len(hand) for hand in self.hands)

    # ------------------------------------------------------------------ legality (written once)
    def explain(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal here, or ``None`` if it is legal."""
        seat = move.seat if isinstance(move, Move) else -1
        hand = self.hands[seat] if 0 <= seat < len(self.hands) else EMPTY
        return rules.explain(self, move, hand)

    def _legal_grounds(self, move: Move) -> tuple[str, ...]:
        return rules.grounds(self, move, self.hands[move.seat])

    def legal_moves(self, seat: int | None = None) -> LegalMoves[Move]:
        """A lazy view of the legal moves, in a stable order, SJ-STATE-3 (The legal moves); only
        the seat in turn has any (``count()`` counts without listing)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.hands)):
            seat = args.seat(seat, self.players)
        who = self.turn if seat is None else seat
        if who is None or who != self.turn:
            return LegalMoves(lambda: iter(()), self.explain, Move, lambda: 0)
        hand = self.hands[who]
        return LegalMoves(
            lambda: movegen.generate(self, who, hand),
            self.explain,
            Move,
            lambda: movegen.count(self, who, hand),
            lambda: movegen.describe(self, who, hand, self.explain),
        )

    def random_move(self, rng: random.Random, seat: int | None = None) -> Move:
        """A legal move chosen at random without enumerating the legal moves (for simulations)."""
        if not isinstance(rng, random.Random):
            args.rng(rng)
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.hands)):
            seat = args.seat(seat, self.players)
        turn = self.turn
        if turn is None or (seat is not None and seat != turn):
            raise IllegalMoveError(CODES.refuse("round-over", "no seat has a move now"))
        move = movegen.random_play(self, turn, self.hands[turn], rng)
        _set(self, "_drawn", move)  # a cache of one legal move, not part of the state's value
        return move

    def parse_move(self, text: MoveText | str) -> Move:
        """A move from its text (``"2: 8S 8D"``); refuses more copies than the decks hold."""
        return rules.parse_move(self, text)

    # ------------------------------------------------------------------ applying
    def _known_legal(self, move: Move) -> bool:
        """The move :meth:`random_move` just drew here is known to be legal (``random_play``
        draws only legal moves, a property the tests check against ``explain``); any other
        move, an equal copy included, is judged — and ``None`` always (it is also what
        ``_drawn`` holds before any draw)."""
        return move is not None and move is self._drawn

    def _apply(self, move: Move, sink: list[Event] | None) -> State:
        ctx = self.ctx
        seat = move.seat
        if not self.trick:
            return self._lead(move, sink)
        if sink is not None:
            sink.append(MovePlayedEvent(seat, move.kind, move.cards))
        cards = move.cards
        hands = _minus(self.hands, seat, cards)
        trick = (*self.trick, move)
        top = self._winning
        if overtakes(self.trick, top, cards, ctx):
            top = len(trick) - 1
        if len(trick) < self.players:
            return _followed(self, hands, trick, top)
        return self._finish_trick(hands, trick, top, sink)

    @implements("SJ-THROW-4")
    def _lead(self, move: Move, sink: list[Event] | None) -> State:
        ctx = self.ctx
        seat = move.seat
        combo = rules.classify_cached(move.cards, ctx)
        assert combo is not None
        if combo.is_throw:
            outcome = resolve_throw(combo, seat, self.hands, ctx)
            if not outcome.stands:  # SJ-THROW-3 (A failed throw)
                lost = self.variant.throw_penalty
                penalties = self.penalties
                penalties = (*penalties[:seat], penalties[seat] + lost, *penalties[seat + 1 :])
                moved = moved_points(self.variant, seat, self.banker)
                if sink is not None:
                    # The move knows it failed: the other seats see only the forced piece,
                    # SJ-THROW-5 (A failed throw reveals nothing).
                    sink.append(MovePlayedEvent(seat, move.kind, move.cards, forced=outcome.led))
                    sink.append(ThrowFailed(seat, outcome.led, lost, moved))
                return _failed_throw(
                    self,
                    _minus(self.hands, seat, outcome.led),
                    (make_move(seat, outcome.led),),
                    move.cards,
                    penalties,
                    self.throw_points + moved,
                )
        if sink is not None:
            sink.append(MovePlayedEvent(seat, move.kind, move.cards))
        return _led(self, _minus(self.hands, seat, move.cards), (move,))

    @implements("SJ-TRICK-4", "SJ-TRICK-8")
    def _finish_trick(
        self, hands: tuple[Cards, ...], trick: tuple[Move, ...], top: int, sink: list[Event] | None
    ) -> State:
        won_by = trick[top].seat
        team = won_by % 2
        summed = sum(_packed(play.cards.counts) for play in trick)
        won = _cards(summed).counts
        gained = sum(won[i] * value for i, value in point_slots(self.variant.point_values))
        points = list(self.points)
        points[team] += gained
        taken = list(self.taken)
        taken[team] = _cards(_packed(taken[team].counts) + summed)
        if sink is not None:
            sink.append(TrickWon(won_by, trick[top].cards, gained))
        played = list(self.played)
        for play in trick:
            seat = play.seat
            played[seat] = _cards(_packed(played[seat].counts) + _packed(play.cards.counts))
        voids = revealed_voids(self.voids, trick, self.ctx)
        bonus: KittyBonus | None = None
        over = not all(hands)
        if over:
            bonus = bonus_after(trick, top, self.banker, self.kitty, self.variant, self.ctx)
            points[self.attacker_team] += bonus.points
        state = _trick_done(
            self,
            hands,
            won_by,
            (points[0], points[1]),
            (taken[0], taken[1]),
            self.tricks_played + 1,
            trick,
            won_by,
            bonus,
            over,
            tuple(played),
            voids,
        )
        if sink is not None and bonus is not None:
            sink.append(KittyCounted(bonus))
            sink.append(RoundOver(state.result()))
        return state

    # ------------------------------------------------------------------ results and views
    def result(self) -> RoundResult:
        """The attackers' points with the kitty included, SJ-TRICK-8 (End of the round); only
        once the round is over."""
        if not self.is_over:
            raise IllegalMoveError(
                CODES.refuse("round-not-over", "the round is still being played")
            )
        return RoundResult(
            banker=self.banker,
            attacker_points=max(0, self.points[self.attacker_team] + self.throw_points),
            banker_points=self.points[self.banker_team],
            kitty=self.kitty_bonus,
            penalties=self.penalties,
            throw_points=self.throw_points,
            jack_drop=self._jack_drop(),
        )

    @implements("SJ-LEVEL-5")
    def _jack_drop(self) -> bool:
        """SJ-LEVEL-5 (The jack penalty): a J round whose last trick the attackers won with a
        single J (``single_jack``) or a play holding a J (``any_jack``)."""
        mode = self.variant.jack_penalty
        if mode is JackPenalty.OFF or self.ctx.level is not Rank.JACK or not self.last_trick:
            return False
        won = next(m for m in self.last_trick if m.seat == self.last_winner)
        if won.seat % 2 != self.attacker_team:
            return False
        jacks = sum(1 for card in won.cards if card.rank is Rank.JACK)
        if mode is JackPenalty.SINGLE_JACK:
            return jacks == 1 and len(won.cards) == 1
        return jacks > 0

    @implements("SJ-STATE-4")
    def view(self, seat: int) -> View:
        """What ``seat`` may see, SJ-STATE-4 (What a seat may see)."""
        seat = args.seat(seat, self.players)
        return View(
            seat=seat,
            variant=self.variant,
            levels=self.levels,
            trump=self.trump,
            banker=self.banker,
            hand=self.hands[seat],
            hand_sizes=self.hand_sizes,
            leader=self.leader,
            trick=self.trick,
            throw_failed=self.failed_throw is not None,
            points=self.points,
            tricks_played=self.tricks_played,
            last_trick=self.last_trick,
            penalties=self.penalties,
            throw_points=self.throw_points,
            kitty_size=len(self.kitty),
            kitty=self.kitty if self.is_over or seat == self.banker else None,
            played=self.played,
            voids=self.voids,
            derived=(self.ctx, self._winning, self.last_winner),
        )

    def to_json(self) -> JSONObject:
        """The state as a document; the derived facts (turn, winning play, last winner, kitty
        bonus) are written for readers' sake and checked when read back."""
        top = self.top
        return document(
            "shengji",
            "state",
            {
                "variant": self.variant.to_json(),
                "levels": [r.text for r in self.levels],
                "trump": None if self.trump is None else self.trump.letter,
                "banker": self.banker,
                "hands": [str(h) for h in self.hands],
                "kitty": str(self.kitty),
                "points": list(self.points),
                "leader": self.leader,
                "trick": [m.fields_json() for m in self.trick],
                "failed_throw": None if self.failed_throw is None else str(self.failed_throw),
                "tricks_played": self.tricks_played,
                "last_trick": [m.fields_json() for m in self.last_trick],
                "taken": [str(c) for c in self.taken],
                "penalties": list(self.penalties),
                "throw_points": self.throw_points,
                "played": [str(c) for c in self.played],
                "voids": void_json(self.voids),
                "turn": self.turn,
                "winning_seat": None if top is None else top.seat,
                "last_winner": self.last_winner,
                "kitty_bonus": None if self.kitty_bonus is None else record_json(self.kitty_bonus),
            },
        )

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> State:
        """Read what :meth:`to_json` wrote, refusing (one :class:`CardrulesError` naming the
        field) any state that could not exist."""
        reader = open_document(data, "shengji", "state")
        variant, levels, trump, banker = read_head(reader)
        decks = variant.decks
        players = variant.players
        trick = read_moves(reader, "trick", decks)
        last_trick = read_moves(reader, "last_trick", decks)
        hands = reader.each("hands", players, lambda p, v: reader.cards_value(p, v, decks))
        taken = reader.each("taken", 2, lambda p, v: reader.cards_value(p, v, decks))
        tricks = hand_size(variant) + 1
        most_points = record_bounds(variant).range_of("attacker")[1]
        with reader.reading():
            state = cls(
                variant=variant,
                levels=levels,
                trump=trump,
                banker=banker,
                hands=hands,
                kitty=reader.cards("kitty", decks),
                points=_pair(reader.ints("points", 2, 0, most_points), "points"),
                leader=reader.integer("leader", 0, players - 1),
                trick=trick,
                failed_throw=_opt_cards(reader, "failed_throw", decks),
                tricks_played=reader.integer("tricks_played", 0, tricks),
                last_trick=last_trick,
                taken=_pair(taken, "taken"),
                penalties=reader.ints("penalties", players, 0, tricks * variant.throw_penalty),
                throw_points=reader.integer("throw_points", *throw_range(variant)),
                played=read_played(reader, players, decks),
                voids=read_voids(reader, players),
            )
        keys = ("turn", "winning_seat", "last_winner", "kitty_bonus")
        reader.derived(state.to_json(), keys, "does not follow from the other fields")
        reader.done()
        return state

    def __repr__(self) -> str:
        trick = ", ".join(str(p) for p in self.trick)
        return (
            f"<State trick {self.tricks_played + 1}, turn {self.turn}, points {list(self.points)}"
            f", trick [{trick}]>"
        )


def _pair(values: tuple[_T, ...], key: str) -> tuple[_T, _T]:
    if len(values) != 2:
        raise PositionError("one entry per team", key=key)
    return values[0], values[1]


def _opt_cards(reader: Reader, key: str, decks: int) -> Cards | None:
    return None if reader.raw(key) is None else reader.cards(key, decks)


# ``attrs.evolve`` for the rules' own moves, one per kind of step (derived facts and ``_over``
# among the changes; no move is drawn yet in a new state).
_NEW = {"_drawn": None}
#: A follow that does not end the trick: ``(state, hands, trick, _winning)``.
_followed = maker(State, ("hands", "trick", "_winning"), _NEW)
#: A lead that stands: ``(state, hands, trick)``.
_led = maker(
    State, ("hands", "trick"), {**_NEW, "failed_throw": None, "_winning": 0, "_over": False}
)
#: A failed throw: ``(state, hands, trick, failed_throw, penalties, throw_points)``.
_failed_throw = maker(
    State,
    ("hands", "trick", "failed_throw", "penalties", "throw_points"),
    {**_NEW, "_winning": 0, "_over": False},
)
#: The last play of a trick.
_trick_done = maker(
    State,
    (
        "hands",
        "leader",
        "points",
        "taken",
        "tricks_played",
        "last_trick",
        "last_winner",
        "kitty_bonus",
        "_over",
        "played",
        "voids",
    ),
    {**_NEW, "trick": (), "failed_throw": None, "_winning": -1},
)


def _minus(hands: tuple[Cards, ...], seat: int, cards: Cards) -> tuple[Cards, ...]:
    """The hands after ``seat`` played ``cards`` (which it holds)."""
    hand = _cards(_packed(hands[seat].counts) - _packed(cards.counts))
    return (*hands[:seat], hand, *hands[seat + 1 :])


# Count vectors as one int, a byte per card (counts are at most MAX_COPIES, far below 256): adding
# or removing cards is one big-int operation instead of 54 small ones, as long as no count
# leaves 0..255 (a play is taken from a hand that holds it; a trick's cards are added).
def _packed(counts: tuple[int, ...]) -> int:
    return int.from_bytes(bytes(counts), "little")


def _cards(packed: int) -> Cards:
    return Cards.unchecked(tuple(packed.to_bytes(CARD_COUNT, "little")))


def _variant(variant: Variant | str) -> Variant:
    return variant_of(Variant, variant)
