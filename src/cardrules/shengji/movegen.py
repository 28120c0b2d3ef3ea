"""Listing the legal moves of Shengji's play phase from what the mover may see — the public
table (a :class:`~cardrules.shengji.rules.Situation`: a state or a view) and the mover's own hand:
:func:`generate` lists them lazily, :func:`count` counts them without listing, :func:`describe`
describes them as families, :func:`random_play` draws one cheaply, SJ-STATE-3 (The legal moves).
The legality they list is :func:`cardrules.shengji.rules.explain`'s.
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from itertools import compress

from cardrules.cards import CARD_COUNT
from cardrules.errors import Illegal
from cardrules.implements import implements
from cardrules.legal import Choice, Description, PieceNeed, check_listable
from cardrules.limits import MAX_LISTED_MOVES
from cardrules.multiset import Cards
from cardrules.shengji.combos import piece_name
from cardrules.shengji.follow_listing import (
    count_follows,
    describe_follows,
    follow_listing_size,
    iter_follows,
    random_follow,
    sub_multisets,
)
from cardrules.shengji.moves import Move, MoveKind, make_move
from cardrules.shengji.order import Table
from cardrules.shengji.rules import Situation, classify_cached

__all__ = ["count", "describe", "draw_lead", "generate", "random_play", "suit_groups"]


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


@implements("SJ-STATE-3")
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
    (:func:`~cardrules.shengji.follow_listing.describe_follows`), or the few pieces it must be,
    or the whole of a short hand. ``judge`` is the asker's ``explain`` (a state's or a view's)."""
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
    follow from :func:`~cardrules.shengji.follow_listing.random_follow`; a lead is a tuple of one
    card kind, now and then all of it or a random set of one suit (a throw attempt)."""
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
