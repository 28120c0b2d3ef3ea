"""The play phase of a four-deck Shengji round as an immutable state (chapters TRICK, STATE).

``State.new(variant, seed=...)`` deals a round (the dealt kitty stands as buried, SJ-TABLE-5);
``State.from_position(position)`` builds one from a case file's ``[position]``. Legality is written
once, in :meth:`State.explain`; :meth:`State.is_legal`, :meth:`State.legal_moves` and
:meth:`State.apply` derive from it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from operator import add
from typing import Any, cast

import attrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

from cardrules.cards import Rank, Suit
from cardrules.deck import SplitMix64, deal
from cardrules.errors import (
    CardrulesError,
    Illegal,
    IllegalMoveError,
    NotationError,
    PositionError,
)
from cardrules.jsonio import converter, structure
from cardrules.legal import LegalMoves
from cardrules.multiset import Cards
from cardrules.notation import MoveText, parse_move_text
from cardrules.position import Position
from cardrules.shengji.follow import (
    count_follows,
    explain_follow,
    iter_follows,
    random_follow,
    sub_multisets,
)
from cardrules.shengji.order import TrumpContext, trump_context
from cardrules.shengji.pieces import Combination, beats, classify
from cardrules.shengji.scoring import KittyBonus, RoundResult, kitty_bonus, point_slots, points_of
from cardrules.shengji.throws import resolve_throw
from cardrules.shengji.variant import Variant
from cardrules.shengji.view import Play, View
from cardrules.variant import load_variant

__all__ = ["Move", "Play", "ShengjiLegalMoves", "State", "context_for", "random_move"]


@lru_cache(maxsize=256)
def context_for(variant: Variant, level: Rank, trump: Suit | None) -> TrumpContext:
    """The (shared, cached) trump context of a round."""
    return trump_context(variant, level, trump)


@attrs.frozen(repr=False)
class Move:
    """A play: the seat and the cards it puts on the table. Text form ``"2: 8S 8D"``."""

    seat: int
    cards: Cards
    kind: str = attrs.field(default="play")

    @kind.validator
    def _check_kind(self, _attr: object, value: str) -> None:
        if value != "play":
            raise NotationError(f"a Shengji move in the play phase is a play, not {value!r}")

    @classmethod
    def parse(cls, text: str, *, decks: int | None = None) -> Move:
        """Read ``"SEAT: CARDS"`` (the verb ``play`` may follow the colon)."""
        return cls.from_text(parse_move_text(text, decks=decks))

    @classmethod
    def from_text(cls, text: MoveText) -> Move:
        if text.verb not in (None, "play"):
            raise NotationError(
                f"the play phase knows only plays ('SEAT: CARDS'), not the verb {text.verb!r}"
            )
        if not text.cards:
            raise NotationError(f"a play names its cards: {text}")
        return cls(text.seat, text.cards)

    def __str__(self) -> str:
        return f"{self.seat}: {self.cards}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = _converter().unstructure(self)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Move:
        """Read what :meth:`to_json` wrote (a mapping, or its JSON text)."""
        return structure(data, cls, "Shengji move")


class ShengjiLegalMoves(LegalMoves[Move]):
    """The lazy legal-move view, with a ``count()`` that does not enumerate."""

    __slots__ = ("_counter",)

    def __init__(self, state: State) -> None:
        super().__init__(state._generate_moves, state.explain, Move)
        self._counter = state._count_moves

    def count(self) -> int:
        return self._counter()


@attrs.frozen(kw_only=True, repr=False)
class State:
    """A moment of the play phase. Never changes: :meth:`apply` returns a new state.

    Teams: seat ``s`` is on team ``s % 2``; ``points[t]`` are team ``t``'s points (after the last
    trick, the attackers' include the kitty bonus, SJ-TRICK-5)."""

    variant: Variant
    levels: tuple[Rank, Rank]
    trump: Suit | None
    banker: int
    hands: tuple[Cards, ...]
    kitty: Cards
    points: tuple[int, int] = (0, 0)
    leader: int
    trick: tuple[Play, ...] = ()
    #: Index in ``trick`` of the play now winning it (-1 while the trick is empty).
    top: int = -1
    #: The cards of a throw that failed in the current trick (hidden from every view).
    failed_throw: Cards | None = None
    tricks_played: int = 0
    last_trick: tuple[Play, ...] = ()
    last_winner: int | None = None
    taken: tuple[Cards, Cards] = (Cards(), Cards())
    penalties: tuple[int, ...] = ()
    kitty_bonus: KittyBonus | None = None
    _ctx: TrumpContext | None = attrs.field(default=None, eq=False, alias="ctx")

    def __attrs_post_init__(self) -> None:
        if self._ctx is None:  # built afresh (not derived by apply): check the shape once
            players = self.variant.players
            if len(self.hands) != players:
                raise CardrulesError(f"a state needs {players} hands, got {len(self.hands)}")
            for name in ("banker", "leader"):
                if not 0 <= getattr(self, name) < players:
                    raise CardrulesError(f"{name} must be a seat 0..{players - 1}")
            if self.penalties and len(self.penalties) != players:
                raise CardrulesError(f"penalties: one entry per seat ({players})")
            if not -1 <= self.top < max(1, len(self.trick)) or (self.trick and self.top < 0):
                raise CardrulesError("top must index a play of the trick")
            object.__setattr__(self, "_ctx", context_for(self.variant, self.level, self.trump))
        if not self.penalties:
            object.__setattr__(self, "penalties", (0,) * self.variant.players)

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        variant: Variant | str = "four-deck",
        *,
        seed: int,
        level: Rank | str | None = None,
        trump: Suit | str | None = None,
        banker: int = 0,
        levels: Sequence[Rank | str] | None = None,
    ) -> State:
        """Deal a round from ``seed`` (SJ-TABLE-3); the dealt kitty stands as buried (SJ-TABLE-5).

        ``level`` is the banker team's level (default the variant's ``start_level``; ``levels``
        gives both teams'); ``trump`` a suit or ``None``/``"none"`` for no-trump. ``variant`` is a
        Variant, or a preset name or path."""
        if not isinstance(variant, Variant):
            loaded = load_variant(variant, game="shengji")
            assert isinstance(loaded, Variant)
            variant = loaded
        players = variant.players
        if not 0 <= banker < players:
            raise CardrulesError(f"banker must be a seat 0..{players - 1}, got {banker}")
        start = Rank.parse(variant.start_level)
        if levels is not None:
            team_levels = [_rank(x) for x in levels]
            if len(team_levels) != 2:
                raise CardrulesError("levels: one rank per team")
        else:
            team_levels = [start, start]
        if level is not None:
            team_levels[banker % 2] = _rank(level)
        size = (variant.decks * 54 - variant.kitty) // players
        dealt, kitty = deal(variant.decks, seed, [size] * players)
        hands = [dealt[(seat - banker) % players] for seat in range(players)]
        return cls(
            variant=variant,
            levels=(team_levels[0], team_levels[1]),
            trump=_suit(trump),
            banker=banker,
            hands=tuple(hands),
            kitty=kitty,
            leader=banker,
        )

    @classmethod
    def from_position(cls, position: Position) -> State:
        """The state of a ``[position]`` (SJ-STATE-1). Refuses 四幺四-only keys, naming them."""
        variant = position.variant
        if not isinstance(variant, Variant):
            raise PositionError("a shengji position needs a shengji variant", key="variant")
        position.refuse("ruling", "out")
        if position.phase != "play":
            raise PositionError(
                f"only the play phase is implemented, got {position.phase!r}", key="phase"
            )
        position.require("hands", "trump", "banker")
        assert position.banker is not None
        players = variant.players
        full = (variant.decks * 54 - variant.kitty) // players
        for seat, hand in enumerate(position.hands):
            if len(hand) > full:
                raise PositionError(
                    f"seat {seat} holds {len(hand)} cards; a deal gives only {full}",
                    key="hands",
                )
        if len(position.kitty) > variant.kitty:
            raise PositionError(
                f"{len(position.kitty)} cards, but this variant's kitty has {variant.kitty}",
                key="kitty",
            )
        levels = position_levels(position)
        points = position.points or (0, 0)
        return cls(
            variant=variant,
            levels=levels,
            trump=position.trump,
            banker=position.banker,
            hands=position.hands,
            kitty=position.kitty,
            points=(points[0], points[1]),
            leader=position.banker if position.leader is None else position.leader,
        )

    # ------------------------------------------------------------------ derived facts
    @property
    def ctx(self) -> TrumpContext:
        """The round's trump context (card order, suits, lanes)."""
        return cast(TrumpContext, self._ctx)

    @property
    def level(self) -> Rank:
        """The round's level: the banker team's."""
        return self.levels[self.banker % 2]

    @property
    def players(self) -> int:
        return self.variant.players

    @property
    def banker_team(self) -> int:
        return self.banker % 2

    @property
    def attacker_team(self) -> int:
        return 1 - self.banker % 2

    @property
    def turn(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def is_over(self) -> bool:
        """True once the hands have run out (SJ-TRICK-8)."""
        return not self.trick and any(not hand for hand in self.hands)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self.hands)

    @property
    def lead(self) -> Combination | None:
        """The combination led to the current trick (after a failed throw: the forced piece)."""
        if not self.trick:
            return None
        return _classify(self.trick[0].cards, self.ctx)

    @property
    def winning_play(self) -> Play | None:
        """The play now winning the current trick."""
        return self.trick[self.top] if self.trick else None

    def parse_move(self, text: MoveText | str) -> Move:
        """A move from its text (``"2: 8S 8D"``); refuses more copies than the decks hold."""
        if isinstance(text, MoveText):
            text.cards.check_within(self.variant.decks)
            return Move.from_text(text)
        return Move.parse(text, decks=self.variant.decks)

    # ------------------------------------------------------------------ legality (written once)
    def explain(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal here, or ``None`` if it is legal."""
        if self.is_over:
            return Illegal("round-over", "SJ-STATE-5", "the round is over: no more plays")
        if not 0 <= move.seat < self.players:
            return Illegal(
                "no-such-seat", "SJ-TABLE-1", f"there is no seat {move.seat} at this table"
            )
        turn = self.turn
        if move.seat != turn:
            return Illegal(
                "not-your-turn",
                "SJ-TRICK-1",
                f"it is seat {turn}'s turn to play, not seat {move.seat}'s",
            )
        if not move.cards:
            return Illegal("empty-play", "SJ-STATE-2", "a play needs at least one card")
        hand = self.hands[move.seat]
        if not move.cards <= hand:
            missing = Cards(
                tuple(max(0, p - h) for p, h in zip(move.cards.counts, hand.counts, strict=True))
            )
            return Illegal("not-in-hand", "SJ-STATE-2", f"you do not hold {missing.pretty()}")
        if not self.trick:
            if _classify(move.cards, self.ctx) is None:
                return Illegal(
                    "mixed-suits",
                    "SJ-THROW-1",
                    f"a lead is cards of one suit (or all trumps); {move.cards.pretty()} mixes "
                    "suits",
                )
            return None
        need = len(self.trick[0].cards)
        if len(hand) < need:
            if move.cards != hand:
                return Illegal(
                    "wrong-count",
                    "SJ-STATE-3",
                    f"you hold only {len(hand)} card(s), fewer than the {need} led: play them all",
                )
            return None
        lead = self.lead
        assert lead is not None
        return explain_follow(lead, hand, move.cards, self.ctx)

    def is_legal(self, move: Move) -> bool:
        return self.explain(move) is None

    def legal_moves(self) -> ShengjiLegalMoves:
        """A lazy view of the legal moves, in a stable order (SJ-STATE-3)."""
        return ShengjiLegalMoves(self)

    def _generate_moves(self) -> Iterator[Move]:
        if self.is_over:
            return
        seat = self.turn
        hand = self.hands[seat]
        if not self.trick:
            for group in _suit_groups(hand, self.ctx):
                order = [i for i, _n in group]
                for size in range(1, sum(n for _i, n in group) + 1):
                    for counts in sub_multisets(hand.counts, size, order=order):
                        yield Move(seat, Cards.unchecked(counts))
            return
        need = len(self.trick[0].cards)
        if len(hand) < need:
            yield Move(seat, hand)
            return
        lead = self.lead
        assert lead is not None
        for cards in iter_follows(lead, hand, self.ctx):
            yield Move(seat, cards)

    def _count_moves(self) -> int:
        if self.is_over:
            return 0
        hand = self.hands[self.turn]
        if not self.trick:
            total = 0
            for group in _suit_groups(hand, self.ctx):
                product = 1
                for _i, n in group:
                    product *= n + 1
                total += product - 1
            return total
        need = len(self.trick[0].cards)
        if len(hand) < need:
            return 1
        lead = self.lead
        assert lead is not None
        return count_follows(lead, hand, self.ctx)

    def random_move(self, rng: random.Random) -> Move:
        """A legal move chosen at random without enumerating the legal moves (for simulations)."""
        if self.is_over:
            raise IllegalMoveError(
                Illegal("round-over", "SJ-STATE-5", "the round is over: no more plays")
            )
        seat = self.turn
        hand = self.hands[seat]
        if self.trick:
            need = len(self.trick[0].cards)
            if len(hand) < need:
                return Move(seat, hand)
            lead = self.lead
            assert lead is not None
            return Move(seat, random_follow(lead, hand, self.ctx, rng))
        groups = _suit_groups(hand, self.ctx)
        group = rng.choice(groups)
        roll = rng.random()
        if roll < 0.1:
            # a throw attempt: a random sub-multiset of one suit
            counts = [0] * 54
            for index, n in group:
                counts[index] = rng.randint(0, n)
            if not any(counts):
                index, n = rng.choice(group)
                counts[index] = n
            return Move(seat, Cards.from_counts(counts))
        index, n = rng.choice(group)
        counts = [0] * 54
        counts[index] = rng.randint(1, n) if roll < 0.6 else n
        return Move(seat, Cards.from_counts(counts))

    # ------------------------------------------------------------------ applying
    def apply(self, move: Move) -> State:
        """The state after ``move``; raises :class:`IllegalMoveError` (changing nothing) if the move
        is illegal."""
        reason = self.explain(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return self._play(move)

    def _play(self, move: Move) -> State:
        ctx = self.ctx
        seat = move.seat
        if not self.trick:
            combo = _classify(move.cards, ctx)
            assert combo is not None
            played = move.cards
            failed: Cards | None = None
            penalties = self.penalties
            if combo.name == "throw":
                outcome = resolve_throw(combo, seat, self.hands, ctx)
                if not outcome.stands:
                    played = outcome.led
                    failed = move.cards
                    penalties = _bump(penalties, seat, self.variant.throw_penalty)
            hands = _replace(self.hands, seat, self.hands[seat] - played)
            return attrs.evolve(
                self,
                hands=hands,
                trick=(Play(seat, played),),
                top=0,
                failed_throw=failed,
                penalties=penalties,
            )
        hands = _replace(self.hands, seat, self.hands[seat] - move.cards)
        trick = (*self.trick, Play(seat, move.cards))
        top = self.top
        if self._beats_top(move.cards):
            top = len(trick) - 1
        if len(trick) < self.players:
            return attrs.evolve(self, hands=hands, trick=trick, top=top)
        return self._finish_trick(hands, trick, top)

    def _beats_top(self, cards: Cards) -> bool:
        """Does this follow take the trick from the play now on top (SJ-TRICK-2, 3)?"""
        ctx = self.ctx
        combo = _classify(cards, ctx)
        if combo is None:
            return False
        top = _classify(self.trick[self.top].cards, ctx)
        lead = _classify(self.trick[0].cards, ctx)
        assert top is not None and lead is not None
        return beats(top, combo, ctx, lead=lead)

    def _finish_trick(self, hands: tuple[Cards, ...], trick: tuple[Play, ...], top: int) -> State:
        winner = trick[top].seat
        team = winner % 2
        won = tuple(map(sum, zip(*(play.cards.counts for play in trick), strict=True)))
        gained = sum(won[i] * value for i, value in point_slots(self.variant.point_values))
        points = list(self.points)
        points[team] += gained
        taken = list(self.taken)
        taken[team] = Cards(tuple(map(add, taken[team].counts, won)))
        bonus: KittyBonus | None = None
        if any(not hand for hand in hands):
            lead = _classify(trick[0].cards, self.ctx)
            winning = _classify(trick[top].cards, self.ctx)
            assert lead is not None and winning is not None
            bonus = kitty_bonus(
                kitty_points=points_of(self.kitty, self.variant.point_values),
                mode=self.variant.kitty_multiplier,
                largest_piece=max(piece.size for piece in lead.pieces),
                attackers_won=team == self.attacker_team,
                won_with_trump=winning.is_trump,
            )
            points[self.attacker_team] += bonus.points
        return attrs.evolve(
            self,
            hands=hands,
            trick=(),
            top=-1,
            failed_throw=None,
            leader=winner,
            points=(points[0], points[1]),
            taken=(taken[0], taken[1]),
            tricks_played=self.tricks_played + 1,
            last_trick=trick,
            last_winner=winner,
            kitty_bonus=bonus,
        )

    # ------------------------------------------------------------------ results and views
    def result(self) -> RoundResult:
        """The attackers' points with the kitty included (SJ-TRICK-8); only once the round is
        over."""
        if not self.is_over:
            raise IllegalMoveError(
                Illegal("round-not-over", "SJ-STATE-5", "the round is still being played")
            )
        return RoundResult(
            banker=self.banker,
            banker_team=self.banker_team,
            attacker_team=self.attacker_team,
            attacker_points=self.points[self.attacker_team],
            banker_points=self.points[self.banker_team],
            kitty=self.kitty_bonus,
            penalties=self.penalties,
        )

    def view(self, seat: int) -> View:
        """What ``seat`` may see (SJ-STATE-4)."""
        return View.of(self, seat)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = _converter().unstructure(self)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> State:
        """Read what :meth:`to_json` wrote (a mapping, or its JSON text)."""
        return structure(data, cls, "Shengji state")

    def __repr__(self) -> str:
        trick = ", ".join(str(p) for p in self.trick)
        return (
            f"<State trick {self.tricks_played + 1}, turn {self.turn}, points {list(self.points)}"
            f", trick [{trick}]>"
        )


# ---------------------------------------------------------------------- helpers


class _SplitMixRandom(random.Random):
    """A :class:`random.Random` drawing from the library's :class:`SplitMix64`, so a seeded
    simulation is the same on every machine and Python version."""

    def __init__(self, source: SplitMix64) -> None:
        self._source = source
        super().__init__(0)

    def random(self) -> float:
        return (self._source.next_u64() >> 11) * (1.0 / (1 << 53))

    def getrandbits(self, k: int) -> int:
        bits, value = 0, 0
        while bits < k:
            value = (value << 64) | self._source.next_u64()
            bits += 64
        return value >> (bits - k)


def random_move(state: State, rng: random.Random | SplitMix64) -> Move:
    """A random legal move of ``state`` (see :meth:`State.random_move`); ``rng`` may be a
    :class:`random.Random` or the library's :class:`SplitMix64`."""
    if isinstance(rng, SplitMix64):
        rng = _SplitMixRandom(rng)
    return state.random_move(rng)


def _rank(value: Rank | str) -> Rank:
    return value if isinstance(value, Rank) else Rank.parse(value)


def _suit(value: Suit | str | None) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    return None if value.strip().lower() == "none" else Suit.parse(value)


def position_levels(position: Position) -> tuple[Rank, Rank]:
    """Both teams' levels from a position (default: the variant's ``start_level``)."""
    if position.levels:
        return (position.levels[0], position.levels[1])
    start = Rank.parse(getattr(position.variant, "start_level", "2"))
    return (start, start)


def _replace(hands: tuple[Cards, ...], seat: int, hand: Cards) -> tuple[Cards, ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


def _bump(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return (*values[:seat], values[seat] + amount, *values[seat + 1 :])


@lru_cache(maxsize=8192)
def _classify_cached(counts: tuple[int, ...], ctx: TrumpContext) -> Combination | None:
    return classify(Cards(counts), ctx)


def _classify(cards: Cards, ctx: TrumpContext) -> Combination | None:
    return _classify_cached(cards.counts, ctx)


def _suit_groups(hand: Cards, ctx: TrumpContext) -> list[list[tuple[int, int]]]:
    """The hand split by suit key (plain suits, then trumps): ``(card index, count)`` per distinct
    card, weakest first, so lead enumeration has a stable order."""
    groups: dict[int, list[tuple[int, int]]] = {}
    keys = ctx.suit_keys
    for index, n in enumerate(hand.counts):
        if n:
            groups.setdefault(keys[index], []).append((index, n))
    strengths = ctx.strengths
    out = []
    for key in sorted(groups):
        group = groups[key]
        group.sort(key=lambda item: (strengths[item[0]], item[0]))
        out.append(group)
    return out


def _converter() -> Any:
    return converter


converter.register_unstructure_hook(
    State, make_dict_unstructure_fn(State, converter, _ctx=override(omit=True))
)
converter.register_structure_hook(
    State, make_dict_structure_fn(State, converter, _ctx=override(omit=True))
)
