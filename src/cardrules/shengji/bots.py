"""Shengji computer players that see only their view (each a :class:`~cardrules.bots.Bot`), at
the levels seed 001 describes (难度说明), in Shengji's terms: :class:`EasyBot` (简单) and
:class:`HardBot` (困难).

:class:`EasyBot` plays straight from its hand and the trick, with no memory and no thought for
its partner: it leads its weakest card, follows with the cheapest follow the rules allow (fewest
points, then the weakest cards: ``cheapest_follow``), and bids, names and buries as
:class:`HardBot` does (bidding is no tactic of the trick play the seed describes).

:class:`HardBot` (also called ``heuristic``; :class:`HeuristicBot` is the same class) plays as a
sensible club player does, building each play straight from its hand's counts (it never lists
the legal moves, which a four-deck follower may have millions of, nor draws any at random): it
leads its strongest plain tuple or tractor — the one with most cards, then the highest top, of
every suit's longest runs (a piece nobody can beat wins the trick) — else its weakest card,
plain before trump. Following, it feeds a partner who is winning the legal follow with most
points (then the weakest cards); when the trick holds points, or it plays last, it wins as
cheaply as it can — the weakest piece of the lead's shape (or a wider one the rules allow) that
takes the trick, a ruff of trumps when it is void in the led suit, a throw only ever by a ruff;
and otherwise it follows as cheaply as the rules allow — fewest points, then the weakest cards
(``cheapest_follow``). Its choices depend on the view alone (the random source only on a
fallback never expected), so a seeded simulation is reproducible. In a match's other phases it
bids (or overcalls) only in the suit it holds most of, and only when that suit is at least a
fair share of its hand; names that suit after four jokers; buries its weakest plain cards,
points last; and never fries.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import ClassVar

import attrs

from cardrules import args
from cardrules.cards import CARD_COUNT, Card, Suit
from cardrules.errors import CardrulesError
from cardrules.game import GameView
from cardrules.multiset import Cards
from cardrules.shengji.combos import Combination, classify
from cardrules.shengji.follow_fast import _Suit, _suit
from cardrules.shengji.follow_listing import _pieces, _unit, cheapest_follow
from cardrules.shengji.match.phases import Phase
from cardrules.shengji.match.view import MatchView
from cardrules.shengji.moves import NAMING, Move, MoveKind
from cardrules.shengji.order import MAX_WIDTH, TRUMP, Table, trump_context
from cardrules.shengji.rules import classify_cached
from cardrules.shengji.trick import overtakes
from cardrules.shengji.view import View

__all__ = ["EasyBot", "HardBot", "HeuristicBot"]


def _suit_of(bid: Move) -> Suit | None:
    """The trump a bid of level cards or jokers would set (jokers: no-trump)."""
    counts = bid.cards.counts
    if counts[52] or counts[53]:  # the small and the big joker
        return None
    return Suit(next(i for i, n in enumerate(counts) if n) // 13)


class HardBot:
    """困难: chooses a play for a Shengji seat from its view alone, with the basic tactics."""

    __slots__ = ()
    #: The level's name, and in Chinese (seed 001, 难度说明).
    LEVEL: ClassVar[str] = "hard"
    NAME_ZH: ClassVar[str] = "困难"

    def choose(self, view: GameView[Move], rng: random.Random) -> Move | None:
        """A move for ``view``'s seat: a bid, burial or fry by the bot's rules in a match's other
        phases; in play, a lead or a follow built from the hand by the tactics above; ``None``
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
        if not view.trick:
            return Move(view.seat, MoveKind.PLAY, _lead(view))
        play = _follow(view)
        if play is None:  # no follow found from the hand (never expected): any legal move
            return view.random_move(rng)
        return Move(view.seat, MoveKind.PLAY, play)

    # ------------------------------------------------------------------ the match's phases
    def _phase(self, view: MatchView, rng: random.Random) -> Move | None:
        if view.phase is Phase.BURY:
            return self._bury(view, rng) if view.turn == view.seat else None
        moves = list(view.legal_moves())
        if not moves:
            return None
        naming = [m for m in moves if m.kind in NAMING]
        if naming:
            lengths = _suit_lengths(view)
            return max(naming, key=lambda m: lengths[NAMING[m.kind]])
        passing = next((m for m in moves if m.kind is MoveKind.PASS), None)
        bids = [m for m in moves if m.kind is MoveKind.BID]
        if bids and view.phase in (Phase.DEAL, Phase.BID):
            lengths = _suit_lengths(view)
            best = max(bids, key=lambda m: (lengths[_suit_of(m)], -len(m.cards)))
            if lengths[_suit_of(best)] * 4 >= len(view.hand) + 4:
                return best
        return passing

    def _bury(self, view: MatchView, rng: random.Random) -> Move | None:
        ctx = trump_context(view.variant, view.level, view.trump)
        values = dict(view.variant.point_values)

        def cost(card: Card) -> tuple[bool, int, int]:
            trump = ctx.suit_keys[card.index] == TRUMP
            return (trump, values.get(card.rank.text, 0), ctx.strengths[card.index])

        weakest = sorted(view.hand, key=cost)[: view.variant.kitty]
        move = Move(view.seat, MoveKind.BURY, Cards.of(weakest))
        return move if view.is_legal(move) else view.random_move(rng)


