"""Bids (亮主/反主), fries (炒底) and the kitty flip as pure functions of cards and the variant's
orders: SJ-BID-1 (What a bid shows), SJ-BID-2 (The strength of a bid), SJ-BID-3 (Jokers bid
no-trump), SJ-FRY-2 (What a fry must beat), SJ-BID-7 (Nobody bids), SJ-BID-8 (The kitty flip).

A bid shows W identical cards (W = 1 … 4): level cards of one suit, or jokers of one kind. Its
*face* says which: 0–3 a suit (:class:`~cardrules.cards.Suit`), :data:`SMALL` or :data:`BIG` a
joker. How strong a bid is depends on the order it is judged by — the bid order while the trump
is chosen, the frying order when the kitty is fried — given as a list of tokens in the variant
(:data:`~cardrules.shengji.variant.BID_TOKENS`); its rank is ``(position in the list, 1 for a big
joker under a ``W-jokers`` token else 0)``, so a later token outranks an earlier one, a big joker
a small one of the same tier, and two suits of one tier tie (a tie does not overcall).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence

import attrs

from cardrules.cards import CARD_COUNT, Card, Rank, Suit, card_index
from cardrules.implements import implements
from cardrules.multiset import Cards

__all__ = [
    "BIG",
    "MAX_BID_WIDTH",
    "NO_RANK",
    "SMALL",
    "Bid",
    "BidRank",
    "bid_face",
    "bid_options",
    "bid_trump",
    "contained_rank",
    "face_counts",
    "face_slots",
    "flip_banker",
    "flip_trump",
    "needs_naming",
    "order_rank",
]

#: The faces of joker bids (suits are 0–3).
SMALL = 4
#: The face of a big-joker bid (``SMALL`` is the small joker's).
BIG = 5
#: The widest bid: a quad (四条/四张王).
MAX_BID_WIDTH = 4
#: The rank of a bid that an order does not list: below every listed bid.
NO_RANK = (-1, 0)

_WIDTH_WORDS = {"single": 1, "pair": 2, "triple": 3, "quad": 4}
_SUIT_WORDS = {"spades": Suit.SPADES, "hearts": Suit.HEARTS, "clubs": Suit.CLUBS,
               "diamonds": Suit.DIAMONDS}  # fmt: skip

#: Where a bid stands in a bid order: compared as a tuple, higher outranks.
BidRank = tuple[int, int]


@attrs.frozen
class Bid:
    """The standing bid: who showed which cards, and the trump it sets (``None``: no-trump).
    ``named`` is false only between four jokers and the bidder naming the trump, SJ-BID-4
    (Four jokers name the trump)."""

    seat: int
    cards: Cards
    trump: Suit | None
    named: bool = True


@implements("SJ-BID-1")
def bid_face(cards: Cards, level: Rank) -> tuple[int, int] | None:
    """``(width, face)`` when ``cards`` are 1–4 identical level cards of one suit or identical
    jokers (SJ-BID-1 (What a bid shows)); ``None`` otherwise."""
    counts = cards.counts
    width = sum(counts)
    if not 1 <= width <= MAX_BID_WIDTH:
        return None
    for face, slot in enumerate(face_slots(level)):
        if counts[slot] == width:
            return width, face
    return None


@functools.lru_cache(maxsize=16)
def face_slots(level: Rank) -> tuple[int, ...]:
    """The card slot of each face: the level card of ♠ ♥ ♣ ♦, then SJ, BJ."""
    return (*(card_index(level, s) for s in Suit), card_index(Rank.SMALL_JOKER, None),
            card_index(Rank.BIG_JOKER, None))  # fmt: skip


def face_counts(hand: Cards, level: Rank) -> tuple[int, ...]:
    """What of a hand a bid can show: how many it holds of each face (in :func:`face_slots`
    order) — all that :func:`bid_options` reads of it."""
    return _face_picker(level)(hand.counts)


@functools.lru_cache(maxsize=16)
def _face_picker(level: Rank) -> Callable[[Sequence[int]], tuple[int, ...]]:
    getter: Callable[[Sequence[int]], tuple[int, ...]] = operator.itemgetter(*face_slots(level))
    return getter


@functools.lru_cache(maxsize=64)
@implements("SJ-BID-2")
def _ranking(order: tuple[str, ...]) -> dict[tuple[int, int], BidRank]:
    """Every ``(width, face)`` an order lists, with its rank (SJ-BID-2 (The strength of a
    bid))."""
    out: dict[tuple[int, int], BidRank] = {}
    for tier, token in enumerate(order):
        word, _, what = token.partition("-")
        width = _WIDTH_WORDS[word]
        if what == "level":
            out |= {(width, int(s)): (tier, 0) for s in Suit}
        elif what.startswith("level-"):
            out[(width, int(_SUIT_WORDS[what[len("level-") :]]))] = (tier, 0)
        elif what == "jokers":
            out |= {(width, SMALL): (tier, 0), (width, BIG): (tier, 1)}
        else:
            out[(width, SMALL if what == "small-jokers" else BIG)] = (tier, 0)
    return out


def order_rank(cards: Cards, level: Rank, order: tuple[str, ...]) -> BidRank | None:
    """The rank of ``cards`` as a bid of ``order``, or ``None`` if the order does not list it."""
    face = bid_face(cards, level)
    return None if face is None else _ranking(order).get(face)


def contained_rank(cards: Cards, level: Rank, order: tuple[str, ...]) -> BidRank:
    """The rank in ``order`` of the strongest bid the cards hold (a triple holds a pair), for a
    standing bid judged by the frying order, SJ-FRY-2 (What a fry must beat); :data:`NO_RANK`
    when they hold none."""
    face = bid_face(cards, level)
    if face is None:
        return NO_RANK
    width, kind = face
    ranking = _ranking(order)
    ranks = [ranking[(w, kind)] for w in range(1, width + 1) if (w, kind) in ranking]
    return max(ranks, default=NO_RANK)


def bid_options(
    hand: Cards, level: Rank, order: tuple[str, ...]
) -> list[tuple[BidRank, tuple[int, int], Cards]]:
    """Every bid of ``order`` the hand can show, as ``(rank, (width, face), cards)``, weakest
    first (ties by face)."""
    counts = hand.counts
    return [
        (rank, face, cards)
        for rank, face, slot, cards in _candidates(level, order)
        if counts[slot] >= face[0]
    ]


@functools.lru_cache(maxsize=64)
def _candidates(
    level: Rank, order: tuple[str, ...]
) -> tuple[tuple[BidRank, tuple[int, int], int, Cards], ...]:
    """Every bid ``order`` lists at ``level``, weakest first: its rank, ``(width, face)``, the
    card slot it shows and its cards."""
    out = []
    for (width, face), rank in _ranking(order).items():
        slot = face_slots(level)[face]
        counts = [0] * CARD_COUNT
        counts[slot] = width
        out.append((rank, (width, face), slot, Cards.unchecked(tuple(counts))))
    out.sort(key=lambda item: (item[0], item[1][1]))
    return tuple(out)


def needs_naming(cards: Cards) -> bool:
    """Whether a bid is four identical jokers, whose bidder names the trump (SJ-BID-4 (Four
    jokers name the trump))."""
    return len(cards) == MAX_BID_WIDTH and (cards.counts[52] or cards.counts[53]) == MAX_BID_WIDTH


def bid_trump(cards: Cards, level: Rank) -> Suit | None:
    """The trump a bid sets: the suit of its level cards; no-trump for jokers (SJ-BID-3
    (Jokers bid no-trump)) — four jokers name theirs afterwards."""
    face = bid_face(cards, level)
    return Suit(face[1]) if face is not None and face[1] < SMALL else None


@implements("SJ-BID-8")
def flip_trump(kitty: Sequence[Card], level: Rank) -> Suit | None:
    """SJ-BID-8 (The kitty flip): the suit of the first level card in kitty order, else of the
    first card; a joker there (or an empty kitty) means no-trump."""
    for card in kitty:
        if card.rank == level:
            return card.suit
    return kitty[0].suit if kitty else None


def flip_banker(kitty: Sequence[Card], players: int, default: int) -> int:
    """SJ-BID-8 (The kitty flip), round 1: the number of the kitty's first card modulo the
    players. Cards are numbered 0–53 within a deck, A = 0, 2 = 1 … K = 12 in ♠ ♥ ♣ ♦ order, then
    SJ 52 and BJ 53. An empty kitty leaves the bank with ``default``."""
    if not kitty:
        return default
    card = kitty[0]
    if card.suit is None:
        number = 52 if card.rank == Rank.SMALL_JOKER else 53
    else:
        number = 13 * int(card.suit) + (0 if card.rank == Rank.ACE else int(card.rank) - 1)
    return number % players
