"""The phases of a 四幺四 match other than the play — the tribute, its returns, a rebellion and its
suppression, a won match — and their legality written once for a match and a seat's view,
4A4-MATCH-2 (Phases and their moves). :class:`Phase` is where a match stands (defined with the
moves, since a round's play state is in phase ``play`` too); the tribute phase itself (who owes
whom, what each step takes) is :mod:`cardrules.siyaosi.tribute`.
"""

from __future__ import annotations

from collections.abc import Callable

from cardrules.errors import Illegal
from cardrules.game import common_refusal
from cardrules.multiset import Cards
from cardrules.notation import MoveText, move_text
from cardrules.siyaosi import tribute
from cardrules.siyaosi.codes import PLAY_CODES, TRIBUTE_CODES
from cardrules.siyaosi.moves import PASS, PHASE_KINDS, Move, Phase
from cardrules.siyaosi.tribute import Exchange
from cardrules.siyaosi.variant import Variant

__all__ = ["Phase", "explain_in_phase", "no_move", "parse_phase_move"]


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
    return tribute.explain(ex, move, hand)


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
        kind = tribute.bare_kind(ex, text.seat)
        if kind is not None:
            return Move(text.seat, kind, text.cards)
    return Move.from_text(text)
