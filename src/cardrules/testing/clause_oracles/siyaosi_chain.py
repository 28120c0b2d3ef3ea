"""The 勾岔 chain of 四幺四 (``cha = "chain"``), from 4A4-CHAIN-1 (Where a chain starts) to
4A4-CHAIN-11 (Without gou): which plays of cards step a chain, how many steps one play makes, and
what the chain counts as afterwards.

A chain is its base (the cards on top of the trick when it started, texts like ``"8S"``) and the
number of steps made on it so far. :func:`steps_made` reads a play of cards against it,
:func:`effective` gives the combination the chain counts as, in the model of
:mod:`~cardrules.testing.clause_oracles.siyaosi_beats`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardrules.testing.clause_oracles.siyaosi_beats import Combo, classify, strength

__all__ = ["base_width", "effective", "step_sizes", "steps_made"]


def _rank(card: str) -> str:
    """The rank of a card text: ``"10H"`` → ``"10"``, ``"SJ"`` → ``"SJ"``."""
    return card if card in ("SJ", "BJ") else card[:-1]


def base_width(base: Sequence[str], *, double_cha: bool = False) -> int | None:
    """The cards per rank of a base a chain may start on, or ``None`` where none may, 4A4-CHAIN-1
    (Where a chain starts): a single or a single straight (1); with ``double_cha`` also a pair or
    a double straight (2), 4A4-CHAIN-10 (Double cha). ``base`` is a combination standing on top of
    a trick: one rank, or a straight kind (no joker, three ranks or more for a single straight)."""
    counts = Counter(_rank(c) for c in base)
    widths = set(counts.values())
    if len(widths) != 1:
        return None  # a 4A4
    width = widths.pop()
    several = len(counts) > 1
    if several and ("SJ" in counts or "BJ" in counts):
        return None  # the joker bomb
    if width == 1 and (not several or len(counts) >= 3):
        return 1
    if width == 2 and double_cha:
        return 2
    return None


def step_sizes(width: int, first: int, count: int) -> list[int]:
    """Cards per rank of ``count`` steps from the ``first``-th step of a chain (0 = the first
    cha): 4A4-CHAIN-2 (Cha) adds two cards per rank of the base's, 4A4-CHAIN-3 (Gou, and the
    alternation) one, alternating cha, gou, cha …; 4A4-CHAIN-10 (Double cha): on a pair or a
    double straight (``width`` 2) twice that."""
    return [2 * width if i % 2 == 0 else width for i in range(first, first + count)]


def steps_made(
    base: Sequence[str],
    steps: int,
    play: Sequence[str],
    *,
    cha: str = "chain",
    gou: bool = True,
    double_cha: bool = False,
) -> int:
    """How many chain steps ``play`` makes on the chain of ``base`` with ``steps`` steps made so
    far, or 0 when it is no chain step.

    4A4-CHAIN-1 (Where a chain starts): only with ``cha = "chain"`` and a base of
    :func:`base_width`. 4A4-CHAIN-8 (Several steps in one play): the play holds exactly the base's
    ranks, the same number of cards of each, and that number is the cards per rank of the next
    one or more steps (:func:`step_sizes`). 4A4-CHAIN-11 (Without gou): without ``gou`` the only
    step is the first cha."""
    width = base_width(base, double_cha=double_cha)
    if cha != "chain" or width is None:
        return 0
    ranks = Counter(_rank(c) for c in base)
    counts = Counter(_rank(c) for c in play)
    if set(counts) != set(ranks) or len(set(counts.values())) != 1:
        return 0
    per_rank = next(iter(counts.values()))
    most = 1 if not gou else per_rank  # each step adds at least one card per rank
    for n in range(1, most + 1):
        if not gou and steps + n > 1:
            break
        if sum(step_sizes(width, steps, n)) == per_rank:
            return n
    return 0


def effective(
    base: Sequence[str],
    steps: int,
    *,
    level: str | None = None,
    promoted: bool = False,
    straight_floor: str = "3",
    double_cha: bool = False,
) -> Combo:
    """The combination a chain counts as after ``steps`` steps (``steps`` ≥ 1), 4A4-CHAIN-4 (The
    effective combination): with ``k`` cards per rank so far, a bomb of ``k`` cards of the base's
    rank, or a run of ``k`` cards per rank on the base's ranks. 4A4-CHAIN-5 (The base fixes the
    strength): a bomb's rank is read with the base player's ``level`` and ``promoted``, whoever
    made the steps. 4A4-CHAIN-9 (Four 3s by chain): a 3-chain of exactly four cards is four
    3s."""
    width = base_width(base, double_cha=double_cha)
    assert width is not None and steps >= 1
    k = width + sum(step_sizes(width, 0, steps))
    ranks = sorted(set(_rank(c) for c in base))
    if len(ranks) == 1:
        rank = ranks[0]
        low = strength(rank, level, promoted)
        return Combo("bomb", width=k, low=low, four_threes=rank == "3" and k == 4)
    one_each = [r + "S" if r not in ("SJ", "BJ") else r for r in ranks]
    run = classify(one_each, straight_floor=straight_floor, flush_straights=False)
    assert run is not None and run.kind == "run"
    return Combo("run", width=k, length=run.length, low=run.low)
