"""The legal follows of Shengji listed, counted, described and drawn from the follow rule of
:mod:`cardrules.shengji.follow`: :func:`iter_follows` (every legal follow, in a fixed order),
:func:`count_follows`, :func:`describe_follows` and :func:`follow_listing_size` (a family when
they are too many to list, CORE-API-3 (Choices too large to list)), :func:`random_follow` and
:func:`cheapest_follow` — each asks whether a choice holds the pieces of the hand's best ladder
vector, SJ-FOLLOW-4 (The follow must be the best the hand allows) — and
``sub_multisets``, the sets of cards of one size from a hand in a fixed order.
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
import random
from collections.abc import Callable, Iterable, Iterator, Sequence

import attrs

from cardrules.cards import CARD_COUNT, Card, all_cards
from cardrules.errors import CardrulesError
from cardrules.legal import TooManyMovesError
from cardrules.multiset import Cards, count_sub_multisets
from cardrules.shengji import packing
from cardrules.shengji.combos import Combination, iter_placements
from cardrules.shengji.follow import Ladder, _holds_piece, _lead_ladder, _of_key, ladder_for
from cardrules.shengji.follow_fast import (
    _ALL,
    Shape,
    Vec,
    _exact,
    _holds_need,
    _need,
    _owed,
    _run_keys,
    _Suit,
    _suit,
)
from cardrules.shengji.order import Table

__all__ = [
    "FollowFamily",
    "cheapest_follow",
    "count_follows",
    "describe_follows",
    "follow_listing_size",
    "iter_follows",
    "random_follow",
]


def _held_and_suffix(counts: Sequence[int], order: Sequence[int]) -> tuple[list[int], list[int]]:
    """The cards of ``order`` that ``counts`` holds, and for each position ``k`` of that list the
    number of cards held from there on (one more entry, 0, at the end)."""
    held = [i for i in order if counts[i]]
    suffix = list(itertools.accumulate([counts[i] for i in reversed(held)], initial=0))
    suffix.reverse()
    return held, suffix


def sub_multisets(
    counts: Sequence[int], size: int, order: Sequence[int] | None = None
) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``size`` cards, as count vectors, in a fixed order: cards are
    decided in ``order`` (default: card index), more copies of earlier cards first — the
    numbers taken per held card, read in that order, fall lexicographically.

    Walked without recursion: the first choice takes greedily; each next one takes one copy
    fewer of the last card where that still leaves room for the cards after it, and refills
    greedily after it."""
    if order is None:
        held = list(itertools.compress(_ALL, counts))
    else:
        held = [i for i in order if counts[i]]
    return _multisets(held, [counts[i] for i in held], size)


def _multisets(
    held: list[int], caps: list[int], size: int, base: list[int] | None = None
) -> Iterator[tuple[int, ...]]:
    """``sub_multisets`` of the cards ``held`` (in their order), ``caps[k]`` copies of
    ``held[k]``, each added to ``base`` (54 counts, none of them at the cards ``held``)."""
    room = list(itertools.accumulate(reversed(caps), initial=0))
    room.reverse()  # room[k]: the cards held at positions k and after
    if room[0] < size:
        return
    n = len(held)
    take = [0] * n
    out = [0] * CARD_COUNT if base is None else base
    k = 0
    left = size
    while left:  # the first choice: greedy
        t = caps[k] if caps[k] < left else left
        take[k] = t
        out[held[k]] = t
        left -= t
        k += 1
    while True:
        yield tuple(out)
        # The last position j that can give up a copy: the cards after it (`after`, taken
        # from positions j+1…) plus one more must fit there.
        after = 0
        j = n - 1
        while j >= 0:
            t = take[j]
            if t and room[j + 1] > after:
                break
            after += t
            j -= 1
        else:
            return
        take[j] -= 1
        out[held[j]] -= 1
        left = after + 1
        for m in range(j + 1, n):
            t = caps[m] if caps[m] < left else left
            take[m] = t
            out[held[m]] = t
            left -= t


@functools.cache
def _unit(i: int, width: int) -> tuple[int, ...]:
    """The count vector of ``width`` copies of card ``i``."""
    vector = [0] * CARD_COUNT
    vector[i] = width
    return tuple(vector)


