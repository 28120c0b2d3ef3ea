"""Bidding and frying against an oracle written from the clauses — SJ-BID-1 (What a bid shows),
SJ-BID-2 (The strength of a bid), SJ-BID-3 (Jokers bid no-trump), SJ-BID-5 (No self-overcall),
SJ-BID-10 (Reinforcing a bid), SJ-FRY-2 (What a fry must beat), SJ-FRY-3 (No self-fry) — not from
the code.

:mod:`cardrules.testing.clause_oracles.shengji_bids` reads the variant's ``bid_order`` and
``fry_order`` as the clauses word them, on card texts, and imports nothing of
``cardrules.shengji``. The oracle is first held to the spec's own examples; then a match of any
variant is built in the deal phase (where any seat may bid) or the frying circle, at any level,
with any standing bid the variant lists, and the engine's :meth:`Match.explain` and the oracle
judge the same bid or fry: allowed, or refused with the same code.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.cards import Card, Rank, Suit
from cardrules.multiset import Cards
from cardrules.shengji import Match, Move, MoveKind, Phase, Variant, load_variant
from cardrules.shengji.bids import Bid
from cardrules.testing.clause_oracles.shengji_bids import (
    bid_verdict,
    face,
    fry_verdict,
    held,
    tokens,
)
from cardrules.testing.strategies import variants

#: The default orders as SJ-BID-2 (The strength of a bid) and SJ-FRY-2 (What a fry must beat)
#: word them, written here from the clauses, not read from the variant
#: (:func:`test_the_clauses_default_orders_are_the_preset_s` compares the two).
DEFAULT_BIDS = (
    "single-level",
    "pair-level",
    "pair-jokers",
    "triple-level",
    "triple-jokers",
    "quad-level",
    "quad-jokers",
)
DEFAULT_FRIES = (
    "single-level",
    "pair-level-diamonds",
    "pair-level-clubs",
    "pair-level-hearts",
    "pair-level-spades",
    "pair-small-jokers",
    "pair-big-jokers",
    "quad-jokers",
)
LEVELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "SHCD"
_WIDTH = {"single": 1, "pair": 2, "triple": 3, "quad": 4}
_SUIT = {"spades": "S", "hearts": "H", "clubs": "C", "diamonds": "D"}
JOKERS = ("SJ", "BJ")
REINFORCE = ("off", "same_suit", "any")
MAX_DECKS = 8
VARIANTS = variants("shengji")


def _n(card: str, width: int) -> list[str]:
    return [card] * width


# ---------------------------------------------------------------------- the spec's examples


def test_the_clauses_default_orders_are_the_preset_s() -> None:
    preset = load_variant("four-deck")
    assert (preset.bid_order, preset.fry_order) == (DEFAULT_BIDS, DEFAULT_FRIES)


def test_what_a_bid_shows() -> None:
    """SJ-BID-1 (What a bid shows): identical level cards of one suit, or identical jokers;
    cards of two ranks, a level card with a joker, five of a kind are no bid."""
    assert tokens(["10H", "10H"], "10") == ("pair-level", "pair-level-hearts")
    assert tokens(["BJ"] * 3, "10") == ("triple-jokers", "triple-big-jokers")
    for cards in (["10H", "JH"], ["10H", "SJ"], ["10H", "10S"], ["SJ", "BJ"], _n("10H", 5)):
        assert tokens(cards, "10") == ()
        assert bid_verdict(DEFAULT_BIDS, "10", cards, None, 0) == "not-a-bid"
    assert bid_verdict(DEFAULT_BIDS, "10", ["9H"], None, 0) == "not-a-bid"
    assert bid_verdict(DEFAULT_BIDS, "10", ["SJ"], None, 0) == "not-a-bid"  # no token names it
    assert face(["SJ", "SJ"]) == "SJ" and face(["SJ", "BJ"]) is None and face([]) is None


def test_the_strength_of_a_bid() -> None:
    """SJ-BID-2 (The strength of a bid): a later shape overcalls; the same tier in another suit
    does not; at a ``W-jokers`` tier big jokers beat small ones."""
    pair = (_n("10S", 2), 1)
    assert bid_verdict(DEFAULT_BIDS, "10", _n("10H", 2), pair, 0) == "bid-too-low"
    assert bid_verdict(DEFAULT_BIDS, "10", ["10H"], pair, 0) == "bid-too-low"
    assert bid_verdict(DEFAULT_BIDS, "10", _n("SJ", 2), pair, 0) is None
    assert bid_verdict(DEFAULT_BIDS, "10", _n("10H", 3), (_n("BJ", 2), 1), 0) is None
    small, big = (_n("SJ", 2), 1), (_n("BJ", 2), 1)
    assert bid_verdict(DEFAULT_BIDS, "10", _n("BJ", 2), small, 0) is None
    assert bid_verdict(DEFAULT_BIDS, "10", _n("SJ", 2), big, 0) == "bid-too-low"
    assert bid_verdict(DEFAULT_BIDS, "10", _n("SJ", 2), small, 0) == "bid-too-low"
    # by suit, each suit its own tier; joker kinds apart are two tiers, with no bonus
    order = ("pair-level-diamonds", "pair-level-spades", "pair-small-jokers", "pair-big-jokers")
    assert bid_verdict(order, "5", _n("5S", 2), (_n("5D", 2), 1), 0) is None
    assert bid_verdict(order, "5", _n("5H", 2), None, 0) == "not-a-bid"
    assert bid_verdict(order, "5", _n("BJ", 2), (_n("SJ", 2), 1), 0) is None
    # a shape the order does not list is no bid, whatever stands
    assert bid_verdict(order, "5", _n("5S", 3), (_n("5D", 2), 1), 0) == "not-a-bid"


def test_jokers_bid_no_trump() -> None:
    """SJ-BID-3 (Jokers bid no-trump): declaring first takes four identical jokers."""
    assert bid_verdict(DEFAULT_BIDS, "2", _n("SJ", 4), None, 0) is None
    assert bid_verdict(DEFAULT_BIDS, "2", _n("BJ", 2), None, 0) == "jokers-overcall-only"
    assert bid_verdict(DEFAULT_BIDS, "2", _n("SJ", 3), None, 0) == "jokers-overcall-only"
    assert bid_verdict(DEFAULT_BIDS, "2", _n("SJ", 3), (["2H"], 1), 0) is None
    assert bid_verdict(DEFAULT_BIDS, "2", ["2H"], None, 0) is None


def test_no_self_overcall_and_reinforcing() -> None:
    """SJ-BID-5 (No self-overcall), SJ-BID-10 (Reinforcing a bid): ``off`` refuses every bid
    over one's own; ``same_suit`` takes more of the same face; ``any`` any higher bid."""
    mine = (["10H"], 0)
    assert bid_verdict(DEFAULT_BIDS, "10", _n("10H", 2), mine, 0) == "self-overcall"
    assert bid_verdict(DEFAULT_BIDS, "10", _n("10H", 2), mine, 2) is None
    assert bid_verdict(DEFAULT_BIDS, "10", _n("10H", 2), mine, 0, "same_suit") is None
    assert bid_verdict(DEFAULT_BIDS, "10", _n("10S", 2), mine, 0, "same_suit") == "self-overcall"
    assert bid_verdict(DEFAULT_BIDS, "10", _n("10S", 2), mine, 0, "any") is None
    assert bid_verdict(DEFAULT_BIDS, "10", _n("SJ", 3), (_n("SJ", 2), 0), 0, "same_suit") is None
    assert bid_verdict(DEFAULT_BIDS, "10", _n("BJ", 3), (_n("SJ", 2), 0), 0, "same_suit") == (
        "self-overcall"
    )
    # a reinforcement must still outrank: the same card again is no raise
    assert bid_verdict(DEFAULT_BIDS, "10", ["10H"], mine, 0, "any") == "bid-too-low"
    assert bid_verdict(DEFAULT_BIDS, "10", ["10S"], mine, 0, "any") == "bid-too-low"


