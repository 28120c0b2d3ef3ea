"""The phases of a Shengji match before and after the play, and their legality, written once:
:func:`explain` says why a move is illegal from what the mover may see — the public table (a
:class:`PhaseTable`: a :class:`~cardrules.shengji.match.state.Match` or a
:class:`~cardrules.shengji.match.view.MatchView`) and the mover's own hand — and
:func:`generate`, :func:`count` and :func:`random_move` list, count and draw the legal moves from
the same facts, so a view answers exactly as the match does for its seat. The play phase is the
play :class:`~cardrules.shengji.state.State`'s (:mod:`cardrules.shengji.rules`).

Clauses: SJ-DEAL-2 (Dealing as moves), SJ-BID-1 (What a bid shows) … SJ-BID-6 (The last call after
the deal), SJ-KITTY-1 (The banker buries the kitty), SJ-FRY-1 (Frying in turn) … SJ-FRY-4 (No
frying after a flip), SJ-MATCH-1 (A match is rounds of phases).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import Protocol

from cardrules.cards import CARD_COUNT, Rank
from cardrules.errors import Illegal
from cardrules.game import common_refusal
from cardrules.implements import implements
from cardrules.legal import Choice, check_listable
from cardrules.multiset import Cards, count_sub_multisets
from cardrules.notation import MoveText, move_text
from cardrules.shengji.bids import (
    MAX_BID_WIDTH,
    NO_RANK,
    SMALL,
    Bid,
    BidRank,
    bid_face,
    bid_options,
    contained_rank,
    face_counts,
    face_slots,
    order_rank,
)
from cardrules.shengji.bounds import MAX_REDEALS
from cardrules.shengji.codes import CODES
from cardrules.shengji.follow_listing import sub_multisets
from cardrules.shengji.moves import NAMING, Move, MoveKind, Phase
from cardrules.shengji.variant import BidReinforce, Variant

__all__ = [
    "MAX_REDEALS",
    "Phase",
    "PhaseTable",
    "count",
    "deal_moves",
    "describe",
    "explain",
    "generate",
    "grounds",
    "parse_move",
    "random_move",
]

_refuse = CODES.refuse


#: The kinds each phase before the play takes (a four-joker bid waiting for its trump takes
#: only the naming kinds, whatever the phase).
_KINDS: dict[Phase, frozenset[MoveKind]] = {
    Phase.DEAL: frozenset({MoveKind.BID, MoveKind.PASS}),
    Phase.BID: frozenset({MoveKind.BID, MoveKind.PASS}),
    Phase.BURY: frozenset({MoveKind.BURY}),
    Phase.FRY: frozenset({MoveKind.FRY, MoveKind.PASS}),
    Phase.OVER: frozenset(),
}


class PhaseTable(Protocol):
    """The public table of a match outside its play phase: what every seat sees."""

    @property
    def variant(self) -> Variant:
        """The variant the match is played by."""
        ...

    @property
    def phase(self) -> Phase:
        """The match's phase: deal, bid, bury, fry, play or over."""
        ...

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        ...

    @property
    def level(self) -> Rank:
        """The round's level: the banker team's (in round 1 both teams are at the start level, so
        it is known before the banker)."""
        ...

    @property
    def bid(self) -> Bid | None:
        """The standing bid; ``None`` while nobody has bid."""
        ...

    @property
    def turn(self) -> int | None:
        """The seat that acts next; ``None`` once the match is over."""
        ...

    @property
    def burier(self) -> int | None:
        """The seat that last took up the kitty to bury it; ``None`` before anyone has."""
        ...


# ---------------------------------------------------------------------- legality
@implements("SJ-MATCH-1")
def explain(table: PhaseTable, move: object, hand: Cards | None) -> Illegal | None:
    """Why ``move`` is illegal at ``table``, or ``None``; ``hand`` is the mover's hand (``None``:
    unknown to the caller, as for a view asked about another seat)."""
    common = common_refusal(CODES, move, Move, table.players, hand, over=False)
    if common is not None or not isinstance(move, Move) or hand is None:
        return common
    phase = table.phase
    if phase is Phase.OVER:
        return _refuse("round-over", "the match is over", "SJ-MATCH-2")
    bid = table.bid
    if bid is not None and not bid.named:
        return _explain_naming(bid, move)
    if move.kind in NAMING:
        return _refuse("nothing-to-name", f"a {move.kind} names the trump only after four jokers")
    if move.kind not in _KINDS[phase]:
        return _wrong_phase(table, move)
    seat, turn = move.seat, table.turn
    if seat != turn and not (phase is Phase.DEAL and move.kind is MoveKind.BID):
        return _refuse("not-your-turn", f"seat {turn} acts now, not seat {seat}", _TURN[phase])
    if not move.cards <= hand:
        clause = "SJ-STATE-2" if move.kind is MoveKind.BURY else "SJ-BID-1"
        return CODES.not_in_hand(move.cards, hand, seat=seat, clause=clause)
    if move.kind is MoveKind.BID:
        return _explain_bid(table, move)
    if move.kind is MoveKind.FRY:
        return _explain_fry(table, move)
    if move.kind is MoveKind.BURY and len(move.cards) != table.variant.kitty:
        return _refuse(
            "wrong-bury-count",
            f"bury exactly {table.variant.kitty} cards, not {len(move.cards)}",
        )
    return None


