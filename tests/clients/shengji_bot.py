"""An example client: a four-deck Shengji bot that sees only its view, typed (``mypy --strict``).

The server (here, the test at the end) sends each seat its match view as JSON text; the bot
rebuilds it with :meth:`cardrules.shengji.MatchView.from_json`, reads the phase, the level and the
trump context from it — no ``isinstance`` narrowing, no other seat's cards — and answers with the
text of its move, without the seat (``"bid 3H 3H"``, ``"pass"``, ``"hearts"``, ``"bury …"``,
``"8S 8S"``), which the server reads with the seat's own view (``view.parse_move``), so a bot
can only ever move for its own seat.

The bot never lists a burial (8 cards of some 60 are billions of choices): it builds the burial
from its hand — the weakest plain cards, points last. Every other choice is one of a few legal
moves it asks its view for (a lead or a follow, lazily: only the first few are listed).
"""

from __future__ import annotations

import itertools
import json
import random

from cardrules import askers, shengji
from cardrules.cards import Card, Suit
from cardrules.multiset import Cards
from cardrules.shengji import NAMING, MatchView, Move, MoveKind, Phase, Table

#: How many legal plays the bot weighs at most (a four-deck lead may have millions).
LOOK_AT = 12


class JsonBot:
    """Chooses a move from the JSON text of its seat's match view; ``None`` lets the moment pass
    (a bid out of turn during the deal it does not want)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        #: The phases it has been asked in (the test checks it saw the whole match).
        self.phases: set[Phase] = set()

    def choose(self, text: str) -> str | None:
        view = MatchView.from_json(text)
        self.phases.add(view.phase)
        if view.trump_context is None or view.phase in (Phase.DEAL, Phase.BID, Phase.FRY):
            return self._call(view)  # also four jokers waiting for their trump in the burial
        if view.turn != view.seat:
            return None
        return self._bury(view) if view.phase is Phase.BURY else self._play(view)

    # ------------------------------------------------------------------ bidding and frying
    def _suit_length(self, view: MatchView, suit: Suit | None) -> int:
        """How many plain cards of ``suit`` the hand holds (no-trump: its jokers)."""
        if suit is None:
            return sum(1 for c in view.hand if c.rank.is_joker)
        return sum(1 for c in view.hand if c.suit is suit and c.rank != view.level)

    def _call(self, view: MatchView) -> str | None:
        """The deal, the bidding and the frying: name the longest suit after four jokers, bid in
        a long suit, else pass (when it is this seat's turn) or wait."""
        moves = list(view.legal_moves())  # a pass, a few bids, or the five namings: never many
        naming = [m for m in moves if m.kind in NAMING]
        if naming:
            best = max(naming, key=lambda m: self._suit_length(view, NAMING[m.kind]))
            return best.kind.value
        bids = [m for m in moves if m.kind is MoveKind.BID]
        if bids and view.phase in (Phase.DEAL, Phase.BID):
            best = max(bids, key=lambda m: self._suit_length(view, _suit_of(m)))
            if self._suit_length(view, _suit_of(best)) * 4 >= len(view.hand) + 4:
                return f"bid {best.cards}"
        return "pass" if view.turn == view.seat else None

    # ------------------------------------------------------------------ the kitty
    def _bury(self, view: MatchView) -> str:
        """The weakest plain cards, points last, built from the hand (never listed)."""
        ctx = view.trump_context
        assert ctx is not None  # the trump is known from the burial on
        points = dict(view.variant.point_values)

        def cost(card: Card) -> tuple[bool, int, int]:
            return (ctx.is_trump(card), points.get(card.rank.text, 0), ctx.strength(card))

        weakest = sorted(view.hand, key=cost)[: view.variant.kitty]
        return "bury " + " ".join(str(c) for c in weakest)

    # ------------------------------------------------------------------ the play
    def _play(self, view: MatchView) -> str:
        """The cheapest of a few legal plays: fewest points, then the weakest cards (a lead: the
        widest, to shed cards)."""
        ctx = view.trump_context
        assert ctx is not None
        legal = view.legal_moves()
        if legal.listable():
            moves = list(itertools.islice(legal, LOOK_AT))
        else:  # a lead or follow too large to list: draw from its description instead
            described = legal.describe()
            moves = [described.sample(self.rng) for _ in range(LOOK_AT)]
        moves.append(view.random_move(self.rng))
        leading = not view.trick

        def cost(move: Move) -> tuple[int, int, int]:
            width = -len(move.cards) if leading else 0
            return (width, _points(view, move.cards), _strength(ctx, move.cards))

        return str(min(moves, key=cost).cards)


def _suit_of(bid: Move) -> Suit | None:
    """The trump a bid of level cards or jokers would set (jokers: no-trump)."""
    return None if any(c.rank.is_joker for c in bid.cards) else next(iter(bid.cards)).suit


def _points(view: MatchView, cards: Cards) -> int:
    values = dict(view.variant.point_values)
    return sum(values.get(c.rank.text, 0) for c in cards)


def _strength(ctx: Table, cards: Cards) -> int:
    return sum(ctx.strength(c) for c in cards)


# ---------------------------------------------------------------------- a server, as a test
def serve(match: shengji.Match, bots: list[JsonBot], max_moves: int = 5_000) -> shengji.Match:
    """Play ``match`` out: each seat that may act is sent its view as JSON text, and its answer
    is read with its own view — so a bot moves only for its seat."""
    for _ in range(max_moves):
        if match.is_over:
            return match
        for seat in askers(match):
            view = match.view(seat)
            answer = bots[seat].choose(json.dumps(view.to_json()))
            if answer is None:
                assert seat != match.turn, "the seat in turn must move"
                continue
            match = match.apply(view.parse_move(answer))
            break
    raise AssertionError(f"the match did not end within {max_moves} moves")


def test_a_json_bot_plays_a_whole_four_deck_match_at_every_seat() -> None:
    variant = shengji.load_variant("four-deck", overrides={"match_rounds": 1})
    rng = random.Random(8)
    bots = [JsonBot(rng) for _ in range(variant.players)]
    final = serve(shengji.Match.new(variant, seed=8), bots)
    standing = final.result()  # a Match in, a Match out: its standing is typed
    assert standing.over and standing.round == 1
    seen = set().union(*(bot.phases for bot in bots))
    assert {Phase.DEAL, Phase.BID, Phase.BURY, Phase.PLAY} <= seen