def test_what_a_fry_must_beat() -> None:
    """SJ-FRY-2 (What a fry must beat): the frying order; a standing bid ranks as the strongest
    shape its cards hold, or below every fry when it holds none."""
    assert fry_verdict(DEFAULT_FRIES, "10", _n("10H", 3), (["10S"], 1), 0) == "not-a-fry"
    assert fry_verdict(DEFAULT_FRIES, "10", _n("10D", 2), (["10S"], 1), 0) is None
    assert fry_verdict(DEFAULT_FRIES, "10", _n("10D", 2), (_n("10C", 2), 1), 0) == "bid-too-low"
    triple = (_n("10H", 3), 1)
    assert held(triple[0], "10", DEFAULT_FRIES) == (3, 0)
    assert fry_verdict(DEFAULT_FRIES, "10", _n("10H", 2), triple, 0) == "bid-too-low"
    assert fry_verdict(DEFAULT_FRIES, "10", _n("10S", 2), triple, 0) is None
    small = (_n("SJ", 3), 1)
    assert fry_verdict(DEFAULT_FRIES, "10", _n("SJ", 2), small, 0) == "bid-too-low"
    assert fry_verdict(DEFAULT_FRIES, "10", _n("BJ", 2), small, 0) is None
    assert fry_verdict(DEFAULT_FRIES, "10", _n("SJ", 4), (_n("BJ", 2), 1), 0) is None
    only_big = ("pair-big-jokers",)
    assert held(small[0], "10", only_big) == (-1, 0)
    assert fry_verdict(only_big, "10", _n("BJ", 2), small, 0) is None


