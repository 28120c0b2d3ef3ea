"""The phases of a 四幺四 match other than the play — the tribute, its returns, a rebellion and its
suppression, a won match — and their legality written once for a match and a seat's view,
4A4-MATCH-2 (Phases and their moves). :class:`Phase` is where a match stands (defined with the
moves, since a round's play state is in phase ``play`` too); the tribute phase itself (who owes
whom, the steps, what each move does to the phase) is :mod:`cardrules.siyaosi.tribute`; what
is legal in it is here (:func:`explain_tribute`, :func:`tribute_moves`).
"""

from __future__ import annotations

from collections.abc import Callable

from cardrules.errors import Illegal
from cardrules.game import common_refusal
from cardrules.implements import implements
from cardrules.multiset import Cards
from cardrules.notation import MoveText, move_text
from cardrules.siyaosi.codes import PLAY_CODES, TRIBUTE_CODES
from cardrules.siyaosi.moves import KIND_ORDER, PASS, PHASE_KINDS, Move, MoveKind, Phase
from cardrules.siyaosi.tribute import (
    STEP_KIND,
    Exchange,
    Step,
    both_jokers,
    cancels,
    due_cards,
    excluded,
    giveable,
    may_rebel,
)
from cardrules.siyaosi.variant import Rebellion, RebellionJokers, Variant

__all__ = [
    "GROUNDS",
    "Phase",
    "bare_kind",
    "explain_in_phase",
    "explain_tribute",
    "no_move",
    "parse_phase_move",
    "tribute_moves",
]

_refuse = TRIBUTE_CODES.refuse


@implements("4A4-MATCH-2")
def explain_in_phase(
    phase: Phase,
    ex: Exchange | None,
    judge: Callable[[Move], Illegal | None] | None,
    move: object,
    hand: Cards | None,
    players: int,
) -> Illegal | None:
    """Why ``move`` is illegal in a match (or a seat's view of one) in ``phase``: the play
    phase asks ``judge`` (the play state's or view's ``explain``); ``hand`` is the mover's hand
    (``None``: unknown to the asker). The common refusals come first (CORE-API-2 (Who may
    act)), then a won match (``match-over``), then a move of the other phase (``wrong-phase``,
    4A4-MATCH-2 (Phases and their moves))."""
    if phase is Phase.PLAY:
        assert judge is not None
        return judge(move)  # type: ignore[arg-type]  # the judge refuses what is not a Move
    refused = common_refusal(PLAY_CODES, move, Move, players, hand, False)
    if refused is not None or not isinstance(move, Move) or hand is None:
        return refused
    if phase is Phase.OVER:
        return TRIBUTE_CODES.refuse("match-over", "the match has been won; no move follows")
    if move.kind is not PASS and move.kind not in PHASE_KINDS:
        return PLAY_CODES.refuse(
            "wrong-phase", f"a {move.kind} waits for the play phase: the tribute comes first"
        )
    assert ex is not None
    return explain_tribute(ex, move, hand)


def no_move(phase: Phase, seat: int | None) -> Illegal:
    """The refusal of a draw from no legal move: the match is won, or ``seat`` is not due."""
    if phase is Phase.OVER:
        return TRIBUTE_CODES.refuse("match-over", "the match has been won; no move follows")
    return TRIBUTE_CODES.refuse("not-due", f"seat {seat} has no move in the tribute phase now")


def parse_phase_move(ex: Exchange | None, variant: Variant, text: MoveText | str) -> Move:
    """A move text read in the tribute phase: a bare card by the seat that owes a tribute or a
    return is that move, 4A4-MATCH-2 (Phases and their moves)."""
    text = move_text(text, decks=variant.decks, verbs=Move.verbs())
    if text.verb is None and ex is not None:
        kind = bare_kind(ex, text.seat)
        if kind is not None:
            return Move(text.seat, kind, text.cards)
    return Move.from_text(text)


# ---------------------------------------------------------------------- the tribute phase
def explain_tribute(ex: Exchange, move: Move, hand: Cards) -> Illegal | None:
    """Why ``move`` is illegal in the tribute phase ``ex`` given the mover's ``hand``, or
    ``None``; the checks every phase shares (a move of the game, a seat at the table, the match
    not over, a move of this phase) come first, in :mod:`cardrules.siyaosi.match.state`."""
    seat, kind = move.seat, move.kind
    if seat != ex.turn:
        who = "nobody" if ex.turn is None else f"seat {ex.turn}"
        return _refuse("not-due", f"{who} acts now in the tribute phase, not seat {seat}")
    due = STEP_KIND.get(ex.step)
    refusal = ex.step is Step.TRIBUTE and kind is MoveKind.REBEL and cancels(ex.variant)
    if kind is not PASS and kind is not due and not refusal:
        return _refuse("wrong-tribute-move", f"seat {seat} owes a {due} move now, not a {kind}")
    if kind is MoveKind.REBEL:
        if not may_rebel(ex.variant, hand):
            either = ex.variant.rebellion_jokers is RebellionJokers.EITHER
            held = "no joker" if either else "no big and small joker"
            return _refuse("no-joker-pair", f"seat {seat} holds {held} to reveal", "4A4-TRIB-5")
        return None
    if ex.step is Step.TRIBUTE and _must_refuse(ex, hand):
        return _refuse(
            "cannot-pass",
            f"seat {seat} holds a joker: with rebellion = auto it must refuse its tribute (rebel)",
            "4A4-TRIB-11",
        )
    if kind is PASS:
        return _explain_pass(ex, seat, hand)
    if kind is MoveKind.SUPPRESS:
        if not both_jokers(hand):
            return _refuse("no-joker-pair", f"seat {seat} holds no big and small joker to reveal")
        return None
    return _explain_card(ex, move, hand)


