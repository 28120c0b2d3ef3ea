"""四幺四 computer players that see only their view (each a :class:`~cardrules.bots.Bot`), at
the levels seed 001 describes (难度说明): :class:`EasyBot` (简单) and :class:`HardBot` (困难).

:class:`EasyBot` plays straight from its hand and the top, with no memory and no thought for its
partner: it leads its weakest single, beats the top with the weakest play of the top's kind that
does (a partner's top too), never bombs, never steps in out of turn, and in a match's tribute
phase makes the move due (it never rebels).

:class:`HardBot` (also called ``heuristic``; :class:`HeuristicBot` is the same class) plays as a
sensible club player does: it leads what sheds the most cards at the least cost
and keeps its bombs; it lets its partner's play stand; it beats an opponent with the smallest
combination that does, bombing only to stop an opponent about to go out (or when nothing else
beats and the trick is worth it); it steps a chain out of turn when the chain on top is an
opponent's; it passes rather than break a bomb. In a match's tribute phase it rebels and
suppresses whenever it may (both spare its team a tribute) and returns its weakest card. Ties go
the same way every time, so a seeded simulation is reproducible.
"""

from __future__ import annotations

import random
from typing import ClassVar

from cardrules import args
from cardrules.errors import CardrulesError
from cardrules.game import GameView
from cardrules.siyaosi.calls import classify
from cardrules.siyaosi.combos import BOMB, FOUR_A_FOUR, JOKER_BOMB, Combination
from cardrules.siyaosi.match.view import MatchView
from cardrules.siyaosi.moves import CAPTURE, CHA, CHI, GOU, PASS, PLAY, Move, MoveKind
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.view import View

__all__ = ["EasyBot", "HardBot", "HeuristicBot"]

_BOMBS = frozenset((BOMB, JOKER_BOMB, FOUR_A_FOUR))


class HardBot:
    """困难: chooses a move for a 四幺四 seat from its view alone, with the basic tactics."""

    __slots__ = ()
    #: The level's name, and in Chinese (seed 001, 难度说明).
    LEVEL: ClassVar[str] = "hard"
    NAME_ZH: ClassVar[str] = "困难"

    def choose(self, view: GameView[Move], rng: random.Random) -> Move | None:
        """A move for ``view``'s seat: in a match's tribute phase a rebellion when it may, else the
        move due (a return gives the weakest card); in play a chain step or capture when the other
        team is on top, else, in turn, the lead that sheds the most cards or the weakest play that
        beats the top (a partner on top is passed); ``None`` to wait."""
        args.rng(rng)
        if isinstance(view, MatchView):
            if view.play is None:
                return self._tribute(view)
            view = view.play
        if not isinstance(view, View):
            raise CardrulesError("this bot plays 四幺四: it needs a 四幺四 view")
        moves = list(view.legal_moves())
        if not moves:
            return None
        top = view.top
        partner_on_top = top is not None and top.seat % 2 == view.seat % 2
        steps = [m for m in moves if m.kind in (CHA, GOU, CAPTURE)]
        if steps and not partner_on_top:
            return min(steps, key=lambda m: len(m.cards))  # take the top from an opponent
        if view.turn != view.seat:
            return None  # nothing worth doing out of turn: let the play go on
        if top is None:
            return self._lead(view, moves)
        return self._follow(view, moves, partner_on_top)

    def _tribute(self, view: MatchView) -> Move | None:
        """The tribute phase: rebel or suppress when allowed, else the move due (a tribute is
        the card the rules name; a return gives the weakest card)."""
        moves = list(view.legal_moves())
        if not moves:
            return None
        for kind in (MoveKind.REBEL, MoveKind.SUPPRESS):
            if any(m.kind is kind for m in moves):
                return next(m for m in moves if m.kind is kind)
        due = [m for m in moves if m.kind is not PASS]
        if not due:
            return moves[0]
        strength = Table(view.variant, view.levels, view.ruling).strength
        return min(due, key=lambda m: sorted(strength(c.rank, view.seat) for c in m.cards))

    def _combo(self, view: View, move: Move) -> Combination | None:
        return classify(move.cards, view.table, view.seat)

    def _lead(self, view: View, moves: list[Move]) -> Move:
        plays = [m for m in moves if m.kind is PLAY]
        keep = [
            m for m in plays if (c := self._combo(view, m)) is not None and c.name not in _BOMBS
        ]
        pool = keep or plays

        def cost(m: Move) -> tuple[int, int]:
            combo = self._combo(view, m)
            strength = combo.strength if combo is not None else 0
            return (-len(m.cards), strength)  # shed the most cards, at the lowest strength

        return min(pool, key=cost)

    def _follow(self, view: View, moves: list[Move], partner_on_top: bool) -> Move:
        passing = next(m for m in moves if m.kind is PASS)
        if partner_on_top:
            return passing
        beating = [m for m in moves if m.kind in (PLAY, CHI)]
        if not beating:
            return passing
        plain = [m for m in beating if not self._bomb(view, m)]
        if plain:
            return min(plain, key=lambda m: self._strength(view, m))
        threatened = any(
            0 < n <= view.variant.announce_at
            for s, n in enumerate(view.hand_sizes)
            if s % 2 != view.seat % 2
        )
        if threatened or len(view.hand) <= 4:
            return min(beating, key=lambda m: (len(m.cards), self._strength(view, m)))
        return passing

    def _bomb(self, view: View, move: Move) -> bool:
        combo = self._combo(view, move)
        return combo is not None and combo.name in _BOMBS

    def _strength(self, view: View, move: Move) -> int:
        combo = self._combo(view, move)
        return 0 if combo is None else combo.strength