def _suit_lengths(view: MatchView) -> dict[Suit | None, int]:
    """How many of the hand's plain cards are of each suit (no-trump, ``None``: the jokers),
    read from the hand's counts (slot ``suit * 13 + rank - 2``, the jokers 52 and 53)."""
    counts = view.hand.counts
    level = int(view.level) - 2
    lengths: dict[Suit | None, int] = {
        suit: sum(counts[suit * 13 : suit * 13 + 13]) - counts[suit * 13 + level] for suit in Suit
    }
    lengths[None] = counts[52] + counts[53]
    return lengths


def _strength(cards: Sequence[int], ctx: Table) -> int:
    """The summed strengths of a count vector's cards."""
    strengths = ctx.strengths
    return sum(strengths[i] * n for i, n in enumerate(cards) if n)


def _points(cards: Sequence[int], ctx: Table) -> int:
    """The points a count vector's cards carry."""
    table = ctx.point_table
    return sum(table[i] * n for i, n in enumerate(cards) if n)


def _widest_runs(
    counts: Sequence[int], suit: _Suit, strengths: Sequence[int]
) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """Per lane of the suit and per width (pair and wider), every longest run of consecutive
    positions held at least that wide: its size in cards, the width, and its cards (one a
    position, the strongest held that wide)."""
    for lane in suit.lanes:
        for width in range(2, MAX_WIDTH + 1):
            run: list[int] = []
            for pos in (*lane, ()):
                held = [i for i in pos if counts[i] >= width]
                if held:
                    run.append(max(held, key=strengths.__getitem__))
                elif run:
                    yield width * len(run), width, tuple(run)
                    run = []


def _lead(view: View) -> Cards:
    """The strongest plain tuple or tractor (most cards, then the highest top), else the
    weakest card — plain before trump."""
    ctx = view.ctx
    hc = view.hand.counts
    strengths = ctx.strengths
    best: tuple[int, int] | None = None
    best_cards: Cards | None = None
    for key in range(TRUMP):  # the plain suits
        for size, width, run in _widest_runs(hc, _suit(ctx, key), strengths):
            rank = (size, max(strengths[i] for i in run))
            if best is not None and rank <= best:
                continue
            vector = [0] * CARD_COUNT
            for i in run:
                vector[i] = width
            cards = Cards.unchecked(tuple(vector))
            combo = classify_cached(cards, ctx)
            if combo is not None and not combo.is_throw:  # one piece: a lead that stands
                best, best_cards = rank, cards
    if best_cards is not None:
        return best_cards
    trumps = ctx.suit_keys
    weakest = min(
        (i for i, n in enumerate(hc) if n),
        key=lambda i: (trumps[i] == TRUMP, strengths[i], i),
    )
    return Cards.unchecked(_unit(weakest, 1))


