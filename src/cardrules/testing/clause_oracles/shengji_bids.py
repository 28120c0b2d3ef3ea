"""Shengji bidding and frying, as SJ-BID-1 (What a bid shows), SJ-BID-2 (The strength of a bid),
SJ-BID-3 (Jokers bid no-trump), SJ-BID-5 (No self-overcall), SJ-BID-10 (Reinforcing a bid),
SJ-FRY-2 (What a fry must beat) and SJ-FRY-3 (No self-fry) say them, on card texts (``"10H"``,
``"SJ"``, ``"BJ"``), the level rank as its text (``"10"``) and the orders as the variant's lists
of tokens (``"pair-level"``, ``"pair-level-hearts"``, ``"triple-jokers"``, ``"pair-big-jokers"``).

A verdict is ``None`` when the bid (or fry) is allowed, else the refusal code the clause names:
``not-a-bid``, ``not-a-fry``, ``jokers-overcall-only``, ``self-overcall`` or ``bid-too-low``.
Whether the shown cards are held (``not-in-hand``), whose turn it is and which phase the match is
in are left to the caller.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["JOKERS", "WIDTHS", "Standing", "bid_verdict", "face", "fry_verdict", "held", "tokens"]

#: The word of a token for each width a bid may show (SJ-BID-1 (What a bid shows): one to four).
WIDTHS = {1: "single", 2: "pair", 3: "triple", 4: "quad"}
#: The joker texts and the word of a ``W-small-jokers`` / ``W-big-jokers`` token for each.
JOKERS = {"SJ": "small", "BJ": "big"}
_SUITS = {"S": "spades", "H": "hearts", "C": "clubs", "D": "diamonds"}

#: The standing bid: the cards it showed and the seat that showed them.
Standing = tuple[Sequence[str], int]


def face(cards: Sequence[str]) -> str | None:
    """The one card the bid shows copies of, or ``None`` when the cards are not all identical (or
    there are none): two small jokers are identical, a small and a big joker are not."""
    if not cards or any(card != cards[0] for card in cards):
        return None
    return cards[0]


def tokens(cards: Sequence[str], level: str) -> tuple[str, ...]:
    """Every order token that names what ``cards`` show, SJ-BID-2 (The strength of a bid): a
    width and what is shown — ``W-level`` and ``W-level-SUIT`` for identical level cards,
    ``W-jokers`` and ``W-small-jokers`` (or ``W-big-jokers``) for identical jokers. Nothing for
    anything else: two faces, another rank, five or more cards, a single joker (no token names
    it)."""
    shown = face(cards)
    if shown is None or len(cards) not in WIDTHS:
        return ()
    width = WIDTHS[len(cards)]
    if shown in JOKERS:
        if width == "single":
            return ()
        return (f"{width}-jokers", f"{width}-{JOKERS[shown]}-jokers")
    rank, suit = shown[:-1], shown[-1]
    if rank != level or suit not in _SUITS:
        return ()
    return (f"{width}-level", f"{width}-level-{_SUITS[suit]}")


def _strength(cards: Sequence[str], level: str, order: Sequence[str]) -> tuple[int, int] | None:
    """Where ``cards`` stand in ``order`` (weakest first): the place of the token that names
    them, and at a ``W-jokers`` tier 1 for big jokers (big beat small there), else 0. ``None``
    when the order lists no token for them."""
    places = [order.index(token) for token in tokens(cards, level) if token in order]
    if not places:
        return None
    place = max(places)
    big = order[place].endswith("-jokers") and order[place].count("-") == 1 and cards[0] == "BJ"
    return (place, 1 if big else 0)


def held(cards: Sequence[str], level: str, order: Sequence[str]) -> tuple[int, int]:
    """The strength of a standing bid in the frying order, SJ-FRY-2 (What a fry must beat): the
    strongest shape its cards hold (a triple of ♥L holds a single, a pair and a triple of ♥L),
    ``(-1, 0)`` — below every fry — when it holds none."""
    found = [_strength(cards[:n], level, order) for n in range(1, len(cards) + 1)]
    return max((s for s in found if s is not None), default=(-1, 0))


def _self(cards: Sequence[str], standing: Standing | None, seat: int, reinforce: str) -> str | None:
    """The refusal of a seat's bid over its own standing bid before its strength is read,
    SJ-BID-5 (No self-overcall), SJ-FRY-3 (No self-fry) and SJ-BID-10 (Reinforcing a bid):
    always with ``off``; with ``same_suit`` when it shows another face; never with ``any``."""
    if standing is None or standing[1] != seat or reinforce == "any":
        return None
    if reinforce == "same_suit" and face(cards) == face(standing[0]):
        return None
    return "self-overcall"


def _fewer(cards: Sequence[str], standing: Standing | None, seat: int, reinforce: str) -> bool:
    """Whether a ``same_suit`` raise of a seat's own bid shows no more cards than it: SJ-BID-10
    (Reinforcing a bid) raises "with more identical cards of the same face" (once the raise
    outranks the bid, only an order that ranks a narrower shape above a wider one lets this
    happen)."""
    if standing is None or standing[1] != seat or reinforce != "same_suit":
        return False
    return len(cards) <= len(standing[0])


def bid_verdict(
    order: Sequence[str],
    level: str,
    cards: Sequence[str],
    standing: Standing | None,
    seat: int,
    reinforce: str = "off",
) -> str | None:
    """Whether ``seat`` may bid ``cards`` over ``standing`` (``None``: nothing stands) with the
    variant's ``bid_order`` ``order`` at level ``level`` and ``bid_reinforce`` ``reinforce``:
    ``None`` when it may, else the refusal code, the first that applies of

    - ``not-a-bid`` — the cards show no shape the order lists, SJ-BID-1 (What a bid shows),
      SJ-BID-2 (The strength of a bid);
    - ``jokers-overcall-only`` — jokers declaring first with fewer than four, SJ-BID-3 (Jokers bid
      no-trump);
    - ``self-overcall`` — over the seat's own bid where SJ-BID-5 (No self-overcall) and SJ-BID-10
      (Reinforcing a bid) forbid it;
    - ``bid-too-low`` — not a later shape of the order than the standing bid's, nor big jokers
      over small ones at one ``W-jokers`` tier, SJ-BID-2 (The strength of a bid);
    - ``self-overcall`` — a ``same_suit`` raise of the seat's own bid that shows no more cards
      than it, SJ-BID-10 (Reinforcing a bid)."""
    strength = _strength(cards, level, order)
    if strength is None:
        return "not-a-bid"
    if standing is None:
        if face(cards) in JOKERS and len(cards) < 4:
            return "jokers-overcall-only"
        return None
    refusal = _self(cards, standing, seat, reinforce)
    if refusal is not None:
        return refusal
    old = _strength(standing[0], level, order)
    if old is not None and strength <= old:
        return "bid-too-low"
    return "self-overcall" if _fewer(cards, standing, seat, reinforce) else None


def fry_verdict(
    order: Sequence[str],
    level: str,
    cards: Sequence[str],
    standing: Standing | None,
    seat: int,
    reinforce: str = "off",
) -> str | None:
    """Whether ``seat`` may fry the kitty with ``cards`` over ``standing`` with the variant's
    ``fry_order`` ``order``, SJ-FRY-2 (What a fry must beat) and SJ-FRY-3 (No self-fry):
    ``None`` when it may, else the first refusal that applies of ``not-a-fry`` (the cards show
    no shape of the order), ``self-overcall`` (over the seat's own bid, as SJ-BID-10 (Reinforcing
    a bid) reads it for bids) and ``bid-too-low`` (not above the strongest shape of the order the
    standing bid's cards hold, which also keeps a ``same_suit`` fry from showing fewer cards
    than the seat's own bid)."""
    strength = _strength(cards, level, order)
    if strength is None:
        return "not-a-fry"
    refusal = _self(cards, standing, seat, reinforce)
    if refusal is not None:
        return refusal
    if standing is not None and strength <= held(standing[0], level, order):
        return "bid-too-low"
    return "self-overcall" if _fewer(cards, standing, seat, reinforce) else None
