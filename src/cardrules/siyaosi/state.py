"""The 四幺四 play phase: an immutable :class:`State`, its :class:`Move` values, per-seat
:class:`View` and the :class:`RoundResult` of a finished round.

Legality is written once, in :meth:`State.explain`; :meth:`State.is_legal`, :meth:`State.apply`
and :meth:`State.legal_moves` derive from it (the generator in :mod:`cardrules.siyaosi.movegen`
proposes candidates and keeps only those ``explain`` accepts).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Mapping
from typing import Any

import attrs

from cardrules.cards import Card, Rank, Suit
from cardrules.deck import deal
from cardrules.errors import CardrulesError, Illegal, IllegalMoveError, NotationError, PositionError
from cardrules.jsonio import converter, json_table, reading, structure
from cardrules.legal import LegalMoves
from cardrules.multiset import Cards
from cardrules.notation import MoveText, parse_move_text
from cardrules.position import Position
from cardrules.siyaosi.combos import (
    Combination,
    Table,
    beats,
    classify_counts,
    rank_counts,
    run_name,
)
from cardrules.siyaosi.variant import Variant
from cardrules.variant import load_variant

__all__ = [
    "KINDS",
    "Move",
    "Played",
    "RoundResult",
    "State",
    "Top",
    "View",
    "random_move",
    "round_result",
]

#: Move kinds. A multi-step chain play (Y-CHAIN-7) is named after its first step.
KINDS = ("pass", "play", "chi", "cha", "gou", "capture")
KIND_ORDER = {k: i for i, k in enumerate(KINDS)}
_EMPTY = Cards()


def _check_move(inst: Move, _a: object, _v: object) -> None:
    if inst.kind not in KINDS:
        raise NotationError(f"unknown move kind {inst.kind!r}; use one of {', '.join(KINDS)}")
    if (inst.kind == "pass") == bool(inst.cards):
        raise NotationError("a pass names no cards; every other move names cards")


@attrs.frozen(order=False)
class Move:
    """One move by one seat: ``kind`` is play, pass, cha, gou, chi or capture.

    ``str(move)`` is the case-file notation (``"2: 8S 8D"``, ``"1: pass"``, ``"0: cha 8S 8D"``)
    and :meth:`parse` reads it back.
    """

    seat: int
    kind: str = attrs.field(default="play", validator=_check_move)
    cards: Cards = _EMPTY

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``"SEAT: CARDS"`` (a play), ``"SEAT: pass"`` or ``"SEAT: VERB CARDS"``."""
        return cls.from_text(parse_move_text(text))

    @classmethod
    def from_text(cls, text: MoveText) -> Move:
        return cls(text.seat, text.verb or "play", text.cards)

    def __str__(self) -> str:
        if self.kind == "pass":
            return f"{self.seat}: pass"
        if self.kind == "play":
            return f"{self.seat}: {self.cards}"
        return f"{self.seat}: {self.kind} {self.cards}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "kind": self.kind, "cards": str(self.cards)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Move:
        """Read what :meth:`to_json` wrote (a mapping, or its JSON text)."""
        table = json_table(data, "四幺四 move")
        with reading("四幺四 move"):
            return cls(int(table["seat"]), str(table["kind"]), Cards.parse(str(table["cards"])))


@attrs.frozen
class Played:
    """One entry of the trick so far: who did what with which cards."""

    seat: int
    kind: str
    cards: Cards


@attrs.frozen
class Top:
    """What stands on top of the trick.

    ``combination`` is the effective combination (a chain counts every card played into it,
    4A4-CHAIN-4); ``seat`` made the latest play or chain step; ``base`` is the chain's base while
    chain steps may still follow (``None`` otherwise), played by ``base_seat``; ``steps`` counts
    the chain steps made so far.
    """

    seat: int
    combination: Combination
    base: Combination | None = None
    base_seat: int = 0
    steps: int = 0

    @property
    def cards(self) -> Cards:
        return self.combination.cards

    def describe(self) -> str:
        """The top's kind as a player would say it: a chain is named as a chain, not by the
        internal name of its effective combination."""
        combo = self.combination
        if self.steps and combo.length > 1:
            return f"straight chain, {combo.width} per rank"
        if self.steps:
            return f"chain, effective bomb of {combo.width}"
        return combo.name


