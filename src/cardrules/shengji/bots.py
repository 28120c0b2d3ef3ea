"""A heuristic Shengji player that sees only its view (a :class:`~cardrules.bots.Bot`).

It plays as a sensible club player does: it leads its strongest plain tuple or tractor (a
piece nobody can beat wins the trick), else its weakest plain card; following, it feeds points
to a partner who is winning, wins a trick worth points as cheaply as it can (a ruff when it is
void), and otherwise follows as cheaply as the rules allow — fewest points, then the weakest
cards. Only a bounded number of follows is ever looked at (a four-deck follower may have
millions), always the same ones, so a seeded simulation is reproducible.
"""

from __future__ import annotations

import itertools
import random

from cardrules.errors import CardrulesError
from cardrules.game import GameView
from cardrules.multiset import Cards
from cardrules.shengji.moves import Move
from cardrules.shengji.order import TRUMP
from cardrules.shengji.pieces import classify
from cardrules.shengji.scoring import points_of
from cardrules.shengji.trick import overtakes
from cardrules.shengji.view import View

__all__ = ["HeuristicBot"]

#: How many legal moves a bot weighs at most: the first ones listed, and as many drawn at random.
LOOK_AT = 16


class HeuristicBot:
    """Chooses a play for a Shengji seat from its view alone."""

    __slots__ = ()

    def choose(self, view: GameView[Move], rng: random.Random) -> Move | None:
        if not isinstance(view, View):
            raise CardrulesError("this bot plays Shengji: it needs a Shengji view")
        if view.turn != view.seat:
            return None
        moves = list(itertools.islice(view.legal_moves(), LOOK_AT))
        moves += [view.random_move(rng) for _ in range(LOOK_AT)]
        if not view.trick:
            return self._lead(view, moves)
        return self._follow(view, moves)

    def _points(self, view: View, cards: Cards) -> int:
        return points_of(cards, view.variant.point_values)

    def _strength(self, view: View, cards: Cards) -> int:
        strengths = view.ctx.strengths
        return sum(strengths[i] * n for i, n in enumerate(cards.counts) if n)

    def _lead(self, view: View, moves: list[Move]) -> Move:
        ctx = view.ctx

        def rank(move: Move) -> tuple[int, int, int]:
            combo = classify(move.cards, ctx)
            if combo is None or combo.is_throw:
                return (0, 0, 0)
            piece = combo.pieces[0]
            plain = combo.suit_key != TRUMP
            # a wide plain piece with a high top first; then keep trumps for ruffing
            return (int(plain) * piece.size, piece.top if plain else -piece.top, -len(move.cards))

        strongest = max(moves, key=rank)
        if rank(strongest)[0] >= 2:
            return strongest
        return min(moves, key=lambda m: (len(m.cards), self._strength(view, m.cards)))

    def _follow(self, view: View, moves: list[Move]) -> Move:
        top = view.top
        assert top is not None
        partner_winning = top.seat % 2 == view.seat % 2
        on_table = sum((m.cards for m in view.trick), Cards())
        at_stake = self._points(view, on_table)
        if partner_winning:
            # feed points, but not the strongest cards
            return max(
                moves,
                key=lambda m: (self._points(view, m.cards), -self._strength(view, m.cards)),
            )
        winners = [m for m in moves if overtakes(view.trick, _top_index(view), m.cards, view.ctx)]
        if winners and (at_stake or len(view.trick) == view.players - 1):
            return min(
                winners,
                key=lambda m: (self._strength(view, m.cards), -self._points(view, m.cards)),
            )
        return min(
            moves, key=lambda m: (self._points(view, m.cards), self._strength(view, m.cards))
        )


def _top_index(view: View) -> int:
    top = view.top
    assert top is not None
    return [m.seat for m in view.trick].index(top.seat)
