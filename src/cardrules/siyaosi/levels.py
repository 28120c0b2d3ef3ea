"""How a round moves the match on: each team's level, the ruling team, and the winner —
4A4-LEVEL-1 (Levels, stored per team) … 4A4-LEVEL-5 (Winning the match).

Pure functions of the variant, the levels and ruling team the round was played at, and its
:class:`~cardrules.siyaosi.result.RoundResult`; the match (:mod:`cardrules.siyaosi.match.state`) and
the ``round`` cases (:mod:`cardrules.siyaosi.adapter`) both call :func:`after_round`.
"""

from __future__ import annotations

import attrs

from cardrules.cards import Rank
from cardrules.implements import implements
from cardrules.siyaosi.result import RoundResult
from cardrules.siyaosi.variant import Rise, Variant, Victory, drop_back_table

__all__ = ["Standing", "after_round", "caught_all", "drop_back", "rise"]

#: The top level: no level passes it.
TOP = Rank.ACE


@attrs.frozen
class Standing:
    """The match after a round: each team's level, the team that rules the next round, and the
    winning team (``None`` while the match goes on)."""

    levels: tuple[Rank, Rank]
    ruling: int
    winner: int | None = None


def caught_all(result: RoundResult) -> bool:
    """Whether the emperor's team caught every opponent (so its players took the first half of
    the places: a sweep from its side)."""
    return len(result.caught) == result.players // 2


@implements("4A4-LEVEL-1", "4A4-LEVEL-3")
def rise(level: Rank, steps: int, caught_every: bool, gates: frozenset[Rank]) -> Rank:
    """``level`` raised by ``steps``: never past A, 4A4-LEVEL-1 (Levels, stored per team);
    stopping on a gate, and leaving a gate only after catching every opponent, 4A4-LEVEL-3
    (Gates)."""
    if level in gates and not caught_every:
        return level
    for _ in range(steps):
        if level is TOP:
            break
        level = Rank(level + 1)
        if level in gates:
            break
    return level


@implements("4A4-ROUND-3", "4A4-LEVEL-2", "4A4-LEVEL-4")
def after_round(
    variant: Variant, levels: tuple[Rank, Rank], ruling: int | None, result: RoundResult
) -> Standing:
    """The standing after a round played at ``levels`` with ``ruling`` that ended as
    ``result``. The emperor's team rules the next round in every variant, 4A4-ROUND-3 (Who
    rules next)."""
    team = result.emperor % 2
    full = caught_all(result)
    gates = frozenset(Rank.parse(g) for g in variant.gates)
    new = list(levels)
    if variant.rise is Rise.CATCHES:  # 4A4-LEVEL-2 (Rising by catches)
        new[team] = rise(levels[team], len(result.caught), full, gates)
    elif full and team == (team if ruling is None else ruling):
        # 4A4-LEVEL-4 (The stage: sweep, reverse sweep, split): only a sweep raises a level
        # (with nobody ruling, the emperor's team counts as ruling); a reverse sweep or a split
        # hands the stage to the emperor's team at its stored level.
        new[team] = rise(levels[team], variant.sweep_rise, full, gates)
    if ruling is not None and team != ruling and full:
        new[ruling] = drop_back(variant, levels[ruling])
    after = (new[0], new[1])
    return Standing(after, team, _winner(variant, levels, after, team, full))


@implements("4A4-LEVEL-6")
def drop_back(variant: Variant, level: Rank) -> Rank:
    """The level a ruling team at ``level`` falls back to when its opponents swept the round
    (反洞), 4A4-LEVEL-6 (Drop-backs): as ``drop_backs`` says, else ``level``."""
    return drop_back_table(variant.drop_backs).get(level, level)


@implements("4A4-LEVEL-5")
def _winner(
    variant: Variant,
    before: tuple[Rank, Rank],
    after: tuple[Rank, Rank],
    team: int,
    full: bool,
) -> int | None:
    """4A4-LEVEL-5 (Winning the match): with ``pass`` the emperor's team wins by catching every
    opponent in a round it began at A; with ``reach`` a team wins when it rules the next round
    at A."""
    if variant.victory is Victory.PASS:
        return team if full and before[team] is TOP else None
    return team if after[team] is TOP else None
