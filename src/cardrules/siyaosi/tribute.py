"""The tribute phase of a 四幺四 round: who owes tribute to whom (:func:`dues`), the phase as a
public situation that moves on one move at a time (:class:`Exchange`) and the cards a payer owes
(:func:`due_cards`) — 4A4-TRIB-1 (Who pays tribute) … 4A4-TRIB-8 (Who leads after the tribute).
The legality of a move in the phase, written once for a match and a view, is
:func:`cardrules.siyaosi.match.phases.explain_tribute`.

An :class:`Exchange` holds only what the table sees: the dues, who rebelled or suppressed, the
tributes paid and where they went, the returns (a view masks the cards of returns it may not
see). What a move does to it never depends on a hand, so a view follows the phase exactly as the
match does; only the legality of a seat's move reads that seat's hand.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum

import attrs

from cardrules.cards import Card, Rank
from cardrules.implements import implements
from cardrules.multiset import Cards
from cardrules.siyaosi.levels import caught_all
from cardrules.siyaosi.moves import Move, MoveKind
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.result import RoundResult
from cardrules.siyaosi.variant import (
    Pairing,
    Rebellion,
    RebellionEffect,
    RebellionJokers,
    TributeLeader,
    TributePayers,
    Variant,
)

__all__ = [
    "STEP_KIND",
    "Dues",
    "Exchange",
    "Step",
    "both_jokers",
    "cancels",
    "due_cards",
    "dues",
    "excluded",
    "giveable",
    "may_rebel",
    "places",
]


class Step(StrEnum):
    """Where the tribute phase stands, 4A4-TRIB-7 (The order of the tribute phase)."""

    REBEL = "rebel"
    SUPPRESS = "suppress"
    TRIBUTE = "tribute"
    RETURN = "return"
    DONE = "done"


#: The kind of move each step takes besides ``pass``.
STEP_KIND = {
    Step.REBEL: MoveKind.REBEL,
    Step.SUPPRESS: MoveKind.SUPPRESS,
    Step.TRIBUTE: MoveKind.TRIBUTE,
    Step.RETURN: MoveKind.RETURN,
}


@attrs.frozen
class Dues:
    """Who owes tribute after a round, before anyone rebels: ``payers`` in playing order from
    the seat after the emperor, ``receivers`` (as many) in order of places, and every seat's
    place (``order``: the finishing order, then the seats left holding cards)."""

    emperor: int
    payers: tuple[int, ...]
    receivers: tuple[int, ...]
    order: tuple[int, ...]


def _after_emperor(result: RoundResult) -> Callable[[int], int]:
    """Sort key: playing order from the seat after the emperor."""
    return lambda seat: (seat - result.emperor - 1) % result.players


def places(result: RoundResult) -> tuple[int, ...]:
    """Every seat in order of places: the finishing order, then the seats left holding cards in
    playing order from the seat after the emperor, 4A4-TRIB-1 (Who pays tribute)."""
    return (*result.finish, *sorted(result.remaining, key=_after_emperor(result)))


@implements("4A4-TRIB-1")
def dues(variant: Variant, result: RoundResult) -> Dues:
    """The tributes due after a round that ended as ``result``, 4A4-TRIB-1 (Who pays tribute):
    every caught player (``caught``); the losing team after a sweep or reverse sweep, else the
    emperor's worst-placed opponent (``places``); nobody (``off``)."""
    team = result.emperor % 2
    order = places(result)
    payers: tuple[int, ...] = ()
    if variant.tribute is TributePayers.CAUGHT:
        payers = result.caught
    elif variant.tribute is TributePayers.PLACES:
        # a sweep or a reverse sweep is the emperor's team catching every opponent
        opponents = tuple(s for s in order if s % 2 != team)
        payers = opponents if caught_all(result) else opponents[-1:]
    winners = tuple(s for s in order if s % 2 == team)
    acting = tuple(sorted(payers, key=_after_emperor(result)))
    return Dues(result.emperor, acting, winners[: len(acting)], order)


def both_jokers(hand: Cards) -> bool:
    """Whether ``hand`` holds a big and a small joker (what rebelling and suppressing reveal)."""
    return hand.rank_count(Rank.SMALL_JOKER) > 0 and hand.rank_count(Rank.BIG_JOKER) > 0