def _pieces(
    counts: Sequence[int], suit: _Suit, width: int, length: int
) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Every distinct piece of shape ``(width, length)`` that can be cut from ``counts`` in the
    suit (what ``iter_placements(..., every_kind=True)`` yields), as its count vector mapped to its
    cards."""
    out: dict[tuple[int, ...], tuple[int, ...]] = {}
    if length == 1:
        for lane in suit.lanes:
            for pos in lane:
                for i in pos:
                    if counts[i] >= width:
                        out[_unit(i, width)] = (i,)
        return out
    for lane in suit.lanes:
        if len(lane) < length:
            continue
        ok = [[i for i in pos if counts[i] >= width] for pos in lane]
        for start in range(len(lane) - length + 1):
            window = ok[start : start + length]
            if not all(window):
                continue
            for choice in itertools.product(*window):
                vector = [0] * CARD_COUNT
                for i in choice:
                    vector[i] = width
                out[tuple(vector)] = choice
    return out


def _lead_size(lead: Combination) -> int:
    pieces = lead.pieces
    if len(pieces) == 1:
        return pieces[0].width * pieces[0].length
    return lead.size


def _owes_piece(counts: Sequence[int], suit: _Suit, width: int, length: int, ctx: Table) -> bool:
    """Whether a hand holding ``counts`` owes a piece of the lead's own shape — holds one, and
    under ``longer_tuples`` holds one of cards held exactly ``width`` times, SJ-FOLLOW-8
    (Protected holdings). Then the legal follows are exactly the pieces of that shape it holds
    (cut or not)."""
    if ctx.protect_longer:
        counts = [n if _exact(n, width) else 0 for n in counts]
    if length == 1:
        return max(suit.of(counts)) >= width
    return _holds_piece(counts, suit, width, length)


def _alts(counts: Sequence[int], suit: _Suit, ladder: Ladder, ctx: Table) -> tuple[Vec, ...]:
    """The per-shape piece counts of which a follow must hold one (:func:`_owed`)."""
    return _owed(counts, suit, ladder, ctx.protect_longer)[1]


#: The most follows counted by listing them when a protected hand leaves several ways to meet
#: what it owes (SJ-FOLLOW-8 (Protected holdings)); past it the count is not given.
_UNION_COUNT_LIMIT = 2000


def _count_listed(lead: Combination, hand: Cards, ctx: Table, limit: int) -> int | None:
    """How many follows :func:`iter_follows` lists, or ``None`` past ``limit``."""
    n = 0
    for _ in iter_follows(lead, hand, ctx):
        n += 1
        if n > limit:
            return None
    return n


def iter_follows(lead: Combination, hand: Cards, ctx: Table) -> Iterator[Cards]:
    """Every legal follow as a distinct multiset, lazily, in a fixed order: led-suit cards decided
    in card-index order, more copies first (``sub_multisets``). Every one of them is accepted
    by :func:`~cardrules.shengji.follow.explain_follow`.

    When one piece is led and the hand holds such a piece, the legal follows are exactly the
    pieces of that shape it holds (a play of as many cards that holds one is that piece), listed
    directly in that order; otherwise choices are enumerated, pruned by the ladder."""
    pieces = lead.pieces
    if len(pieces) == 1:
        width, length = pieces[0].width, pieces[0].length
        need = width * length
    else:
        need = lead.size
    hc = hand.counts
    key = lead.suit_key
    suit = _suit(ctx, key)
    order = ctx.cards_of_suit[key]
    held_counts = suit.of(hc)
    held_n = sum(held_counts)
    if held_n <= need:
        if held_n < need and sum(hc) < need:
            return
        # Every led-suit card, then the other cards in card-index order.
        others = suit.of_others(hc)
        walk = _multisets(
            list(itertools.compress(suit.others, others)),
            list(filter(None, others)),
            need - held_n,
            list(map(operator.mul, hc, suit.mask)),
        )
        for counts in walk:
            yield Cards.unchecked(counts)
        return
    if (len(pieces) == 1 and width == 1) or max(held_counts) < 2:
        walk = _multisets(
            list(itertools.compress(order, held_counts)), list(filter(None, held_counts)), need
        )
        for counts in walk:
            yield Cards.unchecked(counts)
        return
    ladder = _lead_ladder(lead, ctx)
    if not ladder.steps:  # a throw of single cards
        for counts in sub_multisets(hc, need, order=order):
            yield Cards.unchecked(counts)
        return
    if len(pieces) == 1 and (not ctx.protect_longer or _owes_piece(hc, suit, width, length, ctx)):
        found = False
        if length == 1:  # tuples: one card each, listed by card index
            for i in itertools.compress(order, held_counts):
                if hc[i] >= width:
                    yield Cards.unchecked(_unit(i, width))
                    found = True
            if found:
                return
        elif _holds_piece(hc, suit, width, length):
            for counts in sorted(_pieces(hc, suit, width, length), reverse=True):
                yield Cards.unchecked(counts)
            return
    yield from _search_follows(
        hc, need, order, held_counts, suit, ladder, _alts(hc, suit, ladder, ctx)
    )


def _search_follows(
    counts: tuple[int, ...],
    need: int,
    order: Sequence[int],
    held_counts: Sequence[int],
    suit: _Suit,
    ladder: Ladder,
    alts: tuple[Vec, ...],
) -> Iterator[Cards]:
    """The legal follows among the ``need``-card choices of the led suit (``held_counts`` of
    the cards ``order``), in the order of ``sub_multisets``, whose walk this repeats — as a
    loop over the decided cards, not a recursion. By SJ-FOLLOW-4 (The follow must be the best
    the hand allows) a legal follow is a choice holding disjoint pieces in the numbers the hand's
    best vector uses (``req``, ``size`` cards in all). The walk goes into a branch only when it
    holds a legal follow, so it never searches in vain: the cards decided so far, with every
    card after them still available, must hold those pieces using at most as many of the cards
    after them as are still to take (:func:`~cardrules.shengji.packing.within`). Two cheaper
    tests come first: a card taken at most once and no longer available more often is in no
    piece, so once such forced cards and ``size`` exceed ``need`` that number of the card fails;
    and when the cards still available cannot hold the pieces at all, no smaller number of this
    card can, so the level is spent (a card held once is in no piece: it is not asked). Under
    ``longer_tuples`` a follow may hold any one of several sets of pieces (``alts``,
    :func:`~cardrules.shengji.follow_fast._owed`): a branch is entered when one of them passes,
    and the level is spent when none can be held any more."""
    wants = [
        (_need(req, ladder), sum(n * w * m for n, (w, m) in zip(req, ladder.shapes, strict=True)))
        for req in alts
    ]
    held = list(itertools.compress(order, held_counts))
    caps = list(filter(None, held_counts))
    room = list(itertools.accumulate(reversed(caps), initial=0))
    room.reverse()  # room[k]: the cards held at positions k and after
    n = len(held)
    out = [0] * CARD_COUNT
    avail = list(counts)
    take = [0] * n  # what level k (the card held[k]) takes now
    lefts = [0] * (n + 1)  # cards still to take when level k is decided
    looses = [0] * (n + 1)  # cards taken at most once before level k
    lefts[0] = need
    decided: set[int] = set()
    k = 0
    t = min(caps[0], need)  # the next number level k tries
    while k >= 0:
        i = held[k]
        c = caps[k]
        left = lefts[k]
        forced = 0
        decided.add(i)
        while t >= 0:
            if room[k + 1] < left - t:  # the cards after this one cannot make up the rest
                t = -1
                break
            avail[i] = t
            forced = looses[k] + (t if t <= 1 else 0)
            dead = 0
            passed = False
            for want, size in wants:
                if size + forced > need:
                    continue
                if t < c > 1 and not _holds_need(_run_keys(avail, suit), want):
                    dead += 1
                    continue
                if _grows(avail, suit, decided, want, left - t):
                    passed = True
                    break
            if passed:
                break
            if dead == len(wants):
                t = -1
                break
            t -= 1
        if t < 0:  # this level is spent: back to the one before
            out[i] = 0
            avail[i] = c
            decided.discard(i)
            k -= 1
            if k >= 0:
                t = take[k] - 1
            continue
        out[i] = t
        take[k] = t
        if t == left:  # a complete choice (legal: it passed the test with nothing left)
            yield Cards.unchecked(tuple(out))
            t -= 1
            continue
        lefts[k + 1] = left - t
        looses[k + 1] = forced
        k += 1
        t = min(caps[k], left - t)


def _runs_cards(
    counts: Sequence[int], suit: _Suit
) -> tuple[tuple[packing.Run, ...], tuple[tuple[tuple[int, ...], ...], ...]]:
    """The runs of ``counts`` in the suit (as :data:`~cardrules.shengji.packing.Run`) and, per
    run and position, the card indices behind its counts (held twice or more, most first)."""
    runs: list[packing.Run] = []
    cards: list[tuple[tuple[int, ...], ...]] = []
    for lane in suit.lanes:
        run: list[tuple[int, ...]] = []
        kinds: list[tuple[int, ...]] = []
        for pos in lane:
            here: tuple[int, ...]
            if len(pos) == 1:
                here = (pos[0],) if counts[pos[0]] >= 2 else ()
            else:
                here = tuple(sorted((i for i in pos if counts[i] >= 2), key=lambda i: -counts[i]))
            if here:
                run.append(tuple(counts[i] for i in here))
                kinds.append(here)
            elif run:
                runs.append(tuple(run))
                cards.append(tuple(kinds))
                run, kinds = [], []
        if run:
            runs.append(tuple(run))
            cards.append(tuple(kinds))
    return tuple(runs), tuple(cards)


def _grows(
    avail: Sequence[int], suit: _Suit, decided: set[int], want: packing.Need, most: int
) -> bool:
    """Whether the choice so far (the ``decided`` cards, as ``avail`` holds them) can grow into
    a follow: ``avail`` holds the pieces ``want`` using at most ``most`` copies of the cards not
    yet decided (the cards still to take)."""
    runs, cards = _runs_cards(avail, suit)
    free = tuple(tuple(tuple(i in decided for i in pos) for pos in run) for run in cards)
    return packing.within(runs, want, free, most)


def _ranked(unit: Sequence[float]) -> tuple[int, ...]:
    return tuple(sorted(range(CARD_COUNT), key=lambda i: (unit[i], i)))


@functools.lru_cache(maxsize=256)
def _default_cost(ctx: Table) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """The default cost per card (points first: a million is more than the strengths of every
    card of eight decks together, then strength) and the cards cheapest first."""
    unit = tuple(1e6 * p + s for p, s in zip(ctx.point_table, ctx.strengths, strict=True))
    return unit, _ranked(unit)


def _cheapest_cards(counts: Sequence[int], size: int, ranked: Sequence[int]) -> list[int]:
    """The ``size`` cheapest cards of ``counts`` (card indices ``ranked`` cheapest first)."""
    out = [0] * CARD_COUNT
    left = size
    for i in ranked:
        if not left:
            break
        take = counts[i]
        if take:
            take = min(take, left)
            out[i] = take
            left -= take
    return out


def cheapest_follow(
    lead: Combination,
    hand: Cards,
    ctx: Table,
    cost: Callable[[Card], float] | None = None,
) -> Cards | None:
    """The legal follow of least total cost — the sum of ``cost(card)`` over its cards; by
    default the fewest points, then the weakest cards — found without listing the follows;
    ``None`` when the hand holds fewer cards than the lead (it then plays everything). Ties go
    to one fixed choice.

    By SJ-FOLLOW-4 (The follow must be the best the hand allows) a follow is legal exactly when
    it holds disjoint pieces in the numbers the hand's best ladder vector uses: any choice holding
    them scores that vector, and no choice scores more. So the cheapest follow is the cheapest
    choice of cards from which those pieces can be cut, found by the packing programme with a
    price per state (``packing.cheapest_choice``).

    This is a bot helper, not the referee: when that programme would keep more than
    ``_CHEAPEST_LIMIT`` states at one position, it settles for the first packing of the pieces
    found without prices, padded with the cheapest other cards of the led suit — still a legal
    follow, found in bounded work, but no longer promised to be the cheapest."""
    need = _lead_size(lead)
    hc = hand.counts
    if sum(hc) < need:
        return None
    if cost is None:
        unit, ranked = _default_cost(ctx)
    else:
        prices = [float(cost(c)) for c in all_cards()]
        floor = min(prices)  # every follow has `need` cards: the same order, and no negatives
        unit = tuple(u - floor for u in prices)
        ranked = _ranked(unit)
    key = lead.suit_key
    suit = _suit(ctx, key)
    counts = [0] * CARD_COUNT
    for i in ctx.cards_of_suit[key]:
        counts[i] = hc[i]
    held_n = sum(counts)
    if held_n <= need:
        rest = [h - c for h, c in zip(hc, counts, strict=True)]
        extra = _cheapest_cards(rest, need - held_n, ranked)
        return Cards.unchecked(tuple(a + b for a, b in zip(counts, extra, strict=True)))
    ladder = _lead_ladder(lead, ctx)
    if not ladder.steps or max(counts) < 2:
        return Cards.unchecked(tuple(_cheapest_cards(counts, need, ranked)))
    if not lead.is_throw:
        width, length = lead.pieces[0].shape
        if _owes_piece(counts, suit, width, length, ctx):  # then the follow is one such piece
            pieces = _pieces(counts, suit, width, length)
            return Cards.unchecked(min(pieces, key=lambda v: (sum(unit[i] for i in pieces[v]), v)))
    alts = _alts(counts, suit, ladder, ctx)
    if len(alts) > 1:  # protected: the cheapest of the cheapest follows of each alternative
        found_each = [
            _cheapest_holding(counts, suit, ladder, req, need, unit, ranked) for req in alts
        ]
        return min(
            found_each, key=lambda c: (sum(unit[i] * n for i, n in enumerate(c.counts)), c.counts)
        )
    return _cheapest_holding(counts, suit, ladder, alts[0], need, unit, ranked)


def _cheapest_holding(
    counts: Sequence[int],
    suit: _Suit,
    ladder: Ladder,
    req: Vec,
    need: int,
    unit: Sequence[float],
    ranked: Sequence[int],
) -> Cards:
    """The cheapest ``need`` led-suit cards of ``counts`` holding the pieces ``req`` (within the
    programme's bound; past it a legal one)."""
    want = _need(req, ladder)
    runs, cards = _runs_cards(counts, suit)
    loose = [i for i in ranked if counts[i] == 1]
    run_prices = tuple(tuple(tuple(unit[i] for i in pos) for pos in run) for run in cards)
    try:
        found = packing.cheapest_choice(
            runs, run_prices, want, need, [unit[i] for i in loose], _CHEAPEST_LIMIT
        )
    except packing.TooLarge:
        found = None
    out = [0] * CARD_COUNT
    if found is not None:
        _, copies, n_loose = found
        for run_cards, run_copies in zip(cards, copies, strict=True):
            for kinds, taken in zip(run_cards, run_copies, strict=True):
                for i, n in zip(kinds, taken, strict=True):
                    out[i] = n
        for i in loose[:n_loose]:
            out[i] = 1
        return Cards.unchecked(tuple(out))
    # Past the limit: the first packing found, padded with the cheapest other cards.
    cut = packing.a_packing(runs, want)
    for run_cards, run_cut in zip(cards, cut, strict=True):
        for kinds, got in zip(run_cards, run_cut, strict=True):
            for i, n in zip(kinds, got, strict=True):
                out[i] += n
    rest = [h - o for h, o in zip(counts, out, strict=True)]
    pad = _cheapest_cards(rest, need - sum(out), ranked)
    return Cards.unchecked(tuple(a + b for a, b in zip(out, pad, strict=True)))


#: The most states :func:`cheapest_follow`'s programme keeps at one position before it settles
#: for a packing found without prices (no four-deck hand comes near it).
_CHEAPEST_LIMIT = 20_000


def count_follows(lead: Combination, hand: Cards, ctx: Table) -> int:
    """How many distinct legal follows there are. Without a shape to match (a single led, or a
    follower short of the led suit) this is a polynomial count; with one, the choices holding
    the pieces the hand's best vector uses (SJ-FOLLOW-4 (The follow must be the best the hand
    allows)) are counted by the packing programme run over the choices themselves
    (``packing.count_choices``). Only past that programme's bound of
    states (``_COUNT_LIMIT_EXACT`` per position, ``packing.COUNT_WORK`` units of work in all) is the
    count refused with :class:`~cardrules.legal.TooManyMovesError` (``count`` ``None``), so the
    work stays bounded."""
    need = lead.size
    if len(hand) < need:
        return 0
    key = lead.suit_key
    held = _of_key(hand, ctx, key)
    held_n = len(held)
    if held_n <= need:
        return count_sub_multisets((hand - held).counts, need - held_n)
    ladder = ladder_for(lead, ctx)
    if not ladder.steps:
        return count_sub_multisets(held.counts, need)
    best, alts = _owed(held.counts, _suit(ctx, key), ladder, ctx.protect_longer)
    if not any(best):
        return count_sub_multisets(held.counts, need)
    if len(alts) > 1:
        counted = _count_listed(lead, hand, ctx, _UNION_COUNT_LIMIT)
    else:
        counted = _count_by_runs(held, ctx, key, ladder, need, best, _COUNT_LIMIT_EXACT)
    if counted is None:
        # Past the programme's bound the count is refused, not worked out by listing: work
        # stays bounded (CORE-API-3 (Choices too large to list)); the description still gives
        # the follows as families, and each follow is still judged exactly.
        raise TooManyMovesError("this follow", None)
    return counted


#: The most states per position the counting programme keeps for a description's count (past
#: it the count is left out, ``None``) and for :func:`count_follows` (past it the follows are
#: counted by listing them): the count must come out, so it may work longer.
_COUNT_LIMIT = 4096


_COUNT_LIMIT_EXACT = 65536


# ---------------------------------------------------------------------- the follows described
@attrs.frozen
class FollowFamily:
    """The legal follows described without listing them, CORE-API-3 (Choices too large to list):
    every follow is ``required`` plus ``size`` cards of ``pool`` that hold, disjoint,
    ``count`` pieces of each ``(width, length, count, options)`` of ``pieces`` (``options``: every
    such piece the pool holds); ``count`` is how many follows there are (``None``: not counted
    without listing), ``clause`` the rule that says so. When the follows are a few pieces listed
    directly (one piece led and the hand holds such a piece), ``listed`` holds them and the
    family is empty. ``listable``: whether a listing holds at most the limit
    :func:`describe_follows` was given (:func:`follow_listing_size` says so)."""

    required: Cards
    pool: Cards
    size: int
    pieces: tuple[tuple[int, int, int, tuple[Cards, ...]], ...]
    count: int | None
    clause: str
    listable: bool
    listed: tuple[Cards, ...] | None = None


def follow_listing_size(lead: Combination, hand: Cards, ctx: Table, limit: int) -> int | None:
    """How many follows a listing (:func:`iter_follows`) would yield, as far as it matters
    against ``limit``, found cheaply before the listing builds its first follow: a number at most
    ``limit`` bounds the follows from above; a larger number is their exact count; ``None`` means
    there may be more than ``limit`` and they are not counted without listing (a structure
    whose runs are too long for :func:`count_follows`'s run-by-run count)."""
    need = _lead_size(lead)
    hc = hand.counts
    if sum(hc) < need:
        return 0
    key = lead.suit_key
    suit = _suit(ctx, key)
    held_counts = suit.of(hc)
    held_n = sum(held_counts)
    if held_n <= need:
        # the led suit's cards, then any of the others: C(n, k) bounds the sets of k of n cards
        k = need - held_n
        bound = math.comb(sum(hc) - held_n, k)
        return bound if bound <= limit else count_sub_multisets(suit.of_others(hc), k)
    bound = math.comb(held_n, need)
    if bound <= limit:
        return bound
    held = _of_key(hand, ctx, key)
    pieces = lead.pieces
    ladder = _lead_ladder(lead, ctx)
    if (len(pieces) == 1 and pieces[0].width == 1) or max(held_counts) < 2 or not ladder.steps:
        return count_sub_multisets(held_counts, need)
    if len(pieces) == 1:
        width, length = pieces[0].shape
        if not _owes_piece(hc, suit, width, length, ctx):
            pass
        elif length == 1:
            return sum(1 for n in held_counts if n >= width)
        else:
            return len(_pieces(hc, suit, width, length))
    best, alts = _owed(hc, suit, ladder, ctx.protect_longer)
    if not any(best):
        return count_sub_multisets(held_counts, need)
    if len(alts) > 1:
        return _count_listed(lead, hand, ctx, min(limit, _UNION_COUNT_LIMIT))
    req = alts[0]
    # A follow is disjoint pieces among the options, then other cards of the led suit: the
    # choices of options times the sets of the other cards bound the follows.
    combos = 1
    in_pieces = 0
    for s, n in enumerate(req):
        if n:
            w, m = ladder.shapes[s]
            combos *= math.comb(len(_pieces(hc, suit, w, m)) + n - 1, n)
            in_pieces += n * w * m
    bound = combos * count_sub_multisets(held_counts, need - in_pieces)
    if bound <= limit:
        return bound
    return _count_by_runs(held, ctx, key, ladder, need, best)


def describe_follows(lead: Combination, hand: Cards, ctx: Table, limit: int) -> FollowFamily:
    """The legal follows to ``lead`` from ``hand`` (holding at least as many cards as the lead)
    as one family, CORE-API-3 (Choices too large to list), built without listing them: a hand
    short of the led suit plays all of it and any others, SJ-FOLLOW-2 (The led suit first) and
    SJ-FOLLOW-6 (Ruffs and discards are follows); without a structure to keep, any cards of the
    led suit; with one, any cards of the led suit holding the pieces the hand's best ladder
    vector uses, SJ-FOLLOW-4 (The follow must be the best the hand allows) — every choice
    holding them scores that vector and none scores more. The count is exact where it is
    counted without listing, else ``None`` (a structure whose runs are too long for the
    run-by-run count); ``limit`` decides ``listable``."""
    need = _lead_size(lead)
    hc = hand.counts
    key = lead.suit_key
    suit = _suit(ctx, key)
    held_counts = suit.of(hc)
    held_n = sum(held_counts)
    held = _of_key(hand, ctx, key)
    known = follow_listing_size(lead, hand, ctx, limit)
    listable = known is not None and known <= limit
    if held_n <= need:
        rest = hand - held
        k = need - held_n
        count = count_sub_multisets(rest.counts, k)
        return FollowFamily(held, rest, k, (), count, "SJ-FOLLOW-2", listable)
    empty = Cards()
    pieces = lead.pieces
    ladder = _lead_ladder(lead, ctx)
    if (len(pieces) == 1 and pieces[0].width == 1) or max(held_counts) < 2 or not ladder.steps:
        count = count_sub_multisets(held_counts, need)
        return FollowFamily(empty, held, need, (), count, "SJ-FOLLOW-2", listable)
    clause = "SJ-FOLLOW-5" if lead.is_throw else "SJ-FOLLOW-3"
    if len(pieces) == 1:
        width, length = pieces[0].shape
        if _owes_piece(hc, suit, width, length, ctx):
            listed = tuple(iter_follows(lead, hand, ctx))
            return FollowFamily(empty, empty, 0, (), len(listed), clause, True, listed)
    best, alts = _owed(hc, suit, ladder, ctx.protect_longer)
    req = alts[0]
    if len(alts) > 1:
        if known is not None and known <= min(limit, _UNION_COUNT_LIMIT):
            listed = tuple(iter_follows(lead, hand, ctx))
            return FollowFamily(empty, empty, 0, (), len(listed), "SJ-FOLLOW-8", True, listed)
        listable = False  # past the bound: the follows holding the owed pieces, not counted
    if not any(req):
        count = count_sub_multisets(held_counts, need)
        return FollowFamily(empty, held, need, (), count, "SJ-FOLLOW-4", listable)
    needs = []
    for s, n in enumerate(req):
        if n:
            w, m = ladder.shapes[s]
            options = tuple(
                Cards.unchecked(v) for v in sorted(_pieces(hc, suit, w, m), reverse=True)
            )
            needs.append((w, m, n, options))
    total = _count_by_runs(held, ctx, key, ladder, need, best) if len(alts) == 1 else None
    return FollowFamily(empty, held, need, tuple(needs), total, clause, listable)


@functools.lru_cache(maxsize=1024)
def _count_by_runs(
    held: Cards,
    ctx: Table,
    key: int,
    ladder: Ladder,
    need: int,
    best: Vec,
    limit: int = _COUNT_LIMIT,
) -> int | None:
    """How many ``need``-card choices of the led-suit cards ``held`` score ``best``: those
    holding the pieces the best vector uses (:func:`~cardrules.shengji.packing.count_choices`,
    each choice counted once); ``None`` past the programme's bound of states. Remembered: a
    description asks for the count twice (its size, then its count)."""
    counts = held.counts
    suit = _suit(ctx, key)
    req = _alts(counts, suit, ladder, ctx)[0]
    runs, _ = _runs_cards(counts, suit)
    loose = [counts[i] for i in ctx.cards_of_suit[key] if counts[i] == 1]
    try:
        return packing.count_choices(runs, _need(req, ladder), need, loose, limit)
    except packing.TooLarge:
        return None


def _sample(rng: random.Random, indices: Sequence[int], counts: Iterable[int], k: int) -> list[int]:
    """``k`` cards drawn at random from the cards ``indices`` held ``counts`` times: as
    ``rng.sample`` draws from the list of the cards, each as often as held, ascending (the same
    draws — ``counts=`` is documented to equal the repeated list — without listing them); no
    draw at all for ``k = 0``, as ``rng.sample`` makes none."""
    return rng.sample(indices, k, counts=counts) if k else []


def _counted(indices: Sequence[int], counts: list[int]) -> Cards:
    """``counts`` plus one per index in ``indices``, as cards."""
    for i in indices:
        counts[i] += 1
    return Cards.unchecked(tuple(counts))


class _PlaceBudget(Exception):
    """The random cut of :func:`_place` tried more placements than it may."""


#: The most placements :func:`_place` tries before :func:`random_follow` draws its pieces from
#: the packing programme instead (the ordinary hand needs a handful).
_PLACE_BUDGET = 2000


def _place(
    counts: list[int],
    shapes: list[Shape],
    ctx: Table,
    key: int,
    rng: random.Random,
    out: list[int],
    budget: list[int],
) -> bool:
    """Cut ``shapes`` (widest first) from ``counts``, trying placements in random order; record
    the cards used in ``out``. Each placement tried spends one of ``budget[0]``; raises
    :class:`_PlaceBudget` when it is spent (the search backtracks, and its worst case is not
    bounded)."""
    if not shapes:
        return True
    (w, m), rest = shapes[0], shapes[1:]
    options = list(iter_placements(counts, ctx, key, w, m, every_kind=True))
    rng.shuffle(options)
    for piece in options:
        budget[0] -= 1
        if budget[0] < 0:
            raise _PlaceBudget
        used = piece.cards.counts
        for i, n in enumerate(used):
            if n:
                counts[i] -= n
                out[i] += n
        if _place(counts, rest, ctx, key, rng, out, budget):
            return True
        for i, n in enumerate(used):
            if n:
                counts[i] += n
                out[i] -= n
    return False


def _random_pieces(
    counts: Sequence[int], suit: _Suit, ladder: Ladder, req: Vec, rng: random.Random
) -> list[int]:
    """The cards of the pieces ``req`` cut from ``counts`` at random by the packing programme
    (:func:`~cardrules.shengji.packing.a_packing`): bounded where :func:`_place` is not."""
    runs, cards = _runs_cards(counts, suit)
    used = packing.a_packing(runs, _need(req, ladder), rng)
    out = [0] * CARD_COUNT
    for run_cards, run_used in zip(cards, used, strict=True):
        for kinds, taken in zip(run_cards, run_used, strict=True):
            for i, n in zip(kinds, taken, strict=True):
                out[i] += n
    return out


def random_follow(lead: Combination, hand: Cards, ctx: Table, rng: random.Random) -> Cards:
    """One legal follow, drawn cheaply: the pieces the ladder demands are cut from the hand at
    random, the rest is random cards of the led suit (or, when short of it, of the hand). The
    pieces are first cut by a short random search; should it fail or pass its budget of tries,
    they are drawn from the packing programme, whose work is bounded
    (``packing.a_packing``)."""
    need = lead.size
    counts = hand.counts
    if sum(counts) < need:
        raise CardrulesError(f"a hand of {len(hand)} cards cannot follow {need}")
    key = lead.suit_key
    suit = _suit(ctx, key)
    held_counts = suit.of(counts)
    held_n = sum(held_counts)
    if held_n <= need:
        held = _of_key(hand, ctx, key)
        extra = _sample(rng, _ALL, map(operator.sub, counts, held.counts), need - held_n)
        return _counted(extra, list(held.counts))
    # From here only the led suit's cards are read (the ladder and the pieces are of its lanes).
    ladder = _lead_ladder(lead, ctx)
    chosen = [0] * CARD_COUNT
    if ladder.steps:
        alts = _alts(counts, suit, ladder, ctx)
        req = alts[0] if len(alts) == 1 else rng.choice(alts)
        shapes = sorted(
            (ladder.shapes[s] for s, n in enumerate(req) for _ in range(n)),
            key=lambda sh: (-sh[0], -sh[1]),
        )
        try:
            placed = _place(list(counts), shapes, ctx, key, rng, chosen, [_PLACE_BUDGET])
        except _PlaceBudget:
            placed = False
        if not placed:
            chosen = _random_pieces(counts, suit, ladder, req, rng)
    left = map(operator.sub, held_counts, suit.of(chosen))
    pad = _sample(rng, ctx.cards_of_suit[key], left, need - sum(chosen))
    return _counted(pad, chosen)
