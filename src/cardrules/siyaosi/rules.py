"""四幺四 legality, written once: :func:`explain` says why a move is illegal, from what the
mover may see — the public table (a :class:`Situation`: a state or a view) and the mover's own
hand. :class:`~cardrules.siyaosi.state.State` and :class:`~cardrules.siyaosi.view.View` both
answer ``explain``, ``is_legal`` and ``legal_moves`` through it, so a view's answers equal the
state's for the viewing seat.

Also here: reading a move's text in a situation (:func:`parse_move`, 4A4-MOVES-2 (Reading a
move)) and who plays or leads next (:func:`next_active`, :func:`relay`).
"""

from __future__ import annotations

import operator
from typing import Protocol

from cardrules.cards import Rank
from cardrules.errors import Illegal
from cardrules.game import common_refusal
from cardrules.implements import implements
from cardrules.multiset import Cards
from cardrules.notation import MoveText, move_text
from cardrules.siyaosi import chain
from cardrules.siyaosi.codes import PLAY_CODES
from cardrules.siyaosi.combos import (
    COMBINATION_CLAUSES,
    DOUBLE_STRAIGHT,
    SINGLE,
    Combination,
    beats_rule,
    classify_counts,
    rank_counts,
)
from cardrules.siyaosi.moves import (
    CAPTURE,
    CHA,
    CHI,
    GOU,
    PASS,
    PHASE_KINDS,
    PLAY,
    Move,
    MoveKind,
    Phase,
    Top,
)
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.variant import LeadDoubleStraight, Variant

__all__ = [
    "RoundFacts",
    "Situation",
    "chi_combination",
    "dead_cha_on",
    "explain",
    "grounds",
    "may_lead",
    "next_active",
    "parse_move",
    "relay",
]


_refuse = PLAY_CODES.refuse


class Situation(Protocol):
    """The public table of a 四幺四 play phase: what every seat sees."""

    @property
    def table(self) -> Table:
        """The table: variant, levels and ruling team."""
        ...

    @property
    def top(self) -> Top | None:
        """What stands on top of the current trick; ``None`` when the seat in turn leads."""
        ...

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is; ``None`` once the round is over."""
        ...

    @property
    def passes(self) -> int:
        """How many seats have passed in a row since the top was played."""
        ...

    @property
    def out(self) -> tuple[int, ...]:
        """The seats that have gone out, in finishing order."""
        ...

    @property
    def leader(self) -> int:
        """The seat that led the current trick."""
        ...

    @property
    def trick(self) -> tuple[Move, ...]:
        """The moves of the current trick, oldest first."""
        ...

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the round is over."""
        ...


class RoundFacts:
    """Mixin of :class:`~cardrules.siyaosi.state.State` and :class:`~cardrules.siyaosi.view.View`:
    what both derive alike from the public table (its ``table``, ``turn`` and ``hand_sizes``)."""

    __slots__ = ()

    @property
    def table(self) -> Table:  # pragma: no cover - a field of every subclass
        """The table: variant, levels and ruling team."""
        raise NotImplementedError

    @property
    def turn(self) -> int | None:  # pragma: no cover - a field of every subclass
        """The seat whose turn it is; ``None`` once the round is over."""
        raise NotImplementedError

    @property
    def hand_sizes(self) -> tuple[int, ...]:  # pragma: no cover
        """How many cards each seat holds, by seat."""
        raise NotImplementedError

    @property
    def variant(self) -> Variant:
        """The variant the round is played by."""
        return self.table.variant

    @property
    def levels(self) -> tuple[Rank, Rank]:
        """Each team's level, team 0 first."""
        return self.table.levels

    @property
    def ruling(self) -> int | None:
        """The ruling team (0 or 1); ``None`` when nobody rules."""
        return self.table.ruling

    @property
    def phase(self) -> Phase:
        """``play``: a round's play state and its views are a match's play phase."""
        return Phase.PLAY

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return self.table.variant.players

    @property
    def is_over(self) -> bool:
        """The round ends as soon as one team has all its players out, 4A4-ROUND-1 (Emperor,
        end, catching): then no seat has a turn."""
        return self.turn is None

    @property
    @implements("4A4-TURN-6")
    def announced(self) -> tuple[int, ...]:
        """Seats that have announced their card count (报片), 4A4-TURN-6 (Announcing (报片))."""
        limit = self.table.variant.announce_at
        return tuple(s for s, n in enumerate(self.hand_sizes) if 0 < n <= limit)