@implements("4A4-TRIB-10")
def may_rebel(variant: Variant, hand: Cards) -> bool:
    """Whether ``hand`` holds what a rebel must hold, 4A4-TRIB-10 (Rebelling with either
    joker): a big and a small joker, or with ``rebellion_jokers = "either"`` one of them."""
    if variant.rebellion_jokers is RebellionJokers.EITHER:
        return hand.rank_count(Rank.SMALL_JOKER) > 0 or hand.rank_count(Rank.BIG_JOKER) > 0
    return both_jokers(hand)


@implements("4A4-TRIB-11")
def cancels(variant: Variant) -> bool:
    """Whether a rebellion is a payer's refusal in its turn to pay, 4A4-TRIB-11 (A rebellion that
    cancels the tribute): the rebel pays nothing, recorded as a tribute of no card, so the
    remaining tributes are paired as usual — with 双贡 the remaining one goes to the emperor.
    There is then no rebellion step before the tributes (nor a suppression)."""
    return variant.rebellion is not Rebellion.OFF and (
        variant.rebellion_effect is RebellionEffect.CANCEL
    )


@attrs.frozen
class Exchange:
    """The tribute phase as the table sees it. ``step`` and ``asked`` (how many seats of the
    step have acted) say who acts now (:attr:`turn`); ``paid`` is ``(payer, card)`` per
    tribute step move (no card: the payer had nothing it may give), ``pairs`` ``(payer,
    receiver, card)`` once every payer has paid, ``returned`` ``(receiver, payer, card)``
    (``None``: a return this view may not see)."""

    variant: Variant
    table: Table
    dues: Dues
    step: Step
    asked: int = 0
    rebel: int | None = None
    suppressor: int | None = None
    paid: tuple[tuple[int, Cards], ...] = ()
    pairs: tuple[tuple[int, int, Cards], ...] = ()
    returned: tuple[tuple[int, int, Cards | None], ...] = ()

    @classmethod
    def start(cls, variant: Variant, table: Table, owed: Dues) -> Exchange:
        """The phase before anyone acts; ``table`` is the coming round's (its levels and ruling
        team rank the tributes)."""
        off = variant.rebellion is Rebellion.OFF or cancels(variant)
        first = Step.TRIBUTE if off else Step.REBEL
        return cls(variant, table, owed, first if owed.payers else Step.DONE)

    # ------------------------------------------------------------------ who acts
    @property
    @implements("4A4-TRIB-5", "4A4-TRIB-6")
    def reversed(self) -> bool:
        """A rebellion stands: the winners pay, 4A4-TRIB-5 (Rebellion)."""
        return self.rebel is not None and self.suppressor is None

    @property
    def payers(self) -> tuple[int, ...]:
        """Who pays, in playing order from the seat after the emperor."""
        if not self.reversed:
            return self.dues.payers
        emperor, n = self.dues.emperor, self.variant.players
        return tuple(sorted(self.dues.receivers, key=lambda s: (s - emperor - 1) % n))

    @property
    def receivers(self) -> tuple[int, ...]:
        """Who receives, in order of places (best placed first)."""
        if not self.reversed:
            return self.dues.receivers
        return tuple(sorted(self.dues.payers, key=self.dues.order.index))

    def _askers(self) -> tuple[int, ...]:
        if self.step is Step.REBEL:
            return self.dues.payers
        if self.step is Step.SUPPRESS:
            return self.dues.receivers
        if self.step is Step.TRIBUTE:
            return self.payers
        if self.step is Step.RETURN:
            return tuple(receiver for _payer, receiver, _card in self.pairs)
        return ()

    @property
    def turn(self) -> int | None:
        """The seat that acts now (``None`` once the phase is done)."""
        askers = self._askers()
        return askers[self.asked] if self.asked < len(askers) else None

    @property
    def done(self) -> bool:
        """Whether the tribute phase is over (play begins)."""
        return self.step is Step.DONE

    @property
    @implements("4A4-TRIB-8")
    def leader(self) -> int:
        """Who leads the round's play, 4A4-TRIB-8 (Who leads after the tribute): the emperor,
        or the payer of the tribute the first receiver took. With ``tribute_leader =
        "heart-three"`` the hands decide, which the table does not see here: the match asks
        ``play_leader`` in :mod:`cardrules.siyaosi.match.state`."""
        if self.variant.tribute_leader is TributeLeader.PAYER and self.pairs:
            return self.pairs[0][0]
        return self.dues.emperor

    # ------------------------------------------------------------------ moving on
    @implements("4A4-TRIB-7")
    def after(self, move: Move) -> Exchange:
        """The phase after the legal ``move`` by the seat in turn."""
        kind = move.kind
        if self.step is Step.REBEL:
            if kind is MoveKind.REBEL:
                return self._rebelled(move.seat)
            return self._next(Step.TRIBUTE)
        if self.step is Step.SUPPRESS:
            if kind is MoveKind.SUPPRESS:
                return attrs.evolve(self, suppressor=move.seat, step=Step.TRIBUTE, asked=0)
            return self._next(Step.TRIBUTE)
        # a refusal pays no card, 4A4-TRIB-11 (A rebellion that cancels the tribute)
        if self.step is Step.TRIBUTE:
            paid = (*self.paid, (move.seat, move.cards))
            after = attrs.evolve(self, paid=paid, asked=self.asked + 1)
            return after._paired() if after.asked == len(self.payers) else after
        pair = self.pairs[self.asked]
        returned = (*self.returned, (move.seat, pair[0], move.cards))
        after = attrs.evolve(self, returned=returned, asked=self.asked + 1)
        return attrs.evolve(after, step=Step.DONE) if after.turn is None else after

    def _rebelled(self, seat: int) -> Exchange:
        """A payer revealed both jokers, 4A4-TRIB-5 (Rebellion): the would-be receivers may now
        suppress it, 4A4-TRIB-6 (Suppressing a rebellion), or it stands."""
        step = Step.SUPPRESS if self.variant.suppress_rebellion else Step.TRIBUTE
        return attrs.evolve(self, rebel=seat, step=step, asked=0)

    def _next(self, then: Step) -> Exchange:
        """One more seat of the step has passed; after the last, ``then``."""
        after = attrs.evolve(self, asked=self.asked + 1)
        return attrs.evolve(after, step=then, asked=0) if after.turn is None else after

    @implements("4A4-TRIB-3")
    def _paired(self) -> Exchange:
        """Every payer has paid: each tribute goes to its receiver, 4A4-TRIB-3 (Pairing
        tributes with receivers)."""
        given = [(payer, cards) for payer, cards in self.paid if cards]
        receivers = self.receivers
        # a reversed tribute always pairs by value, 4A4-TRIB-5 (Rebellion)
        if self.reversed or self.variant.tribute_pairing is Pairing.VALUE:
            strength = self.table.strengths(receivers[0]) if receivers else ()
            given.sort(key=lambda pc: -strength[int(next(iter(pc[1])).rank)])
        else:
            given.sort(key=lambda pc: -self.dues.order.index(pc[0]))
        pairs = tuple(
            (payer, receiver, cards)
            for (payer, cards), receiver in zip(given, receivers[: len(given)], strict=True)
        )
        step = Step.RETURN if pairs else Step.DONE
        return attrs.evolve(self, pairs=pairs, step=step, asked=0)

    def masked(self, seat: int) -> Exchange:
        """The phase as ``seat`` sees it: a return's card only if ``seat`` gave or took it,
        4A4-MATCH-4 (What a seat sees in a match)."""
        returned = tuple(
            (giver, taker, card if seat in (giver, taker) else None)
            for giver, taker, card in self.returned
        )
        return attrs.evolve(self, returned=returned)


# ---------------------------------------------------------------------- legality
def excluded(variant: Variant) -> frozenset[Rank]:
    """The ranks that may be neither paid nor returned."""
    return frozenset(Rank.parse(r) for r in variant.tribute_excluded)


def giveable(variant: Variant, hand: Cards) -> list[Card]:
    """The distinct cards of ``hand`` that may be given (not of an excluded rank)."""
    barred = excluded(variant)
    return [c for c in hand.distinct() if c.rank not in barred]


@implements("4A4-TRIB-2")
def due_cards(ex: Exchange, hand: Cards) -> list[Card]:
    """The cards a payer may pay: its highest that may be given, as ranked in the receivers'
    hands in the coming round, 4A4-TRIB-2 (The tribute card)."""
    cards = giveable(ex.variant, hand)
    if not cards:
        return []
    strength = ex.table.strengths(ex.receivers[0])
    best = max(strength[int(c.rank)] for c in cards)
    return [c for c in cards if strength[int(c.rank)] == best]
