"""Combinations (牌型) and how they compare (spec chapters "Combinations" and "Comparing
combinations").

A :class:`Piece` is a tuple (``width`` identical cards, ``length = 1``) or a tractor (``length`` ≥ 2
tuples of one width on consecutive positions of one lane), SJ-UNIT-1 (Tuples), SJ-UNIT-2
(Tractors and lanes). A :class:`Combination` is what a player puts down at once in one suit: a
single piece, or a throw — several pieces split canonically, SJ-UNIT-4 (How a throw splits into
pieces). :func:`classify` reads cards as a combination, :func:`beats` compares two combinations on
top of a trick, :func:`matches_structure` says whether a play keeps a lead's structure (a ruff
that can win), and :func:`holds_beating_piece` answers the throw check "does this hand hold, in
that suit, a piece of the same shape that beats this one".
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from enum import StrEnum
from itertools import compress

import attrs

from cardrules.cards import CARD_COUNT
from cardrules.errors import CardrulesError
from cardrules.implements import implements
from cardrules.multiset import Cards
from cardrules.shengji.order import MAX_WIDTH, TRUMP, Table
from cardrules.shengji.variant import ThrowBeat

__all__ = [
    "Combination",
    "CombinationName",
    "Piece",
    "beats",
    "classify",
    "classify_piece",
    "holds_beating_piece",
    "is_tractor_shape",
    "iter_placements",
    "matches_structure",
    "piece_name",
    "split_throw",
]


class CombinationName(StrEnum):
    """The contract's combination names of Shengji."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    QUAD = "quad"
    TRACTOR = "tractor"
    THROW = "throw"


_N = CombinationName
_TUPLE_NAMES = {1: _N.SINGLE, 2: _N.PAIR, 3: _N.TRIPLE, 4: _N.QUAD}
_SHAPE_WORDS = {1: "single", 2: "pair", 3: "triple", 4: "quad"}


def piece_name(width: int, length: int) -> str:
    """A player's name for a shape: ``pair``, ``tractor of 3 pairs`` …"""
    if length == 1:
        return _SHAPE_WORDS.get(width, f"{width} of a kind")
    return f"tractor of {length} {_SHAPE_WORDS.get(width, str(width))}s"


@attrs.frozen
class Piece:
    """One tuple or tractor. ``top`` is the strength of its highest tuple, SJ-ORDER-3 (Same
    shape: the higher top); ``lane``
    and ``start`` say where it sits (its lowest position)."""

    width: int
    length: int
    cards: Cards
    suit_key: int
    top: int
    lane: int
    start: int

    @property
    def shape(self) -> tuple[int, int]:
        """The piece's ``(width, length)``: copies of each rank, and how many ranks in a row."""
        return (self.width, self.length)

    @property
    def size(self) -> int:
        """The piece's number of cards (``width * length``)."""
        return self.width * self.length

    @property
    def name(self) -> CombinationName:
        """The contract name: ``single pair triple quad tractor``."""
        return _N.TRACTOR if self.length > 1 else _TUPLE_NAMES[self.width]

    def describe(self) -> str:
        """The piece in words with its cards: ``tractor of 2 pairs 3♠ 3♠ 4♠ 4♠``."""
        return f"{piece_name(self.width, self.length)} {self.cards.pretty()}"


@attrs.frozen
class Combination:
    """Cards of one suit key played at once: one piece, or a throw of several (canonical order)."""

    pieces: tuple[Piece, ...]
    cards: Cards
    suit_key: int

    @property
    def is_throw(self) -> bool:
        """Whether the play is a throw (more than one piece)."""
        return len(self.pieces) > 1

    @property
    def is_trump(self) -> bool:
        """Whether the play is all trumps."""
        return self.suit_key == TRUMP

    @property
    def name(self) -> CombinationName:
        """``single pair triple quad tractor`` or ``throw`` (the case-file names)."""
        return _N.THROW if self.is_throw else self.pieces[0].name

    @functools.cached_property
    def size(self) -> int:
        """The number of cards (remembered: every follow check reads it)."""
        return len(self.cards)

    @property
    def shapes(self) -> tuple[tuple[int, int], ...]:
        """The pieces' shapes, widest then longest first (the structure a ruff must keep)."""
        return tuple(sorted((p.shape for p in self.pieces), reverse=True))

    @property
    def piece(self) -> Piece:
        """The only piece of a non-throw (raises for a throw)."""
        if self.is_throw:
            raise CardrulesError("a throw has several pieces")
        return self.pieces[0]