#: Deprecated (one release): the old name of :class:`RoundFacts`.
TableFacts = RoundFacts


# ---------------------------------------------------------------------- whose turn
def next_active(players: int, out: tuple[int, ...], seat: int) -> int:
    """The next seat after ``seat`` in playing order that still holds cards (``seat`` itself
    when every other seat is out)."""
    for i in range(1, players + 1):
        s = (seat + i) % players
        if s not in out:
            return s
    return seat


@implements("4A4-TURN-4")
def relay(players: int, out: tuple[int, ...], seat: int) -> int:
    """Who leads after ``seat`` won a trick: ``seat`` itself while it holds cards, else the next
    seat in order on its team that does, 4A4-TURN-4 (接风: the winner has gone out)."""
    if seat not in out:
        return seat
    for i in range(1, players):
        s = (seat + i) % players
        if s % 2 == seat % 2 and s not in out:
            return s
    return seat


# ---------------------------------------------------------------------- legality
@implements("4A4-TURN-1", "4A4-TURN-7")
def explain(sit: Situation, move: object, hand: Cards | None) -> Illegal | None:
    """Why ``move`` is illegal in ``sit``, or ``None`` if it is legal. ``hand`` is the mover's
    hand (``None``: not known to the caller, as for a view asked about another seat)."""
    if type(move) is not Move or hand is None or sit.turn is None or move.seat >= sit.players:
        # the rare case, checked in full (the common case passes these checks)
        common = common_refusal(PLAY_CODES, move, Move, sit.players, hand, sit.is_over)
        if common is not None or not isinstance(move, Move) or hand is None:
            return common
    seat = move.seat
    kind = move.kind
    if kind is not PLAY and kind in PHASE_KINDS:  # 4A4-MATCH-2 (Phases and their moves)
        return _refuse("wrong-phase", f"a {kind} belongs to the tribute phase, not to play")
    if seat in sit.out:
        return _refuse("seat-out", f"seat {seat} is out and plays no more")
    top = sit.top
    if kind is PASS:
        if seat != sit.turn:
            return _not_turn(sit, seat)
        if top is None:
            return _refuse("leader-must-play", "the leader must play, not pass")
        return None
    cards = move.cards
    if not all(map(operator.le, cards.counts, hand.counts)):
        return PLAY_CODES.not_in_hand(cards, hand, seat=seat)
    rc = rank_counts(cards.counts)
    if kind is PLAY:
        return _explain_play(sit, seat, cards, rc, top, hand)
    if (kind is CHA or kind is GOU) and sit.table.dead:
        return _explain_dead(kind, rc, top)
    if kind is CHA or kind is GOU:
        return _explain_chain(sit, kind, rc, top)
    if kind is CAPTURE:
        return _explain_capture(sit, rc, top)
    return _explain_chi(sit, seat, cards, top)


def _not_turn(sit: Situation, seat: int) -> Illegal:
    return _refuse(
        "not-your-turn",
        f"it is seat {sit.turn}'s turn, not seat {seat}'s "
        "(only a cha, gou or capture may be played out of turn)",
    )


def _open_chain(sit: Situation, top: Top | None) -> Top | None:
    """``top`` when a chain may be stepped on it."""
    if top is None or top.base is None or not sit.table.chains:
        return None
    return top


@implements("4A4-TURN-2")
def _explain_play(
    sit: Situation, seat: int, cards: Cards, rc: list[int], top: Top | None, hand: Cards
) -> Illegal | None:
    # A play that splits into chain steps is those steps, in or out of turn, 4A4-CHAIN-8
    # (Several steps in one play).
    chained = _open_chain(sit, top)
    if chained is not None and chain.steps_made(chained, rc, sit.table.variant):
        return _refuse(
            "chain-step-not-play",
            f"{cards} continues the chain on top; it is played as a "
            f"{chain.step_kind(chained.steps)}, not as a new combination",
        )
    if seat != sit.turn:
        return _not_turn(sit, seat)
    combo = classify_counts(cards, rc, sit.table, seat)
    if combo is None:
        return _refuse("not-a-combination", f"{cards} is not a combination of 四幺四")
    if top is None:
        return _explain_lead(sit, combo, hand)
    if top.steps and sit.table.dead:
        return _refuse(
            "does-not-beat",
            f"nothing beats the 叉 {top.cards} but a 点 (one card of its rank)",
            "4A4-DEAD-2",
        )
    if not beats_rule(top.combination, combo, sit.table):
        return _refuse(
            "does-not-beat",
            f"{cards} ({combo.name}) does not beat {top.cards} ({top.describe()})",
        )
    return None


