"""四副升级 play-phase legality, written once: :func:`explain` says why a move is illegal from
what the mover may see — the public table (a :class:`Situation`: a state or a view) and the
mover's own hand — and :mod:`cardrules.shengji.movegen` lists, counts and draws the legal
moves of the seat in turn from the same facts. So a
:class:`~cardrules.shengji.view.View` answers exactly as the state does for its seat.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

from cardrules.cards import Rank
from cardrules.errors import Illegal
from cardrules.game import common_refusal
from cardrules.implements import implements
from cardrules.multiset import Cards
from cardrules.notation import MoveText, move_text
from cardrules.shengji.codes import CODES
from cardrules.shengji.combos import Combination, classify, classify_piece
from cardrules.shengji.follow import (
    explain_follow,
)
from cardrules.shengji.moves import Move, MoveKind, Phase, Top
from cardrules.shengji.order import Table
from cardrules.shengji.variant import Variant

__all__ = [
    "CODES",
    "RoundFacts",
    "Situation",
    "classify_cached",
    "explain",
    "grounds",
    "parse_move",
    "piece_cached",
]

_refuse = CODES.refuse


class Situation(Protocol):
    """The public table of a Shengji play phase: what every seat sees."""

    @property
    def variant(self) -> Variant:
        """The variant the round is played by."""
        ...

    @property
    def ctx(self) -> Table:
        """The round's trump context (level and trump suit)."""
        ...

    @property
    def trick(self) -> tuple[Move, ...]:
        """The plays of the current trick, oldest first."""
        ...

    @property
    def turn(self) -> int | None:
        """The seat to play; ``None`` once the round is over."""
        ...

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the round is over."""
        ...


class RoundFacts:
    """Mixin of :class:`~cardrules.shengji.state.State` and :class:`~cardrules.shengji.view.View`:
    what both derive alike from the public table."""

    __slots__ = ()

    # the fields every subclass has
    variant: Variant
    levels: tuple[Rank, Rank]
    banker: int
    leader: int
    trick: tuple[Move, ...]
    ctx: Table
    _winning: int

    @property
    def is_over(self) -> bool:  # pragma: no cover - each subclass counts its own way
        """Whether the round is over (every trick played)."""
        raise NotImplementedError

    @property
    def level(self) -> Rank:
        """The round's level: the banker team's."""
        return self.levels[self.banker % 2]

    @property
    def phase(self) -> Phase:
        """``play``: a round's play state and its views are a match's play phase."""
        return Phase.PLAY

    @property
    def trump_context(self) -> Table:
        """The round's card order (trump, level, which cards are trumps and how strong), as a
        match view gives it from the burial on: the same accessor on a play state, its views and
        a match view, SJ-TRUMP-1 (The round's level and trump suit)."""
        return self.ctx

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self.variant.players

    @property
    @implements("SJ-TRICK-1")
    def turn(self) -> int | None:
        """The seat to play next (``None`` once the round is over)."""
        if self.is_over:
            return None
        return (self.leader + len(self.trick)) % self.variant.players

    @property
    def top(self) -> Top | None:
        """The play now winning the current trick (after a failed throw: the forced piece)."""
        if not self.trick:
            return None
        play = self.trick[self._winning]
        combo = classify_cached(play.cards, self.ctx)
        assert combo is not None
        return Top(play.seat, play.cards, combo)


@lru_cache(maxsize=8192)
def _classify_counts(counts: tuple[int, ...], ctx: Table) -> Combination | None:
    return classify(Cards.unchecked(counts), ctx)


def classify_cached(cards: Cards, ctx: Table) -> Combination | None:
    """:func:`~cardrules.shengji.combos.classify`, remembered (tricks classify the same plays
    again and again)."""
    return _classify_counts(cards.counts, ctx)


@lru_cache(maxsize=8192)
def _piece_counts(counts: tuple[int, ...], ctx: Table) -> Combination | None:
    return classify_piece(Cards.unchecked(counts), ctx)


def piece_cached(cards: Cards, ctx: Table) -> Combination | None:
    """:func:`~cardrules.shengji.combos.classify_piece`, remembered."""
    return _piece_counts(cards.counts, ctx)


# ---------------------------------------------------------------------- legality
@implements("SJ-THROW-1")
def explain(sit: Situation, move: object, hand: Cards | None) -> Illegal | None:
    """Why ``move`` is illegal in ``sit``, or ``None`` if it is legal. ``hand`` is the mover's
    hand (``None``: not known to the caller, as for a view asked about another seat)."""
    common = common_refusal(CODES, move, Move, sit.players, hand, sit.is_over)
    if common is not None or not isinstance(move, Move) or hand is None:
        return common
    seat = move.seat
    if move.kind is not MoveKind.PLAY:
        return _refuse("wrong-phase", f"the play phase takes plays, not a {move.kind}")
    turn = sit.turn
    if seat != turn:
        return _refuse("not-your-turn", f"it is seat {turn}'s turn to play, not seat {seat}'s")
    cards = move.cards
    if not cards <= hand:
        return CODES.not_in_hand(cards, hand, seat=seat)
    ctx = sit.ctx
    trick = sit.trick
    if not trick:
        if classify_cached(cards, ctx) is None:
            return _refuse(
                "mixed-suits",
                f"a lead is cards of one suit (or all trumps); {cards.pretty()} mixes suits",
            )
        return None
    need = len(trick[0].cards)
    if len(hand) < need:
        # positions only: a short hand plays everything, SJ-STATE-3 (The legal moves)
        if cards != hand:
            return _refuse(
                "wrong-count",
                f"you hold only {len(hand)} card(s), fewer than the {need} led: play them all",
            )
        return None
    lead = classify_cached(trick[0].cards, ctx)
    assert lead is not None
    return explain_follow(lead, hand, cards, ctx)


# ---------------------------------------------------------------------- reading a move
@implements("SJ-STATE-2")
def parse_move(sit: Situation, text: MoveText | str) -> Move:
    """A move from its text (``"2: 8S 8D"``); refuses more copies than the decks hold."""
    return Move.from_text(move_text(text, decks=sit.variant.decks, verbs=Move.verbs()))


# ---------------------------------------------------------------------- why a move is legal
def grounds(sit: Situation, move: Move, hand: Cards) -> tuple[str, ...]:
    """The clauses a legal ``move`` by the seat holding ``hand`` rests on — what makes it allowed
    here (a judge cites them for a legal ruling as it cites the refusing clause for an illegal
    one). ``move`` must be legal in ``sit``."""
    ctx = sit.ctx
    trick = sit.trick
    combo = classify_cached(move.cards, ctx)
    if not trick:
        assert combo is not None
        if combo.is_throw:
            return ("SJ-THROW-1", "SJ-UNIT-4", "SJ-THROW-2")
        unit = "SJ-UNIT-2" if combo.pieces[0].length > 1 else "SJ-UNIT-1"
        return ("SJ-THROW-1", unit)
    lead = classify_cached(trick[0].cards, ctx)
    assert lead is not None
    need = lead.size
    if len(hand) < need:
        return ("SJ-STATE-3",)
    key = lead.suit_key
    held = sum(hand.counts[i] for i in ctx.cards_of_suit[key])
    played = sum(move.cards.counts[i] for i in ctx.cards_of_suit[key])
    out = ["SJ-FOLLOW-1"]
    if held:
        out.append("SJ-FOLLOW-2")
    if held > need:
        out += ["SJ-FOLLOW-5" if lead.is_throw else "SJ-FOLLOW-3", "SJ-FOLLOW-4"]
    if played < need:
        out.append("SJ-FOLLOW-6")  # short of the led suit: the rest is a ruff or a discard
    return tuple(out)
