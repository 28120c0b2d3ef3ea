"""Whether a match built from outside (its constructor, JSON, a position) could exist, SJ-MATCH-4
(What a match shows and saves): every field of the right type and range, no card more often than
the decks hold, and each phase's fields as the moves of a match leave them — the deal's hand
sizes in dealing order, a bidding or frying circle at a seat it can reach, a burier who may bury,
a play state of this match. Every refusal is a :class:`~cardrules.errors.PositionError` naming
the field.

A seat's view of a match is checked by the same phase checks (:func:`check_public`): they read
the public table — the fields a match and its views share — and the cards through a
:class:`Holdings`, which knows every hand of a match but only its own seat's hand of a view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.errors import CardrulesError, PositionError
from cardrules.multiset import Cards
from cardrules.shengji.bids import Bid, bid_trump, needs_naming, order_rank
from cardrules.shengji.bounds import score_bound
from cardrules.shengji.levels import Settlement, check_settlement
from cardrules.shengji.match.phases import MAX_REDEALS, Phase
from cardrules.shengji.state import State, hand_size
from cardrules.shengji.variant import Variant

if TYPE_CHECKING:
    from cardrules.shengji.match.state import Match

__all__ = ["Holdings", "Public", "check_head", "check_match", "check_public"]


class _Play(Protocol):
    """What the phase checks read of the play: a play state's or a play view's."""

    @property
    def variant(self) -> Variant: ...

    @property
    def levels(self) -> tuple[Rank, Rank]: ...

    @property
    def banker(self) -> int: ...

    @property
    def trump(self) -> Suit | None: ...

    @property
    def level(self) -> Rank: ...

    @property
    def is_over(self) -> bool: ...


class Public(Protocol):
    """The public table of a match: the fields a match and a seat's view of it share."""

    @property
    def variant(self) -> Variant:
        """The variant the match is played by."""
        ...

    @property
    def round_number(self) -> int:
        """The round being played (1 is the first)."""
        ...

    @property
    def redeals(self) -> int:
        """How many times round 1 was dealt again because nobody bid."""
        ...

    @property
    def levels(self) -> tuple[Rank, Rank]:
        """Both teams' levels."""
        ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Every seat's match score."""
        ...

    @property
    def banker(self) -> int | None:
        """The banker's seat (``None`` in round 1 until a bid makes one)."""
        ...

    @property
    def dealt_first(self) -> int:
        """The seat dealt the round's first card."""
        ...

    @property
    def phase(self) -> Phase:
        """The phase the match is in."""
        ...

    @property
    def bid(self) -> Bid | None:
        """The standing bid (``None``: nobody has bid)."""
        ...

    @property
    def trump(self) -> Suit | None:
        """The trump suit once known (``None``: not yet, or no trump)."""
        ...

    @property
    def passes(self) -> int:
        """The passes in a row in the bidding and frying circles."""
        ...

    @property
    def to_ask(self) -> int:
        """In the deal the seat just dealt a card; in the circles the seat asked."""
        ...

    @property
    def burier(self) -> int | None:
        """The last seat to take and bury the kitty (``None`` before any did)."""
        ...

    @property
    def flipped(self) -> tuple[Card, ...]:
        """The kitty turned up for all when nobody bid (empty without a flip)."""
        ...

    @property
    def play(self) -> _Play | None:
        """The play state or view (in the play and over phases; ``None`` before)."""
        ...

    @property
    def last(self) -> Settlement | None:
        """The last round's settlement (``None`` in round 1)."""
        ...

    @property
    def winner(self) -> int | None:
        """The team that has won the match (``None`` while nobody has)."""
        ...

    @property
    def level(self) -> Rank:
        """The level the round is played at."""
        ...