@implements("4A4-TURN-8")
def may_lead(combo: Combination, hand_size: int, variant: Variant) -> bool:
    """Whether a leader holding ``hand_size`` cards may lead ``combo``, 4A4-TURN-8 (Leading a
    double straight): a double straight under ``lead_double_straight = "last_cards"`` only as
    the hand's last cards; anything else always."""
    return (
        combo.name is not DOUBLE_STRAIGHT
        or variant.lead_double_straight is LeadDoubleStraight.ANY
        or len(combo.cards) == hand_size
    )


def _explain_lead(sit: Situation, combo: Combination, hand: Cards) -> Illegal | None:
    if may_lead(combo, len(hand), sit.table.variant):
        return None
    return _refuse(
        "double-straight-not-last",
        f"{combo.cards} is a double straight, led only as the last cards of the hand "
        f"(switch lead_double_straight; {len(hand) - len(combo.cards)} card(s) would be left)",
    )


@implements("4A4-CHAIN-2", "4A4-CHAIN-3")
def _explain_chain(
    sit: Situation, kind: MoveKind, rc: list[int], top: Top | None
) -> Illegal | None:
    variant = sit.table.variant
    if not sit.table.chains:
        return _refuse("chains-off", "this variant has no 勾岔 chains (switch cha)")
    if top is None or top.base is None:
        return _refuse(
            "no-chain", "a chain starts only on a single (or a single straight) on top of the trick"
        )
    want = chain.next_steps(top, variant)
    if not want:
        return _refuse("chain-closed", "this chain takes no further step")
    due = chain.step_kind(top.steps)
    if not chain.steps_made(top, rc, variant):
        base = top.base
        c = rc[base.low]
        ranks = range(base.low, base.low + base.length)
        shaped = sum(rc) == c * base.length and all(rc[r] == c for r in ranks)
        wrong = 2 * base.width if kind is CHA else base.width
        if shaped and c == wrong:
            return _refuse("wrong-chain-step", f"the chain needs a {due} next, not a {kind}")
        names = " ".join(Rank(r).text for r in ranks)
        return _refuse(
            "not-a-chain-step", f"the next step needs exactly {want[0]} card(s) of each of {names}"
        )
    if kind is not due:
        return _refuse("wrong-chain-step", f"the chain needs a {due} next, not a {kind}")
    return None


def dead_cha_on(top: Top | None) -> bool:
    """Whether a 叉 stands on top, 4A4-DEAD-1 (叉 on a single) (``cha = "dead"`` only: there the
    top counts steps only after a 叉)."""
    return top is not None and top.steps == 1 and top.base is not None


@implements("4A4-DEAD-1", "4A4-DEAD-2")
def _explain_dead(kind: MoveKind, rc: list[int], top: Top | None) -> Illegal | None:
    """A 叉 (a cha: two cards of the single's rank on a single) or a 点 (a gou: one card of
    that rank on a 叉), by any seat holding cards, in turn or not."""
    if kind is CHA:
        if top is None or top.combination.name is not SINGLE or top.steps:
            return _refuse("no-single-to-cha", "a 叉 needs a single on top of the trick")
        r = top.combination.low
        if rc[r] != 2 or sum(rc) != 2:
            return _refuse(
                "not-a-cha", f"a 叉 is exactly two cards of the single's rank ({Rank(r).text})"
            )
        return None
    if top is None or not dead_cha_on(top):
        return _refuse("no-cha-to-dian", "a 点 needs a 叉 on top of the trick")
    assert top.base is not None
    r = top.base.low
    if rc[r] != 1 or sum(rc) != 1:
        return _refuse("not-a-dian", f"a 点 is exactly one card of the 叉's rank ({Rank(r).text})")
    return None


@implements("4A4-CAPTURE-1")
def _explain_capture(sit: Situation, rc: list[int], top: Top | None) -> Illegal | None:
    if not sit.table.captures:
        return _refuse("capture-off", "this variant has no capture (switch cha)")
    if top is None or top.combination.name is not SINGLE:
        return _refuse("no-single-to-capture", "a capture needs a single on top")
    r = top.combination.low
    if rc[r] != 2 or sum(rc) != 2:
        return _refuse(
            "not-a-capture",
            f"a capture is exactly two cards of the single's rank ({Rank(r).text})",
        )
    return None


