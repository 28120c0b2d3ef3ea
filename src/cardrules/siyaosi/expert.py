"""四幺四 专家 (expert): a computer player that remembers every card and searches its endgame.

:class:`ExpertBot` plays as :class:`~cardrules.siyaosi.bots.HardBot` does where the choice is
plain — the tribute phase (it rebels and suppresses whenever it may, and returns its weakest
card), the chain steps and captures out of turn (it takes the top from an opponent) — and adds
what seed 001 (难度说明) asks of the expert level:

* **Memory.** It reads its card tracker (``view.tracker``): which cards have been played and
  which it has not seen, so it knows whether a lead of its can still be beaten.
* **Endgame rules.** When an opponent holds few cards (three or fewer, or no more than the
  variant's announce count) it beats that opponent's top with whatever beats it, a bomb
  included, to shut them out; it never overtakes a partner who is about to go out; when its
  partner holds a single card and it leads, it feeds the partner out with its lowest single
  (送队友走).
* **Search where rules of thumb run out.** While nobody is out yet and the position is small
  enough, it weighs a few candidate moves (the hard player's choice, the lowest lead of each
  kind, a pass, the weakest beat, the weakest bomb) by determinized Monte Carlo: it deals the
  cards it has not seen into hands consistent with every seat's card count
  (:func:`~cardrules.tracker.deal_unseen`), plays each candidate and the rest of the round out
  with hard players at every seat until the first seat is out, and keeps the candidate whose
  team went out first most often (a round is won by the team of its emperor). Its budget is a
  fixed number of deals, scaled down as the hands grow, so a decision costs a bounded amount
  of work and the same seed always gives the same move.
"""

from __future__ import annotations

import random
from typing import ClassVar

from cardrules import args
from cardrules.errors import CardrulesError
from cardrules.game import GameView
from cardrules.siyaosi.bots import HardBot, _is_bomb, _weakest_strength
from cardrules.siyaosi.calls import classify
from cardrules.siyaosi.combos import Combination
from cardrules.siyaosi.match.view import MatchView
from cardrules.siyaosi.moves import CAPTURE, CHA, CHI, GOU, PASS, PLAY, Move
from cardrules.siyaosi.state import State
from cardrules.siyaosi.view import View
from cardrules.tracker import Tracker, deal_unseen

__all__ = ["ExpertBot"]

_STEPS = (CHA, GOU, CAPTURE)
_HARD = HardBot()

#: The measured defaults: the most deals per decision, the most candidates weighed, the card
#: total (every hand together) past which the search is skipped, and the work of a decision:
#: deals x candidates x cards in the hands, which fewer cards buy more deals with.
SAMPLES = 40
CANDIDATES = 5
REACH = 60
WORK = 3600


