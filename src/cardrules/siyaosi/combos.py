"""四幺四 combinations: what a group of cards is (:func:`classify_counts`) and what beats what
(:func:`beats_rule`); an app that only judges calls them through
:func:`cardrules.siyaosi.calls.classify` and :func:`cardrules.siyaosi.calls.beats`, which check
their arguments first.

A level card's strength depends on who plays it, so both take a
:class:`~cardrules.siyaosi.order.Table` (the variant, the teams' levels and the ruling team) and the
seat that plays. Strengths are small integers read from per-team tables built once per table:

* natural order, 4A4-RANK-1 (Natural order): 3 … A are their face values 3 … 14, a 2 is 15,
  SJ 17, BJ 18;
* a promoted level card, 4A4-RANK-2 (The level card), is 16, between the 2 and the small joker.

Straights of every kind compare by their lowest face rank and never use promotion, 4A4-RANK-3
(Straights ignore promotion).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

import attrs

from cardrules.implements import implements
from cardrules.multiset import Cards, rank_counts
from cardrules.siyaosi.order import BJ, SJ, Table
from cardrules.siyaosi.variant import Variant
from cardrules.slots import builder

__all__ = [
    "COMBINATION_CLAUSES",
    "COMBINATION_NAMES",
    "Combination",
    "CombinationName",
    "beats_rule",
    "make_combination",
    "rank_counts",
]


class CombinationName(StrEnum):
    """The contract's combination names (4A4-COMBO-1 (Only the listed combinations exist)), plus
    ``multi-straight``: the effective combination of a straight chain past three per rank."""

    SINGLE = "single"
    PAIR = "pair"
    STRAIGHT = "straight"
    FLUSH_STRAIGHT = "flush-straight"
    DOUBLE_STRAIGHT = "double-straight"
    TRIPLE_STRAIGHT = "triple-straight"
    BOMB = "bomb"
    JOKER_BOMB = "joker-bomb"
    FOUR_A_FOUR = "4a4"
    MULTI_STRAIGHT = "multi-straight"


# The names as module constants: ``CombinationName.X`` is an enum lookup on every use, which the
# hot paths avoid.
SINGLE = CombinationName.SINGLE
PAIR = CombinationName.PAIR
STRAIGHT = CombinationName.STRAIGHT
FLUSH_STRAIGHT = CombinationName.FLUSH_STRAIGHT
DOUBLE_STRAIGHT = CombinationName.DOUBLE_STRAIGHT
TRIPLE_STRAIGHT = CombinationName.TRIPLE_STRAIGHT
BOMB = CombinationName.BOMB
JOKER_BOMB = CombinationName.JOKER_BOMB
FOUR_A_FOUR = CombinationName.FOUR_A_FOUR
MULTI_STRAIGHT = CombinationName.MULTI_STRAIGHT

#: The contract's combination names, in the order the spec lists them.
COMBINATION_NAMES = tuple(n for n in CombinationName if n is not MULTI_STRAIGHT)


# The 4A4 order, 4A4-BEAT-8 (4A4 and its order): pure suit by ♠ ♥ ♣ ♦, then pure black, pure red,
# mixed.
_PURE_SUIT = (13, 12, 11, 10)
_PURE_BLACK = 5
_PURE_RED = 4
_MIXED = 0


@attrs.frozen
class Combination:
    """A legal combination, or the effective combination of a chain, 4A4-CHAIN-4 (The
    effective combination).

    ``width`` is the number of cards per rank (a bomb's size), ``length`` the number of distinct
    ranks (1 for singles, pairs and bombs), ``low`` the lowest face rank. ``strength`` compares
    combinations of the same kind and size: the seat-aware rank strength for singles, pairs and
    bombs, ``low`` for straights of every kind, the suit purity for a 4A4.
    """

    name: CombinationName
    cards: Cards
    width: int
    length: int
    low: int
    strength: int
    flush: bool = False

    @property
    def is_run(self) -> bool:
        """A straight of any multiplicity (single, double, triple, or a longer chain)."""
        return self.length > 1

    @property
    @implements("4A4-CHAIN-9")
    def four_threes(self) -> bool:
        """Exactly four 3s, 4A4-BEAT-9 (Four 3s beat 4A4), played as a bomb or reached by a
        chain, 4A4-CHAIN-9 (Four 3s by chain)."""
        return self.name is BOMB and self.width == 4 and self.low == 3


#: ``Combination(name, cards, width, length, low, strength, flush)`` for the hot paths: the
#: same object, its slots filled directly.
make_combination: Callable[[CombinationName, Cards, int, int, int, int, bool], Combination] = (
    builder(Combination, ("name", "cards", "width", "length", "low", "strength", "flush"))
)


def run_name(width: int, flush: bool) -> CombinationName:
    if width == 1:
        return FLUSH_STRAIGHT if flush else STRAIGHT
    if width == 2:
        return DOUBLE_STRAIGHT
    if width == 3:
        return TRIPLE_STRAIGHT
    return MULTI_STRAIGHT  # only as the effective combination of a straight chain


def purity(counts: tuple[int, ...]) -> int:
    """The 4A4 order value of three cards, 4A4-BEAT-8 (4A4 and its order)."""
    return suits_purity({i // 13 for i in range(52) if counts[i]})


def suits_purity(suits: set[int]) -> int:
    """The 4A4 order value of three cards of the given suits (0 ♠, 1 ♥, 2 ♣, 3 ♦)."""
    if len(suits) == 1:
        return _PURE_SUIT[suits.pop()]
    if suits <= {0, 2}:
        return _PURE_BLACK
    if suits <= {1, 3}:
        return _PURE_RED
    return _MIXED


@implements("4A4-COMBO-1", "4A4-COMBO-2", "4A4-COMBO-6", "4A4-COMBO-7", "4A4-COMBO-8")
def classify_counts(cards: Cards, rc: list[int], table: Table, seat: int) -> Combination | None:
    """:func:`~cardrules.siyaosi.calls.classify` with the rank counts already computed and the
    arguments trusted."""
    variant = table.variant
    n = 0
    present = []
    for r in range(2, 17):
        if rc[r]:
            present.append(r)
            n += rc[r]
    if n == 0:
        return None
    sj, bj = rc[SJ], rc[BJ]
    if sj and bj:
        if n == 2:  # 4A4-COMBO-7 (Joker bomb)
            return make_combination(JOKER_BOMB, cards, 2, 1, BJ, 0, False)
        return None
    if n == 3 and rc[4] == 2 and rc[14] == 1:  # 4A4-COMBO-8 (4A4)
        return make_combination(FOUR_A_FOUR, cards, 3, 1, 4, purity(cards.counts), False)
    strengths = table.strengths(seat)
    if len(present) == 1:
        # 4A4-COMBO-2 (Single and pair), 4A4-COMBO-6 (Bomb)
        r = present[0]
        name = SINGLE if n == 1 else PAIR if n == 2 else BOMB
        return make_combination(name, cards, n, 1, r, strengths[r], False)
    if sj or bj:
        return None
    return _run(cards, rc, present, n, variant, table.floor, table.straight_gap)


@implements("4A4-COMBO-3", "4A4-COMBO-4", "4A4-COMBO-5", "4A4-RANK-3")
def _run(
    cards: Cards,
    rc: list[int],
    present: list[int],
    n: int,
    variant: Variant,
    floor: int,
    gap: int,
) -> Combination | None:
    lo, hi = present[0], present[-1]
    length = hi - lo + 1
    if length != len(present):
        return None
    if lo < floor:  # 4A4-COMBO-3 (Straight)
        return None
    if lo <= gap <= hi:  # 4A4-COMBO-9 (Straights without the level rank)
        return None
    width = rc[lo]
    # every rank of the run holds as many cards, 4A4-COMBO-5 (Double and triple straights): 33 4
    # 555 has six cards on three ranks but is no double straight
    if n != width * length or any(rc[r] != width for r in present):
        return None
    if width == 1:
        if length < 3:
            return None
        # A one-suit straight is its own kind only where the variant ranks it, 4A4-COMBO-4
        # (Flush straight).
        flush = variant.flush_straights and _one_suit(cards.counts)
        return make_combination(run_name(1, flush), cards, 1, length, lo, lo, flush)
    if length < variant.min_tuple_run:  # 4A4-COMBO-5 (Double and triple straights)
        return None
    if width == 2 or (width == 3 and variant.triple_straights):
        return make_combination(run_name(width, False), cards, width, length, lo, lo, False)
    return None


def _one_suit(counts: tuple[int, ...]) -> bool:
    seen = -1
    for i in range(52):
        if counts[i]:
            s = i // 13
            if seen >= 0 and s != seen:
                return False
            seen = s
    return True


_BEAT_1 = "4A4-BEAT-1"
_BEAT_2 = "4A4-BEAT-2"
_BEAT_3 = "4A4-BEAT-3"
_BEAT_4 = "4A4-BEAT-4"
_BEAT_5 = "4A4-BEAT-5"
_BEAT_6 = "4A4-BEAT-6"
_BEAT_7 = "4A4-BEAT-7"
_BEAT_8 = "4A4-BEAT-8"
_BEAT_9 = "4A4-BEAT-9"


@implements(
    "4A4-BEAT-1",
    "4A4-BEAT-2",
    "4A4-BEAT-3",
    "4A4-BEAT-4",
    "4A4-BEAT-5",
    "4A4-BEAT-6",
    "4A4-BEAT-7",
    "4A4-BEAT-8",
    "4A4-BEAT-9",
    "4A4-BEAT-11",
)
def beats_rule(top: Combination, play: Combination, table: Table) -> str:
    """The id of the clause by which ``play`` beats ``top``, or ``""`` when it does not — the
    one decision behind :func:`~cardrules.siyaosi.calls.beats` (the engines call it directly:
    the clause costs nothing more than the answer, and a judge cites it)."""
    variant = table.variant
    pn, tn = play.name, top.name
    if pn is FOUR_A_FOUR:  # 4A4-BEAT-8 (4A4 and its order)
        if tn is FOUR_A_FOUR:
            return _BEAT_8 if play.strength > top.strength else ""
        if top.four_threes and variant.four_threes_beat_4a4:
            return ""
        return _BEAT_8
    if pn is JOKER_BOMB:  # 4A4-BEAT-7 (Joker bomb)
        if tn is DOUBLE_STRAIGHT and not variant.bombs_beat_double_straights:
            return ""  # 4A4-BEAT-11 (Only a 4A4 bombs a double straight)
        return _BEAT_7 if tn is not FOUR_A_FOUR and tn is not JOKER_BOMB else ""
    if pn is BOMB:
        if tn is FOUR_A_FOUR:  # 4A4-BEAT-9 (Four 3s beat 4A4)
            return _BEAT_9 if play.four_threes and variant.four_threes_beat_4a4 else ""
        if tn is JOKER_BOMB:
            return ""
        if tn is BOMB:  # 4A4-BEAT-4 (Bomb against bomb)
            wins = play.width > top.width or (
                play.width == top.width and play.strength > top.strength
            )
            return _BEAT_4 if wins else ""
        if tn is DOUBLE_STRAIGHT and not variant.bombs_beat_double_straights:
            return ""  # 4A4-BEAT-11 (Only a 4A4 bombs a double straight)
        if top.is_run:  # 4A4-BEAT-5 (Bomb against the rest)
            return _BEAT_5 if table.bombs_beat_runs or play.width >= top.width + 2 else ""
        return _BEAT_5  # singles and pairs
    if tn is FOUR_A_FOUR or tn is JOKER_BOMB or tn is BOMB:
        return ""
    if not play.is_run or not top.is_run:
        # singles and pairs: same width, compare the seat-aware strength, 4A4-BEAT-1 (Same
        # kind, same size)
        if play.is_run or top.is_run or play.width != top.width:
            return ""
        return _BEAT_1 if play.strength > top.strength else ""
    if play.width == 2 and top.width == 1 and variant.double_beats_single_straight:
        return _BEAT_6  # 4A4-BEAT-6 (Double straight over single straight)
    if play.width != top.width or play.length != top.length:
        return ""
    if play.width == 1 and variant.flush_straights and play.flush != top.flush:
        return _BEAT_3 if play.flush else ""  # 4A4-BEAT-3 (Flush straights)
    return _BEAT_2 if play.low > top.low else ""  # 4A4-BEAT-2 (Straights of every kind)


#: The clause that defines each combination, 4A4-COMBO-1 (Only the listed combinations exist).
COMBINATION_CLAUSES: dict[CombinationName, str] = {
    SINGLE: "4A4-COMBO-2",
    PAIR: "4A4-COMBO-2",
    STRAIGHT: "4A4-COMBO-3",
    FLUSH_STRAIGHT: "4A4-COMBO-4",
    DOUBLE_STRAIGHT: "4A4-COMBO-5",
    TRIPLE_STRAIGHT: "4A4-COMBO-5",
    BOMB: "4A4-COMBO-6",
    JOKER_BOMB: "4A4-COMBO-7",
    FOUR_A_FOUR: "4A4-COMBO-8",
    MULTI_STRAIGHT: "4A4-CHAIN-4",
}
