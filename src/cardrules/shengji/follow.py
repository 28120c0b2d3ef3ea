"""The exact follow rule of four-deck Shengji (spec chapter "Following").

A follower plays as many cards as the lead, SJ-FOLLOW-1 (As many cards as the lead), of the led
suit as far as they hold it, SJ-FOLLOW-2 (The led suit first), and — holding more of it than the
lead needs — a *structure* that no other choice of cards from their hand beats: SJ-FOLLOW-3 (The
shape ladder), SJ-FOLLOW-4 (The follow must be the best the hand allows), SJ-FOLLOW-5 (Following
a throw). Ruffs and discards are follows like any other, SJ-FOLLOW-6 (Ruffs and discards are
follows), and the ladders reproduce the seed's, SJ-FOLLOW-7 (The seed's ladders).

How the structure is decided
----------------------------
The lead fixes a *ladder*: an ordered list of steps, each a piece shape ``(width, length)`` that
belongs to one lead piece (a *group*; a lead of one piece has one group) with that piece's card
budget. A choice of cards is scored by its *ladder vector*: walking the steps in order, how many
pieces of the step's shape it places, cutting pieces from its cards (a triple holds a pair, a
tractor of triples holds a tractor of pairs, never across a lane gap) and never exceeding the
group's budget; the vector is the lexicographically greatest such count list. A follow is legal
iff its vector equals the greatest vector any same-size choice from the hand's led-suit cards
reaches.

Computing it in bounded work (issue 19; the spec's implementation notes under SJ-FOLLOW-4 (The
follow must be the best the hand allows) prove the bound):

1. Only positions holding a card at least twice matter (singles are the padding); the led-suit
   lanes fall apart into short *runs* of such positions.
2. Every shape question — can these numbers of pieces of these shapes be cut at once — is one
   walk of the packing programme (:mod:`cardrules.shengji.packing`) over the runs: its state is
   the coverage of the positions ahead, with the set of placed counts reachable so far carried
   as the bits of one int.
3. Because the sets of placeable counts are closed downwards, the ladder vector is found greedily
   step by step: take as many pieces of the step's shape as fit beside those earlier steps took,
   within the group's budget.
4. A choice scores the hand's best vector exactly when the pieces that vector uses can be cut
   from it; the listing, the count, the random follow and the cheapest follow all ask that.

The same routine scores the hand (its best) and the play; the play is legal iff they are equal.

The first route of issue 12 — the maximal vectors of every run, added and walked greedily
(:func:`_front_exact`, :func:`_ladder_vector_exact`, :func:`_explain_follow_exact`) — is kept only
as the tests' reference: its work grows exponentially with the shape of the cards.
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
from cardrules.errors import CardrulesError, Illegal
from cardrules.legal import TooManyMovesError
from cardrules.multiset import Cards
from cardrules.shengji import packing
from cardrules.shengji.codes import CODES
from cardrules.shengji.combos import Combination, iter_placements, piece_name
from cardrules.shengji.order import TRUMP, Lane, Table

__all__ = [
    "FollowFamily",
    "Ladder",
    "cheapest_follow",
    "count_follows",
    "describe_follows",
    "explain_follow",
    "follow_listing_size",
    "iter_follows",
    "ladder_for",
    "ladder_vector",
    "random_follow",
]

Shape = tuple[int, int]
Vec = tuple[int, ...]
_ALL = range(CARD_COUNT)


# ---------------------------------------------------------------------- the ladder
@attrs.frozen(cache_hash=True)
class Ladder:
    """The follow ladder of a lead, SJ-FOLLOW-3 (The shape ladder), SJ-FOLLOW-5 (Following a
    throw).

    ``steps[k] = (group, shape index)``; ``shapes`` are the distinct non-single shapes the ladder
    names; ``budgets[g]`` is the number of cards of lead piece ``g``; ``caps[s]`` the most pieces of
    shape ``s`` the budgets could ever take (vectors are capped there)."""

    steps: tuple[tuple[int, int], ...]
    shapes: tuple[Shape, ...]
    budgets: tuple[int, ...]
    caps: tuple[int, ...]

    def describe(self) -> str:
        """The ladder in words, from the lead's widest pieces down to singles."""
        return " → ".join(piece_name(*self.shapes[s]) for _, s in self.steps) + " → singles"