#: The clause that says who acts in each phase.
_TURN = {
    Phase.DEAL: "SJ-DEAL-2",
    Phase.BID: "SJ-BID-6",
    Phase.BURY: "SJ-KITTY-1",
    Phase.FRY: "SJ-FRY-1",
}


def grounds(table: PhaseTable, move: Move) -> tuple[str, ...]:
    """The clauses that make a legal move of the deal, bidding, burial or frying legal (a judge
    cites them): who acts in the phase, then what the move shows."""
    turn = _TURN[table.phase]
    if move.kind is MoveKind.BID:
        standing = () if table.bid is None else ("SJ-BID-2",)
        return (turn, "SJ-BID-1", *standing)
    if move.kind is MoveKind.FRY:
        return ("SJ-FRY-1", "SJ-FRY-2")
    if move.kind in NAMING:
        return ("SJ-BID-4",)
    if move.kind is MoveKind.BURY:
        return ("SJ-KITTY-1",)
    return (turn,)


def _wrong_phase(table: PhaseTable, move: Move) -> Illegal:
    """A kind this phase does not take; a fry after the kitty flip says why there is none."""
    if move.kind is MoveKind.FRY and table.bid is None and table.phase is Phase.BURY:
        return _refuse(
            "wrong-phase", "the kitty was turned up: nobody fries this round", "SJ-FRY-4"
        )
    takes = ", ".join(sorted(k.value for k in _KINDS[table.phase]))
    return _refuse(
        "wrong-phase", f"the {table.phase} phase takes {takes}, not a {move.kind}", "SJ-MATCH-1"
    )


@implements("SJ-BID-4")
def _explain_naming(bid: Bid, move: Move) -> Illegal | None:
    """SJ-BID-4 (Four jokers name the trump): only the bidder acts, and only to name."""
    if move.seat != bid.seat:
        return _refuse("trump-not-named", f"seat {bid.seat} names the trump first")
    if move.kind not in NAMING:
        return _refuse(
            "trump-not-named",
            "name the trump first: " + ", ".join(k.value for k in NAMING),
        )
    return None


def _explain_bid(table: PhaseTable, move: Move) -> Illegal | None:
    """SJ-BID-2 (The strength of a bid), SJ-BID-3 (Jokers bid no-trump), SJ-BID-5 (No
    self-overcall)."""
    level = table.level
    face = bid_face(move.cards, level)
    rank = None if face is None else order_rank(move.cards, level, table.variant.bid_order)
    if face is None or rank is None:
        return _refuse(
            "not-a-bid",
            f"{move.cards.pretty()} is no bid: show identical level cards ({level.text}) of one "
            "suit, or identical jokers, as the bid order lists",
        )
    fault = _bid_fault(table, move.seat, rank, face, _standing(table, MoveKind.BID))
    if fault == "jokers-overcall-only":
        return _refuse(fault, "no-trump is declared first only with four jokers; fewer overcall")
    if fault == "self-overcall":
        return _refuse(fault, "you may not overcall your own bid")
    if fault is not None:
        standing = table.bid
        assert standing is not None
        return _refuse(
            fault,
            f"{move.cards.pretty()} does not outrank seat {standing.seat}'s "
            f"{standing.cards.pretty()}",
        )
    return None