# ---------------------------------------------------------------------- placements
def _lane_types(counts: Sequence[int], ctx: Table, lane_id: int, width: int) -> list[list[int]]:
    """Per position of a lane, the card indices held at least ``width`` times, strongest first."""
    out = []
    for pos in ctx.lanes[lane_id]:
        ok = [i for i in pos if counts[i] >= width]
        if len(ok) > 1:
            ok.sort(key=lambda i: -ctx.strengths[i])
        out.append(ok)
    return out


def _make_piece(ctx: Table, lane_id: int, start: int, width: int, idx: Sequence[int]) -> Piece:
    counts = [0] * CARD_COUNT
    for i in idx:
        counts[i] += width
    return Piece(
        width=width,
        length=len(idx),
        cards=Cards.unchecked(tuple(counts)),
        suit_key=ctx.suit_keys[idx[0]],
        top=ctx.strengths[idx[-1]],
        lane=lane_id,
        start=start,
    )


def iter_placements(
    counts: Sequence[int],
    ctx: Table,
    suit_key: int,
    width: int,
    length: int,
    *,
    every_kind: bool = False,
) -> Iterator[Piece]:
    """Every piece of shape ``(width, length)`` that can be cut from ``counts`` (a count vector) in
    suit key ``suit_key`` — cut from wider holdings where needed, never across a lane gap. Where a
    lane position holds several cards (classic lanes), one placement per window uses the strongest
    card on each position; ``every_kind=True`` yields every choice of cards instead."""
    for lane_id in ctx.lanes_of_suit[suit_key]:
        types = _lane_types(counts, ctx, lane_id, width)
        for start in range(len(types) - length + 1):
            window = types[start : start + length]
            if not all(window):
                continue
            if every_kind:
                for choice in _choices(counts, ctx.lanes[lane_id][start : start + length], width):
                    yield _make_piece(ctx, lane_id, start, width, choice)
            else:
                yield _make_piece(ctx, lane_id, start, width, [t[0] for t in window])


def holds_beating_piece(hand: Cards, piece: Piece, ctx: Table) -> bool:
    """Whether ``hand`` holds, in the piece's suit, a piece of the same shape (same width and
    length, possibly cut from wider holdings) whose top is stronger — the check a throw must pass
    against every other hand, for each of its pieces, SJ-THROW-2 (When a throw stands).

    The placements of :func:`iter_placements` are not built: a placement's top is the strongest
    card held ``width`` times on its last position, so it is enough to walk each lane once,
    counting the positions held in a row, and look at the strongest card where ``length`` of
    them end (the property tests compare this with the placements' answer)."""
    counts = hand.counts
    width = piece.width
    length = piece.length
    top = piece.top
    strengths = ctx.strengths
    lanes = ctx.lanes
    for lane_id in ctx.lanes_of_suit[piece.suit_key]:
        run = 0
        for pos in lanes[lane_id]:
            best = -1
            for i in pos:
                if counts[i] >= width and strengths[i] > best:
                    best = strengths[i]
            if best < 0:
                run = 0
                continue
            run += 1
            if run >= length and best > top:
                return True
    return False


# ---------------------------------------------------------------------- classify
def _suit_key_of(cards: Cards, ctx: Table) -> int | None:
    """The one suit key of the cards; ``None`` when they mix keys or are empty."""
    keys = set(compress(ctx.suit_keys, cards.counts))
    return keys.pop() if len(keys) == 1 else None


@implements("SJ-UNIT-6")
def is_tractor_shape(ctx: Table, width: int, length: int) -> bool:
    """Whether ``length`` tuples of ``width`` in a row make a tractor, SJ-UNIT-6 (How wide and long
    a tractor is): at least ``tractor_min_length`` of them, each at least ``tractor_min_width``
    wide (by default two pairs)."""
    return width >= ctx.min_width and length >= ctx.min_length


