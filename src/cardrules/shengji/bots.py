"""Shengji computer players that see only their view (each a :class:`~cardrules.bots.Bot`), at
the levels seed 001 describes (难度说明), in Shengji's terms: :class:`EasyBot` (简单) and
:class:`HardBot` (困难).

:class:`EasyBot` plays straight from its hand and the trick, with no memory and no thought for
its partner: it leads its weakest card, follows with the cheapest follow the rules allow (fewest
points, then the weakest cards: ``cheapest_follow``), and bids, names and buries as
:class:`HardBot` does (bidding is no tactic of the trick play the seed describes).

:class:`HardBot` (also called ``heuristic``; :class:`HeuristicBot` is the same class) plays as a
sensible club player does: it leads its strongest plain tuple or tractor (a piece nobody can
beat wins the trick), else its weakest plain card; following, it feeds points to a partner who
is winning, wins a trick worth points as cheaply as it can (a ruff when it is void), and
otherwise follows as cheaply as the rules allow — fewest points, then the weakest cards (the
cheapest legal follow is always among those weighed). Only a bounded number of moves is ever
looked at (a four-deck follower may have millions): the first ones listed, where the choice is
small enough to list, and as many drawn at random, so a seeded simulation is reproducible. In a
match's other phases it bids (or overcalls) only in the suit it holds most of, and only when
that suit is at least a fair share of its hand; names that suit after four jokers; buries its
weakest plain cards, points last; and never fries.
"""

from __future__ import annotations

import itertools
import random
from typing import ClassVar

from cardrules import args
from cardrules.cards import Card, Suit
from cardrules.errors import CardrulesError
from cardrules.game import GameView
from cardrules.multiset import Cards
from cardrules.shengji.combos import classify
from cardrules.shengji.follow_listing import cheapest_follow
from cardrules.shengji.match.phases import Phase
from cardrules.shengji.match.view import MatchView
from cardrules.shengji.moves import NAMING, Move, MoveKind
from cardrules.shengji.order import TRUMP, trump_context
from cardrules.shengji.scoring import points_of
from cardrules.shengji.trick import overtakes
from cardrules.shengji.view import View

__all__ = ["EasyBot", "HardBot", "HeuristicBot"]


def _suit_of(bid: Move) -> Suit | None:
    """The trump a bid of level cards or jokers would set (jokers: no-trump)."""
    return None if any(c.rank.is_joker for c in bid.cards) else next(iter(bid.cards)).suit


#: How many legal moves a bot weighs at most: the first ones listed, and as many drawn at random.
LOOK_AT = 16


class HardBot:
    """困难: chooses a play for a Shengji seat from its view alone, with the basic tactics."""

    __slots__ = ()
    #: The level's name, and in Chinese (seed 001, 难度说明).
    LEVEL: ClassVar[str] = "hard"
    NAME_ZH: ClassVar[str] = "困难"

    def choose(self, view: GameView[Move], rng: random.Random) -> Move | None:
        """A move for ``view``'s seat: a bid, burial or fry by the bot's rules in a match's other
        phases; in play, a lead or a follow chosen among a sample of the legal moves; ``None``
        when it is not the seat's turn."""
        args.rng(rng)
        if isinstance(view, MatchView):
            if view.play is None:
                return self._phase(view, rng)
            view = view.play
        if not isinstance(view, View):
            raise CardrulesError("this bot plays Shengji: it needs a Shengji view")
        if view.turn != view.seat:
            return None
        legal = view.legal_moves()
        # a lead from a big hand or a follow of a long throw is too large to list, CORE-API-3
        # (Choices too large to list): then the random draws (and the cheapest follow) are weighed
        moves = list(itertools.islice(legal, LOOK_AT)) if legal.listable() else []
        moves += [view.random_move(rng) for _ in range(LOOK_AT)]
        if not view.trick:
            return self._lead(view, moves)
        lead = classify(view.trick[0].cards, view.ctx)
        cheap = None if lead is None else cheapest_follow(lead, view.hand, view.ctx)
        if cheap is not None:
            moves.append(Move(view.seat, MoveKind.PLAY, cheap))
        return self._follow(view, moves)

    # ------------------------------------------------------------------ the match's phases
    def _phase(self, view: MatchView, rng: random.Random) -> Move | None:
        if view.phase is Phase.BURY:
            return self._bury(view, rng) if view.turn == view.seat else None
        moves = list(view.legal_moves())
        if not moves:
            return None
        naming = [m for m in moves if m.kind in NAMING]
        if naming:
            return max(naming, key=lambda m: self._suit_length(view, NAMING[m.kind]))
        passing = next((m for m in moves if m.kind is MoveKind.PASS), None)
        bids = [m for m in moves if m.kind is MoveKind.BID]
        if bids and view.phase in (Phase.DEAL, Phase.BID):
            best = max(bids, key=lambda m: (self._suit_length(view, _suit_of(m)), -len(m.cards)))
            if self._suit_length(view, _suit_of(best)) * 4 >= len(view.hand) + 4:
                return best
        return passing

    def _suit_length(self, view: MatchView, suit: Suit | None) -> int:
        """How many of the hand's plain cards are of ``suit`` (no-trump: the jokers)."""
        if suit is None:
            return sum(1 for c in view.hand if c.rank.is_joker)
        return sum(1 for c in view.hand if c.suit is suit and c.rank != view.level)

    def _bury(self, view: MatchView, rng: random.Random) -> Move | None:
        ctx = trump_context(view.variant, view.level, view.trump)
        values = dict(view.variant.point_values)

        def cost(card: Card) -> tuple[bool, int, int]:
            trump = ctx.suit_keys[card.index] == TRUMP
            return (trump, values.get(card.rank.text, 0), ctx.strengths[card.index])

        weakest = sorted(view.hand, key=cost)[: view.variant.kitty]
        move = Move(view.seat, MoveKind.BURY, Cards.of(weakest))
        return move if view.is_legal(move) else view.random_move(rng)

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


#: The older name of :class:`HardBot`.
HeuristicBot = HardBot


class EasyBot:
    """简单: plays straight from its hand and the trick — its weakest lead, the cheapest follow —
    with no memory of what was played and no thought for its partner."""

    __slots__ = ()
    #: The level's name, and in Chinese (seed 001, 难度说明).
    LEVEL: ClassVar[str] = "easy"
    NAME_ZH: ClassVar[str] = "简单"

    def choose(self, view: GameView[Move], rng: random.Random) -> Move | None:
        """A move for ``view``'s seat: a bid, naming or burial as :class:`HardBot` makes them in
        a match's other phases; in play its weakest card as a lead, else the cheapest legal
        follow; ``None`` when it is not the seat's turn."""
        args.rng(rng)
        if isinstance(view, MatchView):
            if view.play is None:
                return HardBot()._phase(view, rng)
            view = view.play
        if not isinstance(view, View):
            raise CardrulesError("this bot plays Shengji: it needs a Shengji view")
        if view.turn != view.seat:
            return None
        ctx = view.ctx
        if not view.trick:
            strengths = ctx.strengths
            trumps = ctx.suit_keys
            weakest = min(
                view.hand,
                key=lambda c: (trumps[c.index] == TRUMP, strengths[c.index], c.index),
            )
            return Move(view.seat, MoveKind.PLAY, Cards.of((weakest,)))
        lead = classify(view.trick[0].cards, ctx)
        cheap = None if lead is None else cheapest_follow(lead, view.hand, ctx)
        if cheap is not None:
            return Move(view.seat, MoveKind.PLAY, cheap)
        return view.random_move(rng)
