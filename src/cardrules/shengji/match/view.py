"""What one seat may see of a match, and the moves it can make from there — SJ-MATCH-4 (What a
match shows and saves), SJ-KITTY-2 (Who sees the kitty), CORE-VIEW-1 (Views act for their seat).

A view holds the seat's own hand and the public table: every hand's size, how many cards are
still to deal, the standing bid (its cards are shown), the trump once chosen, the seat asked,
the kitty turned up when nobody bid, levels, scores and the last round's settlement — never
another seat's cards, the stock or a kitty the seat has not held. In the play phase it carries
the play state's :class:`~cardrules.shengji.view.View`.

A match view is a document a server sends its seat (:meth:`MatchView.to_json`) and the client
reads back (:meth:`MatchView.from_json`) into a view that acts for the seat exactly as the one
written. The reader is as strict as a match's: it checks the public table with the match's own
phase checks (:func:`~cardrules.shengji.match.check.check_public`), replays the play view's trick,
and refuses what a seat can never see (a kitty it has not held, another seat's hand).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

import attrs

from cardrules import args
from cardrules.cards import Card, Rank, Suit
from cardrules.errors import CardrulesError, Illegal, IllegalMoveError, PositionError
from cardrules.game import Derives, Judge
from cardrules.implements import implements
from cardrules.jsonio import JSON, JSONObject, document, open_document
from cardrules.legal import Description, LegalMoves
from cardrules.limits import quote
from cardrules.multiset import Cards
from cardrules.notation import MoveText, for_seat
from cardrules.shengji.bids import Bid
from cardrules.shengji.codes import CODES
from cardrules.shengji.levels import Settlement
from cardrules.shengji.match import phases
from cardrules.shengji.match.check import Holdings, check_head, check_public
from cardrules.shengji.match.documents import bidding_json, read_public_fields
from cardrules.shengji.match.facts import MatchFacts, PlayTable
from cardrules.shengji.match.phases import Phase
from cardrules.shengji.moves import Move
from cardrules.shengji.order import trump_context
from cardrules.shengji.state import hand_size
from cardrules.shengji.variant import Variant
from cardrules.shengji.view import View, read_view, round_tracker
from cardrules.tracker import Tracker, read_tracker
from cardrules.variant import read_variant

if TYPE_CHECKING:
    from cardrules.shengji.match.state import Match

#: What a client uses; :func:`view_of` serves :meth:`Match.view`.
__all__ = ["MatchView"]

#: The ``derived`` argument of a view the library made from a match (nothing to check).
_TRUSTED: tuple[object, ...] = ()


@attrs.frozen(kw_only=True)
class MatchView(Derives, MatchFacts, Judge[Move]):
    """A seat's knowledge of a match. It acts for its seat: :meth:`legal_moves`,
    :meth:`explain`, :meth:`is_legal` and :meth:`random_move` answer from what the seat sees,
    exactly as the match would, and :meth:`parse_move` reads the seat's moves without the seat
    (``"bid 3H 3H"``, ``"pass"``, ``"bury …"``). Build one with :meth:`Match.view`, the
    constructor or :meth:`from_json`: the last two check that a match could show this seat this
    view, so a client rebuilding the view it was sent as JSON gets the legal moves by asking it.

    :attr:`phase`, :attr:`level`, :attr:`levels` and :attr:`trump_context` (``None`` until the
    trump is known, from the burial on) read alike on a play view. A burial is 8 of some 60
    cards: build it from :attr:`hand` or draw one with :meth:`random_move` rather than listing
    every burial."""

    DERIVED: ClassVar[tuple[str, ...]] = ()

    seat: int
    variant: Variant
    round_number: int
    redeals: int
    levels: tuple[Rank, Rank]
    scores: tuple[int, ...]
    banker: int | None
    dealt_first: int
    phase: Phase
    hand: Cards
    hand_sizes: tuple[int, ...]
    #: Cards still to be dealt, the kitty included (the deal and bidding phases).
    stock_size: int
    kitty_size: int
    #: The kitty's cards, for the seat that holds or last buried it (everyone once a round's
    #: play is over).
    kitty: Cards | None
    bid: Bid | None
    trump: Suit | None
    passes: int
    to_ask: int
    burier: int | None
    flipped: tuple[Card, ...]
    play: View | None
    last: Settlement | None
    winner: int | None
    _derived: tuple[object, ...] | None = attrs.field(
        default=None, eq=False, repr=False, alias="derived"
    )

    def _check(self) -> tuple[object, ...]:
        check_view(self)
        return ()

    @property
    def play_table(self) -> PlayTable | None:
        """The play view of the seat in the play phase (and once the round is over), else
        ``None``."""
        return self.play

    def arranged_hand(self) -> tuple[tuple[Card, ...], ...]:
        """The hand by suit, each weakest first, as the round's trump orders it: before the
        trump is settled, the standing bid's (with no bid, every level card and joker sorts as
        trump)."""
        if self.play is not None:
            return self.play.arranged_hand()
        trump = self.trump
        if self.phase in (Phase.DEAL, Phase.BID):
            trump = None if self.bid is None or not self.bid.named else self.bid.trump
        ctx = trump_context(self.variant, self.level, trump)
        return self.hand.arranged(lambda c: (ctx.suit_keys[c.index], ctx.strengths[c.index]))

    @property
    def tracker(self) -> Tracker:
        """The seat's card tracker (记牌器), CORE-VIEW-2 (The card tracker): the play view's
        (cards played, voids, the kitty this seat buried), and the standing bid's cards, which
        the bidder showed and holds until it plays them — unless it buried the kitty since and
        this seat did not see what went into it (seed silent: a tracker records only what is
        certain)."""
        players = self.players
        shown = [Cards()] * players
        bid = self.bid
        if bid is not None and bid.seat != self.seat:
            buried = self.phase not in (Phase.DEAL, Phase.BID, Phase.BURY)
            if not (buried and self.burier == bid.seat):
                shown[bid.seat] = bid.cards
        if self.play is not None:
            return round_tracker(self.play, tuple(shown))
        return Tracker(
            seat=self.seat,
            decks=self.variant.decks,
            hand=self.hand,
            hand_sizes=self.hand_sizes,
            played=(Cards(),) * players,
            shown=tuple(shown),
            voids=((),) * players,
            # the seat burying holds the kitty in its hand; once buried, it is set aside
            set_aside=Cards() if self.kitty is None or self.phase is Phase.BURY else self.kitty,
        )

    # ------------------------------------------------------------------ acting for the seat
    def explain(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal, or ``None``; another seat's moves are refused
        (``not-viewing-seat``): this seat cannot know that hand."""
        seat = move.seat if isinstance(move, Move) else -1
        hand = self.hand if seat == self.seat else None
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.explain(move)
        return phases.explain(self, move, hand)

    def legal_moves(self, seat: int | None = None) -> LegalMoves[Move]:
        """This seat's legal moves."""
        if seat is not None:
            seat = args.seat(seat, self.players)
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.legal_moves(seat)
        mine = seat is None or seat == self.seat
        return LegalMoves(
            lambda: phases.generate(self, self.seat, self.hand) if mine else iter(()),
            self.explain,
            Move,
            lambda: phases.count(self, self.seat, self.hand) if mine else 0,
            lambda: self._describe() if mine else Description(game="shengji"),
        )

    def _describe(self) -> Description[Move]:
        """This seat's legal moves described, CORE-API-3 (Choices too large to list)."""
        moves, choices = phases.describe(self, self.seat, self.hand, self.explain)
        return Description.counted("shengji", moves, choices)

    def random_move(self, rng: random.Random, seat: int | None = None) -> Move:
        """A legal move of this seat, drawn without listing a burial's or a follow's choices."""
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.random_move(rng, seat)
        args.rng(rng)
        if seat is not None:
            seat = args.seat(seat, self.players)
        move = None
        if seat is None or seat == self.seat:
            move = phases.random_move(self, self.seat, self.hand, rng)
        if move is None:
            raise IllegalMoveError(CODES.refuse("not-your-turn", f"seat {self.seat} waits"))
        return move

    def parse_move(self, text: MoveText | str) -> Move:
        """A move of any phase from its text (``"1: bid 3H 3H"``, or ``"bid 3H 3H"`` for this
        seat); another seat's text is refused (code ``other-seat``)."""
        return phases.parse_move(
            self.variant, for_seat(text, self.seat, decks=self.variant.decks, verbs=Move.verbs())
        )

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> JSONObject:
        """The view as a document ``{"format": 1, "game": "shengji", "type": "match-view", …}``."""
        own: JSONObject = {
            "seat": self.seat,
            "variant": self.variant.to_json(),
            "round": self.round_number,
            "redeals": self.redeals,
            "levels": [r.text for r in self.levels],
            "scores": list(self.scores),
            "banker": self.banker,
            "dealt_first": self.dealt_first,
            "phase": self.phase.value,
            "hand": str(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "kitty_size": self.kitty_size,
            "kitty": None if self.kitty is None else str(self.kitty),
        }
        play = None if self.play is None else self.play.nested_json()
        body = own | bidding_json(self) | {"play": play, "turn": self.turn}
        body["tracker"] = self.tracker.to_json()
        return document("shengji", "match-view", body)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> MatchView:
        """Read what :meth:`to_json` wrote, refusing (one :class:`CardrulesError` naming the
        field) a view no match could show its seat: every field read strictly, the public
        table checked phase by phase as a match's is, the play view's trick replayed, the
        kitty shown only to the seat that holds or buried it (everyone once the round's play is
        over). ``MatchView.from_json(view.to_json()) == view``, and the view read acts for its
        seat as the one written."""
        reader = open_document(data, "shengji", "match-view")
        variant = read_variant(reader, "variant", Variant)
        players, decks = variant.players, variant.decks
        fields = read_public_fields(reader, variant)
        burier = fields["burier"]
        assert burier is None or isinstance(burier, int)
        play = None
        if reader.raw("play") is not None:
            sub = reader.nested("play", "shengji", "view")
            play = read_view(sub, variant, burier)
            sub.done()
        with reader.reading():
            view = cls(
                seat=reader.integer("seat", 0, players - 1),
                variant=variant,
                hand=reader.cards("hand", decks),
                hand_sizes=reader.ints("hand_sizes", players, 0, variant.total_cards),
                stock_size=reader.integer("stock_size", 0, variant.total_cards),
                kitty_size=reader.integer("kitty_size", 0, variant.kitty),
                kitty=None if reader.raw("kitty") is None else reader.cards("kitty", decks),
                play=play,
                **fields,  # type: ignore[arg-type]
            )
        reader.derived({"turn": view.turn}, ("turn",), "does not follow from the other fields")
        read_tracker(reader, "tracker", view.tracker)
        reader.done()
        return view


@implements("SJ-KITTY-2")
def view_of(match: Match, seat: int) -> MatchView:
    """``seat``'s view of ``match``: the kitty only for the seat holding or having buried it,
    SJ-KITTY-2 (Who sees the kitty)."""
    seat = args.seat(seat, match.players)
    play = None if match.play is None else _play_view(match, seat)
    if play is not None:
        kitty = play.kitty
    elif match.phase in (Phase.BURY, Phase.FRY) and seat == match.burier:
        kitty = match.kitty
    else:
        kitty = None
    phase = match.phase
    return MatchView(
        seat=seat,
        variant=match.variant,
        round_number=match.round_number,
        redeals=match.redeals,
        levels=match.levels,
        scores=match.scores,
        banker=match.banker,
        dealt_first=match.dealt_first,
        phase=phase,
        hand=match.hands[seat],
        hand_sizes=match.hand_sizes,
        stock_size=len(match.stock),
        kitty_size=match.variant.kitty if phase in (Phase.DEAL, Phase.BID) else len(match.kitty),
        kitty=kitty,
        bid=match.bid,
        trump=match.trump,
        passes=match.passes,
        to_ask=match.to_ask,
        burier=match.burier,
        flipped=match.flipped,
        play=play,
        last=match.last,
        winner=match.winner,
        derived=_TRUSTED,
    )


def _play_view(match: Match, seat: int) -> View:
    """The play state's view, with the kitty shown to the seat that buried it: a fryer in a later
    round buries it though the banker stays (the play state alone shows it to the banker)."""
    assert match.play is not None
    view = match.play.view(seat)
    burier = match.burier
    if burier is None or burier == match.banker or match.play.is_over:
        return view
    sees = seat == burier
    if sees == (view.kitty is not None):
        return view
    return attrs.evolve(view, kitty=match.play.kitty if sees else None)


def check_view(view: MatchView) -> None:
    """Raise :class:`PositionError` naming the field if no match could show ``view.seat`` this
    view, SJ-MATCH-4 (What a match shows and saves): the public table as a match checks it
    (:func:`~cardrules.shengji.match.check.check_public`), the seat's cards, and the kitty only
    where the seat may see it, SJ-KITTY-2 (Who sees the kitty)."""
    variant = view.variant
    if not isinstance(variant, Variant):
        raise PositionError("a shengji Variant is needed", key="variant")
    players = variant.players
    seat = view.seat
    if type(seat) is not int or not 0 <= seat < players:
        raise PositionError(f"a seat 0..{players - 1}, got {quote(seat)}", key="seat")
    check_head(view)
    hand, sizes, kitty = view.hand, view.hand_sizes, view.kitty
    if not isinstance(hand, Cards) or (kitty is not None and not isinstance(kitty, Cards)):
        raise PositionError("card multisets (Cards)", key="hand")
    if (
        not isinstance(sizes, tuple)
        or len(sizes) != players
        or not all(type(n) is int and n >= 0 for n in sizes)
    ):
        raise PositionError(f"one card count per seat ({players})", key="hand_sizes")
    if sizes[seat] != len(hand):
        raise PositionError(f"seat {seat} holds {len(hand)} cards", key="hand_sizes")
    for key in ("stock_size", "kitty_size"):
        if type(getattr(view, key)) is not int or getattr(view, key) < 0:
            raise PositionError("a count of cards", key=key)
    play = view.play
    if play is not None and (not isinstance(play, View) or play.seat != seat):
        raise PositionError("this seat's play view", key="play")
    _check_seen_cards(view)
    phase = view.phase
    bidding = phase in (Phase.DEAL, Phase.BID)
    if bidding and (kitty is not None or view.kitty_size != variant.kitty):
        raise PositionError(f"the kitty of {variant.kitty} cards is still hidden", key="kitty")
    holder = view.burier if phase in (Phase.BURY, Phase.FRY) else None
    if phase in (Phase.BURY, Phase.FRY) and (seat == holder) != (kitty is not None):
        raise PositionError("the kitty is shown to the seat that took it, and only to it",
                            key="kitty")  # fmt: skip
    if play is not None:
        shown_to = play.banker if view.burier is None else view.burier
        if (seat == shown_to or play.is_over) != (play.kitty is not None):
            raise PositionError("the kitty is shown to the seat that buried it, and to every "
                                "seat once the round is over", key="play.kitty")  # fmt: skip

    def plays_here() -> bool:
        return play is not None and (play.hand, play.hand_sizes, play.kitty, play.kitty_size) == (
            hand,
            sizes,
            kitty,
            view.kitty_size,
        )

    held = Holdings(
        sizes=sizes,
        stock=view.stock_size,
        kitty=0 if bidding else view.kitty_size,
        hand=lambda s: hand if s == seat else None,
        kitty_cards=None if bidding else kitty,
        plays_here=plays_here,
        keys=("hand_sizes", "stock_size", "kitty_size"),
    )
    check_public(view, held)


def _check_seen_cards(view: MatchView) -> None:
    """No card the seat sees more often than the decks hold (its hand, the kitty it holds or
    buried, another seat's standing bid, the kitty turned up); no hand larger than a deal."""
    variant = view.variant
    seen = view.hand
    if view.kitty is not None and view.phase is not Phase.BURY:
        seen = seen + view.kitty
    bid = view.bid
    if bid is not None and bid.seat != view.seat and view.phase in (Phase.DEAL, Phase.BID):
        seen = seen + bid.cards
    try:
        seen.check_within(variant.decks)
    except CardrulesError as err:
        raise PositionError(str(err), key="hand") from None
    full = hand_size(variant)
    for s, n in enumerate(view.hand_sizes):
        extra = view.kitty_size if view.phase is Phase.BURY and s == view.burier else 0
        if n > full + extra:
            raise PositionError(f"seat {s} holds {n} cards; a deal gives only {full}",
                                key="hand_sizes")  # fmt: skip