class ExpertBot:
    """专家: plays a 四幺四 seat from its view alone, with full card memory, endgame rules and a
    determinized Monte Carlo search over a few candidate moves.

    ``samples`` is the most deals of the unseen cards a searched decision plays out (0: no
    search, the rules alone); ``candidates`` the most moves weighed; ``reach`` the most cards
    (all hands together) a position may hold to be searched; ``work`` bounds a decision's
    deals x candidates x cards in the hands (at least one deal is played).
    """

    __slots__ = ("candidates", "reach", "samples", "work")
    #: The level's name, and in Chinese (seed 001, 难度说明).
    LEVEL: ClassVar[str] = "expert"
    NAME_ZH: ClassVar[str] = "专家"

    def __init__(
        self,
        samples: int = SAMPLES,
        *,
        candidates: int = CANDIDATES,
        reach: int = REACH,
        work: int = WORK,
    ) -> None:
        self.samples = args.integer(samples, 0, 1000, "samples")
        self.work = args.integer(work, 0, 10**7, "work")
        self.candidates = args.integer(candidates, 1, 50, "candidates")
        self.reach = args.integer(reach, 0, 1000, "reach")

    def choose(self, view: GameView[Move], rng: random.Random) -> Move | None:
        """A move for ``view``'s seat: the hard player's in the tribute phase and out of turn; in
        turn the endgame rules, then (nobody out yet, a small position) the candidate whose
        team goes out first most often over the sampled deals, else the hard player's move;
        ``None`` to wait."""
        args.rng(rng)
        tracker: Tracker | None = None
        if isinstance(view, MatchView):
            if view.play is None:
                return _HARD.choose(view, rng)
            tracker = view.tracker
            view = view.play
        if not isinstance(view, View):
            raise CardrulesError("this bot plays 四幺四: it needs a 四幺四 view")
        if view.turn != view.seat:
            return _HARD.choose(view, rng)
        moves = list(view.legal_moves())
        if not moves:
            return None
        hard = _HARD.choose(view, rng)
        assert hard is not None  # in turn, the hard player always moves
        if hard.kind in _STEPS:
            return hard
        ruled = self._rules(view, moves, hard)
        if ruled is not None:
            return ruled
        if self.samples == 0 or view.out or sum(view.hand_sizes) > self.reach:
            return hard
        cands = self._candidates(view, moves, hard)
        if len(cands) < 2:
            return hard
        return self._search(view, tracker or view.tracker, cands, rng)

    # ------------------------------------------------------------------ endgame rules
    def _rules(self, view: View, moves: list[Move], hard: Move) -> Move | None:
        """The endgame rules' move, or ``None`` where they say nothing."""
        seat = view.seat
        sizes = view.hand_sizes
        partner = (seat + 2) % view.players
        top = view.top
        limit = max(3, view.variant.announce_at)
        if top is not None:
            if top.seat % 2 == seat % 2:
                return next(m for m in moves if m.kind is PASS)  # never overtake a partner
            if 0 < sizes[top.seat] <= limit:
                beating = [m for m in moves if m.kind in (PLAY, CHI)]
                if beating:  # shut the opponent out, a bomb if nothing else beats
                    return min(
                        beating, key=lambda m: (self._bomb(view, m), self._strength(view, m))
                    )
            return None
        if sizes[partner] == 1 and partner not in view.out:
            singles = [m for m in moves if m.kind is PLAY and len(m.cards) == 1]
            if singles:
                return min(singles, key=lambda m: self._strength(view, m))
        return None

    # ------------------------------------------------------------------ search
    def _candidates(self, view: View, moves: list[Move], hard: Move) -> list[Move]:
        """A few moves worth weighing, the hard player's first."""
        out = [hard]
        plays = [m for m in moves if m.kind in (PLAY, CHI)]
        if view.top is None:
            lowest: dict[tuple[str, int], Move] = {}
            for m in plays:
                combo = self._combo(view, m)
                if combo is None:
                    continue
                key = (str(combo.name), len(m.cards))
                best = lowest.get(key)
                if best is None or combo.strength < self._strength(view, best):
                    lowest[key] = m
            extra = sorted(
                lowest.values(),
                key=lambda m: (self._bomb(view, m), -len(m.cards), self._strength(view, m)),
            )
            singles = [m for m in plays if len(m.cards) == 1]
            if singles:
                extra.insert(0, max(singles, key=lambda m: self._strength(view, m)))
                extra.insert(0, min(singles, key=lambda m: self._strength(view, m)))
        else:
            extra = [m for m in moves if m.kind is PASS]
            plain = [m for m in plays if not self._bomb(view, m)]
            bombs = [m for m in plays if self._bomb(view, m)]
            if plain:
                extra.append(min(plain, key=lambda m: self._strength(view, m)))
                extra.append(max(plain, key=lambda m: self._strength(view, m)))
            if bombs:
                extra.append(min(bombs, key=lambda m: (len(m.cards), self._strength(view, m))))
        for m in extra:
            if len(out) >= self.candidates:
                break
            if m not in out:
                out.append(m)
        return out

    def _search(self, view: View, tracker: Tracker, cands: list[Move], rng: random.Random) -> Move:
        """The candidate whose team goes out first most often over the sampled deals (ties: the
        earlier candidate, the hard player's move first)."""
        seat = view.seat
        wins = [0] * len(cands)
        deals = self.work // (len(cands) * sum(view.hand_sizes))
        for _ in range(max(1, min(self.samples, deals))):
            hands = deal_unseen(tracker, rng)
            state = State(view.table, hands, view.leader, view.out, view.trick, view.played)
            for i, move in enumerate(cands):
                first = _first_out(state.apply(move), rng)
                if first % 2 == seat % 2:
                    wins[i] += 1
        best = max(range(len(cands)), key=lambda i: (wins[i], -i))
        return cands[best]

    # ------------------------------------------------------------------ helpers
    def _combo(self, view: View, move: Move) -> Combination | None:
        return classify(move.cards, view.table, view.seat) if move.cards else None

    # the same tests as the hard and easy levels', one definition of a bomb and a play's strength
    _bomb = staticmethod(_is_bomb)
    _strength = staticmethod(_weakest_strength)


def _first_out(state: State, rng: random.Random) -> int:
    """The first seat out when hard players play ``state`` on: the round as
    :func:`cardrules.bots.turns` drives it (the seats out of turn asked first, in playing order
    from the seat after the one in turn), less the asking of seats that a hard player never
    steps in for (no top yet, or a partner's top)."""
    players = state.players
    while not state.out:
        turn = state.turn
        assert turn is not None  # nobody out: the round goes on
        top = state.top
        move = None
        if top is not None:
            team = top.seat % 2
            for i in range(1, players):
                seat = (turn + i) % players
                if seat % 2 != team:
                    move = _HARD.choose(state.view(seat), rng)
                    if move is not None:
                        break
        if move is None:
            move = _HARD.choose(state.view(turn), rng)
            assert move is not None  # in turn, the hard player always moves
        state = state.apply(move)
    return state.out[0]
