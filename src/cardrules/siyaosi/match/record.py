"""The record of a 四幺四 match's round — the facts a round began with, checked, and their JSON
— and the result of a won match, 4A4-MATCH-3 (Match positions and records).

A match (:mod:`cardrules.siyaosi.match.state`) keeps, for its current round, the levels, ruling team
and score it began with, the previous round's finishing order, the hands as dealt and (for a
round begun at a position) how it opened; :func:`check_facts` refuses what no match could have
begun a round with. The moves of the round are checked by replaying them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import attrs

from cardrules.cards import Rank
from cardrules.deck import deal as deal_cards
from cardrules.errors import CardrulesError, PositionError
from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document
from cardrules.limits import quote
from cardrules.multiset import Cards
from cardrules.rng import derive_seed
from cardrules.siyaosi.bounds import MAX_ROUNDS, score_bound
from cardrules.siyaosi.levels import TOP
from cardrules.siyaosi.moves import Move
from cardrules.siyaosi.order import Table
from cardrules.siyaosi.result import RoundResult, round_result
from cardrules.siyaosi.state import deal_sizes, first_leader
from cardrules.siyaosi.variant import FirstRuling, Variant, Victory
from cardrules.siyaosi.view import read_trick

if TYPE_CHECKING:
    from cardrules.siyaosi.match.state import Match

__all__ = [
    "MAX_ROUNDS",
    "SEEDS",
    "MatchResult",
    "Opening",
    "check_facts",
    "dealt",
    "first_ruling",
    "read_levels",
    "read_moves",
    "read_opening",
    "read_score",
]

#: Match seeds are 64-bit unsigned integers, like deal seeds.
SEEDS = 2**64
#: The most moves a round's record may hold: a move plays a card or passes, and a trick has at
#: most one pass per seat per play, so even eight players with every card of four decks
#: (216 cards) stay far below it.
MAX_ROUND_MOVES = 5_000


@attrs.frozen
class Opening:
    """How a round begun at a play-phase position opened: its leader and the seats already out.
    A dealt round needs none: its leader follows from the rules."""

    leader: int
    out: tuple[int, ...] = ()


@attrs.frozen(kw_only=True)
class MatchResult:
    """A won match: the ``winner`` team, the number of ``rounds`` played, the final ``levels``
    and ``score``, and the ``last`` round's result."""

    winner: int
    rounds: int
    levels: tuple[Rank, Rank]
    score: tuple[int, int]
    last: RoundResult

    def body(self) -> JSONObject:
        """The fields, without the document envelope (inside a match document)."""
        return {
            "winner": self.winner,
            "rounds": self.rounds,
            "levels": [r.text for r in self.levels],
            "score": list(self.score),
            "last": self.last.body(),
        }

    def to_json(self) -> JSONObject:
        """The result as a JSON document (``type = "match-result"``, schema
        ``siyaosi.match-result``)."""
        return document("siyaosi", "match-result", self.body())

    @classmethod
    def from_json(
        cls, data: Mapping[str, JSON] | str | bytes, variant: Variant | None = None
    ) -> MatchResult:
        """Read what :meth:`to_json` wrote; the last round's derived fields must agree, and the
        score be one the rounds can have made at ``variant``'s table (any table, for
        ``None``)."""
        reader = open_document(data, "siyaosi", "match-result")
        result = cls.read(reader, variant)
        reader.done()
        return result

    @classmethod
    def read(cls, reader: Reader, variant: Variant | None = None) -> MatchResult:
        """The fields :meth:`body` wrote (inside a document, or a document's own)."""
        last = reader.sub("last")
        players = None if variant is None else variant.players
        rounds = reader.integer("rounds", 1, MAX_ROUNDS)
        result = cls(
            winner=reader.integer("winner", 0, 1),
            rounds=rounds,
            levels=read_levels(reader, "levels"),
            score=read_score(reader, "score", variant, rounds),
            last=RoundResult.read(last, players),
        )
        last.done()
        return result


def dealt(variant: Variant, seed: int, number: int) -> tuple[Cards, ...]:
    """The hands of round ``number`` of the match of ``seed``, dealt from
    ``derive_seed(seed, number)``, 4A4-MATCH-1 (A match)."""
    hands, _ = deal_cards(variant.decks, derive_seed(seed, number), deal_sizes(variant))
    return tuple(hands)


def first_ruling(variant: Variant, hands: tuple[Cards, ...]) -> int | None:
    """The team that rules a dealt first round: the first leader's with ``first_ruling =
    "leader"``, else nobody, 4A4-TABLE-4 (Who leads the first trick)."""
    if variant.first_ruling is FirstRuling.LEADER:
        return first_leader(variant, hands) % 2
    return None


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


# ---------------------------------------------------------------------- reading
def read_levels(reader: Reader, key: str) -> tuple[Rank, Rank]:
    """Field ``key`` of ``reader``: one level rank per team."""
    items = reader.items(key, 2)
    if len(items) != 2:
        raise reader.bad(key, len(items), "one level per team")
    first, second = (reader.rank_value(path, value) for path, value in items)
    return first, second


def read_score(
    reader: Reader, key: str, variant: Variant | None = None, rounds: int = 0
) -> tuple[int, int]:
    """The teams' match score after ``rounds`` settled rounds, each within what they can have
    scored at ``variant``'s table (:func:`~cardrules.siyaosi.bounds.score_bound`: nothing at a
    table without a scoring table; for ``None``, ±:data:`~cardrules.siyaosi.bounds.MAX_SCORE`)."""
    most = score_bound(variant, rounds)
    first, second = reader.ints(key, 2, -most, most)
    return first, second


def read_moves(reader: Reader, key: str, decks: int) -> tuple[Move, ...]:
    """A round's moves as fragments (``{"seat", "kind", "cards"}``), at most
    :data:`MAX_ROUND_MOVES`."""
    return read_trick(reader, decks, key, MAX_ROUND_MOVES)


def read_opening(reader: Reader, players: int) -> Opening | None:
    """The ``opening`` field of ``reader`` (``null``: the round was dealt) for a table of
    ``players``."""
    if reader.raw("opening") is None:
        return None
    sub = reader.sub("opening")
    opening = Opening(sub.integer("leader", 0, players - 1), sub.ints("out", None, 0, players - 1))
    sub.done()
    return opening
