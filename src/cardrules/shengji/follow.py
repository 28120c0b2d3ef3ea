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

This module holds the rule: the ladder and :func:`explain_follow`. The packed fast path that
scores cards is :mod:`cardrules.shengji.follow_fast`; the listing, the count, the random and the
cheapest follow are :mod:`cardrules.shengji.follow_listing`. The first route of issue 12 — the
maximal vectors of every run, added and walked greedily — is kept only as the tests' reference,
:func:`cardrules.testing.oracles.explain_follow_exact`: its work grows exponentially with the
shape of the cards.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence

import attrs

from cardrules.cards import CARD_COUNT
from cardrules.errors import Illegal
from cardrules.implements import implements
from cardrules.multiset import Cards
from cardrules.shengji.codes import CODES
from cardrules.shengji.combos import Combination, iter_placements, piece_name
from cardrules.shengji.follow_fast import (
    _ALL,
    Shape,
    _exact,
    _ideal,
    _protected,
    _Suit,
    _suit,
    _vector,
)
from cardrules.shengji.order import TRUMP, Table

__all__ = ["Ladder", "explain_follow", "ladder_for"]


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
        return " → ".join([*(piece_name(*self.shapes[s]) for _, s in self.steps), "singles"])


#: What shapes a ladder may name, from the variant (``Table.ladder_rule``): the narrowest tuples
#: and the fewest of them a tractor takes, SJ-UNIT-6 (How wide and long a tractor is); whether a
#: tractor piece keeps only its tractor steps, SJ-FOLLOW-9 (Only tractors draw tractors); whether
#: no shape is owed at all, SJ-FOLLOW-10 (Only the suit is owed).
Rule = tuple[int, int, bool, bool]
_SEED_RULE: Rule = (2, 2, False, False)


def _rule(ctx: Table) -> Rule:
    return ctx.ladder_rule