@implements("SJ-FRY-2")
def _explain_fry(table: PhaseTable, move: Move) -> Illegal | None:
    """SJ-FRY-2 (What a fry must beat), SJ-FRY-3 (No self-fry)."""
    level = table.level
    face = bid_face(move.cards, level)
    rank = order_rank(move.cards, level, table.variant.fry_order)
    if face is None or rank is None:
        return _refuse("not-a-fry", f"{move.cards.pretty()} is not in the frying order", "SJ-FRY-2")
    fault = _bid_fault(table, move.seat, rank, face, _standing(table, MoveKind.FRY))
    if fault == "self-overcall":
        return _refuse(fault, "you may not fry over your own bid", "SJ-FRY-3")
    if fault is not None:
        standing = table.bid
        assert standing is not None
        return _refuse(
            fault,
            f"{move.cards.pretty()} does not outrank seat {standing.seat}'s "
            f"{standing.cards.pretty()} in the frying order",
            "SJ-FRY-2",
        )
    return None


def _standing(table: PhaseTable, kind: MoveKind) -> BidRank | None:
    """The standing bid's rank in the order a bid (or fry) is judged by: in the frying order,
    that of the strongest fry its cards hold, SJ-FRY-2 (What a fry must beat); ``None`` when
    no bid stands."""
    standing = table.bid
    if standing is None:
        return None
    if kind is MoveKind.FRY:
        return contained_rank(standing.cards, table.level, table.variant.fry_order)
    return order_rank(standing.cards, table.level, table.variant.bid_order) or NO_RANK


def _bid_fault(
    table: PhaseTable, seat: int, rank: BidRank, face: tuple[int, int], held: BidRank | None
) -> str | None:
    """The code refusing a bid (or fry) of ``rank`` and ``face`` by ``seat`` against the
    standing bid of rank ``held``, or ``None``: the one test behind :func:`explain` and the
    listing."""
    return _fault(seat, rank, face, _standing_of(table), held, table.variant.bid_reinforce)


def _standing_of(table: PhaseTable) -> tuple[int, int, int] | None:
    """The standing bid's seat and face, as ``(seat, width, kind)`` (``None``: no bid stands)."""
    standing = table.bid
    if standing is None:
        return None
    face = bid_face(standing.cards, table.level)
    return (standing.seat, -1, -1) if face is None else (standing.seat, *face)


@implements("SJ-BID-3", "SJ-BID-5", "SJ-FRY-3", "SJ-BID-10")
def _fault(
    seat: int,
    rank: BidRank,
    face: tuple[int, int],
    standing: tuple[int, int, int] | None,
    held: BidRank | None,
    reinforce: BidReinforce,
) -> str | None:
    """:func:`_bid_fault` from the standing bidder's seat and face (``None``: no bid stands):
    a seat overcalls its own bid only as ``reinforce`` allows, SJ-BID-10 (Reinforcing a bid)."""
    if standing is None or held is None:
        width, kind = face
        return "jokers-overcall-only" if kind >= SMALL and width < MAX_BID_WIDTH else None
    own = standing[0] == seat
    if own:
        if reinforce is BidReinforce.OFF:
            return "self-overcall"
        if reinforce is BidReinforce.SAME_SUIT and face[1] != standing[2]:
            return "self-overcall"
    if rank <= held:
        return "bid-too-low"
    # same_suit raises with more cards of the same face, however the order ranks fewer
    if own and reinforce is BidReinforce.SAME_SUIT and face[0] < standing[1]:
        return "self-overcall"
    return None


# ---------------------------------------------------------------------- listing
def _shows(table: PhaseTable, seat: int, hand: Cards, kind: MoveKind) -> tuple[Move, ...]:
    """The legal bids (or fries) of ``seat``, weakest first."""
    order = table.variant.bid_order if kind is MoveKind.BID else table.variant.fry_order
    held = _standing(table, kind)
    level = table.level
    return _legal_shows(
        seat,
        kind,
        face_counts(hand, level),
        level,
        order,
        _standing_of(table),
        held,
        table.variant.bid_reinforce,
    )


@lru_cache(maxsize=8192)
def _legal_shows(
    seat: int,
    kind: MoveKind,
    faces: tuple[int, ...],
    level: Rank,
    order: tuple[str, ...],
    standing: tuple[int, int, int] | None,
    held: BidRank | None,
    reinforce: BidReinforce,
) -> tuple[Move, ...]:
    """:func:`_shows` from what it depends on, remembered: during the deal every seat's bids are
    listed after every card, and they change only when a level card or a joker comes."""
    counts = [0] * CARD_COUNT
    for slot, n in zip(face_slots(level), faces, strict=True):
        counts[slot] = n
    return tuple(
        Move(seat, kind, cards)
        for rank, face, cards in bid_options(Cards.unchecked(tuple(counts)), level, order)
        if _fault(seat, rank, face, standing, held, reinforce) is None
    )


