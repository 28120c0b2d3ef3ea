"""四副升级 play-phase legality, written once: :func:`explain` says why a move is illegal from
what the mover may see — the public table (a :class:`Situation`: a state or a view) and the
mover's own hand — and :func:`generate`, :func:`count` and :func:`random_play` list, count and
draw the legal moves of the seat in turn from the same facts. So a
:class:`~cardrules.shengji.view.View` answers exactly as the state does for its seat.
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import compress
from typing import Protocol

from cardrules.cards import CARD_COUNT, Rank
from cardrules.errors import Illegal
from cardrules.game import common_refusal
from cardrules.legal import Choice, Description, PieceNeed, check_listable
from cardrules.limits import MAX_LISTED_MOVES
from cardrules.multiset import Cards
from cardrules.notation import MoveText, move_text
from cardrules.shengji.codes import CODES
from cardrules.shengji.combos import Combination, classify, classify_piece, piece_name
from cardrules.shengji.follow import (
    count_follows,
    describe_follows,
    explain_follow,
    follow_listing_size,
    iter_follows,
    random_follow,
    sub_multisets,
)
from cardrules.shengji.match.phases import Phase
from cardrules.shengji.moves import Move, MoveKind, Top, make_move
from cardrules.shengji.order import Table
from cardrules.shengji.variant import Variant

__all__ = [
    "CODES",
    "RoundFacts",
    "Situation",
    "classify_cached",
    "count",
    "describe",
    "explain",
    "generate",
    "grounds",
    "parse_move",
    "piece_cached",
    "random_play",
    "suit_groups",
]

_refuse = CODES.refuse


class Situation(Protocol):
    """The public table of a Shengji play phase: what every seat sees."""

    @property
    def variant(self) -> Variant:
        """The variant the round is played by."""
        ...

    @property
    def ctx(self) -> Table:
        """The round's trump context (level and trump suit)."""
        ...

    @property
    def trick(self) -> tuple[Move, ...]:
        """The plays of the current trick, oldest first."""
        ...

    @property
    def turn(self) -> int | None:
        """The seat to play; ``None`` once the round is over."""
        ...

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the round is over."""
        ...


class RoundFacts:
    """Mixin of :class:`~cardrules.shengji.state.State` and :class:`~cardrules.shengji.view.View`:
    what both derive alike from the public table."""

    __slots__ = ()

    # the fields every subclass has
    variant: Variant
    levels: tuple[Rank, Rank]
    banker: int
    leader: int
    trick: tuple[Move, ...]
    ctx: Table
    _winning: int

    @property
    def is_over(self) -> bool:  # pragma: no cover - each subclass counts its own way
        """Whether the round is over (every trick played)."""
        raise NotImplementedError

    @property
    def level(self) -> Rank:
        """The round's level: the banker team's."""
        return self.levels[self.banker % 2]

    @property
    def phase(self) -> Phase:
        """``play``: a round's play state and its views are a match's play phase."""
        return Phase.PLAY

    @property
    def trump_context(self) -> Table:
        """The round's card order (trump, level, which cards are trumps and how strong), as a
        match view gives it from the burial on: the same accessor on a play state, its views and
        a match view, SJ-TRUMP-1 (The round's level and trump suit)."""
        return self.ctx

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self.variant.players

    @property
    def turn(self) -> int | None:
        """The seat to play next (``None`` once the round is over)."""
        if self.is_over:
            return None
        return (self.leader + len(self.trick)) % self.variant.players

    @property
    def top(self) -> Top | None:
        """The play now winning the current trick (after a failed throw: the forced piece)."""
        if not self.trick:
            return None
        play = self.trick[self._winning]
        combo = classify_cached(play.cards, self.ctx)
        assert combo is not None
        return Top(play.seat, play.cards, combo)


@lru_cache(maxsize=8192)
def _classify_counts(counts: tuple[int, ...], ctx: Table) -> Combination | None:
    return classify(Cards.unchecked(counts), ctx)


def classify_cached(cards: Cards, ctx: Table) -> Combination | None:
    """:func:`~cardrules.shengji.combos.classify`, remembered (tricks classify the same plays
    again and again)."""
    return _classify_counts(cards.counts, ctx)


@lru_cache(maxsize=8192)
def _piece_counts(counts: tuple[int, ...], ctx: Table) -> Combination | None:
    return classify_piece(Cards.unchecked(counts), ctx)


def piece_cached(cards: Cards, ctx: Table) -> Combination | None:
    """:func:`~cardrules.shengji.combos.classify_piece`, remembered."""
    return _piece_counts(cards.counts, ctx)


# ---------------------------------------------------------------------- legality
def explain(sit: Situation, move: object, hand: Cards | None) -> Illegal | None:
    """Why ``move`` is illegal in ``sit``, or ``None`` if it is legal. ``hand`` is the mover's
    hand (``None``: not known to the caller, as for a view asked about another seat)."""
    common = common_refusal(CODES, move, Move, sit.players, hand, sit.is_over)
    if common is not None or not isinstance(move, Move) or hand is None:
        return common
    seat = move.seat
    if move.kind is not MoveKind.PLAY:
        return _refuse("wrong-phase", f"the play phase takes plays, not a {move.kind}")
    turn = sit.turn
    if seat != turn:
        return _refuse("not-your-turn", f"it is seat {turn}'s turn to play, not seat {seat}'s")
    cards = move.cards
    if not cards <= hand:
        missing = Cards.unchecked(
            tuple(max(0, p - h) for p, h in zip(cards.counts, hand.counts, strict=True))
        )
        return _refuse("not-in-hand", f"you do not hold {missing.pretty()}")
    ctx = sit.ctx
    trick = sit.trick
    if not trick:
        if classify_cached(cards, ctx) is None:
            return _refuse(
                "mixed-suits",
                f"a lead is cards of one suit (or all trumps); {cards.pretty()} mixes suits",
            )
        return None
    need = len(trick[0].cards)
    if len(hand) < need:
        # positions only: a short hand plays everything, SJ-STATE-3 (The legal moves)
        if cards != hand:
            return _refuse(
                "wrong-count",
                f"you hold only {len(hand)} card(s), fewer than the {need} led: play them all",
            )
        return None
    lead = classify_cached(trick[0].cards, ctx)
    assert lead is not None
    return explain_follow(lead, hand, cards, ctx)


# ---------------------------------------------------------------------- listing
def suit_groups(hand: Cards, ctx: Table) -> list[list[tuple[int, int]]]:
    """The hand split by suit key (plain suits, then trumps): ``(card index, count)`` per distinct
    card, weakest first (by strength, then card index), so lead enumeration has a stable order."""
    counts = hand.counts
    out = []
    for order, pick in _weakest_first(ctx):
        held = pick(counts)
        if any(held):
            out.append(list(compress(zip(order, held, strict=True), held)))
    return out


@lru_cache(maxsize=256)
def _weakest_first(
    ctx: Table,
) -> tuple[tuple[tuple[int, ...], Callable[[Sequence[int]], tuple[int, ...]]], ...]:
    """Per suit key (ascending) that has cards: its card indices by strength, then index, and a
    picker of their counts in that order."""
    strengths = ctx.strengths
    out = []
    for cards in ctx.cards_of_suit:
        order = tuple(sorted(cards, key=lambda i: (strengths[i], i)))
        if order:
            out.append((order, _picker(order)))
    return tuple(out)


def _picker(order: tuple[int, ...]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    """The counts of the cards in ``order`` (one or more), as a tuple."""
    if len(order) == 1:
        only = order[0]
        return lambda counts: (counts[only],)
    getter: Callable[[Sequence[int]], tuple[int, ...]] = operator.itemgetter(*order)
    return getter


def generate(sit: Situation, seat: int, hand: Cards) -> Iterator[Move]:
    """The legal moves of ``seat`` holding ``hand``, lazily, in a stable order, SJ-STATE-3 (The
    legal moves): a lead is any non-empty set of one suit; a follow, what the follow rule
    allows."""
    if sit.is_over or seat != sit.turn:
        return
    ctx = sit.ctx
    trick = sit.trick
    # CORE-API-3 (Choices too large to list): the size is known before the first move is built
    if not trick:
        groups = suit_groups(hand, ctx)
        check_listable(_lead_count(groups), f"seat {seat}'s lead")
        for group in groups:
            order = [i for i, _n in group]
            for size in range(1, sum(n for _i, n in group) + 1):
                for counts in sub_multisets(hand.counts, size, order=order):
                    yield make_move(seat, Cards.unchecked(counts))
        return
    need = len(trick[0].cards)
    held = len(hand)
    if held < need:
        yield Move(seat, MoveKind.PLAY, hand)
        return
    lead = classify_cached(trick[0].cards, ctx)
    assert lead is not None
    if math.comb(held, need) > MAX_LISTED_MOVES:  # else fewer sets of `need` cards than the limit
        follows = follow_listing_size(lead, hand, ctx, MAX_LISTED_MOVES)
        if follows is None or follows > MAX_LISTED_MOVES:
            check_listable(follows, f"seat {seat}'s follow")
    for cards in iter_follows(lead, hand, ctx):
        yield make_move(seat, cards)


def _lead_count(groups: list[list[tuple[int, int]]]) -> int:
    """How many leads the suit groups give: the non-empty sets of one group's cards."""
    total = 0
    for group in groups:
        product = 1
        for _i, n in group:
            product *= n + 1
        total += product - 1
    return total


def count(sit: Situation, seat: int, hand: Cards) -> int:
    """How many moves :func:`generate` yields, counted without listing them."""
    if sit.is_over or seat != sit.turn:
        return 0
    ctx = sit.ctx
    trick = sit.trick
    if not trick:
        return _lead_count(suit_groups(hand, ctx))
    need = len(trick[0].cards)
    if len(hand) < need:
        return 1
    lead = classify_cached(trick[0].cards, ctx)
    assert lead is not None
    return count_follows(lead, hand, ctx)


def describe(
    sit: Situation, seat: int, hand: Cards, judge: Callable[[Move], Illegal | None]
) -> Description[Move]:
    """The legal moves of ``seat`` holding ``hand`` described without listing them,
    CORE-API-3 (Choices too large to list): a lead is one family per suit key held, any 1 to
    all of its cards, SJ-THROW-1 (What may be led); a follow one family
    (:func:`~cardrules.shengji.follow.describe_follows`), or the few pieces it must be, or the
    whole of a short hand. ``judge`` is the asker's ``explain`` (a state's or a view's)."""
    if sit.is_over or seat != sit.turn:
        return Description(game="shengji")
    ctx = sit.ctx
    trick = sit.trick

    def family(
        required: Cards,
        pool: Cards,
        least: int,
        most: int,
        count: int | None,
        clause: str,
        pieces: tuple[PieceNeed, ...] = (),
    ) -> Choice[Move]:
        return Choice(
            seat=seat,
            kind=MoveKind.PLAY.value,
            required=required,
            pool=pool,
            least=least,
            most=most,
            pieces=pieces,
            count=count,
            clause=clause,
            make=lambda cards: make_move(seat, cards),
            judge=judge,
        )

    if not trick:
        choices = []
        for group in suit_groups(hand, ctx):
            counts = [0] * CARD_COUNT
            for i, n in group:
                counts[i] = n
            pool = Cards.unchecked(tuple(counts))
            choices.append(family(Cards(), pool, 1, len(pool), _lead_count([group]), "SJ-THROW-1"))
        return Description.counted("shengji", (), tuple(choices))
    need = len(trick[0].cards)
    if len(hand) < need:
        return Description(game="shengji", moves=(Move(seat, MoveKind.PLAY, hand),))
    lead = classify_cached(trick[0].cards, ctx)
    assert lead is not None
    found = describe_follows(lead, hand, ctx, MAX_LISTED_MOVES)
    if found.listed is not None:
        return Description(game="shengji", moves=tuple(make_move(seat, c) for c in found.listed))
    needs = tuple(
        PieceNeed(name=piece_name(w, m), width=w, length=m, count=n, options=options)
        for w, m, n, options in found.pieces
    )
    choice = family(
        found.required, found.pool, found.size, found.size, found.count, found.clause, needs
    )
    return Description(game="shengji", choices=(choice,), listable=found.listable)


def random_play(sit: Situation, seat: int, hand: Cards, rng: random.Random) -> Move:
    """A legal move of the seat in turn, drawn cheaply without listing (for simulations): a
    follow from :func:`~cardrules.shengji.follow.random_follow`; a lead is a tuple of one card
    kind, now and then all of it or a random set of one suit (a throw attempt)."""
    ctx = sit.ctx
    trick = sit.trick
    if trick:
        need = len(trick[0].cards)
        if len(hand) < need:
            return Move(seat, MoveKind.PLAY, hand)
        lead = classify_cached(trick[0].cards, ctx)
        assert lead is not None
        return make_move(seat, random_follow(lead, hand, ctx, rng))
    # a choice among the suit keys held, as among suit_groups' groups (as many, in the same
    # order, so the same draw), listing only the chosen group
    have = hand.counts
    keys = [(order, held) for order, pick in _weakest_first(ctx) if any(held := pick(have))]
    order, held = rng.choice(keys)
    group = list(compress(zip(order, held, strict=True), held))
    return make_move(seat, draw_lead(group, rng))


def draw_lead(group: Sequence[tuple[int, int]], rng: random.Random) -> Cards:
    """A random lead from one suit group's ``(card index, copies held)``: mostly one card kind,
    some or all of its copies; now and then a random set of the group (a throw attempt)."""
    roll = rng.random()
    counts = [0] * CARD_COUNT
    if roll < 0.1:
        for index, n in group:
            counts[index] = rng.randint(0, n)
        if not any(counts):
            index, n = rng.choice(group)
            counts[index] = n
    else:
        index, n = rng.choice(group)
        counts[index] = rng.randint(1, n) if roll < 0.6 else n
    return Cards.unchecked(tuple(counts))


# ---------------------------------------------------------------------- reading a move
def parse_move(sit: Situation, text: MoveText | str) -> Move:
    """A move from its text (``"2: 8S 8D"``); refuses more copies than the decks hold."""
    return Move.from_text(move_text(text, decks=sit.variant.decks, verbs=Move.verbs()))


# ---------------------------------------------------------------------- why a move is legal
def grounds(sit: Situation, move: Move, hand: Cards) -> tuple[str, ...]:
    """The clauses a legal ``move`` by the seat holding ``hand`` rests on — what makes it allowed
    here (a judge cites them for a legal ruling as it cites the refusing clause for an illegal
    one). ``move`` must be legal in ``sit``."""
    ctx = sit.ctx
    trick = sit.trick
    combo = classify_cached(move.cards, ctx)
    if not trick:
        assert combo is not None
        if combo.is_throw:
            return ("SJ-THROW-1", "SJ-UNIT-4", "SJ-THROW-2")
        unit = "SJ-UNIT-2" if combo.pieces[0].length > 1 else "SJ-UNIT-1"
        return ("SJ-THROW-1", unit)
    lead = classify_cached(trick[0].cards, ctx)
    assert lead is not None
    need = lead.size
    if len(hand) < need:
        return ("SJ-STATE-3",)
    key = lead.suit_key
    held = sum(hand.counts[i] for i in ctx.cards_of_suit[key])
    played = sum(move.cards.counts[i] for i in ctx.cards_of_suit[key])
    out = ["SJ-FOLLOW-1"]
    if held:
        out.append("SJ-FOLLOW-2")
    if held > need:
        out += ["SJ-FOLLOW-5" if lead.is_throw else "SJ-FOLLOW-3", "SJ-FOLLOW-4"]
    if played < need:
        out.append("SJ-FOLLOW-6")  # short of the led suit: the rest is a ruff or a discard
    return tuple(out)