@attrs.frozen
class Holdings:
    """Where the cards of a match are, as far as the checker may know: every hand's size, the
    cards still to deal, the kitty's size once taken (0 while it is in the stock), a hand's
    cards (``None``: a hand a view cannot see), the kitty's cards (``None``: not shown), whether
    a play agrees with the hands and kitty, and the fields that name them (``hands``, ``stock``,
    ``kitty`` in a match; ``hand_sizes``, ``stock_size``, ``kitty_size`` in a view)."""

    sizes: tuple[int, ...]
    stock: int
    kitty: int
    hand: Callable[[int], Cards | None]
    kitty_cards: Cards | None
    plays_here: Callable[[], bool]
    keys: tuple[str, str, str] = ("hands", "stock", "kitty")


def _int(value: object, key: str, lo: int, hi: int | None = None) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < lo
        or (hi is not None and value > hi)
    ):
        raise PositionError(f"an integer {lo}..{'' if hi is None else hi}", key=key)
    return value


def _seat(value: object, players: int, key: str) -> int:
    return _int(value, key, 0, players - 1)


def check_match(m: Match) -> None:
    """Raise :class:`PositionError` naming the field if ``m`` could not exist."""
    variant = m.variant
    if not isinstance(variant, Variant):
        raise PositionError("a shengji Variant is needed", key="variant")
    players = variant.players
    _int(m.seed, "seed", 0, 2**64 - 1)
    check_head(m)
    _check_shapes(m, players)
    _check_cards(m, variant)
    hands = m.hands
    held = Holdings(
        sizes=m.hand_sizes,
        stock=len(m.stock),
        kitty=len(m.kitty),
        hand=lambda seat: hands[seat],
        kitty_cards=m.kitty,
        plays_here=lambda: m.play is not None and (m.play.hands, m.play.kitty) == (hands, m.kitty),
    )
    check_public(m, held)


def check_public(m: Public, held: Holdings) -> None:
    """The checks a match and a seat's view of it share, once their fields have the right types:
    the bid, the banker, each phase's fields (through ``held`` for the cards) and the last
    settlement."""
    variant = m.variant
    if m.bid is not None:
        _check_bid(m, m.bid, variant, held)
    _check_banker(m)
    _PHASE_CHECKS[m.phase](m, variant, held)
    _check_last(m)


def check_levels(m: Public, variant: Variant) -> None:
    levels = m.levels
    if (
        not isinstance(levels, tuple)
        or len(levels) != 2
        or not all(isinstance(r, Rank) and not r.is_joker for r in levels)
    ):
        raise PositionError("one level rank (2 … A) per team", key="levels")
    # a match over in round 1 shows the levels its settlement left (_check_last checks them)
    over = m.phase is Phase.OVER
    if m.round_number == 1 and not over and levels != (variant.start_level, variant.start_level):
        raise PositionError(
            f"in round 1 both teams are at the start level {variant.start_level.text}",
            key="levels",
        )


def check_head(m: Public) -> None:
    """The public fields of a match (or a view of one) of the right types and ranges, the
    variant checked already: the round, redeals, levels, scores, banker, seat dealt first,
    phase, the flipped kitty, trump, circle, burier, winner, bid and last settlement."""
    variant = m.variant
    players = variant.players
    _int(m.round_number, "round", 1, 10_000)
    _int(m.redeals, "redeals", 0, MAX_REDEALS if m.round_number == 1 else 0)
    check_levels(m, variant)
    if not isinstance(m.scores, tuple) or len(m.scores) != players:
        raise PositionError(f"one match score per seat ({players})", key="scores")
    if not isinstance(m.phase, Phase):
        raise PositionError("a phase", key="phase")
    # SJ-MATCH-3 (The match score): the rounds settled so far move a score only so far
    settled = m.round_number if m.phase is Phase.OVER else m.round_number - 1
    most = score_bound(variant, settled)
    for score in m.scores:
        _int(score, "scores", -most, most)
    if m.banker is not None:
        _seat(m.banker, players, "banker")
    _seat(m.dealt_first, players, "dealt_first")
    if not isinstance(m.flipped, tuple) or not all(isinstance(c, Card) for c in m.flipped):
        raise PositionError("a tuple of cards in order", key="flipped")
    try:
        Cards.of(m.flipped).check_within(variant.decks)
    except CardrulesError as err:
        raise PositionError(str(err), key="flipped") from None
    if m.trump is not None and not isinstance(m.trump, Suit):
        raise PositionError("a Suit or None", key="trump")
    _int(m.passes, "passes", 0, players - 1)
    _seat(m.to_ask, players, "to_ask")
    if m.burier is not None:
        _seat(m.burier, players, "burier")
    if m.winner is not None:
        _int(m.winner, "winner", 0, 1)
    if m.bid is not None and not isinstance(m.bid, Bid):
        raise PositionError("a Bid or None", key="bid")
    if m.last is not None and not isinstance(m.last, Settlement):
        raise PositionError("a Settlement or None", key="last")


