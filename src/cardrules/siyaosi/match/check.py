"""Whether a 四幺四 match, or a seat's view of one, built from outside could exist: the facts a
match's round began with (:func:`check_facts`, 4A4-MATCH-3 (Match positions and records)) and
what a seat is shown (:func:`check_view`, its tribute phase replayed by
:func:`rebuild_exchange`, 4A4-MATCH-4 (What a seat sees in a match)). Each refusal is a
:class:`~cardrules.errors.PositionError` naming the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import CardrulesError, PositionError
from cardrules.limits import quote
from cardrules.multiset import Cards
from cardrules.siyaosi import tribute
from cardrules.siyaosi.bounds import score_bound
from cardrules.siyaosi.levels import TOP, after_round
from cardrules.siyaosi.match.phases import explain_tribute
from cardrules.siyaosi.match.record import MAX_ROUNDS, SEEDS, MatchResult, Opening, first_ruling
from cardrules.siyaosi.moves import Move, MoveKind, Phase
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.result import round_result
from cardrules.siyaosi.state import deal_sizes
from cardrules.siyaosi.tribute import Exchange, Step
from cardrules.siyaosi.variant import RebellionJokers, TributeLeader, Variant, Victory
from cardrules.siyaosi.view import View

if TYPE_CHECKING:
    from cardrules.siyaosi.match.state import Match
    from cardrules.siyaosi.match.view import MatchView

__all__ = ["JOKERS", "Seen", "check_facts", "check_view", "rebuild_exchange", "revealers"]

#: What a seat reveals to rebel or to suppress a rebellion.
JOKERS = Cards.parse("SJ BJ")

#: The card whose holder leads under tribute_leader = "heart-three".
HEART_THREE = Card(Rank.THREE, Suit.HEARTS)


def revealers(ex: Exchange) -> tuple[int, ...]:
    """The seats that showed a big and a small joker in the tribute phase ``ex``: a rebel who
    had to hold both (4A4-TRIB-10 (Rebelling with either joker): with ``"either"`` the table
    knows only that it holds one, not which) and a suppressor."""
    both = ex.variant.rebellion_jokers is RebellionJokers.BOTH
    rebel = (ex.rebel,) if ex.rebel is not None and both else ()
    return (*rebel, *(() if ex.suppressor is None else (ex.suppressor,)))


# ---------------------------------------------------------------------- checking the facts
def check_facts(match: Match) -> None:
    """Refuse, naming the field, the facts no match could have begun a round with: a variant,
    seed or round number out of range, levels below the start or already won, a ruling team
    that is not the last emperor's, a finishing order that does not end a round, hands that no
    deal gives, an opening where the rules fix the leader."""
    variant = match.variant
    if not isinstance(variant, Variant):
        raise PositionError("a 四幺四 Variant is needed", key="variant")
    _check_numbers(match)
    levels = match.levels
    Table(variant, levels, match.ruling)  # checks the levels and the ruling team's form
    if any(level < variant.start_level for level in levels):
        raise PositionError(
            f"levels never fall below the start level {variant.start_level.text}", key="levels"
        )
    _check_hands(variant, match.deal)
    if match.last_finish:
        _check_after_a_round(match)
    elif match.opening is None:
        _check_first_round(match)
    else:
        _check_opening(variant, match.opening)


def _check_numbers(match: Match) -> None:
    seed, number, score = match.seed, match.round, match.score
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEEDS:
        raise PositionError(f"an integer 0..2**64-1, got {quote(seed)}", key="seed")
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_ROUNDS:
        raise PositionError(f"an integer 1..{MAX_ROUNDS}, got {quote(number)}", key="round")
    if (
        not isinstance(score, tuple)
        or len(score) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in score)
    ):
        raise PositionError(f"one integer per team, got {quote(score)}", key="score")
    most = score_bound(match.variant, number - 1)
    if any(abs(x) > most for x in score):
        raise PositionError(
            f"{number - 1} round(s) played score at most {quote(most)} at this table, got "
            f"{quote(list(score))}",
            key="score",
        )
    for name in ("last_finish", "exchange_moves", "play_moves"):
        if not isinstance(getattr(match, name), tuple):
            raise PositionError("a tuple is needed", key=name)


def _check_hands(variant: Variant, hands: object) -> None:
    players = variant.players
    if not isinstance(hands, tuple) or len(hands) != players:
        raise PositionError(f"one hand per seat ({players} seats)", key="deal")
    if not all(isinstance(h, Cards) for h in hands):
        raise PositionError("every hand is a Cards", key="deal")
    try:
        sum(hands, Cards()).check_within(variant.decks)
    except CardrulesError as err:
        raise PositionError(str(err), key="deal") from None
    most = max(deal_sizes(variant))
    if any(len(h) > most for h in hands):
        raise PositionError(f"a deal gives a seat at most {most} cards", key="deal")


def _check_after_a_round(match: Match) -> None:
    """A round dealt after another: tribute (or the emperor's lead) follows from the last
    finishing order, and nobody can have won already."""
    variant = match.variant
    try:
        last = round_result(variant.players, match.last_finish, None)
    except CardrulesError as err:
        raise PositionError(str(err), key="last_finish") from None
    if match.round < 2:
        raise PositionError("a round after another is round 2 or later", key="round")
    if match.ruling != last.emperor % 2:
        raise PositionError(
            f"the last emperor's team ({last.emperor % 2}) rules the next round", key="ruling"
        )
    if variant.victory is Victory.REACH and match.levels[last.emperor % 2] is TOP:
        raise PositionError("a team ruling at A has already won (victory = reach)", key="levels")
    if match.opening is not None:
        raise PositionError("the rules say who leads after a round", key="opening")
    if not all(match.deal):
        raise PositionError("every seat holds cards when a round is dealt", key="deal")
    if variant.tribute_leader is TributeLeader.HEART_THREE and not any(
        hand.count(HEART_THREE) for hand in match.deal
    ):
        # the round's leader is not known until the last return, 4A4-TRIB-9 (The holder of 3♥
        # leads every round): refused here, not at the return
        raise PositionError("no hand holds 3♥, and the holder of 3♥ leads the round", key="deal")


def _check_first_round(match: Match) -> None:
    """A dealt first round: the start levels, no score, the first ruling team by the rules."""
    variant = match.variant
    start = (variant.start_level, variant.start_level)
    if match.round != 1 or match.levels != start or match.score != (0, 0):
        raise PositionError(
            "a round without a last finishing order or an opening is a dealt round 1, at the "
            "start levels with no score",
            key="last_finish",
        )
    if not all(match.deal):
        raise PositionError("every seat holds cards when a round is dealt", key="deal")
    if match.ruling != first_ruling(variant, match.deal):
        raise PositionError("the first ruling team follows first_ruling", key="ruling")


def _check_opening(variant: Variant, opening: object) -> None:
    players = variant.players
    if not isinstance(opening, Opening) or not isinstance(opening.out, tuple):
        raise PositionError("an Opening (leader, out) is needed", key="opening")
    seats = (opening.leader, *opening.out)
    if not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in seats):
        raise PositionError(f"seats 0..{players - 1}", key="opening")


# ---------------------------------------------------------------------- checking a view
class Seen(NamedTuple):
    """Where a tribute phase stands as a seat sees it: the step and the seat in turn, the rebel
    and the suppressor, the tributes paid ``(payer, card)`` and the returns ``(receiver, payer,
    card)`` (``None``: a card the seat does not see)."""

    step: Step
    turn: int | None
    rebel: int | None
    suppressor: int | None
    paid: tuple[tuple[int, Cards], ...]
    returned: tuple[tuple[int, int, Cards | None], ...]

    @classmethod
    def of(cls, ex: Exchange) -> Seen:
        """Where ``ex`` stands, as read from it."""
        return cls(ex.step, ex.turn, ex.rebel, ex.suppressor, ex.paid, ex.returned)


def rebuild_exchange(table: Table, seat: int, finish: tuple[int, ...], seen: Seen) -> Exchange:
    """The tribute phase as ``seat`` sees it, replayed from the last round's ``finish`` up to
    where ``seen`` stands, each move checked by :func:`.phases.explain_tribute`
    against the cards it shows; raises :class:`PositionError` (key ``tribute``) when no tribute
    phase reaches it, or when a return this seat gave or took is hidden from it, 4A4-MATCH-4
    (What a seat sees in a match)."""
    variant = table.variant
    try:
        last = round_result(variant.players, finish, None)
    except CardrulesError as err:
        raise PositionError(str(err), key="last_finish") from None
    ex = Exchange.start(variant, table, tribute.dues(variant, last))
    target = (*seen[:4], len(seen.paid), len(seen.returned))
    for _ in range(4 * variant.players + 1):  # each seat acts at most once per step
        if (ex.step, ex.turn, ex.rebel, ex.suppressor, len(ex.paid), len(ex.returned)) == target:
            return ex.masked(seat)
        move, shown = _next_move(ex, seen, seat)
        reason = explain_tribute(ex, move, shown)
        if reason is not None:
            raise PositionError(f"{move} cannot be: {reason}", key="tribute")
        ex = ex.after(move)
    raise PositionError("no tribute phase after this finishing order stands here", key="tribute")


def _next_move(ex: Exchange, seen: Seen, seat: int) -> tuple[Move, Cards]:
    """The move the seat in turn made to lead towards ``seen``, and the cards it showed."""
    mover = ex.turn
    if mover is None:
        raise PositionError("the tribute phase ended before this", key="tribute")
    pass_move = Move(mover, MoveKind.PASS)
    if ex.step is Step.REBEL:
        if seen.rebel == mover:
            return Move(mover, MoveKind.REBEL), JOKERS
        return pass_move, Cards()
    if ex.step is Step.SUPPRESS:
        if seen.suppressor == mover:
            return Move(mover, MoveKind.SUPPRESS), JOKERS
        return pass_move, Cards()
    if ex.step is Step.TRIBUTE:
        if len(ex.paid) >= len(seen.paid) or seen.paid[len(ex.paid)][0] != mover:
            raise PositionError(f"seat {mover} pays the next tribute", key="tribute.paid")
        cards = seen.paid[len(ex.paid)][1]
        return (Move(mover, MoveKind.TRIBUTE, cards), cards) if cards else (pass_move, Cards())
    if len(ex.returned) >= len(seen.returned) or seen.returned[len(ex.returned)][0] != mover:
        raise PositionError(f"seat {mover} makes the next return", key="tribute.returned")
    payer, _receiver, taken = ex.pairs[ex.asked]
    card = seen.returned[len(ex.returned)][2]
    if card is None:
        if seat in (mover, payer):
            raise PositionError(
                f"seat {seat} gave or took this return: it sees its card", key="tribute.returned"
            )
        card = taken  # a card the receiver may give, standing for the one this seat cannot see
    return Move(mover, MoveKind.RETURN, card), card


def check_view(view: MatchView) -> None:
    """Raise :class:`PositionError` naming the field if no match could show ``view.seat`` this
    view, 4A4-MATCH-4 (What a seat sees in a match)."""
    variant = view.variant
    if not isinstance(variant, Variant):
        raise PositionError("a 四幺四 Variant is needed", key="variant")
    players = variant.players
    seat = view.seat
    if type(seat) is not int or not 0 <= seat < players:
        raise PositionError(f"a seat 0..{players - 1}, got {quote(seat)}", key="seat")
    if type(view.round) is not int or not 1 <= view.round <= MAX_ROUNDS:
        raise PositionError(f"an integer 1..{MAX_ROUNDS}", key="round")
    table = Table(variant, view.levels, view.ruling)  # checks the levels and the ruling team
    score = view.score
    if not isinstance(score, tuple) or len(score) != 2 or not all(type(x) is int for x in score):
        raise PositionError("one integer per team", key="score")
    most = score_bound(variant, view.round - 1)
    if any(abs(x) > most for x in score):
        why = f"{view.round - 1} round(s) score at most {quote(most)} here"
        raise PositionError(why, key="score")
    if not isinstance(view.phase, Phase):
        raise PositionError("a Phase", key="phase")
    hand, sizes = view.hand, view.hand_sizes
    if not isinstance(hand, Cards):
        raise PositionError("a Cards is needed", key="hand")
    try:
        hand.check_within(variant.decks)
    except CardrulesError as err:
        raise PositionError(str(err), key="hand") from None
    if (
        not isinstance(sizes, tuple)
        or len(sizes) != players
        or not all(type(n) is int and 0 <= n <= variant.total_cards for n in sizes)
    ):
        raise PositionError(f"one card count per seat ({players})", key="hand_sizes")
    if sizes[seat] != len(hand):
        raise PositionError(f"seat {seat} holds {len(hand)} cards", key="hand_sizes")
    _check_exchange(view, table)
    _check_play(view, table)
    _check_result(view)


def _check_exchange(view: MatchView, table: Table) -> None:
    ex = view.exchange
    finish = view.last_finish
    if not isinstance(finish, tuple) or not all(type(s) is int for s in finish):
        raise PositionError("a tuple of seats", key="last_finish")
    if (ex is None) != (not finish):
        raise PositionError("a round after another (and only such a round) has a tribute phase",
                            key="tribute")  # fmt: skip
    if ex is None:
        return
    if not isinstance(ex, Exchange) or ex.variant != view.variant or ex.table != table:
        raise PositionError("the tribute phase of this round's table", key="tribute")
    if (view.phase is Phase.TRIBUTE) == ex.done:
        raise PositionError(f"the tribute phase is over only after it, not in the {view.phase}"
                            " phase", key="tribute")  # fmt: skip
    if rebuild_exchange(table, view.seat, view.last_finish, Seen.of(ex)) != ex:
        raise PositionError("does not follow from the last finishing order", key="tribute")


def _check_play(view: MatchView, table: Table) -> None:
    play = view.play
    if play is None:
        if view.phase is not Phase.TRIBUTE:
            raise PositionError(f"the {view.phase} phase shows the play", key="play")
        return
    if view.phase is Phase.TRIBUTE:
        raise PositionError("the play waits for the tribute", key="play")
    if not isinstance(play, View) or play.table != table or play.seat != view.seat:
        raise PositionError("the play view of this seat at this round's table", key="play")
    if play.hand != view.hand or play.hand_sizes != view.hand_sizes:
        raise PositionError("the hands are the play view's", key="hand")
    if play.is_over != (view.phase is Phase.OVER):
        raise PositionError("a round that is over ends the match, and only then", key="play")


def _check_result(view: MatchView) -> None:
    """A won match's result follows from its last round: who went out in which order, and the
    levels and winner that leaves (the score counts the round's bombs, which a view no longer
    shows: it is read as given)."""
    won = view.result
    if won is None:
        if view.phase is Phase.OVER:
            raise PositionError("a won match has a result", key="result")
        return
    if view.phase is not Phase.OVER or not isinstance(won, MatchResult) or view.play is None:
        raise PositionError("only a won match has a result", key="result")
    most = score_bound(view.variant, view.round)
    if any(type(x) is not int or abs(x) > most for x in won.score):
        raise PositionError(f"{view.round} round(s) score at most {quote(most)} here", key="result")
    last = round_result(view.variant.players, view.play.out, view.ruling)
    standing = after_round(view.variant, view.levels, view.ruling, last)
    if (won.rounds, won.last, won.levels, won.winner) != (
        view.round,
        last,
        standing.levels,
        standing.winner,
    ):
        raise PositionError("does not follow from the last round", key="result")