def test_no_self_fry() -> None:
    """SJ-FRY-3 (No self-fry), with SJ-BID-10 (Reinforcing a bid) read for frying too."""
    mine = (_n("10D", 2), 3)
    assert fry_verdict(DEFAULT_FRIES, "10", _n("10S", 2), mine, 3) == "self-overcall"
    assert fry_verdict(DEFAULT_FRIES, "10", _n("10S", 2), mine, 1) is None
    assert fry_verdict(DEFAULT_FRIES, "10", _n("10S", 2), mine, 3, "any") is None
    assert fry_verdict(DEFAULT_FRIES, "10", _n("10S", 2), mine, 3, "same_suit") == "self-overcall"
    assert fry_verdict(DEFAULT_FRIES, "10", _n("10D", 2), mine, 3, "same_suit") == "bid-too-low"


# ---------------------------------------------------------------------- engine against oracle
def _token_cards(token: str, level: str, suit: str, joker: str) -> list[str]:
    """The cards of a bid the order token ``token`` names (``suit``/``joker`` where it names
    none)."""
    word, _, what = token.partition("-")
    if what == "level":
        card = level + suit
    elif what.startswith("level-"):
        card = level + _SUIT[what.removeprefix("level-")]
    elif what == "jokers":
        card = joker
    else:
        card = "SJ" if what.startswith("small") else "BJ"
    return _n(card, _WIDTH[word])


@st.composite
def _candidates(
    draw: st.DrawFn, level: str, order: Sequence[str], standing: Sequence[str] | None
) -> list[str]:
    """Cards shown as a bid or fry: a shape of the order, the standing bid's shape with another
    face, more or fewer of the standing bid's card, identical level cards or jokers (up to
    five), sometimes another rank or two faces."""
    kinds = ["listed", "listed", "level", "joker", "other", "mixed"]
    kind = draw(st.sampled_from([*kinds, "same", "rival", "rival"] if standing else kinds))
    if kind == "rival" and standing:  # the standing bid's shape with another face
        faces = [level + s for s in SUITS] if standing[0] not in JOKERS else list(JOKERS)
        return _n(draw(st.sampled_from([f for f in faces if f != standing[0]])), len(standing))
    if kind == "listed" and order:
        token = draw(st.sampled_from(order))
        return _token_cards(
            token, level, draw(st.sampled_from(SUITS)), draw(st.sampled_from(JOKERS))
        )
    if kind == "mixed":
        pool = [level + s for s in SUITS] + [*JOKERS, ("3" if level != "3" else "4") + "S"]
        first, second = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2, unique=True))
        return [first, second, *draw(st.lists(st.sampled_from([first, second]), max_size=2))]
    if kind == "same" and standing:
        card = standing[0]
    elif kind == "other":
        rank = draw(st.sampled_from([r for r in LEVELS if r != level]))
        card = rank + draw(st.sampled_from(SUITS))
    elif kind == "joker":
        card = draw(st.sampled_from(JOKERS))
    else:
        card = level + draw(st.sampled_from(SUITS))
    return _n(card, draw(st.integers(1, 5)))


def _fillers(used: Counter[str], level: str, decks: int) -> Iterator[str]:
    """Cards that no bid shows (suited cards off the level), as long as the decks hold more."""
    while True:
        for rank in LEVELS:
            for suit in SUITS:
                card = rank + suit
                if rank != level and used[card] < decks:
                    used[card] += 1
                    yield card


def _cards(texts: Sequence[str]) -> Cards:
    return Cards.of(Card.parse(t) for t in texts)


def _trump(cards: Sequence[str]) -> Suit | None:
    return None if cards[0] in ("SJ", "BJ") else Suit.parse(cards[0][-1])


def _table(variant: Variant, decks: int = 0) -> Variant:
    """The variant with at least ``decks`` decks and the smallest kitty (at least one card) its
    decks and players allow, so that every seat can be dealt a few cards and the kitty can be
    fried."""
    decks = max(decks, variant.decks)
    total = 54 * decks
    kitty = next(k for k in range(1, total) if (total - k) % variant.players == 0)
    return variant.replace(decks=decks, kitty=kitty)