def _feed_cost(ctx: Table) -> Callable[[Card], float]:
    """Most points first, then the weakest cards (a follow's cost to minimise)."""
    points, strengths = ctx.point_table, ctx.strengths
    return lambda card: strengths[card.index] - 1e6 * points[card.index]


def _win_cost(ctx: Table) -> Callable[[Card], float]:
    """The weakest cards first, then most points (a winning follow's cost to minimise)."""
    points, strengths = ctx.point_table, ctx.strengths
    return lambda card: 1e3 * strengths[card.index] - points[card.index]


def _follow(view: View) -> Cards | None:
    """The follow by the tactics: points fed to a winning partner; a trick worth points (or the
    last play of one) won as cheaply as the hand can; else the cheapest follow."""
    ctx = view.ctx
    lead = classify_cached(view.trick[0].cards, ctx)
    top = view.top
    if lead is None or top is None:
        return None
    hand = view.hand
    if top.seat % 2 == view.seat % 2:
        return cheapest_follow(lead, hand, ctx, _feed_cost(ctx))
    at_stake = sum(_points(m.cards.counts, ctx) for m in view.trick)
    if at_stake or len(view.trick) == view.players - 1:
        won = _cheapest_winner(view, lead)
        if won is not None:
            return won
    return cheapest_follow(lead, hand, ctx)


def _cheapest_winner(view: View, lead: Combination) -> Cards | None:
    """The weakest legal follow (then the one with most points) that takes the trick from the
    play on top, or ``None``: a piece of the lead's suit that beats it, or — void in that suit —
    a ruff; a throw is only ever taken by a ruff."""
    ctx = view.ctx
    hand = view.hand
    hc = hand.counts
    need = lead.size
    held_n = sum(hc[i] for i in ctx.cards_of_suit[lead.suit_key])
    top_index = _top_index(view)
    top = view.top
    assert top is not None
    if lead.is_throw:
        if held_n or lead.is_trump:
            return None
        # void: the weakest trumps a trump throw of this shape would need from the hand ruff
        ruff = cheapest_follow(attrs.evolve(lead, suit_key=TRUMP), hand, ctx, _win_cost(ctx))
        if ruff is None or not overtakes(view.trick, top_index, ruff, ctx):
            return None
        return ruff
    if held_n >= need:
        key = lead.suit_key
    elif not held_n:
        key = TRUMP  # void: any cards may be played, a trump piece ruffs
    else:
        return None  # short of the suit: the play mixes suits and cannot win
    if top.combination.is_throw:
        return None
    on_top = top.combination.piece
    if key != on_top.suit_key and key != TRUMP:
        return None  # a plain piece never takes a trick from another suit's
    width = lead.piece.width
    strengths = ctx.strengths
    candidates: list[tuple[int, int, tuple[int, ...], int]] = []
    for w in range(width, MAX_WIDTH + 1):
        if need % w:
            continue
        for vector, idx in _pieces(hc, _suit(ctx, key), w, need // w).items():
            # within the suit on top: wider, SJ-ORDER-2 (Width first), or as wide and stronger
            if (
                key != on_top.suit_key
                or w > on_top.width
                or (w == on_top.width and max(strengths[i] for i in idx) > on_top.top)
            ):
                candidates.append((_strength(vector, ctx), -_points(vector, ctx), vector, w))
    candidates.sort()
    for _, _, vector, w in candidates:
        cards = Cards.unchecked(vector)
        if not overtakes(view.trick, top_index, cards, ctx):
            continue
        # a wider piece of the led suit is legal only when the hand lacks the lead's shape
        wider = w != width and key == lead.suit_key
        if wider and not view.is_legal(Move(view.seat, MoveKind.PLAY, cards)):
            continue
        return cards
    return None


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
