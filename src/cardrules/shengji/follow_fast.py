"""The packed fast path of the Shengji follow rule (:mod:`cardrules.shengji.follow`): a led
suit's cards as *runs* of positions held at least twice, and :func:`ladder_vector`, the ladder
vector of a set of cards found greedily step by step with one walk of the packing programme
(:mod:`cardrules.shengji.packing`) per step, SJ-FOLLOW-4 (The follow must be the best the hand
allows). The rule, the listing and the random follow all score cards through it; its bound is
proved in the spec's implementation notes under SJ-FOLLOW-4 (The follow must be the best the hand
allows), and :mod:`cardrules.testing.oracles` holds the exact reference it is tested against.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import attrs

from cardrules.cards import CARD_COUNT
from cardrules.multiset import Cards
from cardrules.shengji import packing
from cardrules.shengji.order import MAX_WIDTH, Lane, Table

if TYPE_CHECKING:
    from cardrules.shengji.follow import Ladder

__all__ = ["ladder_vector"]

Shape = tuple[int, int]


Vec = tuple[int, ...]


_ALL = range(CARD_COUNT)


@attrs.frozen(eq=False)
class _Suit:
    """What the fast paths read about one suit key of one context: ``of`` picks its cards'
    counts out of a 54-slot vector (in ``cards_of_suit`` order), ``mask`` is 1 on its cards and 0
    elsewhere, ``others`` are the other cards and ``of_others`` picks their counts; ``lanes`` are
    its lanes; ``laid`` picks the counts of its lanes of one card per position, lane after lane,
    a 0 between lanes (``None`` if it has none) — from a 55-slot vector whose last slot is 0 if
    ``padded`` (it has several such lanes), else from the 54 counts; ``multi`` are its other
    lanes."""

    of: Callable[[Sequence[int]], tuple[int, ...]]
    mask: tuple[int, ...]
    others: tuple[int, ...]
    of_others: Callable[[Sequence[int]], tuple[int, ...]]
    lanes: tuple[Lane, ...]
    laid: Callable[[Sequence[int]], tuple[int, ...]] | None
    padded: bool
    multi: tuple[Lane, ...]


def _picker(idx: Sequence[int]) -> Callable[[Sequence[int]], tuple[int, ...]]:
    if len(idx) == 1:
        only = idx[0]
        return lambda c: (c[only],)
    if not idx:
        return lambda c: ()
    getter: Callable[[Sequence[int]], tuple[int, ...]] = operator.itemgetter(*idx)
    return getter


@functools.lru_cache(maxsize=1024)
def _suit(ctx: Table, key: int) -> _Suit:
    lanes = tuple(ctx.lanes[i] for i in ctx.lanes_of_suit[key])
    simple = [lane for lane in lanes if all(len(pos) == 1 for pos in lane)]
    laid: list[int] = []
    mine = set(ctx.cards_of_suit[key])
    others = tuple(i for i in _ALL if i not in mine)
    for lane in simple:
        if laid:
            laid.append(CARD_COUNT)
        laid += [pos[0] for pos in lane]
    return _Suit(
        of=_picker(ctx.cards_of_suit[key]),
        mask=tuple(int(i in mine) for i in _ALL),
        others=others,
        of_others=_picker(others),
        lanes=lanes,
        laid=_picker(laid) if laid else None,
        padded=len(simple) > 1,
        multi=tuple(lane for lane in lanes if lane not in simple),
    )


# Runs read fast: the counts of the suit's one-card-per-position lanes laid out as bytes, lane
# after lane with a 0 between lanes; counts below 2 become 0 too (``_SINGLES_OUT``), so the runs
# are what a split at the zero bytes leaves (MAX_COPIES is far below 256). Lanes with a position
# of several cards (the classic trump lane) are read position by position.
_SINGLES_OUT = bytes((0, 0, *range(2, 256)))


RunKey = bytes | tuple[tuple[int, ...], ...]


def _run_keys(counts: Sequence[int], suit: _Suit) -> tuple[RunKey, ...]:
    """The runs (positions held at least twice, consecutive in a lane) as hashable keys, in a
    canonical order: ``bytes`` of counts for a run of one-card positions, capacities per position
    for the others."""
    keys: list[RunKey] = []
    if suit.laid is not None:
        laid = bytes(suit.laid((*counts, 0) if suit.padded else counts))
        keys = sorted(filter(None, laid.translate(_SINGLES_OUT).split(b"\x00")))
    for lane in suit.multi:
        run: list[tuple[int, ...]] = []
        for pos in lane:
            twice = sorted((counts[i] for i in pos if counts[i] >= 2), reverse=True)
            if twice:
                run.append(tuple(twice))
            elif run:
                keys.append(tuple(run))
                run = []
        if run:
            keys.append(tuple(run))
    return tuple(keys)


def _as_run(key: RunKey) -> tuple[tuple[int, ...], ...]:
    if isinstance(key, bytes):
        return tuple((c,) for c in key)
    return key


def _need(req: Sequence[int], ladder: Ladder) -> packing.Need:
    """The per-shape counts ``req`` (in ``ladder.shapes`` order) as a requirement."""
    return tuple(sorted(((ladder.shapes[s], n) for s, n in enumerate(req) if n), reverse=True))


@functools.lru_cache(maxsize=65536)
def _vector_of_runs(runs: tuple[RunKey, ...], ladder: Ladder) -> tuple[Vec, Vec]:
    """The ladder vector of a holding (its runs) and the per-shape counts it uses: the ladder
    walked step by step, each step taking as many pieces of its shape as fit beside those the
    earlier steps took (:func:`~cardrules.shengji.packing.most_beside`) within its group's
    cards. Remembered: bots and listings ask about the same holdings again and again.

    A throw is first tried whole: when the hand can cut every thrown piece at once, each group
    takes its own shape and the vector is the lead's own (:func:`_ideal`)."""
    as_runs = tuple(_as_run(r) for r in runs)
    if len(ladder.budgets) > 1:
        whole = _ideal_req(ladder)
        if packing.holds_all(as_runs, _need(whole, ladder)):
            return _ideal(ladder), whole
    req = [0] * len(ladder.shapes)
    left = list(ladder.budgets)
    out: list[int] = []
    for g, s in ladder.steps:
        shape = ladder.shapes[s]
        room = left[g] // (shape[0] * shape[1])
        n = 0
        if room and packing.can_place(as_runs, shape):
            n = packing.most_beside(as_runs, _need(req, ladder), shape, room)
        out.append(n)
        if n:
            req[s] += n
            left[g] -= n * shape[0] * shape[1]
    return tuple(out), tuple(req)