Situation = tuple[Variant, str, tuple[list[str], int] | None, list[str], int]


@st.composite
def _situations(
    draw: st.DrawFn,
    frying: bool,
    reinforce: str | None = None,
    own: bool | None = None,
    first: bool = False,
) -> Situation:
    """A variant (its ``bid_reinforce`` set to ``reinforce``, else drawn; its orders perhaps
    shuffled), a level, a standing bid the variant lists (none when ``first``, or drawn in the
    bidding; the bidder's own when ``own``, else drawn), a seat and the cards it shows."""
    variant = draw(VARIANTS)
    assert isinstance(variant, Variant)
    changes: dict[str, object] = {"bid_reinforce": reinforce or draw(st.sampled_from(REINFORCE))}
    if frying and not variant.fry_order:
        changes["fry_order"] = list(DEFAULT_FRIES)
    for key in ("bid_order", "fry_order"):  # a list in another order is a variant too
        if draw(st.booleans()):
            order = changes.get(key, getattr(variant, key))
            assert isinstance(order, list | tuple)
            changes[key] = draw(st.permutations(order))
    variant = variant.replace(**changes)
    level = draw(st.sampled_from(LEVELS))
    seat = draw(st.integers(0, variant.players - 1))
    standing: tuple[list[str], int] | None = None
    if not first and (frying or own or draw(st.integers(0, 2))):
        listed = variant.bid_order + (variant.fry_order if frying else ())
        token = draw(st.sampled_from(listed))
        suit, joker = draw(st.sampled_from(SUITS)), draw(st.sampled_from(JOKERS))
        if own is None:
            own = draw(st.sampled_from((True, True, False)))
        owner = seat if own else draw(st.integers(0, variant.players - 1))
        standing = (_token_cards(token, level, suit, joker), owner)
    order = variant.fry_order if frying else variant.bid_order
    shown = draw(_candidates(level, order, None if standing is None else standing[0]))
    # the decks must hold what is shown: by two hands, both bids (eight decks at most)
    cards = Counter(shown)
    if standing is not None:
        other = Counter(standing[0])
        if standing[1] != seat:
            shown = shown[: len(shown) - max(0, cards[shown[0]] + other[shown[0]] - MAX_DECKS)]
            cards = Counter(shown) + other
        else:
            cards |= other
    return _table(variant, max(cards.values(), default=0)), level, standing, shown, seat


def _hands(
    variant: Variant, level: str, holdings: dict[int, Counter[str]], size: int
) -> tuple[tuple[Cards, ...], Counter[str]]:
    """Every seat's hand of ``size`` cards: what ``holdings`` gives it, filled up with cards no
    bid shows; and the cards used."""
    used: Counter[str] = Counter()
    for held_cards in holdings.values():
        used.update(held_cards)
    fill = _fillers(used, level, variant.decks)
    hands = []
    for seat in range(variant.players):
        own = holdings.get(seat, Counter())
        extra = [next(fill) for _ in range(size - sum(own.values()))]
        hands.append(_cards([*own.elements(), *extra]))
    return tuple(hands), used


def _bid_match(situation: Situation) -> Match:
    """Round 2 in the deal, every seat dealt as many cards, banker 0: any seat may bid; the
    bidder holds the cards it shows, the standing bidder its bid."""
    variant, level, standing, shown, seat = situation
    holdings: dict[int, Counter[str]] = {seat: Counter(shown)}
    if standing is not None:
        holdings[standing[1]] = holdings.get(standing[1], Counter()) | Counter(standing[0])
    size = max(sum(c.values()) for c in holdings.values())
    hands, used = _hands(variant, level, holdings, size)
    fill = _fillers(used, level, variant.decks)
    stock = tuple(Card.parse(next(fill)) for _ in range(variant.kitty))
    rank = Rank.parse(level)
    bid = None if standing is None else Bid(standing[1], _cards(standing[0]), _trump(standing[0]))
    players = variant.players
    return Match(
        variant=variant,
        round_number=2,
        levels=(rank, rank),
        scores=(0,) * players,
        banker=0,
        dealt_first=0,
        phase=Phase.DEAL,
        hands=hands,
        stock=stock,
        bid=bid,
        to_ask=(size * players - 1) % players,
    )


Circle = tuple[Situation, int, int]