#: The older name of :class:`HardBot`.
HeuristicBot = HardBot


class EasyBot:
    """简单: plays straight from its hand and the top — the simplest follow or a pass — with no
    memory of what was played and no thought for its partner."""

    __slots__ = ()
    #: The level's name, and in Chinese (seed 001, 难度说明).
    LEVEL: ClassVar[str] = "easy"
    NAME_ZH: ClassVar[str] = "简单"

    def choose(self, view: GameView[Move], rng: random.Random) -> Move | None:
        """A move for ``view``'s seat: in the tribute phase the move due (never a rebellion);
        in play ``None`` out of turn, else the weakest single as a lead, or the weakest play of
        the top's kind that beats it (whoever's top it is; never a bomb), or a pass."""
        args.rng(rng)
        if isinstance(view, MatchView):
            if view.play is None:
                return _due(view)
            view = view.play
        if not isinstance(view, View):
            raise CardrulesError("this bot plays 四幺四: it needs a 四幺四 view")
        if view.turn != view.seat:
            return None
        moves = view.legal_moves()
        strength = view.table.strength
        seat = view.seat
        top = view.top
        if top is None:
            singles = [m for m in moves if m.kind is PLAY and len(m.cards) == 1]
            if singles:
                return min(singles, key=lambda m: strength(next(iter(m.cards)).rank, seat))
            return next(m for m in moves if m.kind is PLAY)
        size = len(top.cards)
        plain = [
            m for m in moves if m.kind is PLAY and len(m.cards) == size and not _is_bomb(view, m)
        ]
        if plain:
            return min(plain, key=lambda m: _weakest_strength(view, m))
        return next(m for m in moves if m.kind is PASS)


def _due(view: MatchView) -> Move | None:
    """The tribute phase's move due: a tribute or a return (the first listed), no rebellion or
    suppression by choice (a pass rather than one); the one move there is where it is all the
    seat may do (a rebellion some tables make compulsory)."""
    moves = list(view.legal_moves())
    due = [m for m in moves if m.kind not in (MoveKind.REBEL, MoveKind.SUPPRESS, PASS)]
    if due:
        return due[0]
    return next((m for m in moves if m.kind is PASS), moves[0] if moves else None)


def _is_bomb(view: View, move: Move) -> bool:
    combo = classify(move.cards, view.table, view.seat)
    return combo is not None and combo.name in _BOMBS


def _weakest_strength(view: View, move: Move) -> int:
    combo = classify(move.cards, view.table, view.seat)
    return 0 if combo is None else combo.strength
