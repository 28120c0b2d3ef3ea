"""The card order of one 四幺四 round: :class:`Table` (the variant, the teams' levels and the
ruling team) ranks every card for the seat that plays it, 4A4-RANK-1 (Natural order),
4A4-RANK-2 (The level card).

Strengths are small integers read from per-team tables built once per :class:`Table`: 3 … A are
their face values 3 … 14, a 2 is 15, SJ 17, BJ 18, and a promoted level card is 16, between the 2
and the small joker.
"""

from __future__ import annotations

import attrs

from cardrules.cards import Rank
from cardrules.errors import PositionError
from cardrules.implements import implements
from cardrules.limits import quote
from cardrules.siyaosi.variant import BombVsStraight, Cha, LevelPromotion, StraightFloor, Variant

__all__ = ["Table"]

# The rank values of the jokers in a rank-count list; the strengths by rank value, 4A4-RANK-1
# (Natural order); a promoted level card's strength, 4A4-RANK-2 (The level card).
SJ = 15
BJ = 16
NATURAL = {**{r: r for r in range(3, 15)}, 2: 15, SJ: 17, BJ: 18}
PROMOTED = 16


@attrs.frozen
class Table:
    """What decides the strength of a card: the variant, each team's level and the ruling team.

    The level card is the ruling team's level (``levels[ruling]``); with nobody ruling there is
    none. ``promotes(seat)`` says whether that seat's level cards rank above the 2,
    4A4-RANK-2 (The level card).
    """

    variant: Variant
    levels: tuple[Rank, Rank] = (Rank.TWO, Rank.TWO)
    ruling: int | None = None
    _strength: tuple[tuple[int, ...], tuple[int, ...]] = attrs.field(
        init=False, eq=False, repr=False
    )
    #: The switches the hot paths ask about, read once: chains on, capture on, the lowest start
    #: of a straight, every bomb beating every straight.
    chains: bool = attrs.field(init=False, eq=False, repr=False)
    captures: bool = attrs.field(init=False, eq=False, repr=False)
    #: ``cha = "dead"``: 叉 and 点, 4A4-DEAD-1 (叉 on a single), 4A4-DEAD-2 (点 ends the trick).
    dead: bool = attrs.field(init=False, eq=False, repr=False)
    floor: int = attrs.field(init=False, eq=False, repr=False)
    bombs_beat_runs: bool = attrs.field(init=False, eq=False, repr=False)
    #: The rank no straight may hold, 4A4-COMBO-9 (Straights without the level rank): the level
    #: card's face rank with ``level_in_straights`` off and a team ruling, else 0 (no rank).
    straight_gap: int = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.variant, Variant):
            raise PositionError("a 四幺四 Variant is needed", key="variant")
        levels = self.levels
        if (
            not isinstance(levels, tuple)
            or len(levels) != 2
            or not all(isinstance(r, Rank) and not r.is_joker for r in levels)
        ):
            raise PositionError(f"one rank 2 … A per team, got {quote(levels)}", key="levels")
        if self.ruling is not None and (type(self.ruling) is not int or self.ruling not in (0, 1)):
            raise PositionError(f"team 0, team 1 or None, got {quote(self.ruling)}", key="ruling")
        base = [0] * 17
        for r, s in NATURAL.items():
            base[r] = s
        per_team = []
        for team in (0, 1):
            row = list(base)
            if self._promotes_team(team):
                assert self.level is not None
                row[int(self.level)] = PROMOTED
            per_team.append(tuple(row))
        object.__setattr__(self, "_strength", (per_team[0], per_team[1]))
        variant = self.variant
        object.__setattr__(self, "chains", variant.cha is Cha.CHAIN)
        object.__setattr__(self, "captures", variant.cha is Cha.CAPTURE)
        object.__setattr__(self, "dead", variant.cha is Cha.DEAD)
        object.__setattr__(self, "floor", 2 if variant.straight_floor is StraightFloor.TWO else 3)
        object.__setattr__(self, "bombs_beat_runs", variant.bomb_vs_straight is BombVsStraight.ANY)
        object.__setattr__(self, "straight_gap", self._straight_gap())

    @implements("4A4-COMBO-9")
    def _straight_gap(self) -> int:
        """The face rank no straight of any kind may hold or run across, 4A4-COMBO-9
        (Straights without the level rank): the level card's, when ``level_in_straights`` is
        off and a team rules; 0 (no rank) otherwise."""
        level = self.level
        if self.variant.level_in_straights or level is None:
            return 0
        return int(level)

    @property
    def level(self) -> Rank | None:
        """The level card's rank, or ``None`` when no team rules."""
        return None if self.ruling is None else self.levels[self.ruling]

    @implements("4A4-RANK-2", "4A4-RANK-4")
    def _promotes_team(self, team: int) -> bool:
        level = self.level
        if level is None or level == Rank.TWO:  # 4A4-RANK-4 (Level 2 promotes nothing)
            return False
        mode = self.variant.level_promotion
        if mode is LevelPromotion.ALL:
            return True
        if mode is LevelPromotion.RULING_TEAM:
            return team == self.ruling
        return False

    def promotes(self, seat: int) -> bool:
        """Whether level cards played by ``seat`` rank between the 2 and the small joker."""
        level = self.level
        return level is not None and self._strength[seat % 2][int(level)] == PROMOTED

    def strengths(self, seat: int) -> tuple[int, ...]:
        """Strength by face rank (index = Rank value) for cards played by ``seat``."""
        return self._strength[seat % 2]

    def strength(self, rank: Rank, seat: int) -> int:
        """The strength of a card of ``rank`` played by ``seat``, level cards promoted where that
        seat's team plays them, 4A4-RANK-2 (The level card)."""
        return self._strength[seat % 2][int(rank)]
