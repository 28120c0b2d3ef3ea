"""What a legal 四幺四 move does to the table — the trick, the top, whose turn, who is out — as a
pure function of the public situation (:func:`advance`), and the check that a recorded trick is
one the rules could have produced (:func:`replay`).

Both work without the other seats' hands: a move changes the public table in a way that depends
only on the move and on how many cards the mover has left. So the state applies moves through
:func:`advance`, and a state or a view read from JSON rebuilds its top, turn and passes by
replaying its trick from the trick's start (documents are checked, derived facts rebuilt: the
JSON section of ``spec/README.md``).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from cardrules.errors import PositionError
from cardrules.events import Event
from cardrules.implements import implements
from cardrules.multiset import Cards
from cardrules.siyaosi import chain
from cardrules.siyaosi.combos import classify_counts, rank_counts
from cardrules.siyaosi.events import (
    Announced,
    ChainClosed,
    ChainStepped,
    MovePlayed,
    RoundOver,
    SeatOut,
    TrickWon,
)
from cardrules.siyaosi.moves import CAPTURE, CHA, CHI, GOU, PASS, Move, Top, make_top
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.result import round_result
from cardrules.siyaosi.rules import Situation, chi_combination, explain, next_active, relay

__all__ = ["Advance", "TrickSituation", "advance", "is_over", "replay"]


#: What a move leaves: ``(out, leader, turn, top, passes, trick)``.
Advance = tuple[tuple[int, ...], int, int | None, Top | None, int, tuple[Move, ...]]


def is_over(players: int, out: tuple[int, ...]) -> bool:
    """The round ends as soon as one team has all its players out, 4A4-ROUND-1 (Emperor, end,
    catching)."""
    team0 = sum(1 for s in out if not s & 1)
    half = players // 2
    return team0 == half or len(out) - team0 == half


@attrs.define
class TrickSituation:
    """A public situation being replayed (mutable; it never leaves this module's callers)."""

    table: Table
    players: int
    out: tuple[int, ...]
    leader: int
    turn: int | None
    top: Top | None = None
    passes: int = 0
    trick: tuple[Move, ...] = ()

    @property
    def is_over(self) -> bool:
        """Whether the round is over: every seat of one team has gone out."""
        return is_over(self.players, self.out)


@implements("4A4-TURN-3", "4A4-TURN-5", "4A4-CHAIN-6", "4A4-CHAIN-7")
def advance(
    sit: Situation,
    move: Move,
    left: int,
    sink: list[Event] | None,
    rc: list[int] | None = None,
) -> Advance:
    """The public table after the legal ``move`` in ``sit``; ``left`` is how many cards the
    mover holds after it (without a ``sink`` only whether it is zero matters). Events are
    appended to ``sink`` when one is given. ``rc``: the rank counts of the move's cards, when
    the caller has them."""
    table = sit.table
    players = sit.players
    seat = move.seat
    top = sit.top
    out = sit.out
    kind = move.kind
    if sink is not None:
        sink.append(MovePlayed(seat, kind, move.cards))
    if kind is PASS:
        assert top is not None and sit.turn is not None
        passes = sit.passes + 1
        others = players - len(out) - (0 if top.seat in out else 1)
        if passes >= others:  # 4A4-TURN-3 (End of a trick)
            leader = relay(players, out, top.seat)
            if sink is not None:
                if top.steps and table.chains:
                    sink.append(ChainClosed(None))
                sink.append(TrickWon(top.seat, leader, top.cards))
            return out, leader, leader, None, 0, ()
        return out, sit.leader, next_active(players, out, sit.turn), top, passes, (*sit.trick, move)
    cards = move.cards
    over = False  # the round was not over before the move; only going out can end it
    if not left:  # 4A4-TURN-5 (Going out)
        out = (*out, seat)
        over = is_over(players, out)
    if kind is CAPTURE or (kind is GOU and table.dead):
        # 4A4-CAPTURE-1 (Capturing a single), 4A4-DEAD-2 (点 ends the trick): the trick ends at
        # once and the mover leads
        leader = relay(players, out, seat)
        if sink is not None:
            _after_play(table, players, seat, left, out, over, sink)
            sink.append(TrickWon(seat, leader, cards))
        return out, leader, None if over else leader, None, 0, ()
    if kind is CHA and table.dead:
        # 4A4-DEAD-1 (叉 on a single): the 叉's two cards stand on top, the single as its base;
        # the turn goes on from the seat after the 叉 player
        assert top is not None
        if rc is None:
            rc = rank_counts(cards.counts)
        combo = classify_counts(cards, rc, table, seat)
        assert combo is not None
        new_top = make_top(seat, combo, top.combination, top.seat, 1)
    elif kind is CHA or kind is GOU:
        assert top is not None and top.base is not None
        if rc is None:
            rc = rank_counts(cards.counts)
        steps = top.steps + chain.steps_made(top, rc, table.variant)
        new_top = make_top(seat, chain.effective(top, cards, steps), top.base, top.base_seat, steps)
        if sink is not None:
            sink.append(ChainStepped(seat, steps, new_top.combination.width))
    else:
        if kind is CHI:
            assert top is not None
            combo = chi_combination(table, seat, cards, top)
        else:
            if rc is None:
                rc = rank_counts(cards.counts)
            combo = classify_counts(cards, rc, table, seat)
        assert combo is not None
        new_top = make_top(seat, combo, combo if chain.chainable(combo, table) else None, seat, 0)
        if sink is not None and top is not None and top.steps:
            sink.append(ChainClosed(seat))
    if sink is not None:
        _after_play(table, players, seat, left, out, over, sink)
    # the turn goes on from the seat after the mover, chain steps included, 4A4-CHAIN-6 (Turn
    # order after a step)
    turn = None if over else next_active(players, out, seat)
    return out, sit.leader, turn, new_top, 0, (*sit.trick, move)


def _after_play(
    table: Table,
    players: int,
    seat: int,
    left: int,
    out: tuple[int, ...],
    over: bool,
    sink: list[Event],
) -> None:
    if not left:
        sink.append(SeatOut(seat, len(out)))
    elif left <= table.variant.announce_at:  # 4A4-TURN-6 (Announcing (报片))
        sink.append(Announced(seat, left))
    if over:
        sink.append(RoundOver(round_result(players, out, table.ruling)))


def replay(
    table: Table,
    sizes: tuple[int, ...],
    out: tuple[int, ...],
    leader: int,
    trick: tuple[Move, ...],
    hand_of: Callable[[int], Cards | None],
) -> TrickSituation:
    """Rebuild the public situation a recorded trick leads to, checking every step.

    ``sizes`` and ``out`` are the hand sizes and finishing order *now* (after the trick so far),
    ``leader`` led the trick, ``hand_of(seat)`` is a seat's hand now when it is known (``None``
    for a view's other seats, whose moves are then only checked against the public table).
    Raises :class:`~cardrules.errors.PositionError` naming the field that cannot be.
    """
    players = len(sizes)
    played = [0] * players
    for move in trick:
        played[move.seat] += len(move.cards)
    in_trick = {m.seat for m in trick if m.cards}
    start_out = tuple(s for s in out if s not in in_trick)
    start = tuple(n + p for n, p in zip(sizes, played, strict=True))
    for s in start_out:
        if start[s]:
            raise PositionError(f"seat {s} is out but holds {start[s]} card(s)", key="out")
    for s in range(players):
        if not start[s] and s not in start_out:
            raise PositionError(f"seat {s} holds no cards but is not out", key="out")
    sit = TrickSituation(table, players, start_out, leader, leader)
    if sit.is_over:
        if trick:
            raise PositionError("the round was over before this trick", key="trick")
        sit.turn = None
    elif leader in start_out:
        raise PositionError(f"seat {leader} leads but holds no cards", key="leader")
    held = list(start)
    for n, move in enumerate(trick):
        hand = hand_of(move.seat)
        # the seat's hand before this move: what it holds now and what it plays from here on;
        # for a seat whose hand is unknown, the cards it played are checked against the table
        before = move.cards if hand is None else hand + _rest(trick[n:], move.seat)
        reason = explain(sit, move, before)
        if reason is not None:
            raise PositionError(f"move {n + 1} ({move}) cannot be: {reason}", key="trick")
        held[move.seat] -= len(move.cards)
        after = advance(sit, move, held[move.seat], None)
        sit.out, sit.leader, sit.turn, sit.top, sit.passes, sit.trick = after
        if sit.trick != trick[: n + 1]:
            raise PositionError(
                f"the trick ended at move {n + 1} ({move}); a new trick starts empty",
                key="trick",
            )
    if sit.out != out:
        raise PositionError(
            f"the finishing order does not follow from the trick: {list(sit.out)}", key="out"
        )
    return sit


def _rest(moves: tuple[Move, ...], seat: int) -> Cards:
    """The cards ``seat`` plays in ``moves`` (still in hand before the first of them)."""
    total = Cards()
    for m in moves:
        if m.seat == seat:
            total = total + m.cards
    return total
