"""The expert Shengji computer player (专家), seed 001's strongest level (难度说明): a
:class:`~cardrules.bots.Bot` that sees only its view, remembers every card played through the
view's card tracker (记牌器), and searches where the rules of thumb run out.

In the play, :class:`ExpertBot` first lists a handful of sensible plays. Leading, they are the
hard level's lead, its *boss* pieces — a tuple or tractor of a suit that no card it has not seen
could beat (the tracker knows which big cards are still out) — a low card of a suit its partner
is void in while the opponents are not (so the partner ruffs), a low card of its shortest suit,
and a trump lead. Following, they are the hard level's follow, the cheapest follow, the cheapest
play that wins the trick, the strongest play that wins it (so the seats after it cannot take
it back), and the follow that gives a winning partner most points. When only one of them is
left it is played at once.

Otherwise it plays each of them out on several *determinizations*: the cards it has not seen
dealt into hands consistent with everything it has seen (each seat's card count, the bid cards a
seat showed, the suits a seat showed it is void of: :func:`cardrules.tracker.deal_unseen`), the
rest of the play made by hard bots. Early in the round a playout stops after a few tricks and is
scored by the points the attackers took, with a little for holding the lead; in the endgame it
runs to the end, kitty bonus (抠底) and round result included, so the bot plans the last trick's
multiplier and keeps control when it must. The play with the best total over the same
determinizations is chosen (ties: the hard level's play first). The work per decision is fixed —
samples times candidates times playout length, never the clock — so with a seeded random source
it plays the same every time.

In a match's other phases it bids, names, fries and buries as the hard level does.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import ClassVar

from cardrules import args
from cardrules.cards import CARD_COUNT, Card
from cardrules.errors import CardrulesError
from cardrules.game import GameView
from cardrules.multiset import Cards
from cardrules.shengji.bots import HardBot, _cheapest_winner, _feed_cost, _follow
from cardrules.shengji.combos import Combination, holds_beating_piece
from cardrules.shengji.follow_fast import _suit
from cardrules.shengji.follow_listing import cheapest_follow
from cardrules.shengji.match.view import MatchView
from cardrules.shengji.moves import Move, MoveKind
from cardrules.shengji.order import MAX_WIDTH, TRUMP, Table
from cardrules.shengji.rules import classify_cached
from cardrules.shengji.state import State
from cardrules.shengji.trick import overtakes
from cardrules.shengji.view import View, revealed_voids
from cardrules.tracker import Tracker, deal_unseen

__all__ = ["ExpertBot"]

_HARD = HardBot()
_EMPTY = Cards()


class ExpertBot:
    """专家: plays a Shengji seat from its view alone, with the card tracker's memory and a
    determinized Monte Carlo search over a few candidate plays (see the module's text).

    ``samples`` is the number of determinizations per decision, ``horizon`` the tricks a playout
    runs before it is scored (after the current one), and ``endgame`` the hand size from which
    playouts run to the end of the round; the defaults are the measured setting."""

    __slots__ = ("endgame", "horizon", "samples")
    #: The level's name, and in Chinese (seed 001, 难度说明).
    LEVEL: ClassVar[str] = "expert"
    NAME_ZH: ClassVar[str] = "专家"

    def __init__(self, samples: int = 12, horizon: int = 4, endgame: int = 14) -> None:
        self.samples = args.integer(samples, 1, 1000, "samples")
        self.horizon = args.integer(horizon, 0, 100, "horizon")
        self.endgame = args.integer(endgame, 0, 1000, "endgame")

    def choose(self, view: GameView[Move], rng: random.Random) -> Move | None:
        """A move for ``view``'s seat: in play the best of its candidate plays by the search
        (one of the view's legal moves); in a match's other phases the hard level's bid, naming,
        fry or burial; ``None`` when it is not the seat's turn."""
        args.rng(rng)
        if isinstance(view, MatchView):
            if view.play is None:
                return _HARD.choose(view, rng)
            tracker = view.tracker
            play = view.play
        elif isinstance(view, View):
            play = view
            tracker = view.tracker
        else:
            raise CardrulesError("this bot plays Shengji: it needs a Shengji view")
        if play.turn != play.seat:
            return None
        base = _HARD.choose(play, rng)
        assert base is not None
        candidates = _candidates(play, tracker, base.cards)
        if len(candidates) == 1:
            return base
        best = self._search(play, tracker, candidates, rng)
        return Move(play.seat, MoveKind.PLAY, best)

    # ------------------------------------------------------------------ the search
    def _search(
        self, view: View, tracker: Tracker, candidates: list[Cards], rng: random.Random
    ) -> Cards:
        """The candidate with the best total value over the same determinizations."""
        seat = view.seat
        totals = [0.0] * len(candidates)
        full = len(view.hand) <= self.endgame
        stop = None if full else view.tricks_played + 1 + self.horizon
        for _ in range(self.samples):
            state = _determinize(view, tracker, rng)
            for n, cards in enumerate(candidates):
                after = state._apply(Move(seat, MoveKind.PLAY, cards), None)
                totals[n] += _value(_playout(after, stop), view)
        best = max(range(len(candidates)), key=lambda n: (totals[n], -n))
        return candidates[best]


def _determinize(view: View, tracker: Tracker, rng: random.Random) -> State:
    """One play state consistent with what the seat has seen: the unseen cards dealt into the
    other hands (their counts, shown cards and voids kept), the rest of them the kitty."""
    ctx = view.ctx
    voids = revealed_voids(view.voids, view.trick, ctx)
    keys = ctx.suit_keys

    def allowed(seat: int, card: Card) -> bool:
        return not voids[seat] >> keys[card.index] & 1

    hands = deal_unseen(tracker, rng, allowed)
    if view.kitty is not None:
        kitty = view.kitty
    else:
        dealt = sum((h for s, h in enumerate(hands) if s != view.seat), _EMPTY)
        kitty = tracker.unseen + sum(tracker.shown, _EMPTY) - dealt
    return State(
        variant=view.variant,
        levels=view.levels,
        trump=view.trump,
        banker=view.banker,
        hands=hands,
        kitty=kitty,
        points=view.points,
        leader=view.leader,
        trick=view.trick,
        failed_throw=view.trick[0].cards if view.throw_failed else None,
        tricks_played=view.tricks_played,
        last_trick=view.last_trick,
        taken=(sum(view.played, _EMPTY), _EMPTY),
        penalties=view.penalties,
        throw_points=view.throw_points,
        played=view.played,
        voids=view.voids,
        derived=(ctx, view._winning, view.last_winner, None),
    )


def _playout(state: State, stop: int | None) -> State:
    """The state after hard bots play on: to the end of the round, or (``stop``) until that
    many tricks have been played."""
    rng = random.Random(0)  # the hard bot draws only on a fallback never expected
    while not state.is_over:
        if stop is not None and state.tricks_played >= stop and not state.trick:
            break
        turn = state.turn
        assert turn is not None
        move = _HARD.choose(state.view(turn), rng)
        assert move is not None
        state = state._apply(move, None)
    return state


#: What a finished round's result is worth over its points (the round is won or lost).
_WIN = 120.0
#: What holding the lead after a truncated playout is worth, in points.
_CONTROL = 5.0


def _value(state: State, view: View) -> float:
    """The playout's worth for the view's team: the attackers' points it gained (for the
    attackers; lost, for the banker's team), the round's result once it is over, else a little
    for the team on lead."""
    attackers = 1 - view.banker % 2
    sign = 1.0 if view.seat % 2 == attackers else -1.0
    gained = state.points[attackers] - view.points[attackers]
    value = sign * gained
    if state.is_over:
        won = state.points[attackers] >= view.variant.takeover_points
        value += sign * (_WIN if won else -_WIN)
    elif state.leader % 2 == view.seat % 2:
        value += _CONTROL
    return value


# ---------------------------------------------------------------------- candidates
def _candidates(view: View, tracker: Tracker, base: Cards) -> list[Cards]:
    """The plays worth searching, the hard level's first, each once and each legal."""
    found = [base]
    more = _leads(view, tracker) if not view.trick else _follows(view)
    for cards in more:
        if cards is None or cards in found:
            continue
        if view.is_legal(Move(view.seat, MoveKind.PLAY, cards)):
            found.append(cards)
    return found


def _vector(i: int, width: int) -> Cards:
    vector = [0] * CARD_COUNT
    vector[i] = width
    return Cards.unchecked(tuple(vector))


def _leads(view: View, tracker: Tracker) -> Iterator[Cards | None]:
    """Boss pieces, a low card where the partner ruffs, of the shortest suit, and a trump."""
    ctx = view.ctx
    hc = view.hand.counts
    unseen = tracker.unseen
    strengths = ctx.strengths
    points = ctx.point_table
    bosses: list[tuple[int, int, Cards]] = []
    for key in range(TRUMP + 1):
        boss = _boss(hc, key, ctx, unseen)
        if boss is not None:
            bosses.append((len(boss), -key, boss))
    bosses.sort(reverse=True)
    for _, _, boss in bosses[:3]:
        yield boss
    voids = revealed_voids(view.voids, view.trick, ctx)
    seat = view.seat
    partner = (seat + 2) % view.players
    opponents = [(seat + 1) % view.players, (seat + 3) % view.players]
    lengths = {k: sum(hc[i] for i in ctx.cards_of_suit[k]) for k in range(TRUMP + 1)}
    held = [k for k in range(TRUMP) if lengths[k]]

    def low(key: int) -> Cards:
        i = min(
            (i for i in ctx.cards_of_suit[key] if hc[i]),
            key=lambda i: (points[i], strengths[i]),
        )
        return _vector(i, 1)

    through = [
        k
        for k in held
        if voids[partner] >> k & 1
        and not voids[partner] >> TRUMP & 1
        and not any(voids[o] >> k & 1 for o in opponents)
    ]
    if through:
        yield low(max(through, key=lambda k: lengths[k]))
    if held:
        yield low(min(held, key=lambda k: (lengths[k], k)))
    if lengths[TRUMP]:
        yield low(TRUMP)


def _boss(hc: tuple[int, ...], key: int, ctx: Table, unseen: Cards) -> Cards | None:
    """The biggest piece of suit ``key`` in the hand that no unseen cards could beat."""
    strengths = ctx.strengths
    best: Cards | None = None
    best_size = 0
    suit = _suit(ctx, key)
    for lane in suit.lanes:
        for width in range(MAX_WIDTH, 0, -1):
            run: list[int] = []
            for pos in (*lane, ()):
                held = [i for i in pos if hc[i] >= width]
                if held:
                    run.append(max(held, key=strengths.__getitem__))
                    continue
                if run and len(run) * width > best_size:
                    cards = _run_cards(run, width)
                    combo = classify_cached(cards, ctx)
                    if _unbeaten(combo, unseen, ctx):
                        best, best_size = cards, len(run) * width
                run = []
    if best is None:  # the strongest single or tuple, which may stand where a run does not
        top = max(
            (i for i in ctx.cards_of_suit[key] if hc[i]), key=strengths.__getitem__, default=None
        )
        if top is not None:
            cards = _vector(top, hc[top])
            if _unbeaten(classify_cached(cards, ctx), unseen, ctx):
                best = cards
    return best


def _run_cards(run: list[int], width: int) -> Cards:
    vector = [0] * CARD_COUNT
    for i in run:
        vector[i] = width
    return Cards.unchecked(tuple(vector))


def _unbeaten(combo: Combination | None, unseen: Cards, ctx: Table) -> bool:
    """Whether ``combo`` is one piece that no piece of the unseen cards of its suit beats."""
    if combo is None or combo.is_throw:
        return False
    return not holds_beating_piece(unseen, combo.piece, ctx)


def _follows(view: View) -> Iterator[Cards | None]:
    """The cheapest follow, the cheapest and the strongest winning play, the richest feed."""
    ctx = view.ctx
    lead = classify_cached(view.trick[0].cards, ctx)
    if lead is None or view.top is None:
        return
    hand = view.hand
    yield cheapest_follow(lead, hand, ctx)
    yield _cheapest_winner(view, lead)
    strengths, points = ctx.strengths, ctx.point_table
    strong = cheapest_follow(lead, hand, ctx, lambda c: points[c.index] - 1e3 * strengths[c.index])
    if strong is not None:
        top = [m.seat for m in view.trick].index(view.top.seat)
        if overtakes(view.trick, top, strong, ctx):
            yield strong
    yield cheapest_follow(lead, hand, ctx, _feed_cost(ctx))
    yield _follow(view)