def _vector(counts: Sequence[int], suit: _Suit, ladder: Ladder) -> tuple[Vec, Vec]:
    """The ladder vector of a holding (its part in ``suit``) and the per-shape counts it uses."""
    return _vector_of_runs(_run_keys(counts, suit), ladder)


@functools.lru_cache(maxsize=65536)
def _holds_need(runs: tuple[RunKey, ...], need: packing.Need) -> bool:
    """Whether a holding (its runs) can cut the pieces ``need`` at once (remembered)."""
    return packing.holds_all(tuple(_as_run(r) for r in runs), need)


def ladder_vector(cards: Cards, ctx: Table, key: int, ladder: Ladder) -> Vec:
    """The ladder vector of a choice of cards (its led-suit part is what counts)."""
    if not ladder.shapes:
        return ()
    return _vector(cards.counts, _suit(ctx, key), ladder)[0]


@functools.lru_cache(maxsize=4096)
def _ideal(ladder: Ladder) -> Vec:
    """The vector of a follow that repeats the lead exactly: no hand can do better."""
    left = list(ladder.budgets)
    out = []
    for g, s in ladder.steps:
        w, m = ladder.shapes[s]
        n = left[g] // (w * m)
        left[g] -= n * w * m
        out.append(n)
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def _ideal_req(ladder: Ladder) -> Vec:
    """The per-shape counts of :func:`_ideal`: one piece of each lead piece's own shape."""
    req = [0] * len(ladder.shapes)
    for (_, s), n in zip(ladder.steps, _ideal(ladder), strict=True):
        req[s] += n
    return tuple(req)


# ---------------------------------------------------------------------- protected holdings (保护)
def _exact(count: int, width: int) -> bool:
    """Whether a card held ``count`` times is a holding of exactly ``width`` under
    ``longer_tuples``: as many copies, or — for a quad — more (five or more identical cards are a
    quad and the rest, SJ-UNIT-1 (Tuples))."""
    return count == width or (width == MAX_WIDTH and count > width)