@implements("SJ-TRUMP-5", "SJ-UNIT-1")
def _single_piece(cards: Cards, ctx: Table, key: int) -> Piece | None:
    counts = cards.counts
    held = list(compress(range(CARD_COUNT), counts))
    width = counts[held[0]]
    if width > MAX_WIDTH or any(counts[i] != width for i in held):
        return None
    if len(held) == 1:
        i = held[0]
        return _make_piece(ctx, ctx.lane_ids[i], ctx.lane_positions[i], width, [i])
    if not is_tractor_shape(ctx, width, len(held)):
        return None
    lane = ctx.lane_ids[held[0]]
    if any(ctx.lane_ids[i] != lane for i in held):
        return None
    by_pos = sorted(held, key=lambda i: ctx.lane_positions[i])
    positions = [ctx.lane_positions[i] for i in by_pos]
    if positions != list(range(positions[0], positions[0] + len(positions))):
        return None
    return _make_piece(ctx, lane, positions[0], width, by_pos)


@implements("SJ-UNIT-4")
def split_throw(cards: Cards, ctx: Table) -> tuple[Piece, ...]:
    """The canonical split of cards of one suit key into pieces, SJ-UNIT-4 (How a throw splits
    into pieces): repeatedly take the
    longest tractor (then the widest, then the highest), and when no tractor is left, tuples from
    the widest down (then the highest). Widths stop at :data:`MAX_WIDTH`; a tractor is as wide and
    as long as SJ-UNIT-6 (How wide and long a tractor is) asks."""
    key = _suit_key_of(cards, ctx)
    if key is None:
        raise CardrulesError(f"cannot split {cards}: not one suit")
    counts = list(cards.counts)
    pieces: list[Piece] = []
    while True:
        best: tuple[int, int, int] | None = None
        best_piece: Piece | None = None
        for width in range(MAX_WIDTH, ctx.min_width - 1, -1):
            for lane_id in ctx.lanes_of_suit[key]:
                types = _lane_types(counts, ctx, lane_id, width)
                start = 0
                while start < len(types):
                    if not types[start]:
                        start += 1
                        continue
                    end = start
                    while end < len(types) and types[end]:
                        end += 1
                    length = end - start
                    if length >= ctx.min_length:
                        idx = [t[0] for t in types[start:end]]
                        rank = (length, width, ctx.strengths[idx[-1]])
                        if best is None or rank > best:
                            best = rank
                            best_piece = _make_piece(ctx, lane_id, start, width, idx)
                    start = end
        if best_piece is None:
            break
        pieces.append(best_piece)
        for i, n in enumerate(best_piece.cards.counts):
            counts[i] -= n
    tuples = []
    for i, n in enumerate(counts):
        while n > 0:
            width = min(n, MAX_WIDTH)
            tuples.append(_make_piece(ctx, ctx.lane_ids[i], ctx.lane_positions[i], width, [i]))
            n -= width
    tuples.sort(key=lambda p: (-p.width, -p.top, p.lane, p.start))
    return (*pieces, *tuples)


def classify_piece(cards: Cards, ctx: Table) -> Combination | None:
    """:func:`classify` when the cards are one piece, else ``None`` (mixed suit keys, or a throw,
    which is not split): for questions only one piece can answer."""
    key = _suit_key_of(cards, ctx)
    if key is None:
        return None
    single = _single_piece(cards, ctx, key)
    return None if single is None else Combination((single,), cards, key)


@implements("SJ-UNIT-3")
def classify(cards: Cards, ctx: Table) -> Combination | None:
    """Read cards as one combination: a tuple or tractor, else a throw of canonical pieces.
    ``None`` when the cards are empty or mix suit keys (trumps with plain cards, or two plain
    suits) — nothing a player may put down at once, SJ-UNIT-3 (One combination at a time, of
    one suit)."""
    key = _suit_key_of(cards, ctx)
    if key is None:
        return None
    single = _single_piece(cards, ctx, key)
    if single is not None:
        return Combination((single,), cards, key)
    return Combination(split_throw(cards, ctx), cards, key)


# ---------------------------------------------------------------------- structure and beating
def _can_cut(counts: list[int], shapes: list[tuple[int, int]], ctx: Table, key: int) -> bool:
    """Whether ``counts`` can be cut into disjoint pieces of exactly ``shapes`` (all cards used
    when the shapes' sizes add up to the count)."""
    if not shapes:
        return True
    (width, length), rest = shapes[0], shapes[1:]
    seen: set[tuple[int, ...]] = set()
    for lane_id in ctx.lanes_of_suit[key]:
        lane = ctx.lanes[lane_id]
        for start in range(len(lane) - length + 1):
            for choice in _choices(counts, lane[start : start + length], width):
                if choice in seen:
                    continue
                seen.add(choice)
                for i in choice:
                    counts[i] -= width
                ok = _can_cut(counts, rest, ctx, key)
                for i in choice:
                    counts[i] += width
                if ok:
                    return True
    return False


