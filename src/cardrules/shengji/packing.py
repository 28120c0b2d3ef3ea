"""Pieces packed into a holding: the bounded dynamic programme behind the follow rule,
SJ-FOLLOW-4 (The follow must be the best the hand allows).

Every question the follow rule asks about shape is one of "which numbers of pieces of a few
shapes can be cut at once from these cards": can this multiset of pieces be cut, how many more
pieces of one shape fit beside it, can it be cut using at most so many cards of some kinds,
which cards does such a cut use, how many choices of cards allow one, which is the cheapest.
The spec's implementation notes under SJ-FOLLOW-4 (The follow must be the best the hand
allows) prove the bounds.

The cards of one suit key lie on *runs*: stretches of consecutive lane positions where some card
is held at least twice (a piece never crosses a gap, and a card held once is in no piece). The
programme walks the positions of every run in lane order. Its state at a position is the
*coverage*: the widths that pieces started earlier take on this and the next positions (their
sum where one card kind sits on a position, the sorted widths where several kinds share one), so
a state says what room is left, never which pieces made it. What has been placed so far is a
point of a mixed-radix :class:`Grid` — one digit per shape asked about, counting up to the number
wanted — and the programme keeps, per coverage, the **set** of reachable points as the bits of
one int: a transition is one AND (the points whose digits still have room) and one shift, so the
sets are carried whole at machine-word speed and never enumerated.

Nothing here knows ladders or follows: :mod:`cardrules.shengji.follow` asks the questions.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence

import attrs

__all__: list[str] = []

Shape = tuple[int, int]
#: One run: per lane position, the counts held of the cards there that are held at least twice,
#: largest first (a seed lane's position has one card; the classic trump lane puts the 2s and
#: the level cards of all suits on one position each).
Run = tuple[tuple[int, ...], ...]
#: A requirement: shapes, largest first, and how many pieces of each.
Need = tuple[tuple[Shape, int], ...]
#: The widths of pieces on one position: their sum where one card kind sits there, the sorted
#: widths (largest first) where several kinds share it.
Load = int | tuple[int, ...]
#: The loads of the current position and the next ones (trailing empty loads dropped).
Coverage = tuple[Load, ...]
#: What a position may add to the cost digit, given its run, its index and its final load.
Costs = Callable[[int, int, Load], Iterable[int]]


# ---------------------------------------------------------------------- the grid of placed counts
@attrs.frozen(eq=False)
class Grid:
    """Mixed-radix points ``v`` with ``0 ≤ v[i] ≤ caps[i]``; point ``v`` is bit
    ``Σ v[i]·strides[i]`` of a set, ``full`` the bit of ``caps`` itself."""

    caps: tuple[int, ...]
    strides: tuple[int, ...]
    size: int
    full: int
    everything: int
    _room: dict[tuple[int, ...], tuple[int, int]] = attrs.field(factory=dict, repr=False)
    _above: list[int] = attrs.field(factory=list, repr=False)

    def room(self, d: tuple[int, ...]) -> tuple[int, int]:
        """``(mask, shift)`` for adding ``d``: the points whose every digit still has room for
        it, and how many bits a point moves."""
        got = self._room.get(d)
        if got is None:
            mask = self.everything
            shift = 0
            for i, a in enumerate(d):
                if a:
                    mask &= self._digit_at_most(i, self.caps[i] - a)
                    shift += a * self.strides[i]
            got = (mask, shift)
            self._room[d] = got
        return got

    def _digit_at_most(self, i: int, top: int) -> int:
        """The points whose digit ``i`` is at most ``top``: a block of set bits repeated."""
        if top < 0:
            return 0
        stride = self.strides[i]
        period = stride * (self.caps[i] + 1)
        block = (1 << ((top + 1) * stride)) - 1
        return block * (((1 << self.size) - 1) // ((1 << period) - 1))

    def lowered(self, x: int) -> int:
        """The set ``x`` with every point below one of its points (digit by digit): the
        *down-closure*. Where only the point ``full`` is asked about at the end, a set and its
        down-closure give the same answer (a packing of more pieces holds one of fewer), so
        sets that differ only below their maximal points are one state."""
        aboves = self._above
        if not aboves:
            aboves.extend(
                self.everything & ~self._digit_at_most(i, 0) for i in range(len(self.caps))
            )
        for i, cap in enumerate(self.caps):
            if not cap:
                continue
            stride = self.strides[i]
            above = aboves[i]
            for _ in range(cap):
                grown = x | ((x & above) >> stride)
                if grown == x:
                    break
                x = grown
        return x

    def at(self, v: Sequence[int]) -> int:
        """The bit of point ``v``."""
        return sum(a * m for a, m in zip(v, self.strides, strict=True))


@functools.lru_cache(maxsize=4096)
def grid(caps: tuple[int, ...]) -> Grid:
    """The (shared, remembered) grid of the points up to ``caps``."""
    strides = []
    size = 1
    for c in caps:
        strides.append(size)
        size *= c + 1
    full = sum(c * m for c, m in zip(caps, strides, strict=True))
    return Grid(tuple(caps), tuple(strides), size, full, (1 << size) - 1)


# ---------------------------------------------------------------------- one position
@attrs.frozen(cache_hash=True)
class Start:
    """Pieces that start together at one position: their widths there (largest first), their
    sum, what each adds on the next positions (``tails``: (width, positions)), and how many of
    each shape (``d``, one count per shape asked about)."""

    total: int
    widths: tuple[int, ...]
    tails: tuple[tuple[int, int], ...]
    d: tuple[int, ...]
    #: How many positions after this one the tails reach.
    span: int = 0


@functools.lru_cache(maxsize=65536)
def starts(shapes: tuple[Shape, ...], free: int, rem: int) -> tuple[Start, ...]:
    """Every multiset of pieces of ``shapes`` whose widths add up to at most ``free`` and whose
    lengths are at most ``rem`` (the positions left in the run), the empty one first."""
    usable = [s for s, (w, m) in enumerate(shapes) if m <= rem and w <= free]
    out: list[Start] = []
    chosen: list[int] = []

    def rec(first: int, room: int) -> None:
        d = [0] * len(shapes)
        for s in chosen:
            d[s] += 1
        widths = tuple(sorted((shapes[s][0] for s in chosen), reverse=True))
        tails = tuple(
            sorted(
                ((shapes[s][0], shapes[s][1] - 1) for s in chosen if shapes[s][1] > 1),
                key=lambda t: (-t[1], -t[0]),
            )
        )
        span = max((m for _, m in tails), default=0)
        out.append(Start(sum(widths), widths, tails, tuple(d), span))
        for k in range(first, len(usable)):
            s = usable[k]
            if shapes[s][0] <= room:
                chosen.append(s)
                rec(k, room - shapes[s][0])
                chosen.pop()

    rec(0, free)
    return tuple(out)


@functools.lru_cache(maxsize=65536)
def fits(widths: tuple[int, ...], caps: tuple[int, ...]) -> bool:
    """Whether tuples of these widths (largest first) can each take one card kind of a position
    holding ``caps`` copies of its kinds (largest first)."""
    if not widths:
        return True
    if len(caps) == 1:
        return sum(widths) <= caps[0]
    first, rest = widths[0], widths[1:]
    for k, c in enumerate(caps):
        if c >= first and (k == 0 or caps[k - 1] != c):
            left = tuple(sorted((*caps[:k], c - first, *caps[k + 1 :]), reverse=True))
            if fits(rest, left):
                return True
    return False


def empty(caps: tuple[int, ...]) -> Load:
    """The load of a position nothing covers."""
    return 0 if len(caps) == 1 else ()


def _plus(load: Load, widths: Iterable[int]) -> Load:
    if isinstance(load, int):
        return load + sum(widths)
    return tuple(sorted((*load, *widths), reverse=True))


def holds(load: Load, caps: tuple[int, ...]) -> bool:
    """Whether a position holding ``caps`` can take the pieces of ``load``."""
    if isinstance(load, int):
        return load <= caps[0]
    return fits(load, caps)


def _room_at(caps: tuple[int, ...], load: Load) -> int:
    used = load if isinstance(load, int) else sum(load)
    return (caps[0] if len(caps) == 1 else sum(caps)) - used


def step(
    run: Run, p: int, cov: Coverage, start: Start, upper: Run | None = None
) -> tuple[Load, Coverage] | None:
    """Start ``start`` at position ``p`` of ``run`` whose coverage is ``cov``: the final load
    of ``p`` and the coverage of the next position, or ``None`` when a position cannot take
    them (later positions are checked against ``upper`` when given, else ``run``)."""
    if start.span:
        ahead = (run if upper is None else upper)[p + 1 : p + 1 + start.span]
        return _step_at(run[p], ahead, cov, start)
    return _step_at(run[p], (), cov, start)


@functools.lru_cache(maxsize=1 << 16)
def _step_at(
    caps: tuple[int, ...], ahead: Run, cov: Coverage, start: Start
) -> tuple[Load, Coverage] | None:
    """:func:`step` on the copies it reads: the position's and those of the positions its
    tails reach (remembered: the walks ask the same few questions again and again)."""
    load = cov[0] if cov else empty(caps)
    here = _plus(load, start.widths) if start.widths else load
    if not holds(here, caps):
        return None
    rest = cov[1:]
    if start.tails:
        out = list(rest)
        for w, m in start.tails:
            while len(out) < m:
                out.append(empty(ahead[len(out)]))
            for o in range(m):
                grown = _plus(out[o], (w,))
                if not holds(grown, ahead[o]):
                    return None
                out[o] = grown
        rest = tuple(out)
    while rest and rest[-1] in (0, ()):
        rest = rest[:-1]
    return here, rest


def options(run: Run, p: int, cov: Coverage, shapes: tuple[Shape, ...]) -> tuple[Start, ...]:
    """The :func:`starts` that may begin at position ``p`` given its coverage (widths that fit
    in what is left there; the fit itself is checked by :func:`step`)."""
    caps = run[p]
    load = cov[0] if cov else empty(caps)
    return starts(shapes, _room_at(caps, load), len(run) - p)


# ---------------------------------------------------------------------- reachable placed vectors
def advance(
    states: dict[Coverage, int],
    run: Run,
    p: int,
    shapes: tuple[Shape, ...],
    g: Grid,
    upper: Run | None = None,
) -> dict[Coverage, int]:
    """One position of :func:`reach`: the states after position ``p`` of ``run``."""
    nxt: dict[Coverage, int] = {}
    get = nxt.get
    for cov, mask in states.items():
        for start in options(run, p, cov, shapes):
            moved_to = step(run, p, cov, start, upper)
            if moved_to is None:
                continue
            after = moved_to[1]
            if start.total:
                m, shift = g.room(start.d)
                moved = (mask & m) << shift
                if not moved:
                    continue
            else:
                moved = mask
            nxt[after] = get(after, 0) | moved
    return nxt


def reach(
    runs: Sequence[Run],
    shapes: tuple[Shape, ...],
    g: Grid,
    *,
    costs: Costs | None = None,
    layers: list[dict[Coverage, int]] | None = None,
) -> int:
    """The set (bits of ``g``) of the placed vectors reachable over all ``runs``: point ``v``
    is in it when ``v[i]`` pieces of ``shapes[i]`` can be cut disjointly, for every ``i``.

    With ``costs`` the grid has one more digit, after the shapes': ``costs(run, position,
    load)`` lists what the position may add to it for the widths finally on it (several values
    where several card kinds may take them); points past the digit's cap are dropped. With
    ``layers``, the states before every position (in walking order) are appended to it, for
    :func:`unpack`."""
    states: dict[Coverage, int] = {(): 1}
    for r, run in enumerate(runs):
        for p in range(len(run)):
            if layers is not None:
                layers.append(states)
            if costs is None:
                states = advance(states, run, p, shapes, g)
                continue
            nxt: dict[Coverage, int] = {}
            for cov, mask in states.items():
                for start in options(run, p, cov, shapes):
                    moved_to = step(run, p, cov, start)
                    if moved_to is None:
                        continue
                    here, after = moved_to
                    moved = 0
                    for c in costs(r, p, here):
                        m, shift = g.room((*start.d, c))
                        moved |= (mask & m) << shift
                    if moved:
                        nxt[after] = nxt.get(after, 0) | moved
            states = nxt
    return states.get((), 0)


def unpack(
    runs: Sequence[Run],
    shapes: tuple[Shape, ...],
    g: Grid,
    layers: Sequence[dict[Coverage, int]],
    point: int,
    rng: random.Random | None = None,
) -> list[tuple[int, int, int]]:
    """The pieces of a packing behind ``point``, reachable in a :func:`reach` walk (without
    ``costs``) that kept its ``layers``: ``(run, start position, shape index)`` each. Where
    several packings lead there, the first found is taken, or a random one with ``rng``."""
    where = [(r, p) for r, run in enumerate(runs) for p in range(len(run))]
    after: Coverage = ()
    x = point
    out: list[tuple[int, int, int]] = []
    for q in range(len(where) - 1, -1, -1):
        r, p = where[q]
        run = runs[r]
        found: list[tuple[Coverage, int, Start]] = []
        for cov, mask in layers[q].items():
            for start in options(run, p, cov, shapes):
                moved_to = step(run, p, cov, start)
                if moved_to is None or moved_to[1] != after:
                    continue
                m, shift = g.room(start.d)
                y = x - shift
                if y < 0 or not (m & mask) >> y & 1:
                    continue
                found.append((cov, y, start))
                if rng is None:
                    break
            if found and rng is None:
                break
        assert found, "a reachable point has a packing"
        cov, x, start = found[0] if rng is None else rng.choice(found)
        for s, k in enumerate(start.d):
            out.extend((r, p, s) for _ in range(k))
        after = cov
    return out


def assign(
    runs: Sequence[Run],
    shapes: tuple[Shape, ...],
    pieces: Sequence[tuple[int, int, int]],
    rng: random.Random | None = None,
) -> list[list[list[int]]]:
    """Per run, per position, how many copies of each of its card kinds (in :data:`Run`
    order) the ``pieces`` of :func:`unpack` take: each piece takes its width of one kind on
    every position it covers (the first assignment that fits, or a random one)."""
    widths: list[list[list[int]]] = [[[] for _ in run] for run in runs]
    for r, p, s in pieces:
        w, m = shapes[s]
        for o in range(m):
            widths[r][p + o].append(w)
    out: list[list[list[int]]] = []
    for r, run in enumerate(runs):
        per_run = []
        for p, caps in enumerate(run):
            on = sorted(widths[r][p], reverse=True)
            per_run.append(_kinds_for(on, caps, rng))
        out.append(per_run)
    return out


def _kinds_for(widths: list[int], caps: tuple[int, ...], rng: random.Random | None) -> list[int]:
    """Copies taken of each kind when tuples of ``widths`` (largest first, known to fit) each
    take one kind: the first assignment found, trying kinds in order or at random."""
    used = [0] * len(caps)
    dead: set[tuple[int, tuple[int, ...]]] = set()

    def rec(k: int) -> bool:
        if k == len(widths):
            return True
        key = (k, tuple(used))
        if key in dead:
            return False
        w = widths[k]
        tried = list(range(len(caps)))
        if rng is not None and len(tried) > 1:
            rng.shuffle(tried)
        for i in tried:
            if caps[i] - used[i] >= w:
                used[i] += w
                if rec(k + 1):
                    return True
                used[i] -= w
        dead.add(key)
        return False

    ok = rec(0)
    assert ok, "the widths fit the position"
    return used


# ---------------------------------------------------------------------- questions
def can_place(runs: Sequence[Run], shape: Shape) -> bool:
    """Whether one piece of ``shape`` fits anywhere (a cheap test before asking more)."""
    w, m = shape
    for run in runs:
        cur = 0
        for caps in run:
            cur = cur + 1 if caps[0] >= w else 0
            if cur >= m:
                return True
    return False


def _shapes_caps(need: Need) -> tuple[tuple[Shape, ...], tuple[int, ...]]:
    return tuple(s for s, _ in need), tuple(n for _, n in need)


def holds_all(runs: Sequence[Run], need: Need) -> bool:
    """Whether pieces of every shape of ``need``, as many as it says, can be cut at once."""
    if not need:
        return True
    shapes, caps = _shapes_caps(need)
    g = grid(caps)
    return bool((reach(runs, shapes, g) >> g.full) & 1)


def most_beside(runs: Sequence[Run], need: Need, shape: Shape, room: int) -> int:
    """How many pieces of ``shape``, at most ``room``, can be cut beside those of ``need``
    (which can be cut; the pieces of ``shape`` it names already are not counted)."""
    counts = dict(need)
    have = counts.get(shape, 0)
    counts[shape] = have + room
    shapes = tuple(sorted(counts, reverse=True))
    caps = tuple(counts[s] for s in shapes)
    g = grid(caps)
    mask = reach(runs, shapes, g)
    t = shapes.index(shape)
    base = g.full - caps[t] * g.strides[t]
    for k in range(caps[t], have, -1):
        if (mask >> (base + k * g.strides[t])) & 1:
            return k - have
    return 0


def a_packing(
    runs: Sequence[Run], need: Need, rng: random.Random | None = None
) -> list[list[list[int]]]:
    """The copies per run, position and card kind that one packing of ``need`` takes (the
    first found, or a random one with ``rng``); ``need`` must be cuttable."""
    shapes, caps = _shapes_caps(need)
    g = grid(caps)
    layers: list[dict[Coverage, int]] = []
    mask = reach(runs, shapes, g, layers=layers)
    assert (mask >> g.full) & 1, "the pieces can be cut"
    pieces = unpack(runs, shapes, g, layers, g.full, rng)
    return assign(runs, shapes, pieces, rng)


def within(
    runs: Sequence[Run], need: Need, free: Sequence[Sequence[Sequence[bool]]], most: int
) -> bool:
    """Whether ``need`` can be cut using at most ``most`` copies of the card kinds that are not
    ``free`` (``free[run][position][kind]``, kinds in :data:`Run` order): the test that a choice
    of some cards can still grow into a follow."""
    if not need:
        return True
    shapes, caps = _shapes_caps(need)
    g = grid((*caps, most))

    def costs(r: int, p: int, load: Load) -> Iterable[int]:
        marks = free[r][p]
        if isinstance(load, int):
            return (0,) if marks[0] or not load else (load,)
        return _paid_sums(load, runs[r][p], tuple(marks))

    mask = reach(runs, shapes, g, costs=costs)
    top = g.full - most * g.strides[-1]
    return any((mask >> (top + c * g.strides[-1])) & 1 for c in range(most + 1))


@functools.lru_cache(maxsize=4096)
def _paid_sums(
    widths: tuple[int, ...], caps: tuple[int, ...], free: tuple[bool, ...]
) -> tuple[int, ...]:
    """The copies of paid (not free) kinds that tuples of ``widths`` take, over the ways they
    can each take one kind of a position holding ``caps``."""

    @functools.cache
    def rec(k: int, left: tuple[int, ...]) -> frozenset[int]:
        if k == len(widths):
            return frozenset((0,))
        w = widths[k]
        out: set[int] = set()
        for i, c in enumerate(left):
            if c >= w:
                rest = rec(k + 1, (*left[:i], c - w, *left[i + 1 :]))
                paid = 0 if free[i] else w
                out.update(x + paid for x in rest)
        return frozenset(out)

    return tuple(sorted(rec(0, caps)))


# ---------------------------------------------------------------------- counting choices
class TooLarge(Exception):
    """A count or search would pass its bound of work (callers turn it into an answer)."""


#: The most work :func:`count_choices` (states carried into and out of a new choice of copies
#: at a position, partial choices carried on) and :func:`cheapest_choice` (piece starts tried
#: from a state) do in all before they give up with :class:`TooLarge`. The per-position bound on
#: states alone let a long suit of many copies multiply its work position by position (1.5 s
#: for one 8-deck count). A unit costs about 5 µs on the benchmark machine (2 shared cores), so
#: each bound keeps a call near 0.25 s at worst; ``benchmarks/bench_follow.py`` measures it.
COUNT_WORK = 40_000
CHEAPEST_WORK = 50_000


def _choices_at(counts: tuple[int, ...]) -> dict[tuple[tuple[int, ...], int], int]:
    """The ways to take copies of the kinds held ``counts`` times at one position, by what the
    packing sees (the copies per kind, a kind taken once no better than none, largest first)
    and the copies taken."""
    ways: dict[tuple[tuple[int, ...], int], int] = {((), 0): 1}
    for h in counts:
        nxt: dict[tuple[tuple[int, ...], int], int] = {}
        for (caps, total), n in ways.items():
            for c in range(h + 1):
                key = ((*caps, c if c >= 2 else 0), total + c)
                nxt[key] = nxt.get(key, 0) + n
        ways = nxt
    out: dict[tuple[tuple[int, ...], int], int] = {}
    for (caps, total), n in ways.items():
        key = (tuple(sorted(caps, reverse=True)), total)
        out[key] = out.get(key, 0) + n
    return out


def count_choices(
    held: Sequence[Sequence[tuple[int, ...]]],
    need: Need,
    size: int,
    loose: Sequence[int],
    limit: int,
) -> int:
    """How many ways there are to choose ``size`` cards — copies of the kinds ``held`` (per
    run, per position, their counts held, at least 2 each) and of ``loose`` kinds (counts; in no
    piece) — from which ``need`` can be cut. Raises :class:`TooLarge` when more than ``limit``
    distinct partial states would be tracked at once, or the walk would take more than
    the work bound (:data:`COUNT_WORK`).

    The walk is :func:`reach`'s, over the copies chosen: its state is what the packing
    programme knows after the positions so far (its whole map from coverage to reachable
    points, each set taken down-closed, :meth:`Grid.lowered`) and how many copies were taken;
    choices that leave the programme in the same state are counted together, so each choice of
    cards is counted once."""
    shapes, caps = _shapes_caps(need)
    g = grid(caps)
    poly = [1] + [0] * size
    for n in loose:
        if n:
            new = [0] * (size + 1)
            for d, coef in enumerate(poly):
                if coef:
                    for t in range(min(n, size - d) + 1):
                        new[d + t] += coef
            poly = new
    uppers: list[Run] = [tuple(tuple(sorted(c, reverse=True)) for c in run) for run in held]
    useful = _useful(uppers, shapes, g)
    left = [0]  # the copies held at the positions still to come, from the end
    for run_counts in reversed(held):
        for counts in reversed(run_counts):
            left.append(left[-1] + sum(counts))
    left.reverse()
    short = size - sum(loose)  # a choice takes at least this many copies at the positions
    start: frozenset[tuple[Coverage, int]] = frozenset({((), 1)})
    outer: dict[tuple[frozenset[tuple[Coverage, int]], int], int] = {(start, 0): 1}
    q = 0
    work = 0
    for upper, run_counts in zip(uppers, held, strict=True):
        for p, counts in enumerate(run_counts):
            q += 1
            ahead = useful[q]
            picks = _choices_at(counts)
            by_inner: dict[frozenset[tuple[Coverage, int]], list[tuple[int, int]]] = {}
            for (inner, t), n in outer.items():
                by_inner.setdefault(inner, []).append((t, n))
            nxt: dict[tuple[frozenset[tuple[Coverage, int]], int], int] = {}
            for inner, taken in by_inner.items():
                states = dict(inner)
                moved: dict[tuple[int, ...], frozenset[tuple[Coverage, int]]] = {}
                for (chosen, total), ways in picks.items():
                    after = moved.get(chosen)
                    if after is None:
                        work += len(states)
                        if work > COUNT_WORK:
                            raise TooLarge
                        run = (*upper[:p], chosen, *upper[p + 1 :])
                        stepped = advance(states, run, p, shapes, g, upper)
                        work += len(stepped)
                        kept = ((c, g.lowered(m) & ahead.get(c, 0)) for c, m in stepped.items())
                        after = frozenset((c, m) for c, m in kept if m)
                        moved[chosen] = after
                    if not after:
                        continue
                    work += len(taken) // 8
                    for t, n in taken:
                        if t + total <= size and t + total + left[q] >= short:
                            key = (after, t + total)
                            nxt[key] = nxt.get(key, 0) + n * ways
            outer = nxt
            if len(outer) > limit:
                raise TooLarge
    total = 0
    for (inner, t), n in outer.items():
        if (dict(inner).get((), 0) >> g.full) & 1:
            total += n * poly[size - t]
    return total


def _reflect(x: int, size: int) -> int:
    """The set ``{full - v : v in x}``: on a mixed-radix grid ``full - v`` is bit
    ``size - 1 - bit(v)``, so this is ``x``'s bits in reverse order."""
    return int(format(x, f"0{size}b")[::-1], 2) if x else 0


