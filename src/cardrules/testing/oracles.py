"""Reference implementations for tests: slow, exact, written without the fast paths they check.

:func:`explain_follow_exact` is the Shengji follow rule, SJ-FOLLOW-4 (The follow must be the best
the hand allows), decided by the first route of issue 12: the maximal ladder vectors of every run
of the led suit (:func:`ladder_vector_exact`), added and walked greedily. Its work grows
exponentially with the shape of the cards, so it serves only as the reference the tests compare
:func:`cardrules.shengji.follow.explain_follow` and
:func:`cardrules.shengji.follow_fast.ladder_vector` with, on hands small enough for it. It answers
as they do: the same refusal (code, clause and message) or ``None`` for a legal follow.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from cardrules.errors import Illegal
from cardrules.multiset import Cards
from cardrules.shengji import packing
from cardrules.shengji.combos import Combination
from cardrules.shengji.follow import (
    _MAX_CAP,
    Ladder,
    _of_key,
    _refuse_count,
    _refuse_hand,
    _refuse_suit,
    _shape_refusal,
    ladder_for,
)
from cardrules.shengji.follow_fast import Shape, Vec
from cardrules.shengji.order import Table

__all__ = ["explain_follow_exact", "ladder_vector_exact", "protected_vector_exact"]

# ---------------------------------------------------------------------- achievable piece vectors
# Piece vectors are packed into one int, 8 bits per shape (7 value bits and a guard bit), so that
# "u ≥ v in every component" and "u + v, capped" are a few big-int operations (SWAR).
_FIELD = 8


_VALUE = 0x7F


@attrs.frozen
class _Packer:
    size: int
    guards: int
    caps_plus_one: int
    caps: int

    def pack(self, v: Sequence[int]) -> int:
        return sum(n << (_FIELD * i) for i, n in enumerate(v))

    def unpack(self, x: int) -> Vec:
        return tuple((x >> (_FIELD * i)) & _VALUE for i in range(self.size))

    def add(self, a: int, b: int) -> int:
        """``min(a + b, caps)`` in every component."""
        s = a + b
        over = ((s | self.guards) - self.caps_plus_one) & self.guards
        if not over:
            return s
        mask = (over >> (_FIELD - 1)) * _VALUE
        return (s & ~mask) | (self.caps & mask)

    def insert(self, front: list[int], v: int) -> None:
        """Add ``v`` to an antichain of maximal vectors."""
        g = self.guards
        for u in front:
            if ((u | g) - v) & g == g:
                return
        front[:] = [u for u in front if ((v | g) - u) & g != g]
        front.append(v)


@functools.lru_cache(maxsize=4096)
def _packer(caps: Vec) -> _Packer:
    n = len(caps)
    guards = sum(1 << (_FIELD * i + _FIELD - 1) for i in range(n))
    capped = [min(c, _MAX_CAP) for c in caps]
    return _Packer(
        n,
        guards,
        sum((c + 1) << (_FIELD * i) for i, c in enumerate(capped)),
        sum(c << (_FIELD * i) for i, c in enumerate(capped)),
    )


@functools.lru_cache(maxsize=65536)
def _new_piece_options(
    shapes: tuple[Shape, ...], free: int, max_len: int
) -> tuple[tuple[tuple[int, ...], Vec, tuple[Shape, ...]], ...]:
    """Multisets of pieces that may start at one position: (widths, count vector, open tails)."""
    usable = [s for s, (w, m) in enumerate(shapes) if m <= max_len and w <= free]
    out: list[tuple[tuple[int, ...], Vec, tuple[Shape, ...]]] = []

    def rec(start: int, room: int, chosen: list[int]) -> None:
        counts = [0] * len(shapes)
        for s in chosen:
            counts[s] += 1
        widths = tuple(sorted((shapes[s][0] for s in chosen), reverse=True))
        tails = tuple((shapes[s][0], shapes[s][1] - 1) for s in chosen if shapes[s][1] > 1)
        out.append((widths, tuple(counts), tails))
        for k in range(start, len(usable)):
            s = usable[k]
            if shapes[s][0] <= room:
                chosen.append(s)
                rec(k, room - shapes[s][0], chosen)
                chosen.pop()

    rec(0, free, [])
    return tuple(out)


@functools.lru_cache(maxsize=65536)
def _run_front(run: tuple[tuple[int, ...], ...], shapes: tuple[Shape, ...], caps: Vec) -> list[int]:
    """Maximal capped piece vectors (packed for ``caps``) that can be cut from one run of
    positions (step 2). Only the shapes that fit somewhere in the run take part. Remembered: the
    same short runs come back hand after hand (callers must not change the list)."""
    full = _packer(caps)
    local = [s for s, (w, m) in enumerate(shapes) if _longest(run, w) >= m]
    if not local:
        return [0]
    local_caps = tuple(caps[s] for s in local)
    front = _run_front_local(run, tuple(shapes[s] for s in local), local_caps)
    if len(local) == len(shapes):
        return front
    lp = _packer(local_caps)
    out = []
    for x in front:
        v = [0] * len(shapes)
        for s, n in zip(local, lp.unpack(x), strict=True):
            v[s] = n
        out.append(full.pack(v))
    return out


def _longest(run: Sequence[tuple[int, ...]], width: int) -> int:
    best = cur = 0
    for pos_caps in run:
        cur = cur + 1 if pos_caps[0] >= width else 0
        best = max(best, cur)
    return best


def _run_front_local(
    run: Sequence[tuple[int, ...]], shapes: tuple[Shape, ...], caps: Vec
) -> list[int]:
    pk = _packer(caps)
    states: dict[tuple[Shape, ...], list[int]] = {(): [0]}
    length = len(run)
    for p, pos_caps in enumerate(run):
        total = sum(pos_caps)
        nxt: dict[tuple[Shape, ...], list[int]] = {}
        for open_, vecs in states.items():
            used = tuple(w for w, _ in open_)
            free = total - sum(used)
            if free < 0:
                continue
            carried = tuple((w, k - 1) for w, k in open_ if k > 1)
            for widths, counts, tails in _new_piece_options(shapes, free, length - p):
                all_widths = tuple(sorted(used + widths, reverse=True))
                if not packing.fits(all_widths, pos_caps):
                    continue
                key = tuple(sorted(carried + tails))
                bucket = nxt.setdefault(key, [])
                add = pk.pack(counts)
                for v in vecs:
                    pk.insert(bucket, pk.add(v, add))
        states = nxt
    return states.get((), [0])


def _add_fronts(a: list[int], b: list[int], pk: _Packer) -> list[int]:
    if a == [0]:
        return list(b)
    out: list[int] = []
    for u in a:
        for v in b:
            pk.insert(out, pk.add(u, v))
    return out


def _run_groups(counts: Sequence[int], ctx: Table, key: int) -> list[list[list[int]]]:
    """Maximal runs of consecutive lane positions holding some card at least twice: per run, per
    position, the indices of the cards held twice or more there (only these can form pieces)."""
    runs: list[list[list[int]]] = []
    for lane_id in ctx.lanes_of_suit[key]:
        run: list[list[int]] = []
        for pos in ctx.lanes[lane_id]:
            twice = [i for i in pos if counts[i] >= 2]
            if twice:
                run.append(twice)
            elif run:
                runs.append(run)
                run = []
        if run:
            runs.append(run)
    return runs


def _runs(counts: Sequence[int], ctx: Table, key: int) -> list[tuple[tuple[int, ...], ...]]:
    """Step 1: the runs of :func:`_run_groups` as capacities (counts held, largest first)."""
    return [
        tuple(
            (counts[pos[0]],)
            if len(pos) == 1
            else tuple(sorted((counts[i] for i in pos), reverse=True))
            for pos in run
        )
        for run in _run_groups(counts, ctx, key)
    ]


def _front_exact(counts: Sequence[int], ctx: Table, key: int, ladder: Ladder) -> list[int]:
    """Steps 1–3 of the reference (runs read position by position): the maximal vectors of
    pieces of every ladder shape, as issue 12 computed them for every holding."""
    pk = _packer(ladder.caps)
    front = [0]
    for run in _runs(counts, ctx, key):
        front = _add_fronts(front, _run_front(run, ladder.shapes, ladder.caps), pk)
    return front


def _greedy(front: list[Vec], ladder: Ladder) -> tuple[Vec, Vec]:
    """Step 4: the ladder vector and the per-shape piece counts it uses."""
    req = [0] * len(ladder.shapes)
    left = list(ladder.budgets)
    out: list[int] = []
    live = front
    for g, s in ladder.steps:
        w, m = ladder.shapes[s]
        room = left[g] // (w * m)
        best = max((u[s] for u in live), default=0) - req[s]
        n = max(0, min(room, best))
        out.append(n)
        if n:
            req[s] += n
            left[g] -= n * w * m
            live = [u for u in live if u[s] >= req[s]]
    return tuple(out), tuple(req)


def ladder_vector_exact(cards: Cards, ctx: Table, key: int, ladder: Ladder) -> Vec:
    """:func:`cardrules.shengji.follow_fast.ladder_vector` by the reference route (the maximal
    vectors of every run added and walked greedily, nothing remembered but the fronts of single
    runs)."""
    if not ladder.shapes:
        return ()
    pk = _packer(ladder.caps)
    front = [pk.unpack(x) for x in _front_exact(cards.counts, ctx, key, ladder)]
    return _greedy(front, ladder)[0]


def _count_of_key(cards: Cards, ctx: Table, key: int) -> int:
    counts = cards.counts
    return sum([counts[i] for i in ctx.cards_of_suit[key]])


def explain_follow_exact(lead: Combination, hand: Cards, play: Cards, ctx: Table) -> Illegal | None:
    """The reference :func:`cardrules.shengji.follow.explain_follow`: the three steps as the
    spec states them, and every shape question answered by the dynamic programme on both the
    hand and the play, no shortcut. Kept for the tests that the fast paths agree with it."""
    need = lead.size
    size = len(play)
    if size != need:
        return _refuse_count(lead, size)
    if not play <= hand:
        return _refuse_hand(hand, play)
    key = lead.suit_key
    held_n = _count_of_key(hand, ctx, key)
    played_n = _count_of_key(play, ctx, key)
    if played_n < min(need, held_n):
        return _refuse_suit(key, need, held_n)
    if held_n <= need:
        return None
    ladder = ladder_for(lead, ctx)
    if not ladder.steps:
        return None
    held = _of_key(hand, ctx, key)
    played = _of_key(play, ctx, key)
    mine = ladder_vector_exact(played, ctx, key, ladder)
    if ctx.protect_longer:
        owed = protected_vector_exact(held, ctx, key, ladder)
        if mine >= owed:
            return None
        k = next(k for k, (a, b) in enumerate(zip(mine, owed, strict=True)) if a != b)
        w = ladder.shapes[ladder.steps[k][1]][0]
        exact = tuple(n if n == w or (w == 4 and n > 4) else 0 for n in held.counts)
        clipped = tuple(map(min, exact, played.counts))
        return _shape_refusal(
            lead, Cards(exact), Cards(clipped), ctx, ladder, k, owed[k], mine[k], "SJ-FOLLOW-8"
        )
    best = ladder_vector_exact(held, ctx, key, ladder)
    if mine == best:
        return None
    k = next(k for k, (a, b) in enumerate(zip(mine, best, strict=True)) if a != b)
    return _shape_refusal(lead, held, played, ctx, ladder, k, best[k], mine[k])


def protected_vector_exact(cards: Cards, ctx: Table, key: int, ladder: Ladder) -> Vec:
    """The vector a holding owes under ``longer_tuples`` (SJ-FOLLOW-8 (Protected holdings)) by
    the reference route: for each width, the maximal vectors of the cards held exactly that
    often (more than four counting as a quad), keeping only the pieces of that width; the widths'
    fronts added, and walked greedily."""
    pk = _packer(ladder.caps)
    front = [0]
    for w in sorted({w for w, _ in ladder.shapes}):
        exact = [n if n == w or (w == 4 and n > 4) else 0 for n in cards.counts]
        mask = [int(shape[0] == w) for shape in ladder.shapes]
        part: list[int] = []
        for x in _front_exact(exact, ctx, key, ladder):
            v = pk.unpack(x)
            pk.insert(part, pk.pack([a * b for a, b in zip(v, mask, strict=True)]))
        front = _add_fronts(front, part, pk)
    return _greedy([pk.unpack(x) for x in front], ladder)[0]