def _piece_steps(width: int, length: int) -> list[Shape]:
    """Ladder of one lead piece: same width shorter and shorter, then each narrower width from the
    longest length that fits in its cards down to 1; widths ≥ 2 (singles are what is left)."""
    n = width * length
    steps = [(width, m) for m in range(length, 0, -1)]
    for w in range(width - 1, 1, -1):
        steps += [(w, m) for m in range(n // w, 0, -1)]
    return [s for s in steps if s[0] >= 2]


@functools.lru_cache(maxsize=4096)
def _ladder(piece_shapes: tuple[Shape, ...]) -> Ladder:
    shapes: list[Shape] = []
    steps: list[tuple[int, int]] = []
    budgets: list[int] = []
    for g, (w, m) in enumerate(piece_shapes):
        budgets.append(w * m)
        for shape in _piece_steps(w, m):
            if shape not in shapes:
                shapes.append(shape)
            steps.append((g, shapes.index(shape)))
    caps = [0] * len(shapes)
    for g, s in steps:
        w, m = shapes[s]
        caps[s] = min(caps[s] + budgets[g] // (w * m), _MAX_CAP)
    return Ladder(tuple(steps), tuple(shapes), tuple(budgets), tuple(caps))


def ladder_for(lead: Combination) -> Ladder:
    """The ladder a lead sets: its pieces widest, then longest, first, SJ-FOLLOW-5 (Following a
    throw)."""
    shapes = tuple(sorted((p.shape for p in lead.pieces), reverse=True))
    return _ladder(shapes)


# ---------------------------------------------------------------------- achievable piece vectors
# Piece vectors are packed into one int, 8 bits per shape (7 value bits and a guard bit), so that
# "u ≥ v in every component" and "u + v, capped" are a few big-int operations (SWAR).
_FIELD = 8
_VALUE = 0x7F
_MAX_CAP = 63  # two capped values still fit in 7 bits


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


def _front_exact(counts: Sequence[int], ctx: Table, key: int, ladder: Ladder) -> list[int]:
    """Steps 1–3 of the reference (runs read position by position): the maximal vectors of
    pieces of every ladder shape, as issue 12 computed them for every holding."""
    pk = _packer(ladder.caps)
    front = [0]
    for run in _runs(counts, ctx, key):
        front = _add_fronts(front, _run_front(run, ladder.shapes, ladder.caps), pk)
    return front


# Runs read fast: the counts of the suit's one-card-per-position lanes laid out as bytes, lane
# after lane with a 0 between lanes; counts below 2 become 0 too (``_SINGLES_OUT``), so the runs
# are what a split at the zero bytes leaves (MAX_COPIES is far below 256). Lanes with a position
# of several cards (the classic trump lane) are read position by position.
_SINGLES_OUT = bytes((0, 0, *range(2, 256)))
RunKey = bytes | tuple[tuple[int, ...], ...]


def _run_keys(counts: Sequence[int], suit: _Suit) -> tuple[RunKey, ...]:
    """The runs of :func:`_runs` as hashable keys, in a canonical order: ``bytes`` of counts for a
    run of one-card positions, capacities per position for the others."""
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


def ladder_vector(cards: Cards, ctx: Table, key: int, ladder: Ladder) -> Vec:
    """The ladder vector of a choice of cards (its led-suit part is what counts)."""
    if not ladder.shapes:
        return ()
    return _vector(cards.counts, _suit(ctx, key), ladder)[0]


def _ladder_vector_exact(cards: Cards, ctx: Table, key: int, ladder: Ladder) -> Vec:
    """:func:`ladder_vector` by the reference route (:func:`_front_exact`, nothing remembered
    but the fronts of single runs)."""
    if not ladder.shapes:
        return ()
    pk = _packer(ladder.caps)
    front = [pk.unpack(x) for x in _front_exact(cards.counts, ctx, key, ladder)]
    return _greedy(front, ladder)[0]


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


# ---------------------------------------------------------------------- helpers on counts
def _of_key(cards: Cards, ctx: Table, key: int) -> Cards:
    counts = cards.counts
    out = [0] * CARD_COUNT
    for i in ctx.cards_of_suit[key]:
        out[i] = counts[i]
    return Cards.unchecked(tuple(out))


def _count_of_key(cards: Cards, ctx: Table, key: int) -> int:
    counts = cards.counts
    return sum([counts[i] for i in ctx.cards_of_suit[key]])


def _suit_word(key: int, n: int) -> str:
    """``"3 trumps"``, ``"1 spade (plain)"`` …"""
    word = "trump" if key == TRUMP else ("spade", "heart", "club", "diamond")[key]
    plural = "" if n == 1 else "s"
    return f"{n} {word}{plural}" + ("" if key == TRUMP else " (plain)")


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
    """:func:`sub_multisets` of the cards ``held`` (in their order), ``caps[k]`` copies of
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


def _count_sub_multisets(counts: Sequence[int], size: int) -> int:
    poly = [1] + [0] * size
    for n in counts:
        if not n:
            continue
        new = [0] * (size + 1)
        for d, coef in enumerate(poly):
            if coef:
                for t in range(min(n, size - d) + 1):
                    new[d + t] += coef
        poly = new
    return poly[size]


# ---------------------------------------------------------------------- the rule
def _refuse_count(lead: Combination, size: int) -> Illegal:
    need = lead.size
    return CODES.refuse(
        "wrong-count",
        f"play {need} card{'s' if need != 1 else ''} to follow a {lead.name}, not {size}",
        "SJ-FOLLOW-1",
    )


def _refuse_hand(hand: Cards, play: Cards) -> Illegal:
    missing = Cards.unchecked(
        tuple(max(0, p - h) for p, h in zip(play.counts, hand.counts, strict=True))
    )
    return CODES.refuse("not-in-hand", f"you do not hold {missing.pretty()}", "SJ-FOLLOW-1")


@functools.lru_cache(maxsize=1024)
def _refuse_suit(key: int, need: int, held_n: int) -> Illegal:
    """The ``must-follow-suit`` refusal (remembered: it depends on three small numbers, and a
    refusal is immutable)."""
    if held_n >= need:
        msg = f"you hold {_suit_word(key, held_n)}: play {need} of them to follow"
    else:
        msg = f"you hold only {_suit_word(key, held_n)}: play all of them before other cards"
    return CODES.refuse("must-follow-suit", msg)


def _lead_ladder(lead: Combination) -> Ladder:
    pieces = lead.pieces
    if len(pieces) == 1:
        return _ladder((pieces[0].shape,))
    return ladder_for(lead)


def _is_piece(counts: Sequence[int], ctx: Table, width: int, length: int) -> bool:
    """Whether ``counts`` (of one suit key) are exactly one piece of shape ``(width, length)``:
    ``width`` copies of each of ``length`` cards on consecutive positions of one lane."""
    if counts.count(width) != length or counts.count(0) != CARD_COUNT - length:
        return False
    if length == 1:
        return True
    index = counts.index
    i = index(width)
    lane = ctx.lane_ids[i]
    lane_ids = ctx.lane_ids
    where = ctx.lane_positions
    positions = [where[i]]
    for _ in range(length - 1):
        i = index(width, i + 1)
        if lane_ids[i] != lane:
            return False
        positions.append(where[i])
    positions.sort()
    return positions[-1] - positions[0] == length - 1 and len(set(positions)) == length


def _holds_piece(counts: Sequence[int], suit: _Suit, width: int, length: int) -> bool:
    """Whether a piece of shape ``(width, length)`` can be cut from ``counts`` in the suit (what
    :func:`~cardrules.shengji.combos.iter_placements` would find at least once)."""
    if length == 1:
        return max(suit.of(counts)) >= width
    for lane in suit.lanes:
        if len(lane) < length:
            continue
        run = 0
        for pos in lane:
            if counts[pos[0]] >= width or (len(pos) > 1 and any(counts[i] >= width for i in pos)):
                run += 1
                if run >= length:
                    return True
            else:
                run = 0
    return False


def explain_follow(lead: Combination, hand: Cards, play: Cards, ctx: Table) -> Illegal | None:
    """Why ``play`` is not a legal follow to ``lead`` from ``hand``, or ``None`` if it is.

    Codes: ``wrong-count`` and ``not-in-hand``, SJ-FOLLOW-1 (As many cards as the lead);
    ``must-follow-suit``, SJ-FOLLOW-2 (The led suit first); ``must-follow-shape``, SJ-FOLLOW-3
    (The shape ladder) or SJ-FOLLOW-5 (Following a throw) — the message names a piece the hand
    holds that the play should have contained. A follow is legal when it is the best the hand
    allows, SJ-FOLLOW-4 (The follow must be the best the hand allows).

    Common leads are decided by exact shortcuts before the dynamic programme (the reference,
    :func:`_explain_follow_exact`, gives the same answer and message on every input):

    * no ladder steps (single cards led), or no more led-suit cards held than needed: legal;
    * no led-suit card held twice: no piece can be cut, every choice scores zero: legal;
    * one piece led and the play is exactly such a piece: the ideal score, legal;
    * one piece led, the hand holds such a piece and the play is not one: the first ladder step
      tells them apart (1 against 0).

    The rest goes to the dynamic programme, whose answers per holding are remembered.
    """
    pieces = lead.pieces
    if len(pieces) == 1:
        piece = pieces[0]
        width = piece.width
        length = piece.length
        need = width * length
    else:
        need = lead.size
    pc = play.counts
    hc = hand.counts
    key = lead.suit_key
    # One walk over the few cards the play holds (the scan for them runs in C): how many, how
    # many of the led suit, and whether the hand holds them.
    keys = ctx.suit_keys
    size = 0
    played_n = 0
    inside = True
    for i in itertools.compress(_ALL, pc):
        n = pc[i]
        size += n
        if hc[i] < n:
            inside = False
        if keys[i] == key:
            played_n += n
    if size != need:
        return _refuse_count(lead, size)
    if not inside:
        return _refuse_hand(hand, play)
    if played_n != need:  # the led suit must be spent first
        suit = _suit(ctx, key)
        held_n = sum(suit.of(hc))
        if held_n > played_n:
            return _refuse_suit(key, need, held_n)
        return None
    if len(pieces) == 1 and width == 1:  # `need` single cards of the led suit
        return None
    suit = _suit(ctx, key)
    held_counts = suit.of(hc)
    if sum(held_counts) == need:
        return None
    # From here the play is `need` cards of the led suit.
    most = max(held_counts)
    if len(pieces) == 1:
        if most < 2:
            return None
        ladder = _ladder(((width, length),))
        if _is_piece(pc, ctx, width, length):
            return None
        if most >= width if length == 1 else _holds_piece(hc, suit, width, length):
            return _shape_refusal(lead, _of_key(hand, ctx, key), play, ctx, ladder, 0, 1, 0)
    else:
        ladder = ladder_for(lead)
        if not ladder.steps or most < 2:
            return None
    return _judge_shape(lead, hand, play, ctx, ladder)


def _judge_shape(
    lead: Combination, hand: Cards, play: Cards, ctx: Table, ladder: Ladder
) -> Illegal | None:
    """The dynamic programme: the play's ladder vector against the hand's best (both only in
    the led suit, which is all the play holds here)."""
    key = lead.suit_key
    suit = _suit(ctx, key)
    mine = _vector(play.counts, suit, ladder)[0]
    if mine == _ideal(ladder):
        return None
    best = _vector(hand.counts, suit, ladder)[0]
    if mine == best:
        return None
    k = next(k for k, (a, b) in enumerate(zip(mine, best, strict=True)) if a != b)
    return _shape_refusal(lead, _of_key(hand, ctx, key), play, ctx, ladder, k, best[k], mine[k])


def _explain_follow_exact(
    lead: Combination, hand: Cards, play: Cards, ctx: Table
) -> Illegal | None:
    """The reference :func:`explain_follow`: the three steps as the spec states them, and every
    shape question answered by the dynamic programme on both the hand and the play, no
    shortcut. Kept for the tests that the fast paths agree with it."""
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
    ladder = ladder_for(lead)
    if not ladder.steps:
        return None
    held = _of_key(hand, ctx, key)
    played = _of_key(play, ctx, key)
    mine = _ladder_vector_exact(played, ctx, key, ladder)
    best = _ladder_vector_exact(held, ctx, key, ladder)
    if mine == best:
        return None
    k = next(k for k, (a, b) in enumerate(zip(mine, best, strict=True)) if a != b)
    return _shape_refusal(lead, held, played, ctx, ladder, k, best[k], mine[k])


def _shape_refusal(
    lead: Combination,
    held: Cards,
    played: Cards,
    ctx: Table,
    ladder: Ladder,
    k: int,
    best_k: int,
    mine_k: int,
) -> Illegal:
    """The refusal for a play whose ladder vector first falls short of the hand's best at step
    ``k`` (``mine_k`` pieces there where the hand allows ``best_k``)."""
    g, s = ladder.steps[k]
    w, m = ladder.shapes[s]
    rest = (held - played).counts
    example = max(
        iter_placements(rest, ctx, lead.suit_key, w, m),
        key=lambda p: p.top,
        default=None,
    ) or max(iter_placements(held.counts, ctx, lead.suit_key, w, m), key=lambda p: p.top)
    shape = piece_name(w, m)
    target = sorted(lead.pieces, key=lambda p: p.shape, reverse=True)[g]
    if lead.is_throw:
        what = f"the throw's {piece_name(*target.shape)}"
    else:
        what = f"a {piece_name(*target.shape)}"
    clause = "SJ-FOLLOW-5" if lead.is_throw else "SJ-FOLLOW-3"
    if (w, m) == target.shape:
        msg = f"you hold {example.cards.pretty()}: a {shape} must follow {what}"
    else:
        msg = (
            f"you hold {example.cards.pretty()}: following {what}, a {shape} comes before "
            f"smaller pieces (your hand allows {best_k} here, your play has {mine_k})"
        )
    return CODES.refuse("must-follow-shape", msg, clause)


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


def iter_follows(lead: Combination, hand: Cards, ctx: Table) -> Iterator[Cards]:
    """Every legal follow as a distinct multiset, lazily, in a fixed order: led-suit cards decided
    in card-index order, more copies first (:func:`sub_multisets`). Every one of them is accepted
    by :func:`explain_follow`.

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
    ladder = _lead_ladder(lead)
    if not ladder.steps:  # a throw of single cards
        for counts in sub_multisets(hc, need, order=order):
            yield Cards.unchecked(counts)
        return
    if len(pieces) == 1:
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
    yield from _search_follows(hc, need, order, held_counts, suit, ladder)


def _search_follows(
    counts: tuple[int, ...],
    need: int,
    order: Sequence[int],
    held_counts: Sequence[int],
    suit: _Suit,
    ladder: Ladder,
) -> Iterator[Cards]:
    """The legal follows among the ``need``-card choices of the led suit (``held_counts`` of
    the cards ``order``), in the order of :func:`sub_multisets`, whose walk this repeats — as a
    loop over the decided cards, not a recursion. By SJ-FOLLOW-4 (The follow must be the best
    the hand allows) a legal follow is a choice holding disjoint pieces in the numbers the hand's
    best vector uses (``req``, ``size`` cards in all). The walk goes into a branch only when it
    holds a legal follow, so it never searches in vain: the cards decided so far, with every
    card after them still available, must hold those pieces using at most as many of the cards
    after them as are still to take (:func:`~cardrules.shengji.packing.within`). Two cheaper
    tests come first: a card taken at most once and no longer available more often is in no
    piece, so once such forced cards and ``size`` exceed ``need`` that number of the card fails;
    and when the cards still available cannot hold the pieces at all, no smaller number of this
    card can, so the level is spent (a card held once is in no piece: it is not asked)."""
    req = _vector(counts, suit, ladder)[1]
    want = _need(req, ladder)
    size = sum(n * w * m for n, (w, m) in zip(req, ladder.shapes, strict=True))
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
            if size + forced > need:
                t -= 1
                continue
            if t < c > 1 and not _holds_need(_run_keys(avail, suit), want):
                t = -1
                break
            if not _grows(avail, suit, decided, want, left - t):
                t -= 1
                continue
            break
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
    ladder = _lead_ladder(lead)
    if not ladder.steps or max(counts) < 2:
        return Cards.unchecked(tuple(_cheapest_cards(counts, need, ranked)))
    if not lead.is_throw:
        width, length = lead.pieces[0].shape
        if _holds_piece(counts, suit, width, length):  # then the follow is one such piece
            pieces = _pieces(counts, suit, width, length)
            return Cards.unchecked(min(pieces, key=lambda v: (sum(unit[i] for i in pieces[v]), v)))
    req = _vector(counts, suit, ladder)[1]
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
        return _count_sub_multisets((hand - held).counts, need - held_n)
    ladder = ladder_for(lead)
    best = ladder_vector(held, ctx, key, ladder) if ladder.steps else ()
    if not any(best):
        return _count_sub_multisets(held.counts, need)
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
        return bound if bound <= limit else _count_sub_multisets(suit.of_others(hc), k)
    bound = math.comb(held_n, need)
    if bound <= limit:
        return bound
    held = _of_key(hand, ctx, key)
    pieces = lead.pieces
    ladder = _lead_ladder(lead)
    if (len(pieces) == 1 and pieces[0].width == 1) or max(held_counts) < 2 or not ladder.steps:
        return _count_sub_multisets(held_counts, need)
    if len(pieces) == 1:
        width, length = pieces[0].shape
        if length == 1:
            tuples = sum(1 for n in held_counts if n >= width)
            if tuples:
                return tuples
        elif _holds_piece(hc, suit, width, length):
            return len(_pieces(hc, suit, width, length))
    best, req = _vector(hc, suit, ladder)
    if not any(best):
        return _count_sub_multisets(held_counts, need)
    # A follow is disjoint pieces among the options, then other cards of the led suit: the
    # choices of options times the sets of the other cards bound the follows.
    combos = 1
    in_pieces = 0
    for s, n in enumerate(req):
        if n:
            w, m = ladder.shapes[s]
            combos *= math.comb(len(_pieces(hc, suit, w, m)) + n - 1, n)
            in_pieces += n * w * m
    bound = combos * _count_sub_multisets(held_counts, need - in_pieces)
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
        count = _count_sub_multisets(rest.counts, k)
        return FollowFamily(held, rest, k, (), count, "SJ-FOLLOW-2", listable)
    empty = Cards()
    pieces = lead.pieces
    ladder = _lead_ladder(lead)
    if (len(pieces) == 1 and pieces[0].width == 1) or max(held_counts) < 2 or not ladder.steps:
        count = _count_sub_multisets(held_counts, need)
        return FollowFamily(empty, held, need, (), count, "SJ-FOLLOW-2", listable)
    clause = "SJ-FOLLOW-5" if lead.is_throw else "SJ-FOLLOW-3"
    if len(pieces) == 1:
        width, length = pieces[0].shape
        if (length == 1 and max(held_counts) >= width) or (
            length > 1 and _holds_piece(hc, suit, width, length)
        ):
            listed = tuple(iter_follows(lead, hand, ctx))
            return FollowFamily(empty, empty, 0, (), len(listed), clause, True, listed)
    best, req = _vector(hc, suit, ladder)
    if not any(req):
        count = _count_sub_multisets(held_counts, need)
        return FollowFamily(empty, held, need, (), count, "SJ-FOLLOW-4", listable)
    needs = []
    for s, n in enumerate(req):
        if n:
            w, m = ladder.shapes[s]
            options = tuple(
                Cards.unchecked(v) for v in sorted(_pieces(hc, suit, w, m), reverse=True)
            )
            needs.append((w, m, n, options))
    total = _count_by_runs(held, ctx, key, ladder, need, best)
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
    req = _vector(counts, suit, ladder)[1]
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
    ladder = _lead_ladder(lead)
    chosen = [0] * CARD_COUNT
    if ladder.steps:
        req = _vector(counts, suit, ladder)[1]
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