def _useful(runs: Sequence[Run], shapes: tuple[Shape, ...], g: Grid) -> list[dict[Coverage, int]]:
    """Per position in walking order (and one more entry, after the last), per coverage the
    walk can have there on the cards ``runs`` hold: the points from which the positions still
    to come, on all those cards, can complete the packing to ``full``. A choice of fewer cards
    can complete no more, so :func:`count_choices` drops every other point (and every state
    left with none): the forward sets with all cards (:func:`reach`'s layers), then backward
    what each coverage can still add, reflected."""
    layers: list[dict[Coverage, int]] = []
    reach(runs, shapes, g, layers=layers)
    where = [(r, p) for r, run in enumerate(runs) for p in range(len(run))]
    adds: dict[Coverage, int] = {(): 1}  # after the last position: nothing more to add
    out: list[dict[Coverage, int]] = [{(): 1 << g.full}]
    for q in range(len(where) - 1, -1, -1):
        r, p = where[q]
        run = runs[r]
        here: dict[Coverage, int] = {}
        for cov in layers[q]:
            bits = 0
            for start in options(run, p, cov, shapes):
                moved_to = step(run, p, cov, start)
                if moved_to is None:
                    continue
                later = adds.get(moved_to[1], 0)
                if not later:
                    continue
                if start.total:
                    m, shift = g.room(start.d)
                    bits |= (later & m) << shift
                else:
                    bits |= later
            if bits:
                here[cov] = bits
        adds = here
        out.append({cov: _reflect(bits, g.size) for cov, bits in here.items()})
    out.reverse()
    return out