@attrs.frozen
class RoundResult:
    """How a round ended (4A4-ROUND-1 … 4A4-ROUND-3), as data for the match rules.

    ``finish``: seats in the order they went out; ``remaining``: seats still holding cards (seat
    order); ``emperor``: the first out; ``caught``: opponents of the emperor still holding cards
    when the emperor's team finished first; ``outcome``: for four players with a ruling team,
    ``"sweep"`` (全洞), ``"reverse-sweep"`` (反洞) or ``"split"`` (平洞), else ``None``;
    ``next_ruling``: the team that rules the next round (the emperor's).
    """

    finish: tuple[int, ...]
    remaining: tuple[int, ...]
    emperor: int
    caught: tuple[int, ...]
    outcome: str | None
    next_ruling: int

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = converter.unstructure(self)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RoundResult:
        return converter.structure(dict(data), cls)


def round_result(players: int, finish: tuple[int, ...], ruling: int | None) -> RoundResult:
    """The result of a round that ended with ``finish`` (seats out in order).

    Raises :class:`~cardrules.errors.CardrulesError` if no team is all out yet.
    """
    if len(set(finish)) != len(finish) or any(not 0 <= s < players for s in finish):
        raise CardrulesError(f"finish must list distinct seats 0..{players - 1}, got {finish}")
    done = [all(s in finish for s in range(team, players, 2)) for team in (0, 1)]
    if not any(done) or not finish:
        raise CardrulesError(f"no team is all out after {list(finish)}: the round is not over")
    emperor = finish[0]
    team = emperor % 2
    remaining = tuple(s for s in range(players) if s not in finish)
    caught = tuple(s for s in remaining if s % 2 != team) if done[team] else ()
    outcome: str | None = None
    if players == 4 and ruling is not None:
        order = finish + remaining
        first, second = order[0] % 2, order[1] % 2
        if first == second == ruling:
            outcome = "sweep"
        elif first == second:
            outcome = "reverse-sweep"
        else:
            outcome = "split"
    return RoundResult(finish, remaining, emperor, caught, outcome, team)


@attrs.frozen
class View:
    """What one seat may know (4A4-VIEW-1): its own hand, everyone's card count and the
    announcements, the trick so far, the top, levels, turn, and who is out."""

    seat: int
    variant: Variant
    levels: tuple[Rank, Rank]
    ruling: int | None
    hand: Cards
    hand_sizes: tuple[int, ...]
    announced: tuple[int, ...]
    trick: tuple[Played, ...]
    top: Top | None
    leader: int
    turn: int
    passes: int
    out: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = converter.unstructure(self)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> View:
        """Read what :meth:`to_json` wrote (a mapping, or its JSON text)."""
        return structure(data, cls, "四幺四 view")