def _check_shapes(m: Match, players: int) -> None:
    if not isinstance(m.hands, tuple) or len(m.hands) != players:
        raise PositionError(f"one hand per seat ({players} seats)", key="hands")
    if not all(isinstance(h, Cards) for h in m.hands):
        raise PositionError("card multisets (Cards)", key="hands")
    if not isinstance(m.stock, tuple) or not all(isinstance(c, Card) for c in m.stock):
        raise PositionError("a tuple of cards in order", key="stock")
    if not isinstance(m.kitty, Cards):
        raise PositionError("a card multiset (Cards)", key="kitty")
    if m.play is not None and not isinstance(m.play, State):
        raise PositionError("a play State or None", key="play")


def _check_cards(m: Match, variant: Variant) -> None:
    """No card more often than the decks hold; no hand larger than a deal (with the kitty, for
    the seat burying it)."""
    total = sum(m.hands, Cards()) + Cards.of(m.stock)
    if m.phase is not Phase.BURY:
        total = total + m.kitty
    try:
        total.check_within(variant.decks)
    except CardrulesError as err:
        raise PositionError(str(err), key="hands") from None
    full = hand_size(variant)
    for seat, hand in enumerate(m.hands):
        extra = len(m.kitty) if m.phase is Phase.BURY and seat == m.burier else 0
        if len(hand) > full + extra:
            raise PositionError(
                f"seat {seat} holds {len(hand)} cards; a deal gives only {full}", key="hands"
            )


def _check_bid(m: Public, bid: Bid, variant: Variant, held: Holdings) -> None:
    """A standing bid is a bid of its order, held by its bidder while the bidding lasts (shown
    cards stay in the hand), with the trump it sets — four jokers' once named."""
    _seat(bid.seat, variant.players, "bid")
    if not isinstance(bid.cards, Cards) or not isinstance(bid.named, bool):
        raise PositionError("a bid shows cards", key="bid")
    if m.phase in (Phase.DEAL, Phase.BID):
        hand = held.hand(bid.seat)
        if hand is None and held.sizes[bid.seat] < len(bid.cards):
            raise PositionError(f"seat {bid.seat} does not hold its bid {bid.cards}", key="bid")
        if hand is not None and not bid.cards <= hand:
            raise PositionError(f"seat {bid.seat} does not hold its bid {bid.cards}", key="bid")
    # once the match is over its levels are the settled ones; the bid was made at the round's
    level = m.play.level if m.phase is Phase.OVER and m.play is not None else m.level
    listed = order_rank(bid.cards, level, variant.bid_order) or order_rank(
        bid.cards, level, variant.fry_order
    )
    if listed is None:
        raise PositionError(f"{bid.cards} is no bid at level {level.text}", key="bid")
    jokers = needs_naming(bid.cards)
    if not bid.named and (not jokers or bid.trump is not None):
        raise PositionError("only four jokers wait for their trump", key="bid")
    if bid.named and not jokers and bid.trump != bid_trump(bid.cards, level):
        raise PositionError(f"{bid.cards} sets another trump", key="bid")