# ---------------------------------------------------------------------- the cheapest choice
def _copies_at(
    load: Load, caps: tuple[int, ...], prices: tuple[float, ...]
) -> dict[int, tuple[float, tuple[int, ...]]]:
    """For each number of copies ``T`` a position may give (its pieces' widths ``load`` and
    more of its kinds as padding), the least price and the copies per kind that reach it."""
    if isinstance(load, int):
        return {s: (s * prices[0], (s,)) for s in range(load, caps[0] + 1)}
    return _copies_multi(load, caps, prices)


@functools.lru_cache(maxsize=4096)
def _copies_multi(
    widths: tuple[int, ...], caps: tuple[int, ...], prices: tuple[float, ...]
) -> dict[int, tuple[float, tuple[int, ...]]]:
    best: dict[int, tuple[float, tuple[int, ...]]] = {}
    seen: set[tuple[int, ...]] = set()
    used = [0] * len(caps)

    def rec(k: int) -> None:
        if k == len(widths):
            base = tuple(used)
            if base in seen:
                return
            seen.add(base)
            _pad_all(base, caps, prices, best)
            return
        w = widths[k]
        for i, c in enumerate(caps):
            if c - used[i] >= w:
                used[i] += w
                rec(k + 1)
                used[i] -= w

    rec(0)
    return best