def deal_moves(table: PhaseTable, hands: Sequence[Cards]) -> tuple[Move, ...]:
    """Every legal move of every seat during the deal while no four-joker bid waits for its
    trump (the seat just dealt may pass, anyone may bid): what :func:`generate` lists seat after
    seat, as one tuple."""
    turn = table.turn
    out: list[Move] = []
    for seat, hand in enumerate(hands):
        if seat == turn:
            out.append(_pass(seat))
        out += _shows(table, seat, hand, MoveKind.BID)
    return tuple(out)


@functools.cache
def _pass(seat: int) -> Move:
    return Move(seat, MoveKind.PASS)


def generate(table: PhaseTable, seat: int, hand: Cards) -> Iterator[Move]:
    """The legal moves of ``seat`` holding ``hand``, in a stable order: a pass first, then bids
    or fries weakest first; a burial's card sets in :func:`sub_multisets` order."""
    phase = table.phase
    if phase is Phase.OVER:
        return
    bid = table.bid
    if bid is not None and not bid.named:
        if seat == bid.seat:
            yield from (Move(seat, kind) for kind in NAMING)
        return
    if phase is Phase.BURY:
        if seat == table.burier:
            size = table.variant.kitty
            # CORE-API-3 (Choices too large to list): 8 of 60 cards is 81,729,049 burials
            check_listable(count_sub_multisets(hand.counts, size), f"seat {seat}'s burial")
            yield from (
                Move(seat, MoveKind.BURY, Cards.unchecked(c))
                for c in sub_multisets(hand.counts, size)
            )
        return
    if seat == table.turn:
        yield _pass(seat)
    elif phase is not Phase.DEAL:
        return
    yield from _shows(table, seat, hand, MoveKind.FRY if phase is Phase.FRY else MoveKind.BID)


def count(table: PhaseTable, seat: int, hand: Cards) -> int:
    """How many moves :func:`generate` yields; a burial's card sets are counted, not listed."""
    bid = table.bid
    naming = bid is not None and not bid.named
    if table.phase is Phase.BURY and not naming:
        return count_sub_multisets(hand.counts, table.variant.kitty) if seat == table.burier else 0
    return sum(1 for _ in generate(table, seat, hand))


def describe(
    table: PhaseTable, seat: int, hand: Cards, judge: Callable[[Move], Illegal | None]
) -> tuple[tuple[Move, ...], tuple[Choice[Move], ...]]:
    """The legal moves of ``seat`` holding ``hand`` outside the play, described without listing
    them, CORE-API-3 (Choices too large to list): a burial is one family — exactly ``kitty``
    cards of the hand, any of them, SJ-KITTY-1 (The banker buries the kitty) —; every other
    phase's few moves are given one by one. ``judge`` is the asker's ``explain``."""
    bid = table.bid
    naming = bid is not None and not bid.named
    if table.phase is Phase.BURY and not naming:
        if seat != table.burier:
            return (), ()
        size = table.variant.kitty
        burial: Choice[Move] = Choice(
            seat=seat,
            kind=MoveKind.BURY.value,
            required=Cards(),
            pool=hand,
            least=size,
            most=size,
            count=count_sub_multisets(hand.counts, size),
            clause="SJ-KITTY-1",
            make=lambda cards: Move(seat, MoveKind.BURY, cards),
            judge=judge,
        )
        return (), (burial,)
    return tuple(generate(table, seat, hand)), ()


def random_move(table: PhaseTable, seat: int, hand: Cards, rng: random.Random) -> Move | None:
    """A legal move of ``seat`` drawn at random (``None`` if it has none): a burial is a random
    set of the hand's cards, anything else one of the few legal moves."""
    bid = table.bid
    if table.phase is Phase.BURY and seat == table.burier and (bid is None or bid.named):
        cards = list(hand)
        return Move(seat, MoveKind.BURY, Cards.of(rng.sample(cards, table.variant.kitty)))
    moves = list(generate(table, seat, hand))
    return rng.choice(moves) if moves else None


def parse_move(variant: Variant, text: MoveText | str) -> Move:
    """A move of any phase from its text (``"1: bid 3H 3H"``, ``"0: pass"``, ``"2: hearts"``);
    refuses more copies of a card than the decks hold."""
    return Move.from_text(move_text(text, decks=variant.decks, verbs=Move.verbs()))