@implements("4A4-CHI-1")
def _explain_chi(sit: Situation, seat: int, cards: Cards, top: Top | None) -> Illegal | None:
    if not sit.table.variant.chi:
        return _refuse("chi-off", "this variant has no 吃 (switch chi)")
    if top is None or top.combination.name is not SINGLE or top.steps:
        return _refuse("no-single-to-chi", "吃 needs a single on top")
    if seat != sit.turn or sit.passes:
        return _refuse(
            "chi-not-next-seat",
            "only the next seat after the single's player, in its turn, may 吃",
        )
    if chi_combination(sit.table, seat, cards, top) is None:
        return _refuse("not-a-chi", f"{cards} with {top.cards} is not a three-card straight")
    return None


def chi_combination(table: Table, seat: int, cards: Cards, top: Top) -> Combination | None:
    """The three-card straight a 吃 of ``cards`` onto the single on top makes, or ``None``,
    4A4-CHI-1 (Chi)."""
    if len(cards) != 2:
        return None
    both = top.cards + cards
    combo = classify_counts(both, rank_counts(both.counts), table, seat)
    if combo is None or combo.width != 1 or combo.length != 3:
        return None
    return combo


# ---------------------------------------------------------------------- reading a move
@implements("4A4-MOVES-2")
def parse_move(sit: Situation, text: MoveText | str) -> Move:
    """The move a case-file text names here, 4A4-MOVES-2 (Reading a move): a bare play onto an
    open chain that splits into chain steps is a cha/gou, two cards of a captured single's rank
    a capture, the next seat's two cards making a straight with a single a 吃."""
    text = move_text(text, decks=sit.table.variant.decks, verbs=Move.verbs())
    if text.verb is not None:
        return Move.from_text(text)
    top = sit.top
    cards = text.cards
    if top is not None and 0 <= text.seat < sit.players:
        rc = rank_counts(cards.counts)
        variant = sit.table.variant
        chained = _open_chain(sit, top)
        if chained is not None and chain.steps_made(chained, rc, variant):
            return Move(text.seat, chain.step_kind(chained.steps), cards)
        if sit.table.captures and _explain_capture(sit, rc, top) is None:
            return Move(text.seat, CAPTURE, cards)
        if sit.table.dead:
            for kind in (CHA, GOU):
                if _explain_dead(kind, rc, top) is None:
                    return Move(text.seat, kind, cards)
        if variant.chi and _explain_chi(sit, text.seat, cards, top) is None:
            return Move(text.seat, CHI, cards)
    return Move(text.seat, PLAY, cards)


# ---------------------------------------------------------------------- why a move is legal
def grounds(sit: Situation, move: Move) -> tuple[str, ...]:
    """The clauses a legal ``move`` rests on — what makes it allowed here (a judge cites them
    for a legal ruling as it cites the refusing clause for an illegal one). ``move`` must be
    legal in ``sit`` (``explain`` said ``None``)."""
    kind = move.kind
    top = sit.top
    if kind is PASS:
        return ("4A4-TURN-2",)
    if (kind is CHA or kind is GOU) and sit.table.dead:
        return ("4A4-DEAD-1",) if kind is CHA else ("4A4-DEAD-2",)
    if kind is CHA or kind is GOU:
        assert top is not None
        steps = chain.steps_made(top, rank_counts(move.cards.counts), sit.table.variant)
        first = "4A4-CHAIN-2" if kind is CHA else "4A4-CHAIN-3"
        several = ("4A4-CHAIN-8",) if steps > 1 else ()
        return (first, *several, "4A4-CHAIN-4")
    if kind is CAPTURE:
        return ("4A4-CAPTURE-1",)
    if kind is CHI:
        return ("4A4-CHI-1", "4A4-RANK-3")
    combo = classify_counts(move.cards, rank_counts(move.cards.counts), sit.table, move.seat)
    assert combo is not None
    what = COMBINATION_CLAUSES[combo.name]
    if top is None:
        last = combo.name is DOUBLE_STRAIGHT and (
            sit.table.variant.lead_double_straight is LeadDoubleStraight.LAST_CARDS
        )
        return ("4A4-TURN-1", what, *(("4A4-TURN-8",) if last else ()))
    rule = beats_rule(top.combination, combo, sit.table)
    level = sit.table.level
    promoted = (
        rule in ("4A4-BEAT-1", "4A4-BEAT-4")
        and level is not None
        and level in (combo.low, top.combination.low)
        and (sit.table.promotes(move.seat) or sit.table.promotes(top.seat))
    )
    return ("4A4-TURN-2", what, rule, *(("4A4-RANK-2",) if promoted else ()))