def _choices(
    counts: Sequence[int], window: Sequence[tuple[int, ...]], width: int
) -> Iterator[tuple[int, ...]]:
    if not window:
        yield ()
        return
    for i in window[0]:
        if counts[i] >= width:
            for rest in _choices(counts, window[1:], width):
                yield (i, *rest)


@implements("SJ-ORDER-4")
def matches_structure(lead: Combination, play: Combination | Cards, ctx: Table) -> bool:
    """Whether ``play`` keeps the lead's structure, as a ruff must to win, SJ-ORDER-4 (Throws
    are beaten only by ruffs that keep their structure): the same
    number of cards, all of one suit key, and either cut exactly into the lead's pieces, or —
    against a lead of one piece — one wider piece, SJ-ORDER-2 (Width first)."""
    combo = classify(play, ctx) if isinstance(play, Cards) else play
    if combo is None or combo.size != lead.size:
        return False
    if not lead.is_throw:
        if combo.is_throw:
            return False
        return combo.piece.width >= lead.piece.width
    shapes = sorted((p.shape for p in lead.pieces), key=lambda s: (-s[0] * s[1], -s[0]))
    shapes = [s for s in shapes if s[0] > 1]
    return _can_cut(list(combo.cards.counts), shapes, ctx, combo.suit_key)


@implements("SJ-THROW-6")
def _ruff_strength(lead: Combination, ruff: Combination, ctx: Table) -> int:
    """What decides between two ruffs of one throw, SJ-THROW-6 (Who wins a throw): the strongest
    top of a piece of
    the shape of the throw's biggest piece (most cards, then widest) cut from the ruff."""
    first = max(lead.pieces, key=lambda p: (p.size, p.width))
    return max(
        (
            p.top
            for p in iter_placements(
                ruff.cards.counts, ctx, ruff.suit_key, first.width, first.length
            )
        ),
        default=-1,
    )


@implements("SJ-THROW-7")
def _over_ruffs(lead: Combination, top: Combination, play: Combination, ctx: Table) -> bool:
    """Whether ``play``, a ruff of the plain throw ``lead``, beats ``top``, the ruff standing on
    it, as ``throw_beat`` says, SJ-THROW-7 (Ruffs of a throw compared): ``largest`` — the best
    piece of the throw's biggest shape (SJ-THROW-6 (Who wins a throw)); ``highest`` — the highest
    card; ``all`` — piece by piece (:func:`_beats_piecewise`)."""
    how = ctx.variant.throw_beat
    if how is ThrowBeat.HIGHEST:
        strengths = ctx.strengths
        return max(compress(strengths, play.cards.counts)) > max(
            compress(strengths, top.cards.counts)
        )
    if how is ThrowBeat.ALL:
        verdict = _beats_piecewise(lead, top, play, ctx)
        if verdict is not None:
            return verdict
    return _ruff_strength(lead, play, ctx) > _ruff_strength(lead, top, ctx)


#: The most steps :func:`_profiles` takes cutting one ruff (each placement of a piece tried is a
#: step) before ``throw_beat = "all"`` falls back to the ``largest`` comparison (a ruff of
#: ordinary size takes a handful).
_CUT_BUDGET = 4096


class _CutBudget(Exception):
    """:func:`_profiles` tried more cuts than it may."""


Profile = tuple[tuple[int, ...], ...]


def _profiles(
    cards: Cards, shapes: Sequence[tuple[int, int]], ctx: Table, key: int, budget: list[int]
) -> set[Profile]:
    """Every way to cut ``cards`` into pieces of ``shapes`` (widths above one, largest first;
    the cards left are singles), as the tops of each shape (in ``shapes`` order, then the
    singles), strongest first."""
    order = list(dict.fromkeys(shapes))
    out: set[Profile] = set()
    tops: dict[tuple[int, int], list[int]] = {s: [] for s in order}

    def rec(k: int, counts: list[int]) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _CutBudget
        if k == len(shapes):
            singles = sorted(
                (ctx.strengths[i] for i, n in enumerate(counts) for _ in range(n)), reverse=True
            )
            out.add((*(tuple(sorted(tops[s], reverse=True)) for s in order), tuple(singles)))
            return
        width, length = shapes[k]
        for piece in iter_placements(counts, ctx, key, width, length, every_kind=True):
            used = [(i, n) for i, n in enumerate(piece.cards.counts) if n]
            for i, n in used:
                counts[i] -= n
            tops[shapes[k]].append(piece.top)
            rec(k + 1, counts)
            tops[shapes[k]].pop()
            for i, n in used:
                counts[i] += n

    rec(0, list(cards.counts))
    return out