def _check_banker(m: Public) -> None:
    """SJ-BID-9 (The banker of the first round): in round 1 the standing bidder banks (or, after
    the kitty flip, the seat it chose); later the banker is fixed and dealt first."""
    if m.round_number == 1:
        if m.bid is not None and m.banker != m.bid.seat:
            raise PositionError(f"in round 1 the bidder, seat {m.bid.seat}, banks", key="banker")
        if m.bid is None and m.phase in (Phase.DEAL, Phase.BID) and m.banker is not None:
            raise PositionError("in round 1 nobody banks before a bid", key="banker")
    elif m.banker is None or m.dealt_first != m.banker:
        raise PositionError("after round 1 the banker is known and dealt first", key="banker")
    if m.phase not in (Phase.DEAL, Phase.BID) and m.banker is None:
        raise PositionError("after the bidding the banker is known", key="banker")


def _quiet(m: Public, held: Holdings, *keys: str) -> None:
    """Fields that mean nothing in this phase hold their empty value (no stock, no kitty: no
    card there)."""
    empty: dict[str, object] = {
        "trump": None, "passes": 0, "to_ask": 0, "burier": None, "flipped": (), "play": None,
        "winner": None,
    }  # fmt: skip
    _hands, stock_key, kitty_key = held.keys
    for key in keys:
        if key == "stock":
            if held.stock:
                raise PositionError(f"means nothing in the {m.phase} phase", key=stock_key)
        elif key == "kitty":
            if held.kitty or held.kitty_cards:
                raise PositionError(f"means nothing in the {m.phase} phase", key=kitty_key)
        elif getattr(m, key) != empty[key]:
            raise PositionError(f"means nothing in the {m.phase} phase", key=key)


