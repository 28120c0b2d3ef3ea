"""四幺四 moves and the top of a trick.

A :class:`Move` is ``Move(seat, kind, cards)`` as in every game of the library; its kinds are
:class:`MoveKind`. A :class:`Top` is what stands on top of the trick: the effective combination
(a chain counts every card played into it) and, while chain steps may follow, the chain's base.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import ClassVar

import attrs

from cardrules.move import EMPTY, MoveBase
from cardrules.multiset import Cards
from cardrules.siyaosi.combos import Combination
from cardrules.slots import builder

__all__ = [
    "CAPTURE",
    "CHA",
    "CHI",
    "GOU",
    "KIND_ORDER",
    "PASS",
    "PHASE_KINDS",
    "PLAY",
    "Move",
    "MoveKind",
    "Phase",
    "Top",
    "make_move",
    "make_top",
]


class MoveKind(StrEnum):
    """What a move is, 4A4-MOVES-2 (Reading a move). A multi-step chain play, 4A4-CHAIN-8
    (Several steps in one play), is named after its first step. ``tribute``, ``return``,
    ``rebel`` and ``suppress`` are moves of a match's tribute phase (``pass`` declines there),
    4A4-MATCH-2 (Phases and their moves)."""

    PASS = "pass"
    PLAY = "play"
    CHI = "chi"
    CHA = "cha"
    GOU = "gou"
    CAPTURE = "capture"
    TRIBUTE = "tribute"
    RETURN = "return"
    REBEL = "rebel"
    SUPPRESS = "suppress"


class Phase(StrEnum):
    """Where a match stands, 4A4-MATCH-2 (Phases and their moves); a round's play state and
    its views are in phase ``play``."""

    TRIBUTE = "tribute"
    PLAY = "play"
    OVER = "over"


# The kinds as module constants: ``MoveKind.X`` is an enum lookup on every use, which the hot
# paths avoid.
#: ``MoveKind.PASS``, as a module constant.
PASS = MoveKind.PASS
#: ``MoveKind.PLAY``, as a module constant.
PLAY = MoveKind.PLAY
#: ``MoveKind.CHI``, as a module constant.
CHI = MoveKind.CHI
#: ``MoveKind.CHA``, as a module constant.
CHA = MoveKind.CHA
#: ``MoveKind.GOU``, as a module constant.
GOU = MoveKind.GOU
#: ``MoveKind.CAPTURE``, as a module constant.
CAPTURE = MoveKind.CAPTURE

#: The kinds of the tribute phase, which the play phase refuses (``wrong-phase``).
PHASE_KINDS = frozenset((MoveKind.TRIBUTE, MoveKind.RETURN, MoveKind.REBEL, MoveKind.SUPPRESS))

#: Listing order of kinds, 4A4-MOVES-1 (What `legal_moves` lists).
KIND_ORDER = {k: i for i, k in enumerate(MoveKind)}


@attrs.frozen(repr=False)
class Move(MoveBase[MoveKind]):
    """One 四幺四 move: ``Move(seat, MoveKind.CHA, Cards.parse("8S 8D"))``; text
    ``"2: cha 8S 8D"``; a play is written without its verb (``"2: 8S 8D"``)."""

    GAME: ClassVar[str] = "siyaosi"
    KINDS: ClassVar[type[StrEnum]] = MoveKind
    WITHOUT_CARDS: ClassVar[frozenset[str]] = frozenset({"pass", "rebel", "suppress"})

    kind: MoveKind = PLAY
    cards: Cards = EMPTY


@attrs.frozen
class Top:
    """What stands on top of the trick.

    ``combination`` is the effective combination (a chain counts every card played into it,
    4A4-CHAIN-4 (The effective combination)); ``seat`` made the latest play or chain step;
    ``base`` is the chain's base while chain steps may still follow (``None`` otherwise), played
    by ``base_seat``; ``steps`` counts the chain steps made so far.
    """

    seat: int
    combination: Combination
    base: Combination | None = None
    base_seat: int = 0
    steps: int = 0

    @property
    def cards(self) -> Cards:
        """The cards of the combination on top."""
        return self.combination.cards

    def describe(self) -> str:
        """The top's kind as a player would say it: a chain is named as a chain, not by the
        internal name of its effective combination."""
        combo = self.combination
        if self.steps and combo.width == 2 and combo.length == 1:
            return "cha (叉)"  # 4A4-DEAD-1 (叉 on a single); a chain's cha makes three per rank
        if self.steps and combo.length > 1:
            return f"straight chain, {combo.width} per rank"
        if self.steps:
            return f"chain, effective bomb of {combo.width}"
        return combo.name.value


#: ``Move(seat, kind, cards)`` for a move known to be well formed (the generator's), its
#: slots filled directly without the validators.
make_move: Callable[[int, MoveKind, Cards], Move] = builder(Move, ("seat", "kind", "cards"))
#: ``Top(seat, combination, base, base_seat, steps)`` for the hot path of ``apply``: the same
#: object, its slots filled directly.
make_top: Callable[[int, Combination, Combination | None, int, int], Top] = builder(
    Top, ("seat", "combination", "base", "base_seat", "steps")
)
