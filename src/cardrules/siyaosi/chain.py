"""The 勾岔 chain (``cha = "chain"``) as pure functions — the model is Shengji's ``follow.py``.

A chain starts on a single or a single straight on top of the trick, 4A4-CHAIN-1 (Where a chain
starts); steps alternate cha (two cards per rank of the base, 4A4-CHAIN-2 (Cha)) and gou (one
card per rank, 4A4-CHAIN-3 (Gou, and the alternation)); with ``double_cha`` a pair or double
straight may be the base and the steps double, 4A4-CHAIN-10 (Double cha). Without gou the chain
is the base and one cha, 4A4-CHAIN-11 (Without gou).

Counting is in *cards per rank*. With a base of ``b`` per rank, step ``i`` (0 = the first cha)
adds :func:`step_increment` cards per rank — ``2b`` for a cha, ``b`` for a gou — so after ``k``
steps the chain has :func:`width_after` cards per rank (1, 3, 4, 6, 7 … on a single), which is
the effective combination's width, 4A4-CHAIN-4 (The effective combination). One play may make
several steps at once, 4A4-CHAIN-8 (Several steps in one play): :func:`next_steps` lists the
card counts per rank that complete one, two, three … further steps, and :func:`steps_made` says
how many a play makes.
"""

from __future__ import annotations

from cardrules.implements import implements
from cardrules.multiset import Cards
from cardrules.siyaosi.combos import (
    BOMB,
    DOUBLE_STRAIGHT,
    FLUSH_STRAIGHT,
    PAIR,
    SINGLE,
    STRAIGHT,
    Combination,
    run_name,
)
from cardrules.siyaosi.moves import CHA, GOU, MoveKind, Top
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.variant import Variant

__all__ = [
    "chainable",
    "effective",
    "next_steps",
    "step_increment",
    "step_kind",
    "steps_made",
    "width_after",
]

_CHAIN_BASES = frozenset((SINGLE, STRAIGHT, FLUSH_STRAIGHT))
_DOUBLE_CHA_BASES = frozenset((PAIR, DOUBLE_STRAIGHT))


@implements("4A4-CHAIN-1", "4A4-CHAIN-10")
def chainable(combo: Combination, table: Table) -> bool:
    """Whether chain steps may follow ``combo`` once it is on top."""
    if not table.chains:
        return False
    if combo.name in _CHAIN_BASES:
        return True
    return table.variant.double_cha and combo.name in _DOUBLE_CHA_BASES


def step_increment(base_width: int, step: int) -> int:
    """Cards per rank that step number ``step`` (0 = the first cha) adds."""
    return 2 * base_width if step % 2 == 0 else base_width


def width_after(base_width: int, steps: int) -> int:
    """Cards per rank in a chain after ``steps`` steps."""
    return base_width + sum(step_increment(base_width, i) for i in range(steps))


def step_kind(steps: int) -> MoveKind:
    """The kind of the next step after ``steps`` steps: cha first, then gou, cha …"""
    return CHA if steps % 2 == 0 else GOU


def next_steps(top: Top, variant: Variant) -> tuple[int, ...]:
    """Cards per rank that complete one, two, three … further steps of the chain on top (empty
    when no step may follow): counts stop at what the decks could ever hold."""
    base = top.base
    if base is None:
        return ()
    key = (base.width, top.steps, variant.decks, variant.gou)
    steps = _NEXT_STEPS.get(key)
    if steps is None:
        steps = _next_steps(*key)
        if len(_NEXT_STEPS) < 4096:  # few keys occur; the bound only guards odd callers
            _NEXT_STEPS[key] = steps
    return steps


#: :func:`next_steps` by ``(base width, steps so far, decks, gou)``: asked on every move onto
#: an open chain, and it depends on nothing else.
_NEXT_STEPS: dict[tuple[int, int, int, bool], tuple[int, ...]] = {}


@implements("4A4-CHAIN-11")
def _next_steps(width: int, done: int, decks: int, gou: bool) -> tuple[int, ...]:
    out = []
    total = 0
    most = decks * 4
    for i in range(done, done + 2 * most):
        if i >= 1 and not gou:
            break
        total += step_increment(width, i)
        out.append(total)
        if total >= most:
            break
    return tuple(out)


@implements("4A4-CHAIN-8")
def steps_made(top: Top, rc: list[int], variant: Variant) -> int:
    """How many chain steps cards with rank counts ``rc`` make on ``top`` (0: none) — the same
    number of cards on exactly each rank of the base, a count that splits into whole steps."""
    base = top.base
    if base is None:
        return 0
    lo, hi = base.low, base.low + base.length
    c = rc[lo]
    if c == 0:
        return 0
    total = 0
    for r in range(2, 17):
        n = rc[r]
        if n:
            if not lo <= r < hi or n != c:
                return 0
            total += n
    if total != c * base.length:
        return 0
    steps = next_steps(top, variant)
    return steps.index(c) + 1 if c in steps else 0


@implements("4A4-CHAIN-4", "4A4-CHAIN-5")
def effective(top: Top, cards: Cards, steps: int) -> Combination:
    """The chain's effective combination after ``cards`` made it ``steps`` steps long: a bomb of
    the base's rank (at the base's strength, 4A4-CHAIN-5 (The base fixes the strength)) or a
    straight of that many cards per rank."""
    base = top.base
    assert base is not None
    k = width_after(base.width, steps)
    every = top.cards + cards
    if base.length == 1:
        name = BOMB if k >= 3 else PAIR
        return Combination(name, every, k, 1, base.low, base.strength)
    return Combination(run_name(k, False), every, k, base.length, base.low, base.low)