def _dealing(m: Public, variant: Variant, held: Holdings) -> None:
    """SJ-DEAL-2 (Dealing as moves): hand sizes in dealing order from the seat dealt first, at
    least one card dealt, the kitty still in the stock (the seat dealt the last card has not
    passed yet when the stock is the kitty)."""
    _quiet(m, held, "kitty", "trump", "passes", "burier", "flipped", "play", "winner")
    players = variant.players
    hands_key, stock_key, _kitty = held.keys
    if held.stock < variant.kitty:
        raise PositionError(f"the kitty ({variant.kitty}) is still in the stock", key=stock_key)
    sizes = [held.sizes[(m.dealt_first + i) % players] for i in range(players)]
    if not sum(sizes) or sizes != sorted(sizes, reverse=True) or sizes[0] - sizes[-1] > 1:
        raise PositionError(
            f"hand sizes follow the deal from seat {m.dealt_first}, one card at a time",
            key=hands_key,
        )
    dealt = sum(sizes) + held.stock - variant.kitty
    if -(-dealt // players) > hand_size(variant):
        raise PositionError("the stock deals more cards than a hand holds", key=stock_key)
    if m.to_ask != (m.dealt_first + sum(sizes) - 1) % players:
        raise PositionError("the seat in turn was dealt the last card", key="to_ask")


def _bidding(m: Public, variant: Variant, held: Holdings) -> None:
    """SJ-BID-6 (The last call after the deal): the stock is the kitty; the seat asked is
    reached from the seat dealt first, or from the seat after the last bidder."""
    _quiet(m, held, "kitty", "trump", "burier", "flipped", "play", "winner")
    if held.stock != variant.kitty:
        raise PositionError(
            f"after the deal the stock is the kitty ({variant.kitty})", key=held.keys[1]
        )
    start = (m.to_ask - m.passes) % variant.players
    after_bid = None if m.bid is None else (m.bid.seat + 1) % variant.players
    if start not in (m.dealt_first, after_bid):
        raise PositionError("the bidding circle cannot be at this seat", key="to_ask")


def _burying(m: Public, variant: Variant, held: Holdings) -> None:
    """SJ-KITTY-1 (The banker buries the kitty): the banker (or the last fryer) holds the kitty
    it took."""
    _quiet(m, held, "stock", "passes", "to_ask", "play", "winner")
    kitty_key = held.keys[2]
    if not variant.kitty or held.kitty != variant.kitty:
        raise PositionError(f"the kitty taken has {variant.kitty} cards", key=kitty_key)
    if m.burier is None or m.burier not in (m.banker, m.bid.seat if m.bid else m.banker):
        raise PositionError("the banker, or the last fryer, buries", key="burier")
    hand, kitty = held.hand(m.burier), held.kitty_cards
    if hand is not None and kitty is not None and not kitty <= hand:
        raise PositionError("the burier holds the kitty it took", key="kitty")
    _check_trump(m)


def _frying(m: Public, variant: Variant, held: Holdings) -> None:
    """SJ-FRY-1 (Frying in turn): after a burial by the banker or a fryer, the circle of the
    others; never after the kitty flip (SJ-FRY-4 (No frying after a flip))."""
    _quiet(m, held, "stock", "flipped", "play", "winner")
    if m.bid is None or not m.bid.named or not variant.fry_order:
        raise PositionError("frying follows a named bid", key="bid")
    if held.kitty != variant.kitty or not variant.kitty:
        raise PositionError(f"the buried kitty has {variant.kitty} cards", key=held.keys[2])
    if m.burier is None or m.burier not in (m.banker, m.bid.seat):
        raise PositionError("the banker, or the last fryer, buried", key="burier")
    if m.passes > variant.players - 2 or m.to_ask != (m.burier + 1 + m.passes) % variant.players:
        raise PositionError("the frying circle runs from the seat after the burier", key="to_ask")
    _check_trump(m)


def _playing(m: Public, variant: Variant, held: Holdings) -> None:
    """The play state is this match's: its variant, levels, banker, trump, hands and kitty."""
    _quiet(m, held, "stock", "passes", "to_ask", "winner")
    play = m.play
    if play is None:
        raise PositionError("the play phase has a play state", key="play")
    if (play.variant, play.levels, play.banker, play.trump) != (
        variant,
        m.levels,
        m.banker,
        m.trump,
    ):
        raise PositionError("the play state is not of this match", key="play")
    if not held.plays_here():
        raise PositionError("the hands and kitty are the play state's", key=held.keys[0])
    if m.phase is Phase.PLAY and play.is_over:
        raise PositionError("a finished round is settled at once", key="play")
    if m.bid is not None and not m.bid.named:
        raise PositionError("the trump was named before the play", key="bid")
    _check_trump(m)


def _over(m: Public, variant: Variant, held: Holdings) -> None:
    """SJ-MATCH-2 (The end of the match): the last round is settled and ended the match."""
    _quiet(m, held, "stock", "passes", "to_ask")
    play, last = m.play, m.last
    if play is None or not play.is_over or last is None or not last.over:
        raise PositionError("a match ends with a settled last round", key="last")
    if (play.variant, play.banker, play.trump) != (variant, m.banker, m.trump):
        raise PositionError("the play state is not of this match", key="play")
    if not held.plays_here():
        raise PositionError("the play state is not of this match", key="play")
    if m.winner != last.winner:
        raise PositionError("the winner is the last round's", key="winner")


def _check_trump(m: Public) -> None:
    """After the bidding, the trump is the standing bid's (none until four jokers are named)."""
    bid = m.bid
    if bid is not None and m.trump != bid.trump:
        raise PositionError("the trump is the standing bid's", key="trump")


def _check_last(m: Public) -> None:
    """The last settlement led here: its levels, scores, next banker and round."""
    last = m.last
    if last is None:
        if m.phase is not Phase.OVER and m.winner is not None:
            raise PositionError("nobody wins before the end", key="winner")
        return
    over = m.phase is Phase.OVER
    round_number = m.round_number if over else m.round_number - 1
    if (last.round, last.levels, last.scores) != (round_number, m.levels, m.scores):
        raise PositionError("the last round's settlement does not lead here", key="last")
    if not over and (last.over or last.next_banker != m.banker):
        raise PositionError("the last round's settlement names the banker", key="last")
    if len(last.scores) != m.variant.players:
        raise PositionError("one score per seat", key="last")
    if over and last.winner != m.winner:
        raise PositionError("the winner is the last round's", key="winner")
    check_settlement(last, m.variant)


_PHASE_CHECKS = {
    Phase.DEAL: _dealing,
    Phase.BID: _bidding,
    Phase.BURY: _burying,
    Phase.FRY: _frying,
    Phase.PLAY: _playing,
    Phase.OVER: _over,
}