def _deal_sizes(variant: Variant) -> list[int]:
    total = variant.decks * 54
    n = variant.players
    return [total // n + (1 if i < total % n else 0) for i in range(n)]


def _illegal(code: str, clause: str, message: str) -> Illegal:
    return Illegal(code, clause, message)


@attrs.frozen
class State:
    """The play phase of one round. Immutable: :meth:`apply` returns the next state.

    ``turn`` is the seat whose normal turn it is (out-of-turn chain steps and captures are open
    to every seat holding cards), ``leader`` the seat that led the current trick (or leads the
    next one while the trick is empty), ``passes`` the passes in a row since the last play.
    """

    table: Table
    hands: tuple[Cards, ...]
    leader: int
    turn: int
    top: Top | None = None
    passes: int = 0
    out: tuple[int, ...] = ()
    trick: tuple[Played, ...] = ()
    _moves: list[Move] | None = attrs.field(default=None, init=False, eq=False, repr=False)
    _over: bool | None = attrs.field(default=None, init=False, eq=False, repr=False)

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(
        cls,
        variant: Variant | str = "classic",
        *,
        seed: int,
        levels: tuple[Rank, Rank] | None = None,
        ruling: int | None = None,
        leader: int | None = None,
    ) -> State:
        """A freshly dealt round (4A4-TABLE-3, 4A4-TABLE-4)."""
        v = _variant(variant)
        if leader is not None and not 0 <= leader < v.players:
            raise CardrulesError(f"leader must be a seat 0..{v.players - 1}, got {leader}")
        if ruling not in (None, 0, 1):
            raise CardrulesError(f"ruling must be team 0, team 1 or None, got {ruling}")
        hands, _ = deal(v.decks, seed, _deal_sizes(v))
        if leader is None:
            leader = 0
            if v.first_leader == "heart-three":
                three = Card(Rank.THREE, Suit.HEARTS)
                leader = next(s for s, h in enumerate(hands) if h.count(three))
                if ruling is None:
                    ruling = leader % 2
        if levels is None:
            start = Rank.parse(v.start_level)
            levels = (start, start)
        return cls(Table(v, levels, ruling), tuple(hands), leader, leader)

    @classmethod
    def from_position(cls, position: Position) -> State:
        """The state a case's ``[position]`` describes (the start of a trick)."""
        if position.game != "siyaosi":
            raise PositionError("this is the 四幺四 engine", key="game")
        position.refuse("trump", "banker", "kitty", "points")
        if position.phase != "play":
            raise PositionError(
                f"only the play phase is played so far, not {position.phase!r}", key="phase"
            )
        position.require("hands")
        variant = position.variant
        assert isinstance(variant, Variant)
        start = Rank.parse(variant.start_level)
        levels = position.levels or (start, start)
        hands = position.hands
        out = tuple(position.out) + tuple(
            s for s, h in enumerate(hands) if not h and s not in position.out
        )
        state = cls(Table(variant, (levels[0], levels[1]), position.ruling), hands, 0, 0, out=out)
        if position.leader is None:
            if state.is_over:
                return state
            raise PositionError("who leads the next trick?", key="leader")
        if not hands[position.leader]:
            raise PositionError(f"seat {position.leader} holds no cards", key="leader")
        return attrs.evolve(state, leader=position.leader, turn=position.leader)

    # ------------------------------------------------------------------ basic queries
    @property
    def variant(self) -> Variant:
        return self.table.variant

    @property
    def levels(self) -> tuple[Rank, Rank]:
        return self.table.levels

    @property
    def ruling(self) -> int | None:
        return self.table.ruling

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """The round ends as soon as one team has all its players out (4A4-ROUND-1)."""
        over = self._over
        if over is None:
            out = self.out
            team0 = sum(1 for s in out if not s & 1)
            half = len(self.hands) // 2
            over = team0 == half or len(out) - team0 == half
            object.__setattr__(self, "_over", over)
        return over

    def result(self) -> RoundResult:
        if not self.is_over:
            raise CardrulesError("the round is not over yet")
        return round_result(self.players, self.out, self.ruling)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(h) for h in self.hands)

    def announced(self) -> tuple[int, ...]:
        """Seats that must announce their card count (报片, 4A4-TURN-6)."""
        limit = self.variant.announce_at
        return tuple(s for s, h in enumerate(self.hands) if 0 < len(h) <= limit)

    def next_active(self, seat: int) -> int:
        """The next seat after ``seat`` in playing order that still holds cards."""
        return _next_active(len(self.hands), self.out, seat)

    def _relay(self, seat: int, out: tuple[int, ...]) -> int:
        """Who leads after ``seat`` won a trick: ``seat`` itself while it holds cards, else the
        next seat in order on its team that does (接风, 4A4-TURN-4)."""
        if seat not in out:
            return seat
        n = len(self.hands)
        for i in range(1, n):
            s = (seat + i) % n
            if s % 2 == seat % 2 and s not in out:
                return s
        return seat

    def chain_open(self) -> bool:
        top = self.top
        return top is not None and top.base is not None and self._next_steps(top) != ()

    def _next_steps(self, top: Top) -> tuple[int, ...]:
        """Cards per rank that complete one, two, three … further chain steps (4A4-CHAIN-8)."""
        assert top.base is not None
        b = top.base.width
        gou = self.variant.gou
        out = []
        total = 0
        for i in range(top.steps, top.steps + 16):
            if i >= 1 and not gou:
                break
            total += 2 * b if i % 2 == 0 else b
            out.append(total)
            if total >= self.variant.decks * 4:
                break
        return tuple(out)

    def _chain_fit(self, top: Top, rc: list[int]) -> int:
        """How many chain steps cards with rank counts ``rc`` make on ``top`` (0: none)."""
        base = top.base
        if base is None:
            return 0
        ranks = range(base.low, base.low + base.length)
        c = rc[base.low]
        if c == 0:
            return 0
        total = 0
        for r in range(2, 17):
            n = rc[r]
            if n:
                if r not in ranks or n != c:
                    return 0
                total += n
        if total != c * base.length:
            return 0
        steps = self._next_steps(top)
        return steps.index(c) + 1 if c in steps else 0

    def step_kind(self, top: Top | None = None) -> str:
        """The name of the next chain step: ``"cha"`` after the base, ``"gou"`` after a cha."""
        top = top or self.top
        return "cha" if top is None or top.steps % 2 == 0 else "gou"

    # ------------------------------------------------------------------ legality
    def explain(self, move: Move) -> Illegal | None:
        """Why ``move`` is illegal here, or ``None`` if it is legal."""
        seat = move.seat
        n = len(self.hands)
        if not 0 <= seat < n:
            return _illegal("no-such-seat", "4A4-TABLE-2", f"there is no seat {seat} at this table")
        if self.is_over:
            return _illegal("round-over", "4A4-ROUND-1", "the round is over")
        hand = self.hands[seat]
        if seat in self.out:
            return _illegal("seat-out", "4A4-TURN-5", f"seat {seat} is out and plays no more")
        kind = move.kind
        top = self.top
        if kind == "pass":
            if seat != self.turn:
                return self._not_turn(seat)
            if top is None:
                return _illegal("leader-must-play", "4A4-TURN-1", "the leader must play, not pass")
            return None
        cards = move.cards
        if not all(map(operator.le, cards.counts, hand.counts)):
            missing = Cards(
                tuple(max(0, a - b) for a, b in zip(cards.counts, hand.counts, strict=True))
            )
            return _illegal("not-in-hand", "4A4-TURN-7", f"seat {seat} does not hold {missing}")
        rc = rank_counts(cards.counts)
        if kind == "play":
            return self._explain_play(seat, cards, rc, top)
        if kind in ("cha", "gou"):
            return self._explain_chain(kind, rc, top)
        if kind == "capture":
            return self._explain_capture(rc, top)
        return self._explain_chi(seat, cards, top)

    def _not_turn(self, seat: int) -> Illegal:
        return _illegal(
            "not-your-turn",
            "4A4-TURN-1",
            f"it is seat {self.turn}'s turn, not seat {seat}'s "
            "(only a cha, gou or capture may be played out of turn)",
        )

    def _explain_play(
        self, seat: int, cards: Cards, rc: list[int], top: Top | None
    ) -> Illegal | None:
        # A play that splits into chain steps is those steps, in or out of turn (4A4-CHAIN-8).
        if (
            top is not None
            and top.base is not None
            and self.variant.cha == "chain"
            and self._chain_fit(top, rc)
        ):
            return _illegal(
                "chain-step-not-play",
                "4A4-CHAIN-8",
                f"{cards} continues the chain on top; it is played as a "
                f"{self.step_kind(top)}, not as a new combination",
            )
        if seat != self.turn:
            return self._not_turn(seat)
        combo = classify_counts(cards, rc, self.table, seat)
        if combo is None:
            return _illegal(
                "not-a-combination", "4A4-COMBO-1", f"{cards} is not a combination of 四幺四"
            )
        if top is None:
            return None
        if not beats(top.combination, combo, self.variant):
            return _illegal(
                "does-not-beat",
                "4A4-TURN-2",
                f"{cards} ({combo.name}) does not beat {top.cards} ({top.describe()})",
            )
        return None

    def _explain_chain(self, kind: str, rc: list[int], top: Top | None) -> Illegal | None:
        if self.variant.cha != "chain":
            return _illegal(
                "chains-off", "4A4-CHAIN-1", "this variant has no 勾岔 chains (switch cha)"
            )
        if top is None or top.base is None:
            return _illegal(
                "no-chain",
                "4A4-CHAIN-1",
                "a chain starts only on a single (or a single straight) on top of the trick",
            )
        want = self._next_steps(top)
        if not want:
            return _illegal("chain-closed", "4A4-CHAIN-11", "this chain takes no further step")
        steps = self._chain_fit(top, rc)
        if not steps:
            b = top.base.width
            c = rc[top.base.low]
            ranks = range(top.base.low, top.base.low + top.base.length)
            shaped = sum(rc) == c * top.base.length and all(rc[r] == c for r in ranks)
            if shaped and c == (2 * b if kind == "cha" else b):
                return _illegal(
                    "wrong-chain-step",
                    "4A4-CHAIN-3",
                    f"the chain needs a {self.step_kind(top)} next, not a {kind}",
                )
            names = " ".join(Rank(r).text for r in ranks)
            return _illegal(
                "not-a-chain-step",
                "4A4-CHAIN-2",
                f"the next step needs exactly {want[0]} card(s) of each of {names}",
            )
        if kind != self.step_kind(top):
            return _illegal(
                "wrong-chain-step",
                "4A4-CHAIN-3",
                f"the chain needs a {self.step_kind(top)} next, not a {kind}",
            )
        return None

    def _explain_capture(self, rc: list[int], top: Top | None) -> Illegal | None:
        if self.variant.cha != "capture":
            return _illegal(
                "capture-off", "4A4-CAPTURE-1", "this variant has no capture (switch cha)"
            )
        if top is None or top.combination.name != "single":
            return _illegal(
                "no-single-to-capture", "4A4-CAPTURE-1", "a capture needs a single on top"
            )
        r = top.combination.low
        if rc[r] != 2 or sum(rc) != 2:
            return _illegal(
                "not-a-capture",
                "4A4-CAPTURE-1",
                f"a capture is exactly two cards of the single's rank ({Rank(r).text})",
            )
        return None

    def _explain_chi(self, seat: int, cards: Cards, top: Top | None) -> Illegal | None:
        if not self.variant.chi:
            return _illegal("chi-off", "4A4-CHI-1", "this variant has no 吃 (switch chi)")
        if top is None or top.combination.name != "single" or top.steps:
            return _illegal("no-single-to-chi", "4A4-CHI-1", "吃 needs a single on top")
        if seat != self.turn or self.passes:
            return _illegal(
                "chi-not-next-seat",
                "4A4-CHI-1",
                "only the next seat after the single's player, in its turn, may 吃",
            )
        combo = self._chi_combination(seat, cards, top)
        if combo is None:
            return _illegal(
                "not-a-chi",
                "4A4-CHI-1",
                f"{cards} with {top.cards} is not a three-card straight",
            )
        return None

    def _chi_combination(self, seat: int, cards: Cards, top: Top) -> Combination | None:
        if len(cards) != 2:
            return None
        both = top.cards + cards
        combo = classify_counts(both, rank_counts(both.counts), self.table, seat)
        if combo is None or combo.width != 1 or combo.length != 3:
            return None
        return combo

    def is_legal(self, move: Move) -> bool:
        return self.explain(move) is None

    # ------------------------------------------------------------------ moves
    def legal_moves(self) -> LegalMoves[Move]:
        """Every legal move of every seat that may act now, in a stable sorted order.

        Where several concrete card choices have the same effect, one canonical choice is listed
        (4A4-MOVES-1); :meth:`explain` and :meth:`apply` accept every choice.
        """
        return LegalMoves(lambda: iter(self._listed()), self.explain, Move)

    def _listed(self) -> list[Move]:
        moves = self._moves
        if moves is None:
            from cardrules.siyaosi.movegen import generate

            moves = generate(self)
            object.__setattr__(self, "_moves", moves)
        return moves

    def random_move(self, rng: random.Random) -> Move:
        """A legal move drawn uniformly from :meth:`legal_moves` (for simulations and the demo)."""
        moves = self._listed()
        if not moves:
            raise IllegalMoveError(_illegal("round-over", "4A4-ROUND-1", "the round is over"))
        return moves[rng.randrange(len(moves))]

    def parse_move(self, text: MoveText | str) -> Move:
        """The move a case-file text names here: a bare play onto an open chain that splits
        into chain steps is a cha/gou, two cards of a captured single's rank a capture, the next
        seat's two cards making a straight with a single a 吃 (4A4-MOVES-2)."""
        if isinstance(text, str):
            text = parse_move_text(text)
        if text.verb is not None:
            if text.verb not in KINDS:
                raise NotationError(f"unknown verb {text.verb!r}; use one of {', '.join(KINDS)}")
            return Move(text.seat, text.verb, text.cards)
        top = self.top
        cards = text.cards
        if top is not None and 0 <= text.seat < len(self.hands):
            rc = rank_counts(cards.counts)
            v = self.variant
            if v.cha == "chain" and top.base is not None and self._chain_fit(top, rc):
                return Move(text.seat, self.step_kind(top), cards)
            if v.cha == "capture" and self._explain_capture(rc, top) is None:
                return Move(text.seat, "capture", cards)
            if v.chi and self._explain_chi(text.seat, cards, top) is None:
                return Move(text.seat, "chi", cards)
        return Move(text.seat, "play", cards)

    def apply(self, move: Move) -> State:
        """The state after ``move``; raises :class:`IllegalMoveError` if it is illegal."""
        reason = self.explain(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return self._apply(move)

    def _apply(self, move: Move) -> State:
        seat = move.seat
        top = self.top
        if move.kind == "pass":
            assert top is not None
            passes = self.passes + 1
            hands = self.hands
            others = len(hands) - len(self.out) - (0 if top.seat in self.out else 1)
            if passes >= others:
                leader = self._relay(top.seat, self.out)
                return State(self.table, hands, leader, leader, None, 0, self.out, ())
            return State(
                self.table,
                hands,
                self.leader,
                self.next_active(self.turn),
                top,
                passes,
                self.out,
                (*self.trick, Played(seat, "pass", _EMPTY)),
            )
        cards = move.cards
        hand = Cards.unchecked(tuple(map(operator.sub, self.hands[seat].counts, cards.counts)))
        hands = (*self.hands[:seat], hand, *self.hands[seat + 1 :])
        out = self.out if hand else (*self.out, seat)
        trick = (*self.trick, Played(seat, move.kind, cards))
        table = self.table
        if move.kind == "capture":
            leader = self._relay(seat, out)
            return State(table, hands, leader, leader, None, 0, out, ())
        if move.kind in ("cha", "gou"):
            assert top is not None and top.base is not None
            rc = rank_counts(cards.counts)
            steps = top.steps + self._chain_fit(top, rc)
            new_top = Top(seat, self._effective(top, cards, steps), top.base, top.base_seat, steps)
        else:
            if move.kind == "chi":
                assert top is not None
                combo = self._chi_combination(seat, cards, top)
            else:
                combo = classify_counts(cards, rank_counts(cards.counts), table, seat)
            assert combo is not None
            new_top = Top(seat, combo, combo if self._chainable(combo) else None, seat, 0)
        turn = _next_active(len(hands), out, seat)
        return State(table, hands, self.leader, turn, new_top, 0, out, trick)

    def _chainable(self, combo: Combination) -> bool:
        v = self.variant
        if v.cha != "chain":
            return False
        if combo.width == 1:
            return combo.name in ("single", "straight", "flush-straight")
        return v.double_cha and combo.name in ("pair", "double-straight")

    def _effective(self, top: Top, cards: Cards, steps: int) -> Combination:
        base = top.base
        assert base is not None
        b = base.width
        k = b + sum(2 * b if i % 2 == 0 else b for i in range(steps))
        every = top.cards + cards
        if base.length == 1:
            name = "bomb" if k >= 3 else "pair"
            return Combination(name, every, k, 1, base.low, base.strength)
        return Combination(run_name(k, False), every, k, base.length, base.low, base.low)

    # ------------------------------------------------------------------ views and JSON
    def view(self, seat: int) -> View:
        """What ``seat`` may know (4A4-VIEW-1)."""
        if not 0 <= seat < len(self.hands):
            raise CardrulesError(f"there is no seat {seat} at this table")
        return View(
            seat,
            self.variant,
            self.levels,
            self.ruling,
            self.hands[seat],
            self.hand_sizes,
            self.announced(),
            self.trick,
            self.top,
            self.leader,
            self.turn,
            self.passes,
            self.out,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant.to_table(),
            "levels": [r.text for r in self.levels],
            "ruling": self.ruling,
            "hands": [str(h) for h in self.hands],
            "leader": self.leader,
            "turn": self.turn,
            "top": None if self.top is None else converter.unstructure(self.top),
            "passes": self.passes,
            "out": list(self.out),
            "trick": [converter.unstructure(p) for p in self.trick],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> State:
        """Read what :meth:`to_json` wrote (a mapping, or its JSON text)."""
        data = json_table(data, "四幺四 state")
        with reading("四幺四 state"):
            variant = converter.structure(data["variant"], Variant)
            levels = tuple(Rank.parse(r) for r in data["levels"])
            table = Table(variant, (levels[0], levels[1]), data["ruling"])
            return cls(
                table,
                tuple(Cards.parse(h) for h in data["hands"]),
                int(data["leader"]),
                int(data["turn"]),
                None if data["top"] is None else converter.structure(data["top"], Top),
                int(data["passes"]),
                tuple(int(s) for s in data["out"]),
                tuple(converter.structure(p, Played) for p in data["trick"]),
            )


def _next_active(n: int, out: tuple[int, ...], seat: int) -> int:
    for i in range(1, n + 1):
        s = (seat + i) % n
        if s not in out:
            return s
    return seat


def _variant(variant: Variant | str) -> Variant:
    if isinstance(variant, Variant):
        return variant
    loaded = load_variant(variant, game="siyaosi")
    assert isinstance(loaded, Variant)
    return loaded


def random_move(state: State, rng: random.Random) -> Move:
    """A random legal move of ``state`` (see :meth:`State.random_move`)."""
    return state.random_move(rng)