@implements("SJ-FOLLOW-3", "SJ-FOLLOW-9", "SJ-FOLLOW-10")
def _piece_steps(width: int, length: int, rule: Rule = _SEED_RULE) -> list[Shape]:
    """Ladder of one lead piece: same width shorter and shorter, then each narrower width from the
    longest length that fits in its cards down to 1; widths ≥ 2 (singles are what is left). Only
    shapes that are pieces under ``rule`` are steps: a tuple, or a tractor as wide and as long as
    SJ-UNIT-6 (How wide and long a tractor is) asks; a tractor piece under ``tractor_only`` keeps
    only its tractor steps, SJ-FOLLOW-9 (Only tractors draw tractors); ``suit_only`` owes no
    step, SJ-FOLLOW-10 (Only the suit is owed)."""
    min_width, min_length, tractor_only, suit_only = rule
    if suit_only:
        return []
    n = width * length
    steps = [(width, m) for m in range(length, 0, -1)]
    for w in range(width - 1, 1, -1):
        steps += [(w, m) for m in range(n // w, 0, -1)]
    if tractor_only and length > 1:
        steps = [s for s in steps if s[1] > 1]
    return [
        s for s in steps if s[0] >= 2 and (s[1] == 1 or (s[0] >= min_width and s[1] >= min_length))
    ]


@functools.lru_cache(maxsize=4096)
def _ladder(piece_shapes: tuple[Shape, ...], rule: Rule = _SEED_RULE) -> Ladder:
    shapes: list[Shape] = []
    steps: list[tuple[int, int]] = []
    budgets: list[int] = []
    for g, (w, m) in enumerate(piece_shapes):
        budgets.append(w * m)
        for shape in _piece_steps(w, m, rule):
            if shape not in shapes:
                shapes.append(shape)
            steps.append((g, shapes.index(shape)))
    caps = [0] * len(shapes)
    for g, s in steps:
        w, m = shapes[s]
        caps[s] = min(caps[s] + budgets[g] // (w * m), _MAX_CAP)
    return Ladder(tuple(steps), tuple(shapes), tuple(budgets), tuple(caps))


@implements("SJ-FOLLOW-5")
def ladder_for(lead: Combination, ctx: Table) -> Ladder:
    """The ladder a lead sets: its pieces widest, then longest, first, SJ-FOLLOW-5 (Following a
    throw); the shapes it names are pieces of ``ctx``'s variant."""
    shapes = tuple(sorted((p.shape for p in lead.pieces), reverse=True))
    return _ladder(shapes, _rule(ctx))


_MAX_CAP = 63  # two capped values still fit in 7 bits


# ---------------------------------------------------------------------- helpers on counts
def _of_key(cards: Cards, ctx: Table, key: int) -> Cards:
    counts = cards.counts
    out = [0] * CARD_COUNT
    for i in ctx.cards_of_suit[key]:
        out[i] = counts[i]
    return Cards.unchecked(tuple(out))


def _suit_word(key: int, n: int) -> str:
    """``"3 trumps"``, ``"1 spade (plain)"`` …"""
    word = "trump" if key == TRUMP else ("spade", "heart", "club", "diamond")[key]
    plural = "" if n == 1 else "s"
    return f"{n} {word}{plural}" + ("" if key == TRUMP else " (plain)")


# ---------------------------------------------------------------------- the rule
def _refuse_count(lead: Combination, size: int) -> Illegal:
    need = lead.size
    return CODES.refuse(
        "wrong-count",
        f"play {need} card{'s' if need != 1 else ''} to follow a {lead.name}, not {size}",
        "SJ-FOLLOW-1",
    )


def _refuse_hand(hand: Cards, play: Cards) -> Illegal:
    return CODES.not_in_hand(play, hand, clause="SJ-FOLLOW-1")


@functools.lru_cache(maxsize=1024)
def _refuse_suit(key: int, need: int, held_n: int) -> Illegal:
    """The ``must-follow-suit`` refusal (remembered: it depends on three small numbers, and a
    refusal is immutable)."""
    if held_n >= need:
        msg = f"you hold {_suit_word(key, held_n)}: play {need} of them to follow"
    else:
        msg = f"you hold only {_suit_word(key, held_n)}: play all of them before other cards"
    return CODES.refuse("must-follow-suit", msg)


def _lead_ladder(lead: Combination, ctx: Table) -> Ladder:
    pieces = lead.pieces
    if len(pieces) == 1:
        return _ladder((pieces[0].shape,), _rule(ctx))
    return ladder_for(lead, ctx)


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


@implements("SJ-FOLLOW-1", "SJ-FOLLOW-2", "SJ-FOLLOW-4", "SJ-FOLLOW-6")
def explain_follow(lead: Combination, hand: Cards, play: Cards, ctx: Table) -> Illegal | None:
    """Why ``play`` is not a legal follow to ``lead`` from ``hand``, or ``None`` if it is.

    Codes: ``wrong-count`` and ``not-in-hand``, SJ-FOLLOW-1 (As many cards as the lead);
    ``must-follow-suit``, SJ-FOLLOW-2 (The led suit first); ``must-follow-shape``, SJ-FOLLOW-3
    (The shape ladder) or SJ-FOLLOW-5 (Following a throw) — the message names a piece the hand
    holds that the play should have contained. A follow is legal when it is the best the hand
    allows, SJ-FOLLOW-4 (The follow must be the best the hand allows).

    Common leads are decided by exact shortcuts before the dynamic programme (the reference,
    :func:`cardrules.testing.oracles.explain_follow_exact`, gives the same answer and message on
    every input):

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
    if (len(pieces) == 1 and width == 1) or ctx.ladder_rule[3]:  # singles, or suit_only
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
        ladder = _ladder(((width, length),), _rule(ctx))
        if _is_piece(pc, ctx, width, length):
            return None
        if ctx.protect_longer:
            return _judge_protected(lead, hand, play, ctx, ladder)
        if most >= width if length == 1 else _holds_piece(hc, suit, width, length):
            return _shape_refusal(lead, _of_key(hand, ctx, key), play, ctx, ladder, 0, 1, 0)
    else:
        ladder = ladder_for(lead, ctx)
        if not ladder.steps or most < 2:
            return None
        if ctx.protect_longer:
            return _judge_protected(lead, hand, play, ctx, ladder)
    return _judge_shape(lead, hand, play, ctx, ladder)


@implements("SJ-FOLLOW-8")
def _judge_protected(
    lead: Combination, hand: Cards, play: Cards, ctx: Table, ladder: Ladder
) -> Illegal | None:
    """``longer_tuples`` (保护), SJ-FOLLOW-8 (Protected holdings): the hand owes the vector of
    its holdings of exactly each step's width; the play, cut freely (a pair cut from a triple
    counts as a pair), must reach at least that vector, compared step by step."""
    suit = _suit(ctx, lead.suit_key)
    if not ladder.steps:
        return None
    mine = _vector(play.counts, suit, ladder)[0]
    owed = _protected(hand.counts, suit, ladder)[0]
    if mine >= owed:
        return None
    k = next(k for k, (a, b) in enumerate(zip(mine, owed, strict=True)) if a != b)
    w = ladder.shapes[ladder.steps[k][1]][0]
    held = _of_key(hand, ctx, lead.suit_key).counts
    exact = tuple(n if _exact(n, w) else 0 for n in held)
    played = tuple(map(min, exact, play.counts))
    return _shape_refusal(
        lead,
        Cards.unchecked(exact),
        Cards.unchecked(played),
        ctx,
        ladder,
        k,
        owed[k],
        mine[k],
        "SJ-FOLLOW-8",
    )


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


def _shape_refusal(
    lead: Combination,
    held: Cards,
    played: Cards,
    ctx: Table,
    ladder: Ladder,
    k: int,
    best_k: int,
    mine_k: int,
    clause: str | None = None,
) -> Illegal:
    """The refusal for a play whose ladder vector first falls short of the hand's best at step
    ``k`` (``mine_k`` pieces there where the hand allows ``best_k``); ``clause`` is the rule cited
    (by default the ladder's, SJ-FOLLOW-3 (The shape ladder) or SJ-FOLLOW-5 (Following a throw))."""
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
    if clause is None:
        clause = "SJ-FOLLOW-5" if lead.is_throw else "SJ-FOLLOW-3"
    if (w, m) == target.shape:
        msg = f"you hold {example.cards.pretty()}: a {shape} must follow {what}"
    else:
        msg = (
            f"you hold {example.cards.pretty()}: following {what}, a {shape} comes before "
            f"smaller pieces (your hand allows {best_k} here, your play has {mine_k})"
        )
    return CODES.refuse("must-follow-shape", msg, clause)