@st.composite
def _circles(draw: st.DrawFn, reinforce: str | None = None, own: bool | None = None) -> Circle:
    """A frying situation and its circle: the burier (the banker 0, or the standing bidder when
    it fried) and the passes since the burial; the seat asked shows the cards. When ``own``
    (else drawn) the banker buried and the standing bidder is asked."""
    variant, level, standing, shown, _seat = draw(_situations(True, reinforce, False))
    assert standing is not None
    if own is None:
        own = draw(st.sampled_from((True, True, False)))
    burier = 0 if own else draw(st.sampled_from((0, standing[1])))
    passes = draw(st.integers(0, variant.players - 2))
    asked = (burier + 1 + passes) % variant.players
    if own:
        standing = (standing[0], asked)
    return (variant, level, standing, shown, asked), burier, passes


def _fry_match(circle: Circle) -> Match:
    """Round 2 in the frying circle, banker 0: the seat asked holds the cards it shows."""
    (variant, level, standing, shown, seat), burier, passes = circle
    assert standing is not None
    fill = _fillers(Counter(shown), level, variant.decks)
    kitty = _cards([next(fill) for _ in range(variant.kitty)])
    hands = [Cards()] * variant.players
    hands[seat] = _cards(shown)
    rank = Rank.parse(level)
    trump = _trump(standing[0])
    return Match(
        variant=variant,
        round_number=2,
        levels=(rank, rank),
        scores=(0,) * variant.players,
        banker=0,
        dealt_first=0,
        phase=Phase.FRY,
        hands=tuple(hands),
        kitty=kitty,
        bid=Bid(standing[1], _cards(standing[0]), trump),
        trump=trump,
        passes=passes,
        to_ask=seat,
        burier=burier,
    )


def _code(match: Match, move: Move) -> str | None:
    illegal = match.explain(move)
    return None if illegal is None else illegal.code


def _judge_bid(situation: Situation) -> None:
    variant, level, standing, shown, seat = situation
    expected = bid_verdict(
        variant.bid_order, level, shown, standing, seat, variant.bid_reinforce.value
    )
    got = _code(_bid_match(situation), Move(seat, MoveKind.BID, _cards(shown)))
    assert got == expected, (got, expected, variant.bid_order, variant.bid_reinforce.value)


def _judge_fry(circle: Circle) -> None:
    variant, level, standing, shown, seat = circle[0]
    expected = fry_verdict(
        variant.fry_order, level, shown, standing, seat, variant.bid_reinforce.value
    )
    got = _code(_fry_match(circle), Move(seat, MoveKind.FRY, _cards(shown)))
    assert got == expected, (got, expected, variant.fry_order, variant.bid_reinforce.value)


@settings(max_examples=120, deadline=None)
@given(_situations(frying=False))
def test_the_engine_judges_bids_as_the_clauses_do(situation: Situation) -> None:
    _judge_bid(situation)


@settings(max_examples=50, deadline=None)
@given(_situations(frying=False, first=True))
def test_the_engine_judges_first_declarations_as_the_clauses_do(situation: Situation) -> None:
    _judge_bid(situation)


@pytest.mark.parametrize("reinforce", ["same_suit", "any"])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_engine_judges_raises_of_ones_own_bid_as_the_clauses_do(
    reinforce: str, data: st.DataObject
) -> None:
    _judge_bid(data.draw(_situations(False, reinforce, True)))


@settings(max_examples=120, deadline=None)
@given(_circles())
def test_the_engine_judges_fries_as_the_clauses_do(circle: Circle) -> None:
    _judge_fry(circle)


@pytest.mark.parametrize("reinforce", ["same_suit", "any"])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_the_engine_judges_fries_over_ones_own_bid_as_the_clauses_do(
    reinforce: str, data: st.DataObject
) -> None:
    _judge_fry(data.draw(_circles(reinforce, True)))


def test_a_same_suit_raise_shows_more_cards() -> None:
    """SJ-BID-10 (Reinforcing a bid): under ``same_suit`` the standing bidder raises "with more
    identical cards of the same face". With an order that ranks a single level card above a
    pair, seat 0 may not "raise" its own pair of ♥10 with one ♥10 (the engine let it, until this
    oracle found it)."""
    base = load_variant("four-deck").replace(
        bid_order=["pair-level", "single-level"], bid_reinforce="same_suit"
    )
    situation: Situation = (_table(base), "10", (_n("10H", 2), 0), ["10H"], 0)
    assert bid_verdict(base.bid_order, "10", ["10H"], situation[2], 0, "same_suit") == (
        "self-overcall"
    )
    match = _bid_match(situation)
    assert _code(match, Move(0, MoveKind.BID, _cards(["10H"]))) == "self-overcall"
