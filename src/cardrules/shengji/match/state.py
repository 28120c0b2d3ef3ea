"""A whole four-deck Shengji match as one immutable state, SJ-MATCH-1 (A match is rounds of
phases): each round is dealt card by card with bidding during the deal (抢亮) and a last call
after it, the kitty is buried and fried (炒底), the round is played by the play-phase
:class:`~cardrules.shengji.state.State`, and its points move the levels, the bank and the match
score until the match ends.

A :class:`Match` satisfies :class:`~cardrules.game.GameState` like the play state: every phase's
moves go through ``legal_moves`` / ``explain`` / ``apply`` / ``step`` / ``view``. Legality of the
phases before the play is written once in :mod:`cardrules.shengji.match.phases`; the play phase is
the play state's. ``Match.new(variant, seed=…)`` starts a match;
``Match.from_position(position)`` starts one in any phase of a case file's ``[position]``;
``to_json`` / ``from_json`` save and read it, refusing any match that could not exist.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

import attrs

from cardrules import args
from cardrules.cards import Card, Rank, Suit
from cardrules.deck import shuffled
from cardrules.errors import CardrulesError, Illegal, IllegalMoveError, PositionError
from cardrules.events import Event
from cardrules.game import Derives
from cardrules.implements import implements
from cardrules.jsonio import JSON, JSONObject, document, open_document
from cardrules.legal import Choice, Description, LegalMoves
from cardrules.move import EMPTY
from cardrules.multiset import Cards
from cardrules.notation import MoveText
from cardrules.position import Position
from cardrules.records import MoveLog, Recording
from cardrules.rng import derive_seed
from cardrules.shengji import rules
from cardrules.shengji.bids import Bid, bid_trump, flip_banker, flip_trump, needs_naming
from cardrules.shengji.codes import CODES
from cardrules.shengji.events import (
    BiddingOver,
    BidMade,
    CardDealt,
    Fried,
    KittyBuried,
    KittyFlipped,
    KittyTaken,
    MatchOver,
    MovePlayed,
    PlayStarted,
    Redealt,
    RoundScored,
    RoundStarted,
    TrumpNamed,
)
from cardrules.shengji.levels import Settlement, settle
from cardrules.shengji.match import phases
from cardrules.shengji.match.check import check_match
from cardrules.shengji.match.documents import match_body, read_match_fields
from cardrules.shengji.match.facts import MatchFacts, PlayTable
from cardrules.shengji.match.phases import MAX_REDEALS, Phase
from cardrules.shengji.match.position import match_fields
from cardrules.shengji.match.record import MatchStanding
from cardrules.shengji.match.view import MatchView, view_of
from cardrules.shengji.moves import NAMING, Move, MoveKind
from cardrules.shengji.state import State
from cardrules.shengji.variant import NoBidFirstRound, Variant
from cardrules.slots import evolver
from cardrules.variant import variant_of

__all__ = ["Match"]


def _seed_of(value: object) -> int:
    return args.seed(value, error=PositionError)


@attrs.frozen(kw_only=True, repr=False)
class Match(Derives, MatchFacts, Recording[Move]):
    """A moment of a match. Never changes: :meth:`apply` returns a new match.

    Fields: the variant and the match ``seed`` (each round's deal is drawn from
    ``derive_seed(seed, round)``, a redeal's from ``derive_seed(seed, round, redeals)``), the
    ``round_number`` and the ``redeals`` of round 1 so far, both teams' ``levels``, every seat's
    match ``scores``, the ``banker`` (``None`` in round 1 until a bid or the kitty flip makes
    one), the seat ``dealt_first``, the ``phase``, every ``hands``, the ``stock`` still to deal
    in order (the kitty is its last ``variant.kitty`` cards), the ``kitty`` (in the bury phase the
    cards the burier took, after that the buried cards), the standing ``bid``, the ``trump``
    once the bidding is over, the ``passes`` in a row in the bidding and frying circles, the seat
    ``to_ask`` (in the deal the seat just dealt a card, in the circles the seat asked), the last
    ``burier``, the ``flipped`` kitty (shown to all when nobody bid),
    the ``play`` state (play and over phases), the ``last`` round's settlement and the match
    ``winner``.

    Built from outside (the constructor, JSON, a position) it is checked to be a match that
    could exist, SJ-MATCH-4 (What a match shows and saves)."""

    variant: Variant
    seed: int = 0
    round_number: int = 1
    redeals: int = 0
    levels: tuple[Rank, Rank]
    scores: tuple[int, ...]
    banker: int | None = None
    dealt_first: int
    phase: Phase
    hands: tuple[Cards, ...]
    stock: tuple[Card, ...] = ()
    kitty: Cards = EMPTY
    bid: Bid | None = None
    trump: Suit | None = None
    passes: int = 0
    to_ask: int = 0
    burier: int | None = None
    flipped: tuple[Card, ...] = ()
    play: State | None = None
    last: Settlement | None = None
    winner: int | None = None
    _derived: tuple[object, ...] | None = attrs.field(default=None, eq=False, alias="derived")
    #: Every move since the seed (``None`` when read from a position or a document).
    _log: MoveLog[Move] | None = attrs.field(default=None, eq=False, repr=False, alias="log")

    DERIVED: ClassVar[tuple[str, ...]] = ()
    #: The ``derived`` argument of a match the library built from a checked one (no derived
    #: facts to hand over, but not ``None``: the checks are skipped).
    _TRUSTED: ClassVar[tuple[object, ...]] = ()

    def _check(self) -> tuple[object, ...]:
        check_match(self)
        return ()

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, variant: Variant | str = "four-deck", *, seed: int) -> Match:
        """A match dealt from ``seed``, SJ-DEAL-1 (The deal of a match): both teams at the
        variant's ``start_level``, the first round dealt from a seat the seed chooses."""
        v = _variant(variant)
        seed = _seed_of(seed)
        first = derive_seed(seed, 0) % v.players
        hands, stock = _first_card(v, seed, 1, 0, first)
        return cls(
            variant=v,
            seed=seed,
            levels=(v.start_level, v.start_level),
            scores=(0,) * v.players,
            dealt_first=first,
            phase=Phase.DEAL,
            hands=hands,
            stock=stock,
            to_ask=first,
            derived=cls._TRUSTED,
            log=MoveLog(),
        )

    @classmethod
    def from_position(cls, position: Position) -> Match:
        """The match a case file's ``[position]`` describes, in any phase (``deal``, ``bid``,
        ``bury``, ``fry``, ``play``), SJ-MATCH-4 (What a match shows and saves); the keys it
        reads besides the contract's are :mod:`cardrules.shengji.match.position`'s."""
        args.instance(position, Position, "position")
        return cls(**match_fields(position))  # type: ignore[arg-type]

    # ------------------------------------------------------------------ the table
    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds now, by seat."""
        return tuple(len(hand) for hand in self.hands)

    @property
    def play_table(self) -> PlayTable | None:
        """The round's play state in the play phase (and once it is over), else ``None``."""
        return self.play

    # ------------------------------------------------------------------ legality (written once)
    def explain(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal now, or ``None`` if it is legal."""
        seat = move.seat if isinstance(move, Move) else -1
        hand = self.hands[seat] if 0 <= seat < len(self.hands) else EMPTY
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return rules.explain(self.play, move, hand)
        return phases.explain(self, move, hand)

    def legal_moves(self, seat: int | None = None) -> LegalMoves[Move]:
        """Every legal move of ``seat`` (default: of every seat that may act now — during the
        deal anyone may bid, CORE-API-2 (Who may act)), in a stable order, lazily."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.hands)):
            seat = args.seat(seat, self.players)
        if self.phase is Phase.PLAY:
            assert self.play is not None
            play = self.play
            return LegalMoves(
                lambda: iter(play.legal_moves(seat)),
                self.explain,
                Move,
                lambda: play.legal_moves(seat).count(),
                lambda: play.legal_moves(seat).describe(),
            )
        seats = range(self.players) if seat is None else (seat,)
        return LegalMoves(
            lambda: (m for s in seats for m in phases.generate(self, s, self.hands[s])),
            self.explain,
            Move,
            lambda: sum(phases.count(self, s, self.hands[s]) for s in seats),
            lambda: self._describe(seats),
        )

    def _describe(self, seats: Sequence[int]) -> Description[Move]:
        """:meth:`legal_moves` of ``seats`` described, CORE-API-3 (Choices too large to list)."""
        moves: list[Move] = []
        choices: list[Choice[Move]] = []
        for s in seats:
            listed, families = phases.describe(self, s, self.hands[s], self.explain)
            moves += listed
            choices += families
        return Description.counted("shengji", tuple(moves), tuple(choices))

    def random_move(self, rng: random.Random, seat: int | None = None) -> Move:
        """A legal move drawn at random without listing a burial's or a follow's choices;
        without ``seat``, of any seat that may act (during the deal, any legal move of any
        seat)."""
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.play.random_move(rng, seat)
        args.rng(rng)
        if seat is not None:
            seat = args.seat(seat, self.players)
        move: Move | None = None
        if seat is None and self.phase is Phase.DEAL and (self.bid is None or self.bid.named):
            move = rng.choice(phases.deal_moves(self, self.hands))
        else:
            who = self.turn if seat is None else seat
            if who is not None:
                move = phases.random_move(self, who, self.hands[who], rng)
        if move is None:
            raise IllegalMoveError(CODES.refuse("not-your-turn", f"seat {seat} has no move now"))
        return move

    def parse_move(self, text: MoveText | str) -> Move:
        """A move from its text (``"1: bid 3H 3H"``, ``"0: pass"``, ``"2: hearts"``)."""
        return phases.parse_move(self.variant, text)

    # ------------------------------------------------------------------ applying
    def _apply(self, move: Move, sink: list[Event] | None) -> Match:
        if self.phase is Phase.PLAY:
            return self._play(move, sink)
        if sink is not None:
            sink.append(MovePlayed(move.seat, move.kind, move.cards))
        bid = self.bid
        if bid is not None and not bid.named:
            return self._name(move, bid, sink)
        if move.kind is MoveKind.BID:
            return self._bid(move, sink)
        if move.kind is MoveKind.FRY:
            return self._fry(move, sink)
        if move.kind is MoveKind.BURY:
            return self._bury(move, sink)
        return self._pass(sink)

    def _evolve(self, **changes: object) -> Match:
        return _evolve(self, changes)

    # -- the deal and the bidding
    @implements("SJ-DEAL-1")
    def _deal_round(
        self,
        round_number: int,
        redeals: int,
        banker: int | None,
        last: Settlement | None,
        sink: list[Event] | None,
    ) -> Match:
        """Shuffle the round's pack and deal its first card, SJ-DEAL-1 (The deal of a match):
        to the banker, or in round 1 to the seat dealt first."""
        first = self.dealt_first if banker is None else banker
        hands, stock = _first_card(self.variant, self.seed, round_number, redeals, first)
        if sink is not None:
            sink.append(RoundStarted(round_number, self.levels, banker, first))
            sink.append(CardDealt(first))
        return self._evolve(
            round_number=round_number,
            redeals=redeals,
            banker=banker,
            dealt_first=first,
            phase=Phase.DEAL,
            hands=hands,
            stock=stock,
            kitty=EMPTY,
            bid=None,
            trump=None,
            passes=0,
            to_ask=first,
            burier=None,
            flipped=(),
            play=None,
            last=last,
        )

    @implements("SJ-BID-6")
    def _pass(self, sink: list[Event] | None) -> Match:
        if self.phase is Phase.DEAL:
            return self._deal_on(sink)
        passes = self.passes + 1
        to_ask = (self.to_ask + 1) % self.players
        if self.phase is Phase.BID:
            if passes == self.players:
                return self._end_bidding(sink)
        elif passes == self.players - 1:
            return self._start_play(sink)
        return self._evolve(passes=passes, to_ask=to_ask)

    @implements("SJ-DEAL-2")
    def _deal_on(self, sink: list[Event] | None) -> Match:
        """SJ-DEAL-2 (Dealing as moves): the seat just dealt lets the deal go on."""
        if len(self.stock) <= self.variant.kitty:
            return self._evolve(phase=Phase.BID, to_ask=self.dealt_first, passes=0)
        seat = (self.to_ask + 1) % self.players
        hands = list(self.hands)
        counts = list(hands[seat].counts)
        counts[self.stock[0].index] += 1
        hands[seat] = Cards.unchecked(tuple(counts))
        if sink is not None:
            sink.append(CardDealt(seat))
        return self._evolve(hands=tuple(hands), stock=self.stock[1:], to_ask=seat)

    def _bid(self, move: Move, sink: list[Event] | None) -> Match:
        """SJ-BID-1 (What a bid shows); in round 1 the bidder becomes the banker, SJ-BID-9 (The
        banker of the first round)."""
        bid = _new_bid(move, self.level)
        if sink is not None:
            sink.append(BidMade(move.seat, move.cards, bid.trump, bid.named, self.bid is not None))
        banker = move.seat if self.round_number == 1 else self.banker
        if self.phase is Phase.BID:
            to_ask = (move.seat + 1) % self.players
            return self._evolve(bid=bid, banker=banker, passes=0, to_ask=to_ask)
        return self._evolve(bid=bid, banker=banker)

    def _name(self, move: Move, bid: Bid, sink: list[Event] | None) -> Match:
        """SJ-BID-4 (Four jokers name the trump)."""
        trump = NAMING[move.kind]
        if sink is not None:
            sink.append(TrumpNamed(move.seat, trump))
        named = attrs.evolve(bid, trump=trump, named=True)
        return self._evolve(bid=named, trump=trump if self.phase is Phase.BURY else None)

    @implements("SJ-BID-7")
    def _end_bidding(self, sink: list[Event] | None) -> Match:
        """A full circle passed: the standing bid sets the trump, or nobody bid, SJ-BID-7
        (Nobody bids)."""
        bid = self.bid
        if bid is not None:
            assert self.banker is not None
            if sink is not None:
                sink.append(BiddingOver(bid.trump, self.banker, bid.seat))
            return self._take_kitty(self.banker, bid.trump, (), sink)
        if (
            self.round_number == 1
            and self.variant.no_bid_first_round is NoBidFirstRound.REDEAL
            and self.redeals < MAX_REDEALS
        ):
            if sink is not None:
                sink.append(Redealt(1, self.redeals + 1))
            return self._deal_round(1, self.redeals + 1, None, self.last, sink)
        kitty = self.stock
        trump = flip_trump(kitty, self.level)
        banker = self.banker
        if banker is None:
            banker = flip_banker(kitty, self.players, self.dealt_first)
        if sink is not None:
            sink.append(KittyFlipped(Cards.of(kitty), trump, banker))
            sink.append(BiddingOver(trump, banker, None))
        return self._evolve(banker=banker)._take_kitty(banker, trump, kitty, sink)

    # -- the kitty and frying
    @implements("SJ-KITTY-1")
    def _take_kitty(
        self, seat: int, trump: Suit | None, flipped: tuple[Card, ...], sink: list[Event] | None
    ) -> Match:
        """SJ-KITTY-1 (The banker buries the kitty): the banker takes the dealt kitty."""
        kitty = Cards.of(self.stock)
        changed = self._evolve(stock=(), trump=trump, flipped=flipped, passes=0, to_ask=0)
        if not kitty:
            return changed._start_play(sink)
        hands = list(self.hands)
        hands[seat] = hands[seat] + kitty
        if sink is not None:
            sink.append(KittyTaken(seat, len(kitty)))
        return changed._evolve(phase=Phase.BURY, hands=tuple(hands), kitty=kitty, burier=seat)

    @implements("SJ-FRY-4")
    def _bury(self, move: Move, sink: list[Event] | None) -> Match:
        """SJ-KITTY-1 (The banker buries the kitty); then the others may fry, SJ-FRY-1 (Frying in
        turn), unless the kitty was turned up, SJ-FRY-4 (No frying after a flip)."""
        hands = list(self.hands)
        hands[move.seat] = hands[move.seat] - move.cards
        if sink is not None:
            sink.append(KittyBuried(move.seat, len(move.cards)))
        buried = self._evolve(hands=tuple(hands), kitty=move.cards)
        if self.bid is None or not self.variant.fry_order:
            return buried._start_play(sink)
        return buried._evolve(phase=Phase.FRY, passes=0, to_ask=(move.seat + 1) % self.players)

    @implements("SJ-FRY-1")
    def _fry(self, move: Move, sink: list[Event] | None) -> Match:
        """SJ-FRY-1 (Frying in turn): the fryer takes the kitty and its bid sets the trump; in
        round 1 it becomes the banker, SJ-BID-9 (The banker of the first round)."""
        bid = _new_bid(move, self.level)
        banker = move.seat if self.round_number == 1 else self.banker
        assert banker is not None
        if sink is not None:
            sink.append(Fried(move.seat, move.cards, bid.trump, bid.named, banker))
            sink.append(KittyTaken(move.seat, len(self.kitty)))
        hands = list(self.hands)
        hands[move.seat] = hands[move.seat] + self.kitty
        return self._evolve(
            phase=Phase.BURY,
            bid=bid,
            trump=bid.trump,
            banker=banker,
            hands=tuple(hands),
            burier=move.seat,
            passes=0,
            to_ask=0,
        )

    # -- the play and the round's end
    def _start_play(self, sink: list[Event] | None) -> Match:
        assert self.banker is not None
        play = State(
            variant=self.variant,
            levels=self.levels,
            trump=self.trump,
            banker=self.banker,
            hands=self.hands,
            kitty=self.kitty,
            leader=self.banker,
        )
        if sink is not None:
            sink.append(PlayStarted(self.trump, self.banker, play.level))
        return self._evolve(phase=Phase.PLAY, play=play, passes=0, to_ask=0)

    def _play(self, move: Move, sink: list[Event] | None) -> Match:
        assert self.play is not None
        play = self.play._apply(move, sink)
        if not play.is_over:
            return self._evolve(play=play, hands=play.hands)
        return self._evolve(play=play, hands=play.hands)._settle(sink)

    def _settle(self, sink: list[Event] | None) -> Match:
        """The round is over: SJ-LEVEL-1 (The level table), SJ-LEVEL-3 (The next banker),
        SJ-MATCH-2 (The end of the match), SJ-MATCH-3 (The match score)."""
        assert self.play is not None and self.banker is not None
        result = self.play.result()
        settled = settle(
            self.variant,
            round_number=self.round_number,
            levels=self.levels,
            banker=self.banker,
            attacker_points=result.attacker_points,
            scores=self.scores,
            penalties=result.penalties,
            jack_drop=result.jack_drop,
        )
        if sink is not None:
            sink.append(RoundScored(settled))
        after = self._evolve(levels=settled.levels, scores=settled.scores, last=settled)
        if settled.over:
            if sink is not None:
                sink.append(
                    MatchOver(self.round_number, settled.winner, settled.levels, settled.scores)
                )
            return after._evolve(phase=Phase.OVER, winner=settled.winner)
        return after._deal_round(self.round_number + 1, 0, settled.next_banker, settled, sink)

    # ------------------------------------------------------------------ results and views
    def result(self) -> MatchStanding:
        """The match's final standing, as :meth:`standing`; raises
        :class:`~cardrules.errors.CardrulesError` before the match is over (as a play state's
        ``result()`` does before its round is)."""
        if not self.is_over:
            raise CardrulesError("the match is not over yet", code="not-over")
        return self.standing

    @property
    def standing(self) -> MatchStanding:
        """The match's standing now: levels, scores, rounds, the winner once it is over."""
        return MatchStanding(
            round=self.round_number,
            over=self.is_over,
            winner=self.winner,
            levels=self.levels,
            scores=self.scores,
            last=self.last,
        )

    def view(self, seat: int) -> MatchView:
        """What ``seat`` may see, SJ-MATCH-4 (What a match shows and saves), SJ-KITTY-2 (Who sees
        the kitty)."""
        return view_of(self, seat)

    def to_json(self) -> JSONObject:
        """The match as a document ``{"format": 1, "game": "shengji", "type": "match", …}``;
        ``turn`` is written for readers' sake and checked when read back."""
        return document("shengji", "match", match_body(self) | {"turn": self.turn})

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str | bytes) -> Match:
        """Read what :meth:`to_json` wrote, refusing (one :class:`CardrulesError` naming the
        field) any match that could not exist."""
        reader = open_document(data, "shengji", "match")
        fields = read_match_fields(reader)
        with reader.reading():
            match = cls(**fields)  # type: ignore[arg-type]
        reader.derived({"turn": match.turn}, ("turn",), "does not follow from the other fields")
        reader.done()
        return match

    def __repr__(self) -> str:
        return (
            f"<Match round {self.round_number}, {self.phase}, turn {self.turn}, levels "
            f"{'/'.join(r.text for r in self.levels)}>"
        )


#: ``attrs.evolve`` for the rules' own moves: a match built from a checked one needs no checks.
_evolve = evolver(Match)


def _first_card(
    variant: Variant, seed: int, round_number: int, redeals: int, first: int
) -> tuple[tuple[Cards, ...], tuple[Card, ...]]:
    """A round's pack from the match seed, its first card dealt to ``first``: the hands and the
    stock still to deal (the kitty last)."""
    path = (round_number,) if redeals == 0 else (round_number, redeals)
    pack = shuffled(variant.decks, derive_seed(seed, *path))
    hands = [EMPTY] * variant.players
    hands[first] = Cards.of(pack[:1])
    return tuple(hands), tuple(pack[1:])


def _new_bid(move: Move, level: Rank) -> Bid:
    if needs_naming(move.cards):
        return Bid(move.seat, move.cards, None, named=False)
    return Bid(move.seat, move.cards, bid_trump(move.cards, level))


def _variant(variant: Variant | str) -> Variant:
    return variant_of(Variant, variant)
