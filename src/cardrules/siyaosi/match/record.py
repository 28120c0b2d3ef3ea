"""The record of a 四幺四 match's round — the facts a round began with and their JSON — and the
result of a won match, 4A4-MATCH-3 (Match positions and records).

A match (:mod:`cardrules.siyaosi.match.state`) keeps, for its current round, the levels, ruling
team and score it began with, the previous round's finishing order, the hands as dealt and (for
a round begun at a position) how it opened; :func:`~cardrules.siyaosi.match.check.check_facts`
refuses what no match could have begun a round with. The moves of the round are checked by
replaying them.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from cardrules.cards import Rank
from cardrules.deck import deal as deal_cards
from cardrules.jsonio import JSON, JSONObject, Reader, document, open_document
from cardrules.multiset import Cards
from cardrules.rng import derive_seed
from cardrules.siyaosi.bounds import MAX_ROUNDS, score_bound
from cardrules.siyaosi.moves import Move
from cardrules.siyaosi.result import RoundResult
from cardrules.siyaosi.state import deal_sizes, first_leader
from cardrules.siyaosi.variant import FirstRuling, Variant
from cardrules.siyaosi.view import read_trick

__all__ = [
    "MAX_ROUNDS",
    "SEEDS",
    "MatchResult",
    "Opening",
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