def _maximal(profiles: set[Profile]) -> list[Profile]:
    """The profiles no other one is at least as strong as, piece by piece."""

    def covers(a: Profile, b: Profile) -> bool:
        return a != b and all(
            x >= y for pa, pb in zip(a, b, strict=True) for x, y in zip(pa, pb, strict=True)
        )

    return [p for p in profiles if not any(covers(q, p) for q in profiles)]


def _beats_piecewise(
    lead: Combination, top: Combination, play: Combination, ctx: Table
) -> bool | None:
    """``throw_beat = "all"``: both ruffs cut into the throw's pieces (S-HOUSE-9), the pieces of
    each shape paired strongest with strongest; ``play`` wins when, however the standing ruff is
    cut, some cut of ``play`` beats each of its pieces (each ruff cut the way most favourable to
    it). ``None`` past the budget of cuts."""
    shapes = sorted((p.shape for p in lead.pieces), key=lambda s: (-s[0] * s[1], -s[0]))
    shapes = [s for s in shapes if s[0] > 1]
    # each ruff has its own budget, SJ-THROW-7 (Ruffs of a throw compared)
    try:
        mine = _maximal(_profiles(play.cards, shapes, ctx, TRUMP, [_CUT_BUDGET]))
        theirs = _maximal(_profiles(top.cards, shapes, ctx, TRUMP, [_CUT_BUDGET]))
    except _CutBudget:
        return None
    return all(
        any(
            all(x > y for pa, pb in zip(a, b, strict=True) for x, y in zip(pa, pb, strict=True))
            for a in mine
        )
        for b in theirs
    )


@implements("SJ-ORDER-1", "SJ-ORDER-2", "SJ-ORDER-3", "SJ-TRICK-3")
def beats(
    top: Combination, play: Combination, ctx: Table, *, lead: Combination | None = None
) -> bool:
    """Whether ``play`` beats ``top``, the combination now on top of the trick: SJ-ORDER-1 (What
    can be compared) … SJ-ORDER-4 (Throws are beaten only by ruffs that keep their structure).

    * Only the same number of cards compares; equal never beats (the earlier play stands).
    * One piece against one piece: a trump beats a plain piece when it keeps the lead's
      structure (at least the lead's width; ``top`` is the lead unless ``lead`` is given), plain
      pieces of different suits never beat each other; within one suit width comes first (a
      wider piece of the same count wins whatever its ranks), then the stronger top wins.
    * A throw is beaten only by trumps that keep its structure (a ruff) when it is plain; a trump
      throw is never beaten. Pass the trick's ``lead`` when ``top`` may be an earlier ruff of a
      plain throw: a later ruff then beats it when the best piece of the throw's biggest shape
      cut from it is stronger. Without ``lead``, a throw on top is taken to be the lead.
    """
    if top.size != play.size:
        return False
    if lead is not None and lead.is_throw:
        if lead.is_trump or not play.is_trump or not matches_structure(lead, play, ctx):
            return False
        if not top.is_trump:
            return True
        return _over_ruffs(lead, top, play, ctx)
    if top.is_throw:
        return not top.is_trump and play.is_trump and matches_structure(top, play, ctx)
    if play.is_throw:
        return False
    a, b = top.piece, play.piece
    if b.suit_key != a.suit_key:
        # A trump beats a plain piece, SJ-ORDER-1 (What can be compared), if it keeps the lead's
        # structure: the same width or wider, SJ-TRICK-3 (Ruffs and over-ruffs). The plain piece
        # on top may itself be wider than the lead
        # (a quad on a tractor); width decides only within one suit.
        structure = a if lead is None else lead.piece
        return b.suit_key == TRUMP and b.width >= structure.width
    if b.width != a.width:
        return b.width > a.width
    return b.top > a.top