def _pad_all(
    base: tuple[int, ...],
    caps: tuple[int, ...],
    prices: tuple[float, ...],
    best: dict[int, tuple[float, tuple[int, ...]]],
) -> None:
    """Record, for every total, the cheapest copies per kind on top of ``base``."""
    order = sorted(range(len(caps)), key=lambda i: (prices[i], i))
    copies = list(base)
    total = sum(copies)
    cost = sum(c * prices[i] for i, c in enumerate(copies))

    def keep() -> None:
        old = best.get(total)
        if old is None or cost < old[0]:
            best[total] = (cost, tuple(copies))

    keep()
    for i in order:
        while copies[i] < caps[i]:
            copies[i] += 1
            total += 1
            cost += prices[i]
            keep()


def cheapest_choice(
    runs: Sequence[Run],
    prices: Sequence[Sequence[tuple[float, ...]]],
    need: Need,
    size: int,
    loose: Sequence[float],
    limit: int,
) -> tuple[float, list[list[tuple[int, ...]]], int] | None:
    """The cheapest choice of ``size`` cards from which ``need`` can be cut: copies of the run
    kinds (``prices[run][position]`` per kind, in :data:`Run` order) and of ``loose`` copies
    (their prices, cheapest first, in no piece). Returns its price, the copies per run,
    position and kind, and how many loose copies; ``None`` when there is none. Raises
    :class:`TooLarge` when more than ``limit`` states would be kept at one position, or the
    walk would take more than the work bound (:data:`CHEAPEST_WORK`).

    :func:`reach`'s walk with a price instead of a set: the state is the coverage, the pieces
    placed so far (a point of the grid) and the copies taken so far; each state keeps its least
    price and how it was reached."""
    shapes, caps = _shapes_caps(need)
    g = grid(caps)
    Key = tuple[Coverage, int, int]
    layer: dict[Key, tuple[float, Key | None, tuple[int, ...]]] = {((), 0, 0): (0.0, None, ())}
    history: list[dict[Key, tuple[float, Key | None, tuple[int, ...]]]] = []
    work = 0
    for r, run in enumerate(runs):
        for p in range(len(run)):
            nxt: dict[Key, tuple[float, Key | None, tuple[int, ...]]] = {}
            for key, (cost, _, _) in layer.items():
                cov, x, t = key
                starts_here = options(run, p, cov, shapes)
                work += len(starts_here)
                if work > CHEAPEST_WORK:
                    raise TooLarge
                for start in starts_here:
                    moved_to = step(run, p, cov, start)
                    if moved_to is None:
                        continue
                    here, after = moved_to
                    m, shift = g.room(start.d)
                    if not (m >> x) & 1:
                        continue
                    y = x + shift
                    for total, (price, copies) in _copies_at(here, run[p], prices[r][p]).items():
                        if t + total > size:
                            continue
                        new = (after, y, t + total)
                        value = cost + price
                        old = nxt.get(new)
                        if old is None or value < old[0]:
                            nxt[new] = (value, key, copies)
            history.append(nxt)
            layer = nxt
            if len(layer) > limit:
                raise TooLarge
    prefix = [0.0]
    for c in loose:
        prefix.append(prefix[-1] + c)
    best: tuple[float, Key] | None = None
    for key, (cost, _, _) in layer.items():
        cov, x, t = key
        if cov or x != g.full or size - t >= len(prefix):
            continue
        value = cost + prefix[size - t]
        if best is None or value < best[0]:
            best = (value, key)
    if best is None:
        return None
    value, key = best
    copies_back: list[tuple[int, ...]] = []
    at: Key | None = key
    for layer_at in reversed(history):
        assert at is not None
        _, prev, copies = layer_at[at]
        copies_back.append(copies)
        at = prev
    copies_back.reverse()
    out: list[list[tuple[int, ...]]] = []
    k = 0
    for run in runs:
        out.append(copies_back[k : k + len(run)])
        k += len(run)
    return value, out, size - key[2]