def _must_refuse(ex: Exchange, hand: Cards) -> bool:
    """Whether a payer must refuse its tribute: a cancelling rebellion that is automatic, and the
    jokers for it in hand, 4A4-TRIB-11 (A rebellion that cancels the tribute)."""
    auto = ex.variant.rebellion is Rebellion.AUTO
    return auto and cancels(ex.variant) and may_rebel(ex.variant, hand)


def _explain_pass(ex: Exchange, seat: int, hand: Cards) -> Illegal | None:
    auto = ex.variant.rebellion is Rebellion.AUTO
    if ex.step is Step.REBEL and auto and may_rebel(ex.variant, hand):
        return _refuse(
            "cannot-pass",
            f"seat {seat} holds the jokers to rebel: with rebellion = auto it must rebel",
            "4A4-TRIB-5",
        )
    if ex.step is Step.TRIBUTE and due_cards(ex, hand):
        return _refuse("cannot-pass", f"seat {seat} holds a card it must pay as tribute")
    if ex.step is Step.RETURN:  # it holds at least the tribute it took, which may be given
        return _refuse("cannot-pass", f"seat {seat} must return a card")
    return None


@implements("4A4-TRIB-4")
def _explain_card(ex: Exchange, move: Move, hand: Cards) -> Illegal | None:
    cards = move.cards
    clause = "4A4-TRIB-2" if move.kind is MoveKind.TRIBUTE else "4A4-TRIB-4"
    if len(cards) != 1:
        return _refuse("one-card", f"a {move.kind} is exactly one card, not {cards}", clause)
    card = next(iter(cards))
    if not cards <= hand:
        return PLAY_CODES.not_in_hand(cards, hand, seat=move.seat)
    if card.rank in excluded(ex.variant):
        return _refuse("card-excluded", f"a {card.rank.text} may not be given", clause)
    if move.kind is MoveKind.TRIBUTE and card not in due_cards(ex, hand):
        best = " or ".join(str(c) for c in due_cards(ex, hand))
        return _refuse(
            "tribute-not-highest",
            f"{card} is not seat {move.seat}'s highest card for the receivers: pay {best}",
        )
    return None


def tribute_moves(ex: Exchange, seat: int, hand: Cards) -> list[Move]:
    """``seat``'s legal moves in the tribute phase, sorted by kind and card."""
    if seat != ex.turn:
        return []
    kind = STEP_KIND[ex.step]
    if ex.step is Step.REBEL:
        candidates = [Move(seat, PASS)] + (
            [Move(seat, kind)] if may_rebel(ex.variant, hand) else []
        )
    elif ex.step is Step.SUPPRESS:
        candidates = [Move(seat, PASS)] + ([Move(seat, kind)] if both_jokers(hand) else [])
    elif ex.step is Step.TRIBUTE:
        due = due_cards(ex, hand)
        candidates = [Move(seat, kind, Cards.of([c])) for c in due] or [Move(seat, PASS)]
        # a refusal, 4A4-TRIB-11 (A rebellion that cancels the tribute)
        candidates.append(Move(seat, MoveKind.REBEL))
    else:
        candidates = [Move(seat, kind, Cards.of([c])) for c in giveable(ex.variant, hand)]
    legal = [m for m in candidates if explain_tribute(ex, m, hand) is None]
    return sorted(legal, key=lambda m: KIND_ORDER[m.kind])  # cards stay in display order


def bare_kind(ex: Exchange, seat: int) -> MoveKind | None:
    """What a bare card move (``"3: 6H"``) by ``seat`` is here: the tribute or the return it
    owes, 4A4-MATCH-2 (Phases and their moves); ``None`` if it owes neither."""
    if seat != ex.turn or ex.step not in (Step.TRIBUTE, Step.RETURN):
        return None
    return STEP_KIND[ex.step]


#: The clause that makes each legal tribute-phase move legal (a judge cites it).
GROUNDS: dict[MoveKind, str] = {
    MoveKind.TRIBUTE: "4A4-TRIB-2",
    MoveKind.RETURN: "4A4-TRIB-4",
    MoveKind.REBEL: "4A4-TRIB-5",
    MoveKind.SUPPRESS: "4A4-TRIB-6",
    MoveKind.PASS: "4A4-TRIB-7",
}
