"""Listing the legal moves of a 四幺四 situation, 4A4-MOVES-1 (What `legal_moves` lists), from
per-rank counts.

Candidates are built from a hand's rank counts, never from subsets of cards. Where several
concrete card choices have the same effect, one canonical choice is listed: for every rank the
cards are taken in suit order ♦ ♣ ♥ ♠ (the weakest suits first). Suits matter in two places
only, and there every class is listed: when ``flush_straights`` is on a run of ranks is listed
as a mixed straight if the hand can make one and as a flush straight (first suit in ♦ ♣ ♥ ♠
order) if it can make one; a 4A4 is listed once per purity class it can be made in, 4A4-BEAT-8
(4A4 and its order).

The generator works from a :class:`~cardrules.siyaosi.rules.Situation` (a state or a view) and
the hands it may see, so a view lists its own seat's moves with the same code as the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import itemgetter

from cardrules.cards import INDICES_OF_RANK
from cardrules.implements import implements
from cardrules.multiset import Cards
from cardrules.siyaosi import chain
from cardrules.siyaosi.combos import (
    BOMB,
    DOUBLE_STRAIGHT,
    FLUSH_STRAIGHT,
    FOUR_A_FOUR,
    JOKER_BOMB,
    PAIR,
    SINGLE,
    STRAIGHT,
    Combination,
    CombinationName,
    beats_rule,
    make_combination,
    rank_counts,
    run_name,
    suits_purity,
)
from cardrules.siyaosi.moves import (
    CAPTURE,
    CHA,
    CHI,
    GOU,
    KIND_ORDER,
    PASS,
    PLAY,
    Move,
    MoveKind,
    Top,
    make_move,
)
from cardrules.siyaosi.order import BJ, NATURAL, SJ, Table
from cardrules.siyaosi.rules import Situation, chi_combination, dead_cha_on, may_lead
from cardrules.siyaosi.variant import Variant

_Key = tuple[int, int, int, int, tuple[int, ...]]
_Add = Callable[[int, MoveKind, int, Cards, int], None]

__all__ = ["generate", "hand_plays"]

# Card indices of a face rank in canonical pick order: ♦ ♣ ♥ ♠ (jokers have one slot).
_PICK = tuple(indices[::-1] for indices in INDICES_OF_RANK)
_ZERO54 = [0] * 54
_NONE = Cards()
# What a leader may play besides singles, pairs and bombs (those are listed straight from counts).
_LEAD_REST = frozenset(("joker-bomb", "4a4", "run"))
_ALL_KINDS = frozenset(("single", "pair", "run", "bomb", "joker-bomb", "4a4"))


def _cards(counts: list[int]) -> Cards:
    """A Cards from a count list known to be valid (skips re-validation on the hot path)."""
    return _unchecked(tuple(counts))


_unchecked = Cards.unchecked


def _one(i: int) -> Cards:
    out = list(_ZERO54)
    out[i] = 1
    return _cards(out)


_ONE = [_one(i) for i in range(54)]
_JOKER_BOMB = make_combination(JOKER_BOMB, _cards([*_ZERO54[:52], 1, 1]), 2, 1, BJ, 0, False)
_first = itemgetter(0)


_move = make_move


def _pick_into(out: list[int], hand: tuple[int, ...], r: int, k: int) -> None:
    for i in _PICK[r]:
        have = hand[i]
        if have:
            take = have if have < k else k
            out[i] += take
            k -= take
            if not k:
                return


def _picked(hand: tuple[int, ...], r: int, k: int) -> Cards:
    if k == 1:
        for i in _PICK[r]:
            if hand[i]:
                return _ONE[i]
    out = list(_ZERO54)
    _pick_into(out, hand, r, k)
    return _cards(out)


def _lead_groups(
    counts: tuple[int, ...], rc: Sequence[int], seat: int, keyed: list[tuple[_Key, Move]]
) -> None:
    """A leader's singles, pairs and bombs: for every rank, its first ``k`` cards in pick order
    for every ``k`` it holds (what ``_picked(counts, r, k)`` chooses), built up card by card."""
    order = KIND_ORDER[PLAY]
    for r in range(2, 17):
        n = rc[r]
        if not n:
            continue
        rank_order = NATURAL[r]
        out: list[int] | None = None
        k = 0
        for i in _PICK[r]:
            for _ in range(counts[i]):
                k += 1
                if out is None:
                    cards = _ONE[i]
                    out = list(_ZERO54)
                    out[i] = 1
                else:
                    out[i] += 1
                    cards = _cards(out)
                keyed.append(((seat, order, k, rank_order, cards.counts), _move(seat, PLAY, cards)))


#: Which runs are worth building, for widths 1, 2 and 3: ``None`` (none of that width) or
#: ``(length, lowest)``, the runs of exactly ``length`` ranks (0: of every length) starting at
#: rank ``lowest`` or above.
RunSpec = tuple[tuple[int, int] | None, tuple[int, int] | None, tuple[int, int] | None]
_EVERY_RUN: RunSpec = ((0, 0), (0, 0), (0, 0))


def hand_plays(
    hand: Cards,
    rc: Sequence[int],
    table: Table,
    seat: int,
    kinds: frozenset[str] | None = None,
    runs: RunSpec = _EVERY_RUN,
) -> Iterator[Combination]:
    """Every combination the hand can play (canonical card choices), optionally only of some
    kinds (``single pair run bomb joker-bomb 4a4``) and only the runs ``runs`` names."""
    counts = hand.counts
    strengths = table.strengths(seat)
    want = kinds or _ALL_KINDS
    singles = "single" in want
    pairs = "pair" in want
    bombs = "bomb" in want
    if singles or pairs or bombs:
        for r in range(2, 17):
            n = rc[r]
            if not n:
                continue
            s = strengths[r]
            if singles:
                yield make_combination(SINGLE, _picked(counts, r, 1), 1, 1, r, s, False)
            if n >= 2 and pairs:
                yield make_combination(PAIR, _picked(counts, r, 2), 2, 1, r, s, False)
            if n >= 3 and bombs:
                yield from _bombs(counts, r, s)
    if rc[SJ] and rc[BJ] and "joker-bomb" in want:
        yield _JOKER_BOMB
    if rc[4] >= 2 and rc[14] and "4a4" in want:
        yield from _four_a_fours(counts)
    if "run" in want:
        yield from _runs(counts, rc, table, runs)


def _bombs(counts: tuple[int, ...], r: int, s: int) -> list[Combination]:
    """The bombs of rank ``r`` (held at least three times) at strength ``s``: its first ``k``
    cards in pick order for every ``k`` from 3 (what ``_picked(counts, r, k)`` chooses)."""
    out = list(_ZERO54)
    k = 0
    bombs = []
    for i in _PICK[r]:
        for _ in range(counts[i]):
            out[i] += 1
            k += 1
            if k >= 3:
                bombs.append(make_combination(BOMB, _cards(out), k, 1, r, s, False))
    return bombs


def _four_a_fours(counts: tuple[int, ...]) -> Iterator[Combination]:
    fours = [i for i in _PICK[4] if counts[i]]
    aces = [i for i in _PICK[14] if counts[i]]
    seen: set[int] = set()
    for x in range(len(fours)):
        for y in range(x, len(fours)):
            a, b = fours[x], fours[y]
            if a == b and counts[a] < 2:
                continue
            for ace in aces:
                p = suits_purity({a // 13, b // 13, ace // 13})
                if p in seen:
                    continue
                seen.add(p)
                out = list(_ZERO54)
                out[a] += 1
                out[b] += 1
                out[ace] += 1
                yield make_combination(FOUR_A_FOUR, _cards(out), 3, 1, 4, p, False)


def _runs(
    counts: tuple[int, ...], rc: Sequence[int], table: Table, spec: RunSpec
) -> Iterator[Combination]:
    variant = table.variant
    floor = table.floor
    # no run holds the level rank where it is kept out, 4A4-COMBO-9 (Straights without the
    # level rank): the segments of held ranks break there
    gap = table.straight_gap
    for w in (1, 2, 3):
        want = spec[w - 1]
        if want is None:
            continue
        if w == 3 and not variant.triple_straights:
            break
        min_len = 3 if w == 1 else max(variant.min_tuple_run, 2)
        length, lowest = want
        if length and length < min_len:
            continue
        # a run starting at ``lowest`` or above lies inside a segment of ranks the hand holds at
        # least ``w`` times: scan the segments from there
        r = floor if floor > lowest else lowest
        while r <= 14:
            if rc[r] < w or r == gap:
                r += 1
                continue
            end = r
            while end + 1 <= 14 and rc[end + 1] >= w and end + 1 != gap:
                end += 1
            if length:
                spans = [(lo, lo + length - 1) for lo in range(r, end - length + 2)]
            else:
                spans = [
                    (lo, hi)
                    for lo in range(r, end - min_len + 2)
                    for hi in range(lo + min_len - 1, end + 1)
                ]
            r = end + 1
            if not spans:
                continue
            if w == 1:
                yield from _straights(counts, spans, variant.flush_straights)
                continue
            name = run_name(w, False)
            for lo, hi in spans:
                out = list(_ZERO54)
                for q in range(lo, hi + 1):
                    _pick_into(out, counts, q, w)
                yield make_combination(name, _cards(out), w, hi - lo + 1, lo, lo, False)


def _straights(
    counts: tuple[int, ...], spans: list[tuple[int, int]], flush_matters: bool
) -> Iterator[Combination]:
    """The single straights of the intervals ``spans`` (``[lo, hi]``, inside one segment of
    ranks the hand holds): one from the first card of each rank in pick order; where flushes
    count, a mixed one (if the first cards are all of one suit, the highest rank that has
    another suit takes its first card of another suit) and the flush of the first suit in
    ♦ ♣ ♥ ♠ order that holds every rank."""
    first = [0] * 15  # per rank: the slot of its first card in pick order
    suits = [0] * 15  # per rank: bit s set when the hand holds the rank in suit s
    for q in range(spans[0][0], spans[-1][1] + 1):
        mask = 0
        for i in _PICK[q]:
            if counts[i]:
                if not mask:
                    first[q] = i
                mask |= 1 << (i // 13)
        suits[q] = mask
    for lo, hi in spans:
        length = hi - lo + 1
        out = list(_ZERO54)
        for q in range(lo, hi + 1):
            out[first[q]] = 1
        if not flush_matters:
            yield make_combination(STRAIGHT, _cards(out), 1, length, lo, lo, False)
            continue
        suit = first[lo] // 13
        mono = True
        common = suits[lo]
        for q in range(lo + 1, hi + 1):
            common &= suits[q]
            if first[q] // 13 != suit:
                mono = False
        if mono:
            # make a mixed straight: change the highest rank that has another suit
            for q in range(hi, lo - 1, -1):
                if suits[q] & ~(1 << suit):
                    alt = next(i for i in _PICK[q] if counts[i] and i // 13 != suit)
                    out[first[q]] = 0
                    out[alt] = 1
                    mono = False
                    break
        if not mono:
            yield make_combination(STRAIGHT, _cards(out), 1, length, lo, lo, False)
        if common:
            # one flush straight per rank run: the suit changes nothing else
            s = 3 if common & 8 else 2 if common & 4 else 1 if common & 2 else 0
            fl = list(_ZERO54)
            base = s * 13 - 2
            for q in range(lo, hi + 1):
                fl[base + q] = 1
            yield make_combination(FLUSH_STRAIGHT, _cards(fl), 1, length, lo, lo, True)


def _runs_that_may_beat(top: Combination, variant: Variant) -> RunSpec:
    """The runs that may beat ``top`` — 4A4-BEAT-2 (Straights of every kind), 4A4-BEAT-6 (Double
    straight over single straight): a run of its width and length starting higher (at any
    start where flushes count against a single straight), and every double straight where
    those beat a single straight — so that following a straight does not build every run of
    the hand; ``beats`` still decides."""
    if not top.is_run:
        return (None, None, None)
    tw, tlo, tlen = top.width, top.low, top.length
    same = (tlen, 0 if tw == 1 and variant.flush_straights else tlo + 1)
    if tw == 1:
        double = (0, 0) if variant.double_beats_single_straight else None
        return (same, double, None)
    if tw == 2:
        return (None, same, None)
    if tw == 3:
        return (None, None, same)
    return (None, None, None)


def _follow_kinds(top: Combination) -> frozenset[str]:
    """The kinds of play that may beat ``top`` (``beats`` still decides), by its name and
    whether it is a run."""
    return _FOLLOW_KINDS[top.name, top.length > 1]


def _follow_kinds_of(name: CombinationName, is_run: bool) -> frozenset[str]:
    if name is FOUR_A_FOUR:
        return frozenset(("4a4", "bomb"))
    if name is JOKER_BOMB:
        return frozenset(("4a4",))
    kinds = {"bomb", "joker-bomb", "4a4"}
    if name is BOMB:
        return frozenset(kinds)
    if is_run:
        kinds.add("run")
    else:
        kinds.add(name)
    return frozenset(kinds)


_FOLLOW_KINDS = {
    (name, is_run): _follow_kinds_of(name, is_run)
    for name in CombinationName
    for is_run in (False, True)
}


def _order(combo: Combination) -> int:
    """Sort position: natural rank order for one-rank combinations, the start for straights."""
    return combo.low if combo.length > 1 else NATURAL[combo.low]


@implements("4A4-MOVES-1")
def generate(sit: Situation, hands: Iterable[tuple[int, Cards, Sequence[int]]]) -> list[Move]:
    """Every legal move in ``sit`` of the given ``(seat, hand, rank counts of the hand)``
    triples, sorted by seat, kind, size, rank (seats that are out are skipped)."""
    turn = sit.turn
    if turn is None:  # the round is over
        return []
    table = sit.table
    variant = table.variant
    top = sit.top
    keyed: list[tuple[_Key, Move]] = []

    def add(seat: int, kind: MoveKind, combo_low: int, cards: Cards, n: int) -> None:
        keyed.append(
            (
                (seat, KIND_ORDER[kind], n, combo_low, cards.counts),
                _move(seat, kind, cards),
            )
        )

    steps: tuple[int, ...] = ()
    capture = False
    # 4A4-DEAD-1 (叉 on a single), 4A4-DEAD-2 (点 ends the trick): the rank a 叉 (two cards) or a
    # 点 (one card) may be made of, by any seat; a seat in turn on a 叉 may only pass or 点
    dead_rank = 0
    dead_count = 0
    if top is not None:
        if table.chains and top.base is not None:
            steps = chain.next_steps(top, variant)
        capture = table.captures and top.combination.name is SINGLE
        if table.dead:
            if dead_cha_on(top):
                assert top.base is not None
                dead_rank, dead_count = top.base.low, 1
            elif top.combination.name is SINGLE:
                dead_rank, dead_count = top.combination.low, 2
    if steps:
        assert top is not None and top.base is not None
        base_low = top.base.low
        base_high = base_low + top.base.length
        first_step = steps[0]
    out = sit.out
    for seat, hand, rc in hands:
        if seat in out:
            continue
        if seat == turn:
            if top is None:
                _lead_groups(hand.counts, rc, seat, keyed)
                play = KIND_ORDER[PLAY]
                size = len(hand)
                for combo in hand_plays(hand, rc, table, seat, _LEAD_REST):
                    if combo.name is DOUBLE_STRAIGHT and not may_lead(combo, size, variant):
                        continue  # 4A4-TURN-8 (Leading a double straight)
                    # the key ``add`` makes, written out: a leader lists many runs
                    length = combo.length
                    low = combo.low
                    cards = combo.cards
                    keyed.append(
                        (
                            (
                                seat,
                                play,
                                combo.width * length,
                                low if length > 1 else NATURAL[low],
                                cards.counts,
                            ),
                            _move(seat, PLAY, cards),
                        )
                    )
            else:
                keyed.append(((seat, 0, 0, 0, ()), _move(seat, PASS, _NONE)))
                if dead_count != 1:  # nothing beats a 叉 but a 点
                    _follows(sit, top, hand, rc, seat, add, keyed)
        if steps:
            assert top is not None
            # most seats cannot step: how many cards of the base's ranks they hold says so
            have = min(rc[base_low:base_high])
            if have >= first_step:
                _chain_steps(top, hand, seat, steps, have, add)
        elif capture:
            assert top is not None
            r = top.combination.low
            if rc[r] >= 2:
                add(seat, CAPTURE, r, _picked(hand.counts, r, 2), 2)
        elif dead_count and rc[dead_rank] >= dead_count:
            kind = CHA if dead_count == 2 else GOU
            add(seat, kind, dead_rank, _picked(hand.counts, dead_rank, dead_count), dead_count)
    keyed.sort(key=_first)
    return [m for _, m in keyed]


def _follows(
    sit: Situation,
    top: Top,
    hand: Cards,
    rc: Sequence[int],
    seat: int,
    add: _Add,
    keyed: list[tuple[_Key, Move]],
) -> None:
    table = sit.table
    variant = table.variant
    current = top.combination
    combos: Iterable[Combination]
    if current.name is SINGLE or current.name is PAIR:
        # fast path, in one pass over the ranks: the same kind by strength; bombs, the joker
        # bomb and 4A4 through ``beats``
        width = current.width
        floor = current.strength
        strengths = table.strengths(seat)
        counts = hand.counts
        order = KIND_ORDER[PLAY]
        combos = []
        for r in range(2, 17):
            n = rc[r]
            if n < width:
                continue
            strength = strengths[r]
            if strength > floor:
                cards = _picked(counts, r, width)
                keyed.append(
                    ((seat, order, width, NATURAL[r], cards.counts), _move(seat, PLAY, cards))
                )
            if n >= 3:
                combos += _bombs(counts, r, strength)
        if rc[SJ] and rc[BJ]:
            combos.append(_JOKER_BOMB)
        if rc[4] >= 2 and rc[14]:
            combos += _four_a_fours(counts)
    else:
        combos = hand_plays(
            hand, rc, table, seat, _follow_kinds(current), _runs_that_may_beat(current, variant)
        )
    base = top.base if table.chains else None
    for combo in combos:
        if not beats_rule(current, combo, table):
            continue
        if (
            base is not None
            and combo.low == base.low
            and combo.length == base.length
            and chain.steps_made(top, rank_counts(combo.cards.counts), variant)
        ):
            continue  # these cards are chain steps, listed as such
        add(seat, PLAY, _order(combo), combo.cards, combo.width * combo.length)
    if variant.chi and current.name is SINGLE and not top.steps and not sit.passes:
        _chis(sit, top, hand, seat, add)


def _chis(sit: Situation, top: Top, hand: Cards, seat: int, add: _Add) -> None:
    r = top.combination.low
    if r > 14:
        return
    variant = sit.table.variant
    floor = sit.table.floor
    counts = hand.counts
    seen: set[tuple[tuple[int, int], bool]] = set()
    for a, b in ((r - 2, r - 1), (r - 1, r + 1), (r + 1, r + 2)):
        if a < floor or b > 14 or r < floor:
            continue
        for i in _PICK[a]:
            if not counts[i]:
                continue
            for j in _PICK[b]:
                if not counts[j]:
                    continue
                out = list(_ZERO54)
                out[i] += 1
                out[j] += 1
                cards = _cards(out)
                combo = chi_combination(sit.table, seat, cards, top)
                if combo is None:
                    continue
                cls = combo.flush and variant.flush_straights
                if ((a, b), cls) in seen:
                    continue
                seen.add(((a, b), cls))
                add(seat, CHI, a, cards, 2)


def _chain_steps(
    top: Top, hand: Cards, seat: int, steps: tuple[int, ...], have: int, add: _Add
) -> None:
    """The chain steps of a seat holding ``have`` cards of each of the base's ranks (at least
    one step's worth)."""
    base = top.base
    assert base is not None
    counts = hand.counts
    ranks = range(base.low, base.low + base.length)
    kind = chain.step_kind(top.steps)
    for c in steps:
        if c > have:
            break
        out = list(_ZERO54)
        for q in ranks:
            _pick_into(out, counts, q, c)
        add(seat, kind, base.low, _cards(out), c * base.length)