def _exact_runs(counts: Sequence[int], suit: _Suit, width: int) -> tuple[packing.Run, ...]:
    """The runs of the positions where some card is held exactly ``width`` times (those cards
    only): where pieces of that width may be owed under ``longer_tuples``."""
    runs: list[packing.Run] = []
    for lane in suit.lanes:
        run: list[tuple[int, ...]] = []
        for pos in lane:
            here = tuple(sorted((counts[i] for i in pos if _exact(counts[i], width)), reverse=True))
            if here:
                run.append(here)
            elif run:
                runs.append(tuple(run))
                run = []
        if run:
            runs.append(tuple(run))
    return tuple(sorted(runs))


ExactRuns = tuple[tuple[int, tuple[packing.Run, ...]], ...]


@functools.lru_cache(maxsize=16384)
def _protected_of_runs(by_width: ExactRuns, ladder: Ladder) -> tuple[Vec, Vec]:
    """The ladder vector a holding owes under ``longer_tuples`` and the per-shape counts it
    uses, SJ-FOLLOW-8 (Protected holdings): the ladder walked as :func:`_vector_of_runs` walks
    it, but a piece of width w is cut only from cards held exactly w times. Pieces of different
    widths then never share a card, so each step asks only the runs of its own width, beside
    the pieces of that width the earlier steps took."""
    runs_of = dict(by_width)
    req = [0] * len(ladder.shapes)
    left = list(ladder.budgets)
    out: list[int] = []
    for g, s in ladder.steps:
        shape = ladder.shapes[s]
        runs = runs_of.get(shape[0], ())
        room = left[g] // (shape[0] * shape[1])
        n = 0
        if room and runs and packing.can_place(runs, shape):
            mine = [n if ladder.shapes[t][0] == shape[0] else 0 for t, n in enumerate(req)]
            n = packing.most_beside(runs, _need(mine, ladder), shape, room)
        out.append(n)
        if n:
            req[s] += n
            left[g] -= n * shape[0] * shape[1]
    return tuple(out), tuple(req)


def _protected(counts: Sequence[int], suit: _Suit, ladder: Ladder) -> tuple[Vec, Vec]:
    """:func:`_protected_of_runs` of a holding (its part in ``suit``)."""
    widths = sorted({w for w, _ in ladder.shapes})
    by_width = tuple((w, _exact_runs(counts, suit, w)) for w in widths)
    return _protected_of_runs(by_width, ladder)


def _owed(
    counts: Sequence[int], suit: _Suit, ladder: Ladder, protect: bool
) -> tuple[Vec, tuple[Vec, ...]]:
    """What a holding owes: the ladder vector a follow must reach, and the per-shape piece
    counts of which a follow must hold one (any one) to reach it.

    Without protection that is the hand's best vector and its pieces, SJ-FOLLOW-4 (The follow
    must be the best the hand allows). Under ``longer_tuples`` the owed vector ``b`` is the
    protected one (:func:`_protected`) and a follow is legal when its own vector (cut freely,
    SJ-FOLLOW-8 (Protected holdings)) is at least ``b``, lexicographically: it holds the pieces
    of ``b``, or for some step k the pieces of ``b``'s first k steps and one more of step k's
    shape. Only the alternatives the hand can cut at all are kept, none holding another."""
    best, req = _vector(counts, suit, ladder)
    if not protect:
        return best, (req,)
    owed, owed_req = _protected(counts, suit, ladder)
    if owed == best:  # nothing is protected here: the seed's rule
        return best, (req,)
    return owed, _alternatives(_run_keys(counts, suit), owed, owed_req, ladder)


@functools.lru_cache(maxsize=16384)
def _alternatives(
    runs: tuple[RunKey, ...], owed: Vec, owed_req: Vec, ladder: Ladder
) -> tuple[Vec, ...]:
    """The per-shape counts of :func:`_owed` under protection (remembered)."""
    found = [owed_req]
    req = [0] * len(ladder.shapes)
    left = list(ladder.budgets)
    for (g, s), n in zip(ladder.steps, owed, strict=True):
        w, m = ladder.shapes[s]
        if left[g] // (w * m) > n:
            more = list(req)
            more[s] += n + 1
            if _holds_need(runs, _need(more, ladder)):
                found.append(tuple(more))
        req[s] += n
        left[g] -= n * w * m
    kept = [
        a
        for a in found
        if not any(b != a and all(x >= y for x, y in zip(a, b, strict=True)) for b in found)
    ]
    return tuple(dict.fromkeys(kept))
